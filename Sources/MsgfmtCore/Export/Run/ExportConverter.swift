import Dispatch

/// Streams an export through the pipeline: the scanner cuts out messages on the calling
/// thread, batches of them are decoded, normalized, laid out and composed into output
/// pieces on `jobs` worker threads, and the results go to the transcript writer in input
/// order. At most three batches are in memory at a time, so memory stays flat however long
/// the export is.
public final class ExportConverter {
    private let options: ExportOptions
    private let writer: any TranscriptWriter
    private let report: (Diagnostic) -> Void
    private let progress: ((ExportStats, Int) -> Void)?
    /// With `--update`: the layout cache messages are taken from and added to.
    private let layoutCache: LayoutCache?
    /// The counts so far: complete after `run` returns, and up to the point where the file
    /// became unreadable when it throws.
    public private(set) var stats = ExportStats()
    private var selected = false
    /// The chat whose start the writer has not been told yet: a chat begins with its first
    /// written message, so one whose messages `--filter`, `--since` or `--until` all left
    /// out gets no heading, page or index entry.
    private var pendingChat: ExportChatInfo?
    /// Whether a message of the current chat was left out.
    private var chatFiltered = false
    /// Where the current chat's messages lie that were not written before the writer was
    /// told the chat begins, and whether each was unreadable
    /// (`TranscriptWriter.pass(over:unreadable:)`).
    private var passedBeforeBegin: [(place: SiteInputPlace?, unreadable: Bool)] = []
    /// The `keepCheck` the batch being filled ended with: the writer answers it once it
    /// was given every batch before (`answer`).
    private var check: SiteKeepCheck?

    /// Creates a converter writing to `writer`; `report` receives one error per bad message;
    /// `progress` is called after each batch with the counts and the bytes read so far;
    /// `layoutCache` supplies messages laid out by the previous run and keeps this run's.
    public init(
        options: ExportOptions, writer: any TranscriptWriter, report: @escaping (Diagnostic) -> Void,
        progress: ((ExportStats, Int) -> Void)? = nil, layoutCache: LayoutCache? = nil
    ) {
        var options = options
        // Media folders resolved afresh for each run (files may have been added since).
        options.media.folders = MediaFolderCache()
        self.options = options
        self.writer = writer
        self.report = report
        self.progress = progress
        self.layoutCache = layoutCache
    }

    /// Converts everything `source` holds; throws when the file as a whole is unreadable
    /// (messages converted before that point have been written).
    ///
    /// `jobs` 1 does everything on the calling thread, in sequence. With more, `jobs`
    /// worker threads process one batch while the calling thread scans the next and writes
    /// the previous one, then helps with what is left of the batch.
    public func run(_ source: ExportByteSource) throws(ExportReadError) -> ExportStats {
        var scanner = ExportScanner(source: source)
        return try run(events: &scanner)
    }

    /// Converts every event `events` yields: the messages of several exports merged into
    /// one, for example (see `run(_:)`).
    public func run<Events: ExportEventSource>(events scanner: inout Events) throws(ExportReadError) -> ExportStats {
        // The common writers by their own types, so the compiler makes the whole path for
        // each (no generic metadata looked up per message); the rest by the opened type.
        let failure: ExportReadError?
        switch writer {
        case let site as HTMLSiteWriter: failure = convert(&scanner, into: site)
        case let terminal as TerminalTranscriptWriter: failure = convert(&scanner, into: terminal)
        case let lines as JSONLinesTranscriptWriter: failure = convert(&scanner, into: lines)
        case let markdown as MarkdownTranscriptWriter: failure = convert(&scanner, into: markdown)
        default: failure = convert(&scanner, into: writer)
        }
        writer.finish()
        if let failure { throw failure }
        progress?(stats, scanner.bytesRead)
        return stats
    }

