import Foundation
import TestSupport

@testable import MsgfmtCore

/// Helpers shared by the export tests.
enum ExportTestSupport {
    /// The repository's fixtures/export folder.
    static let fixtures = PackagePaths.fixture("export")

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// Every event of `bytes`, scanned in chunks of `chunkSize` bytes through a temp file.
    static func events(_ bytes: [UInt8], chunkSize: Int? = nil) throws -> [ExportEvent] {
        let source: ExportByteSource
        if let chunkSize {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("msgfmt-scan-\(UUID().uuidString).json")
            try Data(bytes).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            source = try ExportByteSource(path: url.path, chunkSize: chunkSize)
        } else {
            source = ExportByteSource(bytes: bytes, name: "test.json")
        }
        var scanner = ExportScanner(source: source)
        var out: [ExportEvent] = []
        while let e = try scanner.next() { out.append(e) }
        return out
    }

    /// The decoded messages of `bytes`, in order (failures dropped).
    static func messages(_ bytes: [UInt8], clock: ExportClock = ExportClock(timeZone: "UTC")!) throws -> [ExportMessage] {
        try events(bytes).compactMap { event in
            guard case .message(let raw) = event, case .success(let m) = ExportMessageDecoder.decode(raw, clock: clock) else { return nil }
            return m
        }
    }

    static func message(_ json: String, clock: ExportClock = ExportClock(timeZone: "UTC")!) throws -> ExportMessage {
        var options = JSONParser.Options()
        options.allowHexEscapes = true
        return try ExportMessageDecoder.decode(try JSONParser.parse(Array(json.utf8), options: options), clock: clock)
    }

    /// A minimal message object at `date` from `from`.
    static func simple(id: Int64, date: Int64, from: String = "user1", forwarded: String? = nil, service: Bool = false) -> ExportMessage {
        var m = ExportMessage(
            type: service ? "service" : "message", id: id, date: date, from: from, fromID: from, body: Message(id: id, text: "m\(id)"))
        if let forwarded {
            m.forwarded = true
            m.forwardedFrom = forwarded
        }
        if service { m.action = ExportAction(name: "pin_message", fields: .object([])) }
        return m
    }
}
