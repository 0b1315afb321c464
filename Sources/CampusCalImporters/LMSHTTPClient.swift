import AsyncHTTPClient
import CampusCalCore
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP GET or form POST to an LMS, with the rules every importer needs in one place:
/// a deadline, a size limit, and backing off when the LMS says it is busy.
///
/// Busy means 429, 503, and Canvas's older "403 Forbidden (Rate Limit Exceeded)". The client waits
/// as long as `Retry-After` (or Brightspace's `X-Rate-Limit-Reset`) says — at most `maximumWait` —
/// or else backs off exponentially with jitter, and gives up after `maximumAttempts`. Built on
/// AsyncHTTPClient (already in the dependency graph through Hummingbird's tests): TLS with the
/// system's trust store.
///
/// Every request is one the student may have aimed (a feed URL, a Moodle site), so it cannot be
/// aimed inward (review M1): the name is resolved here, every address checked against
/// `addressPolicy`, and the connection made to the checked address (AsyncHTTPClient's
/// `dnsOverride`, which keeps the name for the Host header, SNI and certificate check) — so DNS
/// rebinding between check and connect gains nothing. Redirects are followed here, not by the
/// library, each hop checked the same way; a POST (a password, a client secret) is never carried
/// across one, and credentials headers never leave their origin. Failures reach the student as
/// "could not reach the LMS at <host>" — never a port, a status or a socket error, which would make
/// the server a port scanner — and the details go to the server log.
public struct LMSHTTPClient: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        /// The first value of a header, any case.
        public func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public var timeout: TimeInterval
    public var maximumBodyBytes: Int
    public var maximumAttempts: Int
    /// The longest single wait for a busy LMS; longer requests are reported instead of waited out.
    public var maximumWait: TimeInterval
    /// How to wait (tests may shorten it).
    public var sleep: @Sendable (TimeInterval) async throws -> Void
    /// Which addresses may be connected to: public ones, and the networks the campus allows.
    public var addressPolicy: OutboundAddressPolicy
    /// Redirects followed per request, each hop checked like the first.
    public var maximumRedirects: Int
    /// Where the details of a failure go (the student is told only that the host could not be reached).
    public var logger: Logger
    /// Who is asking, for the servers' logs; and the setting that lists allowed private networks, for ours.
    public var userAgent = "CampusCal (LMS import)"
    public var networksSetting = "lms.allowed_private_networks"

    public init(
        timeout: TimeInterval = 30, maximumBodyBytes: Int = 32 << 20, maximumAttempts: Int = 4, maximumWait: TimeInterval = 60,
        addressPolicy: OutboundAddressPolicy = OutboundAddressPolicy(), maximumRedirects: Int = 5,
        logger: Logger = Logger(label: "campuscal.lms.http"),
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }
    ) {
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumAttempts = maximumAttempts
        self.maximumWait = maximumWait
        self.addressPolicy = addressPolicy
        self.maximumRedirects = maximumRedirects
        self.logger = logger
        self.sleep = sleep
    }

    /// GET `url`; `headers` e.g. `Authorization: Bearer …` (never logged).
    public func get(_ url: String, headers: [(String, String)] = []) async throws -> Response {
        try await send(method: .GET, url: url, headers: headers, form: nil)
    }

    /// POST an `application/x-www-form-urlencoded` body (Moodle web services, OAuth token endpoints).
    public func postForm(_ url: String, _ fields: [(String, String)], headers: [(String, String)] = []) async throws -> Response {
        try await send(method: .POST, url: url, headers: headers, form: .form(fields))
    }

    /// POST `body` as it is, once: no retry when busy, no redirect followed (Web Push: a push
    /// service that is busy or moved loses one message, which the inbox still holds). The same
    /// address checks as every other request: the endpoint is a URL a browser handed in.
    public func postOnce(_ url: String, body: [UInt8], contentType: String, headers: [(String, String)] = []) async throws -> Response {
        try await once(method: .POST, url: url, headers: headers, form: .bytes(body, contentType: contentType))
    }

    /// What a POST carries.
    enum Body {
        case form([(String, String)])
        case bytes([UInt8], contentType: String)
    }

    private func send(method: HTTPMethod, url: String, headers: [(String, String)], form: Body?) async throws -> Response {
        var attempt = 0
        while true {
            attempt += 1
            let response = try await once(method: method, url: url, headers: headers, form: form)
            guard Self.isBusy(response), attempt < maximumAttempts else { return response }
            let wait = Self.retryDelay(response) ?? min(maximumWait, pow(2, Double(attempt - 1)) * Double.random(in: 0.5...1.5))
            guard wait <= maximumWait else { return response }
            try await sleep(wait)
        }
    }

    /// One request, following redirects itself: every hop's scheme and addresses are checked before
    /// anything is sent there.
    private func once(method: HTTPMethod, url: String, headers: [(String, String)], form: Body?) async throws -> Response {
        var current = url
        var carried = headers
        var hops = 0
        while true {
            let response = try await hop(method: method, url: current, headers: carried, form: form, original: url)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location") else { return response }
            guard form == nil, method == .GET else {
                // A sign-in's body (a password, the campus's client secret) is never sent on to where a redirect points.
                throw unreachable(url, "\(method) to \(Self.host(current)) was redirected (\(response.status)); redirects of a POST are not followed")
            }
            hops += 1
            guard hops <= maximumRedirects, let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString else {
                throw unreachable(url, "more than \(maximumRedirects) redirects, or an unreadable Location, from \(Self.host(current))")
            }
            // Credentials (a bearer token) belong to their origin: a redirect elsewhere goes without them.
            if !Self.sameOrigin(next, current) { carried = [] }
            current = next
        }
    }

    /// One hop: the URL's scheme and every address its host resolves to checked, then the request
    /// sent to the checked address.
    private func hop(
        method: HTTPMethod, url: String, headers: [(String, String)], form: Body?, original: String
    ) async throws -> Response {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host, !host.isEmpty
        else { throw unreachable(original, "\(url.prefix(200)) is not an http(s) URL") }
        let addresses: [[UInt8]]
        do {
            addresses = try await Self.resolve(host)
        } catch {
            throw unreachable(original, "\(host) did not resolve: \(error)")
        }
        guard let address = addresses.first, addresses.allSatisfy(addressPolicy.permits) else {
            throw unreachable(
                original,
                "\(host) resolves to \(addresses.map(IPNetwork.format).joined(separator: ", ")), not a public address nor in \(networksSetting)"
            )
        }
        // Plain http only inside a network the campus listed (tests, an on-campus proxy): never across the internet.
        guard scheme == "https" || addresses.allSatisfy(addressPolicy.allowsPrivately) else {
            throw unreachable(original, "plain http to \(host) (\(IPNetwork.format(address))), which is not in \(networksSetting)")
        }
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json, text/calendar;q=0.9, */*;q=0.5")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        switch form {
        case .form(let fields)?:
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: Self.formEncoded(fields)))
        case .bytes(let bytes, let contentType)?:
            request.headers.add(name: "Content-Type", value: contentType)
            request.body = .bytes(ByteBuffer(bytes: bytes))
        case nil:
            break
        }
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        // Connect to the address just checked, under the host's name (Host header, SNI, certificate).
        if IPNetwork.parseAddress(host) == nil { configuration.dnsOverride = [host: IPNetwork.format(address)] }
        configuration.timeout.connect = .milliseconds(Int64(min(timeout, 10) * 1000))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            let body = try await response.body.collect(upTo: maximumBodyBytes)
            try? await client.shutdown()
            return Response(
                status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) }, body: Array(body.readableBytesView))
        } catch let error as NIOTooManyBytesError {
            try? await client.shutdown()
            _ = error
            throw LMSImportError.unavailable("\(Self.host(url)) sent more than \(maximumBodyBytes >> 20) MB in one response.")
        } catch is CancellationError {
            try? await client.shutdown()
            throw CancellationError()
        } catch {
            try? await client.shutdown()
            throw unreachable(original, "\(method) \(host) (\(IPNetwork.format(address))): \(error)")
        }
    }

    /// What the student is told when a request fails: the host only. `detail` (addresses, ports,
    /// the socket error) goes to the server log, never into an answer.
    func unreachable(_ url: String, _ detail: String) -> LMSImportError {
        logger.warning("LMS request to \(Self.host(url)) failed: \(detail)")
        return Self.unreachable(url)
    }

    /// "Could not reach the LMS at <host>": the same words whatever went wrong, so answers tell nothing about the network behind the host.
    static func unreachable(_ url: String) -> LMSImportError {
        .unavailable(
            "Could not reach the LMS at \(host(url)). Try again later; if it keeps happening, check the address or ask the IT help desk.")
    }

    /// The host's addresses (an address literal is its own), resolved off the cooperative pool.
    static func resolve(_ host: String) async throws -> [[UInt8]] {
        if let literal = IPNetwork.parseAddress(host) { return [literal] }
        return try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, nil, &hints, &list)
            guard status == 0, let first = list else { throw ResolutionError(code: status) }
            defer { freeaddrinfo(first) }
            var addresses: [[UInt8]] = []
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                if let socket = current.pointee.ai_addr {
                    switch Int32(current.pointee.ai_family) {
                    case AF_INET:
                        socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                            var raw = $0.pointee.sin_addr
                            addresses.append(withUnsafeBytes(of: &raw) { Array($0) })
                        }
                    case AF_INET6:
                        socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                            var raw = $0.pointee.sin6_addr
                            addresses.append(withUnsafeBytes(of: &raw) { Array($0) })
                        }
                    default: break
                    }
                }
                entry = current.pointee.ai_next
            }
            guard !addresses.isEmpty else { throw ResolutionError(code: EAI_NONAME) }
            return addresses
        }
    }

    struct ResolutionError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: gai_strerror(code)) }
    }

    static func isBusy(_ response: Response) -> Bool {
        response.status == 429 || response.status == 503 || (response.status == 403 && response.text.contains("Rate Limit Exceeded"))
    }

    /// Seconds to wait from `Retry-After` (seconds or an HTTP date) or Brightspace's `X-Rate-Limit-Reset`.
    static func retryDelay(_ response: Response) -> TimeInterval? {
        if let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = TimeInterval(value) { return max(0, seconds) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            if let date = formatter.date(from: value) { return max(0, date.timeIntervalSinceNow) }
        }
        if response.status == 429, let reset = response.header("X-Rate-Limit-Reset").flatMap(TimeInterval.init) { return max(0, reset) }
        return nil
    }

    static func formEncoded(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.map {
            "\($0.0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
    }

    /// The host of a URL, for messages (never the path or query: feed URLs carry secrets there).
    static func host(_ url: String) -> String { URLComponents(string: url)?.host ?? "the LMS" }

    /// Whether `url` has the scheme, host and port of `base`. A next-page link the LMS hands back
    /// is followed with the student's bearer token, so it must not lead anywhere else (another
    /// host, or plain http) — a tampered or misconfigured answer could otherwise collect the token.
    static func sameOrigin(_ url: String, _ base: String) -> Bool {
        guard let link = URLComponents(string: url), let origin = URLComponents(string: base) else { return false }
        return link.scheme?.lowercased() == origin.scheme?.lowercased() && link.host?.lowercased() == origin.host?.lowercased()
            && (link.port ?? defaultPort(link.scheme)) == (origin.port ?? defaultPort(origin.scheme))
    }

    private static func defaultPort(_ scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "https": 443
        case "http": 80
        default: nil
        }
    }
}
