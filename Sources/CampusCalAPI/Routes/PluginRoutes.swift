import CampusCalCore
import CampusCalICalendar
import Foundation
import Hummingbird

/// What plugins add that everyone sees: day labels (holidays on every view), and which plugins
/// are active and what of a student's data each may receive.
enum PluginRoutes {
    struct LabelRepresentation: Encodable {
        var date: String
        var label: String
        var kind: String
        var pluginId: String
    }

    struct Labels: Encodable { var items: [LabelRepresentation] }

    struct PermissionsRepresentation: Encodable {
        var data: [String]
        var identities: Bool
        var network: [String]
        var notify: Bool
        var calendar: Bool
    }

    struct PluginRepresentation: Encodable {
        var id: String
        var name: String
        var version: String
        var description: String
        var status: String
        /// Why it is not active (administrators only).
        var statusReason: String?
        var provides: [String]
        var isolation: String
        /// What it may receive: categories of data; identities only of students who consented to it by id.
        var permissions: PermissionsRepresentation
    }

    struct Plugins: Encodable { var items: [PluginRepresentation] }

    struct Panel: Encodable {
        var pluginId: String
        var fields: [PluginPanelField]
    }

    struct InstallBody: StrictJSONBody {
        static let fields: Set<String> = ["path"]
        /// A folder on the server holding `plugin.toml` and the library it names.
        var path: String
    }

    static func representation(_ info: PluginInfo, forAdministrator isAdministrator: Bool) -> PluginRepresentation {
        var reason: String?
        if isAdministrator, case .failed(let why) = info.status { reason = why }
        let manifest = info.manifest
        return PluginRepresentation(
            id: manifest.id, name: manifest.name, version: manifest.version, description: manifest.description,
            status: info.status.name, statusReason: reason, provides: manifest.provides, isolation: manifest.isolation.rawValue,
            permissions: PermissionsRepresentation(
                data: manifest.permissions.data.map(\.rawValue).sorted(), identities: manifest.permissions.identities,
                network: manifest.permissions.network, notify: manifest.permissions.notify,
                calendar: manifest.permissions.calendar))
    }

    static func register(on routes: RouteTable, plugins: any PluginCatalog, administration: (any PluginAdministration)?, limits: BodyLimits) {
        routes.authenticated(.get, "/api/v1/day-labels") { request, context in
            _ = try context.requireCaller()
            let first = try date(request, "from")
            let last = try date(request, "to")
            guard first <= last, last.dayNumber - first.dayNumber <= 800 else {
                throw Problem.badRequest("invalid-range", "'to' must be on or after 'from', and at most 800 days later.")
            }
            let labels = await plugins.dayLabels(from: first, to: last)
            return try JSONResponse.make(
                Labels(items: labels.map { LabelRepresentation(date: $0.date.description, label: $0.label, kind: $0.kind, pluginId: $0.source) }))
        }

        routes.authenticated(.get, "/api/v1/plugins") { _, context in
            let caller = try context.requireCaller().user
            let isAdministrator = caller.role == .admin
            let visible = await plugins.plugins().filter { isAdministrator || $0.status == .active }
            return try JSONResponse.make(Plugins(items: visible.map { representation($0, forAdministrator: isAdministrator) }))
        }

        // A person's own panel: the plugin knows them only by its record code for them.
        routes.authenticated(.get, "/api/v1/plugins/{id}/panel") { _, context in
            let caller = try context.requireCaller().user
            let id = try context.parameters.require("id")
            let fields = try await plugins.panel(of: id, for: caller.id)
            return try JSONResponse.make(Panel(pluginId: id, fields: fields))
        }

        guard let administration else { return }
        routes.authenticated(.get, "/api/v1/admin/plugins") { _, context in
            try requireAdmin(context)
            return try JSONResponse.make(Plugins(items: await plugins.plugins().map { representation($0, forAdministrator: true) }))
        }

        routes.authenticated(.post, "/api/v1/admin/plugins") { request, context in
            try requireAdmin(context)
            let body = try await request.decodeStrictJSON(InstallBody.self, limits: limits)
            guard body.path.hasPrefix("/"), !body.path.contains("\u{0}"), body.path.utf8.count <= 4096 else {
                throw Problem.badRequest(
                    "invalid-path",
                    "'path' must be an absolute path on the server, inside the staging folder (plugins.staging_directory), e.g. /srv/campuscal/data/plugins-incoming/my-plugin."
                )
            }
            let info = try await administration.install(from: body.path)
            return try JSONResponse.make(representation(info, forAdministrator: true), status: .created)
        }

        routes.authenticated(.post, "/api/v1/admin/plugins/{id}/enable") { _, context in
            try requireAdmin(context)
            let info = try await administration.enable(try context.parameters.require("id"))
            return try JSONResponse.make(representation(info, forAdministrator: true))
        }

        routes.authenticated(.post, "/api/v1/admin/plugins/{id}/disable") { _, context in
            try requireAdmin(context)
            let info = try await administration.disable(try context.parameters.require("id"))
            return try JSONResponse.make(representation(info, forAdministrator: true))
        }

        routes.authenticated(.delete, "/api/v1/admin/plugins/{id}") { _, context in
            try requireAdmin(context)
            try await administration.remove(try context.parameters.require("id"))
            return JSONResponse.noContent()
        }
    }

    static func requireAdmin(_ context: APIRequestContext) throws {
        if case .forbid(let reason) = AccessPolicy.decideAdministration(try context.requireCaller().user, doing: "Managing plugins") {
            throw AccountError.forbidden(reason)
        }
    }

    /// A required `YYYY-MM-DD` query parameter.
    static func date(_ request: Request, _ name: String) throws -> LocalDate {
        guard let raw = request.uri.queryParameters[Substring(name)].map(String.init) else {
            throw Problem.badRequest("missing-parameter", "Query parameter '\(name)' is required (a date like 2026-11-26).")
        }
        guard let date = RFC3339.parseDate(raw), date.isValid else {
            throw Problem.badRequest("invalid-parameter", "Query parameter '\(name)' must be a date like 2026-11-26.")
        }
        return date
    }
}
