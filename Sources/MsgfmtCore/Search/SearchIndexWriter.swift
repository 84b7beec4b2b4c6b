/// Builds the HTML site's search index while the site is written, in message order, and
/// hands out its data files as soon as they are complete, so memory holds one block of
/// one chat at a time however large the export (two with `flushesInBackground`: the one
/// being written and the next, filling).
///
/// The files, under `search/` of the site (each a script that calls `msgfmtSearch.load`,
/// since browsers load scripts from disk but refuse `fetch()` there):
/// - `search/CHAT/iB_K.js`, `fB.js`, `wB.js`, `dB.js`, `cC.js`: the blocks' term files,
///   columns and chunks (see `SearchBlock`);
/// - `search/chats.js`: every chat with its folder, name and message count;
/// - `search/fold.js`: how each character of the texts folds (`SearchFoldTable`).
struct SearchIndexWriter {
    /// Messages per block: fewer, larger files load faster in a browser.
    static let blockSize = 32768
    /// Messages per chunk: a query loads the chunks of the messages it shows. A file from
    /// disk costs a browser about as much to load whether it holds 32 messages or 128, and
    /// every file costs an export (and an update, which links the kept ones) a few system
    /// calls: 128 makes a quarter of the files of 32 for the same bytes.
    static let chunkSize = 128
    /// Term files per block, in `bucketRows` rows by a term's first unit.
    static let buckets = 64
    static let bucketRows = 8
    /// A block of at most this many messages keeps its words in one term file and its
    /// pairs of words in another (`iB_0.js`, `pB_0.js`): a few messages' terms make small
    /// files, and a chat of a few messages would otherwise get a few dozen of them (an
    /// export of thousands of small chats, thousands of folders of them).
    static let smallBlock = 512

    /// The term files of each kind (words, pairs) a block of `count` messages has.
    static func buckets(forBlockOf count: Int) -> Int {
        count <= smallBlock ? 1 : buckets
    }

    /// What the index says about one chat.
    private struct Chat {
        var folder: String
        var name: String
        var count = 0
    }

    /// Writes a file under the site (a path like `search/chat_001/m0.js`, whose folders
    /// it creates).
    private let emit: (String, [UInt8]) -> Void
    private var chats: [Chat] = []
    private var block: SearchBlock?
    private var folding = SearchFoldTable()
    /// With `flushesInBackground`: the full block whose files are being written on another
    /// thread while the next one fills.
    private let flushesInBackground: Bool
    private var flushing: SearchBlockFlush?
    /// With `tracksBlocks` (`--update` of a site): the folding scalars of the current
    /// block, and those of each block of the current chat so far (`SiteChatRecord.blocks`).
    private let tracksBlocks: Bool
    private var blockScalars = Set<UInt32>()
    private(set) var chatBlocks: [String] = []

    /// Creates a writer that passes each finished file to `emit`; `tracksBlocks` keeps each
    /// block's folding scalars for the manifest. With `flushesInBackground` a full block's
    /// files are made and emitted on a thread of their own while the next block fills, so
    /// `emit` must be safe to call from two threads at once.
    init(tracksBlocks: Bool = false, flushesInBackground: Bool = false, emit: @escaping (String, [UInt8]) -> Void) {
        self.tracksBlocks = tracksBlocks
        self.flushesInBackground = flushesInBackground
        self.emit = emit
    }

    /// A chat begins; its files go to `search/FOLDER/`.
    mutating func beginChat(folder: String, name: String) {
        flush()
        chats.append(Chat(folder: folder, name: name))
        chatBlocks = []
    }

    /// Block `index` of the current chat, `count` messages whose folding scalars are
    /// `scalars`, is kept from the previous site (its files are there already); false when
    /// the chat's next block is not that one.
    mutating func keepBlock(index: Int, count: Int, scalars: String) -> Bool {
        guard !chats.isEmpty, block == nil, chats[chats.count - 1].count == index * Self.blockSize else { return false }
        chats[chats.count - 1].count += count
        folding.add(Array(scalars.unicodeScalars))
        chatBlocks.append(scalars)
        return true
    }

    /// Adds the next message of the current chat, shown on page `page` (0-based).
    mutating func add(_ record: SearchRecord, page: Int) {
        guard !chats.isEmpty else { return }
        let n = chats[chats.count - 1].count
        if block == nil { block = SearchBlock(first: n) }
        folding.add(record.scalars)
        if tracksBlocks { for s in record.scalars { blockScalars.insert(s.value) } }
        block?.add(record, page: page)
        chats[chats.count - 1].count += 1
        if let b = block, b.count >= Self.blockSize {
            flush()
        } else if let folder = chats.last?.folder, let full = block?.takeFullChunks(chat: folder) {
            for file in full { Self.emit(file, folder: folder, through: emit) }
        }
    }

    /// The current chat ended (its name may have changed with fields after the messages).
    mutating func endChat(name: String) {
        flush()
        if !chats.isEmpty { chats[chats.count - 1].name = name }
    }

    /// Writes `search/fold.js` and `search/chats.js`, once every block's files are written.
    mutating func finish() {
        flush()
        flushing?.wait()
        flushing = nil
        let fold = Array("msgfmtSearch.load(\"\",\"fold\",".utf8) + folding.data() + Array(");\n".utf8)
        emit("search/fold.js", fold)
        var w = JSONWriter()
        w.raw("msgfmtSearch.load(\"\",\"chats\",{\"blockSize\":")
        w.number(Self.blockSize)
        w.raw(",\"chunkSize\":")
        w.number(Self.chunkSize)
        w.raw(",\"buckets\":")
        w.number(Self.buckets)
        w.raw(",\"bucketRows\":")
        w.number(Self.bucketRows)
        w.raw(",\"smallBlock\":")
        w.number(Self.smallBlock)
        w.raw(",\"chats\":[")
        for (i, chat) in chats.enumerated() {
            if i > 0 { w.comma() }
            w.raw("{"); w.key("folder"); w.string(chat.folder)
            w.comma(); w.key("name"); w.string(chat.name)
            w.comma(); w.key("count"); w.number(chat.count)
            w.raw("}")
        }
        w.raw("]});\n")
        emit("search/chats.js", w.bytes)
    }

    /// Writes the current block's files, if it has messages.
    private mutating func flush() {
        // Taken out, so the block's arrays are let go as its files are made.
        guard var b = block, let chat = chats.last else { return }
        block = nil
        guard b.count > 0 else { return }
        if tracksBlocks {
            var scalars = ""
            for value in blockScalars.sorted() { if let s = Unicode.Scalar(value) { scalars.unicodeScalars.append(s) } }
            chatBlocks.append(scalars)
            blockScalars = []
        }
        let folder = chat.folder
        let number = b.first / Self.blockSize
        // A block of a few messages (a small export's) is written here: a thread of its own
        // would cost more than its files.
        if flushesInBackground, b.count >= ParallelLanes.fewestItems {
            // One block at a time: the one before is written first.
            flushing?.wait()
            flushing = SearchBlockFlush(consume b, folder: folder, number: number, emit: emit)
        } else {
            b.writeFiles(chat: folder, block: number) { Self.emit($0, folder: folder, through: emit) }
        }
    }

    /// Emits one data file of a chat's folder.
    static func emit(_ file: (name: String, bytes: [UInt8]), folder: String, through emit: (String, [UInt8]) -> Void) {
        emit("search/\(folder)/\(file.name)", file.bytes)
    }
}
