/// What a user may do on this server.
///
/// Roles are deliberately few: campus IT maps directory groups onto them (a later issue), and
/// finer rights (calendar sharing, group permissions) live on the objects themselves.
public enum Role: String, Sendable, Codable, CaseIterable, Comparable {
    /// The default for self-registered accounts.
    case student
    /// Teaching staff: may later publish course calendars.
    case faculty
    /// Server administrators: manage accounts, unlock logins, install plugins.
    case admin

    private var rank: Int {
        switch self {
        case .student: 0
        case .faculty: 1
        case .admin: 2
        }
    }

    public static func < (lhs: Role, rhs: Role) -> Bool { lhs.rank < rhs.rank }
}
