internal import CJemalloc
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
/// (`PreparedBuffers`, reused from batch to batch), and lets go of everything it made for
/// them there; the calling thread then only copies those bytes out in order.
///
/// With such an emitter and no filter, JSON Lines are handed over undecoded (`take`): the
/// calling thread copies each line into the batch (`BatchLines`) and a worker decodes it,
/// so a message is made, used and let go on one thread. (Decoded on the calling thread,
/// every message's memory crossed from one core to the other and back: the workers
/// counted references to it, the calling thread freed it and handed the same blocks out
/// for the next messages.) A line is numbered as if it held one
/// message, as nearly every line does; one that holds something else (an update without
/// a message, several messages) is decoded again in order when its turn comes, with
/// every line after it that was numbered before that was known, and from then on the
/// decoder reads the lines itself.
///
/// `drain()` finishes everything added so far: before a read that may block (a pipe), so
/// what has arrived is written before msgfmt waits for more, and at the end.
final class RenderBatches {
    /// One item in input order; a message or a line stands for the next slot's output.
    private enum Entry {
        case message
        /// JSON Lines line `number`, numbered `index` as one message, at `bytes` of the
        /// batch's lines.
        case line(index: Int, number: Int, bytes: Range<Int>)
        case other(DecodedItem)
    }

    /// What a worker needs to process one slot.
    enum Work: Sendable {
        /// A message decoded on the calling thread (from JSON Lines line `line`, if any).
        case message(Message, index: Int, line: InputLine?, diagnostics: [Diagnostic])
        /// A line to decode first (`Entry.line`).
        case line(Range<Int>, number: Int, index: Int)
    }

    /// What came of one slot.
    enum Done {
        /// A message whose bytes were prepared at `bytes` of buffer `buffer` of its batch's
        /// `PreparedBuffers`, with what writing them needs of the message.
        case prepared(diagnostics: [Diagnostic], hasMedia: Bool, buffer: Int, bytes: Range<Int>)
        /// A message the emitter writes when its turn comes (a worker without a copy).
        case rendered(RenderedMessage)
        /// A line that decoded to one failure.
        case failure(Diagnostic)
        /// A line that decoded to something else than one message or failure: decoded
        /// again in order (`decodeAgain`).
        case again
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
        /// The lines of its `.line` entries.
        var lines: BatchLines?

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
    /// Buffers and lines of emitted batches, ready for the next.
    private var spareBuffers: [PreparedBuffers] = []
    private var spareLines: [BatchLines] = []
    /// Whether JSON Lines are taken undecoded (`take`): with a parallel emitter and no
    /// filter, until a line holds something else than one message or failure.
    private(set) var takesLines: Bool
    /// Set when a line was decoded again: the items after it are numbered anew once
    /// everything before them is written.
    private var renumbers = false
    /// The calling thread's copy of a line it decodes.
    private var scratch: [UInt8] = []
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
        if case .none = options.filter { takesLines = template != nil } else { takesLines = false }
        self.sink = sink
        self.report = report
    }

