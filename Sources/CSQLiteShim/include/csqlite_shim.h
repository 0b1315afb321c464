// Process-wide SQLite settings that only sqlite3_config sets. sqlite3_config is variadic, which
// Swift cannot call, so each setting gets a typed wrapper here.
// Thread rule: call before the process opens its first SQLite connection (sqlite3_config is not
// thread-safe and fails with SQLITE_MISUSE once SQLite has initialised).
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

/// Turns off SQLite's memory statistics (SQLITE_CONFIG_MEMSTATUS). With them on, every allocation
/// and free inside SQLite takes one process-wide mutex to update the counters, so connections used
/// at the same time on different threads queue on it. Returns SQLite's result code (0 = SQLITE_OK).
int csqlite_disable_memory_statistics(void);

struct sqlite3_stmt;

/// How many times SQLite has compiled `statement` again since it was prepared
/// (SQLITE_STMTSTATUS_REPREPARE): after a schema change, or because a bound value may change the
/// plan (a LIKE pattern given as a parameter). For tests that pin a hot statement as compiled once.
/// Thread rule: the statement's connection's (call where the statement is used).
int csqlite_statement_recompilations(struct sqlite3_stmt *statement);

#endif
