import CampusCalCore
import Foundation
import Hummingbird
import Logging

/// The paging query parameters every list endpoint shares.
enum PageQuery {
    /// `?limit=`: 1…200, default 50; anything else is a 400 naming the parameter.
    static func limit(_ request: Request) throws -> Int {
        guard let raw = request.uri.queryParameters["limit"] else { return PageSize.default }
        guard let limit = Int(raw), (1...PageSize.maximum).contains(limit) else {
            throw Problem.badRequest(
                "invalid-parameter", "Query parameter 'limit' must be an integer from 1 to \(PageSize.maximum) (it was '\(raw.prefix(20))').")
        }
        return limit
    }
}
