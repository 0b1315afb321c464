import CampusCalICalendar
import Foundation

/// Which of a student's tasks a view needs, so that the store can leave the others undecoded.
///
/// Why it exists: a student has about eighty tasks and assignments, most of them past and
/// completed; the task list, the day's tasks and the to-do list each need a few. Decoding every row
/// of every student for each of them was the largest single cost of the server at the campus peak
/// (issue #11). The store applies the selection; the services still filter and rank exactly, so a
/// store may return more than selected, never less.
public enum TaskSelection: Sendable {
    /// Tasks still listed (not removed by their LMS); only those with this status when given.
    case listed(status: TaskStatus?)
    /// These tasks (those that exist).
    case ids([TaskID])
    /// The task whose VTODO UID (`TaskItem.resourceUID`) is this, removed or not: a CalDAV resource.
    case uid(String)
    /// Listed tasks with a due time for which `isWanted(due, recurrence)` holds: the store decodes
    /// only the due time and rule of the others.
    case listedDue(where: @Sendable (EventTime, RecurrenceRule?) -> Bool)
}
