import Foundation
import TestSupport

@_spi(Testing) @testable import MsgfmtCore

/// One golden layout case: `fixtures/layout/<name>/` holds `input.txt` (one plain
/// paragraph) or `input.json` (text with blocks and runs), `options.txt` (layout options
/// as on the command line, without `--width`), and `expected.txt` / `expected.json` with
/// the output at each of `widths`.
struct LayoutFixture {
    static let widths = [1, 2, 10, 40, 80]
    static let root = PackagePaths.fixture("layout")

    let name: String
    let directory: URL
    let styled: StyledText
    let constraints: LayoutConstraints
    let spoilers: SpoilerMode

    /// Every case, sorted by name.
    static func all() throws -> [LayoutFixture] {
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        return try names.map { try LayoutFixture(name: $0) }
    }

    init(name: String) throws {
        self.name = name
        directory = LayoutFixture.root.appendingPathComponent(name)
        let manager = FileManager.default
        let jsonInput = directory.appendingPathComponent("input.json")
        if manager.fileExists(atPath: jsonInput.path) {
            styled = try Self.styled(json: Array(try Data(contentsOf: jsonInput)))
        } else {
            var text = try String(contentsOf: directory.appendingPathComponent("input.txt"), encoding: .utf8)
            if text.hasSuffix("\n") { text.removeLast() }
            styled = StyledText(plain: text)
        }
        let optionsFile = directory.appendingPathComponent("options.txt")
        let options =
            manager.fileExists(atPath: optionsFile.path)
            ? try String(contentsOf: optionsFile, encoding: .utf8) : ""
        (constraints, spoilers) = try Self.parse(options.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    /// The case's output at every width: plain text and JSON Lines.
    func render() -> (text: String, json: String, problems: [String]) {
        var text = ""
        var json = ""
        var layouts: [(layout: TextLayout, constraints: LayoutConstraints)] = []
        for width in Self.widths {
            var c = constraints
            c.width = width
            let layout = TextLayouter.layout(styled, c)
            layouts.append((layout, c))
            text += "=== width \(width) ===\n"
            for line in layout.lines {
                text += PlainTextEmitter.text(of: line, spoilers: spoilers) + "\n"
            }
            let message = RenderedMessage(
                index: 0, message: Message(text: styled.text.string), styled: styled, layout: layout, diagnostics: [])
            var writer = JSONWriter()
            JSONLayoutEmitter.write(message, into: &writer)
            json += writer.string + "\n"
        }
        let problems = zip(Self.widths, TextLayout.checkInvariants(styled, layouts)).flatMap { width, found in
            found.map { "width \(width): \($0)" }
        }
        return (text, json, problems)
    }

    struct BadFixture: Error, CustomStringConvertible {
        var description: String
    }

    private static func parse(_ arguments: [String]) throws -> (LayoutConstraints, SpoilerMode) {
        var c = LayoutConstraints()
        var spoilers = SpoilerMode.hide
        var i = 0
        func value() throws -> String {
            i += 1
            guard i < arguments.count else { throw BadFixture(description: "\(arguments[i - 1]) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--max-lines": c.maxLines = Int(try value()) ?? 0
            case "--truncate": c.truncate = TruncationMode(rawValue: try value()) ?? .end
            case "--ellipsis": c.ellipsis = try value()
            case "--overflow": c.overflow = OverflowMode(rawValue: try value()) ?? .fold
            case "--wrap": c.wrap = WrapMode(rawValue: try value()) ?? .greedy
            case "--align": c.align = LineAlignment(rawValue: try value()) ?? .natural
            case "--tab-width": c.tabWidth = Int(try value()) ?? 4
            case "--width-model": c.widthModel = WidthModel(rawValue: try value()) ?? .modern
            case "--expand-quotes": c.expandQuotes = true
            case "--spoilers": spoilers = SpoilerMode(rawValue: try value()) ?? .hide
            default: throw BadFixture(description: "unknown option \(arguments[i])")
            }
            i += 1
        }
        return (c, spoilers)
    }

    /// `{"text": …, "blocks": [{"start", "end", "kind": "paragraph"|"pre", "language",
    /// "quote", "expandable"}], "runs": [{"start", "end", "styles": [...], "link"}]}`.
    private static func styled(json bytes: [UInt8]) throws -> StyledText {
        let value = try JSONParser.parse(bytes)
        guard let string = value["text"]?.stringValue else { throw BadFixture(description: "input.json has no text") }
        let text = UTF16Text(string)
        var runs: [StyledRun] = []
        for run in value["runs"]?.arrayValue ?? [] {
            var attributes: StyleAttributes = []
            for name in run["styles"]?.arrayValue ?? [] {
                if let match = StyleAttributes.named.first(where: { $0.1 == name.stringValue }) { attributes.insert(match.0) }
            }
            let range = Int(run["start"]?.int64Value ?? 0)..<Int(run["end"]?.int64Value ?? 0)
            runs.append(StyledRun(range: range, style: Style(attributes: attributes, link: run["link"]?.stringValue)))
        }
        var blocks: [Block] = []
        for block in value["blocks"]?.arrayValue ?? [["start": 0, "end": text.count]].map(Self.object) {
            let range = Int(block["start"]?.int64Value ?? 0)..<Int(block["end"]?.int64Value ?? Int64(text.count))
            let kind: BlockKind = block["kind"]?.stringValue == "pre" ? .pre(language: block["language"]?.stringValue) : .paragraph
            let quote = block["quote"]?.int64Value.map { BlockQuote(index: Int($0), expandable: block["expandable"]?.boolValue ?? false) }
            var blockRuns = runs.filter { $0.range.overlaps(range) }.map {
                StyledRun(range: max($0.range.lowerBound, range.lowerBound)..<min($0.range.upperBound, range.upperBound), style: $0.style)
            }
            blockRuns = fill(blockRuns, range)
            blocks.append(Block(kind: kind, quote: quote, range: range, runs: blockRuns))
        }
        return StyledText(text: text, blocks: blocks)
    }

    private static func object(_ members: [String: Int]) -> JSONValue {
        .object(members.sorted { $0.key < $1.key }.map { ($0.key, .number(String($0.value))) })
    }

    /// `runs` with plain runs added so they tile `range`.
    private static func fill(_ runs: [StyledRun], _ range: Range<Int>) -> [StyledRun] {
        var result: [StyledRun] = []
        var at = range.lowerBound
        for run in runs.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where run.range.lowerBound >= at {
            if run.range.lowerBound > at { result.append(StyledRun(range: at..<run.range.lowerBound, style: .plain)) }
            result.append(run)
            at = run.range.upperBound
        }
        if at < range.upperBound { result.append(StyledRun(range: at..<range.upperBound, style: .plain)) }
        return result
    }
}
