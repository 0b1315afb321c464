import CampusCalCore
import Foundation

/// What a third party is to receive: whose data (every student, or the people a window and the
/// categories select), which categories, for what, and how precisely.
public struct ReleaseRequest: Sendable {
    /// The recipient's id (`research-office`, a plugin id): the key of its record codes and, for
    /// identified releases, of the agreement people consent to.
    public var recipientID: String
    /// Who the recipient is, as the disclosure log shows it.
    public var recipient: String
    public var purpose: String
    /// Events, tasks, grades, courses — and `identity` for people who consented to this recipient.
    public var categories: Set<DataCategory>
    /// Items that touch [from, to) only; nil: everything.
    public var from: Date?
    public var to: Date?
    public var dates: DateGranularity
    public var stripTimeZones: Bool
    /// Whether de-identified records carry record codes (`subject`), so that the recipient can
    /// group each student's records (34 CFR §99.31(b)(2)). Off by default: a student's set of
    /// records is a fingerprint, so only one recipient may hold coded records of the same data.
    public var recordCodes: Bool
    /// The administrator who asked.
    public var requestedBy: UserID?

    public init(
        recipientID: String, recipient: String, purpose: String, categories: Set<DataCategory>, from: Date? = nil, to: Date? = nil,
        dates: DateGranularity = .day, stripTimeZones: Bool = true, recordCodes: Bool = false, requestedBy: UserID? = nil
    ) {
        self.recordCodes = recordCodes
        self.recipientID = recipientID
        self.recipient = recipient
        self.purpose = purpose
        self.categories = categories
        self.from = from
        self.to = to
        self.dates = dates
        self.stripTimeZones = stripTimeZones
        self.requestedBy = requestedBy
    }

    /// Every problem with the request, as validation issues.
    func problems() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if !DisclosureAgreement.isValidRecipientID(recipientID) {
            issues.append(
                ValidationIssue(
                    field: "recipientId", code: "recipient.invalid",
                    message: "The recipient id must be 1–64 characters of a–z, 0–9, '.', '-' or '_' (e.g. research-office)."))
        }
        if recipient.trimmingCharacters(in: .whitespaces).isEmpty || recipient.count > 200 {
            issues.append(ValidationIssue(field: "recipient", code: "recipient.required", message: "Name the recipient (1–200 characters)."))
        }
        if purpose.trimmingCharacters(in: .whitespaces).count < 3 || purpose.count > 500 {
            issues.append(
                ValidationIssue(field: "purpose", code: "purpose.required", message: "Say what the data is for (3–500 characters)."))
        }
        if categories.subtracting([.identity]).isEmpty {
            issues.append(
                ValidationIssue(
                    field: "categories", code: "categories.required", message: "Name at least one of events, tasks, grades, courses."))
        }
        if categories.contains(.groups) {
            issues.append(
                ValidationIssue(
                    field: "categories", code: "categories.groups",
                    message: "Study groups are not released to third parties; leave out 'groups'."))
        }
        if let from, let to, from >= to {
            issues.append(ValidationIssue(field: "to", code: "window.order", message: "'to' must be after 'from'."))
        }
        return issues
    }
}

/// A release to a third party: de-identified records (identified only for people who consented).
public struct Release: Sendable, Encodable {
    public var recipientId: String
    public var purpose: String
    public var categories: [String]
    public var dateGranularity: String
    public var timeZonesStripped: Bool
    /// Whether de-identified records carry record codes (identified records always do).
    public var recordCodes: Bool
    /// How many people's records it holds, and how many of them are identified (by their consent).
    public var subjects: Int
    public var identifiedSubjects: Int
    /// Every de-identified record is, in all its fields together, the same as records of at least
    /// `k` students (`privacy.minimum_cell_size`; `KAnonymizer`).
    public var k: Int
    /// Values withheld altogether to reach `k` (text `[withheld]`, numbers and flags left out).
    public var withheldValues: Int
    /// Per field, how many records went out coarser than made (a day for an exact time, a week for
    /// a day, a course for a section, a title's class for the title) or withheld.
    public var generalised: [String: Int]
    /// Records left out because nothing short of that hid them among `k` students.
    public var suppressedRecords: Int
    /// Made as they are written out (`ReleasedRecords`), never all at once.
    public var records: ReleasedRecords
}
