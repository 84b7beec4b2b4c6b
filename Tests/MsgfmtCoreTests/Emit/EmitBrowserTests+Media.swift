import Foundation
import TestSupport
import Testing

@testable import MsgfmtCore

/// Export pages with media, opened from disk in headless Chromium under their own
/// Content-Security-Policy: the photo is displayed with its colour, nothing else loads
/// (no `data:` image, nothing a hostile path names).
extension EmitBrowserTests {
    /// Writes the HTML site of `export` into `site` with `--media link`, as the CLI would.
    static func mediaSite(_ export: MediaExport, into site: URL) throws {
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        var options = ExportOptions()
        options.format = .html
        options.search = false  // only the media's resources on the page
        options.style = .bubbles
        options.render.to = .html
        options.media.mode = .link
        let folder = try #require(MediaResolver.realPath(export.folder.path))
        options.media.exportFolder = folder
        options.media.hrefPrefix = MediaPath.relative(from: try #require(MediaResolver.realPath(site.path)), to: folder)
        let writer = HTMLSiteWriter(options: options, directory: site.path)
        let bytes = try Data(contentsOf: export.resultJSON)
        _ = try ExportConverter(options: options, writer: writer, report: { _ in }).run(ExportByteSource(bytes: Array(bytes), name: "t"))
    }

    /// A test-only probe run after the load event: for every image its `src`, whether it
    /// loaded (natural width) and the colour of its pixel (1,1) or why it cannot be read,
    /// then the absolute URL of every `src`, `poster` and `href`. The page's policy is extended by exactly this script's hash.
    static let mediaProbe = """
        window.addEventListener("load",function(){var r=[];document.querySelectorAll("img").forEach(function(i){\
        var c=document.createElement("canvas");c.width=4;c.height=4;var px="none";\
        try{c.getContext("2d").drawImage(i,0,0);px=Array.from(c.getContext("2d").getImageData(1,1,1,1).data).slice(0,3).join(".")}catch(e){px=e.name}\
        r.push(i.getAttribute("src")+" "+i.naturalWidth+" "+px)});\
        document.body.setAttribute("data-images",r.join("|"));\
        var u=[];document.querySelectorAll("[src],[poster],[href]").forEach(function(e){["src","poster","href"].forEach(function(a){\
        var v=e.getAttribute(a);if(v!==null)u.push(new URL(v,document.baseURI).href)})});\
        document.body.setAttribute("data-resources",u.join("|"))});
        """

    /// A test-only probe of the page's videos and audio: each is asked for its metadata
    /// (the site says `preload="none"`) and, once it has them, to play muted; the result —
    /// `SRC played READY-STATE DURATION`, or `SRC error CODE` when the browser cannot decode
    /// it — lands in the body's `data-media` when every element has answered.
    static let playProbe = """
        window.addEventListener("load",function(){var els=document.querySelectorAll("video,audio");var r=[];var left=els.length;        els.forEach(function(m){var done=false;function fin(s){if(done)return;done=true;r.push(m.getAttribute("src")+" "+s);        if(--left===0)document.body.setAttribute("data-media",r.join("|"))}        m.addEventListener("loadedmetadata",function(){m.muted=true;m.play().then(function(){fin("played "+m.readyState+" "+m.duration.toFixed(1))},        function(e){fin("refused "+e.name)})});        m.addEventListener("error",function(){fin("error "+(m.error?m.error.code:0))});m.preload="metadata";m.load()})});
        """

    /// `page` with the probe (and an inline `data:` image the policy must refuse) added.
    static func probed(_ page: String, probe: String = mediaProbe) -> String {
        let marker = "script-src "
        return page.replacingOccurrences(of: marker, with: marker + HTMLContentHash.cspSource(for: probe) + " ")
            .replacingOccurrences(
                of: "</body>",
                with:
                    "<img src=\"data:image/png;base64,\(Data(TinyPNG.solid(width: 4, height: 4, rgb: (0, 0, 0))).base64EncodedString())\">"
                    + "<script>\(probe)</script>\n</body>")
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func exportVideoAndVoicePlayFromDisk() throws {
        let export = try MediaExport()
        defer { export.remove() }
        // Real files in place of the export's stand-in bytes: a video and a voice message.
        let clip = "video_files/clip.mp4"
        let voice = "voice_messages/audio_1@01-01-2024_10-00-00.ogg"
        for (path, fixture) in [(clip, "media/clip-64x48-1s.mp4"), (voice, "media/voice-1s.ogg")] {
            let target = export.folder.appendingPathComponent(path)
            try FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: PackagePaths.fixture(fixture), to: target)
        }
        let site = export.root.appendingPathComponent("site")
        try Self.mediaSite(export, into: site)
        let pageURL = site.appendingPathComponent("chat_001/messages.html")
        let page = try String(contentsOf: pageURL, encoding: .utf8)
        try Self.probed(page, probe: Self.playProbe).write(to: pageURL, atomically: true, encoding: .utf8)

        let dom = try Self.dumpDOM(of: pageURL, flags: ["--autoplay-policy=no-user-gesture-required"], until: "data-media")
        let media = Self.attribute("data-media", in: dom).split(separator: "|").map(String.init)
        // Under the page's policy, from disk: both load (HAVE_ENOUGH_DATA), last a second and play.
        #expect(media.contains("../../export/\(clip) played 4 1.0"), "\(media)")
        #expect(media.contains("../../export/voice_messages/audio_1@01-01-2024_10-00-00.ogg played 4 1.0"), "\(media)")
        // The stand-in bytes the other videos still have are not media: the probe tells.
        #expect(media.contains("../../export/video_files/gif.mp4 error 4"), "\(media)")
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed"))
    func exportPhotosDisplayFromDiskUnderThePolicy() throws {
        let export = try MediaExport()
        defer { export.remove() }
        let site = export.root.appendingPathComponent("site")
        try Self.mediaSite(export, into: site)
        let pageURL = site.appendingPathComponent("chat_001/messages.html")
        let page = try String(contentsOf: pageURL, encoding: .utf8)
        #expect(page.contains("img-src &#39;self&#39;; media-src &#39;self&#39;"))
        try Self.probed(page).write(to: pageURL, atomically: true, encoding: .utf8)
        let photo = "../../export/photos/photo_1@01-01-2024_10-00-00.jpg"

        // As a reader opens it: the photo loads (40 pixels wide); the data: image does not.
        let dom = try Self.dumpDOM(of: pageURL)
        let images = Self.attribute("data-images", in: dom).split(separator: "|").map(String.init)
        // (Its pixels stay unreadable to scripts: the canvas is tainted by a file:// image.)
        #expect(images.contains("\(photo) 40 SecurityError"), "\(images)")
        #expect(images.contains { $0.hasPrefix("data:image/png") && $0.hasSuffix(" 0 InvalidStateError") }, "\(images)")
        // Nothing points outside the export folder (or the site's own pages): not the secret
        // a symbolic link and `..` lead to, not /etc/passwd.
        let resources = Self.attribute("data-resources", in: dom).split(separator: "|").map(String.init).filter { !$0.hasPrefix("data:") }
        let folder = URL(fileURLWithPath: try #require(MediaResolver.realPath(export.folder.path))).absoluteString
        #expect(!resources.isEmpty)
        let siteURL = URL(fileURLWithPath: try #require(MediaResolver.realPath(site.path))).absoluteString
        #expect(resources.filter { $0.hasPrefix(folder) }.count >= 20, "\(resources)")
        for resource in resources {
            #expect(resource.hasPrefix(folder) || resource.hasPrefix(siteURL) && resource.contains(".html"), "\(resource)")
            #expect(!resource.contains("secret") && !resource.contains("passwd") && !resource.contains("escape"), "\(resource)")
        }

        // With file access allowed to scripts, the probe reads the photo's pixels back: its colour.
        let colour = MediaExport.photoColour
        let read = try Self.dumpDOM(of: pageURL, flags: ["--allow-file-access-from-files"])
        #expect(Self.attribute("data-images", in: read).contains("\(photo) 40 \(colour.0).\(colour.1).\(colour.2)"), "\(read)")
    }

    /// The value of `name` on the body of a dumped DOM.
    /// The page at `url` opened in Chromium as `dumpDOM(of:flags:)` opens it, again with a
    /// longer budget (up to three times) while the probe has not set `attribute` yet: on a
    /// loaded machine the media decoders may not finish within the virtual time, which says
    /// nothing about the page. A probe that did answer is never asked again.
    static func dumpDOM(of url: URL, flags: [String], until attribute: String) throws -> String {
        var dom = ""
        for budget in [5000, 20000, 60000] {
            dom = try dumpDOM(of: url, flags: flags, budget: budget)
            if !Self.attribute(attribute, in: dom).isEmpty { break }
        }
        return dom
    }

    static func attribute(_ name: String, in dom: String) -> String {
        guard let start = dom.range(of: "\(name)=\"") else { return "" }
        let rest = dom[start.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
