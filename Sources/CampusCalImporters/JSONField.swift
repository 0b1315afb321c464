import Foundation

/// Reading loosely typed LMS JSON (from `JSONSerialization`): ids, numbers and counts arrive as
/// numbers in one LMS, strings in another, and sometimes both in one API.
enum JSONField {
    /// An id as text: numbers (Canvas ids can pass 2^53, so never via Double) or non-empty strings.
    static func id(_ value: Any?) -> String? {
        switch value {
        case let text as String: text.isEmpty ? nil : text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    static func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue ?? (value as? String).flatMap { Int($0) } }

    static func double(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap(Double.init) }
}
