#if canImport(Glibc)
    import Glibc
#endif

/// Writes whole files under the site's directory, creating their folders: the search
/// index's data files, which are complete when handed over.
final class SiteFileWriter {
    let directory: String
    private var folders: Set<String> = []
    /// True once a file could not be written.
    private(set) var failed = false

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
        if file.failed { failed = true }
    }

    /// Gives `path` (relative to the directory) the file `source` as a second name (a hard
    /// link: the file is shared, not copied); false when that fails.
    func link(_ path: String, to source: String) -> Bool {
        makeFolders(of: path)
        return Glibc.link(source, directory + "/" + path) == 0
    }

    private func makeFolders(of path: String) {
        var folder = directory
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            if folders.insert(folder).inserted { _ = mkdir(folder, 0o755) }
        }
    }
}
