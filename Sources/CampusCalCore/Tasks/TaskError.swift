/// What can go wrong with tasks, in the domain's words.
public enum TaskError: Error, Sendable, Equatable {
    /// No task with this id that the caller may see (or it belongs to someone else).
    case notFound
    /// The task changed since the caller read it (`If-Match` failed).
    case versionMismatch(current: Int)
    /// Another task of the owner has this VTODO UID (two CalDAV PUTs of one new UID at once).
    case duplicateUID(String)
}
