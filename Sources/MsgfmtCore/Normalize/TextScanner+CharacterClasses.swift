/// The character classes Telegram's entity detection is defined with (tdlib's
/// `MessageEntity.cpp`): a coarse Unicode category, and the characters that may make up
/// words, hashtags, host names, user names and URL paths.
extension TextScanner {
    /// A coarse Unicode category: Telegram sorts characters into these five.
    enum Category: UInt8 {
        /// Anything else: punctuation, symbols, marks, controls, unassigned code points.
        case other
        /// A letter (general category L*).
        case letter
        /// A decimal digit (Nd).
        case decimalDigit
        /// Another number (Nl, No).
        case number
        /// A space, line or paragraph separator (Z*).
        case separator
    }

    /// The categories of ASCII, by code.
    private static let asciiCategories: [Category] = (0..<128).map { code in
        switch UInt8(code) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .decimalDigit
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): .letter
        case UInt8(ascii: " "): .separator
        default: .other
        }
    }

    /// The category of `s` as Telegram's Unicode 16.0 tables give it: code points assigned
    /// in later versions are still unassigned there, so they count as `.other`.
    static func category(_ s: Unicode.Scalar) -> Category {
        if s.value < 128 { return asciiCategories[Int(s.value)] }
        let properties = s.properties
        guard let age = properties.age, age.major < 16 || (age.major == 16 && age.minor == 0) else { return .other }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        case .decimalNumber: return .decimalDigit
        case .letterNumber, .otherNumber: return .number
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return .separator
        default: return .other
        }
    }

    /// A letter, a number or `_`: what may not touch a mention, a command or a timestamp.
    static func isWordCharacter(_ s: Unicode.Scalar) -> Bool {
        switch category(s) {
        case .letter, .decimalDigit, .number: true
        case .other, .separator: s == "_"
        }
    }

    /// A character of a hashtag or one that may not come before a hashtag or cashtag: a
    /// letter, a decimal digit, `_`, a middle dot, a zero-width non-joiner, or anything in
    /// the Sinhala block.
    static func isHashtagCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x5F, 0xB7, 0x200C, 0xD80...0xDFF: return true
        default:
            let c = category(s)
            return c == .letter || c == .decimalDigit
        }
    }

    /// A character a URL may contain anywhere: not a separator, and from the General
    /// Punctuation block only the zero-width (non-)joiner and the dashes.
    static func isURLCharacter(_ s: Unicode.Scalar) -> Bool {
        if (0x2000...0x206F).contains(s.value) {
            return s.value == 0x200C || s.value == 0x200D || (0x2010...0x2015).contains(s.value)
        }
        return category(s) != .separator
    }

    /// A character of a URL's path, query or fragment: a URL character other than a line
    /// feed, angle brackets, a double quote or guillemets.
    static func isURLPathCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "\n", "<", ">", "\"", "\u{AB}", "\u{BB}": false
        default: isURLCharacter(s)
        }
    }

    /// A character of a host name as the URL finder collects it: ASCII letters, digits,
    /// `.`, `_`, `-`, `~`, and from U+00C0 on any URL character (below that, Latin-1's
    /// punctuation, symbols and no-break space end the name).
    static func isHostCharacter(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0xC0 { return s == "." || s == "~" || isASCIIWordOrMinus(s.value) }
        return isURLCharacter(s)
    }

    /// A character of the user name and password before a URL's `@`: a URL character
    /// other than a line feed, `/`, brackets, quotes, backquote, `@` or guillemets.
    static func isUserInfoCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "\n", "/", "[", "]", "{", "}", "(", ")", "'", "`", "<", ">", "\"", "@", "\u{AB}", "\u{BB}": false
        default: isURLCharacter(s)
        }
    }

    /// A character that may be part of a URL scheme as the URL finder reads it backwards
    /// from `://`: ASCII letters, digits, `+` and `-`, or any non-ASCII character but a
    /// separator (which then makes the scheme unknown).
    static func isSchemeCharacter(_ s: Unicode.Scalar) -> Bool {
        guard s.isASCII else { return category(s) != .separator }
        return s == "+" || s == "-" || (s != "_" && isASCIIWord(UInt16(s.value)))
    }

    /// ASCII letter, digit, `_` or `-`.
    @inline(__always)
    static func isASCIIWordOrMinus(_ value: UInt32) -> Bool {
        value < 128 && (isASCIIWord(UInt16(value)) || value == 0x2D)
    }

    /// An ASCII decimal digit.
    @inline(__always)
    static func isASCIIDigit(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }
}
