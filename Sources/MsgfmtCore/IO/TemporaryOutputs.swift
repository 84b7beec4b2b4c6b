import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files and directories of the running export, so an interrupted run can
/// remove them (nothing half-written is ever left under a final name).
public enum TemporaryOutputs {
    private static let paths = Mutex<Set<String>>([])
    /// Open files to cut back to their size when the run is interrupted (an output's layout
    /// cache, appended to in place), and whether it was.
    private static let restores = Mutex<(interrupted: Bool, sizes: [Int32: Int64])>((false, [:]))

    /// What the first `register` or `registerRestore` of a run runs before it remembers
    /// anything: the command's SIGINT/SIGTERM handler, which calls `removeAll`.
    private static let arming = Mutex<(@Sendable () -> Void)?>(nil)

    /// Sets `arm` (which installs the command's SIGINT/SIGTERM handler) to run once, when
    /// the run first makes a temporary output, before that output exists: a run that makes
    /// none (a transcript to standard output) keeps the default handling, which ends it
    /// just as well, and does not pay for a handler (libdispatch starts a thread for its
    /// signal sources). Nil disarms: the command's run is over.
    public static func armOnFirstUse(_ arm: (@Sendable () -> Void)?) {
        arming.withLock { $0 = arm }
    }

    /// Runs the arming set by `armOnFirstUse`, if it has not run yet.
    private static func armIfNeeded() {
        let arm = arming.withLock { arm in
            defer { arm = nil }
            return arm
        }
        arm?()
    }

    /// Remembers that the open file `fd` goes back to `size` bytes if the run is interrupted.
    static func registerRestore(fd: Int32, size: Int64) {
        armIfNeeded()
        restores.withLock { $0.sizes[fd] = size }
    }

    /// Forgets a file registered with `registerRestore`.
    static func unregisterRestore(fd: Int32) {
        restores.withLock { _ = $0.sizes.removeValue(forKey: fd) }
    }

    /// Runs `write` (a write to a file registered with `registerRestore`) unless the run
    /// was interrupted; an interruption waits until it is done, so nothing is written after
    /// the file was cut back. False when it did not run.
    static func unlessInterrupted(_ write: () -> Void) -> Bool {
        restores.withLock { state in
            guard !state.interrupted else { return false }
            write()
            return true
        }
    }

    /// Remembers a temporary path, which the caller creates after.
    static func register(_ path: String) {
        armIfNeeded()
        _ = paths.withLock { $0.insert(path) }
    }

    /// Forgets a path that was renamed or removed.
    static func unregister(_ path: String) {
        _ = paths.withLock { $0.remove(path) }
    }

    /// Cuts the files registered with `registerRestore` back and removes every registered
    /// temporary path (called on SIGINT/SIGTERM). The writing
    /// threads are still running: a folder is first renamed out of their way (they create
    /// files by path, so none lands in it afterwards but one already under way), then
    /// removed, again if such a file made the removal fail.
    public static func removeAll() {
        restores.withLock { state in
            state.interrupted = true
            for (fd, size) in state.sizes { _ = ftruncate(fd, off_t(size)) }
        }
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
