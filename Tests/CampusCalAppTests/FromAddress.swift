import CampusCalApp
import CampusCalTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP request to 127.0.0.1:`port` from a chosen loopback address (127.0.0.2, 127.0.0.3…):
/// the whole 127/8 is loopback on Linux, so a test can be two people on two machines. The server
/// sees the address in its socket's peer, which is all it trusts (never X-Forwarded-For).
enum FromAddress {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
        var problemCode: String? { json["code"] as? String }
    }

    static func post(
        from address: String, port: Int, _ path: String, json: [String: Any], headers: [String: String] = [:], token: String? = nil
    ) async throws -> Reply {
        let body = try JSONSerialization.data(withJSONObject: json)
        return try await onThread { try send(from: address, port: port, "POST", path, body: body, headers: headers, token: token) }
    }

    static func get(from address: String, port: Int, _ path: String, token: String) async throws -> Reply {
        try await onThread { try send(from: address, port: port, "GET", path, body: nil, headers: [:], token: token) }
    }

    static func send(
        from address: String, port: Int, _ method: String, _ path: String, body: Data?, headers: [String: String], token: String?
    ) throws -> Reply {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(errno)") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        func socketAddress(_ text: String, _ port: Int) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, text, &address.sin_addr)
            return address
        }
        var local = socketAddress(address, 0)
        var remote = socketAddress("127.0.0.1", port)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw TestFailure("bind \(address): \(errno)") }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("connect: \(errno)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        let request = Data(head.utf8) + (body ?? Data())
        try request.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw TestFailure("send: \(errno)") }
                offset += sent
            }
        }
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: chunk[0..<count])
        }
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { throw TestFailure("no response head") }
        let lines = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var content = Data(received[end.upperBound...])
        if fields["transfer-encoding"]?.lowercased() == "chunked" {
            var decoded = Data()
            while let lineEnd = content.range(of: Data("\r\n".utf8)),
                let size = Int(String(decoding: content[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0
            {
                decoded.append(content[lineEnd.upperBound..<(lineEnd.upperBound + size)])
                content = Data(content[(lineEnd.upperBound + size + 2)...])
            }
            content = decoded
        }
        return Reply(status: status, headers: fields, body: content)
    }
}

/// The `[auth]` settings the identity tests (issue #25) change from their defaults.
struct AuthSettings: Sendable {
    var lockoutThreshold: Int?
    var sourceFailureAllowance: Int?
    var registration: String?
    var ssoHeader: String?
    var ssoRealm: String?

    func apply(to configuration: inout CampusCalConfiguration) {
        if let lockoutThreshold { configuration.lockoutThreshold = lockoutThreshold }
        if let sourceFailureAllowance { configuration.sourceFailureAllowance = sourceFailureAllowance }
        if let registration { configuration.registration = registration }
        if let ssoHeader { configuration.ssoHeader = ssoHeader }
        if let ssoRealm { configuration.ssoRealm = ssoRealm }
    }
}
