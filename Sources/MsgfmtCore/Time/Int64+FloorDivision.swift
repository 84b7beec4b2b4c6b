extension Int64 {
    /// `self / divisor` rounded towards negative infinity, and the remainder that goes with
    /// it (0 ..< `divisor`): the day of an instant before 1970 and its second of the day, the
    /// era of a year before 0. `divisor` must be positive; never traps.
    func floorDivision(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor
        let remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
