import CampusCalCore
import Foundation
import Testing

/// `AccessPolicy` for calendars alone: a pure function of the caller's standing with a calendar.
@Suite("AccessPolicy: calendars, at every level")
struct CalendarAccessPolicyTests {
    static let everyAction: [CalendarAction] = [
        .seeFreeBusy, .readEvents, .writeEvents, .editProperties, .manageShares, .removeOwnShare, .manageFeed, .delete,
    ]

    func access(_ level: CalendarAccessLevel?, role: Role = .student) -> CalendarAccess {
        let now = Date(timeIntervalSince1970: 0)
        let caller = User(
            id: UserID(rawValue: "u"), username: "u", displayName: "U", email: nil, phone: nil, timeZone: "UTC", role: role, createdAt: now,
            updatedAt: now, version: 1)
        let calendar = CalendarCollection(
            id: CalendarID(rawValue: "c"), ownerID: UserID(rawValue: "o"), name: "C", description: nil, color: "#000000", timeZone: "UTC",
            createdAt: now, updatedAt: now, version: 1)
        return CalendarAccess(caller: caller, calendar: calendar, level: level)
    }

    /// Which actions each level allows: each level adds to the one below.
    static let allowed: [CalendarAccessLevel: Set<String>] = [
        .freeBusy: ["seeFreeBusy", "removeOwnShare"],
        .read: ["seeFreeBusy", "removeOwnShare", "readEvents"],
        .write: ["seeFreeBusy", "removeOwnShare", "readEvents", "writeEvents"],
        .manage: ["seeFreeBusy", "removeOwnShare", "readEvents", "writeEvents", "editProperties", "manageShares"],
        .owner: Set(everyAction.map { "\($0)" }),
    ]

    @Test(arguments: CalendarAccessLevel.allCases)
    func eachLevelAllowsExactlyItsActionsAndExplainsTheRest(_ level: CalendarAccessLevel) {
        for action in Self.everyAction {
            let decision = AccessPolicy.decide(action, access(level))
            if Self.allowed[level]!.contains("\(action)") {
                #expect(decision == .allow, "\(level) \(action)")
            } else {
                guard case .forbid(let reason) = decision else {
                    Issue.record("\(level) \(action) should be forbidden, was \(decision)")
                    continue
                }
                #expect(reason.contains(level.name) || reason.hasPrefix("Only the calendar's owner"), "\(reason)")
            }
        }
    }

    @Test func withoutStandingEveryoneIsToldNothingAdministratorsIncluded() {
        for action in Self.everyAction {
            #expect(AccessPolicy.decide(action, access(nil)) == .hide)
            #expect(AccessPolicy.decide(action, access(nil, role: .admin)) == .hide)
        }
        #expect(throws: CalendarError.notFound) { try AccessPolicy.authorize(.readEvents, access(nil)) }
    }
}
