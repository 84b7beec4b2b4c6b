import MsgfmtCore

extension ExportJob {
    /// What `--update` found: the decision and the manifest the new output gets.
    struct UpdatePlan {
        var decision: ArchiveUpdate.Decision
        var wanted: ArchiveManifest
        var path: String
        /// The site is made from one export and updated page by page (`SitePageReuse`):
        /// each chat's pages are compared span by span as the chat starts, not the input as
        /// a whole up front.
        var byPages: Bool

        /// The manifest of the site being updated page by page, when there is one to keep
        /// pages of.
        var previous: ArchiveManifest? {
            if case .keepPages(let manifest) = decision { manifest } else { nil }
        }
    }

    /// Compares the output with the inputs and options; prints why it is rebuilt, or that
    /// it is up to date. With `keeping`, a site made from one export without `--since`,
    /// `--until`, `--filter` or `--media copy` is updated page by page; `rebuilding` skips
    /// the comparison (a page-by-page update gave up and said why).
    func planUpdate(_ options: ExportOptions, _ printer: DiagnosticPrinter, keeping: Bool, rebuilding: Bool = false) throws
        -> UpdatePlan
    {
        let directory = export.to == .html
        let path = export.output ?? defaultDirectory()
        let byPages =
            keeping && directory && files.count == 1 && options.since == nil && options.until == nil && options.filter == nil
            && export.media != .copy
        var inputs = ContentHash(high: 0, low: 0)
        if !byPages {
            guard let digest = ArchiveUpdate.digest(ofInputs: files) else {
                printer.error("cannot read \(files.joined(separator: ", ")) to compare it with \(path)")
                throw ExitStatus.usage
            }
            inputs = digest
        }
        // Where media links lead shapes the pages too: a site moved away from its export
        // (or an export moved) is written again, not kept with links that lead nowhere.
        let media = mediaOptions(outputPath: directory ? path : export.output, temporaryPath: nil, pattern: nil)
        let wanted = ArchiveManifest(
            version: MsgfmtVersion.string, options: optionsDigest(options, media: media), inputs: inputs, files: [])
        let decision =
            rebuilding ? .rebuild(note: nil) : ArchiveUpdate.check(output: path, directory: directory, wanted: wanted, byPages: byPages)
        switch decision {
        case .upToDate: printer.info("\(path) is up to date: nothing to write")
        case .rebuild(let note?): printer.info("note: \(note)")
        case .rebuild(nil), .keepPages: break
        }
        return UpdatePlan(decision: decision, wanted: wanted, path: path, byPages: byPages)
    }

    /// Whether a site updated page by page came out as it was: no page written, and its
    /// records and files (the kept ones, not linked yet, as the previous manifest lists
    /// them) are what the previous manifest holds.
    func isUnchanged(_ plan: UpdatePlan, output: AtomicOutput, site: HTMLSiteWriter) -> Bool {
        guard let previous = plan.previous, !site.keepFailed, site.pagesWritten == 0, site.chatRecords == previous.chats,
            let written = output.temporaryPath
        else { return false }
        var files = ArchiveUpdate.manifest(of: written, output: plan.path, directory: true, wanted: plan.wanted).files
        var listed: [String: ArchiveManifest.File] = [:]
        for file in previous.files { listed[file.path] = file }
        for path in site.unlinkedKeptFiles {
            guard let file = listed[path] else { return false }
            files.append(file)
        }
        files.sort { $0.path < $1.path }
        return files.map { [$0.path, $0.hash.description] } == previous.files.map { [$0.path, $0.hash.description] }
    }

