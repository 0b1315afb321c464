import CampusCalICalendar
import Foundation

/// Self-service password reset for accounts with a local password (SRS 4.2.36.1).
extension AccountRecovery {
    /// Sends a reset link to the confirmed addresses of the local account `typed` names — when
    /// there is one, it has a confirmed address, and it was not sent three in the last hour. The
    /// caller learns none of this: the same answer, at once, whatever happened. Each request uses
    /// one of the source's failed-login allowance (`auth.source_failure_allowance`), so one address
    /// cannot spray reset mail across the campus.
    public func requestPasswordReset(typed: String, from source: LoginSource = .unknown) async throws {
        guard policy.selfServiceReset else {
            throw AccountError.forbidden(
                "Password reset is turned off on this server (auth.password_reset): ask your IT help desk to reset your password.")
        }
        let throttle = accounts.throttle
        let now = clock.now()
        if let until = try await throttle.blocks(account: "", source: source.key, at: now).sourceBlockedUntil {
            throw AccountError.sourceThrottled(retryAfterSeconds: AccountService.seconds(from: now, to: until))
        }
        let sourcePolicy = accounts.sourcePolicy
        let counts = try await throttle.recordFailure(
            account: Self.resetRequestsKey, source: source.key, at: now, accountWindowStart: now,
            sourceWindowStart: sourcePolicy.windowStart(endingAt: now))
        if let delay = sourcePolicy.delay(afterFailures: counts.fromSource) {
            try await throttle.block(source: source.key, until: now.addingTimeInterval(delay))
        }
        guard !CredentialCharacters.nameHasForbidden(typed), typed.utf8.count <= 320 else { return }
        let recovery = self
        Task.detached {
            // Nothing to tell anyone if this fails: the person may ask again.
            try? await recovery.sendResetLink(toAccount: typed)
        }
    }

    /// Failed-login rows of reset requests are kept under this pseudo-account (no username is empty).
    static let resetRequestsKey = ""

    func sendResetLink(toAccount typed: String) async throws {
        guard let credentials = try await accounts.users.credentials(username: Username.normalize(typed)),
            !DirectoryAccount.isDirectoryManaged(credentials.passwordHash), accounts.localLoginEnabled
        else { return }
        let user = credentials.user.id
        let targets = try await addresses(of: user).filter(\.confirmed).compactMap { status in status.address.map { (status.channel, $0) } }
        guard let first = targets.first, messenger.canSend else { return }
        let now = clock.now()
        do { try await checkAllowance(.passwordReset, user: user, at: now) } catch { return }
        let issued = accounts.tokens.issue()
        try await store.insert(
            OneTimeCode(
                hash: issued.hash, purpose: .passwordReset, userID: user, channel: first.0, address: first.1, createdAt: now,
                expiresAt: now.addingTimeInterval(policy.resetLifetime)))
        let minutes = Int(policy.resetLifetime / 60)
        for (channel, address) in targets {
            let body =
                channel == .text
                ? "CampusCal password reset code (\(minutes) min): \(issued.token) Not you? Ignore this."
                : """
                Someone — we hope you — asked to reset the password of your CampusCal account \(credentials.user.username).

                To choose a new password, enter this reset code where you asked for it:

                    \(issued.token)

                It works once, within \(minutes) minutes. From a script: POST {"token": "…", "newPassword": "…"} to /api/v1/auth/password-reset/complete.

                If you did not ask for this, ignore this message: your password stays as it is.

                """
            sendLater(to: address, channel: channel, subject: "Reset your CampusCal password", body: body)
        }
    }

    /// Sets a new password with a reset code: the code works once; the account's sessions end and
    /// its login locks lift, as after an administrator's reset; its owner gets a notice.
    public func completePasswordReset(token: String, newPassword: String) async throws {
        // The new password first, so that a refused one leaves the code usable.
        try PasswordPolicy.validate(newPassword, field: "newPassword")
        guard token.utf8.count <= 128, !token.isEmpty,
            let code = try await store.consume(hash: accounts.tokens.hash(token), purpose: .passwordReset, at: clock.now()),
            let credentials = try await accounts.users.credentials(id: code.userID),
            !DirectoryAccount.isDirectoryManaged(credentials.passwordHash)
        else { throw RecoveryError.invalidResetToken }
        try await accounts.resetPassword(of: code.userID, to: newPassword)
        _ = try? await notifications?.notify(
            code.userID, kind: .announcement, title: "Your password was reset",
            body: """
                The password of your CampusCal account \(credentials.user.username) was changed with a reset code sent to \(code.address), \
                and every device was signed out. If this was not you, contact your IT help desk at once.
                """)
    }
}
