import AsyncHTTPClient
import CampusCalCore
import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP GET or form POST to an LMS, with the rules every importer needs in one place:
/// a deadline, a size limit, and backing off when the LMS says it is busy.
///
/// Busy means 429, 503, and Canvas's older "403 Forbidden (Rate Limit Exceeded)". The client waits
/// as long as `Retry-After` (or Brightspace's `X-Rate-Limit-Reset`) says — at most `maximumWait` —
/// or else backs off exponentially with jitter, and gives up after `maximumAttempts`. Built on
/// AsyncHTTPClient's shared client (already in the dependency graph through Hummingbird's tests):
/// TLS with the system's trust store, connection pooling, no shutdown to forget.
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

    public init(
        timeout: TimeInterval = 30, maximumBodyBytes: Int = 32 << 20, maximumAttempts: Int = 4, maximumWait: TimeInterval = 60,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }
    ) {
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumAttempts = maximumAttempts
        self.maximumWait = maximumWait
        self.sleep = sleep
    }

    /// GET `url`; `headers` e.g. `Authorization: Bearer …` (never logged).
    public func get(_ url: String, headers: [(String, String)] = []) async throws -> Response {
        try await send(method: .GET, url: url, headers: headers, form: nil)
    }

    /// POST an `application/x-www-form-urlencoded` body (Moodle web services, OAuth token endpoints).
    public func postForm(_ url: String, _ fields: [(String, String)], headers: [(String, String)] = []) async throws -> Response {
        try await send(method: .POST, url: url, headers: headers, form: fields)
    }

    private func send(method: HTTPMethod, url: String, headers: [(String, String)], form: [(String, String)]?) async throws -> Response {
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

    private func once(method: HTTPMethod, url: String, headers: [(String, String)], form: [(String, String)]?) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "User-Agent", value: "CampusCal (LMS import)")
        request.headers.add(name: "Accept", value: "application/json, text/calendar;q=0.9, */*;q=0.5")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let form {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(string: Self.formEncoded(form)))
        }
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            let body = try await response.body.collect(upTo: maximumBodyBytes)
            return Response(
                status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) }, body: Array(body.readableBytesView))
        } catch let error as NIOTooManyBytesError {
            _ = error
            throw LMSImportError.unavailable("\(Self.host(url)) sent more than \(maximumBodyBytes >> 20) MB in one response.")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw LMSImportError.unavailable("Cannot reach \(Self.host(url)) (\(Self.describe(error))). Try again later.")
        }
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

    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectTimeout") || text.contains("deadlineExceeded") || text.contains("readTimeout") { return "it did not answer in time" }
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("SSL") || text.contains("TLS") || text.contains("certificate") { return "its certificate could not be verified" }
        return "network error"
    }
}
