import Foundation

@testable import MsgfmtCore

/// Synthetic Telegram Desktop exports for the export and transcript tests.
enum SyntheticExport {
    /// A single-chat export of `count` messages, one minute apart; ids in `corrupt` are
    /// broken in rotating ways (bad JSON, wrong types, bad dates) that keep brackets balanced.
    static func chat(count: Int, corrupt: Set<Int> = [], start: Int64 = 1_704_067_200, name: String = "Synthetic") -> [UInt8] {
        var s = #"{"name": "\#(name)", "type": "private_group", "id": 77, "messages": ["#
        for i in 1...count {
            if i > 1 { s += ",\n" }
            let date = start + Int64(i) * 60
            var m =
                #"{"id": \#(i), "type": "message", "date_unixtime": "\#(date)", "from": "User \#(i % 3)", "from_id": "user\#(i % 3)", "text": "message number \#(i)""#
            if i > 1, i % 7 == 0 { m += #", "reply_to_message_id": \#(i - 5)"# }
            m += "}"
            if corrupt.contains(i) {
                switch i % 4 {
                case 0: m = m.replacingOccurrences(of: #""type": "message","#, with: #""type" "message","#)
                case 1: m = m.replacingOccurrences(of: #""text": "message number \#(i)""#, with: #""text": 12"#)
                case 2: m = m.replacingOccurrences(of: #""date_unixtime": "\#(date)""#, with: #""date_unixtime": "yesterday""#)
                default: m = m.replacingOccurrences(of: #""from": "#, with: #""from": tru"#)
                }
            }
            s += m
        }
        s += "]}\n"
        return Array(s.utf8)
    }
}
