/// A class that boxes the rarely set fields of a value type (`EntityPayload` for
/// `MessageEntity`, `StylePayload` for `Style`), so the value copies as one reference at
/// most; a box is never made for fields that are all nil, and never mutated once made.
protocol PayloadBox: AnyObject {
    associatedtype Fields: Equatable
    var fields: Fields { get }
}

extension PayloadBox {
    /// True when `a` and `b` hold the same fields (a missing box holds none).
    static func same(_ a: Self?, _ b: Self?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a === b || a.fields == b.fields
        default: false
        }
    }
}
