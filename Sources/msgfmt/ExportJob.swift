import ArgumentParser
import MsgfmtCore

#if canImport(Glibc)
    import Glibc
#endif

/// One `msgfmt export` run, as `settings` ask, however the command line was read: the
/// input opened (one export streamed, several merged, or a site's pages compared), the
/// transcript written, the output committed and the diagnostics and `--stats` printed.
struct ExportJob {
    let settings: ExportSettings

    /// Input paths.
    var files: [String] { settings.files }
    /// The Export group's options.
    var export: ExportSettings.Export { settings.export }
    /// The Archive group's options.
    var archive: ExportSettings.Archive { settings.archive }
    /// True for the picture formats, which lay out in pixels.
    var drawsPictures: Bool { settings.drawsPictures }

    func run() throws {
        OutputSink.ignoreBrokenPipe()
        // Armed from the start, installed with the first temporary output (comparing with
        // an output for --update or indexing exports to merge may make one long before the
        // conversion does).
        let signals = SignalCleanup.armed()
        defer { signals.cancel() }
        let printer = DiagnosticPrinter()
        // An update that keeps pages may have to be redone in full: the redo prints only
        // the diagnostics the first attempt did not.
        if archive.update { printer.recordLines() }
        do {
            try convert(printer, keeping: true)
        } catch let failure as KeepFailure {
            printer.info("note: \(failure.path): a page of the previous site could not be kept; writing it in full")
            printer.redo()
            try convert(printer, keeping: false, rebuilding: true)
        }
    }

    /// A site updated page by page is not what a fresh export makes (`HTMLSiteWriter.keepFailed`).
    private struct KeepFailure: Error {
        var path: String
    }

