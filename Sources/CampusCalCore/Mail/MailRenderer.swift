/// Renders a `MailMessage` as an Internet message (RFC 5322 with MIME): 7-bit ASCII, CRLF line
/// ends, header lines folded within 78 characters, the body in quoted-printable UTF-8.
///
/// Pure and deterministic, so that what goes on the wire can be tested without a network.
/// Header injection is impossible by construction: every value passes through
/// `HeaderField.sanitized`, which turns line breaks into spaces, and addresses and extra header
/// names are validated when they are made.
public enum MailRenderer {
    /// The message's bytes, ready for SMTP `DATA` (before dot-stuffing, which is the transport's job).
    public static func render(_ message: MailMessage) -> [UInt8] {
        Array(renderText(message).utf8)
    }

    /// The same as `render`, as a string (always ASCII).
    public static func renderText(_ message: MailMessage) -> String {
        var head = ""
        head += simpleField("Date", RFC5322Date.format(message.date))
        head += addressField("From", [message.from])
        head += addressField("To", message.to)
        var subject = HeaderField(name: "Subject")
        subject.appendUnstructured(message.subject)
        head += subject.rendered
        head += simpleField("Message-ID", "<" + messageIDPart(message.messageID) + ">")
        head += simpleField("MIME-Version", "1.0")
        head += simpleField("Content-Type", "text/plain; charset=utf-8")
        head += simpleField("Content-Transfer-Encoding", "quoted-printable")
        for extra in message.extraHeaders {
            var field = HeaderField(name: extra.name)
            field.appendUnstructured(extra.value)
            head += field.rendered
        }
        return head + "\r\n" + QuotedPrintable.encode(message.textBody)
    }

    private static func simpleField(_ name: String, _ value: String) -> String {
        var field = HeaderField(name: name)
        field.append(" " + value)
        return field.rendered
    }

    /// `Name: "Display" <a@b>, =?UTF-8?B?…?= <c@d>`, folded between addresses when long.
    private static func addressField(_ name: String, _ addresses: [MailAddress]) -> String {
        var field = HeaderField(name: name)
        for (index, address) in addresses.enumerated() {
            if let displayName = address.name { field.appendDisplayName(displayName) }
            let separator = index < addresses.count - 1 ? "," : ""
            field.append(" <" + address.address + ">" + separator)
        }
        return field.rendered
    }

    /// The message id with everything that could break `<…>` removed: it is set by code, but a
    /// header must stay one header whatever it is given.
    private static func messageIDPart(_ id: String) -> String {
        String(String.UnicodeScalarView(id.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F && $0 != "<" && $0 != ">" }))
    }
}
