import Foundation
import TestSupport
import Testing

@testable import FuzzSupport
@_spi(Testing) @testable import MsgfmtCore

/// `FuzzImage`'s check: every picture fixture passes it under each choice of protocol,
/// cells and room (padding the file picks them), and broken sequences fail it.
@Suite struct FuzzImageCheckTests {
    static let images = PackagePaths.fixture("images")

    @Test func fixturesPassUnderEveryChoice() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.images.path).filter { !$0.hasSuffix(".md") }
        var drawn: Set<TerminalGraphics> = []
        for name in names {
            let file = try [UInt8](Data(contentsOf: Self.images.appendingPathComponent(name)))
            // Zeros after the picture change its length, which picks the options; the
            // decoders stop at the picture's end.
            for padding in stride(from: 0, to: 256, by: 5) {
                let bytes = file + [UInt8](repeating: 0, count: padding)
                let problems = FuzzTarget.image.check(bytes)
                #expect(problems.isEmpty, "\(name) + \(padding): \(problems)")
                let (options, hint) = FuzzTarget.imageOptions(for: bytes)
                if case .success = TerminalImage.make(imageBytes: bytes, minWidth: hint, options: options) {
                    drawn.insert(options.graphics)
                }
            }
        }
        #expect(drawn == [.kitty, .sixel])
    }

    @Test func brokenSixelsFail() {
        let good = Array("\u{1B}P0;1;0q\"1;1;15;7#5;2;0;0;100#5!15~-#5!15@\u{1B}\\".utf8)
        #expect(FuzzTarget.sixelProblems(good, cellWidth: 10, cellHeight: 20, width: 20, height: 20).isEmpty)
        let injected = Array("\u{1B}P0;1;0q\"1;1;15;7#5~\u{1B}[2J-#5@\u{1B}\\".utf8)
        #expect(!FuzzTarget.sixelProblems(injected, cellWidth: 10, cellHeight: 20, width: 20, height: 20).isEmpty)
        // 15 pixels wide needs two cells of 10, not three.
        #expect(!FuzzTarget.sixelProblems(good, cellWidth: 10, cellHeight: 20, width: 30, height: 20).isEmpty)
        let oneBand = Array("\u{1B}P0;1;0q\"1;1;15;7#5!15~\u{1B}\\".utf8)
        #expect(!FuzzTarget.sixelProblems(oneBand, cellWidth: 10, cellHeight: 20, width: 20, height: 20).isEmpty)
        #expect(!FuzzTarget.sixelProblems(Array("\u{1B}P0;1;0q".utf8), cellWidth: 10, cellHeight: 20, width: 20, height: 20).isEmpty)
    }

    @Test func brokenKittyChunksFail() throws {
        let png = try [UInt8](Data(contentsOf: Self.images.appendingPathComponent("rgb.png")))  // 24 × 16
        let good = TerminalImage(bytes: KittyGraphicsEncoder.encode(png: png, columns: 3, rows: 1), columns: 3, rows: 1)
        #expect(FuzzTarget.kittyProblems(good, width: 24, height: 16).isEmpty)
        // The picture must fill the cells exactly.
        #expect(!FuzzTarget.kittyProblems(good, width: 30, height: 20).isEmpty)
        var wrongCells = good
        wrongCells.columns = 4
        #expect(!FuzzTarget.kittyProblems(wrongCells, width: 24, height: 16).isEmpty)
        var extra = good
        extra.bytes += Array("\u{1B}]8;;http://x\u{1B}\\".utf8)
        #expect(!FuzzTarget.kittyProblems(extra, width: 24, height: 16).isEmpty)
        let notAPicture = TerminalImage(bytes: KittyGraphicsEncoder.encode(png: [1, 2, 3], columns: 3, rows: 1), columns: 3, rows: 1)
        #expect(!FuzzTarget.kittyProblems(notAPicture, width: 24, height: 16).isEmpty)
    }
}