    /// Runs the export; with `keeping`, an `--update` of a site keeps its unchanged pages;
    /// `rebuilding` writes the output in full without comparing it again (the note was given).
    private func convert(_ printer: DiagnosticPrinter, keeping: Bool, rebuilding: Bool = false) throws {
        var options = try makeOptions()
        options.filter = try FilterOptionGroup.compile(settings.filter, clock: options.clock, printer: printer)
        let update = try archive.update ? planUpdate(options, printer, keeping: keeping, rebuilding: rebuilding) : nil
        if let update, update.decision == .upToDate { return }
        if update?.byPages == true { options.keepsPageRecords = true }
        var input = try openInput(options, printer, update: update)
        let pattern = try outputPattern(printer)
        let output = pattern == nil ? try openOutput(printer) : AtomicOutput()
        options.media = mediaOptions(output: output, pattern: pattern)
        if case .pages(var reuse, let source) = input {
            reuse.use(media: options.media)
            input = .pages(reuse, source)
        }
        if export.images {
            let (graphics, note) = TerminalImageSupport.graphics(
                choice: export.imageProtocol, toStandardOutput: pattern == nil && (export.output ?? "-") == "-")
            if let note { printer.info(note) }
            options.media.terminalImages = graphics.map {
                TerminalImageSupport.options($0, maxColumns: TerminalTranscriptWriter.bodyWidth(style: options.style, width: options.width))
            }
        }

        let writer: any TranscriptWriter
        var splitter: (any FileSplittingWriter)?
        if let pattern {
            let files = TranscriptWriters.make(options: options, pattern: pattern, inputs: files)
            writer = files
            splitter = files
        } else {
            writer = TranscriptWriters.make(options: options, output: output)
        }
        let site = writer as? HTMLSiteWriter
        if let previous = update?.previous, let update {
            site?.previous = SitePrevious(path: update.path, files: Set(previous.files.map(\.path)))
        }
        let layoutCache = update.flatMap { openLayoutCache($0, output: output, writer: writer, printer) }
        var layoutCacheKept = false
        defer { if !layoutCacheKept { layoutCache?.discard() } }
        let showProgress = export.progress == .always || (export.progress == .auto && isatty(2) != 0)
        let progress = showProgress ? ExportProgress(totalBytes: input.totalBytes) : nil
        let converter = ExportConverter(
            options: options, writer: writer,
            report: { printer.report($0, source: input.name) },
            progress: progress.map { p in { p.update($0, bytesRead: $1) } }, layoutCache: layoutCache)
        var stats: ExportStats
        do {
            switch input {
            case .export(let source): stats = try converter.run(source)
            case .merge(var events):
                stats = try converter.run(events: &events)
                // Reported when the exports were indexed; no event stands for them.
                stats.read += events.unreadable
                stats.failed += events.unreadable
            case .pages(var events, _): stats = try converter.run(events: &events)
            }
            progress?.finish()
            printer.finishMessage()
        } catch {
            progress?.finish()
            printer.finishMessage()
            switch error {
            case .truncated(let offset), .malformed(let offset, _):
                printer.error("\(input.name):byte \(offset): \(error.message)")
            case .unreadable:
                printer.error(error.message)  // already names the file
            default:
                printer.error("\(input.name): \(error.message)")
            }
            if case .notAnExport = error {
                output.abandon()
            } else if let update {
                // A download that stopped does not replace the archive made before it.
                output.abandon()
                printer.info("note: \(update.path) is left as it was: \(input.name) could not be read to its end")
            } else {
                try commit(output, printer)
            }
            printStats(converter.stats, printer)
            try check(splitter, printer)
            if case .unreadable = error { throw ExitStatus.usage }
            throw ExitStatus.invalidInput
        }
        if let tooLarge = (writer as? PictureTranscriptWriter)?.tooLarge, !tooLarge.isEmpty {
            // Written as messages, drawn as none: counted failed, the other pictures kept.
            for diagnostic in tooLarge { printer.report(diagnostic, source: input.name) }
            printer.finishMessage()
            stats.written -= tooLarge.count
            stats.failed += tooLarge.count
        }
        if let failures = (writer as? PictureTranscriptWriter)?.failures, !failures.isEmpty {
            failures.forEach(printer.error)
            output.abandon()
            printStats(stats, printer)
            throw ExitStatus.outputFailed
        }
        let complete = stats.failed == 0 && printer.errorCount == 0
        // A site updated page by page records the pages that unreadable messages fall on as
        // never to be kept, so when those are its only errors it still gets its manifest:
        // the next update reads them again, reports them again and keeps the other pages.
        // (A whole-output manifest would call the next run up to date and hide them.)
        let recorded = complete || (update?.byPages == true && site != nil && printer.errorCount == stats.failed)
        if let update, update.byPages, let site {
            if complete, isUnchanged(update, output: output, site: site) {
                output.abandon()
                printer.info("\(update.path) is up to date: nothing to write")
                // Every message was read and found on a page kept as it was.
                printStats(stats, printer, keptAll: true)
                return
            }
            site.completeLinks()
        }
        if let site, site.keepFailed, let update {
            output.abandon()
            throw KeepFailure(path: update.path)
        }
        if let update, recorded, export.to == .html {
            try writeManifest(update, output: output, site: site, input: input.pagesFile, printer)
            if let site, site.pagesKept > 0 {
                let total = site.pagesKept + site.pagesWritten
                printer.info("note: \(update.path): \(site.pagesWritten) of \(total) pages written again, \(site.pagesKept) kept")
            }
            layoutCacheKept = finishLayoutCache(layoutCache, update, printer)
        }
        if let pictures = writer as? PictureTranscriptWriter, pictures.stacksNothing {
            // No message was drawn: no file, rather than an empty one that is no picture.
            output.abandon()
            printer.info("note: no message was drawn, so no picture was written")
        } else {
            try commit(output, printer)
        }
        if let update, complete, export.to != .html, output.path != nil {
            try writeManifest(update, output: output, printer)
            layoutCacheKept = finishLayoutCache(layoutCache, update, printer)
        }
        if let undrawn = (writer as? PictureTranscriptWriter)?.undrawn, undrawn > 0 {
            printer.info("note: not drawn: \(undrawn == 1 ? "1 message" : "\(undrawn) messages") that had no layout")
        }
        printStats(stats, printer)
        try check(splitter, printer)
        if !export.chat.isEmpty, stats.chats == 0 {
            printer.error("\(input.name): no chat matches --chat \(export.chat.joined(separator: ", "))")
        }
        if stats.failed > 0 || printer.errorCount > 0 { throw ExitStatus.invalidInput }
    }

