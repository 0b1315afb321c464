import CampusCalCore
import Foundation

/// Moodle's `login/token.php`: the student's username and password, once, for a key of the mobile
/// app's web service (LMS reference §3). The password goes in a form body (never in a URL, where
/// access logs would keep it) and is not kept; `privatetoken` is not asked for or stored.
extension MoodleImporter: LMSPasswordSignIn {
    public func signIn(baseURL: String, username: String, password: String) async throws -> LMSCredentials {
        let response = try await http.postForm(
            baseURL + "/login/token.php", [("username", username), ("password", password), ("service", "moodle_mobile_app")])
        guard (200..<300).contains(response.status) else {
            throw LMSImportError.unavailable(
                "Moodle (\(LMSHTTPClient.host(baseURL))) answered HTTP \(response.status) to the sign-in. Try again later.")
        }
        guard let body = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            throw LMSImportError.unavailable("Moodle's answer to the sign-in could not be read; check the site address.")
        }
        if let token = body["token"] as? String, !token.isEmpty { return .moodleToken(token) }
        let message = (body["error"] as? String) ?? "the sign-in was refused"
        switch body["errorcode"] as? String {
        case "invalidlogin": throw LMSImportError.credentialsRefused("Moodle says: \(message). Check your username and password.")
        case "servicenotavailable", "enablewsdescription":
            throw LMSImportError.unavailable(
                "This Moodle site does not offer its mobile web service, which CampusCal signs in through; ask the Moodle administrator to enable it."
            )
        default: throw LMSImportError.credentialsRefused("Moodle says: \(message).")
        }
    }
}
