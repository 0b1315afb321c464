import Foundation
import Testing

@testable import CampusCalAPI

/// HTTP dates written by hand (`HTTPDate`) are what a `DateFormatter` writes, across weekdays,
/// months, leap days and the epoch — so the speed-up changes no byte.
@Suite("HTTP dates (IMF-fixdate)")
struct HTTPDateTests {
    @Test func handWrittenDatesEqualTheFormatters() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(HTTPDate.string(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        var seconds = 0.0
        while seconds < 4_102_444_800 {  // every 3,607,013 s (about 41.7 days) until 2100
            let date = Date(timeIntervalSince1970: seconds)
            #expect(HTTPDate.string(date) == formatter.string(from: date))
            seconds += 3_607_013  // whole seconds: ICU rounds a fraction, HTTP dates truncate it
        }
        let leap = Date(timeIntervalSince1970: 1_709_164_800)  // 2024-02-29
        #expect(HTTPDate.string(leap) == formatter.string(from: leap))
    }
}
