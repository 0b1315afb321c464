import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shared library opened with `dlopen(RTLD_NOW | RTLD_LOCAL)`: every symbol is resolved at load
/// (an undefined one fails here, with `dlerror`'s words, not at the first call), and none leaks into
/// other plugins. Never closed: Swift code must never be unloaded (the Swift runtime keeps pointers
/// into it), and keeping C libraries too makes "disable" and "enable" the same for both.
struct SharedLibrary: @unchecked Sendable {
    // @unchecked: `handle` is an opaque dlopen handle, never dereferenced here and never closed,
    // so sharing it between threads is what dlsym is documented to allow.
    let handle: UnsafeMutableRawPointer
    let path: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The plugin whose library never finished loading in this process, if one did not: its
    /// thread still holds the dynamic loader's lock, so no other library can be opened here.
    static let stuckLoad = Mutex<String?>(nil)

    static func open(_ path: String, neverUnload: Bool) throws(Failure) -> SharedLibrary {
        var flags = RTLD_NOW | RTLD_LOCAL
        if neverUnload { flags |= RTLD_NODELETE }
        _ = dlerror()
        guard let handle = dlopen(path, flags) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw Failure(description: "the library could not be loaded: \(reason)")
        }
        return SharedLibrary(handle: handle, path: path)
    }

    /// The address of an exported function, or nil.
    func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        _ = dlerror()
        return dlsym(handle, name)
    }
}
