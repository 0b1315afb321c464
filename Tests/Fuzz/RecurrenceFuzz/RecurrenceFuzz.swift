/// What FuzzEntry.swift runs for each input of fuzz-rrule.
typealias FuzzTarget = RecurrenceFuzzInput
