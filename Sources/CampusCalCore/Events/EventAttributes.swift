/// RFC 5545 `CLASS`: how much of the event others may see once it is shared.
public enum EventClassification: String, Sendable, CaseIterable {
    case `public` = "PUBLIC"
    case `private` = "PRIVATE"
    case confidential = "CONFIDENTIAL"
}

/// RFC 5545 `STATUS` of an event.
public enum EventStatus: String, Sendable, CaseIterable {
    case tentative = "TENTATIVE"
    case confirmed = "CONFIRMED"
    case cancelled = "CANCELLED"
}

/// RFC 5545 `TRANSP`: whether the event makes its time busy.
public enum EventTransparency: String, Sendable, CaseIterable {
    case opaque = "OPAQUE"
    case transparent = "TRANSPARENT"
}
