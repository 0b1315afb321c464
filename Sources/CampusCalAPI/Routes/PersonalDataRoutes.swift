import CampusCalCore
import CampusCalICalendar
import CampusCalPrivacy
import Foundation
import Hummingbird

/// A person's own data: the full export (FERPA §99.10, SRS 3.2.13.4) and deleting the account.
enum PersonalDataRoutes {
    struct DeleteBody: StrictJSONBody {
        static let fields: Set<String> = ["confirmUsername"]
        /// The caller's username, typed again: deleting an account cannot be undone.
        var confirmUsername: String
    }

    static func register(
        on routes: RouteTable, privacy: PrivacyDependencies, calendars: CalendarService, events: EventService, tasks: TaskService,
        limits: BodyLimits
    ) {
        let personalData = privacy.personalData

        routes.authenticated(.get, "/api/v1/me/export") { _, context in
            let caller = try context.requireCaller().user
            let records = try await personalData.records(of: caller)
            return try await archiveResponse(for: caller, records: records, calendars: calendars, events: events, tasks: tasks)
        }

        routes.authenticated(.get, "/api/v1/admin/users/{id}/export") { request, context in
            let caller = try context.requireCaller().user
            let (subject, records) = try await personalData.records(
                of: UserID(rawValue: try context.parameters.require("id")), forAdministrator: caller,
                reason: request.uri.queryParameters["reason"].map(String.init) ?? "")
            return try await archiveResponse(for: subject, records: records, calendars: calendars, events: events, tasks: tasks)
        }

        routes.authenticated(.delete, "/api/v1/me") { request, context in
            let caller = try context.requireCaller().user
            let body = try await request.decodeStrictJSON(DeleteBody.self, limits: limits)
            guard body.confirmUsername.lowercased() == caller.username else {
                throw Problem(
                    .unprocessableContent, code: "confirmation-mismatch", title: "Not confirmed",
                    detail: "To delete your account, send your username '\(caller.username)' as confirmUsername. Nothing was deleted.",
                    errors: [
                        ValidationIssue(field: "confirmUsername", code: "confirmation.mismatch", message: "Type your username to confirm.")
                    ])
            }
            let deletion = try await personalData.deleteOwnAccount(caller)
            return try JSONResponse.make(AccountDeletionRepresentation(deletion))
        }

        routes.authenticated(.delete, "/api/v1/admin/users/{id}") { _, context in
            let caller = try context.requireCaller().user
            let deletion = try await personalData.deleteAccount(UserID(rawValue: try context.parameters.require("id")), byAdministrator: caller)
            return try JSONResponse.make(AccountDeletionRepresentation(deletion))
        }

        routes.authenticated(.get, "/api/v1/admin/account-deletions") { request, context in
            let page = try await personalData.deletions(
                for: try context.requireCaller().user, after: request.uri.queryParameters["cursor"].map(String.init),
                limit: try PageQuery.limit(request))
            return try JSONResponse.make(
                PageRepresentation(items: page.items.map(AccountDeletionRepresentation.init), nextCursor: page.nextCursor))
        }
    }

    /// The archive as `application/zip`, named after the person and the day.
    static func archiveResponse(
        for user: User, records: [PersonalRecordSet], calendars: CalendarService, events: EventService, tasks: TaskService
    ) async throws -> Response {
        var files: [PersonalDataArchive.CalendarFile] = []
        for calendar in try await calendars.owned(by: user) {
            files.append(.init(calendar: calendar, events: try await events.allEventsAsOwner(of: calendar, owner: user.id)))
        }
        let now = tasks.clock.now()
        let owned = try await tasks.tasks.tasks(ownedBy: user.id)
        let bytes: [UInt8]
        do {
            bytes = try PersonalDataArchive.build(user: user, records: records, calendars: files, tasks: owned, generatedAt: now)
        } catch ZipArchiveError.needsZIP64(let why) {
            throw Problem(
                .unprocessableContent, code: "export-too-large", title: "Too much for one export file",
                detail:
                    "Your data does not fit in one export file (\(why)). Export your calendars one at a time (GET /api/v1/calendars/{id}/export.ics), or ask the IT help desk for a full copy."
            )
        }
        let day = String(now.formatted(.iso8601).prefix(10))
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip",
                .contentDisposition: "attachment; filename=\"campuscal-\(user.username)-\(day).zip\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
