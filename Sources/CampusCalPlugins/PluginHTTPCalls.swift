import AsyncHTTPClient
import CCampusCalPluginABI
import CampusCalCore
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// The host API's `http_request` (ABI 1.2) for one plugin: synchronous on the plugin's thread,
/// answered with a `cc_status`. In the server the host makes the request, if the plugin's
/// `network` permission names the host; in a runner it goes over the socket to the server, which
/// checks it against its own copy of the manifest — the runner itself has no network.
protocol PluginHTTPCalls: Sendable {
    func send(_ request: PluginHTTPRequest) -> (cc_status, PluginHTTPResponse?)
}

/// Requests made by this process for `plugin`, to the hosts its manifest allows.
struct LocalHTTPCalls: PluginHTTPCalls {
    let plugin: PluginManifest
    let logger: Logger

    /// A client of the plugins' own that never follows redirects: a redirect to a host the plugin
    /// may not reach must not be followed on its behalf. Lives as long as the process.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    func send(_ request: PluginHTTPRequest) -> (cc_status, PluginHTTPResponse?) {
        guard Self.methods.contains(request.method), request.headers.count <= 32,
            request.body.count <= PluginHTTPResponse.maximumBodyBytes, (0...9000).contains(request.timeoutMilliseconds),
            let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return (CC_INVALID_ARGUMENT, nil) }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        guard PluginNetworkPolicy.allows(host: host, port: port, network: plugin.permissions.network) else {
            logger.warning("Plugin \(plugin.id) asked to reach \(host):\(port), which its manifest's network permission does not name")
            return (CC_DENIED, nil)
        }
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        outgoing.headers.add(name: "User-Agent", value: "CampusCal plugin \(plugin.id)/\(plugin.version)")
        for header in request.headers {
            guard let colon = header.firstIndex(of: ":"), !header.contains("\r"), !header.contains("\n") else { return (CC_INVALID_ARGUMENT, nil) }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return (CC_INVALID_ARGUMENT, nil) }
            outgoing.headers.replaceOrAdd(name: name, value: header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        if !request.body.isEmpty { outgoing.body = .bytes(ByteBuffer(bytes: request.body)) }
        let timeout = TimeAmount.milliseconds(Int64(request.timeoutMilliseconds == 0 ? 5000 : request.timeoutMilliseconds))
        let prepared = outgoing
        let outcome = waitFor {
            let response = try await Self.client.execute(prepared, timeout: timeout)
            var body = ByteBuffer()
            for try await var chunk in response.body {
                let room = PluginHTTPResponse.maximumBodyBytes - body.readableBytes
                if room <= 0 { break }
                if chunk.readableBytes > room { chunk = chunk.getSlice(at: chunk.readerIndex, length: room) ?? chunk }
                body.writeBuffer(&chunk)
            }
            return PluginHTTPResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
        }
        switch outcome {
        case .success(let response): return (CC_OK, response)
        case .failure(let error):
            logger.warning("Plugin \(plugin.id): \(request.method) \(host):\(port) got no answer: \(error)")
            return (CC_ERROR, nil)
        }
    }
}

/// A runner's requests: made by the server.
struct RemoteHTTPCalls: PluginHTTPCalls {
    let channel: RunnerChannel

    func send(_ request: PluginHTTPRequest) -> (cc_status, PluginHTTPResponse?) {
        guard let reply = try? channel.hostCall(.http(request)), let status = reply.status else { return (CC_ERROR, nil) }
        return (cc_status(status), reply.response)
    }
}