    /// Adds the next decoded item, read from JSON Lines line `line` if any; a full batch is
    /// started on the workers.
    func add(_ item: consuming DecodedItem, line: InputLine? = nil) {
        added += 1
        // Taken apart by moving: the message goes to its batch without a copy.
        switch consume item {
        case .message(let message, let diagnostics):
            // Numbered as the decoder numbers them: skipped updates aside.
            pending.works.append(.message(message, index: added - skipped - 1, line: line, diagnostics: diagnostics))
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

    /// Takes JSON Lines line `number` undecoded as the next item, numbered as one message,
    /// and moves `index` (the decoder's count of messages and failures so far) on by one;
    /// false when lines are no longer taken, with `index` set to what the decoder would
    /// have counted, for the decoder to read the line itself.
    func take(_ line: ArraySlice<UInt8>, number: Int, index: inout Int) -> Bool {
        guard takesLines else {
            if renumbers {
                // What was numbered before a line turned out to hold something else is
                // written first; the counts are then those of one thread.
                drain()
                added = stats.read
                skipped = stats.skipped.count
                renumbers = false
            }
            index = added - skipped
            return false
        }
        let lines = pending.lines ?? spareLines.popLast() ?? BatchLines(capacity: 1 << 18)
        pending.lines = lines
        let bytes = lines.append(line)
        let numbered = added - skipped
        added += 1
        index += 1
        pending.works.append(.line(bytes, number: number, index: numbered))
        pending.entries.append(.line(index: numbered, number: number, bytes: bytes))
        if pending.works.count >= batchSize { cycle() }
        return true
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
        let lines = batch.lines
        group.enter()
        DispatchQueue.global().async {
            ParallelLanes.perform(workers) { worker in
                // An arena of the worker's own (the calling thread keeps the first): its
                // messages are made and let go here, and a shared arena's locks and
                // bookkeeping would pass from core to core at each allocation the thread
                // caches do not answer.
                _ = msgfmt_jemalloc_use_arena(Int32(truncatingIfNeeded: worker + 1))
                let renderer = Renderer(options: options, fonts: fonts)
                var emitter = template?.emitter.makeWorkerCopy()
                var scratch: [UInt8] = []
                // The worker's own buffer, by its address: the buffers' object is not
                // counted by each thread for each message.
                let output = buffers.map { $0.base + worker }
                let lineBytes = lines?.start
                slots.fill {
                    Self.make(
                        $1, lines: lineBytes, scratch: &scratch, renderer: renderer, emitter: &emitter, output: output, buffer: worker)
                }
            }
            group.leave()
        }
        batch.group = group
    }

    /// Decodes a line first (from `lines`, the batch's: the everyday message in place, any
    /// other line from `scratch`, a copy of the thread's own), then processes its message
    /// and, with an emitter, prepares its bytes into `output`, buffer `buffer` of the
    /// batch's `PreparedBuffers` (`prepare`).
    private static func make(
        _ work: Work, lines: UnsafePointer<UInt8>?, scratch: inout [UInt8], renderer: Renderer, emitter: inout (any ParallelEmitter)?,
        output: UnsafeMutablePointer<[UInt8]>?, buffer: Int
    ) -> Done {
        // Styled no further than the emitter shows (without one, for whoever emits).
        let scope = emitter?.styleScope ?? .all
        switch work {
        case .message(let message, let index, let line, let diagnostics):
            let rendered = renderer.process(message, index: index, line: line, diagnostics: diagnostics, scope: scope)
            return prepare(rendered, emitter: &emitter, output: output, buffer: buffer)
        case .line(let bytes, let number, let index):
            guard let lines else { return .again }
            // The everyday message read in place, as `decodeLine` reads it first; anything
            // else goes through the JSON tree from a copy of the line, as `decodeLine` then
            // takes it.
            if let message = BotAPIMessageReader.message(UnsafeBufferPointer(start: lines + bytes.lowerBound, count: bytes.count)) {
                let rendered = renderer.process(message, index: index, line: InputLine(number), diagnostics: [], scope: scope)
                return prepare(rendered, emitter: &emitter, output: output, buffer: buffer)
            }
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(start: lines + bytes.lowerBound, count: bytes.count))
            var next = index
            var count = 0
            var only: DecodedItem?
            var held: InputLine?
            MessageDecoder.decodeLineThroughTree(scratch[...], number: number, index: &next) { item, line in
                count += 1
                if count == 1 { (only, held) = (item, line) }
            }
            guard count == 1, let only else { return .again }
            switch only {
            case .message(let message, let diagnostics):
                let rendered = renderer.process(message, index: index, line: held, diagnostics: diagnostics, scope: scope)
                return prepare(rendered, emitter: &emitter, output: output, buffer: buffer)
            case .failure(let diagnostic):
                return .failure(diagnostic)
            case .skipped, .filtered:
                return .again
            }
        }
    }

    /// With an emitter, prepares the bytes of `rendered` at the end of `output` (buffer
    /// `buffer`) and lets go of the rest here, where it was made. A long message laid out
    /// in stretches (`RenderedMessage.pieces`) is left to the writing thread, which writes
    /// it a stretch at a time instead of holding its bytes whole.
    private static func prepare(
        _ rendered: RenderedMessage, emitter: inout (any ParallelEmitter)?, output: UnsafeMutablePointer<[UInt8]>?, buffer: Int
    ) -> Done {
        guard emitter != nil, let output, rendered.pieces == nil else { return .rendered(rendered) }
        let start = output.pointee.count
        emitter?.prepare(rendered, into: &output.pointee)
        return .prepared(
            diagnostics: rendered.diagnostics, hasMedia: rendered.message.media != nil, buffer: buffer,
            bytes: start..<output.pointee.count)
    }

    /// Processes what the workers have not claimed of `batch` on this thread and waits
    /// for the rest.
    private func finish(_ batch: Batch) {
        guard let slots = batch.slots else { return }
        let output = batch.buffers.map { $0.base + (jobs - 1) }
        let lines = batch.lines?.start
        slots.fill {
            Self.make(
                $1, lines: lines, scratch: &scratch, renderer: renderer, emitter: &ownCopy, output: output, buffer: jobs - 1)
        }
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
            if let lines = batch.lines {
                // A batch of very long lines does not hold its memory for the rest of the run.
                if lines.capacity <= PreparedBuffers.keptCapacity {
                    lines.removeAll()
                    spareLines.append(lines)
                }
                batch.lines = nil
            }
        }
        for entry in batch.entries {
            switch entry {
            case .message:
                guard let done = slots?.takeNext() else { preconditionFailure("a message without its output") }
                stats.read += 1
                write(done, of: batch)
            case .line(let index, let number, let bytes):
                guard let done = slots?.takeNext(), let lines = batch.lines else { preconditionFailure("a line without its output") }
                var numberedRight = index == stats.read - stats.skipped.count
                if case .again = done { numberedRight = false }
                if numberedRight {
                    stats.read += 1
                    write(done, of: batch)
                    continue
                }
                // Numbered wrongly (a line before it held something else than one message)
                // or holding something else itself: decoded again here, in order.
                takesLines = false
                renumbers = true
                decodeAgain(lines.bytes(bytes), number: number)
            case .other(.failure(let diagnostic)):
                stats.read += 1
                stats.failed += 1
                report(diagnostic)
            case .other(.filtered):
                stats.read += 1
                stats.filtered += 1
            case .other(.skipped(let update)):
                stats.read += 1
                stats.skipped.add(update)
            case .other(.message):
                preconditionFailure("messages are slots")
            }
        }
    }

