internal import CFontconfig
internal import CHarfBuzz
import Synchronization

/// The fonts of `--measure font`: the chosen families in every face style, the color
/// emoji font, fallbacks found through fontconfig per character, and a cache of shaped
/// words. Shared by every message of a run (and by threads: it locks what it changes).
///
/// Lengths are layout units, 1/64 pixel (`unitsPerPixel`): HarfBuzz's own fixed point,
/// so a line's width is exactly the sum of its glyph advances.
///
/// ```swift
/// let fonts = try FontLibrary(FontOptions())
/// let measurer = FontMeasurer(StyledText(plain: "Hello"), library: fonts)
/// ```
public final class FontLibrary: Sendable {
    /// Layout units per pixel.
    public static let unitsPerPixel = 64

    /// The options the library was made with.
    public let options: FontOptions
    /// Ascender and descender (positive) of the first regular face, in layout units.
    public let ascent: Int
    public let descent: Int
    /// The line height in layout units.
    public let lineHeight: Int
    /// The width of a space of the regular face, in layout units.
    public let spaceWidth: Int
    /// The width of a space of the monospace face, in layout units: what tab stops count
    /// in (tabs are in code far more than anywhere else, and a tab there stands for the
    /// code face's spaces).
    public let monospaceSpaceWidth: Int

    /// Face numbers of the chosen families, first choice first, per `FaceStyle`.
    let primary: [[Int]]
    /// The families whose fontconfig order fallbacks come from: the first chosen family
    /// (the default when it is a file), and the monospace family.
    private let fallbackFamily: String
    private let fallbackMonospaceFamily: String
    /// The color emoji face, when one is installed.
    private let emoji: Int?
    private let state: Mutex<State>

    private struct State {
        var faces: [FontFace] = []
        var byFile: [String: Int] = [:]
        /// (style, emoji, scalar) → face number.
        var fallbacks: [UInt64: Int] = [:]
        /// (style, position in fontconfig's order of fallbacks) → face number, nil when the
        /// font could not be opened.
        var fallbackFaces: [Int64: Int?] = [:]
        var shaped: [ShapeKey: ShapedText] = [:]
        /// Word advances for measuring (see `addAdvances`), by `WordAdvances.key`.
        var words: [UInt64: WordAdvances] = [:]
        /// About how many bytes `shaped` and `words` hold (`cacheBytes`).
        var shapedBytes = 0
        var wordBytes = 0
    }

    private struct ShapeKey: Hashable {
        let units: [UInt16]
        let style: FaceStyle
        let direction: Int32
    }

    /// The size limits of the shaping cache and of the measuring cache of words, in bytes
    /// (about: `ShapedText.cacheBytes`, `WordAdvances.cacheBytes`); past one, that cache
    /// starts afresh. Words repeat and stay few; the texts pictures draw (whole line
    /// fragments) rarely repeat, so without a bound in bytes a long run of pictures would
    /// keep every one of them, and a large bound only holds memory: the shaping cache is
    /// kept small, enough for the captions' names and times, which do repeat.
    static let shapedByteLimit = 256 << 10
    static let wordByteLimit = 4 << 20

    /// Opens the fonts `options` name. Throws when a family or file is not found, a size
    /// is out of range, or HarfBuzz or fontconfig cannot be loaded.
    public init(_ options: FontOptions) throws(FontError) {
        if let reason = msgfmt_hb_load() ?? msgfmt_fc_load() { throw .libraryMissing(String(cString: reason)) }
        guard FontOptions.sizes.contains(options.size) else { throw .sizeOutOfRange(options.size) }
        guard FontOptions.lineHeights.contains(options.lineHeight) else { throw .lineHeightOutOfRange(options.lineHeight) }
        self.options = options
        var state = State()
        func open(_ path: String, _ index: Int32, color: Bool = false) -> Int? {
            if let known = state.byFile["\(index):\(path)"] { return known }
            guard let face = FontFace(path: path, index: index, size: options.size, isColor: color) else { return nil }
            state.faces.append(face)
            state.byFile["\(index):\(path)"] = state.faces.count - 1
            return state.faces.count - 1
        }
        var primary = [[Int]](repeating: [], count: FaceStyle.allCases.count)
        let families = options.families.isEmpty ? [FontOptions.defaultFamily] : options.families
        for family in families {
            for style in [FaceStyle.regular, .bold, .italic, .boldItalic] {
                let found: Int?
                if Self.isFile(family) {
                    found = open(family, 0)
                } else {
                    let exact = Self.genericFamilies.contains(family.lowercased()) ? 0 : UInt32(MSGFMT_FC_EXACT)
                    found = Self.match(family, style: Self.bits(style) | exact).flatMap { open($0.path, $0.index) }
                }
                guard let found else { throw .notFound(family) }
                primary[Int(style.rawValue)].append(found)
            }
        }
        let mono = Self.match(options.monospaceFamily, style: 0).flatMap { open($0.path, $0.index) }
        primary[Int(FaceStyle.monospace.rawValue)] = [mono ?? primary[0][0]]
        emoji = Self.match("emoji", style: UInt32(MSGFMT_FC_COLOR), scalar: 0x1F600).flatMap { open($0.path, $0.index, color: true) }
        self.primary = primary
        let firstFamily = options.families.first ?? FontOptions.defaultFamily
        fallbackFamily = Self.isFile(firstFamily) ? FontOptions.defaultFamily : firstFamily
        fallbackMonospaceFamily = Self.isFile(options.monospaceFamily) ? FontOptions.defaultFamily : options.monospaceFamily
        let first = state.faces[primary[0][0]]
        ascent = first.ascent
        descent = first.descent
        lineHeight = Int((options.size * options.lineHeight * Double(Self.unitsPerPixel)).rounded())
        spaceWidth = max(1, Int(first.shape([0x20], 0..<1, direction: 1).advances.reduce(0, +)))
        let monospace = state.faces[primary[Int(FaceStyle.monospace.rawValue)][0]]
        monospaceSpaceWidth = max(1, Int(monospace.shape([0x20], 0..<1, direction: 1).advances.reduce(0, +)))
        self.state = Mutex(state)
    }

