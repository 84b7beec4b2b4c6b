/// The `<time>` element of a message in the HTML site: the local time of day, the full
/// local date and time as its tooltip and the instant in UTC as its `datetime` (left out
/// outside years 1–9999). Written as bytes, with the zone looked up once.
enum HTMLTimeTag {
    /// Appends the element for a message sent at `unix`, in `clock`'s zone, to `bytes`.
    static func append(_ unix: Int64, clock: ExportClock, to bytes: inout [UInt8]) {
        let local = clock.local(unix)
        bytes.append(literal: "<time")
        if HTMLDateTime.instants.contains(unix) {
            bytes.append(literal: " datetime=\"")
            HTMLDateTime.write(unix, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(literal: " title=\"")
        TimeOfDay.writeDateAndTime(of: local, separator: UInt8(ascii: " "), withSeconds: false, to: &bytes)
        bytes.append(literal: "\">")
        TimeOfDay.split(local).time.write(to: &bytes, withSeconds: false)
        bytes.append(literal: "</time>")
    }
}
