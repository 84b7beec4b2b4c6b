import Foundation

/// The temporary files and directories of the running export, so an interrupted run can
/// remove them (nothing half-written is ever left under a final name).
public enum TemporaryOutputs {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []

    /// Remembers a temporary path.
    static func register(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    /// Forgets a path that was renamed or removed.
    static func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// Removes every registered temporary path (called on SIGINT/SIGTERM).
    public static func removeAll() {
        lock.lock()
        let all = paths
        paths.removeAll()
        lock.unlock()
        for path in all {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
