import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers `Expect: 100-continue` with `100 Continue`, so that the client sends its body at once.
///
/// curl (and .NET's and Java's HTTP clients) ask before uploading a body over 1 MB — a term's
/// calendar file, say — and, hearing nothing, wait a second before sending it anyway: every large
/// import from a script took a second longer than its work (issue #11 measured it as a `.ics`
/// import that seemed to grow faster than its size). Hummingbird does not answer the question
/// itself. The server always wants the body (limits are checked as it is read), so the answer
/// is always "continue". One instance per connection (the server builds them per channel).
final class ExpectContinueHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let request) = unwrapInboundIn(data), let expect = request.headerFields[.expect],
            expect.lowercased() == "100-continue"
        {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }
}