    /// Writes the manifest of the output just made: into the temporary site before it is
    /// moved into place, or beside the file once it is. A site updated page by page gets
    /// the records of its chats, the spans of its pages digested from `input`.
    func writeManifest(
        _ plan: UpdatePlan, output: AtomicOutput, site: HTMLSiteWriter? = nil, input: ExportMessageFile? = nil, _ printer: DiagnosticPrinter
    ) throws {
        let directory = export.to == .html
        let written = directory ? output.temporaryPath ?? plan.path : plan.path
        var manifest = ArchiveUpdate.manifest(
            of: written, output: plan.path, directory: directory, wanted: plan.wanted, previous: plan.previous)
        if plan.byPages, let site, let input {
            manifest.chats = SpanDigester.records(
                site.chatRecords, spans: site.writtenSpans, file: input, threads: export.jobs ?? ProcessorCount.available)
            manifest.inputs = Self.digest(of: manifest.chats)
        }
        do {
            let file = try AtomicOutput(path: ArchiveUpdate.manifestPath(of: written, directory: directory), kind: .file)
            file.sink?.write(manifest.json())
            try file.commit()
        } catch {
            printer.error(error.message)
            throw ExitStatus.outputFailed
        }
    }

    /// The layout cache of an `--update` run (see `LayoutCache`): inside a site (carried
    /// over from the site it replaces), beside a file. None with `--layout-cache-size 0`,
    /// `--media copy` (a copied file's name depends on the others), an output that is no
    /// file, or a format whose pieces it cannot keep.
    func openLayoutCache(_ plan: UpdatePlan, output: AtomicOutput, writer: any TranscriptWriter, _ printer: DiagnosticPrinter)
        -> LayoutCache?
    {
        guard archive.layoutCacheSize > 0, export.media != .copy, writer.cachesPieces, let target = output.path else { return nil }
        let directory = export.to == .html
        let path = directory ? output.temporaryPath.map { $0 + "/" + LayoutCache.fileName } : target + LayoutCache.suffix
        guard let path else { return nil }
        let prefix = LayoutCache.prefix(version: MsgfmtVersion.string, options: plan.wanted.options, format: export.to.rawValue)
        let opened = LayoutCache.open(
            path: path, linkedFrom: directory ? plan.path + "/" + LayoutCache.fileName : nil, prefix: prefix,
            limit: UInt64(archive.layoutCacheSize) << 20)
        switch opened {
        case .success(let cache):
            if let reason = cache.restarted {
                printer.info("note: the layout cache of \(plan.path) was started again: \(reason)")
            }
            return cache
        case .failure(let error):
            printer.info("note: \(error.message)")
            return nil
        }
    }

    /// Completes the run's layout cache; says how many messages it supplied. False when
    /// there is none to keep.
    func finishLayoutCache(_ cache: LayoutCache?, _ plan: UpdatePlan, _ printer: DiagnosticPrinter) -> Bool {
        guard let cache else { return false }
        guard cache.finish() else {
            printer.info("note: the layout cache of \(plan.path) could not be written; it is left as it was")
            return false
        }
        if cache.reused > 0 {
            printer.info("note: \(plan.path): \(cache.reused) of \(cache.reused + cache.laidOut) messages taken from the layout cache")
        }
        return true
    }

    /// The input digest of a site updated page by page: its chats' keys, spans and tails.
    private static func digest(of chats: [SiteChatRecord]) -> ContentHash {
        var sequence = DigestSequence()
        for chat in chats {
            sequence.add(chat.key)
            for page in chat.pages { sequence.add(page.digest) }
            sequence.add(chat.tailDigest)
        }
        return sequence.value
    }

    /// A digest of everything that shapes the output: the resolved options (threads and
    /// batch size aside, which do not), the filter's text and where media links lead.
    private func optionsDigest(_ options: ExportOptions, media: MediaOptions) -> ContentHash {
        var shaping = options
        shaping.jobs = 1
        shaping.batchSize = 0
        shaping.keepsPageRecords = false
        var hasher = ContentHasher()
        hasher.combine(String(reflecting: shaping))
        hasher.combine(settings.filter)
        hasher.combine(Self.shaping(media))
        return hasher.hash
    }
}
