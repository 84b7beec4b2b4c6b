import Testing

@testable import MsgfmtCore

/// The path checks and URL paths of `MediaPath`.
@Suite struct MediaPathTests {
    @Test(arguments: [
        "", "/etc/passwd", "../secret", "photos/../../x", "a/..", "photos\\..\\x", "a\u{0}b", "a\nb", "//x", ".", "./",
    ])
    func hostilePathsAreRefused(_ path: String) {
        #expect(MediaPath.components(of: path) == nil)
    }

    @Test func ordinaryPathsGiveTheirComponents() {
        #expect(MediaPath.components(of: "photos/photo_1@01-01-2024_10-00-00.jpg") == ["photos", "photo_1@01-01-2024_10-00-00.jpg"])
        #expect(MediaPath.components(of: "./files//a b.pdf") == ["files", "a b.pdf"])
        #expect(MediaPath.components(of: "files/..x") == ["files", "..x"])
    }

    @Test func relativePathsBetweenFolders() {
        #expect(MediaPath.relative(from: "/a/b/site", to: "/a/b/export") == ["..", "export"])
        #expect(MediaPath.relative(from: "/a/b", to: "/a/b") == [])
        #expect(MediaPath.relative(from: "/", to: "/x/y") == ["x", "y"])
        #expect(MediaPath.relative(from: "/x/y/z", to: "/") == ["..", "..", ".."])
    }

    @Test func componentsArePercentEncoded() {
        #expect(MediaPath.encode("report (final) #1.pdf") == "report%20%28final%29%20%231.pdf")
        #expect(MediaPath.encode("<b>\"'&?.jpg") == "%3Cb%3E%22%27%26%3F.jpg")
        #expect(MediaPath.encode("фото.jpg") == "%D1%84%D0%BE%D1%82%D0%BE.jpg")
        #expect(MediaPath.fileURL("/tmp/a b/c.jpg") == "file:///tmp/a%20b/c.jpg")
    }

    @Test func countsSummarise() {
        var counts = MediaCounts()
        var shown = ResolvedMedia(file: MediaFile(kind: .photo, path: "p.jpg"))
        shown.href = "p.jpg"
        counts.add(shown)
        shown.copied = true
        counts.add(shown)
        counts.add(ResolvedMedia(file: MediaFile(kind: .photo, path: "x"), problem: .notIncluded))
        counts.add(ResolvedMedia(file: MediaFile(kind: .photo, path: "x"), problem: .outsideExport))
        #expect(counts.summary == "media: 1 linked, 1 copied, 1 not included, 1 missing")
    }
}
