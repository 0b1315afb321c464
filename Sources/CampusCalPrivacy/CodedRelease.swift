import CampusCalCore
import Foundation

/// A release with record codes, as the ledger lists it: who got codes for which categories over
/// which period (`recipient|from|to|categories`, instants in seconds, `-` for unbounded).
struct CodedRelease: Equatable {
    var recipient: String
    var from: Double?
    var to: Double?
    var categories: Set<String>

    init(_ request: ReleaseRequest) {
        recipient = request.recipientID
        from = request.from?.timeIntervalSince1970
        to = request.to?.timeIntervalSince1970
        categories = Set(request.categories.subtracting([.identity]).map(\.rawValue))
    }

    init?(key: String) {
        let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else { return nil }
        recipient = parts[0]
        from = Double(parts[1])
        to = Double(parts[2])
        categories = Set(parts[3].split(separator: ",").map(String.init))
    }

    var key: String {
        [recipient, from.map { String($0) } ?? "-", to.map { String($0) } ?? "-", categories.sorted().joined(separator: ",")].joined(
            separator: "|")
    }

    /// Whether the two share a category and their periods overlap (an unbounded end overlaps everything on its side).
    func overlaps(_ other: CodedRelease) -> Bool {
        guard !categories.isDisjoint(with: other.categories) else { return false }
        let start = max(from ?? -.infinity, other.from ?? -.infinity)
        let end = min(to ?? .infinity, other.to ?? .infinity)
        return start < end
    }

    /// "events, tasks from 2026-09-01 to 2027-01-01" in words.
    var described: String {
        let period: String
        switch (from, to) {
        case (nil, nil): period = "all time"
        case (let from?, nil): period = "from \(Date(timeIntervalSince1970: from).formatted(.iso8601))"
        case (nil, let to?): period = "until \(Date(timeIntervalSince1970: to).formatted(.iso8601))"
        case (let from?, let to?):
            period = "from \(Date(timeIntervalSince1970: from).formatted(.iso8601)) to \(Date(timeIntervalSince1970: to).formatted(.iso8601))"
        }
        return "\(categories.sorted().joined(separator: ", ")) (\(period))"
    }
}
