import CCurl
import CCurlShim
import CampusCalCore

/// Turns a failed libcurl SMTP transfer into a `MailError` a caller can act on.
enum SMTPFailure {
    /// - Parameters:
    ///   - code: what `curl_easy_perform` returned.
    ///   - responseCode: the last SMTP reply code (`CURLINFO_RESPONSE_CODE`), 0 if none.
    ///   - serverReply: the relay's last reply, e.g. `550 5.1.1 <x@y>: no such user`.
    ///   - curlMessage: libcurl's detailed message (its error buffer), or `curl_easy_strerror`.
    ///   - host: the relay, to name in the message.
    static func mailError(code: CURLcode, responseCode: Int, serverReply: String?, curlMessage: String, host: String) -> MailError {
        // Settings problems first: a TLS failure also leaves the last (successful) reply code behind.
        switch code {
        case CURLE_USE_SSL_FAILED:
            return .configuration(
                "\(host) does not offer STARTTLS, and security is 'startTLS': not sending in plain text. "
                    + "Use a relay that supports STARTTLS, or security 'none' only for a trusted local relay.")
        case CURLE_PEER_FAILED_VERIFICATION:
            return .configuration(
                "The TLS certificate of \(host) could not be verified (\(curlMessage)). "
                    + "Set caFile to the CA that signed it, or give the relay a certificate the system trusts.")
        case CURLE_SSL_CACERT_BADFILE:
            return .configuration("The CA file could not be loaded (\(curlMessage)); it must be PEM certificates.")
        case CURLE_SSL_CONNECT_ERROR:
            return .configuration(
                "The TLS handshake with \(host) failed (\(curlMessage)). Check that the port and the security setting match "
                    + "(465: tls with smtps://; 587 or 25: startTLS with smtp://).")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT, CURLE_NOT_BUILT_IN, CURLE_UNKNOWN_OPTION:
            return .configuration("libcurl refused the SMTP settings: \(curlMessage).")
        default:
            break
        }
        let reply = serverReply.map { "\(host) answered: \($0)" }
        switch responseCode {
        case 400..<500:
            return .temporary(reply ?? "\(host) answered \(responseCode) (try again later): \(curlMessage)")
        case 500..<600:
            return .permanent(reply ?? "\(host) answered \(responseCode): \(curlMessage)")
        default:
            break
        }
        switch code {
        case CURLE_COULDNT_CONNECT:
            return .temporary("Could not connect to \(host) (\(curlMessage)); is the relay running and the port right?")
        case CURLE_COULDNT_RESOLVE_HOST:
            return .temporary("Could not resolve \(host) (\(curlMessage)); check the host name and DNS.")
        case CURLE_OPERATION_TIMEDOUT:
            return .temporary("\(host) did not answer in time (\(curlMessage)).")
        case CURLE_LOGIN_DENIED:
            return .permanent(reply ?? "\(host) refused the login: \(curlMessage).")
        default:
            // Unknown failures are treated as temporary: a retry costs little, a dropped notification more.
            return .temporary("Sending through \(host) failed: \(curlMessage)" + (reply.map { " (\($0))" } ?? ""))
        }
    }
}
