import Dispatch

/// One entry of a batch, in input order: an event to pass on, or the next message. Kept
/// outside `ExportBatch`, so the reading thread's appends work on a concrete type rather
/// than one generic over the writer.
enum ExportBatchEntry: Sendable {
    case event(ExportEvent)
    case message
}

/// A run of scanner events whose messages are processed in parallel: decoded, rendered
/// and taken through `Writer`'s prepare step.
final class ExportBatch<Writer: TranscriptWriter> {
    typealias Entry = ExportBatchEntry

    /// What came of one message.
    enum Outcome: Sendable {
        case prepared(TranscriptMessage, Writer.Piece)
        case filtered
        case failed(Diagnostic)
        /// A message of a kept page, read again (`SiteReplay`).
        case replayed(SiteReplayed)
    }

    /// The batch's events; message events stand for the next of `outcomes`.
    private(set) var entries: [Entry] = []
    /// The messages of the batch, in order, until processing takes them.
    private var raws: [RawExportMessage] = []
    /// Where each message lies in its chat (`RawExportMessage.place`), in order.
    private(set) var places: [SiteInputPlace?] = []
    /// The messages being processed, then what came of each, taken out in order by
    /// `nextOutcome()`.
    private var slots: OrderedSlots<RawExportMessage, Outcome>?

    /// An empty batch with room for `messages` messages and their events.
    init(messages: Int) {
        raws.reserveCapacity(messages)
        places.reserveCapacity(messages)
        entries.reserveCapacity(messages + 8)
    }

    /// The messages appended so far.
    var messageCount: Int { raws.count }

    /// Adds an event.
    func append(_ event: ExportEvent) {
        if case .message(let raw) = event {
            raws.append(raw)
            places.append(raw.place)
            entries.append(.message)
        } else {
            entries.append(.event(event))
        }
    }

    /// Starts processing every message on `options.jobs - 1` worker threads, which claim
    /// messages one at a time; `group` is left when all are done, then `nextOutcome()`
    /// takes the results. The calling thread is the last of the `jobs`: it scans and
    /// writes, and `help(options:renderer:cache:)` has it claim messages too.
    func process(options: ExportOptions, cache: LayoutCache?, group: DispatchGroup) {
        guard !raws.isEmpty else { return }
        let workers = max(1, min(options.jobs - 1, raws.count))
        let slots = takeMessages()
        self.slots = slots
        group.enter()
        DispatchQueue.global().async {
            ParallelLanes.perform(workers) { _ in
                let renderer = options.makeRenderer()
                let probe = cache?.probe()
                slots.fill { Self.prepare($1, options: options, renderer: renderer, cache: probe) }
            }
            group.leave()
        }
    }

    /// Processes messages of this batch on the calling thread until none is left unclaimed.
    func help(options: ExportOptions, renderer: Renderer, cache: LayoutCacheProbe?) {
        slots?.fill { Self.prepare($1, options: options, renderer: renderer, cache: cache) }
    }

    /// Processes every message on the calling thread.
    func processHere(options: ExportOptions, renderer: Renderer, cache: LayoutCacheProbe?) {
        let slots = takeMessages()
        self.slots = slots
        slots.fill { Self.prepare($1, options: options, renderer: renderer, cache: cache) }
    }

    /// Moves out what came of the next message, in input order; call once per message
    /// entry, after processing ended (the group was left). Moved, not copied: the caller
    /// holds the only reference to what the workers made, and lets it go when done.
    func nextOutcome() -> Outcome {
        guard let outcome = slots?.takeNext() else { preconditionFailure("a message entry without its outcome") }
        return outcome
    }

    /// Moves the messages into slots for processing: each is released once processed.
    private func takeMessages() -> OrderedSlots<RawExportMessage, Outcome> {
        var messages: [RawExportMessage] = []
        swap(&messages, &raws)
        return OrderedSlots(consume messages)
    }

