import FoundationEssentials
import Synchronization

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

    /// Removes every registered temporary path (called on SIGINT/SIGTERM).
    public static func removeAll() {
        let all = paths.withLock { paths in
            defer { paths.removeAll() }
            return paths
        }
        for path in all {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
