extension LinePlan {
    /// The spans of a line, in logical order. Most lines show one run of clusters, which
    /// is held without an array: planning a line allocates nothing for it.
    struct Spans: RandomAccessCollection, ExpressibleByArrayLiteral {
        private enum Storage {
            case none
            case one(Span)
            case many([Span])
        }

        private var storage: Storage

        init(arrayLiteral spans: Span...) {
            self.init(spans)
        }

        init(_ spans: [Span]) {
            switch spans.count {
            case 0: storage = .none
            case 1: storage = .one(spans[0])
            default: storage = .many(spans)
            }
        }

        var startIndex: Int { 0 }

        var endIndex: Int {
            switch storage {
            case .none: 0
            case .one: 1
            case .many(let spans): spans.count
            }
        }

        subscript(position: Int) -> Span {
            get {
                switch storage {
                case .one(let span):
                    precondition(position == 0, "span index out of range")
                    return span
                case .many(let spans):
                    return spans[position]
                case .none:
                    preconditionFailure("span index out of range")
                }
            }
            set {
                switch storage {
                case .one:
                    precondition(position == 0, "span index out of range")
                    storage = .one(newValue)
                case .many(var spans):
                    storage = .none  // `spans` stays the array's only reference
                    spans[position] = newValue
                    storage = .many(spans)
                case .none:
                    preconditionFailure("span index out of range")
                }
            }
        }

        /// Adds `span` at the end.
        mutating func append(_ span: Span) {
            switch storage {
            case .none:
                storage = .one(span)
            case .one(let first):
                storage = .many([first, span])
            case .many(var spans):
                storage = .none
                spans.append(span)
                storage = .many(spans)
            }
        }
    }
}