    /// Family names fontconfig substitutes (never matched exactly).
    private static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "system-ui", "emoji"]

    /// True when `family` names a font file rather than a family.
    private static func isFile(_ family: String) -> Bool {
        family.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { family.lowercased().hasSuffix($0) }
    }

    private static func bits(_ style: FaceStyle) -> UInt32 {
        (style.isBold ? UInt32(MSGFMT_FC_BOLD) : 0) | (style.isItalic ? UInt32(MSGFMT_FC_ITALIC) : 0)
    }

    /// Fontconfig's file for `family` in `style`, covering `scalar` when it is not 0.
    private static func match(_ family: String, style: UInt32, scalar: UInt32 = 0) -> (path: String, index: Int32)? {
        fontFile { msgfmt_fc_match(family, style, scalar, $0, $1, $2) }
    }

    /// The file and face index a fontconfig lookup writes (path buffer, its capacity, index).
    private static func fontFile(
        _ lookup: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32
    ) -> (path: String, index: Int32)? {
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        let found = buffer.withUnsafeMutableBufferPointer { lookup($0.baseAddress!, Int32($0.count), &index) }
        guard found == 1 else { return nil }
        let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (path, index)
    }

    /// Face number `id`.
    func face(_ id: Int) -> FontFace {
        state.withLock { $0.faces[id] }
    }

    /// The face number that draws `scalar` in `style`: the emoji font for emoji (when it
    /// has the character), else the first chosen family that has it, else the emoji font
    /// when it has it, else the first font in fontconfig's order of preference for the
    /// family and style that covers it (`msgfmt_fc_fallback`), else the first family (which
    /// draws its missing-glyph box). The answer depends on the character alone, never on
    /// which characters were asked for before, so pictures drawn on several threads are the
    /// pictures one thread draws. It is cached per character and style; a fallback font is
    /// opened once however many characters it draws.
    func face(for scalar: UInt32, style: FaceStyle, emoji wantsEmoji: Bool) -> Int {
        let key = UInt64(style.rawValue) << 40 | (wantsEmoji ? 1 << 32 : 0) | UInt64(scalar)
        if let known = state.withLock({ $0.fallbacks[key] }) { return known }
        // The chosen families and the emoji font are opened before any fallback and never
        // closed, so their numbers index any later copy of `faces`.
        let faces = state.withLock { $0.faces }
        var found: Int? = nil
        if wantsEmoji, let emoji, faces[emoji].has(scalar) { found = emoji }
        if found == nil { found = primary[Int(style.rawValue)].first { faces[$0].has(scalar) } }
        if found == nil, let emoji, faces[emoji].has(scalar) { found = emoji }
        if found == nil { found = fallbackFace(for: scalar, style: style) }
        let result = found ?? primary[Int(style.rawValue)][0]
        state.withLock { $0.fallbacks[key] = result }
        return result
    }

    /// The face of the first font in fontconfig's order of fallbacks for `style` that
    /// covers `scalar`, opened on first use; nil when no font covers it or it cannot be
    /// opened.
    private func fallbackFace(for scalar: UInt32, style: FaceStyle) -> Int? {
        let family = style == .monospace ? fallbackMonospaceFamily : fallbackFamily
        let bits = Self.bits(style)
        let position = msgfmt_fc_fallback(family, bits, scalar)
        guard position >= 0 else { return nil }
        let key = Int64(style.rawValue) << 32 | Int64(position)
        if let known = state.withLock({ $0.fallbackFaces[key] }) { return known }
        let file = Self.fontFile { msgfmt_fc_fallback_file(family, bits, position, $0, $1, $2) }
        return state.withLock { state -> Int? in
            if let known = state.fallbackFaces[key] { return known }
            var number: Int? = nil
            if let file {
                if let opened = state.byFile["\(file.index):\(file.path)"] {
                    number = opened
                } else if let face = FontFace(path: file.path, index: file.index, size: options.size, isColor: false) {
                    state.faces.append(face)
                    number = state.faces.count - 1
                    state.byFile["\(file.index):\(file.path)"] = number
                }
            }
            state.fallbackFaces[key] = number
            return number
        }
    }

    /// True when face `id` is a fallback: neither a chosen family of `style` nor the emoji font.
    func isFallback(_ id: Int, style: FaceStyle) -> Bool {
        id != emoji && !primary[Int(style.rawValue)].contains(id)
    }

    /// About how many bytes the shaping cache and the measuring cache of words hold now.
    var cachedBytes: (shaped: Int, words: Int) {
        state.withLock { ($0.shapedBytes, $0.wordBytes) }
    }

    /// Writes the advances of `units[range]` shaped in `style` (direction from the script)
    /// into `advances[range]`: what `FontMeasurer` asks for every word of a message. A
    /// word seen before costs one hash and one comparison — no array, no SipHash of the
    /// key — and the first time it is shaped through `shape`.
    func addAdvances(
        _ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, style: FaceStyle, into advances: UnsafeMutableBufferPointer<Int32>
    ) {
        let word = UnsafeBufferPointer(rebasing: units[range])
        let key = WordAdvances.key(word, style: style)
        let copied = state.withLock { state -> Bool in
            guard let known = state.words[key], known.matches(word, style: style) else { return false }
            known.advances.withUnsafeBufferPointer { source in
                for k in 0..<range.count { advances[range.lowerBound + k] = source[k] }
            }
            return true
        }
        if copied { return }
        let shaped = shape(Array(word), style: style, direction: 0)
        for k in 0..<range.count { advances[range.lowerBound + k] = shaped.advances[k] }
        state.withLock { state in
            let entry = WordAdvances(units: Array(word), style: style, advances: shaped.advances)
            if state.wordBytes + entry.cacheBytes > Self.wordByteLimit {
                state.words.removeAll(keepingCapacity: true)
                state.wordBytes = 0
            }
            // On a hash collision the first word keeps the slot; the other is shaped each time.
            if state.words[key] == nil {
                state.words[key] = entry
                state.wordBytes += entry.cacheBytes
            }
        }
    }

    /// `units` shaped in `style`; `direction` is 0 (from the script), 1 (left to right) or
    /// 2 (right to left). Cached.
    func shape(_ units: [UInt16], style: FaceStyle, direction: Int32) -> ShapedText {
        let key = ShapeKey(units: units, style: style, direction: direction)
        if let known = state.withLock({ $0.shaped[key] }) { return known }
        let shaped = shapeUncached(units, style: style, direction: direction)
        state.withLock { state in
            let bytes = shaped.cacheBytes + 2 * units.count
            if state.shapedBytes + bytes > Self.shapedByteLimit {
                state.shaped.removeAll(keepingCapacity: true)
                state.shapedBytes = 0
            }
            if state.shaped.updateValue(shaped, forKey: key) == nil { state.shapedBytes += bytes }
        }
        return shaped
    }
}

