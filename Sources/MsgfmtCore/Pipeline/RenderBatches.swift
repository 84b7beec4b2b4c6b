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
/// With a `ParallelEmitter` (every format but a stacked picture), each thread also
/// prepares the bytes of the messages it processed, into a buffer of its own
/// (`PreparedBuffers`, reused from batch to batch), and lets go of their layouts there; the
/// calling thread then only copies those bytes out in order.
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

    /// A processed message, and where its prepared bytes are: `bytes` of buffer `buffer`
    /// of its batch's `PreparedBuffers` (no buffer: the emitter writes it when its turn comes).
    struct Done {
        var rendered: RenderedMessage
        var buffer: Int?
        var bytes: Range<Int>
    }

    /// The emitter workers copy, shared read-only between threads (`makeWorkerCopy` only
    /// reads it).
    private final class Template: @unchecked Sendable {
        let emitter: any ParallelEmitter
        init(_ emitter: any ParallelEmitter) { self.emitter = emitter }
    }

    /// Items gathered but not yet started.
    private final class Batch {
        var entries: [Entry] = []
        var works: [Work] = []
        var slots: OrderedSlots<Work, Done>?
        var group: DispatchGroup?
        var buffers: PreparedBuffers?

        /// An empty batch with room for `messages` messages: grown from empty, the works
        /// were copied at each doubling.
        init(messages: Int) {
            entries.reserveCapacity(messages)
            works.reserveCapacity(messages)
        }
    }

    /// The messages of a batch when the emitter does not ask for fewer: enough that
    /// handing a batch to the workers costs little beside laying it out.
    static let defaultBatchSize = 256

    private let options: RenderOptions
    /// The fonts every thread's renderer measures with: opened once for the run, so their
    /// shaping cache and fallback faces carry over from batch to batch.
    private let fonts: FontLibrary?
    private let renderer: Renderer
    private let jobs: Int
    private let batchSize: Int
    private let sink: OutputSink
    private let report: (Diagnostic) -> Void
    /// The emitter, moved in for the run and handed back by the caller afterwards.
    var emitter: any MessageEmitter { parallel ?? serial }
    /// The emitter when it cannot prepare messages on workers, else unused.
    private var serial: any MessageEmitter
    /// The emitter when it can; its workers' copies come from `template`.
    private var parallel: (any ParallelEmitter)?
    private let template: Template?
    /// The calling thread's copy, for the messages it processes.
    private var ownCopy: (any ParallelEmitter)?
    /// Buffers of emitted batches, ready for the next.
    private var spareBuffers: [PreparedBuffers] = []
    /// Counts of what was emitted so far, in input order.
    private(set) var stats = Renderer.Stats()
    /// Items added so far, and the skipped updates among them: a message's index.
    private var added = 0
    private var skipped = 0
    private var pending: Batch
    private var running: Batch?

    /// Creates the batches of one input; `jobs` threads in all, the calling one included,
    /// measuring with `fonts` when the options lay out in pixels; batches as large as the
    /// emitter asks (`ParallelEmitter.messagesPerBatch`).
    init(
        options: RenderOptions, fonts: FontLibrary?, jobs: Int, emitter: any MessageEmitter, sink: OutputSink,
        report: @escaping (Diagnostic) -> Void
    ) {
        self.options = options
        self.fonts = fonts
        renderer = Renderer(options: options, fonts: fonts)
        self.jobs = max(2, jobs)
        serial = emitter
        parallel = emitter.asParallel
        let copy = parallel?.makeWorkerCopy()
        if copy == nil { parallel = nil }
        batchSize = max(1, parallel?.messagesPerBatch ?? Self.defaultBatchSize)
        template = parallel.map(Template.init)
        pending = Batch(messages: batchSize)
        ownCopy = copy
        self.sink = sink
        self.report = report
    }

    /// Adds the next decoded item; a full batch is started on the workers.
    func add(_ item: consuming DecodedItem) {
        added += 1
        // Taken apart by moving: the message goes to its batch without a copy.
        switch consume item {
        case .message(let message, let diagnostics):
            // Numbered as the decoder numbers them: skipped updates aside.
            pending.works.append(Work(message: message, index: added - skipped - 1, diagnostics: diagnostics))
            pending.entries.append(.message)
            if pending.works.count >= batchSize { cycle() }
        case .skipped(let update):
            skipped += 1
            pending.entries.append(.other(.skipped(update: update)))
        case .failure(let diagnostic):
            pending.entries.append(.other(.failure(diagnostic)))
        case .filtered:
            pending.entries.append(.other(.filtered))
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
            pending = Batch(messages: batchSize)
        }
        if let done { emit(done) }
    }

    /// Hands the messages of `batch` to the workers; one message is processed here.
    private func start(_ batch: Batch) {
        var works: [Work] = []
        swap(&works, &batch.works)
        let slots = OrderedSlots<Work, Done>(consume works)
        batch.slots = slots
        if template != nil { batch.buffers = spareBuffers.popLast() ?? PreparedBuffers(count: jobs) }
        guard slots.count > 1 else { return }
        let workers = min(jobs - 1, slots.count - 1)
        let group = DispatchGroup()
        let options = options
        let fonts = fonts
        let template = template
        let buffers = batch.buffers
        group.enter()
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let renderer = Renderer(options: options, fonts: fonts)
                var emitter = template?.emitter.makeWorkerCopy()
                slots.fill { Self.make($1, renderer: renderer, emitter: &emitter, buffers: buffers, buffer: worker) }
            }
            group.leave()
        }
        batch.group = group
    }

    /// Processes one message and, with an emitter, prepares its bytes at the end of buffer
    /// `buffer` and lets go of what only the emitter needed.
    private static func make(
        _ work: Work, renderer: Renderer, emitter: inout (any ParallelEmitter)?, buffers: PreparedBuffers?, buffer: Int
    ) -> Done {
        var rendered = renderer.process(work.message, index: work.index, diagnostics: work.diagnostics)
        guard emitter != nil, let buffers else { return Done(rendered: rendered, buffer: nil, bytes: 0..<0) }
        let start = buffers.base[buffer].count
        emitter?.prepare(rendered, into: &buffers.base[buffer])
        rendered.layout = nil
        rendered.mediaLines = []
        rendered.styled.blocks = []
        return Done(rendered: rendered, buffer: buffer, bytes: start..<buffers.base[buffer].count)
    }

    /// Processes what the workers have not claimed of `batch` on this thread and waits
    /// for the rest.
    private func finish(_ batch: Batch) {
        guard let slots = batch.slots else { return }
        let buffers = batch.buffers
        slots.fill { Self.make($1, renderer: renderer, emitter: &ownCopy, buffers: buffers, buffer: jobs - 1) }
        batch.group?.wait()
    }

    /// Reports, counts and emits the items of a finished batch, in order.
    private func emit(_ batch: Batch) {
        let slots = batch.slots
        batch.slots = nil
        defer {
            if let buffers = batch.buffers {
                buffers.removeAll()
                spareBuffers.append(buffers)
                batch.buffers = nil
            }
        }
        for entry in batch.entries {
            stats.read += 1
            switch entry {
            case .message:
                guard let done = slots?.takeNext() else { preconditionFailure("a message without its output") }
                if let buffer = done.buffer, let buffers = batch.buffers, parallel != nil {
                    buffers.base[buffer].withUnsafeBufferPointer { all in
                        renderer.deliver(
                            done.rendered, prepared: UnsafeBufferPointer(rebasing: all[done.bytes]), stats: &stats,
                            emitter: &parallel!, into: sink, report: report)
                    }
                } else if let emitter = parallel {
                    // Not prepared (a worker without a copy): written as one thread writes it.
                    var serialized: any MessageEmitter = emitter
                    renderer.deliver(done.rendered, stats: &stats, emitter: &serialized, into: sink, report: report)
                    parallel = serialized.asParallel
                } else {
                    renderer.deliver(done.rendered, stats: &stats, emitter: &serial, into: sink, report: report)
                }
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
