/// One file's indexing, run on its own thread; read only after the thread is done.
final class ArchiveIndexJob: @unchecked Sendable {
    let indexer: ArchiveIndexer
    let source: ExportByteSource
    var diagnostics: [Diagnostic] = []
    var result: Result<ArchiveIndex, ExportReadError>?

    init(indexer: ArchiveIndexer, source: ExportByteSource) {
        self.indexer = indexer
        self.source = source
    }

    func run() {
        do {
            result = .success(try indexer.index(source) { diagnostics.append($0) })
        } catch {
            result = .failure(error)
        }
    }
}
