import Dispatch

/// `msgfmt diff`: compares two exports and writes their differences.
///
/// Both files are streamed once, on two threads, into `ArchiveIndex`es (identities, dates,
/// content hashes and file offsets, no messages); `ArchiveDiffer` merges the indexes; then
/// only the messages that changed are read again by offset, decoded and laid out, a batch
/// at a time on `DiffOptions.jobs` threads, and written in order in the chosen format.
/// Memory holds the two indexes, the list of changes and one batch.
public final class ArchiveComparison {
    private let options: DiffOptions
    private let report: (Diagnostic, String) -> Void

    /// Creates a comparison; `report` receives each diagnostic with the name of the file
    /// it is about (old file first, then new).
    public init(options: DiffOptions, report: @escaping (Diagnostic, String) -> Void) {
        self.options = options
        self.report = report
    }

    /// Why a comparison could not be made.
    public enum Failure: Error, Sendable {
        /// A file could not be opened or read as an export (as a whole).
        case read(source: String, ExportReadError)

        /// One line for stderr, located as `msgfmt export` locates it: `FILE:byte N: …`
        /// for a file cut short or broken outside any message, `FILE: …` otherwise.
        public var message: String {
            switch self {
            case .read(let source, let error):
                switch error {
                case .truncated(let offset), .malformed(let offset, _): "\(source):byte \(offset): \(error.message)"
                case .unreadable: error.message
                case .notAnExport: "\(source): \(error.message)"
                }
            }
        }
    }

    /// Compares `old` with `new` (paths of regular files) and writes the differences to
    /// `sink`; returns the counts. Throws, having written nothing, when either file is
    /// unreadable, truncated or not an export.
    public func run(old: String, new: String, into sink: OutputSink) throws(Failure) -> DiffStats {
        let oldFile: ExportMessageFile
        let newFile: ExportMessageFile
        let oldSource: ExportByteSource
        let newSource: ExportByteSource
        do {
            oldFile = try ExportMessageFile(path: old)
            oldSource = try ExportByteSource(path: old)
        } catch {
            throw .read(source: old, error)
        }
        do {
            newFile = try ExportMessageFile(path: new)
            newSource = try ExportByteSource(path: new)
        } catch {
            throw .read(source: new, error)
        }
        let (oldIndex, newIndex) = try indexBoth(oldSource, newSource)
        let diff = ArchiveDiffer.diff(old: oldIndex, new: newIndex, selects: options.selects)
        var stats = diff.stats
        let owner = options.me ?? newIndex.owner ?? oldIndex.owner
        let transcript = options.transcriptOptions(owner: owner)
        let writer = makeWriter(transcript: transcript, sink: sink, owner: owner)
        writer.begin(old: old, new: new, stats: diff.stats)
        stats.failed += write(
            diff, to: writer, from: (oldFile, newFile), indexes: (oldIndex, newIndex), render: transcript.render, sink: sink)
        writer.finish()
        return stats
    }

    /// Writes the changes of `diff` with `writer`, a batch at a time: read, laid out and
    /// made into the writer's pieces on every lane, then written in order; the `indexes` of
    /// the files find the messages replies quote. Returns how many changes could not be
    /// shown (a file changed while it was read).
    private func write<Writer: DiffWriter>(
        _ diff: ArchiveDiff, to writer: Writer, from files: (old: ExportMessageFile, new: ExportMessageFile),
        indexes: (old: ArchiveIndex, new: ArchiveIndex), render: RenderOptions, sink: OutputSink
    ) -> Int {
        let lanes = max(1, options.jobs)
        let options = self.options
        let piece = writer.pieceMaker
        var failed = 0
        for chat in diff.chats {
            writer.beginChat(chat.info)
            let chats = (old: indexes.old.chat(chat.key), new: indexes.new.chat(chat.key))
            var start = 0
            while start < chat.changes.count, !sink.failed {
                let batch = chat.changes[start..<min(start + Self.batchSize, chat.changes.count)]
                let shown = [Shown<Writer.Piece>].madeOnLanes(count: batch.count, lanes: lanes, start: Renderer(options: render)) {
                    renderer, i in
                    Self.show(
                        batch[batch.startIndex + i], files.old, files.new, chats: chats, options: options, renderer: renderer,
                        piece: piece)
                }
                for (change, item) in zip(batch, shown) {
                    for (diagnostic, file) in item.diagnostics { report(diagnostic, file) }
                    guard let versions = item.versions else {
                        failed += 1
                        continue
                    }
                    guard !sink.failed else { break }
                    writer.write(change, chat: chat.info, before: versions.before, after: versions.after)
                }
                start += batch.count
            }
        }
        return failed
    }

    /// Changes read and laid out together before they are written.
    private static let batchSize = 256

    /// A change made ready on a lane: its versions (nil when a file no longer held the
    /// message indexed) and the diagnostics to report, in order, with the file they are about.
    private struct Shown<Piece> {
        var versions: (before: DiffVersion<Piece>?, after: DiffVersion<Piece>?)?
        var diagnostics: [(Diagnostic, String)]
    }

