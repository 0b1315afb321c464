import CampusCalCore
import CampusCalICalendar
import Foundation
import Testing

/// `AccessPolicy+Events`: what each viewer sees of one event, and who may change it or invite to it.
@Suite("AccessPolicy: what each viewer sees of an event")
struct EventAccessPolicyTests {
    static let now = Date(timeIntervalSince1970: 0)
    static let start = EventTime.utc(LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 1)))

    func event(_ classification: EventClassification) -> CalendarEvent {
        CalendarEvent(
            id: EventID(rawValue: "e"), calendarID: CalendarID(rawValue: "c"), uid: "therapy-42@clinic.example", title: "Therapy",
            description: "follow-up", location: "Clinic", url: "https://clinic.example", start: Self.start, end: Self.start,
            categories: ["health"], classification: classification, createdAt: Self.now, updatedAt: Self.now)
    }

    func access(_ level: CalendarAccessLevel?) -> CalendarAccess {
        let caller = User(
            id: UserID(rawValue: "u"), username: "u", displayName: "U", email: nil, phone: nil, timeZone: "UTC", role: .student, createdAt: Self.now,
            updatedAt: Self.now, version: 1)
        let calendar = CalendarCollection(
            id: CalendarID(rawValue: "c"), ownerID: UserID(rawValue: level == .owner ? "u" : "o"), name: "C", description: nil, color: "#000000",
            timeZone: "UTC", createdAt: Self.now, updatedAt: Self.now, version: 1)
        return CalendarAccess(caller: caller, calendar: calendar, level: level)
    }

    /// Nothing that says what the event is survives in busy time; the times do.
    func expectBusy(_ view: CalendarEvent?, of event: CalendarEvent, _ comment: Comment) throws {
        let busy = try #require(view, comment)
        #expect(busy.title == "Busy" && busy.description == nil && busy.location == nil && busy.url == nil && busy.categories.isEmpty, comment)
        #expect(busy.uid != event.uid && busy.isBusyTime && busy.start == event.start, comment)
    }

    @Test(arguments: [EventClassification.private, .confidential])
    func privateEventsAreBusyTimeForEveryoneButTheOwner(_ classification: EventClassification) throws {
        let event = event(classification)
        #expect(AccessPolicy.view(of: event, at: .owner) == event)
        for level in [CalendarAccessLevel.freeBusy, .read, .write, .manage] {
            try expectBusy(AccessPolicy.view(of: event, at: level), of: event, "\(level)")
        }
    }

    @Test func publicEventsAreBusyTimeOnlyBelowRead() throws {
        let event = event(.public)
        try expectBusy(AccessPolicy.view(of: event, at: .freeBusy), of: event, "free-busy")
        for level in [CalendarAccessLevel.read, .write, .manage, .owner] {
            #expect(AccessPolicy.view(of: event, at: level) == event, "\(level)")
            #expect(AccessPolicy.view(of: event, at: level)?.isBusyTime == false)
        }
    }

    @Test func freeOrCancelledBusyTimeDoesNotShowAtAll() {
        var event = event(.private)
        event.transparency = .transparent
        #expect(AccessPolicy.view(of: event, at: .manage) == nil)
        event.transparency = .opaque
        event.status = .cancelled
        #expect(AccessPolicy.view(of: event, at: .read) == nil)
    }

    @Test func aPrivateOccurrenceOfAPublicSeriesIsHiddenFromOthers() throws {
        var event = event(.public)
        event.overrides = [
            OccurrenceOverride(
                recurrenceID: Self.start, range: .thisOccurrence, start: Self.start, end: Self.start, title: "Therapy (moved)", description: "moved",
                location: "Clinic 2", url: nil, categories: ["x"], classification: .private, status: .confirmed, transparency: .opaque,
                sequence: 0)
        ]
        let seen = try #require(AccessPolicy.view(of: event, at: .write))
        #expect(seen.title == "Therapy" && seen.overrides.first?.title == "Busy" && seen.overrides.first?.location == nil)
        #expect(AccessPolicy.view(of: event, at: .owner) == event)
        // Nor may anyone but the owner change such a series: they would write "Busy" back.
        #expect(AccessPolicy.decide(.writeEvents, on: event, access(.manage)) != .allow)
    }

    @Test func onlyTheOwnerChangesAPrivateEventOthersAreToldWhy() {
        let event = event(.private)
        #expect(AccessPolicy.decide(.writeEvents, on: event, access(.owner)) == .allow)
        for level in [CalendarAccessLevel.write, .manage] {
            guard case .forbid(let reason) = AccessPolicy.decide(.writeEvents, on: event, access(level)) else {
                Issue.record("\(level) may change a private event")
                continue
            }
            #expect(reason.contains("private"))
        }
        #expect(AccessPolicy.decide(.writeEvents, on: event, access(nil)) == .hide)
        // Reading is the calendar's rule; what is seen is `view`.
        #expect(AccessPolicy.decide(.readEvents, on: event, access(.read)) == .allow)
        #expect(AccessPolicy.decide(.writeEvents, on: self.event(.public), access(.write)) == .allow)
    }

    @Test func invitingTakesTheRightToChangeTheEventAndOnlyTheOwnerInvitesToAPrivateOne() {
        let open = event(.public)
        let closed = event(.private)
        #expect(AccessPolicy.decideInviting(to: open, access(.owner)) == .allow)
        #expect(AccessPolicy.decideInviting(to: open, access(.write)) == .allow)
        #expect(AccessPolicy.decideInviting(to: closed, access(.owner)) == .allow)
        for (event, level) in [(open, CalendarAccessLevel.read), (open, .freeBusy), (closed, .write), (closed, .manage), (closed, .read)] {
            guard case .forbid(let reason) = AccessPolicy.decideInviting(to: event, access(level)) else {
                Issue.record("\(level) may invite to a \(event.classification) event")
                continue
            }
            #expect(!reason.isEmpty)
        }
        #expect(AccessPolicy.decideInviting(to: open, access(nil)) == .hide)
    }

    @Test func inviteesSeeWhatTheOrganiserMayStillShow() throws {
        let closed = event(.private)
        let open = event(.public)
        // The owner's invitation discloses the event; a write recipient's shows public events only.
        #expect(AccessPolicy.inviteeView(of: closed, organizerLevel: .owner) == closed)
        #expect(AccessPolicy.inviteeView(of: open, organizerLevel: .write) == open)
        try expectBusy(AccessPolicy.inviteeView(of: closed, organizerLevel: .manage), of: closed, "manage")
        // Standing below write, or none (share withdrawn): the invitation shows no event.
        #expect(AccessPolicy.inviteeView(of: open, organizerLevel: .read) == nil)
        #expect(AccessPolicy.inviteeView(of: open, organizerLevel: nil) == nil)
    }
}
