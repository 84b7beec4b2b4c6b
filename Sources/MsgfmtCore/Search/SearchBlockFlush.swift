import Dispatch

/// A full search block whose files are made and emitted on a thread of its own
/// (`SearchIndexWriter` with `flushesInBackground`, for `export --jobs` above 1): sorting a
/// block's terms into its files takes as long as several batches of messages, which the
/// export's other threads would otherwise wait out.
///
/// The block is moved in and let go on that thread; nothing else touches it, and `emit`
/// is one the caller may call at the same time (`SiteFileWriter` locks its own state).
final class SearchBlockFlush: @unchecked Sendable {
    private var block: SearchBlock?
    private let folder: String
    private let number: Int
    private let emit: (String, [UInt8]) -> Void
    private let done = DispatchGroup()

    /// Starts writing `block`, block `number` of the chat in `folder`, through `emit`.
    init(_ block: consuming SearchBlock, folder: String, number: Int, emit: @escaping (String, [UInt8]) -> Void) {
        self.block = block
        self.folder = folder
        self.number = number
        self.emit = emit
        done.enter()
        DispatchQueue.global().async { [self] in
            run()
            done.leave()
        }
    }

    /// Writes the block's files, letting go of it on the way.
    private func run() {
        guard var block = block.take() else { return }
        block.writeFiles(chat: folder, block: number) { SearchIndexWriter.emit($0, folder: folder, through: emit) }
    }

    /// Waits until every file of the block was emitted.
    func wait() {
        done.wait()
    }
}
