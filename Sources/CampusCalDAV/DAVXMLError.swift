/// Why a DAV request body was refused. Each says what to change, without quoting the body.
public enum DAVXMLError: Error, Sendable, Equatable {
    /// Not well-formed XML (the parser's message and line).
    case malformed(String)
    /// A document type declaration: DAV bodies never need one, and refusing it is what keeps
    /// entity expansion (billion laughs) and external entities (XXE) out.
    case documentTypeDeclaration
    /// Larger than the bytes a DAV body may have.
    case tooLarge(maximumBytes: Int)
    /// Nested deeper than the reader goes.
    case tooDeep(maximumDepth: Int)
    /// More elements than the reader counts.
    case tooManyElements(maximum: Int)
    /// Well-formed, but not the request this method takes (wrong root element, a missing part).
    case unexpected(String)

    /// A sentence for the person (or log) reading the error body.
    public var message: String {
        switch self {
        case .malformed(let reason): "The request body is not well-formed XML: \(reason)"
        case .documentTypeDeclaration: "The request body has a document type declaration (<!DOCTYPE …>); DAV requests take none."
        case .tooLarge(let maximum): "The request body is larger than the \(maximum) bytes a DAV request may send."
        case .tooDeep(let maximum): "The request body nests elements deeper than \(maximum) levels."
        case .tooManyElements(let maximum): "The request body has more than \(maximum) elements."
        case .unexpected(let reason): reason
        }
    }
}
