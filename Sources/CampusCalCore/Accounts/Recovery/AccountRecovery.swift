import CampusCalICalendar
import Foundation

/// Proving addresses and recovering forgotten passwords (SRS 4.2.36.1, review L2).
///
/// **Addresses.** Notices go by email or text only to an address its owner confirmed by typing
/// back a code sent there, so a student cannot point the campus relay at someone else's inbox
/// (review L2). A directory's address needs no code: the directory vouches for it at each login.
///
/// **Password reset**, for accounts with a local password: a single-use link, stored hashed and
/// good for `RecoveryPolicy.resetLifetime`, sent to the confirmed addresses of the account. The
/// answer to "send me a link" is the same whether or not the account exists, has an address or
/// was sent one, and the work happens after the answer, so neither its words nor its timing tell.
public struct AccountRecovery: Sendable {
    public let store: any AccountRecoveryStore
    public let accounts: AccountService
    /// Where the text channel's address lives (notification settings).
    public let notices: any NoticeStore
    public let messenger: any AccountMessenger
    public let policy: RecoveryPolicy
    /// Tells the owner when their password was reset; nil in tests of the core.
    public let notifications: NotificationService?

    public init(
        store: any AccountRecoveryStore, accounts: AccountService, notices: any NoticeStore, messenger: any AccountMessenger,
        policy: RecoveryPolicy = RecoveryPolicy(), notifications: NotificationService? = nil
    ) {
        self.store = store
        self.accounts = accounts
        self.notices = notices
        self.messenger = messenger
        self.policy = policy
        self.notifications = notifications
    }

    var clock: any TimeSource { accounts.clock }

    // MARK: Addresses

    /// The person's email and text addresses and whether each is confirmed.
    public func addresses(of user: UserID) async throws -> [AddressStatus] {
        let current = try await currentAddresses(of: user)
        let confirmed = try await store.confirmedAddresses(of: user)
        return DeliveryChannel.allCases.map { channel in
            let address = current[channel]
            return AddressStatus(channel: channel, address: address, confirmed: address != nil && confirmed[channel] == address)
        }
    }

    /// Sends a confirmation code to the person's current address for `channel`; nothing when it
    /// is confirmed already.
    public func requestConfirmation(of channel: DeliveryChannel, for user: UserID) async throws -> ConfirmationRequest {
        guard let status = try await addresses(of: user).first(where: { $0.channel == channel }), let address = status.address else {
            throw RecoveryError.noAddress(channel)
        }
        if status.confirmed { return ConfirmationRequest(status: status, expiresAt: nil) }
        guard messenger.canSend else { throw RecoveryError.mailNotConfigured }
        let now = clock.now()
        try await checkAllowance(.confirmAddress, user: user, at: now)
        if try await store.codeCount(purpose: .confirmAddress, address: address, since: now.addingTimeInterval(-86_400))
            >= policy.codesPerAddressPerDay
        {
            throw RecoveryError.tooManyCodes(retryAfterSeconds: 86_400)
        }
        let code = ConfirmationCode.make()
        let expiresAt = now.addingTimeInterval(policy.confirmationLifetime)
        try await store.insert(
            OneTimeCode(
                hash: accounts.tokens.hash(code), purpose: .confirmAddress, userID: user, channel: channel, address: address, createdAt: now,
                expiresAt: expiresAt))
        let shown = ConfirmationCode.display(code)
        let hours = Int(policy.confirmationLifetime / 3600)
        let body =
            channel == .text
            ? "CampusCal code: \(shown). Enter it in your notification settings to get texts here. Not you? Ignore this."
            : """
            Your CampusCal confirmation code is

                \(shown)

            Enter it in your CampusCal settings within \(hours) hours, and notices will be sent to this address.

            If you did not ask for this, ignore this message: nothing else will be sent here unless the code is entered.

            """
        sendLater(to: address, channel: channel, subject: "Your CampusCal confirmation code", body: body)
        return ConfirmationRequest(status: status, expiresAt: expiresAt)
    }

    /// Confirms the address a code was sent to, when the code is the caller's and the address is
    /// still the current one.
    public func confirm(code typed: String, for user: UserID) async throws -> [AddressStatus] {
        guard let normalized = ConfirmationCode.normalize(typed),
            let code = try await store.consume(hash: accounts.tokens.hash(normalized), purpose: .confirmAddress, at: clock.now()),
            code.userID == user, try await currentAddresses(of: user)[code.channel] == code.address
        else { throw RecoveryError.invalidCode }
        try await store.confirm(code.address, channel: code.channel, of: user, at: clock.now())
        return try await addresses(of: user)
    }

    /// Records that a directory vouched for `email` (at a login): it needs no code.
    public func trust(email: String?, of user: UserID) async throws {
        guard let email, !email.isEmpty else { return }
        if try await store.confirmedAddresses(of: user)[.email] == email { return }
        try await store.confirm(email, channel: .email, of: user, at: clock.now())
    }

    /// Deletes codes that expired more than a day ago (the per-address count looks back a day).
    public func purgeStale() async throws -> Int {
        try await store.deleteExpiredCodes(before: clock.now().addingTimeInterval(-86_400))
    }

    func currentAddresses(of user: UserID) async throws -> [DeliveryChannel: String] {
        var found: [DeliveryChannel: String] = [:]
        if let email = try await accounts.users.credentials(id: user)?.user.email, !email.isEmpty { found[.email] = email }
        if let text = try await notices.preferences(for: user).textAddress, !text.isEmpty { found[.text] = text }
        return found
    }

    func checkAllowance(_ purpose: OneTimeCodePurpose, user: UserID, at now: Date) async throws {
        if try await store.codeCount(purpose: purpose, user: user, since: now.addingTimeInterval(-3600)) >= policy.codesPerPersonPerHour {
            throw RecoveryError.tooManyCodes(retryAfterSeconds: 3600)
        }
    }

    /// Sends after the answer: the person waits for the message anyway, and a slow relay must not
    /// hold the request (nor, for resets, time it).
    func sendLater(to address: String, channel: DeliveryChannel, subject: String, body: String) {
        let messenger = self.messenger
        Task.detached {
            // Best effort, as the type says: the person asks again if nothing arrives.
            try? await messenger.send(to: address, channel: channel, subject: subject, body: body)
        }
    }
}
