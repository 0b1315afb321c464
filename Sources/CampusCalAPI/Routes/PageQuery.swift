import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// The paging query parameters every list endpoint shares.
enum PageQuery {
    /// `?limit=`: 1…200, default 50 (unless the endpoint says otherwise); anything else is a 400
    /// naming the parameter.
    static func limit(_ request: Request, default fallback: Int = PageSize.default, maximum: Int = PageSize.maximum) throws -> Int {
        guard let raw = request.uri.queryParameters["limit"] else { return fallback }
        guard let limit = Int(raw), (1...maximum).contains(limit) else {
            throw Problem.badRequest(
                "invalid-parameter", "Query parameter 'limit' must be an integer from 1 to \(maximum) (it was '\(raw.prefix(20))').")
        }
        return limit
    }
}
