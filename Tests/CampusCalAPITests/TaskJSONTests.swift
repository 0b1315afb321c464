import CampusCalICalendar
import Foundation
import Testing

@testable import CampusCalAPI
@testable import CampusCalCore

@Suite("Tasks written by hand match JSONEncoder byte for byte")
struct TaskJSONTests {
    static let texts = ["Essay 2", "Quote \" and backslash \\ and slash /", "Tab\tnew\nline\r\u{8}\u{C}\u{1}\u{1F}", "Zoë – 東京 🎓", "", "a&b=c?d#e"]
    static let numbers: [Double] = [0, 10, 7.5, 100, 0.1, 1e-5, 123_456_789.25, 1e21, -3, 99.99, 1.0 / 3.0]

    static func randomTasks(_ count: Int) throws -> [TaskItem] {
        var generator = SystemRandomNumberGenerator()
        func some<T>(_ value: @autoclosure () -> T) -> T? { Bool.random(using: &generator) ? value() : nil }
        func text() -> String { texts.randomElement(using: &generator)! }
        func number() -> Double { numbers.randomElement(using: &generator)! }
        func date() -> Date { Date(timeIntervalSince1970: Double(Int64.random(in: -1_000_000_000...5_000_000_000, using: &generator))) }
        let rules = [try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO,WE"), try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3")]
        return (0..<count).map { index in
            let local = LocalDateTime(
                year: Int.random(in: 1...9999, using: &generator), month: Int.random(in: 1...12, using: &generator),
                day: Int.random(in: 1...28, using: &generator), hour: Int.random(in: 0...23, using: &generator),
                minute: Int.random(in: 0...59, using: &generator), second: Int.random(in: 0...59, using: &generator))
            let due: EventTime? =
                switch index % 5 {
                case 0: .date(local.date)
                case 1: .floating(local)
                case 2: .utc(local)
                case 3: .zoned(local, timeZone: "America/Denver")
                default: nil
                }
            let source: TaskSource = index % 3 == 0 ? .manual : .lms(system: "brightspace", nativeID: text() + "|\(index)")
            let reminders: [Reminder] = [[], [.before(minutes: 1440)], [.at(date()), .before(minutes: 5)]][index % 3]
            return TaskItem(
                id: .generate(), ownerID: UserID(rawValue: "u"), title: text() + "\(index)", course: some(text()), description: some(text()),
                due: due, estimatedMinutes: some(Int.random(in: 0...600, using: &generator)), priority: some(TaskPriority.allCases.randomElement()!),
                status: index % 2 == 0 ? .open : .completed, completedAt: some(date()), source: source, pointsPossible: some(number()),
                grade: some(TaskGrade(score: some(number()), percentage: some(number()), letter: some(text()))), feedback: some(text()),
                displayText: some(text()), recurrence: some(rules[index % 2]), reminders: reminders, removedAt: some(date()), createdAt: date(),
                updatedAt: date(), version: index + 1)
        }
    }

    func same(_ written: [UInt8], _ expected: some Encodable) throws {
        let encoded = try APIJSON.encoder.encode(expected)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
    }

    @Test(arguments: ["UTC", "America/Denver", "Asia/Tokyo"])
    func listsAndSingleTasks(zoneName: String) throws {
        let zone = TimeZone(identifier: zoneName)!
        let tasks = try Self.randomTasks(300)
        try same(
            TaskJSON.list(tasks, timeZone: zone),
            TaskRoutes.TaskList(items: tasks.map { TaskRepresentation(task: $0, timeZone: zone) }, count: tasks.count))
        try same(TaskJSON.list([], timeZone: zone), TaskRoutes.TaskList(items: [], count: 0))
        for task in tasks.prefix(20) { try same(TaskJSON.task(task, timeZone: zone), TaskRepresentation(task: task, timeZone: zone)) }
    }

    @Test func theDayView() throws {
        let zone = TimeZone(identifier: "Europe/London")!
        let date = LocalDate(year: 2026, month: 11, day: 23)
        let due = try Self.randomTasks(40).map { task in
            TaskService.Due(task: task, due: task.due ?? .date(date), dueAt: task.updatedAt)
        }
        for items in [due, [], Array(due.prefix(1))] {
            let message = TaskRoutes.DayView.message(count: items.count, on: date)
            try same(
                TaskJSON.day(date, items, message: message, timeZone: zone),
                TaskRoutes.DayView(
                    date: date.description,
                    items: items.map { .init(task: TaskRepresentation(task: $0.task, timeZone: zone), due: EventTimeJSON($0.due), dueAt: $0.dueAt) },
                    nothingDue: items.isEmpty, message: message))
        }
    }

    @Test func theToDoList() throws {
        let zone = TimeZone(identifier: "Asia/Tokyo")!
        let tasks = try Self.randomTasks(30)
        let lines = tasks.enumerated().map { index, task in
            TodoListService.Line(
                entry: TodoEntry(
                    id: TodoEntryID(rawValue: "line-\(index)"), ownerID: task.ownerID, position: index * 7 - 3,
                    taskID: index % 3 == 0 ? nil : task.id, text: index % 2 == 0 ? Self.texts[index % Self.texts.count] : nil,
                    completedAt: index % 4 == 0 ? task.createdAt : nil, createdAt: task.updatedAt),
                task: index % 3 == 0 ? nil : task)
        }
        try same(
            TaskJSON.todo(lines, timeZone: zone),
            TodoRoutes.ListRepresentation(items: lines.map { TodoRoutes.LineRepresentation(line: $0, timeZone: zone) }, count: lines.count))
    }
}
