#if canImport(Glibc)
    import Glibc
#endif

/// `msgfmt export --update`: whether an existing output is already what the inputs and
/// options would make, and the manifest that lets a later run tell.
///
/// An output is up to date when its manifest (see `ArchiveManifest`) was written by this
/// msgfmt, records the same option and input digests, and every file it lists is still
/// there with the same bytes (a site holding other files, a file edited by hand or a
/// manifest that cannot be trusted is rebuilt). Anything else is rebuilt in full, under a
/// temporary name, and replaces the output only when complete: the result is
/// byte-identical to a fresh export, and an interrupted update leaves the old output.
public enum ArchiveUpdate {
    /// What to do with the output.
    public enum Decision: Sendable, Equatable {
        /// Nothing to write.
        case upToDate
        /// Write it again; the note says why (nil: there was no output before).
        case rebuild(note: String?)
        /// Write the site again keeping what it can of the previous one, whose manifest
        /// this is (`SitePageReuse`); whether anything changed shows once it is written.
        case keepPages(ArchiveManifest)
    }

    /// Where the manifest of `output` lives: inside a site, beside a file.
    public static func manifestPath(of output: String, directory: Bool) -> String {
        directory ? output + "/" + ArchiveManifest.fileName : output + ArchiveManifest.suffix
    }

    /// A digest of the input files' bytes that does not depend on their order (a merge is
    /// the same whatever order its files are given in); nil when one cannot be read.
    public static func digest(ofInputs paths: [String]) -> ContentHash? {
        var hashes: [ContentHash] = []
        for path in paths {
            // An export named by a link (`latest.json`) is read where it leads, as the run reads it.
            guard let hash = ArchiveOutputFiles.hash(ofFileAt: path, following: true) else { return nil }
            hashes.append(hash)
        }
        var hasher = ContentHasher()
        hasher.combine(Int64(hashes.count))
        for hash in hashes.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) {
            hasher.combine(Int64(bitPattern: hash.high))
            hasher.combine(Int64(bitPattern: hash.low))
        }
        return hasher.hash
    }

    /// Compares the output at `output` (a site when `directory`, else a file) with what
    /// `wanted` describes (its `files` are ignored). With `byPages` (a site made from one
    /// export, `wanted.inputs` not computed), an intact site whose manifest has page records
    /// is updated page by page instead of being compared as a whole.
    public static func check(output: String, directory: Bool, wanted: ArchiveManifest, byPages: Bool = false) -> Decision {
        let manifest: ArchiveManifest
        do {
            guard
                let bytes = try ArchiveOutputFiles.contents(
                    ofFileAt: manifestPath(of: output, directory: directory), limit: ArchiveManifest.maximumBytes)
            else {
                return .rebuild(note: exists(output) ? "\(output) has no msgfmt manifest; writing it in full" : nil)
            }
            manifest = try ArchiveManifest.parse(bytes, version: wanted.version)
        } catch {
            return .rebuild(note: "\(error.message); writing \(output) in full")
        }
        if manifest.options != wanted.options { return .rebuild(note: "the options changed; writing \(output) in full") }
        if !byPages, manifest.inputs != wanted.inputs { return .rebuild(note: "the input changed; writing \(output) in full") }
        if directory {
            let present = ArchiveOutputFiles.list(output)
            guard present.map(\.path) == manifest.files.map(\.path),
                zip(present, manifest.files).allSatisfy({ unchanged($1, signature: $0.signature, under: output) })
            else { return .rebuild(note: "files of \(output) changed since it was written; writing it in full") }
            if byPages {
                guard !manifest.chats.isEmpty else { return .rebuild(note: "the manifest has no page records; writing \(output) in full") }
                return .keepPages(manifest)
            }
        } else {
            let name = output.split(separator: "/").last.map(String.init) ?? output
            guard manifest.files.count == 1, manifest.files[0].path == name,
                ArchiveOutputFiles.hash(ofFileAt: output) == manifest.files[0].hash
            else { return .rebuild(note: "\(output) changed since it was written; writing it in full") }
        }
        return .upToDate
    }

    /// Whether a site's file, whose signature is now `signature`, is as its manifest says:
    /// the same signature (size, time and inode) or, when that changed, the same bytes.
    private static func unchanged(_ file: ArchiveManifest.File, signature: String, under root: String) -> Bool {
        if file.signature == signature { return true }
        return ArchiveOutputFiles.hash(of: file.path, under: root) == file.hash
    }

    /// The manifest of the output just written at `written` (the temporary site, or the
    /// file) that will be called `output`. A site's files that `previous` lists with the
    /// same signature (kept pages, linked) keep their hash; the others are read.
    public static func manifest(
        of written: String, output: String, directory: Bool, wanted: ArchiveManifest, previous: ArchiveManifest? = nil
    ) -> ArchiveManifest {
        var manifest = wanted
        if directory {
            var known: [String: ArchiveManifest.File] = [:]
            for file in previous?.files ?? [] where file.signature != nil { known[file.path] = file }
            manifest.files = ArchiveOutputFiles.list(written).compactMap { path, signature in
                if let old = known[path], old.signature == signature { return old }
                return ArchiveOutputFiles.hash(of: path, under: written).map {
                    ArchiveManifest.File(path: path, hash: $0, signature: signature)
                }
            }
        } else {
            let name = output.split(separator: "/").last.map(String.init) ?? output
            manifest.files = ArchiveOutputFiles.hash(ofFileAt: written).map { [ArchiveManifest.File(path: name, hash: $0)] } ?? []
        }
        return manifest
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
