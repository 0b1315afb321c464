import CampusCalCore
import Foundation
import Logging

/// Moodle's `login/token.php`: the student's username and password, once, for a key of the mobile
/// app's web service (LMS reference §3). The password goes in a form body (never in a URL, where
/// access logs would keep it) and is not kept; `privatetoken` is not asked for or stored.
extension MoodleImporter: LMSPasswordSignIn {
    public func signIn(baseURL: String, username: String, password: String) async throws -> LMSCredentials {
        let response = try await http.postForm(
            baseURL + "/login/token.php", [("username", username), ("password", password), ("service", "moodle_mobile_app")])
        guard (200..<300).contains(response.status) else {
            throw http.unreachable(baseURL, "Moodle's token.php answered HTTP \(response.status)")
        }
        guard let body = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            throw http.unreachable(baseURL, "Moodle's token.php answered something other than JSON")
        }
        if let token = body["token"] as? String, !token.isEmpty { return .moodleToken(token) }
        let message = (body["error"] as? String) ?? "the sign-in was refused"
        switch body["errorcode"] as? String {
        case "invalidlogin": throw LMSImportError.credentialsRefused("Moodle says: \(message). Check your username and password.")
        case "servicenotavailable", "enablewsdescription":
            throw LMSImportError.unavailable(
                "This Moodle site does not offer its mobile web service, which CampusCal signs in through; ask the Moodle administrator to enable it."
            )
        // Only Moodle's own words for a wrong password are passed on; anything else the host said stays in the log.
        default:
            http.logger.warning("Moodle sign-in at \(LMSHTTPClient.host(baseURL)) refused: \(message.prefix(300))")
            throw LMSImportError.credentialsRefused("Moodle refused the sign-in. Check the site address, your username and your password.")
        }
    }
}
