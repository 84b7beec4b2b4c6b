/// `--to telegram-html`: each message in Telegram's HTML parse mode, followed by a newline.
public struct TelegramHTMLEmitter: LineEncodingEmitter {
    /// Creates the emitter.
    public init() {}

    /// The message in Telegram's HTML parse mode.
    public static func line(for message: Message) -> String {
        TelegramHTMLEncoder.encode(message)
    }

    /// The message in Telegram's HTML parse mode, with the entities the renderer chose
    /// (`RenderedMessage.telegramEntities`).
    public static func line(for rendered: RenderedMessage) -> String {
        TelegramHTMLEncoder.encode(rendered.message, entities: rendered.telegramEntities)
    }
}
