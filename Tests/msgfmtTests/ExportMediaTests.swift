import Foundation
import TestSupport
import Testing

/// `msgfmt export --media`: a generated export with real small files of every kind, a
/// missing one, one left out, and hostile paths, converted to the HTML site (linked and
/// copied), JSON Lines and Markdown.
@Suite struct ExportMediaTests {
    /// Every `src`, `href` and `poster` of a page, HTML-unescaped (not percent-decoded).
    static func references(_ page: String) -> [String] {
        var found: [String] = []
        for attribute in ["src", "href", "poster"] {
            let parts = page.components(separatedBy: " \(attribute)=\"").dropFirst()
            for part in parts {
                guard let end = part.firstIndex(of: "\"") else { continue }
                found.append(
                    String(part[..<end]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                        .replacingOccurrences(of: "&amp;", with: "&"))
            }
        }
        return found
    }

    /// The files the media references of `page` (in `folder`) lead to; the page links to
    /// other pages too, which are left out.
    /// The page's references to files other than its site's pages and scripts (`search.js`).
    static func mediaFiles(_ page: String, in folder: URL) -> [URL] {
        references(page).filter { !$0.hasSuffix(".html") && !$0.hasSuffix(".js") && !$0.hasPrefix("#") && !$0.contains(".html#") }.map {
            reference in
            folder.appendingPathComponent(reference.removingPercentEncoding ?? reference).standardizedFileURL
        }
    }

    static func run(_ export: MediaExport, _ arguments: [String]) throws -> Binary.Result {
        try Binary.run(["export", export.resultJSON.path, "--time-zone", "UTC", "--progress", "never"] + arguments)
    }

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// `--media link` (the default): every kind shown with its element, referring to the
    /// file in the export folder by a path relative to the page; missing, left-out and
    /// hostile files stay placeholders with their reason; hostile paths are warned about.
    @Test func linkShowsEveryKind() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let site = export.root.appendingPathComponent("site")
        let result = try Self.run(export, ["-o", site.path, "--stats"])
        #expect(result.status == 0, "\(result.stderr)")
        for id in [12, 13, 14] {
            let place = try ExportFilePlaces.place(ofMessage: id, in: export.resultJSON)
            #expect(result.stderr.contains("warning: \(export.resultJSON.path):\(place): media path refused"), "\(result.stderr)")
        }
        #expect(result.stderr.hasSuffix("msgfmt: media: 12 linked, 0 copied, 1 not included, 4 missing\n"), "\(result.stderr)")
        let folder = site.appendingPathComponent("chat_001")
        let page = try Self.read(folder.appendingPathComponent("messages.html"))
        let p = "../../export/"
        #expect(
            page.contains(
                "<a href=\"\(p)photos/photo_1@01-01-2024_10-00-00.jpg\"><img src=\"\(p)photos/photo_1@01-01-2024_10-00-00.jpg\" alt=\"Photo 40×30\" loading=\"lazy\" decoding=\"async\" width=\"40\" height=\"30\"></a>"
            ), "\(page)")
        #expect(page.contains("<img src=\"\(p)stickers/sticker.webp\" alt=\"Sticker 😀\""))
        #expect(page.contains("<img src=\"\(p)stickers/animated.tgs_thumb.jpg\" alt=\"Sticker 🎉\""))
        #expect(
            page.contains(
                "<video src=\"\(p)video_files/clip.mp4\" controls preload=\"none\" poster=\"\(p)video_files/clip.mp4_thumb.jpg\" width=\"8\" height=\"8\""
            ))
        #expect(page.contains("<video src=\"\(p)video_files/gif.mp4\" controls preload=\"none\" loop muted playsinline"))
        #expect(page.contains("<video class=\"round\" src=\"\(p)round_video_messages/round.mp4\" controls preload=\"none\""))
        #expect(
            page.contains(
                "<div class=\"media-title\">Voice message 0:02</div><audio src=\"\(p)voice_messages/audio_1@01-01-2024_10-00-00.ogg\" controls preload=\"none\"></audio>"
            ))
        #expect(page.contains("<div class=\"media-title\">Audio Band – Song 3:12</div><audio src=\"\(p)files/song.mp3\""))
        #expect(
            page.contains(
                "<a class=\"media-title\" href=\"\(p)files/report%20%28final%29%20%231.pdf\" download=\"report (final) #1.pdf\">report (final) #1.pdf</a>"
            ))
        // Markup in a file name is percent-encoded in the URL and escaped in the text.
        #expect(page.contains("href=\"\(p)files/%3Cb%3Ex%22.pdf\" download=\"&lt;b&gt;x&quot;.pdf\">&lt;b&gt;x&quot;.pdf</a>"))
        #expect(!page.contains("<b>x"))
        // Placeholders with their reasons.
        #expect(page.contains("<div class=\"media-title\">Photo</div><div class=\"media-status\">1000 B · file missing</div>"))
        #expect(page.contains("<div class=\"media-title\">Video</div><div class=\"media-status\">2 KB · not included</div>"))
        #expect(page.components(separatedBy: "refused: path outside the export folder").count == 4)
        #expect(!page.contains("secret.txt\""))
        #expect(!page.contains("passwd\"") && !page.contains("escape.jpg"))
        // Every reference leads to a file inside the export folder.
        let files = Self.mediaFiles(page, in: folder)
        #expect(files.count >= 20)
        for file in files {
            #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path)")
            #expect(file.path.hasPrefix(export.folder.standardizedFileURL.path + "/"), "\(file.path)")
        }
        #expect(page.contains("; img-src &#39;self&#39;; media-src &#39;self&#39;\">"))
        // The last two photos (one sender, one second) form an album; nothing else does.
        #expect(page.components(separatedBy: "<div class=\"album").count == 2)
        #expect(page.contains("<div class=\"album album-2\">\n<div class=\"message\" id=\"message16\">"), "\(page)")
        #expect(page.contains("id=\"message17\">") && page.contains("</div></div>\n</div>\n</div>\n</main>"), "\(page)")
    }

    /// `--media copy`: every shown file is placed under `media/` (hard-linked here: the
    /// output is on the export's file system), and the site still works once moved.
    @Test func copiedSiteWorksWhenMoved() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let site = export.root.appendingPathComponent("site")
        let result = try Self.run(export, ["-o", site.path, "--media", "copy", "--stats", "--jobs", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("msgfmt: media: 0 linked, 12 copied, 1 not included, 4 missing\n"), "\(result.stderr)")
        let photo = site.appendingPathComponent("media/photos/photo_1@01-01-2024_10-00-00.jpg")
        let links = try FileManager.default.attributesOfItem(atPath: photo.path)[.referenceCount] as? Int
        #expect(links == 2)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("media/photos/escape.jpg").path))
        // Move the output away from the export (and delete the export): all still resolves.
        let moved = export.root.appendingPathComponent("elsewhere/moved site")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: site, to: moved)
        try FileManager.default.removeItem(at: export.folder)
        let folder = moved.appendingPathComponent("chat_001")
        let page = try Self.read(folder.appendingPathComponent("messages.html"))
        let files = Self.mediaFiles(page, in: folder)
        #expect(files.count >= 20)
        for file in files {
            #expect(file.path.hasPrefix(moved.standardizedFileURL.path + "/media/"), "\(file.path)")
            #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path)")
        }
        let bytes = try Data(contentsOf: moved.appendingPathComponent("media/photos/photo_1@01-01-2024_10-00-00.jpg"))
        #expect(Array(bytes) == MediaExport.files[0].bytes)
    }

    /// `--media none`: today's placeholders, a policy without media sources, no counts.
    @Test func noneKeepsPlaceholders() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let site = export.root.appendingPathComponent("site")
        let result = try Self.run(export, ["-o", site.path, "--media", "none", "--stats"])
        #expect(result.status == 0)
        #expect(result.stderr == "msgfmt: chats 1, read 17, written 17, filtered 0, failed 0\n", "\(result.stderr)")
        let page = try Self.read(site.appendingPathComponent("chat_001/messages.html"))
        #expect(!page.contains("<img") && !page.contains("<video") && !page.contains("<audio") && !page.contains("img-src"))
        #expect(page.contains("<div class=\"media-title\">Photo 40×30</div><div class=\"media-status\">95 B</div>"))
    }

    /// JSON Lines: the file members, with `href` relative to the output file's folder.
    @Test func jsonLinesDescribeTheFiles() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let out = export.root.appendingPathComponent("out/t.jsonl")
        try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try Self.run(export, ["--to", "json", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.read(out).split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        let photo = try #require(lines.first?["media"] as? [String: Any])
        #expect(photo["path"] as? String == "photos/photo_1@01-01-2024_10-00-00.jpg")
        #expect(photo["href"] as? String == "../export/photos/photo_1@01-01-2024_10-00-00.jpg")
        #expect((photo["resolved"] as? String)?.hasSuffix("/export/photos/photo_1@01-01-2024_10-00-00.jpg") == true)
        #expect(photo["exists"] as? Bool == true)
        #expect(photo["size"] as? Int == MediaExport.files[0].bytes.count)
        #expect(photo["width"] as? Int == 40 && photo["height"] as? Int == 30)
        let video = try #require(lines[3]["media"] as? [String: Any])
        #expect(video["thumbnail"] as? String == "video_files/clip.mp4_thumb.jpg")
        #expect(video["duration"] as? Int == 5 && video["mime_type"] as? String == "video/mp4")
        let missing = try #require(lines[9]["media"] as? [String: Any])
        #expect(missing["exists"] as? Bool == false && missing["problem"] as? String == "file missing")
        let hostile = try #require(lines[12]["media"] as? [String: Any])
        #expect(hostile["exists"] as? Bool == false && hostile["resolved"] is NSNull)
        #expect(hostile["problem"] as? String == "refused: path outside the export folder")
    }

    /// Markdown: images as `![…](…)`, other files as links, relative to the output file.
    @Test func markdownLinksTheFiles() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let out = export.root.appendingPathComponent("t.md")
        let result = try Self.run(export, ["--to", "markdown", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try Self.read(out)
        #expect(text.contains("![Photo 40×30](export/photos/photo_1@01-01-2024_10-00-00.jpg)\n"), "\(text)")
        #expect(text.contains("[report (final) \\#1.pdf](export/files/report%20%28final%29%20%231.pdf) *9 B*\n"), "\(text)")
        #expect(text.contains("[\\<b\\>x\".pdf](export/files/%3Cb%3Ex%22.pdf)"), "\(text)")
        #expect(text.contains("*[Photo · 1000 B · file missing]*"), "\(text)")
        #expect(!text.contains("secret.txt)") && !text.contains("(/etc/passwd)"))
    }

    /// The Markdown links of `text`, as paths relative to `folder`, decoded.
    static func markdownTargets(_ text: String, from folder: URL) -> [URL] {
        let pattern = #/\]\(([^)\s]+)\)/#
        return text.matches(of: pattern).map { match in
            let target = String(match.output.1)
            return folder.appendingPathComponent(target.removingPercentEncoding ?? target).standardizedFileURL
        }
    }

    /// Two exports in two folders, merged: each message's files are linked in its own
    /// export's folder, and every link resolves.
    @Test func mergedExportsLinkTheirOwnFolders() throws {
        let first = try MediaExport()
        let second = try MediaExport()
        defer {
            first.remove()
            second.remove()
        }
        let out = first.root.appendingPathComponent("out/merged.md")
        try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try Binary.run([
            "export", first.resultJSON.path, second.resultJSON.path, "--to", "markdown", "-o", out.path, "--time-zone", "UTC",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let targets = Self.markdownTargets(try Self.read(out), from: out.deletingLastPathComponent())
        #expect(targets.count >= 10)
        let folders = [first.folder, second.folder].map { $0.standardizedFileURL.path + "/" }
        for target in targets {
            #expect(FileManager.default.fileExists(atPath: target.path), "\(target.path)")
            #expect(folders.contains { target.path.hasPrefix($0) }, "\(target.path)")
        }
    }

    /// `-o` with placeholders in its folders: links climb one level per placeholder folder.
    @Test func patternFilesLinkTheFiles() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let pattern = export.root.appendingPathComponent("notes/{chat}/{year}/{month}.md").path
        let result = try Self.run(export, ["--to", "markdown", "-o", pattern])
        #expect(result.status == 0, "\(result.stderr)")
        let files =
            FileManager.default.enumerator(atPath: export.root.appendingPathComponent("notes").path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".md") } ?? []
        #expect(!files.isEmpty)
        var links = 0
        for file in files {
            let url = export.root.appendingPathComponent("notes").appendingPathComponent(file)
            for target in Self.markdownTargets(try Self.read(url), from: url.deletingLastPathComponent()) {
                links += 1
                #expect(FileManager.default.fileExists(atPath: target.path), "\(file): \(target.path)")
            }
        }
        #expect(links >= 10)
    }

    /// Terminal transcripts: with hyperlinks on, the media line of a file that is there is an
    /// OSC 8 link to its `file://` URL, in both presentations; nothing else links to files.
    @Test(arguments: ["list", "bubbles"])
    func terminalMediaLinesLinkTheFiles(style: String) throws {
        let export = try MediaExport()
        defer { export.remove() }
        let result = try Self.run(export, ["--to", "ansi", "--style", style, "--hyperlinks", "always", "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = URL(fileURLWithPath: export.folder.path).resolvingSymlinksInPath().path
        let photo = "\u{1B}]8;;file://\(folder)/photos/photo_1@01-01-2024_10-00-00.jpg\u{1B}\\"
        #expect(result.stdout.contains(photo), "\(result.stdout)")
        #expect(result.stdout.contains("\u{1B}]8;;file://\(folder)/files/report%20%28final%29%20%231.pdf\u{1B}\\"))
        #expect(result.stdout.components(separatedBy: "\u{1B}]8;;file://").count - 1 == MediaExport.shownIDs.count)
        #expect(!result.stdout.contains("secret.txt\u{1B}") && !result.stdout.contains("file:///etc"))
        // Every link is closed on its line.
        for line in result.stdout.split(separator: "\n") where line.contains("\u{1B}]8;;file") {
            #expect(line.hasSuffix("\u{1B}]8;;\u{1B}\\"), "\(line)")
        }
        let plain = try Self.run(export, ["--to", "text", "--style", style, "--hyperlinks", "always", "-o", "-"])
        #expect(!plain.stdout.contains("\u{1B}"))
    }

    /// With `grouped_id`, albums follow it: shared ids make one grid however far apart the
    /// photos were sent; different ids make two, even within one second.
    @Test func groupedIDsMakeAlbums() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let photo = { (id: Int, date: Int, group: Int) in
            #"{"id": \#(id), "type": "message", "date_unixtime": "\#(date)", "from": "A", "from_id": "user1", "grouped_id": \#(group), "photo": "photos/photo_2@01-01-2024_10-05-00.jpg", "text": ""}"#
        }
        let messages = [photo(1, 100, 7), photo(2, 105, 7), photo(3, 105, 8), photo(4, 105, 9)]
        try Data(#"{"name": "G", "type": "personal_chat", "id": 1, "messages": [\#(messages.joined(separator: ","))]}"#.utf8)
            .write(to: export.resultJSON)
        let site = export.root.appendingPathComponent("site")
        let result = try Self.run(export, ["-o", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try Self.read(site.appendingPathComponent("chat_001/messages.html"))
        #expect(page.components(separatedBy: "<div class=\"album").count == 2, "\(page)")
        #expect(page.contains("<div class=\"album album-2\">\n<div class=\"message\" id=\"message1\">"), "\(page)")
        #expect(page.contains("</div>\n<div class=\"message\" id=\"message3\">"), "\(page)")
    }

    /// `--media copy` needs a folder to copy into: the HTML site.
    @Test func copyNeedsTheHTMLSite() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let result = try Self.run(export, ["--to", "json", "-o", "-", "--media", "copy"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--media copy needs --to html"), "\(result.stderr)")
    }

    /// The site's own options with a stream format are usage errors too, not ignored.
    @Test(arguments: [["--page-size", "10"], ["--pages", "day"], ["--no-search"]])
    func siteOptionsNeedTheHTMLSite(_ option: [String]) throws {
        let export = try MediaExport()
        defer { export.remove() }
        let result = try Self.run(export, ["--to", "text", "-o", "-"] + option)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("msgfmt: error: \(option[0]) shapes the HTML site: it needs --to html."), "\(result.stderr)")
    }

    /// One job or several: the same site.
    @Test func jobsGiveTheSameSite() throws {
        let export = try MediaExport()
        defer { export.remove() }
        var pages: [String] = []
        for jobs in ["1", "3"] {
            let site = export.root.appendingPathComponent("site\(jobs)")
            let result = try Self.run(export, ["-o", site.path, "--media", "copy", "--jobs", jobs])
            #expect(result.status == 0)
            pages.append(try Self.read(site.appendingPathComponent("chat_001/messages.html")))
        }
        #expect(pages[0] == pages[1])
    }
}
