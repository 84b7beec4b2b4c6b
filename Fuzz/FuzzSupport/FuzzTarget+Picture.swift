import MsgfmtCore

extension FuzzTarget {
    /// The fonts of the picture target, opened once: DejaVu Sans and the fallbacks
    /// fontconfig finds (the fonts the picture tests pin); nil where they cannot be opened.
    static let pictureFonts: FontLibrary? = {
        var options = FontOptions()
        options.families = ["DejaVu Sans"]
        return try? FontLibrary(options)
    }()

    /// Random styled text drawn as a bubble: the first bytes choose PNG or SVG, the
    /// width (8 to 2 048 pixels), the scale (1 to 4), the theme and spoilers, then the
    /// message as `FuzzLayout` makes it. Checks that the emitter writes one picture — a
    /// PNG whose header gives the size of a bubble at that scale, or an SVG document — or
    /// reports it too large to draw, and nothing else.
    static func checkPicture(_ bytes: [UInt8]) -> [String] {
        guard let fonts = pictureFonts else { return ["the fonts could not be opened"] }
        var input = FuzzBytes(bytes)
        let mode = input.byte()
        var options = RenderOptions()
        options.to = mode & 1 == 0 ? .png : .svg
        options.style.theme = mode & 2 == 0 ? .dark : .light
        options.style.spoilers = mode & 4 == 0 ? .hide : .reveal
        options.picture.scale = Double(1 + (mode >> 3) % 4)
        let pixels = 8 * (1 + Int(input.byte()))
        options.layout = fonts.constraints(options.layout, widthPixels: Double(pixels))
        let (message, detect) = fuzzMessage(&input)
        options.detect = detect
        let renderer = Renderer(options: options, fonts: fonts)
        var emitter = PictureEmitter(
            format: options.to, fonts: fonts, style: options.style, picture: options.picture, maxWidth: options.layout.width)
        let output = CapturedOutput.capture { sink in
            emitter.emit(renderer.process(message, index: 0, diagnostics: []), into: sink)
            emitter.end(into: sink)
        }
        if !emitter.failures.isEmpty {
            let tooLarge = emitter.failures.allSatisfy { $0.contains("too large") }
            return output.isEmpty && tooLarge ? [] : ["failures other than a picture too large: \(emitter.failures)"]
        }
        if options.to == .svg {
            let svg = String(decoding: output, as: UTF8.self)
            return svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n") ? [] : ["not one SVG document"]
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard output.count > 33, Array(output.prefix(8)) == signature, Array(output[12..<16]) == Array("IHDR".utf8) else {
            return ["not a PNG (\(output.count) bytes)"]
        }
        func word(_ at: Int) -> Int { output[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (word(16), word(20))
        guard (1...16_384).contains(width), (1...16_384).contains(height) else { return ["a PNG of \(width) × \(height)"] }
        let widest = Int((Double(pixels) + 128) * options.picture.scale)
        return width <= widest ? [] : ["a PNG \(width) wide for \(pixels) px at \(options.picture.scale)×"]
    }
}
