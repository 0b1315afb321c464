import Foundation

/// `campus.json`: what the driver needs to act as the campus's active students, written by `seed`.
///
/// The database keeps only hashes of session and feed tokens (as the server does), so the plain
/// tokens exist only here: treat the file like the database it belongs to.
struct CampusFile: Codable, Sendable {
    var seed: UInt64
    var students: Int
    /// The day the campus was seeded for (`YYYY-MM-DD`); the term is placed around it.
    var today: String
    var termStart: String
    var termEnd: String
    var timeZone: String
    var active: [ActiveStudent]

    static func read(_ path: String) throws -> CampusFile {
        try JSONDecoder().decode(CampusFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func write(_ path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// One of the 20% of students active in the peak hour.
struct ActiveStudent: Codable, Sendable {
    var index: Int
    var username: String
    var userID: String
    var timeZone: String
    /// A session token (`Authorization: Bearer`); its session row is in the database.
    var token: String
    /// The secret of their personal calendar's subscription URL, `/feeds/{feedToken}/calendar.ics`.
    var feedToken: String
    var personalCalendarID: String
    var classCalendarID: String
    /// Open personal tasks the driver may complete (it also completes the tasks it creates).
    var openTaskIDs: [String]
    /// Pending invitations to this student; the driver answers them (answers may change).
    var invitationIDs: [String]
    /// Their phone's CalDAV app password (HTTP Basic with `username`); nil in campus files seeded
    /// before CalDAV, whose students then make no `dav-sync` requests.
    var appPassword: String? = nil
}