    /// Empties the batch once it was written.
    func removeAll() {
        entries = []
        slots = nil
        places = []
    }

    /// Decodes and renders one message and runs the writer's prepare step on it; with a
    /// layout `cache`, a message laid out before is taken from it instead.
    static func prepare(_ raw: RawExportMessage, options: ExportOptions, renderer: Renderer, cache: LayoutCacheProbe?) -> Outcome {
        switch ExportMessageDecoder.decode(raw, clock: options.clock) {
        case .failure(let failure):
            return .failed(raw.diagnostic(.error, failure.error.message, id: failure.id, index: raw.index))
        case .success(let message):
            if let use = raw.replay {
                return .replayed(
                    SiteReplayed(
                        id: message.id, sender: message.senderName,
                        preview: use.preview ? TranscriptMessage.preview(of: message) : nil,
                        search: use.search && options.search
                            ? SearchRecord(message, clock: options.clock, hidingSpoilers: options.hidesSpoilers) : nil, page: use.page,
                        offset: use.offset))
            }
            guard options.keeps(message, in: raw.chat) else { return .filtered }
            let pieceType = cache == nil ? nil : Writer.Piece.self as? any CachedPiece.Type
            let key = pieceType.flatMap { _ in cache?.key(raw, message, options: options) }
            if let key, let pieceType, let (entry, outcome) = cache?.lookup(key, raw, message, pieceType: pieceType, options: options),
                let piece = entry.piece as? Writer.Piece
            {
                let body = RenderedMessage(
                    index: raw.index, message: Message(id: message.id, text: ""), styled: StyledText(text: UTF16Text(""), blocks: []),
                    layout: nil, diagnostics: entry.diagnostics)
                var transcript = TranscriptMessage(message: message, rendered: body, index: raw.index)
                transcript.emojiIDs = entry.emojiIDs
                transcript.layoutCache = outcome
                complete(&transcript, raw, options: options)
                return .prepared(transcript, piece)
            }
            let rendered = renderer.process(message.body, index: raw.index, diagnostics: [])
            var transcript = TranscriptMessage(message: message, rendered: rendered, index: raw.index)
            complete(&transcript, raw, options: options)
            let piece = Writer.prepare(transcript, options: options)
            if let key, let cache, let cached = piece as? any CachedPiece {
                transcript.layoutCache = cache.outcome(
                    key: key, raw, message, emojiIDs: transcript.emojiIDs, diagnostics: rendered.diagnostics, piece: cached,
                    options: options)
            }
            return .prepared(transcript, piece)
        }
    }

    /// What a message needs besides its body, laid out now or taken from the cache: its
    /// media files resolved, its preview and, for page records, its place and fingerprints.
    private static func complete(_ transcript: inout TranscriptMessage, _ raw: RawExportMessage, options: ExportOptions) {
        // Read in place: a copy of the message would retain each of its strings.
        let isService = transcript.message.isService
        transcript.deleted = raw.deleted
        // Placed here, not where the body is rendered: the layout cache keeps them by the
        // message's position, and a byte offset changes as the export grows.
        if !transcript.rendered.diagnostics.isEmpty { raw.place(&transcript.rendered.diagnostics, id: transcript.message.id) }
        if !transcript.message.problems.isEmpty { transcript.reportFieldProblems(of: raw) }
        if options.media.mode != .none, !isService, let file = transcript.message.file {
            transcript.resolveMedia(file, options: options.media.forSource(raw.source), of: raw)
        }
        if options.media.mode != .none, options.format == .html, !isService {
            transcript.resolveCustomEmoji(options: options.media.forSource(raw.source), of: raw)
        }
        transcript.cachePreview()
        if options.keepsPageRecords {
            transcript.inputPlace = raw.place
            let media = options.media.forSource(raw.source)
            transcript.mediaPrints = MediaFingerprint.paths(of: transcript, options: options).map {
                ($0, MediaFingerprint.of($0, options: media))
            }
        }
    }
}
