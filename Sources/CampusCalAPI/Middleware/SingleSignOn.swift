import CampusCalCore
import Foundation
import HTTPTypes

/// Trusting a campus single sign-on front (Shibboleth, CAS, mod_auth_openidc) that authenticates
/// people and names them in a request header — but only on requests that come from the front
/// itself: a header from anyone else is a forgery, whatever it says.
public struct SingleSignOn: Sendable {
    /// The header the front sets (`X-Remote-User`, `REMOTE_USER` passed on, `eppn`…).
    public var header: HTTPField.Name
    /// The IP addresses of the fronts, exactly as they connect to this server.
    public var trustedProxies: Set<String>

    public init?(header: String, trustedProxies: [String]) {
        guard !header.isEmpty, let name = HTTPField.Name(header) else { return nil }
        self.header = name
        self.trustedProxies = Set(trustedProxies)
    }

    /// The person the front vouches for; throws 403 for a request that did not come through it.
    func assertedUser(_ headers: HTTPFields, from address: String?) throws -> String {
        guard let address, trustedProxies.contains(address) else {
            throw Problem(
                .forbidden, code: "sso-untrusted", title: "Not through single sign-on",
                detail: "Single sign-on is accepted only through the campus sign-on front; open CampusCal through the campus login page.")
        }
        // `headers[header]` would join repeated fields with ", ": a front that *adds* its header to
        // the client's then lets the client's value win after parsing (review M4). One field, one
        // name, or nothing.
        let fields = headers[values: header]
        if fields.count > 1 || fields.contains(where: { $0.contains(",") }) {
            throw Problem(
                .badRequest, code: "sso-ambiguous-identity", title: "Ambiguous identity",
                detail:
                    "The campus sign-on front named more than one person in \(header.rawName); CampusCal logs nobody in then. The front must set the header, replacing any the browser sent: tell the IT help desk."
            )
        }
        guard let value = fields.first?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            throw Problem(
                .unauthorized, code: "sso-missing-identity", title: "No identity",
                detail: "The campus sign-on front did not say who you are; log in through the campus login page again.")
        }
        return value
    }
}
