/// A member of an export message whose value is of the wrong type: it is left out as if
/// missing, the rest of the message is still shown, and the problem is reported with the
/// message's place (a warning, or an error when what it held is not shown at all).
public struct ExportFieldProblem: Sendable, Hashable {
    /// What is wrong (`ExportDecodeError.wrongType`).
    public var error: ExportDecodeError
    /// `.error` when content is lost with the member, else `.warning`.
    public var severity: Diagnostic.Severity

    /// Creates a problem.
    public init(_ severity: Diagnostic.Severity, _ error: ExportDecodeError) {
        self.severity = severity
        self.error = error
    }
}
