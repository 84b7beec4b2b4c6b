import Dispatch
import Synchronization

/// A run of scanner events whose messages are processed in parallel.
final class ExportBatch {
    /// One slot of a batch: an event to pass on, or a processed message.
    enum Item: Sendable {
        case event(ExportEvent)
        case prepared(TranscriptMessage)
        case filtered
        case failed(Diagnostic)
    }

    var items: [Item] = []
    private var slots: Slots?

    func append(_ item: Item) { items.append(item) }

    /// Starts replacing every message event with its processed form on `options.jobs - 1`
    /// worker threads, which claim messages one at a time; `group` is left when all are
    /// done, then `collect()` takes the results. The calling thread is the last of the
    /// `jobs`: it scans and writes, and `help(renderer:)` has it claim messages too.
    func process(options: ExportOptions, group: DispatchGroup) {
        let indices = items.indices.filter { if case .event(.message) = items[$0] { return true } else { return false } }
        guard !indices.isEmpty else { return }
        let slots = Slots(items, messages: indices, options: options)
        self.slots = slots
        let workers = max(1, min(options.jobs - 1, indices.count))
        group.enter()
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                slots.work(renderer: Renderer(options: options.render))
            }
            group.leave()
        }
    }

    /// Processes messages of this batch on the calling thread until none is left unclaimed.
    func help(renderer: Renderer) {
        slots?.work(renderer: renderer)
    }

    /// Replaces every message event with its processed form on the calling thread.
    func processHere(options: ExportOptions, renderer: Renderer) {
        for i in items.indices {
            if case .event(.message(let raw)) = items[i] {
                items[i] = Self.prepare(raw, options: options, renderer: renderer)
            }
        }
    }

    /// Takes the processed items once the group was left.
    func collect() {
        if let slots { items = slots.take() }
        slots = nil
    }

    /// Decodes and renders one message.
    static func prepare(_ raw: RawExportMessage, options: ExportOptions, renderer: Renderer) -> Item {
        switch ExportMessageDecoder.decode(raw, clock: options.clock) {
        case .failure(let failure):
            var location = Diagnostic.Location(messageID: failure.id, messageIndex: raw.index)
            if failure.id == nil { location.byteOffset = raw.byteOffset }
            return .failed(Diagnostic(.error, location, failure.error.message))
        case .success(let message):
            guard options.keeps(message.date) else { return .filtered }
            let rendered = renderer.process(message.body, index: raw.index, diagnostics: [])
            var prepared = TranscriptMessage(message: message, rendered: rendered, index: raw.index)
            switch options.format {
            case .ansi, .text: prepared.composeTerminalPieces(options: options)
            case .json: prepared.json = JSONLinesTranscriptWriter.messageJSON(prepared, options: options)
            case .html:
                prepared.htmlParts = HTMLSiteWriter.parts(prepared, options: options)
            case .markdown: break
            }
            prepared.cachePreview()
            return .prepared(prepared)
        }
    }
}

/// Batch items in a manually managed buffer that threads write to disjoint indices of;
/// each thread claims the next unprocessed message with one atomic increment.
private final class Slots: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<ExportBatch.Item>
    /// The positions of the message events in `pointer`.
    private let messages: [Int]
    private let options: ExportOptions
    /// The next entry of `messages` to claim.
    private let next = Atomic<Int>(0)

    init(_ items: [ExportBatch.Item], messages: [Int], options: ExportOptions) {
        pointer = .allocate(capacity: items.count)
        _ = pointer.initialize(from: items)
        self.messages = messages
        self.options = options
    }

    /// Claims and processes messages until every one is claimed.
    func work(renderer: Renderer) {
        while true {
            let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard k < messages.count else { return }
            let i = messages[k]
            if case .event(.message(let raw)) = pointer[i] {
                pointer[i] = ExportBatch.prepare(raw, options: options, renderer: renderer)
            }
        }
    }

    /// Whether the items were moved out by `take()`.
    private var taken = false

    /// Moves the items out (without copying them, which would touch every reference
    /// another thread made); call once.
    func take() -> [ExportBatch.Item] {
        precondition(!taken, "batch items taken twice")
        taken = true
        return Array(unsafeUninitializedCapacity: pointer.count) { buffer, count in
            _ = buffer.moveInitialize(fromContentsOf: pointer)
            count = pointer.count
        }
    }

    deinit {
        if !taken { pointer.deinitialize() }
        pointer.deallocate()
    }
}
