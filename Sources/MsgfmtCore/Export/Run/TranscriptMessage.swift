/// A decoded export message with its body carried through the shared pipeline: what the
/// transcript writers receive, in order, together with the piece their prepare step made
/// of it (see `TranscriptWriter`).
public struct TranscriptMessage: Sendable {
    /// The message and its metadata.
    public var message: ExportMessage
    /// The body: normalized, styled and laid out by the shared pipeline.
    public var rendered: RenderedMessage
    /// Position of the message in its chat.
    public var index: Int
    /// True when a merge of several exports found the message deleted and marks it
    /// (`--deleted mark`): the writers tag it "deleted".
    public var deleted = false
    /// The message's media file, resolved on a worker thread (nil with `--media none`).
    public var media: ResolvedMedia?
    /// The sticker files of the message's custom emoji, by `document_id`, resolved on a
    /// worker thread for the HTML site (`MediaFile.customEmoji(documentID:)`).
    public var customEmoji: [String: ResolvedMedia] = [:]
    /// The custom emoji ids the styled body names, in order, each once (from the layout
    /// cache when the body was not laid out again).
    var emojiIDs: [String]
    /// The reply preview, computed on a worker thread.
    var cachedPreview: String?
    /// With `--update`: the message's layout cache entry (`LayoutCache`).
    var layoutCache: LayoutCacheOutcome?
    /// With `ExportOptions.keepsPageRecords`: where the message lies in its chat and the
    /// fingerprints of the media files its page shows (`MediaFingerprint`).
    var inputPlace: SiteInputPlace?
    var mediaPrints: [(path: String, print: ContentHash)] = []

    /// The media placeholder as the transcripts other than the site show it, with why the
    /// file is not shown when it is not there (`Photo 90×90 · file missing`), as the site
    /// and JSON Lines say it; nil without media. ("Not included" is in the placeholder
    /// already.)
    var shownMedia: MediaPlaceholder? {
        guard var placeholder = message.media else { return nil }
        if let problem = media?.problem, problem != .notIncluded {
            placeholder.status = placeholder.status.isEmpty ? problem.reason : placeholder.status + " · " + problem.reason
        }
        return placeholder
    }

    /// Creates a transcript message.
    public init(message: ExportMessage, rendered: RenderedMessage, index: Int) {
        self.message = message
        self.rendered = rendered
        self.index = index
        emojiIDs = Self.emojiIDs(in: rendered.styled)
    }

    /// The custom emoji ids `styled` names, in order, each once.
    static func emojiIDs(in styled: StyledText) -> [String] {
        var ids: [String] = []
        for block in styled.blocks {
            for run in block.runs {
                if let id = run.style.customEmojiID, !ids.contains(id) { ids.append(id) }
            }
        }
        return ids
    }

    /// What a reply to this message quotes: the first line of its text, else its media or
    /// service sentence.
    public var preview: String {
        cachedPreview ?? Self.preview(of: message)
    }

    /// What became of the message's media file and its custom emoji's sticker files, for
    /// `--stats` (and a page's record, `SitePageRecord.media`).
    var mediaCounts: MediaCounts {
        var counts = MediaCounts()
        if let media { counts.add(media) }
        for emoji in customEmoji.values { counts.add(emoji) }
        return counts
    }

    /// Computes the preview now (on a worker thread) so the writer only looks it up.
    mutating func cachePreview() {
        cachedPreview = Self.preview(of: message)
    }

    /// Resolves the message's media file (on a worker thread); a path that leads out of the
    /// export folder becomes a warning about this message, placed where `raw` lies.
    mutating func resolveMedia(_ file: MediaFile, options: MediaOptions, of raw: RawExportMessage) {
        var resolved = MediaResolver.resolve(file, options: options)
        if let images = options.terminalImages, let picture = TerminalImage.make(for: resolved, options: images) {
            switch picture {
            case .success(let image): resolved.terminalImage = image
            case .failure(let failure):
                let shown = DisplaySafety.sanitize(String(file.path.prefix(200)))
                warn("--images: cannot draw \(shown): \(failure.message)", raw)
            }
        }
        media = resolved
        func refused(_ path: String) {
            warn("media path refused (outside the export folder): \(DisplaySafety.sanitize(String(path.prefix(200))))", raw)
        }
        if resolved.problem == .outsideExport { refused(file.path) }
        if resolved.thumbnailRefused, let thumbnail = file.thumbnail { refused(thumbnail) }
    }

    /// Resolves the sticker files the message's custom emoji name (on a worker thread), each
    /// once; a path that leads out of the export folder becomes a warning about this message.
    mutating func resolveCustomEmoji(options: MediaOptions, of raw: RawExportMessage) {
        for id in emojiIDs {
            guard customEmoji[id] == nil, let file = MediaFile.customEmoji(documentID: id) else { continue }
            let resolved = MediaResolver.resolve(file, options: options)
            customEmoji[id] = resolved
            if resolved.problem == .outsideExport {
                warn("custom emoji path refused (outside the export folder): \(DisplaySafety.sanitize(String(id.prefix(200))))", raw)
            }
        }
    }

    /// Reports the members of the wrong type decoding left out (`ExportMessage.problems`),
    /// placed where `raw` lies.
    mutating func reportFieldProblems(of raw: RawExportMessage) {
        for problem in message.problems {
            rendered.diagnostics.append(raw.diagnostic(problem.severity, problem.error.message, id: message.id, index: index))
        }
    }

    /// Adds a warning about this message, placed where `raw` lies.
    private mutating func warn(_ text: String, _ raw: RawExportMessage) {
        rendered.diagnostics.append(raw.diagnostic(.warning, text, id: message.id, index: index))
    }

    /// The preview of `message` (see `preview`).
    static func preview(of message: ExportMessage) -> String {
        let text = message.body.text
        if let quick = PreviewScan.firstLine(of: text) { return quick }
        // The text is empty or its first line blank: the media, the service sentence or
        // the first line that is not blank.
        if let media = message.media { return media.title }
        if message.isService { return ServiceSentence.sentence(for: message) }
        return PreviewScan.firstLineWithInk(of: text)
    }
}
