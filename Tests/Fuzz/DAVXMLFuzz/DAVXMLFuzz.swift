/// What FuzzEntry.swift runs for each input of fuzz-davxml.
typealias FuzzTarget = DAVXMLFuzzInput
