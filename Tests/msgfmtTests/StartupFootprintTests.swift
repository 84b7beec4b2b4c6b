import Foundation
import TestSupport
import Testing

/// What keeps msgfmt's start cheap, checked on the sources: the shipped code imports
/// FoundationEssentials, never all of Foundation, whose internationalization half links a
/// copy of ICU's data into the static binary (74 MB instead of 29 MB, and twice the
/// start-up time of a one-message render).
@Suite struct StartupFootprintTests {
    @Test func shippedCodeImportsNoFullFoundation() throws {
        let sources = PackagePaths.root.appendingPathComponent("Sources")
        var offenders: [String] = []
        var checked = 0
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            checked += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { continue }
                if words[index + 1] == "Foundation" { offenders.append(url.lastPathComponent) }
            }
        }
        #expect(checked > 100)
        #expect(offenders == [], "import FoundationEssentials instead")
    }
}
