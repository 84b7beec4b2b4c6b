#if canImport(Glibc)
    import Glibc
#endif

/// The files of an output as `export --update` sees them: hashes of their bytes, the
/// files of a site, and which manifest paths may be followed.
public enum ArchiveOutputFiles {
    /// Whether a manifest path stays inside the output: relative, no empty, `.` or `..`
    /// component, no backslash or control character, not the manifest itself or the
    /// layout cache.
    public static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, path.utf8.count <= 4096, !path.hasPrefix("/"), path != ArchiveManifest.fileName,
            !LayoutCache.isCacheFile(path)
        else { return false }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0.value == 0x7F }) { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The hash of the file at the safe relative `path` under `root`, nil when a folder
    /// on the way is not a real folder (a symbolic link is not followed) or the file is
    /// missing, not a regular file or unreadable.
    public static func hash(of path: String, under root: String) -> ContentHash? {
        guard isSafe(path) else { return nil }
        var prefix = root
        for folder in path.split(separator: "/").dropLast() {
            prefix += "/" + folder
            var info = stat()
            guard lstat(prefix, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        }
        return hash(ofFileAt: root + "/" + path)
    }

    /// The size, modification time and inode of a regular file
    /// (`12345.1700000000.123456789.42`). A file whose signature is what the manifest
    /// recorded is taken to be unchanged without reading it, as `make` and `rsync` do.
    static func signature(_ info: stat) -> String {
        "\(info.st_size).\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec).\(info.st_ino)"
    }

    /// The hash of the bytes of the regular file at `path` (SHA-256, cut to 128 bits; the
    /// file is not followed when it is a symbolic link, unless `following`: an input named
    /// by a link), nil when it is missing, not a regular file or unreadable.
    public static func hash(ofFileAt path: String, following: Bool = false) -> ContentHash? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (following ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let digester = MessageDigester()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            buffer.withUnsafeBufferPointer { digester.add(UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
        return digester.finish()
    }

    /// The bytes of the regular file at `path` (not followed when it is a symbolic link)
    /// when it holds at most `limit` bytes; nil when missing; throws when unreadable or
    /// larger.
    public static func contents(ofFileAt path: String, limit: Int) throws(ArchiveManifest.Problem) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(String(cString: strerror(errno)).lowercased())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .damaged("not a regular file") }
        guard Int(info.st_size) <= limit else { throw .damaged("larger than \(limit) bytes") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw .unreadable("it shrank while being read") }
            done += n
        }
        return bytes
    }

    /// Every regular file under `directory` with its signature (`signature(_:)`), sorted by
    /// path relative to `directory`, without the manifest and the layout cache (which
    /// the manifest does not vouch for: the cache checks its own entries); symbolic links are neither listed
    /// nor followed. Each entry is looked up once, relative to its open folder.
    public static func list(_ directory: String) -> [(path: String, signature: String)] {
        var found: [(path: String, signature: String)] = []
        func walk(_ relative: String) {
            guard let dir = opendir(relative.isEmpty ? directory : directory + "/" + relative) else { return }
            defer { closedir(dir) }
            let fd = dirfd(dir)
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: walk(path)
                case S_IFREG:
                    if path != ArchiveManifest.fileName, !LayoutCache.isCacheFile(path) { found.append((path, signature(info))) }
                default: break
                }
            }
        }
        walk("")
        return found.sorted { $0.path < $1.path }
    }
}
