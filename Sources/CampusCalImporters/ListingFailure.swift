/// A listing (one paged list of one LMS) that could not be finished, in words for the sync report.
/// It makes its scope incomplete, so nothing in that scope is removed; the rest of the sync goes on.
struct ListingFailure: Error {
    var message: String
    /// The LMS said "not allowed" (403): the data is unknown to CampusCal, not absent.
    var refused = false
}
