import CampusCalCore
import CampusCalPrivacy

/// What the privacy endpoints need: consents, the disclosure log, the person's own data, and the gate
/// every release to a third party goes through.
public struct PrivacyDependencies: Sendable {
    public var consents: ConsentService
    public var disclosures: DisclosureLog
    public var personalData: PersonalDataService
    public var gate: PrivacyGate

    public init(consents: ConsentService, disclosures: DisclosureLog, personalData: PersonalDataService, gate: PrivacyGate) {
        self.consents = consents
        self.disclosures = disclosures
        self.personalData = personalData
        self.gate = gate
    }
}
