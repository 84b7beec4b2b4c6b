/// Collects the diagnostics of one normalization, located at the message and entity.
struct NormalizationReport {
    /// The message id, when known.
    let messageID: Int64?
    /// The diagnostics so far, in order.
    private(set) var diagnostics: [Diagnostic] = []

    /// Creates an empty report.
    init(messageID: Int64?) {
        self.messageID = messageID
    }

    /// Records a repair of entity `index`; repairs of detected entities are not reported.
    mutating func warn(_ index: Int?, _ message: String) {
        guard let index else { return }
        diagnostics.append(Diagnostic(.warning, .init(messageID: messageID, entityIndex: index), message))
    }

    /// Records an entity that had to be dropped as invalid.
    mutating func error(_ index: Int?, _ message: String) {
        guard let index else { return }
        diagnostics.append(Diagnostic(.error, .init(messageID: messageID, entityIndex: index), message))
    }
}
