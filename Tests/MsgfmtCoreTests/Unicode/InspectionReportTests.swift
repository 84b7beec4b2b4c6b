import Testing

@testable import MsgfmtCore

@Suite struct InspectionReportTests {
    @Test func reportsGraphemesBreaksAndBidi() {
        let report = InspectionReport("Hi 👨\u{200D}👩\u{200D}👧 中文", model: .modern)
        #expect(report.graphemes.map(\.width) == [1, 1, 1, 2, 1, 2, 2])
        #expect(report.graphemes.map(\.end) == [1, 2, 3, 11, 12, 13, 14])
        #expect(report.breaks.map(\.offset) == [3, 12, 13, 14])
        #expect(report.breaks.allSatisfy { !$0.mandatory })
        #expect(report.bidi == [BidiRun(start: 0, end: 14, level: 0)])
    }

    @Test func jsonHasTheContractFields() {
        let json = InspectionReport("a\nb", model: .legacy).json(id: 7)
        #expect(
            json
                == #"{"id":7,"text":"a\nb","graphemes":[{"start":0,"end":1,"width":1},{"start":1,"end":2,"width":0},{"start":2,"end":3,"width":1}],"breaks":[{"offset":2,"mandatory":true},{"offset":3,"mandatory":false}],"bidi":[{"start":0,"end":3,"level":0}]}"#
        )
    }

    @Test func emptyTextHasEmptyLists() {
        let report = InspectionReport("", model: .modern)
        #expect(report.graphemes.isEmpty && report.breaks.isEmpty && report.bidi.isEmpty)
    }
}