    /// What the transcript is made from: one export streamed, or several merged.
    private enum Input {
        case export(ExportByteSource)
        case merge(MergedExportSource)
        /// One export compared page by page with the site it updates.
        case pages(SitePageReuse, ExportByteSource)

        /// The export a site updated page by page is made from, whose page spans are digested.
        var pagesFile: ExportMessageFile? {
            if case .pages(let reuse, _) = self { reuse.file } else { nil }
        }

        /// The name messages about the input use.
        var name: String {
            switch self {
            case .export(let source), .pages(_, let source): source.name
            case .merge: "merged exports"
            }
        }

        /// Bytes to read, when known, for progress.
        var totalBytes: Int? {
            switch self {
            case .export(let source), .pages(_, let source): source.totalBytes
            case .merge(let events): events.totalBytes
            }
        }
    }

    /// Opens the export, or indexes and plans the merge of several (exit status 2 when a
    /// file cannot be opened, 1 when one is not a readable export).
    private func openInput(_ options: ExportOptions, _ printer: DiagnosticPrinter, update: UpdatePlan?) throws -> Input {
        guard files.count > 1 else {
            do {
                let source = try ExportByteSource(path: files[0])
                if let update, update.byPages {
                    let old = update.previous?.chats ?? []
                    return .pages(try SitePageReuse(source: source, path: files[0], options: options, old: old), source)
                }
                return .export(source)
            } catch {
                printer.error(error.message)
                throw ExitStatus.usage
            }
        }
        let merger = ArchiveMerger(options: options) { printer.report($0, source: $1) }
        do {
            return .merge(try merger.prepare(files).events)
        } catch {
            printer.error(error.message)
            if case .read(_, .unreadable) = error { throw ExitStatus.usage }
            throw ExitStatus.invalidInput
        }
    }

    /// The `--stats` line on stderr, when asked for; with `keptAll` (an `--update` that
    /// left the output as it was), the messages it would have written count as kept.
    private func printStats(_ stats: ExportStats, _ printer: DiagnosticPrinter, keptAll: Bool = false) {
        guard export.stats else { return }
        let written = keptAll ? "written 0, kept \(stats.written)" : "written \(stats.written)"
        printer.info("chats \(stats.chats), read \(stats.read), \(written), filtered \(stats.filtered), failed \(stats.failed)")
        if stats.media.total > 0 { printer.info(stats.media.summary) }
    }

    private func commit(_ output: AtomicOutput, _ printer: DiagnosticPrinter) throws {
        do {
            try output.commit()
        } catch {
            output.abandon()
            // A reader that stopped reading (`| head`) is not worth a message.
            if error != .readerGone { printer.error(error.message) }
            throw ExitStatus.outputFailed
        }
    }

    /// The `-o` pattern, when the path has placeholders (`out/{chat}/{year}-{month}.md`);
    /// a pattern that cannot be used is a usage error.
    private func outputPattern(_ printer: DiagnosticPrinter) throws -> OutputPattern? {
        guard let path = export.output, OutputPattern.isPattern(path) else { return nil }
        do {
            return try OutputPattern(parsing: path, format: export.to)
        } catch {
            printer.error(error.message)
            throw ExitStatus.usage
        }
    }

    /// Reports the first file a pattern's writer could not write (exit status 3).
    private func check(_ splitter: (any FileSplittingWriter)?, _ printer: DiagnosticPrinter) throws {
        guard let error = splitter?.error else { return }
        printer.error(error.message)
        throw ExitStatus.outputFailed
    }

