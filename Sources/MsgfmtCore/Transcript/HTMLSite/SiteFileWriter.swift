import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes whole files under the site's directory, creating their folders: the search
/// index's data files, which are complete when handed over. `write` may be called from
/// two threads at once (a search block is written on its own thread, `SearchBlockFlush`).
final class SiteFileWriter {
    let directory: String
    /// The folders made so far, and whether a file could not be written.
    private let state = Mutex((folders: Set<String>(), failed: false))
    /// True once a file could not be written.
    var failed: Bool { state.withLock { $0.failed } }

    /// Creates a writer under `directory` (the temporary output directory).
    init(directory: String) {
        self.directory = directory
    }

    /// Writes `bytes` to `path` (relative to the directory, `/`-separated).
    func write(_ path: String, _ bytes: [UInt8]) {
        makeFolders(of: path)
        let file = HTMLFile(path: directory + "/" + path)
        file.sink.write(bytes)
        file.close()
        if file.failed { state.withLock { $0.failed = true } }
    }

    /// Where the links `linkLater` asks for are made, one after the other, beside the
    /// writing; `waitForLinks` waits for them.
    private let linker = DispatchQueue(label: "msgfmt.site-links")
    private let linking = DispatchGroup()
    private let linkFailure = LinkFailure()

    /// While true, `linkLater` only notes the links (`releaseLinks` makes them): an update
    /// that writes no page may turn out to have nothing to write.
    var holdsLinks = false
    private var held: [(path: String, source: String)] = []

    /// The paths of the links noted and not made yet.
    var heldLinks: [String] { held.map(\.path) }

    /// Makes the links noted so far and every later one as it is asked for.
    func releaseLinks() {
        guard holdsLinks else { return }
        holdsLinks = false
        for link in held { linkLater(link.path, to: link.source) }
        held = []
    }

    /// Whether a link failed (set on the linking queue, read after waiting for it).
    private final class LinkFailure: @unchecked Sendable {
        var failed = false
    }

    /// Gives `path` (relative to the directory) the file `source` as a second name (a hard
    /// link: the file is shared, not copied), on another thread; `waitForLinks` says
    /// whether every link was made.
    func linkLater(_ path: String, to source: String) {
        if holdsLinks {
            held.append((path, source))
            return
        }
        let target = directory + "/" + path
        let folders = parentFolders(of: path)
        let failure = linkFailure
        let group = linking
        group.enter()
        linker.async {
            if Glibc.link(source, target) != 0 {
                for f in folders { _ = mkdir(f, 0o755) }
                if Glibc.link(source, target) != 0 { failure.failed = true }
            }
            group.leave()
        }
    }

    /// Waits for the links asked for so far; false when one could not be made.
    func waitForLinks() -> Bool {
        linking.wait()
        return !linkFailure.failed
    }

    /// Creates the folders of `path` this writer has not created yet (under the lock, so a
    /// folder another thread noted is made before this one goes on).
    private func makeFolders(of path: String) {
        let wanted = parentFolders(of: path)
        state.withLock { state in
            for folder in wanted where state.folders.insert(folder).inserted { _ = mkdir(folder, 0o755) }
        }
    }

    /// The folders `path` (relative to the directory) lies in, outermost first, as absolute
    /// paths.
    private func parentFolders(of path: String) -> [String] {
        var out: [String] = []
        var folder = directory
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            out.append(folder)
        }
        return out
    }
}