    /// Reads the versions of `change`, lays them out with `renderer` and makes the writer's
    /// pieces of them with `piece`; a version that replies to a message its file's chat
    /// (`chats`) holds quotes it.
    private static func show<Piece>(
        _ change: ArchiveChange, _ oldFile: ExportMessageFile, _ newFile: ExportMessageFile,
        chats: (old: ArchiveChat?, new: ArchiveChat?), options: DiffOptions, renderer: Renderer, piece: (TranscriptMessage) -> Piece
    ) -> Shown<Piece> {
        var diagnostics: [(Diagnostic, String)] = []
        let before = change.old.flatMap { read($0, from: oldFile, options: options, diagnostics: &diagnostics) }
        let after = change.new.flatMap { read($0, from: newFile, options: options, diagnostics: &diagnostics) }
        if (change.old != nil && before == nil) || (change.new != nil && after == nil) {
            return Shown(versions: nil, diagnostics: diagnostics)
        }
        func withPieces(_ laidOut: LaidOut?, quote: (sender: String, text: String)?) -> DiffVersion<Piece>? {
            laidOut.map {
                DiffVersion(shown: $0.shown, piece: piece($0.shown), unmarked: $0.unmarked.map { ($0, piece($0)) }, quote: quote)
            }
        }
        let versions = prepare(change, before, after, options: options, renderer: renderer)
        let quotes = (
            before: before.flatMap { quote(of: $0, in: chats.old, file: oldFile, options: options) },
            after: after.flatMap { quote(of: $0, in: chats.new, file: newFile, options: options) }
        )
        return Shown(
            versions: (withPieces(versions.before, quote: quotes.before), withPieces(versions.after, quote: quotes.after)),
            diagnostics: diagnostics)
    }

    /// The sender and preview of the message `m` replies to, as a transcript quotes it,
    /// when `chat` of `file` holds that message and it still reads as indexed.
    private static func quote(
        of m: ExportMessage, in chat: ArchiveChat?, file: ExportMessageFile, options: DiffOptions
    ) -> (sender: String, text: String)? {
        guard let reply = m.replyTo, let entry = chat?.entry(id: reply), let raw = file.message(at: entry),
            case .success(let target) = ExportMessageDecoder.decode(raw, clock: options.clock), target.id == reply
        else { return nil }
        return (target.senderName, TranscriptMessage.preview(of: target))
    }

    /// A version laid out, before the writer's pieces are made of it: the message as shown
    /// and, when its marks are coloured, the same version without them (`DiffVersion`).
    private struct LaidOut {
        var shown: TranscriptMessage
        var unmarked: TranscriptMessage?
    }

    /// Indexes both files at once, one on another thread; reports the old file's
    /// diagnostics, then the new one's.
    private func indexBoth(_ old: ExportByteSource, _ new: ExportByteSource) throws(Failure) -> (ArchiveIndex, ArchiveIndex) {
        let indexer = ArchiveIndexer(clock: options.clock, scope: options.scope)
        let oldJob = ArchiveIndexJob(indexer: indexer, source: old)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { oldJob.run() }
        let newJob = ArchiveIndexJob(indexer: indexer, source: new)
        newJob.run()
        group.wait()
        for d in oldJob.diagnostics { report(d, old.name) }
        for d in newJob.diagnostics { report(d, new.name) }
        switch (oldJob.result, newJob.result) {
        case (.success(let a), .success(let b)): return (a, b)
        case (.failure(let e), _): throw .read(source: old.name, e)
        case (_, .failure(let e)): throw .read(source: new.name, e)
        default: throw .read(source: old.name, .notAnExport(reason: "it was not read"))
        }
    }

    /// The message an entry points at, decoded; nil (with a diagnostic added) when it no
    /// longer decodes to the same message: the file changed since it was indexed.
    private static func read(
        _ entry: ArchiveEntry, from file: ExportMessageFile, options: DiffOptions, diagnostics: inout [(Diagnostic, String)]
    ) -> ExportMessage? {
        if let raw = file.message(at: entry), case .success(let message) = ExportMessageDecoder.decode(raw, clock: options.clock),
            message.id == entry.id, ContentHash.of(message, scope: options.scope) == entry.hash
        {
            return message
        }
        var location = Diagnostic.Location(messageID: entry.id)
        location.byteOffset = entry.offset
        diagnostics.append((Diagnostic(.error, location, "the message changed while msgfmt diff was reading the file"), file.name))
        return nil
    }

    /// The versions to show, carried through the render pipeline; an edited message's
    /// bodies with their changed words marked when the format marks them.
    private static func prepare(
        _ change: ArchiveChange, _ before: ExportMessage?, _ after: ExportMessage?, options: DiffOptions, renderer: Renderer
    ) -> (before: LaidOut?, after: LaidOut?) {
        func prepared(_ m: ExportMessage) -> TranscriptMessage {
            TranscriptMessage(message: m, rendered: renderer.process(m.body, index: 0, diagnostics: []), index: 0)
        }
        guard change.kind == .edited, let style = options.marks, let a = before, let b = after else {
            return (before.map { LaidOut(shown: prepared($0)) }, after.map { LaidOut(shown: prepared($0)) })
        }
        let words = WordDiff.between(a.body.text, b.body.text)
        func version(_ m: ExportMessage, _ ranges: [Range<Int>], _ side: DiffMarks.Side) -> LaidOut {
            var marked = m
            marked.body = DiffMarks.mark(m.body, ranges: ranges, side: side, style: style)
            let coloured = style == .entities && options.style.color && !ranges.isEmpty
            return LaidOut(shown: prepared(marked), unmarked: coloured ? prepared(m) : nil)
        }
        return (version(a, words.removed, .removed), version(b, words.inserted, .inserted))
    }

    private func makeWriter(transcript: ExportOptions, sink: OutputSink, owner: String?) -> any DiffWriter {
        switch options.format {
        case .text, .ansi: TerminalDiffWriter(options: options, transcript: transcript, sink: sink, owner: owner)
        case .json: JSONDiffWriter(transcript: transcript, sink: sink, owner: owner)
        case .html: HTMLDiffWriter(options: options, transcript: transcript, sink: sink, owner: owner)
        }
    }
}
