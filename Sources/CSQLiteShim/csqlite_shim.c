#include "csqlite_shim.h"

#include <sqlite3.h>

int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

int csqlite_statement_recompilations(struct sqlite3_stmt *statement) {
    return sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_REPREPARE, 0);
}
