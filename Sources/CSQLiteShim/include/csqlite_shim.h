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

#endif
