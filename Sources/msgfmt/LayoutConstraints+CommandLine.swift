import ArgumentParser
import MsgfmtCore

extension LayoutConstraints {
    /// Checks what the options say before the width is resolved: `width` (the explicit
    /// `--width`, if any), the line limit and the tab width. Throws the usage error.
    func validateOptions(width: Int?) throws(ValidationError) {
        var c = self
        if let width { c.width = width }
        do { try c.validateLimits() } catch { throw error.validationError }
    }

    /// These constraints at the resolved `width`, checked whole (the ellipsis must fit).
    /// Throws the usage error.
    func resolved(width: Int) throws(ValidationError) -> LayoutConstraints {
        var c = self
        c.width = width
        do { try c.validate() } catch { throw error.validationError }
        return c
    }
}

extension LayoutConstraintError {
    /// The error as the command line words it, naming the option.
    var validationError: ValidationError {
        switch self {
        case .widthNotPositive(let width):
            ValidationError("--width must be a positive number of cells, not \(width).")
        case .negativeMaxLines(let maxLines):
            ValidationError("--max-lines must be 0 (unlimited) or a positive number, not \(maxLines).")
        case .tabWidthNotPositive(let tabWidth):
            ValidationError("--tab-width must be at least 1, not \(tabWidth).")
        case .ellipsisTooWide(let ellipsisWidth, let width):
            ValidationError("--ellipsis is \(ellipsisWidth) cells wide, more than the width of \(width) cells.")
        }
    }
}