    /// Writes what came of a message or line slot (counted already).
    private func write(_ done: Done, of batch: Batch) {
        switch done {
        case .prepared(let diagnostics, let hasMedia, let buffer, let bytes):
            guard let buffers = batch.buffers, parallel != nil else { preconditionFailure("prepared bytes without buffers") }
            buffers.base[buffer].withUnsafeBufferPointer { all in
                renderer.deliver(
                    prepared: UnsafeBufferPointer(rebasing: all[bytes]), diagnostics: diagnostics, hasMedia: hasMedia,
                    stats: &stats, emitter: &parallel!, into: sink, report: report)
            }
        case .rendered(let rendered):
            if let emitter = parallel {
                // Not prepared (a worker without a copy): written as one thread writes it.
                var serialized: any MessageEmitter = emitter
                renderer.deliver(rendered, stats: &stats, emitter: &serialized, into: sink, report: report)
                parallel = serialized.asParallel
            } else {
                renderer.deliver(rendered, stats: &stats, emitter: &serial, into: sink, report: report)
            }
        case .failure(let diagnostic):
            stats.failed += 1
            report(diagnostic)
        case .again:
            preconditionFailure("a line decoded again is written by decodeAgain")
        }
    }

    /// Decodes JSON Lines line `number` here and renders its items as one thread does,
    /// numbered after everything written so far.
    private func decodeAgain(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
        var index = stats.read - stats.skipped.count
        var emitter: any MessageEmitter = parallel ?? serial
        MessageDecoder.decodeLine(Array(line)[...], number: number, index: &index) { item, line in
            renderer.render(item, line: line, stats: &stats, emitter: &emitter, into: sink, report: report)
        }
        if parallel != nil { parallel = emitter.asParallel } else { serial = emitter }
    }
}
