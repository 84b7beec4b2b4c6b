/// What an export's media file is, as far as showing it goes: which element the HTML site
/// uses, and whether the terminal or Markdown shows it as an image or as a link.
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
    /// A compressed photo (`photo` field).
    case photo
    /// A still sticker (`.webp`, `.png`, `.jpg`): shown as an image.
    case sticker
    /// An animated (`.tgs`) or video (`.webm`) sticker: shown as its thumbnail or emoji.
    case animatedSticker = "animated_sticker"
    /// A GIF animation (Telegram stores them as silent MP4).
    case animation
    /// A video file.
    case video = "video_file"
    /// A round video message.
    case videoMessage = "video_message"
    /// A voice message.
    case voice = "voice_message"
    /// A music or audio file.
    case audio = "audio_file"
    /// Any other file: a download link.
    case document = "file"

    /// True for the kinds shown as an `<img>` (and `![…](…)` in Markdown).
    public var isImage: Bool { self == .photo || self == .sticker }

    /// True for the kinds played in a `<video>` element.
    public var isVideo: Bool { self == .animation || self == .video || self == .videoMessage }

    /// True for the kinds played in an `<audio>` element.
    public var isAudio: Bool { self == .voice || self == .audio }

    /// The kind of an export's `media_type` for a file at `path`: stickers are told apart
    /// by their extension; an unknown type is a document.
    public static func of(mediaType: String?, path: String) -> MediaKind {
        switch mediaType {
        case "sticker":
            let lower = path.lowercased()
            return lower.hasSuffix(".tgs") || lower.hasSuffix(".webm") ? .animatedSticker : .sticker
        case "animation": return .animation
        case "video_file": return .video
        case "video_message": return .videoMessage
        case "voice_message": return .voice
        case "audio_file": return .audio
        default: return .document
        }
    }
}
