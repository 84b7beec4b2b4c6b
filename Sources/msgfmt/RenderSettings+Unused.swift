import MsgfmtCore

extension RenderSettings {
    /// A sentence for each option given that does nothing for the output chosen, each
    /// printed as a warning: `--stack` but for pictures, `--standalone` but for HTML,
    /// `--scale` but for PNG, and the font options where nothing is laid out with fonts
    /// (`usesFonts`, once a `--width` in px has had its say).
    func unusedOptions(usesFonts: Bool) -> [String] {
        let to = options.to
        let defaults = RenderOptions()
        var unused: [String] = []
        if options.picture.stack, to != .svg, to != .png { unused.append("--stack is for --to svg and --to png") }
        if options.style.standalone, to != .html { unused.append("--standalone is for --to html") }
        if options.picture.scale != defaults.picture.scale, to != .png { unused.append("--scale is for --to png") }
        if !usesFonts {
            let fonts = [
                ("--font", options.fonts.families != defaults.fonts.families),
                ("--font-size", options.fonts.size != defaults.fonts.size),
                ("--line-height", options.fonts.lineHeight != defaults.fonts.lineHeight),
            ]
            for (name, given) in fonts where given {
                unused.append("\(name) is for layouts measured with fonts (--to svg|png, --measure font or a --width in px)")
            }
        }
        return unused
    }
}
