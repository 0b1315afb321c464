/// Which CampusCal this is: what `campuscal --version` prints and the home page shows, so that an
/// administrator (and a bug report) can say which release is running. Raised with each release,
/// together with `CHANGELOG.md`; `-dev` marks a build from between releases.
public enum CampusCalVersion {
    public static let current = "0.9.0-dev"
}
