extension SiteChatRecord {
    /// Writes the record as the manifest keeps it: an object whose pages are arrays
    /// (`[inputs, digest, reusable, ids, days, lastDay, first, last, media counts, media
    /// paths, media digest, end, quotes]`, each quote `[id, at, page or -1, preview digest
    /// or null]`, then, for a page with warnings, `[[id, entity or null, byte or null,
    /// message, source or null], …]`), so a long chat's record stays small.
    func write(to w: inout JSONWriter) {
        w.raw("{"); w.key("key"); w.string(key.description)
        w.comma(); w.key("folder")
        if let folder { w.string(folder) } else { w.null() }
        w.comma(); w.key("tail"); w.raw("["); w.number(tailInputs); w.comma(); w.string(tailDigest.description); w.raw("]")
        w.comma(); w.key("blocks"); w.raw("[")
        for (i, block) in blocks.enumerated() {
            if i > 0 { w.comma() }
            w.string(block)
        }
        w.raw("]"); w.comma(); w.key("pages"); w.raw("[")
        for (i, page) in pages.enumerated() {
            if i > 0 { w.comma() }
            w.raw("\n[")
            w.number(page.inputs); w.comma(); w.string(page.digest.description); w.comma(); w.bool(page.reusable); w.comma()
            w.raw("[")
            for (j, run) in page.ids.enumerated() {
                if j > 0 { w.comma() }
                w.raw("["); w.number(run.first); w.comma(); w.number(run.count); w.raw("]")
            }
            w.raw("],[")
            for (j, day) in page.days.enumerated() {
                if j > 0 { w.comma() }
                w.number(day)
            }
            w.raw("],")
            if let day = page.lastDay { w.number(day) } else { w.null() }
            w.comma(); w.number(page.first); w.comma(); w.number(page.last); w.comma()
            let m = page.media
            w.raw("["); w.number(m.linked); w.comma(); w.number(m.copied); w.comma(); w.number(m.notIncluded); w.comma()
            w.number(m.missing); w.raw("],[")
            for (j, path) in page.mediaPaths.enumerated() {
                if j > 0 { w.comma() }
                w.string(path)
            }
            w.raw("],"); w.string(page.mediaDigest.description); w.comma(); w.number(page.end); w.raw(",[")
            for (j, quote) in page.quotes.enumerated() {
                if j > 0 { w.comma() }
                w.raw("["); w.number(quote.id); w.comma(); w.number(quote.at); w.comma(); w.number(quote.page ?? -1); w.comma()
                if let preview = quote.preview { w.string(preview.description) } else { w.null() }
                w.raw("]")
            }
            w.raw("]")
            if !page.warnings.isEmpty {
                w.raw(",[")
                for (j, warning) in page.warnings.enumerated() {
                    if j > 0 { w.comma() }
                    w.raw("["); w.number(warning.messageID); w.comma()
                    if let entity = warning.entityIndex { w.number(entity) } else { w.null() }
                    w.comma()
                    if let byte = warning.byte { w.number(byte) } else { w.null() }
                    w.comma(); w.string(warning.message); w.comma()
                    if let source = warning.source { w.string(source) } else { w.null() }
                    w.raw("]")
                }
                w.raw("]")
            }
            w.raw("]")
        }
        w.raw("]}")
    }

    /// Reads a record as `write(to:)` writes it; nil when it is anything else. With
    /// `readPages`, its pages are those (read one by one as `page(_:)` reads them, by a
    /// reader that leaves them out of `json`) and `json` needs no `pages`.
    init?(json: JSONValue, readPages: [SitePageRecord]? = nil) {
        guard let key = json["key"]?.stringValue.flatMap(ContentHash.init), let folderValue = json["folder"],
            case .array(let tail)? = json["tail"], tail.count == 2, let tailInputs = tail[0].int64Value, tailInputs >= 0,
            let tailDigest = tail[1].stringValue.flatMap(ContentHash.init),
            case .array(let blocks)? = json["blocks"]
        else { return nil }
        var folder: String?
        switch folderValue {
        case .null: folder = nil
        case .string(let name): folder = name
        default: return nil
        }
        self.init(key: key, folder: folder)
        self.tailInputs = Int(tailInputs)
        self.tailDigest = tailDigest
        for block in blocks {
            guard let scalars = block.stringValue else { return nil }
            self.blocks.append(scalars)
        }
        if let readPages {
            self.pages = readPages
        } else {
            guard case .array(let items)? = json["pages"] else { return nil }
            for item in items {
                guard let page = Self.page(item) else { return nil }
                self.pages.append(page)
            }
        }
        // Each span starts where the one before ended.
        guard zip(self.pages, self.pages.dropFirst()).allSatisfy({ $0.end < $1.end }) else { return nil }
    }

