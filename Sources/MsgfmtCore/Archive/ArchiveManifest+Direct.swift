extension ArchiveManifest {
    /// The manifest in `bytes` read without a tree of the whole: its top-level members
    /// straight from the bytes, each file entry, page and other chat member parsed on its
    /// own (the checks are those of the tree path: `SiteChatRecord(json:readPages:)`,
    /// `SiteChatRecord.page(_:)`); nil for anything that path would refuse, or that this
    /// reader is not sure of (a member named twice, a name with escapes), which
    /// `treeParsed` then reads, with its reasons.
    static func directlyParsed(_ bytes: [UInt8], version: String) -> ArchiveManifest? {
        bytes.withUnsafeBufferPointer { buffer in
            var p = JSONParser(bytes: buffer, options: JSONParser.Options())
            return try? Self.read(&p, version: version)
        }
    }

    /// True when the direct reader gives up on `bytes` or reads what the tree reads, for the
    /// version the manifest names itself. For tests and fuzz targets (`@_spi(Testing)
    /// import MsgfmtCore`).
    @_spi(Testing)
    public static func directReadingAgrees(_ bytes: [UInt8]) -> Bool {
        let version = (try? JSONParser.parse(bytes))?["msgfmt"]?.stringValue ?? ""
        guard let direct = directlyParsed(bytes, version: version) else { return true }
        return (try? treeParsed(bytes, version: version)) == direct
    }

    /// The top-level object at `p`, then nothing but white space. Any error thrown (a
    /// `Problem` of the shared checks, `JSONDirect.Unsure`, a parse error) leaves the
    /// manifest to the tree path.
    private static func read(_ p: inout JSONParser, version: String) throws -> ArchiveManifest {
        var schema: Int64?
        var writer: String?
        var hashVersion: Int64?
        var options: ContentHash?
        var inputs: ContentHash?
        var files: [File]?
        var chats: [SiteChatRecord]?
        var seen: Set<String> = []
        p.skipWhitespace()
        try JSONDirect.expect(UInt8(ascii: "{"), &p)
        try JSONDirect.members(&p) { name, p in
            let key = String(decoding: p.bytes[name], as: UTF8.self)
            guard seen.insert(key).inserted else { throw JSONDirect.Unsure() }
            switch key {
            case "schema": schema = try JSONDirect.integer(&p)
            case "msgfmt": writer = try JSONDirect.string(&p)
            case "content_hash": hashVersion = try JSONDirect.integer(&p)
            case "options": options = ContentHash(try JSONDirect.string(&p))
            case "inputs": inputs = ContentHash(try JSONDirect.string(&p))
            case "files":
                var read: [File] = []
                try JSONDirect.elements(&p) { p in read.append(try Self.file(try Self.tree(&p))) }
                files = read
            case "chats":
                var read: [SiteChatRecord] = []
                try JSONDirect.elements(&p) { p in read.append(try Self.chat(&p)) }
                chats = read
            default: try p.skipValue()
            }
        }
        p.skipWhitespace()
        guard p.pos == p.bytes.count, schema == Int64(Self.schema), let writer, writer == version,
            hashVersion == Int64(ContentHash.version), let options, let inputs, let files
        else { throw JSONDirect.Unsure() }
        var manifest = ArchiveManifest(version: writer, options: options, inputs: inputs, files: files)
        for chat in chats ?? [] {
            try checkFolder(of: chat)
            manifest.chats.append(chat)
        }
        return manifest
    }

    /// One chat record at `p`: its pages read one at a time, its other members as trees.
    private static func chat(_ p: inout JSONParser) throws -> SiteChatRecord {
        var members: [(String, JSONValue)] = []
        var pages: [SitePageRecord]?
        try JSONDirect.expect(UInt8(ascii: "{"), &p)
        try JSONDirect.members(&p) { name, p in
            let key = String(decoding: p.bytes[name], as: UTF8.self)
            guard !members.contains(where: { $0.0 == key }), !(key == "pages" && pages != nil) else { throw JSONDirect.Unsure() }
            guard key == "pages" else {
                members.append((key, try Self.tree(&p)))
                return
            }
            var read: [SitePageRecord] = []
            try JSONDirect.elements(&p) { p in
                guard let page = SiteChatRecord.page(try Self.tree(&p)) else { throw JSONDirect.Unsure() }
                read.append(page)
            }
            pages = read
        }
        guard let pages, let chat = SiteChatRecord(json: .object(members), readPages: pages) else { throw JSONDirect.Unsure() }
        return chat
    }

    /// The value at `p` as a tree of its own, `p` moved past it.
    private static func tree(_ p: inout JSONParser) throws -> JSONValue {
        let start = p.pos
        try p.skipValue()
        let slice = UnsafeBufferPointer(rebasing: p.bytes[start..<p.pos])
        return try JSONParser.parse(Array(slice))
    }
}
