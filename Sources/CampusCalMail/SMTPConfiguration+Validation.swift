import CampusCalCore
import Foundation

extension SMTPConfiguration {
    /// The URL libcurl connects to (the EHLO name, if any, is its path), or a
    /// `MailError.configuration` that names the setting to fix.
    func validatedURL() throws(MailError) -> String {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else {
            throw .configuration("SMTP url '\(url)' is not a URL like smtp://relay.campus.edu:587 or smtps://relay.campus.edu:465.")
        }
        guard components.user == nil && components.password == nil else {
            throw .configuration("SMTP url must not contain credentials; set username and password instead.")
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil else {
            throw .configuration("SMTP url '\(url)' must not have a path or query; set heloName for the EHLO name.")
        }
        switch (scheme, security) {
        case ("smtp", .none), ("smtp", .startTLS), ("smtps", .tls):
            break
        case ("smtps", _):
            throw .configuration("SMTP url uses smtps:// (TLS from the start), so security must be 'tls'.")
        case ("smtp", .tls):
            throw .configuration("security 'tls' needs an smtps:// url (usually port 465); for STARTTLS on smtp:// use 'startTLS'.")
        default:
            throw .configuration("SMTP url scheme '\(scheme)' is not supported; use smtp:// or smtps://.")
        }
        if password != nil && username == nil {
            throw .configuration("An SMTP password is set without a username.")
        }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw .configuration("The CA file '\(caFile)' does not exist or cannot be read.")
        }
        guard connectTimeout > .zero, timeout > .zero else {
            throw .configuration("SMTP timeouts must be positive.")
        }
        // URLComponents gives an IPv6 host without its brackets.
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : (components.percentEncodedHost ?? host)
        var base = scheme + "://" + hostPart
        if let port = components.port { base += ":\(port)" }
        guard let heloName else { return base }
        guard !heloName.isEmpty, heloName.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "%") })
        else {
            throw .configuration("heloName '\(heloName)' must be a host name (printable ASCII, no spaces or '/').")
        }
        return base + "/" + heloName
    }
}