extension FontLibrary {
    /// `constraints` (set up in cells) for layout with this library: the width
    /// `widthPixels` and the tab width (in spaces of the monospace face, so a tab in a
    /// code block lines up with as many spaces) in layout units, the quote bar 3 px with
    /// a 7 px gap, display strings padded with one space per space width.
    public func constraints(_ constraints: LayoutConstraints, widthPixels: Double) -> LayoutConstraints {
        var c = constraints
        c.width = Int((widthPixels * Double(Self.unitsPerPixel)).rounded())
        c.tabWidth = max(1, constraints.tabWidth) * monospaceSpaceWidth
        c.quoteBarWidth = 10 * Self.unitsPerPixel
        c.displaySpaceWidth = spaceWidth
        return c
    }

    /// The widest `--width` in pixels layout accepts (`LayoutConstraints.maximumWidth` units).
    public static var maximumWidthPixels: Int { LayoutConstraints.maximumWidth / unitsPerPixel }
}

extension FontLibrary {
    /// The family names of the chosen regular faces, in order, each once, and of the
    /// monospace and emoji faces: what a picture's text is drawn in, named for a viewer
    /// that draws it again (an SVG's `font-family`), whatever `--font` named (a file, a
    /// generic family).
    var faceFamilies: (text: [String], monospace: String?, emoji: String?) {
        var text: [String] = []
        for id in primary[Int(FaceStyle.regular.rawValue)] {
            let family = face(id).family
            if !family.isEmpty, !text.contains(family) { text.append(family) }
        }
        let monospace = primaryFace(.monospace).map(\.family).flatMap { $0.isEmpty ? nil : $0 }
        let emoji = self.emoji.map { face($0).family }.flatMap { $0.isEmpty ? nil : $0 }
        return (text, monospace, emoji)
    }

    /// The first chosen family's face for `style`.
    func primaryFace(_ style: FaceStyle) -> FontFace? {
        primary[Int(style.rawValue)].first.map(face)
    }
}
