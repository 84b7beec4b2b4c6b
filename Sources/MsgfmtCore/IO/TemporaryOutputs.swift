import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files and directories of the running export, so an interrupted run can
/// remove them (nothing half-written is ever left under a final name).
public enum TemporaryOutputs {
    private static let paths = Mutex<Set<String>>([])

    /// Remembers a temporary path.
    static func register(_ path: String) {
        _ = paths.withLock { $0.insert(path) }
    }

    /// Forgets a path that was renamed or removed.
    static func unregister(_ path: String) {
        _ = paths.withLock { $0.remove(path) }
    }

    /// Removes every registered temporary path (called on SIGINT/SIGTERM). The writing
    /// threads are still running: a folder is first renamed out of their way (they create
    /// files by path, so none lands in it afterwards but one already under way), then
    /// removed, again if such a file made the removal fail.
    public static func removeAll() {
        let all = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        let files = FileManager.default
        for path in all {
            let doomed = path + ".removing"
            let target = (try? files.moveItem(atPath: path, toPath: doomed)) != nil ? doomed : path
            for attempt in 0..<20 {
                try? files.removeItem(atPath: target)
                if !files.fileExists(atPath: target) { break }
                usleep(UInt32(1000 * (attempt + 1)))
            }
        }
    }
}
