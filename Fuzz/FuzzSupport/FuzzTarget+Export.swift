@_spi(Testing) import MsgfmtCore

extension FuzzTarget {
    /// Streams the input through the Telegram Desktop export scanner (and checks its fast
    /// paths: the message loop, and jumps to a message's end, against scanning every byte;
    /// each message read without a JSON tree, against the tree path, and the merge's quick
    /// read of its id and times against the decoder), and the `--update` manifest's direct
    /// reader against its tree path on the whole input (seeded with a manifest), then
    /// reads it again as `render --from tdesktop` does and normalizes and styles every
    /// message, and checks the search index's terms of their texts against the plain
    /// reference and their previews against the character rule; with `layOut`, also lays out the first 20 and checks the layout invariants.
    static func checkExport(_ bytes: [UInt8], layOut: Bool = false) -> [String] {
        var problems: [String] = []
        let clock = ExportClock(timeZone: "UTC")!
        var scanner = ExportScanner(source: ExportByteSource(bytes: bytes, name: "fuzz"))
        var events = 0
        while events < 100_000, let event = try? scanner.next() {
            events += 1
            if case .message(let raw) = event {
                if !(0...bytes.count).contains(raw.byteOffset) { problems.append("message offset \(raw.byteOffset) outside the input") }
                if !ExportMessageDecoder.directReadingAgrees(raw.bytes, clock: clock) {
                    problems.append("a message read without a JSON tree differs from the tree path")
                }
                if !ArchiveIndexer.quickFieldsAgree(raw.bytes, clock: clock) {
                    problems.append("the merge's quick read of id and times differs from the decoder")
                }
                if !JSONParser.skipScanAgrees(raw.bytes[...]) {
                    problems.append("the JSON skip scan disagrees with the checked skip on a message")
                }
            }
        }
        if events >= 100_000 { problems.append("the scanner did not finish") }
        if !JSONParser.skipScanAgrees(bytes[...]) { problems.append("the JSON skip scan disagrees with the checked skip on the input") }
        if !ArchiveManifest.directReadingAgrees(bytes) { problems.append("the manifest read from its bytes differs from the tree path") }
        if !ExportScannerReference.agrees(bytes) { problems.append("the scanner's message loop and its byte-by-byte steps differ") }
        if ExportScannerReference.agreeingJumps(bytes, limit: 4) == nil {
            problems.append("a scan that jumps to a message's end differs from one that read every byte to it")
        }
        let items = TDesktopReader.decodeItems(InputFile(name: "fuzz", bytes: bytes))
        var texts: [String] = []
        for case .message(let message, _) in items {
            problems += FuzzCheck.normalizeAndStyle(message)
            texts.append(message.text)
            if !PreviewCheck.agrees(message.text) { problems.append("a preview found on the bytes differs from the character rule") }
        }
        // The search index's terms of the texts, one block of them, against the plain reference.
        if !SearchTerms.agreesWithReference(texts) { problems.append("search terms differ from the reference") }
        guard layOut else { return problems }
        var constraints = LayoutConstraints()
        constraints.width = 30
        for case .message(let message, _) in items.prefix(20) {
            problems += FuzzCheck.layOut(message, constraints)
        }
        return problems
    }
}
