import NIOCore
import NIOHTTP1
import NIOPosix

/// A request as the driver sends it: method, path with query, headers and body, made once.
struct SimulatedRequest: Sendable {
    var method: HTTPMethod
    /// The path and query, e.g. `/api/v1/todo`.
    var path: String
    var headers: HTTPHeaders
    var body: ByteBuffer?
}

/// What the driver needs to know of an answer.
struct SimulatedResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    /// Bytes of the body.
    var bytes: Int
}

/// Why a request got no answer; `OpenLoopDriver.reason` turns it into the report's short name.
enum KeepAliveClientError: Error, CustomStringConvertible {
    case timeout
    case connectionClosed
    case connect(any Error)

    var description: String {
        switch self {
        case .timeout: "deadline exceeded"
        case .connectionClosed: "connection closed before the answer ended"
        case .connect(let error): "connect failed: \(error)"
        }
    }
}

/// The simulator's HTTP/1.1 client: keep-alive connections to one server, one request at a time
/// on each, every connection and every callback on one event loop.
///
/// Why not AsyncHTTPClient (still used for the preflight and the notification streams): the
/// generator shares the 2 cores with the server it measures, and AsyncHTTPClient's task per
/// request, pool state machine and body streaming cost ≈ 0.19 ms of CPU a request — a third of
/// what the server spends answering it, so the generator took half a core from the server at
/// 2,500 requests/s. Here a request is a write of ready-made parts and a callback.
///
/// Thread rule: made, used and dropped on `loop` only (`assumeIsolated` checks it).
final class KeepAliveClient {
    let loop: any EventLoop
    private let host: String
    private let port: Int
    /// Connections whose last answer has ended; closed ones are dropped when popped.
    private var idle: [KeepAliveConnection] = []

    init(loop: any EventLoop, host: String, port: Int) {
        self.loop = loop
        self.host = host
        self.port = port
    }

    /// Sends the request on an idle connection, or on a new one when none is idle, and calls
    /// `completion` on the loop with the answer or the failure. The caller bounds how many are in
    /// flight; each holds its connection until its answer ends.
    func execute(
        _ request: SimulatedRequest, timeout: TimeAmount, completion: @escaping (Result<SimulatedResponse, KeepAliveClientError>) -> Void
    ) {
        loop.preconditionInEventLoop()
        while let connection = idle.popLast() {
            if connection.isOpen {
                send(request, on: connection, timeout: timeout, completion: completion)
                return
            }
        }
        ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(KeepAliveConnection())
                }
            }
            .connect(host: host, port: port)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    do {
                        let connection = try channel.pipeline.syncOperations.handler(type: KeepAliveConnection.self)
                        self.send(request, on: connection, timeout: timeout, completion: completion)
                    } catch {
                        channel.close(promise: nil)
                        completion(.failure(.connect(error)))
                    }
                case .failure(let error):
                    completion(.failure(.connect(error)))
                }
            }
    }

    private func send(
        _ request: SimulatedRequest, on connection: KeepAliveConnection, timeout: TimeAmount,
        completion: @escaping (Result<SimulatedResponse, KeepAliveClientError>) -> Void
    ) {
        var head = HTTPRequestHead(version: .http1_1, method: request.method, uri: request.path, headers: request.headers)
        head.headers.replaceOrAdd(name: "Host", value: "\(host):\(port)")
        if let body = request.body { head.headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes)) }
        let deadline = loop.assumeIsolated().scheduleTask(in: timeout) { connection.fail(.timeout) }
        connection.start(head: head, body: request.body) { result in
            deadline.cancel()
            if case .success = result, connection.isOpen { self.idle.append(connection) }
            completion(result)
        }
    }
}

/// One keep-alive connection: writes a request, gathers its answer, hands it to the waiting
/// callback. Lives in the channel's pipeline behind NIO's HTTP/1.1 client codec.
final class KeepAliveConnection: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private var context: ChannelHandlerContext?
    private var pending: ((Result<SimulatedResponse, KeepAliveClientError>) -> Void)?
    private var response = SimulatedResponse(status: 0, headers: [:], bytes: 0)
    /// Set when the connection must not carry another request (closed, failed, or the server said
    /// `Connection: close`).
    private var finished = false
    /// Whether the next request may go out on this connection. (A connect's future completes just
    /// before `channelActive` fires, so this asks the channel rather than waiting for that event.)
    var isOpen: Bool { !finished && context?.channel.isActive == true }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func start(head: HTTPRequestHead, body: ByteBuffer?, completion: @escaping (Result<SimulatedResponse, KeepAliveClientError>) -> Void) {
        guard let context, isOpen else { return completion(.failure(.connectionClosed)) }
        pending = completion
        response = SimulatedResponse(status: 0, headers: [:], bytes: 0)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            response.status = Int(head.status.code)
            response.headers = head.headers
            if !head.isKeepAlive { finished = true }
        case .body(let buffer):
            response.bytes += buffer.readableBytes
        case .end:
            let done = pending
            pending = nil
            if finished { context.close(promise: nil) }
            done?(.success(response))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.connectionClosed)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(.connectionClosed)
        context.close(promise: nil)
    }

    /// Ends the request in flight, if any, with a failure, and closes the connection: a half-read
    /// answer would poison the next request on it.
    func fail(_ error: KeepAliveClientError) {
        finished = true
        guard let done = pending else { return }
        pending = nil
        context?.close(promise: nil)
        done(.failure(error))
    }
}
