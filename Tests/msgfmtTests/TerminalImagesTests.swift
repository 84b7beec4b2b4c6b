import Foundation
import TestSupport
import Testing

/// `msgfmt export --to ansi --images`: photos and sticker thumbnails drawn with kitty
/// graphics or sixel on a pseudo-terminal that answers the binary's query as such a
/// terminal would; nothing drawn when stdout is not a terminal or the terminal stays
/// silent (quickly); a damaged picture keeps its media line and is warned about.
@Suite struct TerminalImagesTests {
    static let kittyAnswer = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c"
    static let sixelAnswer = "\u{1B}[?62;4;22c"
    static let plainAnswer = "\u{1B}[?62;22c"

    static func arguments(_ export: MediaExport, _ more: [String] = []) -> [String] {
        ["export", export.resultJSON.path, "--to", "ansi", "--images", "--time-zone", "UTC", "--progress", "never"] + more
    }

    /// A terminal that answers the kitty query gets one APC picture per photo and still or
    /// animated sticker (the 40×30 photo over 4 × 2 cells of 10 × 20 pixels), none for
    /// videos; the text goes on below each.
    @Test func kittyTerminalGetsPictures() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let run = try PseudoTerminal.run(Self.arguments(export), answer: Self.kittyAnswer)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.queried)
        let out = String(decoding: run.output, as: UTF8.self)
        // Photos 1, 16, 17, the still sticker and the animated sticker's thumbnail.
        #expect(PseudoTerminal.count("\u{1B}_Ga=T,f=100,", in: run.output) == 5, "\(out.debugDescription)")
        #expect(out.contains("\u{1B}_Ga=T,f=100,t=d,c=4,r=2,C=1,q=2,m=0;iVBORw0KGgo"))
        #expect(!out.contains("\u{1B}P0;1;0q"))
        // Drawn from the saved cursor over the two blank lines above it, after the time column.
        #expect(out.contains("\u{1B}7\u{1B}[2A\u{1B}[8G\u{1B}_Ga=T"))
        #expect(run.transcript.contains("Photo 40×30"))
        #expect(!run.stderr.contains("--images"), "\(run.stderr)")
    }

    /// A terminal whose DA1 reply lists attribute 4 gets sixels of the picture's pixels.
    @Test func sixelTerminalGetsSixels() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let run = try PseudoTerminal.run(Self.arguments(export), answer: Self.sixelAnswer)
        #expect(run.status == 0, "\(run.stderr)")
        let out = String(decoding: run.output, as: UTF8.self)
        #expect(PseudoTerminal.count("\u{1B}P0;1;0q", in: run.output) == 5, "\(out.debugDescription)")
        // The 40×30 photo at its own size, in the palette colour nearest (220, 30, 40).
        #expect(out.contains("\u{1B}P0;1;0q\"1;1;40;30#"))
        #expect(!out.contains("\u{1B}_Ga=T"))
        #expect(run.transcript.contains("Photo 40×30"))
    }

    /// A terminal that answers DA1 without sixel, and one that says nothing at all: no
    /// picture; the silent one costs the query's short timeout, well under a second.
    @Test func terminalsWithoutGraphicsGetNone() throws {
        let export = try MediaExport()
        defer { export.remove() }
        for answer in [Self.plainAnswer, nil] {
            let run = try PseudoTerminal.run(Self.arguments(export), answer: answer)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.queried)
            #expect(!run.transcript.contains("\u{1B}_G") && !run.transcript.contains("\u{1B}P"))
            #expect(run.transcript.contains("Photo 40×30"))
            #expect(run.stderr.contains("--images: the terminal does not support kitty graphics or sixel"), "\(run.stderr)")
            let wait = try #require(run.afterQuery)
            #expect(wait < 1.0, "waited \(wait) s after the query")
        }
    }

    /// `TERM=xterm-kitty` with no reply at all still draws with kitty (a hint the query
    /// could not contradict); `TERM=dumb` is not asked.
    @Test func termHints() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let kitty = try PseudoTerminal.run(Self.arguments(export), environment: ["TERM": "xterm-kitty"], answer: nil)
        #expect(PseudoTerminal.count("\u{1B}_Ga=T,f=100,", in: kitty.output) == 5)
        let dumb = try PseudoTerminal.run(
            Self.arguments(export, ["--color", "always"]), environment: ["TERM": "dumb"], answer: Self.kittyAnswer)
        #expect(!dumb.queried)
        #expect(PseudoTerminal.count("\u{1B}_G", in: dumb.output) == 0)
        #expect(dumb.stderr.contains("--images: this terminal (TERM=dumb) draws no pictures"), "\(dumb.stderr)")
    }

    /// `--image-protocol sixel` draws without asking.
    @Test func chosenProtocolIsNotAsked() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let run = try PseudoTerminal.run(Self.arguments(export, ["--image-protocol", "sixel"]), answer: nil)
        #expect(!run.queried)
        #expect(PseudoTerminal.count("\u{1B}P0;1;0q", in: run.output) == 5)
    }

    /// Standard output a pipe (or a file): no query, no picture bytes, the media lines as
    /// without --images, and one note on stderr.
    @Test func notATerminalDrawsNothing() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let plain = try Binary.run(Self.arguments(export, ["--color", "always"]).filter { $0 != "--images" })
        let result = try Binary.run(Self.arguments(export, ["--color", "always", "--image-protocol", "kitty"]))
        #expect(result.status == 0)
        #expect(result.stdout == plain.stdout)
        #expect(!result.stdout.contains("\u{1B}_G") && !result.stdout.contains("\u{1B}P"))
        #expect(result.stderr == "msgfmt: --images: the transcript does not go to a terminal, so no pictures are drawn\n" + plain.stderr)
    }

    /// A damaged picture (a PNG cut short) and one that is not a picture at all keep their
    /// media line, are warned about, and the others are still drawn.
    @Test func damagedPictureFallsBack() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let photo2 = export.folder.appendingPathComponent("photos/photo_2@01-01-2024_10-05-00.jpg")
        let bytes = try Data(contentsOf: photo2)
        try bytes.prefix(bytes.count - 20).write(to: photo2)
        try Data("not a picture".utf8).write(to: export.folder.appendingPathComponent("stickers/sticker.webp"))
        let run = try PseudoTerminal.run(Self.arguments(export), answer: Self.kittyAnswer)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(PseudoTerminal.count("\u{1B}_Ga=T,f=100,", in: run.output) == 3)
        let photo = try ExportFilePlaces.place(ofMessage: 16, in: export.resultJSON)
        let sticker = try ExportFilePlaces.place(ofMessage: 2, in: export.resultJSON)
        #expect(
            run.stderr.contains(
                "\(photo): --images: cannot draw photos/photo_2@01-01-2024_10-05-00.jpg: it is not a PNG, JPEG or WebP picture, or is damaged"
            ), "\(run.stderr)")
        #expect(run.stderr.contains("\(sticker): --images: cannot draw stickers/sticker.webp"), "\(run.stderr)")
        #expect(run.transcript.contains("Photo 20×20"))
    }

    /// `--images` needs `--to ansi` and linked media.
    @Test func validation() throws {
        let html = try Binary.run(["export", "x.json", "--images", "-o", "/tmp/x"])
        #expect(html.status == 2)
        #expect(html.stderr.contains("--images draws pictures in terminal transcripts: it needs --to ansi."), "\(html.stderr)")
        let none = try Binary.run(["export", "x.json", "--to", "ansi", "--images", "--media", "none"])
        #expect(none.stderr.contains("it needs --media link"), "\(none.stderr)")
    }
}
