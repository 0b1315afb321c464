import CampusCalICalendar
import Foundation

/// Announcements, chat messages and links.
extension GroupService {
    /// Posts an announcement (`postAnnouncements`; tells every other member), a chat message
    /// (`chat`) or a link (`manageLinks`).
    public func post(_ kind: GroupPostKind, in id: GroupID, for caller: User, title: String?, body: String?, url: String?) async throws
        -> GroupPost
    {
        let access = try await access(id, caller)
        try AccessPolicy.authorize(Self.action(posting: kind), access)
        var issues: [ValidationIssue] = []
        func text(_ field: String, _ value: String?, limit: Int, what: String) -> String? {
            let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if trimmed.isEmpty {
                issues.append(ValidationIssue(field: field, code: "\(field).required", message: what))
            } else if value!.unicodeScalars.count > limit {
                issues.append(ValidationIssue(field: field, code: "\(field).length", message: "\(field) must be at most \(limit) characters long."))
            }
            return trimmed
        }
        var post = GroupPost(id: .generate(), groupID: id, kind: kind, authorID: caller.id, createdAt: clock.now(), authorUsername: caller.username)
        switch kind {
        case .announcement:
            post.title = text("title", title, limit: Self.maximumTitleLength, what: "An announcement needs a title.")
            post.body = text("body", body, limit: Self.maximumAnnouncementLength, what: "An announcement needs a text.")
        case .message:
            post.body = text("body", body, limit: Self.maximumMessageLength, what: "A message needs a text.")
        case .link:
            post.title = text("title", title, limit: Self.maximumTitleLength, what: "A link needs a title.")
            let address = text("url", url, limit: Self.maximumURLLength, what: "A link needs a URL.")
            if let address, !address.isEmpty, !Self.isWebAddress(address) {
                issues.append(
                    ValidationIssue(
                        field: "url", code: "url.invalid", message: "'\(address.prefix(80))' is not a web address; give an http:// or https:// URL."))
            }
            post.url = address
        }
        try ValidationError.check(issues)
        let stored = try await groups.insert(post)
        if kind == .announcement {
            for member in try await groups.members(of: id) where member.userID != caller.id {
                try await notifications?.notify(
                    member.userID, kind: .announcement, title: "\(access.group.name): \(stored.title ?? "")",
                    body: String((stored.body ?? "").prefix(1000)), link: "/api/v1/groups/\(id)/announcements")
            }
        }
        return stored
    }

    /// One kind of the group's posts, newest first, a page at a time (the cursor is the last post's sequence).
    public func posts(_ kind: GroupPostKind, in id: GroupID, for caller: User, before: Int64?, limit: Int) async throws -> Page<GroupPost> {
        let access = try await access(id, caller)
        try AccessPolicy.authorize(.readContent, access)
        let limit = max(1, min(limit, PageSize.maximum))
        let fetched = try await groups.posts(in: id, kind: kind, before: before, limit: limit + 1)
        let items = Array(fetched.prefix(limit))
        return Page(items: items, nextCursor: fetched.count > limit ? items.last.map { String($0.sequence) } : nil)
    }

    /// Deletes an announcement or a link: its author, or a member holding the matching permission.
    public func deletePost(_ kind: GroupPostKind, _ postID: GroupItemID, in id: GroupID, for caller: User) async throws {
        let access = try await access(id, caller)
        try AccessPolicy.authorize(.readContent, access)
        guard let post = try await groups.post(id: postID), post.groupID == id, post.kind == kind else {
            throw GroupError.itemNotFound("No \(kind.rawValue) with this id is in this group.")
        }
        try AccessPolicy.authorize(kind == .link ? .deleteLink(author: post.authorID) : .deleteAnnouncement(author: post.authorID), access)
        try await groups.deletePost(id: postID)
    }

    private static func action(posting kind: GroupPostKind) -> GroupAction {
        switch kind {
        case .announcement: .postAnnouncement
        case .message: .chat
        case .link: .addLink
        }
    }
}
