import CCurl  // its module map links libcurl; the declarations come through CCurlShim too
import CCurlShim
import CampusCalCore

/// `curl_global_init`, run once per process on first use: Swift runs a global's initializer
/// exactly once, thread-safely, so no lock is needed. libcurl requires it before any other call
/// from a multi-threaded program.
private let curlGlobalInitialization: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// One SMTP transaction on a fresh libcurl easy handle: connect, (STARTTLS), (AUTH), MAIL FROM,
/// RCPT TO per recipient, DATA.
///
/// Blocking: call it from a thread that may block (`SMTPMailer` uses its own thread pool).
/// libcurl does the dot-stuffing and the final `.` line.
enum CurlSMTPTransfer {
    static func send(
        _ data: [UInt8], from sender: String, to recipients: [String], url: String, host: String,
        configuration: SMTPConfiguration
    ) throws(MailError) {
        guard curlGlobalInitialization == CURLE_OK else {
            throw .configuration("libcurl could not be initialised: \(String(cString: curl_easy_strerror(curlGlobalInitialization))).")
        }
        guard let handle = curl_easy_init() else { throw .temporary("libcurl could not create a handle (out of memory?).") }
        defer { curl_easy_cleanup(handle) }

        var recipientList: UnsafeMutablePointer<curl_slist>? = nil
        defer { curl_slist_free_all(recipientList) }
        for recipient in recipients { recipientList = curl_slist_append(recipientList, "<\(recipient)>") }

        let context = TransferContext(data: data)
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

        let code: CURLcode = try withExtendedLifetime(context) { () throws(MailError) -> CURLcode in
            try errorBuffer.withUnsafeMutableBufferPointer { (buffer) throws(MailError) -> CURLcode in
                let options = OptionSetter(handle: handle)
                try options.set(CURLOPT_NOSIGNAL, 1)  // no SIGALRM for timeouts: we are one thread among many
                try options.set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(buffer.baseAddress!))
                try options.set(CURLOPT_PROTOCOLS_STR, "smtp,smtps")
                try options.set(CURLOPT_URL, url)
                try options.set(CURLOPT_USE_SSL, Int(configuration.security == .none ? CURLUSESSL_NONE.rawValue : CURLUSESSL_ALL.rawValue))
                try options.set(CURLOPT_SSL_VERIFYPEER, configuration.verifyPeer ? 1 : 0)
                try options.set(CURLOPT_SSL_VERIFYHOST, configuration.verifyPeer ? 2 : 0)
                if let caFile = configuration.caFile { try options.set(CURLOPT_CAINFO, caFile) }
                if let username = configuration.username { try options.set(CURLOPT_USERNAME, username) }
                if let password = configuration.password { try options.set(CURLOPT_PASSWORD, password) }
                try options.set(CURLOPT_CONNECTTIMEOUT_MS, milliseconds(configuration.connectTimeout))
                try options.set(CURLOPT_TIMEOUT_MS, milliseconds(configuration.timeout))
                try options.set(CURLOPT_MAIL_FROM, "<\(sender)>")
                try options.check(ccurl_easy_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipientList), "CURLOPT_MAIL_RCPT")
                try options.set(CURLOPT_UPLOAD, 1)
                try options.check(ccurl_easy_setopt_read_function(handle, readCallback), "CURLOPT_READFUNCTION")
                try options.set(CURLOPT_READDATA, pointer: contextPointer)
                // The debug stream is the only way libcurl shows the relay's reply text; only
                // replies (HEADER_IN) are kept, never what we send, which includes AUTH secrets.
                try options.check(ccurl_easy_setopt_debug_function(handle, debugCallback), "CURLOPT_DEBUGFUNCTION")
                try options.set(CURLOPT_DEBUGDATA, pointer: contextPointer)
                try options.set(CURLOPT_VERBOSE, 1)
                return curl_easy_perform(handle)
            }
        }
        guard code != CURLE_OK else { return }

        var responseCode = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &responseCode)
        let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw SMTPFailure.mailError(
            code: code, responseCode: responseCode, serverReply: context.lastRefusal,
            curlMessage: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail, host: host)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

/// Calls the typed setters and turns a refused option into a configuration error.
private struct OptionSetter {
    let handle: UnsafeMutableRawPointer

    func check(_ code: CURLcode, _ option: String) throws(MailError) {
        guard code == CURLE_OK else {
            throw .configuration("libcurl refused \(option): \(String(cString: curl_easy_strerror(code))); is libcurl 7.85 or newer installed?")
        }
    }

    func set(_ option: CURLoption, _ value: Int) throws(MailError) {
        try check(ccurl_easy_setopt_long(handle, option, value), "option \(option.rawValue)")
    }

    func set(_ option: CURLoption, _ value: String) throws(MailError) {
        try check(ccurl_easy_setopt_string(handle, option, value), "option \(option.rawValue)")
    }

    func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer) throws(MailError) {
        try check(ccurl_easy_setopt_pointer(handle, option, pointer), "option \(option.rawValue)")
    }
}

/// What libcurl's callbacks read and write during one transfer. Only touched on the thread that
/// runs `curl_easy_perform`, which calls the callbacks synchronously, so it needs no lock.
private final class TransferContext {
    private let data: [UInt8]
    private var offset = 0
    private var replyLines: [String] = []
    private var refusal: String?

    init(data: [UInt8]) { self.data = data }

    /// The relay's last 4xx or 5xx reply, all its lines (`550-…`, `550 …`) joined by spaces: the
    /// reason for a failure. (The last reply of all is usually QUIT's "221 Bye".)
    var lastRefusal: String? { refusal }

    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, data.count - offset)
        data.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }

    func receivedReply(_ text: String) {
        for line in text.split(whereSeparator: \.isNewline) where !line.isEmpty {
            // A reply line "250-…" is followed by more; "250 …" ends the reply. A new reply replaces the old one.
            if let last = replyLines.last, Self.continues(last) {
                replyLines.append(String(line))
            } else {
                replyLines = [String(line)]
            }
            if !Self.continues(line), line.first == "4" || line.first == "5" {
                refusal = replyLines.joined(separator: " ")
            }
        }
    }

    private static func continues(_ line: some StringProtocol) -> Bool {
        line.count > 3 && line[line.index(line.startIndex, offsetBy: 3)] == "-"
    }
}

private let readCallback: ccurl_read_callback = { buffer, size, count, userdata in
    guard let buffer, let userdata else { return 0 }
    return Unmanaged<TransferContext>.fromOpaque(userdata).takeUnretainedValue().read(into: buffer, capacity: size * count)
}

private let debugCallback: ccurl_debug_callback = { _, type, data, size, userdata in
    guard type == CURLINFO_HEADER_IN, let data, let userdata else { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    Unmanaged<TransferContext>.fromOpaque(userdata).takeUnretainedValue().receivedReply(text)
    return 0
}
