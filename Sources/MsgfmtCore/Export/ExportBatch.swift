import Dispatch

/// A run of scanner events whose messages are processed in parallel.
final class ExportBatch {
    /// One slot of a batch: an event to pass on, or a processed message.
    enum Item: Sendable {
        case event(ExportEvent)
        case prepared(PreparedMessage)
        case filtered
        case failed(Diagnostic)
    }

    var items: [Item] = []
    private var slots: Slots?

    func append(_ item: Item) { items.append(item) }

    /// Starts replacing every message event with its processed form on `options.jobs`
    /// threads; `group` is left when all are done, then `collect()` takes the results.
    func process(options: ExportOptions, group: DispatchGroup) {
        let indices = items.indices.filter { if case .event(.message) = items[$0] { return true } else { return false } }
        guard !indices.isEmpty else { return }
        let slots = Slots(items)
        self.slots = slots
        let jobs = max(1, min(options.jobs, indices.count))
        group.enter()
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                let renderer = Renderer(options: options.render)
                var k = worker
                while k < indices.count {
                    let i = indices[k]
                    if case .event(.message(let raw)) = slots.pointer[i] {
                        slots.pointer[i] = Self.prepare(raw, options: options, renderer: renderer)
                    }
                    k += jobs
                }
            }
            group.leave()
        }
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
            var prepared = PreparedMessage(message: message, rendered: rendered, index: raw.index)
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

/// Batch items in a manually managed buffer that worker threads write to disjoint indices of.
private final class Slots: @unchecked Sendable {
    let pointer: UnsafeMutableBufferPointer<ExportBatch.Item>

    init(_ items: [ExportBatch.Item]) {
        pointer = .allocate(capacity: items.count)
        _ = pointer.initialize(from: items)
    }

    func take() -> [ExportBatch.Item] {
        Array(pointer)
    }

    deinit {
        pointer.deinitialize()
        pointer.deallocate()
    }
}
