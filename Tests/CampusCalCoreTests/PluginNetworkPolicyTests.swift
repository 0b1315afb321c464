import CampusCalCore
import Testing

/// Which hosts a plugin's `network` permission lets the host reach for it.
@Suite("Plugin network permission: host, host:port and *.domain entries")
struct PluginNetworkPolicyTests {
    @Test(arguments: [
        ("chat.campus.edu", 443, ["chat.campus.edu"], true),
        ("CHAT.Campus.edu", 8443, ["chat.campus.edu"], true),  // any port, any case
        ("chat.campus.edu", 8443, ["chat.campus.edu:443"], false),
        ("chat.campus.edu", 443, ["chat.campus.edu:443"], true),
        ("sms.campus.edu", 443, ["*.campus.edu"], true),
        ("campus.edu", 443, ["*.campus.edu"], false),  // the domain itself is not a subdomain
        ("evilcampus.edu", 443, ["*.campus.edu"], false),
        ("chat.campus.edu.evil.net", 443, ["chat.campus.edu"], false),
        ("127.0.0.1", 8080, ["127.0.0.1"], true),
        ("127.0.0.2", 8080, ["127.0.0.1"], false),
        ("chat.campus.edu", 443, [], false),
    ])
    func allows(host: String, port: Int, network: [String], expected: Bool) {
        #expect(PluginNetworkPolicy.allows(host: host, port: port, network: network) == expected)
    }
}
