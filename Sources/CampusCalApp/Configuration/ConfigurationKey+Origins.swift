import CampusCalAPI

extension ConfigurationKey {
    /// A list of web origins: a TOML array (which arrives one item per line), or commas or spaces in
    /// an environment variable. Each must be one exact origin (`CrossOriginPolicy.origin`): a `*`
    /// would hand every site a student's calendar, so it is an error rather than a convenience.
    static func origins(_ name: String, _ keyPath: any WritableKeyPath<CampusCalConfiguration, [String]> & Sendable) -> ConfigurationKey {
        ConfigurationKey(
            name: name, isSecret: false,
            apply: { configuration, value throws(ConfigurationValueError) in
                var origins: [String] = []
                for item in value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }) {
                    guard let origin = CrossOriginPolicy.origin(String(item)) else {
                        throw ConfigurationValueError(
                            expectation: "origins such as https://app.campus.edu (scheme, host, optional port; no wildcard or path), not \(item)")
                    }
                    origins.append(origin)
                }
                configuration[keyPath: keyPath] = origins
            },
            read: { $0[keyPath: keyPath].joined(separator: ", ") })
    }
}
