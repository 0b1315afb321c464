import CampusCalDAV
import Foundation
import HTTPTypes
import Hummingbird

/// The answers DAV routes give: XML bodies with their statuses, and the headers every DAV answer carries.
enum DAVReply {
    static let multiStatus = HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status")
    static let dav = HTTPField.Name("DAV")!
    static let depth = HTTPField.Name("Depth")!
    /// RFC 4918 class 1 and 3 (no locks: class 2 is not claimed), RFC 4791 calendar-access,
    /// RFC 7809 calendar-no-timezone (VTIMEZONEs may be left out both ways: IANA names are known).
    static let compliance = "1, 3, calendar-access, calendar-no-timezone"
    static let allowed = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR, MKCOL"

    static func xml(_ text: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/xml; charset=utf-8"
        headers[dav] = compliance
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func multistatus(_ responses: [Multistatus.Response]) -> Response {
        multistatus(body: Multistatus(responses).bytes)
    }

    /// A 207 whose body a `MultistatusWriter` wrote.
    static func multistatus(body: [UInt8], headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/xml; charset=utf-8"
        headers[dav] = compliance
        return Response(status: multiStatus, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func error(_ status: HTTPResponse.Status, _ condition: DAVElement?, _ description: String, headers: HTTPFields = [:]) -> Response {
        xml(DAVErrorBody(condition: condition, description: description).xml, status: status, headers: headers)
    }

    /// A calendar object resource's GET (or HEAD: the same headers, no body).
    static func resource(_ text: String, contentType: String, etag: String, lastModified: String, headOnly: Bool) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .eTag: etag, .lastModified: lastModified, dav: compliance]
        headers[.contentLength] = String(text.utf8.count)
        return Response(status: .ok, headers: headers, body: headOnly ? .init() : .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func empty(_ status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[dav] = compliance
        return Response(status: status, headers: headers)
    }
}