    /// Converts with the writer's own type, so the path every message takes is generic
    /// over it (specialized for the writers `run(events:)` names) rather than going
    /// through an existential.
    private func convert<Writer: TranscriptWriter, Events: ExportEventSource>(_ scanner: inout Events, into writer: Writer)
        -> ExportReadError?
    {
        options.jobs <= 1 ? runInSequence(&scanner, into: writer) : runInParallel(&scanner, into: writer)
    }

    /// Scans, processes and writes batch after batch on the calling thread.
    private func runInSequence<Writer: TranscriptWriter, Events: ExportEventSource>(_ scanner: inout Events, into writer: Writer)
        -> ExportReadError?
    {
        let renderer = options.makeRenderer()
        let probe = layoutCache?.probe()
        while true {
            let batch = ExportBatch<Writer>(messages: options.batchSize)
            var failure: ExportReadError?
            var finished = false
            do {
                finished = try fill(batch, from: &scanner)
            } catch let e {
                failure = e
            }
            writeHere(batch, &scanner, writer, renderer: renderer, cache: probe)
            if failure != nil || finished { return failure }
            progress?(stats, scanner.bytesRead)
        }
    }

    /// Lays out `batch` on the calling thread, writes it and answers the scanner's question
    /// about it, if any.
    private func writeHere<Writer: TranscriptWriter, Events: ExportEventSource>(
        _ batch: ExportBatch<Writer>, _ scanner: inout Events, _ writer: Writer, renderer: Renderer, cache: LayoutCacheProbe?
    ) {
        batch.processHere(options: options, renderer: renderer, cache: cache)
        deliver(batch, to: writer)
        answer(&scanner, writer)
    }

    /// Keeps the workers busy with one batch while the next is scanned and the previous
    /// written; at most three batches exist at a time, the written one already emptied.
    /// An input that fits a first batch of fewer than `ParallelLanes.fewestItems` messages
    /// is written on the calling thread.
    private func runInParallel<Writer: TranscriptWriter, Events: ExportEventSource>(_ scanner: inout Events, into writer: Writer)
        -> ExportReadError?
    {
        var running: (batch: ExportBatch<Writer>, group: DispatchGroup)?
        let renderer = options.makeRenderer()
        let probe = layoutCache?.probe()
        var failure: ExportReadError?
        var finished = false
        /// Waits for a running batch, helping with what is left of it, and takes its results.
        func settle(_ running: (batch: ExportBatch<Writer>, group: DispatchGroup)) -> ExportBatch<Writer> {
            running.batch.help(options: options, renderer: renderer, cache: probe)
            running.group.wait()
            return running.batch
        }
        while true {
            var next: ExportBatch<Writer>?
            if !finished {
                let batch = ExportBatch<Writer>(messages: options.batchSize)
                do {
                    finished = try fill(batch, from: &scanner)
                } catch let e {
                    failure = e
                    finished = true
                }
                next = batch
            }
            if let batch = next, finished, running == nil, batch.messageCount < ParallelLanes.fewestItems {
                // The whole input, and small: written as `runInSequence` writes a batch, on
                // this thread, rather than waking workers for it.
                writeHere(batch, &scanner, writer, renderer: renderer, cache: probe)
                return failure
            }
            let done = running.map(settle)
            running = nil
            if let next {
                let group = DispatchGroup()
                next.process(options: options, cache: layoutCache, group: group)
                running = (next, group)
            }
            if let done {
                deliver(done, to: writer)
                writer.drainOutput()
                if running != nil || failure == nil { progress?(stats, scanner.bytesRead) }
            }
            if check != nil, let last = running {
                // The batch that ended with the check is written before the writer answers.
                running = nil
                deliver(settle(last), to: writer)
                writer.drainOutput()
                answer(&scanner, writer)
                continue
            }
            if running == nil { return failure }
        }
    }

