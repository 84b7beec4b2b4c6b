import Dispatch

/// The decoded items of a `render --jobs N` run, processed on several threads and emitted
/// in input order.
///
/// Items are gathered into batches. The messages of a full batch are normalized, styled and
/// laid out on `jobs - 1` worker threads (claiming them one at a time from `OrderedSlots`)
/// while the calling thread decodes the next batch; then the calling thread helps with
/// what is left, and emits the batch — diagnostics, counts and output exactly as a run on
/// one thread makes them, in the same order. At most two batches are in memory.
///
/// `drain()` finishes everything added so far: before a read that may block (a pipe), so
/// what has arrived is written before msgfmt waits for more, and at the end.
final class RenderBatches {
    /// One decoded item, in input order; a message stands for the next slot's output.
    private enum Entry {
        case message
        case other(DecodedItem)
    }

    /// What a worker needs to process one message.
    struct Work: Sendable {
        var message: Message
        var index: Int
        var diagnostics: [Diagnostic]
    }

    /// Items gathered but not yet started.
    private final class Batch {
        var entries: [Entry] = []
        var works: [Work] = []
        var slots: OrderedSlots<Work, RenderedMessage>?
        var group: DispatchGroup?
    }

    private let options: RenderOptions
    private let renderer: Renderer
    private let jobs: Int
    private let batchSize: Int
    private let sink: OutputSink
    private let report: (Diagnostic) -> Void
    /// The emitter, moved in for the run and handed back by the caller afterwards.
    var emitter: any MessageEmitter
    /// Counts of what was emitted so far, in input order.
    private(set) var stats = Renderer.Stats()
    /// Items added so far, and the skipped updates among them: a message's index.
    private var added = 0
    private var skipped = 0
    private var pending = Batch()
    private var running: Batch?

    /// Creates the batches of one input; `jobs` threads in all, the calling one included.
    init(
        options: RenderOptions, jobs: Int, batchSize: Int = 256, emitter: any MessageEmitter, sink: OutputSink,
        report: @escaping (Diagnostic) -> Void
    ) {
        self.options = options
        renderer = Renderer(options: options)
        self.jobs = max(2, jobs)
        self.batchSize = max(1, batchSize)
        self.emitter = emitter
        self.sink = sink
        self.report = report
    }

    /// Adds the next decoded item; a full batch is started on the workers.
    func add(_ item: DecodedItem) {
        added += 1
        switch item {
        case .message(let message, let diagnostics):
            // Numbered as the decoder numbers them: skipped updates aside.
            pending.works.append(Work(message: message, index: added - skipped - 1, diagnostics: diagnostics))
            pending.entries.append(.message)
            if pending.works.count >= batchSize { cycle() }
        case .skipped:
            skipped += 1
            pending.entries.append(.other(item))
        case .failure, .filtered:
            pending.entries.append(.other(item))
        }
    }

    /// Processes and emits every item added so far.
    func drain() {
        while running != nil || !pending.entries.isEmpty { cycle() }
    }

    /// Finishes the running batch, starts the pending one, then emits the finished one.
    private func cycle() {
        let done = running
        if let done { finish(done) }
        running = nil
        if !pending.entries.isEmpty {
            start(pending)
            running = pending
            pending = Batch()
        }
        if let done { emit(done) }
    }

    /// Hands the messages of `batch` to the workers; one message is processed here.
    private func start(_ batch: Batch) {
        var works: [Work] = []
        swap(&works, &batch.works)
        let slots = OrderedSlots<Work, RenderedMessage>(works)
        batch.slots = slots
        guard slots.count > 1 else { return }
        let workers = min(jobs - 1, slots.count - 1)
        let group = DispatchGroup()
        let options = options
        group.enter()
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                let renderer = Renderer(options: options)
                slots.fill { renderer.process($1.message, index: $1.index, diagnostics: $1.diagnostics) }
            }
            group.leave()
        }
        batch.group = group
    }

    /// Processes what the workers have not claimed of `batch` on this thread and waits
    /// for the rest.
    private func finish(_ batch: Batch) {
        guard let slots = batch.slots else { return }
        slots.fill { renderer.process($1.message, index: $1.index, diagnostics: $1.diagnostics) }
        batch.group?.wait()
    }

    /// Reports, counts and emits the items of a finished batch, in order.
    private func emit(_ batch: Batch) {
        var outputs = (batch.slots?.take() ?? []).makeIterator()
        batch.slots = nil
        for entry in batch.entries {
            stats.read += 1
            switch entry {
            case .message:
                guard let rendered = outputs.next() else { preconditionFailure("a message without its output") }
                renderer.deliver(rendered, stats: &stats, emitter: &emitter, into: sink, report: report)
            case .other(.failure(let diagnostic)):
                stats.failed += 1
                report(diagnostic)
            case .other(.filtered):
                stats.filtered += 1
            case .other(.skipped(let update)):
                stats.skipped.add(update)
            case .other(.message):
                preconditionFailure("messages are slots")
            }
        }
    }
}
