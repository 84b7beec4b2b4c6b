/// What `msgfmt export --update` keeps beside its output: which msgfmt wrote it, digests of
/// the options that shape the output and of the input files, and every file written with
/// the hash of its bytes. A later `--update` with the same version, options and inputs
/// whose files are all still as written has nothing to do; anything else is rebuilt.
///
/// One small JSON file with a versioned schema (`schema`), read with the located-error
/// JSON parser: whatever it holds, it is only compared, and its paths are only followed
/// when `ArchiveOutputFiles.isSafe` accepts them (relative, inside the output).
public struct ArchiveManifest: Sendable, Equatable {
    /// The schema this msgfmt writes and reads; a manifest of another schema is rebuilt.
    /// Bumped also when a site's files change shape (5: search chunks of 128 messages, not
    /// 32; 6: one term file of each kind for a block of few messages), so an update never
    /// keeps files of the old shape beside new ones.
    public static let schema = 6
    /// The manifest's name inside an HTML site; a file output's manifest is the file's
    /// name with `suffix` added.
    public static let fileName = "msgfmt-manifest.json"
    public static let suffix = ".msgfmt-manifest.json"
    /// The largest manifest read: anything longer is damaged.
    public static let maximumBytes = 64 << 20

    /// The msgfmt version that wrote the output.
    public var version: String
    /// Digest of the options that shape the output.
    public var options: ContentHash
    /// Digest of the input files' bytes.
    public var inputs: ContentHash
    /// Every file of the output (relative to the site, or the file's own name), sorted,
    /// with the hash of its bytes.
    public var files: [File]
    /// An HTML site's chats and pages (`SiteChatRecord`), which `--update` keeps pages by;
    /// empty for a file output.
    public var chats: [SiteChatRecord] = []

    /// One written file.
    public struct File: Sendable, Equatable {
        public var path: String
        public var hash: ContentHash
        /// Its size, time and inode when written (`ArchiveOutputFiles.signature(_:)`).
        public var signature: String?

        public init(path: String, hash: ContentHash, signature: String? = nil) {
            self.path = path
            self.hash = hash
            self.signature = signature
        }
    }

    /// Creates a manifest.
    public init(version: String, options: ContentHash, inputs: ContentHash, files: [File]) {
        self.version = version
        self.options = options
        self.inputs = inputs
        self.files = files
    }

    /// Why a manifest was not used: one sentence for the rebuild note.
    public enum Problem: Error, Sendable, Equatable {
        case unreadable(String)
        case damaged(String)
        case otherSchema(Int)
        case otherVersion(String)
        case unsafePath(String)

        /// One lower-case sentence.
        public var message: String {
            switch self {
            case .unreadable(let reason): "the manifest cannot be read (\(reason))"
            case .damaged(let reason): "the manifest is damaged (\(reason))"
            case .otherSchema(let s): "the manifest has schema \(s), this msgfmt writes \(ArchiveManifest.schema)"
            case .otherVersion(let v): "the output was written by msgfmt \(v)"
            case .unsafePath(let p): "the manifest names a path outside the output (\(p.debugDescription))"
            }
        }
    }

    /// The manifest as JSON, one line per file.
    public func json() -> [UInt8] {
        var w = JSONWriter()
        w.raw("{"); w.key("schema"); w.number(Self.schema)
        w.comma(); w.key("msgfmt"); w.string(version)
        w.comma(); w.key("content_hash"); w.number(ContentHash.version)
        w.comma(); w.key("options"); w.string(options.description)
        w.comma(); w.key("inputs"); w.string(inputs.description)
        w.comma(); w.key("files"); w.raw("[")
        for (i, file) in files.enumerated() {
            if i > 0 { w.comma() }
            w.raw("\n{"); w.key("path"); w.string(file.path); w.comma(); w.key("hash"); w.string(file.hash.description)
            if let signature = file.signature { w.comma(); w.key("stat"); w.string(signature) }
            w.raw("}")
        }
        w.raw("\n]")
        if !chats.isEmpty {
            w.comma(); w.key("chats"); w.raw("[")
            for (i, chat) in chats.enumerated() {
                if i > 0 { w.comma() }
                w.raw("\n")
                chat.write(to: &w)
            }
            w.raw("\n]")
        }
        w.raw("}\n")
        return w.bytes
    }

    /// Reads a manifest; `version` is this msgfmt's (a manifest of another is refused).
    ///
    /// A manifest as msgfmt writes it is read straight from its bytes, a file entry or a
    /// page at a time (`directlyParsed`), so a long chat's manifest is never a tree in
    /// memory; anything that reader is not sure of is read through the JSON tree, whose
    /// answers and reasons stay the only ones.
    public static func parse(_ bytes: [UInt8], version: String) throws(Problem) -> ArchiveManifest {
        if let manifest = directlyParsed(bytes, version: version) { return manifest }
        return try treeParsed(bytes, version: version)
    }

    /// `parse` through the JSON tree of the whole manifest.
    static func treeParsed(_ bytes: [UInt8], version: String) throws(Problem) -> ArchiveManifest {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw .damaged("not JSON")
        }
        guard case .object = value else { throw .damaged("not a JSON object") }
        guard let schema = value["schema"]?.int64Value else { throw .damaged("no schema") }
        guard schema == Int64(Self.schema) else { throw .otherSchema(Int(clamping: schema)) }
        guard let writer = value["msgfmt"]?.stringValue else { throw .damaged("no msgfmt version") }
        guard writer == version, value["content_hash"]?.int64Value == Int64(ContentHash.version) else {
            throw .otherVersion(writer)
        }
        guard let options = value["options"]?.stringValue.flatMap(ContentHash.init),
            let inputs = value["inputs"]?.stringValue.flatMap(ContentHash.init),
            case .array(let items)? = value["files"]
        else { throw .damaged("options, inputs or files missing") }
        var files: [File] = []
        for item in items { files.append(try file(item)) }
        var manifest = ArchiveManifest(version: writer, options: options, inputs: inputs, files: files)
        if case .array(let items)? = value["chats"] {
            for item in items {
                guard let chat = SiteChatRecord(json: item) else { throw .damaged("a chat record is not as written") }
                try checkFolder(of: chat)
                manifest.chats.append(chat)
            }
        }
        return manifest
    }

    /// One entry of `files`: a path inside the output and a hash, and maybe a signature.
    static func file(_ item: JSONValue) throws(Problem) -> File {
        guard let path = item["path"]?.stringValue, let hash = item["hash"]?.stringValue.flatMap(ContentHash.init) else {
            throw .damaged("a file without path or hash")
        }
        guard ArchiveOutputFiles.isSafe(path) else { throw .unsafePath(path) }
        return File(path: path, hash: hash, signature: item["stat"]?.stringValue)
    }

    /// Refuses a chat record whose folder is not one plain name inside the output.
    static func checkFolder(of chat: SiteChatRecord) throws(Problem) {
        if let folder = chat.folder, !ArchiveOutputFiles.isSafe(folder) || folder.contains("/") { throw .unsafePath(folder) }
    }
}
