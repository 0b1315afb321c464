import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request line and headers do not all arrive within `timeout` of the
/// request's first byte (`server.header_timeout_seconds`, security review M7): a client that
/// trickles a request head (slowloris) holds a connection, and a file descriptor, for nothing.
///
/// Hummingbird's idle timeout does not cover it: its handler sees only decoded parts, and the bytes
/// of a head in progress are not one; a trickle would hold the connection for the whole idle
/// timeout, and renew it with every request. Two handlers share the work: `HeaderTimeoutHandler`,
/// added after the HTTP decoder (like `ExpectContinueHandler`), sees where heads end and
/// responses finish; it puts `FirstByte` at the front of the pipeline, before the decoder, to see
/// the first byte of each head. The cost is one scheduled task per request head (started by its
/// first read, cancelled by its `.head`) and two flag checks per read: nothing per byte.
///
/// A head cut off while no response is being written is answered `408` (problem+json) before the
/// close; one that arrives pipelined behind a response in progress is only closed, so that the
/// response's bytes are never interleaved with ours. One instance per connection.
final class HeaderTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let timeout: TimeAmount
    /// True from the end of one request (or the connection's start) until the next one's head is decoded.
    private var awaitingHead = true
    /// Requests whose response has not been written to its end.
    private var responding = 0
    private var deadline: Scheduled<Void>?
    private var firstByte: FirstByte?

    init(timeout: TimeAmount) { self.timeout = timeout }

    func handlerAdded(context: ChannelHandlerContext) {
        let firstByte = FirstByte(owner: self)
        self.firstByte = firstByte
        // Sync operations: the pipeline is being built on the channel's event loop.
        try? context.pipeline.syncOperations.addHandler(firstByte, position: .first)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        if let firstByte { context.pipeline.syncOperations.removeHandler(firstByte, promise: nil) }
        firstByte = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            awaitingHead = false
            responding += 1
            deadline?.cancel()
            deadline = nil
        case .body: break
        case .end: awaitingHead = true
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { responding -= 1 }
        context.write(data, promise: promise)
    }

    /// Bytes arrived (`FirstByte`, before the decoder): the first of a head starts its clock.
    fileprivate func bytesArrived(_ byteContext: ChannelHandlerContext) {
        guard awaitingHead, deadline == nil else { return }
        deadline = byteContext.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            deadline = nil
            if responding == 0 {
                // At the front of the pipeline: these bytes go straight to the socket, past the encoder.
                let answer = Self.requestTimeout(seconds: timeout.nanoseconds / 1_000_000_000)
                byteContext.writeAndFlush(NIOAny(ByteBuffer(string: answer)), promise: nil)
            }
            byteContext.close(promise: nil)
        }
    }

    /// The 408 for a head that did not arrive in time, written as bytes (the decoder never saw a
    /// whole request, so there is nothing for the router to answer).
    static func requestTimeout(seconds: Int64) -> String {
        let body =
            #"{"type":"urn:campuscal:problem:request-timeout","title":"Request timeout","status":408,"code":"request-timeout","#
            + #""detail":"The request line and headers did not all arrive within \#(seconds) seconds of their first byte "#
            + #"(server.header_timeout_seconds), so the connection was closed. Send each request whole, and check the network "#
            + #"between you and the server."}"#
        return "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/problem+json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n\(body)"
    }

    /// Sees raw bytes before the HTTP decoder, and tells its owner.
    final class FirstByte: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer

        /// A cycle while both are in the pipeline, broken by the owner's `handlerRemoved`.
        private let owner: HeaderTimeoutHandler

        init(owner: HeaderTimeoutHandler) { self.owner = owner }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            owner.bytesArrived(context)
            context.fireChannelRead(data)
        }
    }
}
