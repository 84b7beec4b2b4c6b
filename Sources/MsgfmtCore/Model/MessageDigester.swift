import CCrypto

/// Digests of single messages' bytes (SHA-256 through Nettle, `CCrypto`, cut
/// to 128 bits): what `--update` compares a site's pages by. One digester reuses one
/// context for every message, so a digest costs the hashing and nothing more; use it on
/// one thread at a time.
final class MessageDigester: @unchecked Sendable {
    private let state: OpaquePointer

    /// Creates a digester (loading Nettle on first use).
    init() {
        state = msgfmt_crypto_sha256_begin()
    }

    deinit {
        msgfmt_crypto_sha256_free(state)
    }

    /// The digest of `bytes`.
    func digest(_ bytes: [UInt8]) -> ContentHash {
        bytes.withUnsafeBufferPointer { add($0) }
        return finish()
    }

    /// Feeds `bytes` to the digest being computed (`finish` ends it).
    func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        msgfmt_crypto_sha256_add(state, bytes.baseAddress, bytes.count)
    }

    /// The digest of everything fed since the last one; starts over.
    func finish() -> ContentHash {
        var out = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &out) { msgfmt_crypto_sha256_end(state, $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        return ContentHash(high: UInt64(bigEndian: out.0), low: UInt64(bigEndian: out.1))
    }
}
