/// What can go wrong with consents, disclosures and releases, in the domain's words.
public enum PrivacyError: Error, Sendable, Equatable {
    /// No agreement with this id is configured.
    case unknownAgreement(String)
    /// The person agreed to an older (or unknown) version of the text; they must read the current one.
    case agreementChanged(agreementID: String, current: Int)
    /// The release needs the person's current consent to this agreement, and there is none: nothing was disclosed.
    case consentRequired(DisclosureAgreement)
    /// No consent with this id among the caller's.
    case consentNotFound
    /// Only administrators may do this (releases to third parties, everyone's disclosure log).
    case forbidden(String)
    /// A request that cannot be carried out as asked (bad recipient id, empty categories…).
    case invalid(ValidationIssue)
    /// Another recipient already holds records with codes of the same students for overlapping
    /// categories and times: the two could be joined on each student's set of records (issue #27).
    case codedReleaseOverlaps(recipient: String, detail: String)
}
