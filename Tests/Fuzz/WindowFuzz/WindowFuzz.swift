/// What FuzzEntry.swift runs for each input of fuzz-window.
typealias FuzzTarget = WindowFuzzInput
