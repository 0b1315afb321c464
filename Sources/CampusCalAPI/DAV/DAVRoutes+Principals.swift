import CampusCalCore
import CampusCalDAV
import Foundation
import Hummingbird

/// RFC 3744's principal searches (issue #29), which calendar apps send to find principals —
/// themselves, or attendees as a name is typed. Answered about the caller alone: a student's
/// calendar app must not be a way to list who studies here (FERPA directory information, and the
/// directory opt-outs the REST API honours), so a search finds the caller when it matches them
/// and nobody else; attendees are invited by email address, which needs no search.
extension DAVRoutes {
    /// The properties a search may name (`principal-search-property-set`).
    static let searchablePrincipalProperties: [(DAVName, String)] = [
        (.dav("displayname"), "Name"), (.calDAV("calendar-user-address-set"), "Email address"),
    ]

    /// Answers a principal REPORT on the root or the caller's principal; nil when the body is not one.
    func principalReport(_ path: DAVPath, body: [UInt8], for user: User) async throws -> Response? {
        switch path {
        case .root, .principal: break
        default: return nil
        }
        guard let report = try PrincipalReport(body: body) else { return nil }
        switch report {
        case .searchablePropertySet:
            let properties = Self.searchablePrincipalProperties.map { name, description in
                DAVElement(
                    .dav("principal-search-property"),
                    children: [
                        DAVElement(.dav("prop"), children: [DAVElement(name)]),
                        DAVElement(.dav("description"), attributes: ["xml:lang": "en"], text: description),
                    ])
            }
            return DAVReply.xml(
                DAVXMLWriter.document(DAVElement(.dav("principal-search-property-set"), children: properties)), status: .ok)
        case .search(let conditions, let anyOf, let names):
            var values: [DAVName: String] = [.dav("displayname"): user.displayName]
            if let email = user.email, !email.isEmpty { values[.calDAV("calendar-user-address-set")] = "mailto:" + email }
            let held = conditions.map { $0.holds(for: values) }
            let matches = held.isEmpty || (anyOf ? held.contains(true) : held.allSatisfy { $0 })
            guard matches else { return DAVReply.multistatus([]) }
            let me = DAVPath.principal(username: user.username)
            return DAVReply.multistatus([
                DAVProperties.response(
                    href: me.href, available: DAVProperties.principal(user) + schedulingPrincipalProperties(for: user),
                    request: Self.propertyRequest(names))
            ])
        }
    }
}
