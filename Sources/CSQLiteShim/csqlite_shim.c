#include "csqlite_shim.h"

#include <sqlite3.h>

int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
