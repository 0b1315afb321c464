/// What FuzzEntry.swift runs for each input of fuzz-icalendar.
typealias FuzzTarget = ICalendarFuzzInput
