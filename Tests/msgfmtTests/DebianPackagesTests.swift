import Foundation
import TestSupport
import Testing

/// `scripts/debian-packages` is the one list of what msgfmt's scripts install: the README's
/// set-up commands name exactly its "test" packages, and every line is well formed.
@Suite struct DebianPackagesTests {
    struct Entry {
        var package: String
        var check: String
        var groups: Set<String>
    }

    static func entries() throws -> [Entry] {
        let text = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("scripts/debian-packages"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first, !first.hasPrefix("#"), fields.count >= 4 else { return nil }
            return Entry(
                package: String(first), check: String(fields[1]),
                groups: Set(fields[2].split(separator: ",").map(String.init)))
        }
    }

    @Test func everyLineNamesAPackageACheckAGroupAndAReason() throws {
        let text = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("scripts/debian-packages"), encoding: .utf8)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(fields.count >= 4, "\(line)")
            if fields.count >= 3 {
                #expect(Set(fields[2].split(separator: ",")).isSubset(of: ["test", "ci", "bench"]), "\(line)")
            }
        }
        #expect(try Self.entries().count > 20)
    }

    @Test func readmeSetUpInstallsTheTestPackages() throws {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        // The set-up block: the first ```sh block, its apt-get install lines and their
        // continuations, comments cut off.
        guard let start = readme.range(of: "```sh\n"), let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex)
        else {
            Issue.record("README has no set-up block")
            return
        }
        var named: Set<String> = []
        var continuing = false
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let code = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            guard continuing || code.contains("apt-get install") else { continue }
            continuing = code.trimmingCharacters(in: .whitespaces).hasSuffix("\\")
            for word in code.split(separator: " ") where !word.hasPrefix("-") && word != "\\" {
                if ["apt-get", "install"].contains(word) { continue }
                named.insert(String(word))
            }
        }
        let listed = Set(try Self.entries().filter { $0.groups.contains("test") }.map(\.package))
        #expect(named == listed, "README only: \(named.subtracting(listed).sorted()); list only: \(listed.subtracting(named).sorted())")
    }
}
