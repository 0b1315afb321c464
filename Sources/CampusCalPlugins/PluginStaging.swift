import CampusCalCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the admin API may install plugins from (issue #26, review L6): only a folder inside the
/// configured staging folder (`plugins.staging_directory`), reached without symbolic links — so a
/// stolen admin token cannot install code an attacker left in `/tmp`. The shell's
/// `campuscal plugin install` needs no token, only the server's shell, and is not bound by it.
struct PluginStaging {
    /// nil: the API installs nothing.
    let directory: String?

    /// Throws `PluginError.refused` unless `folder` is a folder inside the staging folder.
    func check(_ folder: String) throws(PluginError) {
        guard let directory else {
            throw .refused(
                "this server installs plugins over the API only from a staging folder, and none is configured: set plugins.staging_directory, or install from the shell (campuscal plugin install)"
            )
        }
        let staging = Self.realPath(directory)
        guard let staging else {
            throw .refused("the staging folder \(directory) (plugins.staging_directory) does not exist; make it and copy the plugin into it")
        }
        guard !Self.isSymbolicLink(folder), let real = Self.realPath(folder), real.hasPrefix(staging + "/") else {
            throw .refused(
                "\(folder) is not a folder inside the staging folder \(staging) (plugins.staging_directory); copy the plugin's folder there (not a symbolic link) and install it from there"
            )
        }
    }

    /// The path with every symbolic link and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` itself (not what it points at) is a symbolic link.
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & 0o170000 == 0o120000
    }
}
