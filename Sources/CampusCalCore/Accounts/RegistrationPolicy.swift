/// Whether people may create their own local accounts (`auth.registration`, review M3).
///
/// With a campus directory, every student already has a login; self-registration would only let
/// someone take a name the directory will later hand to its owner, so `auto` closes it then.
public enum RegistrationPolicy: String, Sendable, CaseIterable {
    /// Open without directories, closed with.
    case auto
    case open
    case closed

    /// Whether self-service registration is open, given whether any directory is configured.
    public func isOpen(withDirectories: Bool) -> Bool {
        switch self {
        case .auto: !withDirectories
        case .open: true
        case .closed: false
        }
    }
}
