import Foundation
import HTTPTypes
import Hummingbird
import Logging

extension Problem {
    /// The response for this problem: `application/problem+json`, the problem's status and headers.
    func response(for request: Request, requestID: String) -> Response {
        var headers = self.headers
        headers[.contentType] = "application/problem+json"
        let body = self.body(instance: request.uri.path, requestID: requestID)
        // Encoding a struct of strings cannot fail; the fallback keeps even that path a valid problem.
        let data =
            (try? APIJSON.encoder.encode(body))
            ?? Data(#"{"type":"urn:campuscal:problem:internal-error","title":"Internal server error","status":500}"#.utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