    /// Reads one page of a record as `write(to:)` writes it; nil when it is anything else.
    static func page(_ json: JSONValue) -> SitePageRecord? {
        guard case .array(let f) = json, f.count == 13 || f.count == 14, let inputs = f[0].int64Value, inputs > 0,
            inputs < Int64(Int32.max),
            let digest = f[1].stringValue.flatMap(ContentHash.init), case .bool(let reusable) = f[2],
            case .array(let runs) = f[3], case .array(let days) = f[4], let first = f[6].int64Value, let last = f[7].int64Value,
            case .array(let media) = f[8], media.count == 4, case .array(let paths) = f[9],
            let mediaDigest = f[10].stringValue.flatMap(ContentHash.init), let end = f[11].int64Value, end > 0, end < 1 << 50
        else { return nil }
        var page = SitePageRecord()
        page.inputs = Int(inputs)
        page.end = Int(end)
        page.digest = digest
        page.reusable = reusable
        for run in runs {
            guard case .array(let pair) = run, pair.count == 2, let id = pair[0].int64Value, let count = pair[1].int64Value,
                count > 0, count <= inputs
            else { return nil }
            page.ids.append(SitePageRecord.IDRun(first: id, count: Int(count)))
        }
        guard page.written <= page.inputs else { return nil }
        for day in days {
            guard let d = day.int64Value else { return nil }
            page.days.append(d)
        }
        switch f[5] {
        case .null: page.lastDay = nil
        default:
            guard let d = f[5].int64Value else { return nil }
            page.lastDay = d
        }
        page.first = first
        page.last = last
        let counts = media.compactMap { $0.int64Value.map { Int(clamping: $0) } }
        guard counts.count == 4, counts.allSatisfy({ $0 >= 0 }) else { return nil }
        page.media.linked = counts[0]
        page.media.copied = counts[1]
        page.media.notIncluded = counts[2]
        page.media.missing = counts[3]
        for path in paths {
            guard let p = path.stringValue else { return nil }
            page.mediaPaths.append(p)
        }
        page.mediaDigest = mediaDigest
        guard case .array(let quotes) = f[12] else { return nil }
        for item in quotes {
            guard case .array(let q) = item, q.count == 4, let id = q[0].int64Value, let at = q[1].int64Value, at >= 0,
                at < inputs, let target = q[2].int64Value, target >= -1, target < Int64(Int32.max)
            else { return nil }
            var preview: ContentHash?
            switch q[3] {
            case .null: preview = nil
            default:
                guard let digest = q[3].stringValue.flatMap(ContentHash.init) else { return nil }
                preview = digest
            }
            page.quotes.append(SiteQuote(id: id, at: Int(at), page: target < 0 ? nil : Int(target), preview: preview))
        }
        if f.count == 14 {
            guard case .array(let warnings) = f[13], !warnings.isEmpty, warnings.count <= SitePageWarning.perPage, reusable else {
                return nil
            }
            for item in warnings {
                guard let warning = warning(item) else { return nil }
                page.warnings.append(warning)
            }
        }
        return page
    }

    /// Reads one warning of a page as `write(to:)` writes it; nil when it is anything else.
    private static func warning(_ json: JSONValue) -> SitePageWarning? {
        guard case .array(let w) = json, w.count == 5, let id = w[0].int64Value, let message = w[3].stringValue else { return nil }
        var entity: Int?
        var byte: Int?
        var source: String?
        switch w[1] {
        case .null: entity = nil
        default:
            guard let n = w[1].int64Value, n >= 0, n < Int64(Int32.max) else { return nil }
            entity = Int(n)
        }
        switch w[2] {
        case .null: byte = nil
        default:
            guard let n = w[2].int64Value, n >= 0, n < 1 << 50 else { return nil }
            byte = Int(n)
        }
        switch w[4] {
        case .null: source = nil
        default:
            guard let s = w[4].stringValue else { return nil }
            source = s
        }
        return SitePageWarning(messageID: id, entityIndex: entity, byte: byte, message: message, source: source)
    }
}
