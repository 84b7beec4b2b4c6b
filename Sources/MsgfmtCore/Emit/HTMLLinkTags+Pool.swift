import Synchronization

extension HTMLLinkTags {
    /// Tables lent to callers that write one fragment at a time from any thread (the HTML
    /// site's workers), so the links of one message are made once for all the messages
    /// after it, as in a render, instead of in a new table per message. A caller borrows a
    /// table no other thread holds; the pool keeps as many as were ever borrowed at once.
    private static let pool = Mutex<[HTMLLinkTags]>([])

    /// Runs `body` with a table of its own for the call.
    static func borrowing<T>(_ body: (HTMLLinkTags) -> T) -> T {
        let tags = pool.withLock { $0.popLast() } ?? HTMLLinkTags()
        defer { pool.withLock { $0.append(tags) } }
        return body(tags)
    }
}
