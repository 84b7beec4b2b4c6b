extension HTMLSiteWriter {
    /// The next page of the current chat is kept from the previous site: linked into this
    /// one (on another thread, waited for by `finish`), and taken into the chat's page index,
    /// day index, counts and manifest as if it had been written (see `SitePageReuse`).
    public func keep(_ record: SitePageRecord, folder: String) {
        guard let previous, let summary = chats.last, summary.folder == folder, page == nil else {
            keepFailed = true
            return
        }
        let name = "\(folder)/\(Self.pageName(pageNumber))"
        guard previous.files.contains(name) else {
            keepFailed = true
            return
        }
        files.linkLater(name, to: previous.path + "/" + name)
        if options.pages != .count { periods.append(Period(of: record.first, split: options.pages, clock: options.clock)) }
        record.forEachID { pages.add($0, page: pageNumber) }
        var updated = summary
        updated.messages += record.written
        if updated.first == nil { updated.first = record.first }
        updated.last = record.last
        chats[chats.count - 1] = updated
        for day in record.days where days.last?.day != day { days.append((day, pageNumber)) }
        if let day = record.lastDay { lastDay = day }
        ledger?.kept(record)
        pageNumber += 1
        onPage = 0
        pagesKept += 1
    }

    /// Search block `index` of the current chat is kept from the previous site: its files
    /// are linked into this one.
    public func keepSearchBlock(index: Int, count: Int, scalars: String) {
        guard search != nil else { return }
        guard let previous, let folder = chats.last?.folder else {
            keepFailed = true
            return
        }
        let base = "search/\(folder)/"
        var names = ["f\(index).js", "d\(index).js", "w\(index).js"]
        for k in 0..<SearchIndexWriter.buckets {
            names.append("i\(index)_\(k).js")
            names.append("p\(index)_\(k).js")
        }
        let firstChunk = index * SearchIndexWriter.blockSize / SearchIndexWriter.chunkSize
        let chunks = (count + SearchIndexWriter.chunkSize - 1) / SearchIndexWriter.chunkSize
        for c in firstChunk..<(firstChunk + chunks) { names.append("c\(c).js") }
        for name in names {
            let path = base + name
            guard previous.files.contains(path) else {
                // Term buckets without terms have no file; every other file must be there.
                if name.hasPrefix("i") || name.hasPrefix("p") { continue }
                keepFailed = true
                return
            }
            files.linkLater(path, to: previous.path + "/" + path)
        }
        search?.keepBlock(count: count, scalars: scalars)
    }

    /// A message of a kept page, read again: replies on later pages may quote it, and its
    /// search block is written again.
    public func replay(_ message: SiteReplayed) {
        if let preview = message.preview { state.rememberPreview(id: message.id, sender: message.sender, text: preview) }
        if let record = message.search { search?.add(record, page: message.page) }
    }

    /// An input message that was not written: part of the next page's span.
    public func pass(over place: SiteInputPlace?) {
        ledger?.passed(place)
    }
}
