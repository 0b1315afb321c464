import CampusCalCore
import CampusCalICalendar
import Testing

@Suite("RRULE parsing")
struct RecurrenceRuleParsingTests {
    @Test(arguments: [
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY value 32 is out of range -31…31 except 0"),
        ("FREQ=DAILY;COUNT=3;UNTIL=20260101", "COUNT and UNTIL must not both be given"),
        ("FREQ=MONTHLY;BYWEEKNO=3", "BYWEEKNO is only allowed with FREQ=YEARLY, not FREQ=MONTHLY"),
        ("FREQ=WEEKLY;BYDAY=2TU", "BYDAY value 2TU has an ordinal, which is only allowed with FREQ=MONTHLY or YEARLY"),
        ("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY is not allowed with FREQ=WEEKLY"),
        ("FREQ=MONTHLY;BYYEARDAY=1", "BYYEARDAY is not allowed with FREQ=MONTHLY"),
        ("FREQ=MONTHLY;BYSETPOS=1", "BYSETPOS needs another BYxxx rule part to select from"),
        ("BYDAY=MO", "FREQ is required"),
        ("FREQ=FORTNIGHTLY", "FREQ value 'FORTNIGHTLY' is not one of SECONDLY…YEARLY"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL must be a positive integer, not 0"),
        ("FREQ=DAILY;BYHOUR=24", "BYHOUR value 24 is out of range 0…23"),
        ("FREQ=DAILY;BYDAY=XX", "BYDAY value 'XX' is not a weekday such as MO, 2TU or -1FR"),
        ("FREQ=DAILY;UNTIL=2026", "UNTIL value '2026' is not a DATE (20261122) or DATE-TIME (20261122T090000Z)"),
        ("FREQ=DAILY;FREQ=WEEKLY", "FREQ appears more than once"),
        ("FREQ=DAILY;COLOR=RED", "Unknown rule part 'COLOR'"),
    ])
    func invalidRulesNameTheirProblem(_ text: String, _ message: String) {
        #expect(throws: RecurrenceRuleError.self) { try RecurrenceRule(parsing: text) }
        do {
            _ = try RecurrenceRule(parsing: text)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test(arguments: [
        "FREQ=YEARLY;UNTIL=20301231T235959Z;INTERVAL=2;BYDAY=-1FR,2TU;BYMONTH=1,3",
        "FREQ=MONTHLY;COUNT=10;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
        "FREQ=YEARLY;BYDAY=MO;BYWEEKNO=20,-1;WKST=SU",
        "FREQ=SECONDLY;UNTIL=20260101;BYSECOND=0,30;BYMINUTE=5;BYHOUR=9",
        "FREQ=DAILY;UNTIL=20260101T090000;BYMONTHDAY=-1,1;BYMONTH=2",
    ])
    func formattingRoundTrips(_ text: String) throws {
        let rule = try RecurrenceRule(parsing: text)
        #expect(rule.rfc5545 == text)
        #expect(try RecurrenceRule(parsing: rule.rfc5545) == rule)
    }

    @Test func lenientSpellingIsAcceptedAndNormalised() throws {
        let rule = try RecurrenceRule(parsing: "RRULE:freq=weekly;byday=mo,fr;interval=1;wkst=MO")
        #expect(rule.rfc5545 == "FREQ=WEEKLY;BYDAY=MO,FR")
        #expect(rule.byDay == [WeekdayOccurrence(.monday), WeekdayOccurrence(.friday)])
    }
}
