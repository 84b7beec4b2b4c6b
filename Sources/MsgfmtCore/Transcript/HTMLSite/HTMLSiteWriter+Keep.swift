extension HTMLSiteWriter {
    /// The next page of the current chat is kept from the previous site: linked into this
    /// one (on another thread, waited for by `finish`), and taken into the chat's page index,
    /// day index, counts and manifest as if it had been written (see `SitePageReuse`). A page
    /// being written is closed first, with its link to this one.
    public func keep(_ kept: SiteKeptPage) {
        let record = kept.record
        guard let previous, let summary = chats.last, summary.folder == kept.folder, summary.messages == kept.before else {
            keepFailed = true
            return
        }
        if page != nil {
            guard turns(after: onPage, to: record.first) else {
                keepFailed = true
                return
            }
            closePage(
                hasNext: true, next: options.pages == .count ? nil : Period(of: record.first, split: options.pages, clock: options.clock))
            pageNumber += 1
            onPage = 0
        }
        let name = "\(kept.folder)/\(Self.pageName(pageNumber))"
        guard pageNumber == kept.number, previous.files.contains(name) else {
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
        state.skipPreviews(record.written)
        state.restartGrouping()
        keptBases[pageNumber] = (kept.before, kept.shift)
        afterKept = record.written
        keptLast = kept.last
        pageNumber += 1
        onPage = 0
        pagesKept += 1
    }

    /// How many of the check's pages, from the first, a fresh export would write as the
    /// previous site has them after what this one wrote so far: the page being written is
    /// where the pages began in the previous site (same number, its last day header and its
    /// period as they were there, and full), and every quote of a message on another page
    /// (`SiteQuote`) comes out the same. Messages deleted or added before the pages shift
    /// them: a quote of a message on a kept page is then taken as it was only when that
    /// page is shifted as much, else looked up again.
    public func keepable(_ check: SiteKeepCheck) -> SiteKeepCheck.Answer {
        let none = SiteKeepCheck.Answer(pages: 0, before: check.before)
        guard let previous, let summary = chats.last, summary.folder == check.folder, page != nil, pageNumber + 1 == check.number,
            lastDay == check.previousLastDay, let first = check.pages.first, turns(after: onPage, to: first.first)
        else { return none }
        if options.pages != .count {
            guard periods.last == Period(of: check.previousFirst, split: options.pages, clock: options.clock) else { return none }
        }
        let shift = summary.messages - check.before
        var index = pages
        var ordinal = summary.messages
        var accepted = 0
        for (j, record) in check.pages.enumerated() {
            let number = check.number + j
            guard previous.files.contains("\(check.folder)/\(Self.pageName(number))") else { break }
            let unchanged = record.quotes.allSatisfy { quote in
                let target = index.page(of: quote.id)
                guard target == quote.page else { return false }
                guard let preview = quote.preview else { return true }
                // A kept page's message: the same bytes the same number of messages away.
                if let target, keptBases[target]?.shift == shift || target >= check.number { return true }
                return SiteQuote.digest(of: state.quote(quote.id, at: ordinal + quote.at)) == preview
            }
            guard unchanged else { break }
            record.forEachID { index.add($0, page: number) }
            ordinal += record.written
            accepted += 1
        }
        return SiteKeepCheck.Answer(pages: accepted, before: summary.messages)
    }

    /// Whether a fresh export turns to a new page after a page of `count` messages (the
    /// last of them the page's), when the next message was sent at `date`.
    func turns(after count: Int, to date: Int64) -> Bool {
        if options.pages == .count { return count >= options.pageSize }
        return periods.last != Period(of: date, split: options.pages, clock: options.clock)
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
        if search?.keepBlock(index: index, count: count, scalars: scalars) != true { keepFailed = true }
    }

    /// A message of a kept page, read again: replies on later pages may quote it, and its
    /// search block is written again.
    public func replay(_ message: SiteReplayed) {
        guard let base = keptBases[message.page]?.before else {
            keepFailed = true
            return
        }
        if let preview = message.preview {
            state.rememberPreview(id: message.id, sender: message.sender, text: preview, at: base + message.offset)
        }
        if let record = message.search { search?.add(record, page: message.page) }
    }

    /// An input message that was not written: part of the next page's span; an unreadable
    /// one is counted for the chat (its index row, and its page should it show no message).
    public func pass(over place: SiteInputPlace?, unreadable: Bool) {
        ledger?.passed(place)
        if unreadable, !chats.isEmpty { chats[chats.count - 1].unreadable += 1 }
    }
}
