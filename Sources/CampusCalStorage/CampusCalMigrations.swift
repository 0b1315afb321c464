import GRDB

/// The schema, as an ordered list of named migrations.
///
/// A released migration is a promise to every campus that ran it: never edit one, add a new one.
enum CampusCalMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("2026-11-22-accounts") { db in
            try db.create(table: "user") { t in
                t.primaryKey("id", .text)
                t.column("username", .text).notNull().unique()
                t.column("passwordHash", .text).notNull()
                t.column("displayName", .text).notNull()
                t.column("email", .text)
                t.column("phone", .text)
                t.column("timeZone", .text).notNull()
                t.column("role", .text).notNull().indexed()
                    .check(sql: "role IN ('student', 'faculty', 'admin')")
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("version", .integer).notNull()
            }
            try db.create(table: "session") { t in
                t.primaryKey("id", .text)
                t.column("tokenHash", .text).notNull().unique()
                t.column("userID", .text).notNull().indexed().references("user", onDelete: .cascade)
                t.column("createdAt", .datetime).notNull()
                t.column("lastSeenAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "loginFailure") { t in
                t.column("username", .text).notNull()
                t.column("failedAt", .datetime).notNull()
            }
            try db.create(index: "loginFailure_username_failedAt", on: "loginFailure", columns: ["username", "failedAt"])
            try db.create(table: "loginLock") { t in
                t.primaryKey("username", .text)
                t.column("lockedUntil", .datetime).notNull()
            }
        }
        migrator.registerMigration("2026-11-22-calendars") { db in
            try db.create(table: "calendar") { t in
                t.primaryKey("id", .text)
                t.column("ownerID", .text).notNull().references("user", onDelete: .cascade)
                t.column("name", .text).notNull()
                t.column("description", .text)
                t.column("color", .text).notNull()
                t.column("timeZone", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("version", .integer).notNull()
            }
            try db.create(
                index: "calendar_owner_name", on: "calendar", expressions: [Column("ownerID"), Column("name").collating(.nocase), Column("id")])
        }
        migrator.registerMigration("2026-11-22-events") { db in
            try db.create(table: "event") { t in
                t.primaryKey("id", .text)
                t.column("calendarID", .text).notNull().references("calendar", onDelete: .cascade)
                t.column("uid", .text).notNull()
                t.column("title", .text).notNull()
                t.column("description", .text)
                t.column("location", .text)
                t.column("url", .text)
                t.column("start", .text).notNull()
                t.column("end", .text).notNull()
                t.column("recurrenceRule", .text)
                t.column("recurrenceDates", .text).notNull().defaults(to: "")
                t.column("exceptionDates", .text).notNull().defaults(to: "")
                t.column("categories", .text).notNull().defaults(to: "[]")
                t.column("classification", .text).notNull()
                t.column("status", .text).notNull()
                t.column("transparency", .text).notNull()
                t.column("sequence", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("version", .integer).notNull()
                // The span of UTC instants any occurrence can touch, for every viewer zone (see
                // EventSeriesBounds); NULL end = the series never ends. Range queries use these.
                t.column("seriesStart", .double).notNull()
                t.column("seriesEnd", .double)
                t.uniqueKey(["calendarID", "uid"])
            }
            try db.create(index: "event_calendar_seriesStart", on: "event", columns: ["calendarID", "seriesStart"])
        }
        migrator.registerMigration("2026-11-22-calendar-feeds") { db in
            // One secret subscription URL per calendar; only the token's hash is stored.
            try db.create(table: "calendarFeed") { t in
                t.primaryKey("calendarID", .text).references("calendar", onDelete: .cascade)
                t.column("tokenHash", .text).notNull().unique()
                t.column("createdAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("2026-11-23-event-overrides") { db in
            // Changed occurrences of a series (RECURRENCE-ID), as JSON; see OverridesColumn.
            try db.alter(table: "event") { t in t.add(column: "overrides", .text).notNull().defaults(to: "") }
        }
        migrator.registerMigration("2026-11-23-calendar-events-version") { db in
            // Bumped by triggers in the same transaction as any event write, so no code path can
            // forget it: caches of a calendar's occurrences are keyed by it (see CalendarCollection).
            try db.alter(table: "calendar") { t in t.add(column: "eventsVersion", .integer).notNull().defaults(to: 0) }
            for (name, calendars) in [("INSERT", "NEW.calendarID"), ("UPDATE", "OLD.calendarID, NEW.calendarID"), ("DELETE", "OLD.calendarID")] {
                try db.execute(
                    sql: """
                        CREATE TRIGGER event_\(name.lowercased())_bumps_calendar AFTER \(name) ON event BEGIN
                          UPDATE calendar SET eventsVersion = eventsVersion + 1 WHERE id IN (\(calendars));
                        END
                        """)
            }
        }
        migrator.registerMigration("2026-11-23-tasks") { db in
            try db.create(table: "task") { t in
                t.primaryKey("id", .text)
                t.column("ownerID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("title", .text).notNull()
                t.column("course", .text)
                t.column("description", .text)
                t.column("due", .text)  // EventTimeColumn form
                t.column("estimatedMinutes", .integer)
                t.column("priority", .text)
                t.column("status", .text).notNull()
                t.column("completedAt", .datetime)
                // `manual`, or the LMS and the item's id there (a re-import finds it by these).
                t.column("sourceSystem", .text).notNull()
                t.column("sourceID", .text)
                t.column("pointsPossible", .double)
                t.column("gradeScore", .double)
                t.column("gradePercentage", .double)
                t.column("gradeLetter", .text)
                t.column("feedback", .text)
                t.column("displayText", .text)
                t.column("recurrenceRule", .text)
                t.column("reminders", .text).notNull().defaults(to: "")  // RemindersColumn form
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("version", .integer).notNull()
            }
            try db.create(
                index: "task_owner_source", on: "task", columns: ["ownerID", "sourceSystem", "sourceID"], unique: true,
                condition: Column("sourceID") != nil)
        }
        migrator.registerMigration("2026-11-23-todo") { db in
            try db.create(table: "todoEntry") { t in
                t.primaryKey("id", .text)
                t.column("ownerID", .text).notNull().references("user", onDelete: .cascade)
                t.column("position", .integer).notNull()
                // A deleted task takes its lines with it.
                t.column("taskID", .text).references("task", onDelete: .cascade)
                t.column("text", .text)
                t.column("completedAt", .datetime)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(index: "todoEntry_owner_position", on: "todoEntry", columns: ["ownerID", "position"])
        }
        migrator.registerMigration("2026-11-23-notices") { db in
            // Notices to fire later. Fired rows stay (firedAt set) so that re-planning the same
            // reminder never fires it twice; the partial index keeps "what is due" a short scan.
            try db.create(table: "scheduledNotice") { t in
                t.primaryKey("key", .text)
                t.column("userID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("fireAt", .double).notNull()
                t.column("kind", .text).notNull()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("link", .text)
                t.column("firedAt", .double)
            }
            try db.create(index: "scheduledNotice_pending", on: "scheduledNotice", columns: ["fireAt"], condition: Column("firedAt") == nil)
            try db.create(table: "notice") { t in
                t.primaryKey("id", .text)
                t.column("userID", .text).notNull().references("user", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("link", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("readAt", .datetime)
            }
            try db.create(index: "notice_user_unread", on: "notice", columns: ["userID", "createdAt"], condition: Column("readAt") == nil)
            try db.create(table: "notificationPreferences") { t in
                t.primaryKey("userID", .text).references("user", onDelete: .cascade)
                t.column("enabled", .boolean).notNull()
                t.column("email", .boolean).notNull()
                t.column("text", .boolean).notNull()
                t.column("device", .boolean).notNull()
                t.column("includeFeedback", .boolean).notNull()
                t.column("remindAllAssignments", .boolean).notNull()
                t.column("defaultReminders", .text).notNull()
                t.column("gradeUpdates", .boolean).notNull()
                t.column("textAddress", .text)
            }
            // The outbox: email and text deliveries, queued with the inbox row, retried with back-off.
            try db.create(table: "noticeDelivery") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("noticeID", .text).notNull().references("notice", onDelete: .cascade).indexed()
                t.column("channel", .text).notNull()
                t.column("address", .text).notNull()
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("nextAttemptAt", .double).notNull()
                t.column("sentAt", .double)
                t.column("failedAt", .double)
                t.column("lastError", .text)
            }
            try db.create(
                index: "noticeDelivery_pending", on: "noticeDelivery", columns: ["nextAttemptAt"],
                condition: Column("sentAt") == nil && Column("failedAt") == nil)
        }
        migrator.registerMigration("2026-11-23-event-reminders") { db in
            // An event's reminders, in RemindersColumn form; empty for none.
            try db.alter(table: "event") { t in t.add(column: "reminders", .text).notNull().defaults(to: "") }
        }
        migrator.registerMigration("2026-11-23-maintenance-notices") { db in
            // Planned downtime (SRS 3.7.3). The author may be deleted later; the notice stays.
            try db.create(table: "maintenanceNotice") { t in
                t.primaryKey("id", .text)
                t.column("title", .text).notNull()
                t.column("message", .text).notNull()
                t.column("startsAt", .datetime).notNull()
                t.column("endsAt", .datetime).notNull().indexed()
                t.column("urgent", .boolean).notNull()
                t.column("createdBy", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("2026-11-23-groups") { db in
            // Study groups (`group` is an SQL keyword). Deleting a group deletes everything below it.
            try db.create(table: "studyGroup") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("description", .text)
                t.column("ownerID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("version", .integer).notNull()
            }
            try db.create(table: "groupMember") { t in
                t.column("groupID", .text).notNull().references("studyGroup", onDelete: .cascade)
                t.column("userID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("role", .text).notNull().check(sql: "role IN ('owner', 'member')")
                t.column("permissions", .text).notNull()  // comma-separated GroupPermission names
                t.column("joinedAt", .datetime).notNull()
                t.primaryKey(["groupID", "userID"])
            }
            try db.create(table: "groupInvitation") { t in
                t.primaryKey("id", .text)
                t.column("groupID", .text).notNull().references("studyGroup", onDelete: .cascade)
                t.column("inviteeID", .text).notNull().references("user", onDelete: .cascade)
                t.column("inviterID", .text).notNull().references("user", onDelete: .cascade)
                t.column("status", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("decidedAt", .datetime)
            }
            try db.create(index: "groupInvitation_invitee", on: "groupInvitation", columns: ["inviteeID", "status"])
            try db.create(
                index: "groupInvitation_open", on: "groupInvitation", columns: ["groupID", "inviteeID"], unique: true,
                condition: Column("status") == "pending")
            try db.create(table: "groupJoinRequest") { t in
                t.primaryKey("id", .text)
                t.column("groupID", .text).notNull().references("studyGroup", onDelete: .cascade)
                t.column("userID", .text).notNull().references("user", onDelete: .cascade)
                t.column("status", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("decidedAt", .datetime)
                t.column("decidedBy", .text).references("user", onDelete: .setNull)
            }
            try db.create(index: "groupJoinRequest_group_user", on: "groupJoinRequest", columns: ["groupID", "userID"])
            try db.create(
                index: "groupJoinRequest_open", on: "groupJoinRequest", columns: ["groupID", "userID"], unique: true,
                condition: Column("status") == "pending")
            // Announcements, chat messages and links; `sequence` orders a group's posts and pages them.
            try db.create(table: "groupPost") { t in
                t.autoIncrementedPrimaryKey("sequence")
                t.column("id", .text).notNull().unique()
                t.column("groupID", .text).notNull().references("studyGroup", onDelete: .cascade)
                t.column("kind", .text).notNull().check(sql: "kind IN ('announcement', 'message', 'link')")
                t.column("authorID", .text).notNull().references("user", onDelete: .cascade)
                t.column("title", .text)
                t.column("body", .text)
                t.column("url", .text)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(index: "groupPost_group_kind", on: "groupPost", columns: ["groupID", "kind", "sequence"])
        }
        migrator.registerMigration("2026-11-23-invitations") { db in
            // Invitations to events (eventID kept, without a foreign key, when the event is deleted:
            // the invitation is then marked cancelled) or to something described by its own fields.
            try db.create(table: "invitation") { t in
                t.primaryKey("id", .text)
                t.column("organizerID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("eventID", .text).indexed()
                t.column("title", .text).notNull()
                t.column("message", .text)
                t.column("startsAt", .datetime)
                t.column("endsAt", .datetime)
                t.column("createdAt", .datetime).notNull()
                t.column("cancelledAt", .datetime)
            }
            try db.create(table: "invitationInvitee") { t in
                t.column("invitationID", .text).notNull().references("invitation", onDelete: .cascade)
                t.column("userID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("response", .text).notNull().check(sql: "response IN ('pending', 'accepted', 'declined', 'tentative')")
                t.column("respondedAt", .datetime)
                t.column("viaGroupID", .text)
                t.primaryKey(["invitationID", "userID"])
            }
            // Who may invite a user; no row means `everyone`.
            try db.create(table: "invitationSetting") { t in
                t.primaryKey("userID", .text).references("user", onDelete: .cascade)
                t.column("privacy", .text).notNull().check(sql: "privacy IN ('everyone', 'groupMembers', 'nobody')")
            }
        }
        migrator.registerMigration("2026-11-23-calendar-shares") { db in
            // A group's calendar (group meetings): deleted with the group.
            try db.alter(table: "calendar") { t in
                t.add(column: "groupID", .text).references("studyGroup", onDelete: .cascade)
            }
            try db.create(index: "calendar_group", on: "calendar", columns: ["groupID"], unique: true, condition: Column("groupID") != nil)
            // One calendar shared with one user or one group; at most one share per calendar and recipient.
            try db.create(table: "calendarShare") { t in
                t.primaryKey("id", .text)
                t.column("calendarID", .text).notNull().references("calendar", onDelete: .cascade)
                t.column("recipientUserID", .text).references("user", onDelete: .cascade).indexed()
                t.column("recipientGroupID", .text).references("studyGroup", onDelete: .cascade).indexed()
                t.column("level", .text).notNull().check(sql: "level IN ('free-busy', 'read', 'write', 'manage')")
                t.column("sharedByID", .text).notNull().references("user", onDelete: .cascade)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.check(sql: "(recipientUserID IS NULL) <> (recipientGroupID IS NULL)")
            }
            try db.create(
                index: "calendarShare_user", on: "calendarShare", columns: ["calendarID", "recipientUserID"], unique: true,
                condition: Column("recipientUserID") != nil)
            try db.create(
                index: "calendarShare_group", on: "calendarShare", columns: ["calendarID", "recipientGroupID"], unique: true,
                condition: Column("recipientGroupID") != nil)
            // Changes to shared calendars not yet told to the people they are shared with, per person who made them.
            try db.create(table: "calendarChange") { t in
                t.column("calendarID", .text).notNull().references("calendar", onDelete: .cascade)
                t.column("actorID", .text).notNull().references("user", onDelete: .cascade)
                t.column("changes", .integer).notNull()
                t.column("firstAt", .datetime).notNull().indexed()
                t.primaryKey(["calendarID", "actorID"])
            }
        }
        migrator.registerMigration("2026-11-23-courses") { db in
            // FERPA §99.37: people who opted out of directory information, as their directory says.
            try db.alter(table: "user") { t in t.add(column: "directoryOptOut", .boolean).notNull().defaults(to: false) }
            // Courses and who is in them, as the LMS importers find them (or an administrator enters them).
            try db.create(table: "course") { t in
                t.primaryKey("id", .text)
                t.column("code", .text).notNull()
                t.column("name", .text).notNull()
                t.column("term", .text)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "enrolment") { t in
                t.column("courseID", .text).notNull().references("course", onDelete: .cascade)
                t.column("userID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("role", .text).notNull().check(sql: "role IN ('student', 'instructor', 'assistant')")
                t.primaryKey(["courseID", "userID"])
            }
        }
        migrator.registerMigration("2026-11-24-privacy") { db in
            // FERPA §99.30: consents, with what was agreed copied in (the agreement's text may change later).
            try db.create(table: "consent") { t in
                t.primaryKey("id", .text)
                t.column("userID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("agreementID", .text).notNull()
                t.column("agreementVersion", .integer).notNull()
                t.column("recipient", .text).notNull()
                t.column("purpose", .text).notNull()
                t.column("categories", .text).notNull()  // comma-separated DataCategory names
                t.column("agreedAt", .datetime).notNull()
                t.column("withdrawnAt", .datetime)
            }
            try db.create(index: "consent_agreement", on: "consent", columns: ["agreementID", "agreementVersion"])
            // FERPA §99.32: the disclosure log, only ever appended to. `seq` orders it (and pages it) exactly.
            try db.create(table: "disclosure") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("id", .text).notNull().unique()
                t.column("userID", .text).notNull().references("user", onDelete: .cascade)
                t.column("recipientID", .text).notNull()
                t.column("recipient", .text).notNull()
                t.column("purpose", .text).notNull()
                t.column("categories", .text).notNull()
                t.column("basis", .text).notNull().check(sql: "basis IN ('consent', 'de-identified', 'legal')")
                t.column("consentID", .text)
                t.column("legalBasis", .text)
                t.column("recordCount", .integer).notNull()
                t.column("requestedBy", .text)
                t.column("disclosedAt", .datetime).notNull()
            }
            try db.create(index: "disclosure_user", on: "disclosure", columns: ["userID", "seq"])
            // Deleted accounts: when, at whose request, how much went. No identifier but the old internal id.
            try db.create(table: "accountDeletion") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("id", .text).notNull().unique()
                t.column("userID", .text).notNull()
                t.column("requestedBy", .text)
                t.column("deletedAt", .datetime).notNull()
                t.column("counts", .text).notNull()  // JSON object: kind → count
            }
            // Server-side secrets (the record-code key): generated once, never sent anywhere.
            try db.create(table: "serverSecret") { t in
                t.primaryKey("name", .text)
                t.column("value", .blob).notNull()
            }
        }
        migrator.registerMigration("2026-11-24-lms") { db in
            // Assignments the LMS no longer lists (after a complete sync) are marked, not deleted.
            try db.alter(table: "task") { t in t.add(column: "removedAt", .datetime) }
            // A student's link to an LMS account or feed; the credentials sealed (AES-GCM, server key).
            try db.create(table: "lmsConnection") { t in
                t.primaryKey("id", .text)
                t.column("ownerID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("kind", .text).notNull().check(sql: "kind IN ('brightspace', 'canvas', 'moodle', 'ics')")
                t.column("baseURL", .text).notNull()
                t.column("calendarID", .text).notNull().references("calendar", onDelete: .cascade)
                t.column("sealedCredentials", .blob).notNull()
                t.column("status", .text).notNull()
                t.column("statusReason", .text)
                t.column("lastSyncAt", .datetime)
                t.column("lastReport", .text)  // JSON LMSSyncReport
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("2026-11-25-plugin-state") { db in
            // Plugins' small key-value state (cc_host_api.kv_get/kv_set), kept while a plugin is disabled.
            try db.create(table: "pluginState") { t in
                t.column("pluginID", .text).notNull()
                t.column("key", .text).notNull()
                t.column("value", .text).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["pluginID", "key"])
            }
        }
        migrator.registerMigration("2026-11-26-plugin-settings") { db in
            // Which installed plugins an administrator turned off (kept across restarts).
            try db.create(table: "pluginSetting") { t in
                t.primaryKey("pluginID", .text)
                t.column("enabled", .boolean).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("2026-11-27-plugin-calendars") { db in
            // A plugin's own calendar in a person's account (cc_host_api.put_event). The link stays
            // when the person deletes the calendar (calendarID NULL): the plugin may not make it again.
            try db.create(table: "pluginCalendar") { t in
                t.column("pluginID", .text).notNull()
                t.column("userID", .text).notNull().references("user", onDelete: .cascade)
                t.column("calendarID", .text).references("calendar", onDelete: .setNull)
                t.primaryKey(["pluginID", "userID"])
            }
        }
        migrator.registerMigration("2026-11-28-todo-entry-task-index") { db in
            // Deleting a task cascades to the to-do lines naming it: without this index each delete
            // scanned every to-do line of the campus (issue #11's simulator: 275,000 lines, 87 ms).
            try db.create(index: "todoEntry_taskID", on: "todoEntry", columns: ["taskID"])
        }
        migrator.registerMigration("2026-11-29-lms-sync-attempts") { db in
            // When a sync last started, written before the LMS is asked: a sync that kills the
            // process (review H1: a hostile feed) is then not due again at once after each restart.
            try db.alter(table: "lmsConnection") { t in t.add(column: "lastAttemptAt", .datetime) }
        }
        migrator.registerMigration("2026-11-30-login-attempts-by-source") { db in
            // Failed logins counted per canonical account *and* source address (issue #25, review
            // H5/L5, SRS 4.2.36.1): a lock binds the source that earned it, and each source has a
            // budget of failures across all accounts, past which it waits longer and longer.
            // loginFailure/loginLock stay for the locks that were running at upgrade.
            try db.create(table: "accountSourceFailure") { t in
                t.column("account", .text).notNull()
                t.column("source", .text).notNull()
                t.column("failedAt", .datetime).notNull()
            }
            try db.create(index: "accountSourceFailure_key", on: "accountSourceFailure", columns: ["account", "source", "failedAt"])
            try db.create(index: "accountSourceFailure_failedAt", on: "accountSourceFailure", columns: ["failedAt"])
            try db.create(table: "accountSourceLock") { t in
                t.column("account", .text).notNull()
                t.column("source", .text).notNull()
                t.column("lockedUntil", .datetime).notNull()
                t.primaryKey(["account", "source"])
            }
            try db.create(table: "sourceFailure") { t in
                t.column("source", .text).notNull()
                t.column("failedAt", .datetime).notNull()
            }
            try db.create(index: "sourceFailure_source_failedAt", on: "sourceFailure", columns: ["source", "failedAt"])
            try db.create(index: "sourceFailure_failedAt", on: "sourceFailure", columns: ["failedAt"])
            try db.create(table: "sourceBlock") { t in
                t.primaryKey("source", .text)
                t.column("blockedUntil", .datetime).notNull()
            }
        }
        migrator.registerMigration("2026-12-01-address-confirmation-and-recovery") { db in
            // Issue #25, review L2 and SRS 4.2.36.1. An address receives notices only once its
            // owner typed back a code sent there (confirmedAddress); codes and reset links are
            // kept as hashes only (oneTimeCode). Directory accounts' emails are the directory's
            // word, so they start confirmed; local accounts confirm theirs once after the upgrade.
            try db.create(table: "confirmedAddress") { t in
                t.column("userID", .text).notNull().references("user", onDelete: .cascade)
                t.column("channel", .text).notNull()
                t.column("address", .text).notNull()
                t.column("confirmedAt", .datetime).notNull()
                t.primaryKey(["userID", "channel"])
            }
            try db.execute(
                sql: """
                    INSERT INTO confirmedAddress (userID, channel, address, confirmedAt)
                    SELECT id, 'email', email, CURRENT_TIMESTAMP FROM user
                    WHERE passwordHash LIKE '!directory:%' AND email IS NOT NULL AND email != ''
                    """)
            try db.create(table: "oneTimeCode") { t in
                t.primaryKey("hash", .text)
                t.column("purpose", .text).notNull()
                t.column("userID", .text).notNull().references("user", onDelete: .cascade)
                t.column("channel", .text).notNull()
                t.column("address", .text).notNull()
                t.column("createdAt", .double).notNull()
                t.column("expiresAt", .double).notNull()
                t.column("usedAt", .double)
            }
            try db.create(index: "oneTimeCode_user", on: "oneTimeCode", columns: ["userID", "purpose", "createdAt"])
            try db.create(index: "oneTimeCode_address", on: "oneTimeCode", columns: ["address", "purpose", "createdAt"])
            // Whose message each delivery is and when it was queued: mail per person per hour is
            // bounded (mail.max_messages_per_person_per_hour). Rows from before stay uncounted.
            try db.alter(table: "noticeDelivery") { t in
                t.add(column: "userID", .text)
                t.add(column: "queuedAt", .double)
            }
            try db.create(index: "noticeDelivery_user_queuedAt", on: "noticeDelivery", columns: ["userID", "queuedAt"])
        }
        migrator.registerMigration("2026-12-02-release-ledger") { db in
            // Issue #27: what each third-party recipient was given (`ReleaseLedgerStore`), so that
            // a later release never says more about an item, or a cell, than combining it with the
            // earlier ones allows.
            try db.create(table: "releaseLedger", options: [.withoutRowID]) { t in
                t.column("recipientID", .text).notNull()
                t.column("key", .text).notNull()
                t.column("value", .text).notNull()
                t.column("releasedAt", .double).notNull()
                t.primaryKey(["recipientID", "key"])
            }
        }
        migrator.registerMigration("2026-12-03-lms-class-lists") { db in
            // Issue #28: courses and class lists from the LMS syncs. A course is one record per LMS
            // course (`source`: kind|host|course|id), shared by all its students' syncs.
            try db.alter(table: "course") { t in t.add(column: "source", .text) }
            try db.create(index: "course_source", on: "course", columns: ["source"], unique: true)
            // Which account an LMS person is (kind|host|user|id), learnt from that person's own sync:
            // the LMS vouched for it by answering their token. Never matched by name.
            try db.create(table: "lmsIdentity") { t in
                t.primaryKey("personKey", .text)
                t.column("userID", .text).notNull().references("user", onDelete: .cascade).indexed()
                t.column("learntAt", .datetime).notNull()
            }
            // A course's class list as its LMS shows students: people with or without an account.
            try db.create(table: "classListEntry") { t in
                t.column("courseID", .text).notNull().references("course", onDelete: .cascade)
                t.column("personKey", .text).notNull().indexed()
                t.column("loginID", .text)
                t.column("displayName", .text).notNull()
                t.column("role", .text).notNull().check(sql: "role IN ('student', 'instructor', 'assistant')")
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["courseID", "personKey"])
            }
        }
        migrator.registerMigration("2026-12-04-assignment-submission-window") { db in
            // Issue #28: when an assignment opens and is cut off, and where the student's submission
            // stands, as the LMS says (Moodle's allowsubmissionsfromdate, cutoffdate, submission status).
            try db.alter(table: "task") { t in
                t.add(column: "opensAt", .datetime)
                t.add(column: "cutoffAt", .datetime)
                t.add(column: "submissionStatus", .text)
            }
        }
        migrator.registerMigration("2026-12-05-items-name-their-course") { db in
            // Issue #28: an assignment and a course-calendar event point at the one shared course
            // record their LMS files them under. A course that goes leaves them unlinked, not gone.
            // The indexes are partial: most tasks and nearly all events belong to no course, and
            // rows without one cost the hot write path nothing.
            //
            // Unlinked by a trigger, not by `REFERENCES … ON DELETE SET NULL`: SQLite runs a
            // foreign key's UPDATE action under ABORT, which overrides the `INSERT OR REPLACE` of
            // the change log's triggers on these tables (`ChangeLogSchema`), so deleting a course
            // would fail on the log's unique key. A trigger's UPDATE keeps their policy, and the
            // unlinked items reach sync clients as changed.
            try db.alter(table: "task") { t in t.add(column: "courseID", .text) }
            try db.alter(table: "event") { t in t.add(column: "courseID", .text) }
            try db.execute(
                sql: """
                    CREATE INDEX task_course ON task (courseID) WHERE courseID IS NOT NULL;
                    CREATE INDEX event_course ON event (courseID) WHERE courseID IS NOT NULL;
                    CREATE TRIGGER course_delete_unlinks_items AFTER DELETE ON course BEGIN
                      UPDATE task SET courseID = NULL WHERE courseID = OLD.id;
                      UPDATE event SET courseID = NULL WHERE courseID = OLD.id;
                    END;
                    """)
        }
        migrator.registerMigration("2026-12-05-change-log") { db in try ChangeLogSchema.create(in: db) }
        migrator.registerMigration("2026-12-05-app-passwords") { db in
            // Issue #29: per-device passwords for CalDAV clients, kept like session tokens — only
            // the SHA-256 of a server-made secret — and read by the owner's username on each DAV request.
            try db.create(table: "appPassword") { t in
                t.primaryKey("id", .text)
                t.column("userID", .text).notNull().indexed().references("user", onDelete: .cascade)
                t.column("name", .text).notNull()
                t.column("secretHash", .text).notNull().unique()
                t.column("createdAt", .datetime).notNull()
                t.column("lastUsedAt", .datetime)
            }
        }
        migrator.registerMigration("2026-12-06-calendar-dav-addresses") { db in
            // Issue #29: a calendar a CalDAV client made (MKCALENDAR) stays at the address the
            // client chose — clients keep using the URL they made — and keeps the order Apple
            // clients sort it in. Added columns, not a rebuilt table: the change log's triggers
            // on `calendar` stay as they are (`ChangeLogSchema`).
            try db.alter(table: "calendar") { t in
                t.add(column: "davName", .text)
                t.add(column: "displayOrder", .integer)
            }
            try db.execute(sql: "CREATE UNIQUE INDEX calendar_davName ON calendar (ownerID, davName) WHERE davName IS NOT NULL")
        }
        migrator.registerMigration("2026-12-06-task-uids") { db in try TaskUIDSchema.create(in: db) }
        migrator.registerMigration("2026-12-07-calendar-counts") { db in try CalendarCountsSchema.create(in: db) }
        migrator.registerMigration("2026-12-08-push-subscriptions") { db in
            // Issue #30: browsers subscribed to Web Push. One row per endpoint (a browser that
            // subscribes again replaces its keys); deleted with the person.
            try db.create(table: "pushSubscription") { t in
                t.primaryKey("id", .text)
                t.column("userID", .text).notNull().indexed().references("user", onDelete: .cascade)
                t.column("endpoint", .text).notNull().unique()
                t.column("publicKey", .blob).notNull()
                t.column("authSecret", .blob).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("lastDeliveredAt", .datetime)
            }
        }
        return migrator
    }
}
