/// ServiceLifecycle logs each service it starts and stops by its description, at debug level. A
/// struct's default description spells out every stored property — the LMS service's OAuth client
/// secrets among them — so each background service says its name and nothing else.
extension LMSSyncSchedulerService: CustomStringConvertible { var description: String { "LMSSyncSchedulerService" } }
extension MaintenanceService: CustomStringConvertible { var description: String { "MaintenanceService" } }
extension NotificationSchedulerService: CustomStringConvertible { var description: String { "NotificationSchedulerService" } }
extension SharedCalendarNoticeService: CustomStringConvertible { var description: String { "SharedCalendarNoticeService" } }
extension PluginService: CustomStringConvertible { var description: String { "PluginService" } }
extension MailDeliveryService: CustomStringConvertible { var description: String { "MailDeliveryService" } }
