extension MessageEntity {
    /// Stands in for an entity a decoder could not read (and already reported), so the
    /// entities after it keep their original indices in later diagnostics. Normalization
    /// drops it silently.
    public static let skipped = MessageEntity(kind: .unknown, offset: 0, length: 0)
}
