import CampusCalCore
import CampusCalICalendar
import Foundation
import Hummingbird
import Logging

/// Per-request state: Hummingbird's core storage plus the authenticated caller, once known.
public struct APIRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `AuthenticationMiddleware` on routes that require a session.
    public var caller: AuthenticatedSession?
    /// The IP address of the peer that sent the request (a reverse proxy, when one fronts the server).
    public var remoteIP: String?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.caller = nil
        self.remoteIP = source.channel.remoteAddress?.ipAddress
    }

    /// The authenticated caller. Routes behind `AuthenticationMiddleware` can rely on it.
    public func requireCaller() throws -> AuthenticatedSession {
        guard let caller else { throw AccountError.missingToken }
        return caller
    }

    public var responseEncoder: JSONEncoder { APIJSON.encoder }
    public var requestDecoder: JSONDecoder { APIJSON.decoder }
}

/// The JSON conventions of the API: RFC 3339 timestamps (UTC, `Z` offset).
public enum APIJSON {
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }

    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
