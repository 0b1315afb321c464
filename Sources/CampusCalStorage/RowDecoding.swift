import GRDB

/// Rows decoded while SQLite steps through them, instead of copied first and decoded after.
///
/// Why: `Row.fetchAll` and `Row.fetchOne` copy each row, and a copied row finds a column by name
/// by lowercasing every column name before it (GRDB's `StatementCopyRowImpl.index(forColumn:)`):
/// decoding a 26-column task by name took hundreds of `lowercased()` calls, one of the larger
/// costs of the task and event views at the campus peak (issue #11). A cursor's row finds names
/// in a dictionary built once per statement and reads values straight from the statement.
///
/// The `Row` handed to `decode` is the cursor's, reused for the next row: valid only during the
/// call, so `decode` must not keep it or run another query on the same statement.
extension Statement {
    /// Every row the statement returns, decoded; rows `decode` maps to nil are left out.
    func decodeAll<T>(arguments: StatementArguments = StatementArguments(), _ decode: (Row) throws -> T?) throws -> [T] {
        let cursor = try Row.fetchCursor(self, arguments: arguments)
        var values: [T] = []
        while let row = try cursor.next() {
            if let value = try decode(row) { values.append(value) }
        }
        return values
    }

    /// The first row the statement returns, decoded; nil when there is none (or `decode` says nil).
    func decodeFirst<T>(arguments: StatementArguments = StatementArguments(), _ decode: (Row) throws -> T?) throws -> T? {
        // The cursor must outlive `decode`: once it is released it resets the statement, and its
        // row then reads NULL in every column.
        let cursor = try Row.fetchCursor(self, arguments: arguments)
        guard let row = try cursor.next() else { return nil }
        return try withExtendedLifetime(cursor) { try decode(row) }
    }
}