    /// The export options from the flags.
    private func makeOptions() throws -> ExportOptions {
        var options = ExportOptions()
        options.format = export.to
        options.style = export.style ?? (export.to == .html ? .bubbles : .list)
        options.chats = export.chat
        options.deleted = archive.deleted
        options.clock = export.clock
        options.since = export.since.flatMap(ExportClock.parseDay)
        options.until = export.until.flatMap(ExportClock.parseDay)
        options.jobs = export.jobs ?? ProcessorCount.available
        if let pageSize = export.pageSize { options.pageSize = pageSize }
        if let pages = export.pages { options.pages = pages }
        if export.noSearch { options.search = false }
        options.me = export.me.map(MessageSender.fromID(me:))
        let format: OutputFormat
        switch export.to {
        case .html: format = .html
        case .ansi: format = .ansi
        case .json: format = .json
        case .text, .markdown: format = .text
        case .svg: format = .svg
        case .png: format = .png
        }
        let width = ExportOptions.transcriptWidth(TerminalEnvironment.width(explicit: settings.width?.cells))
        options.width = width
        let bodyWidth =
            export.to == .ansi || export.to == .text
            ? TerminalTranscriptWriter.bodyWidth(style: options.style, width: width) : width
        options.render.to = format
        options.render.skipsLayout = export.to == .markdown
        options.render.writesMarkdown = export.to == .markdown
        if drawsPictures {
            try setPictureOptions(&options)
        } else {
            options.render.layout = try settings.layout.resolved(width: max(1, bodyWidth))
        }
        var styleOptions = TerminalEnvironment.styleOptions(settings.style, escapes: settings.escapes)
        if export.output != nil, export.output != "-", settings.escapes.color == .auto {
            styleOptions.color = false
            if settings.escapes.hyperlinks == .auto { styleOptions.hyperlinks = false }
        }
        styleOptions.standalone = false
        options.render.style = styleOptions
        return options
    }

    /// Opens the output: a temporary directory or file, or stdout.
    private func openOutput(_ printer: DiagnosticPrinter) throws -> AtomicOutput {
        do {
            if drawsPictures, !stacksPictures, let path = export.output {
                return try AtomicOutput(path: path, kind: .directory, inputs: files)
            }
            if export.to == .html {
                return try AtomicOutput(path: export.output ?? defaultDirectory(), kind: .directory, inputs: files)
            }
            guard let path = export.output, path != "-" else { return AtomicOutput() }
            return try AtomicOutput(path: path, kind: .file, inputs: files)
        } catch {
            printer.error(error.message)
            throw ExitStatus.outputFailed
        }
    }

    /// True when the pictures go into one picture: `--stack`, no `-o DIR`, or `-o` naming a
    /// picture file (`-o chat.png`).
    var stacksPictures: Bool {
        guard let output = export.output, output != "-" else { return true }
        return settings.picture.stack || PictureOptions.namesFile(output, pictureExtension: export.to.rawValue)
    }

    /// `--to svg|png`: the fonts (opened once, shared by the threads), the width in pixels
    /// (`--width`, a bare number counting pixels too; 360 by default), scale and stacking.
    private func setPictureOptions(_ options: inout ExportOptions) throws {
        let fonts = try FontLibrary.opened(settings.fonts, for: options.render.to)
        let pixels = settings.width?.value ?? RenderCommand.defaultPixelWidth
        guard (1...FontLibrary.maximumWidthPixels).contains(pixels) else {
            throw ValidationError("--width must be between 1px and \(FontLibrary.maximumWidthPixels)px, not \(pixels)px.")
        }
        options.fonts = fonts
        options.render.fonts = settings.fonts
        options.render.picture = settings.picture
        options.render.picture.stack = stacksPictures
        let cells = try settings.layout.resolved(width: LayoutConstraints.maximumWidth)
        options.render.layout = fonts.constraints(cells, widthPixels: Double(pixels))
    }

    /// `result_transcript` for `result.json` (in the current directory); the first file
    /// names a merge.
    func defaultDirectory() -> String {
        let file = files[0]
        guard file != "-" else { return "transcript" }
        var name = String(file.split(separator: "/").last ?? "export")
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name + "_transcript"
    }
}
