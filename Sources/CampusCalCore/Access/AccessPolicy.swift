/// The one component that decides who may do what — with calendars and their events, groups,
/// invitations, tasks and administration. Pure: it looks only at what it is handed (the caller, the
/// object, how the caller stands with it), never at storage, so every rule can be tested alone.
///
/// Every service asks it before it reads or changes anything for a caller, and throws what it
/// answers. One table of rules per kind of object lives in its own file (`AccessPolicy+Calendars`,
/// `AccessPolicy+Events`, `AccessPolicy+Groups`, `AccessPolicy+Invitations`, `AccessPolicy+Accounts`).
///
/// It decides what a caller may SEE as well as what they may do: `view(of:at:)` turns an event into
/// what someone at a given standing sees of it, and every path of the core that hands out event
/// data goes through it, so no route or helper has to remember the private-event rule.
///
/// The rule every file keeps: someone who may not know an object exists is told it does not (404,
/// `AccessDecision.hide`), so ids cannot be probed; someone who may know it but not do this is told
/// why (403, `.forbid`).
public enum AccessPolicy {}

/// What `AccessPolicy` answers.
public enum AccessDecision: Sendable, Equatable {
    case allow
    /// The caller knows the object exists but may not do this (403), with the reason in a sentence.
    case forbid(String)
    /// The caller may not know the object exists (404).
    case hide
}
