extension FilterSubject {
    /// What a filter sees of a Telegram Desktop export message in `chat`.
    public init(_ message: ExportMessage, chat: ExportChatInfo) {
        self.init(message: message.body)
        id = message.id
        date = message.date
        sender = FilterParty(name: message.from, exportID: message.fromID)
        self.chat = FilterParty(names: chat.name.map { [$0] } ?? [], id: chat.id)
        features.formUnion(Self.exportFeatures(of: message))
    }

    /// What `has:` asks about `message`: its entities' features and the export's own.
    static func features(of message: ExportMessage) -> FilterFeatures {
        FilterFeatures(entities: message.body.entities).union(exportFeatures(of: message))
    }

    /// The features an export message has beyond its entities' (service, edits, forwards,
    /// replies, reactions, media).
    private static func exportFeatures(of message: ExportMessage) -> FilterFeatures {
        var features: FilterFeatures = []
        if message.isService { features.insert(.service) }
        if message.edited != nil { features.insert(.edited) }
        if message.forwarded { features.insert(.forward) }
        if message.replyTo != nil { features.insert(.reply) }
        if !message.reactions.isEmpty { features.insert(.reaction) }
        if let media = message.media { features.formUnion(Self.features(ofExportMedia: media.kind)) }
        return features
    }

    /// The features of an export attachment of kind `kind` (`ExportMedia.kind`).
    static func features(ofExportMedia kind: String) -> FilterFeatures {
        switch kind {
        case "photo": [.photo, .media]
        case "video_file", "video_message": [.video, .media]
        case "voice_message": [.voice, .media]
        case "audio_file": [.audio, .media]
        case "sticker": [.sticker, .media]
        case "poll": [.poll, .media]
        case "animation", "location", "venue", "live_location", "contact", "game", "invoice", "dice": [.media]
        // The placeholder of a message type the export could not describe.
        case "unsupported": []
        // `file`, and media types the decoder shows as files.
        default: [.file, .media]
        }
    }
}