    /// Reads events into `batch` until it holds a batch's worth of messages; true at the end.
    private func fill<Writer: TranscriptWriter, Events: ExportEventSource>(_ batch: ExportBatch<Writer>, from scanner: inout Events)
        throws(ExportReadError)
        -> Bool
    {
        var messages = 0
        while messages < options.batchSize {
            guard let event = try scanner.next() else { return true }
            switch event {
            case .chatStart(let chat):
                selected = options.selects(chat)
                if selected { batch.append(event) }
            case .chatEnd:
                if selected { batch.append(event) }
                selected = false
            case .message:
                if selected {
                    batch.append(event)
                    messages += 1
                }
            case .personalInformation, .keptPage, .keptSearchBlock:
                batch.append(event)
            case .keepCheck(let asked):
                check = asked
                return false
            }
        }
        return false
    }

    /// Hands a processed batch to the writer, in order.
    private func deliver<Writer: TranscriptWriter>(_ batch: ExportBatch<Writer>, to writer: Writer) {
        var next = 0
        for entry in batch.entries {
            switch entry {
            case .event(.chatStart(let chat)):
                stats.chats += 1
                pendingChat = chat
                chatFiltered = false
                passedBeforeBegin = []
            case .event(.chatEnd(let chat)):
                // A chat without messages in the input is written as before.
                if pendingChat != nil, !chatFiltered { beginPendingChat(writer) }
                if pendingChat == nil { writer.endChat(chat) }
                pendingChat = nil
            case .event(.personalInformation(let info)):
                if options.me == nil, let id = info["user_id"]?.int64Value { writer.setOwner("user\(id)") }
            case .event(.keptPage(let kept)):
                beginPendingChat(writer)
                stats.read += kept.record.inputs
                stats.written += kept.record.written
                stats.media.add(kept.record.media)
                // What a fresh export would report about the page's messages.
                kept.warnings.forEach(report)
                writer.keep(kept)
            case .event(.keptSearchBlock(let index, let count, let scalars)):
                writer.keepSearchBlock(index: index, count: count, scalars: scalars)
            case .event(.message), .event(.keepCheck):
                break
            case .message:
                switch batch.nextOutcome() {
                case .replayed(let message):
                    // Counted with its kept page.
                    writer.replay(message)
                case .prepared(let message, let piece):
                    beginPendingChat(writer)
                    stats.read += 1
                    stats.written += 1
                    stats.media.add(message.mediaCounts)
                    message.rendered.diagnostics.forEach(report)
                    if let outcome = message.layoutCache { layoutCache?.record(outcome) }
                    writer.write(message, piece: piece)
                case .filtered:
                    stats.read += 1
                    stats.filtered += 1
                    chatFiltered = true
                    passOver(batch.places[next], unreadable: false, writer)
                case .failed(let diagnostic):
                    stats.read += 1
                    stats.failed += 1
                    report(diagnostic)
                    passOver(batch.places[next], unreadable: true, writer)
                }
                next += 1
            }
        }
        batch.removeAll()
    }

    /// Gives the event source the writer's answer to the check the last batch ended with.
    private func answer<Writer: TranscriptWriter, Events: ExportEventSource>(_ scanner: inout Events, _ writer: Writer) {
        guard let asked = check else { return }
        check = nil
        scanner.answer(writer.keepable(asked))
    }

    /// Tells the writer the current chat begins, if it has not been told.
    private func beginPendingChat<Writer: TranscriptWriter>(_ writer: Writer) {
        guard let chat = pendingChat else { return }
        pendingChat = nil
        writer.beginChat(chat)
        for passed in passedBeforeBegin { writer.pass(over: passed.place, unreadable: passed.unreadable) }
        passedBeforeBegin = []
    }

    /// Tells the writer of a message that is not written, once it knows the chat began.
    private func passOver<Writer: TranscriptWriter>(_ place: SiteInputPlace?, unreadable: Bool, _ writer: Writer) {
        if pendingChat != nil {
            passedBeforeBegin.append((place, unreadable))
        } else {
            writer.pass(over: place, unreadable: unreadable)
        }
    }
}
