import CCrypto
import FoundationEssentials

/// SHA-256 digests in the form a Content-Security-Policy source expects
/// (`'sha256-BASE64'`), so a standalone page can allow exactly its own inline style and
/// script and nothing else.
public enum HTMLContentHash {
    /// The CSP source expression allowing an inline element whose content is `text`.
    public static func cspSource(for text: String) -> String {
        "'sha256-" + base64(sha256(Array(text.utf8))) + "'"
    }

    /// The SHA-256 digest of `message`, computed by Nettle (`CCrypto`).
    public static func sha256(_ message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        message.withUnsafeBufferPointer { bytes in
            digest.withUnsafeMutableBufferPointer { out in
                msgfmt_crypto_sha256(bytes.baseAddress, bytes.count, out.baseAddress)
            }
        }
        return digest
    }

    /// Standard base64 with padding (Foundation's encoder).
    public static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
