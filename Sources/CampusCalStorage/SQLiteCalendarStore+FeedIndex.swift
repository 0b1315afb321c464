import CampusCalCore
import Foundation
import GRDB

/// What the feed quota counts (`limits.max_feeds_per_user`): the owner's calendars with a feed.
extension SQLiteCalendarStore: CalendarFeedIndex {
    public func calendarsWithFeeds(ownedBy owner: UserID) async throws -> Set<CalendarID> {
        try database.readNow { db in
            Set(
                try String.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT calendar.id FROM calendar JOIN calendarFeed ON calendarFeed.calendarID = calendar.id WHERE calendar.ownerID = ?"
                    ), arguments: [owner.rawValue]
                ).map(CalendarID.init(rawValue:)))
        }
    }
}
