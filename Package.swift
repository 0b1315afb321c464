// swift-tools-version: 6.1
// CampusCal — a plugin-extensible calendar server for university students.
//
// Module graph (dependencies point inward, towards the domain core):
//
//   campuscal (executable, CLI)
//     └─ CampusCalApp (configuration, composition root, services)
//          ├─ CampusCalAPI (HTTP: Hummingbird; uses CampusCalPrivacy for releases and the data export, CampusCalDAV for CalDAV bodies, read with libxml2)
//          ├─ CampusCalStorage (SQLite: GRDB)
//          ├─ CampusCalSecurity (bcrypt, tokens)
//          ├─ CampusCalMail (email over SMTP with libcurl; implements the core's MailTransport)
//          ├─ CampusCalPrivacy (the FERPA gate: de-identification, releases, the data-export archive)
//          ├─ CampusCalImporters (LMS import over HTTPS: AsyncHTTPClient; implements the core's LMSImporter)
//          ├─ CampusCalPlugins (the plugin host: manifests, dlopen loader, calls with deadlines; speaks CCampusCalPluginABI)
//          ├─ CampusCalDirectory (campus directories over LDAP with libldap; implements the core's DirectoryAuthenticator)
//          └─ CampusCalCore (domain types and rules; Foundation only, no I/O)
//               └─ CampusCalICalendar (the calendar engine: iCalendar, RRULE, dates and zones; depends on nothing of ours)

import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// Tests read better without an import line per HTTP status name.
let testSettings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "campuscal",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "campuscal", targets: ["campuscal"]),
        // The Swift halves of the oracle tests (Tests/Oracles/*.py); each builds only CampusCalCore.
        .executable(name: "icalendar-oracle", targets: ["icalendar-oracle"]),
        .executable(name: "recurrence-oracle", targets: ["recurrence-oracle"]),
        // libFuzzer targets for the iCalendar and RRULE parsers (Tests/Fuzz/run_fuzzers.sh builds them with
        // -sanitize=fuzzer in .build-fuzz); an ordinary build makes corpus replayers of them. Core only.
        .executable(name: "fuzz-icalendar", targets: ["fuzz-icalendar"]),
        .executable(name: "fuzz-rrule", targets: ["fuzz-rrule"]),
        .executable(name: "fuzz-window", targets: ["fuzz-window"]),
        .executable(name: "fuzz-davxml", targets: ["fuzz-davxml"]),
        // Benchmarks/NoticeThroughput: due reminders fired into inboxes per second.
        .executable(name: "notice-throughput", targets: ["notice-throughput"]),
        // Benchmarks/LMSImport: LMS items imported per second, and unchanged re-syncs.
        .executable(name: "lms-import", targets: ["lms-import"]),
        // Benchmarks/CampusSimulator: seeds a 45,000-student campus and drives an open-loop request mix at it (issue #11).
        .executable(name: "campus-simulator", targets: ["campus-simulator"]),
        // Plugins shipped with the server (Plugins/), built by `swift build` as shared libraries.
        .library(name: "us-holidays", type: .dynamic, targets: ["USHolidaysPlugin"]),
        .library(name: "task-rewards", type: .dynamic, targets: ["TaskRewardsPlugin"]),
        .library(name: "campus-webhook", type: .dynamic, targets: ["CampusWebhookPlugin"]),
        .library(name: "csv-files", type: .dynamic, targets: ["CSVFilesPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // NIOHTTPTypes: the HTTP parts Hummingbird's channel carries (ExpectContinueHandler). Already in the graph (Hummingbird).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // LMS import over HTTPS. Already in the graph (Hummingbird's test client), so it costs no extra build.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // /metrics in Prometheus's text format (small: swift-metrics' own Prometheus backend).
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // The calendar engine: iCalendar (RFC 5545) parsing and writing, RRULE expansion, dates and
        // zones. Depends on nothing of ours (issue #29): the core, CalDAV, the oracles and the fuzzers use it.
        .target(name: "CampusCalICalendar", swiftSettings: strictSettings),
        // The domain: users, sessions, rules and the ports (protocols) storage implements. No I/O, no frameworks.
        .target(name: "CampusCalCore", dependencies: ["CampusCalICalendar"], swiftSettings: strictSettings),
        // Password hashing and session tokens: the only place that touches bcrypt and SHA-256.
        .target(
            name: "CampusCalSecurity",
            dependencies: [
                "CampusCalCore",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The SQLite store: migrations and the implementations of the core's store protocols.
        .target(
            name: "CampusCalStorage",
            dependencies: ["CampusCalCore", "CampusCalICalendar", "CSQLiteShim", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        // Typed wrappers for sqlite3_config (variadic, so not callable from Swift); the system SQLite GRDB uses (libsqlite3-dev).
        .target(name: "CSQLiteShim", linkerSettings: [.linkedLibrary("sqlite3")]),
        // WebDAV/CalDAV bodies (issue #29): XML read with libxml2 held to DAV's needs (no DTDs, bounded size,
        // depth and element count) and multistatus/error bodies written; calendar-query filters applied to
        // iCalendar components. Pure; the API's DAV routes use it.
        .target(name: "CampusCalDAV", dependencies: ["CampusCalICalendar", "CLibXML2"], swiftSettings: strictSettings),
        // libxml2 from the system (libxml2-dev; its headers found through pkg-config): the SAX2 parser
        // CampusCalDAV reads request bodies with, called directly (Foundation's XMLParser over it was slow,
        // trapped and leaked: DAVXMLReader.swift says how much).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // The HTTP API under /api/v1: routes, problem+json errors, authentication, OpenAPI document.
        // zlib from the system (zlib1g-dev): gzip for large, cached responses.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "CampusCalAPI",
            dependencies: [
                "CampusCalCore", "CampusCalICalendar", "CampusCalPrivacy", "CampusCalDAV", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // SHA-256 for the web app's build id (WebAppBundle); already built for the storage layer.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The OpenAPI document is compiled into the binary, so a deployment is one file.
            resources: [.embedInCode("OpenAPI/openapi.json")],
            swiftSettings: strictSettings
        ),
        // libcurl from the system (libcurl4-openssl-dev): SMTP with STARTTLS, implicit TLS and AUTH.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // Typed C wrappers for curl_easy_setopt/curl_easy_getinfo, which are variadic and so not callable from Swift.
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        // Email: SMTPMailer sends the core's MailMessage through a relay (libcurl, off the cooperative pool).
        .target(
            name: "CampusCalMail",
            dependencies: ["CampusCalCore", "CCurl", "CCurlShim", .product(name: "NIOPosix", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        // Campus directories (OpenLDAP, Active Directory) through the OpenLDAP client library (libldap2-dev).
        .systemLibrary(name: "COpenLDAP", providers: [.apt(["libldap2-dev"])]),
        // Directory logins: LDAPDirectory implements the core's DirectoryAuthenticator (blocking libldap calls on a thread pool).
        .target(
            name: "CampusCalDirectory",
            dependencies: ["CampusCalCore", "COpenLDAP", .product(name: "NIOPosix", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        // LMS importers: Brightspace, Canvas, Moodle and iCalendar feeds over HTTPS, behind the core's LMSImporter.
        .target(
            name: "CampusCalImporters",
            dependencies: ["CampusCalCore", "CampusCalICalendar", .product(name: "AsyncHTTPClient", package: "async-http-client")],
            swiftSettings: strictSettings
        ),
        // Web Push (issue #30): RFC 8291 message encryption, RFC 8292 VAPID, the core's NoticeChannel to
        // browsers; sends through the importers' guarded outbound HTTP client (one place checks every
        // URL a user can aim the server at).
        .target(
            name: "CampusCalPush",
            dependencies: [
                "CampusCalCore", "CampusCalImporters", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The privacy gate (FERPA): de-identification for third parties — record codes, free-text scrubbing, small cells.
        .target(
            name: "CampusCalPrivacy",
            dependencies: ["CampusCalCore", "CampusCalICalendar", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        // Configuration and the composition root that wires storage, security and the API together.
        // The plugin ABI: one C header (include/campuscal_plugin.h), the contract with every plugin.
        .target(name: "CCampusCalPluginABI"),
        // The plugin host: reads manifests, loads libraries through the ABI, calls them off the event loop.
        .target(
            name: "CampusCalPlugins",
            dependencies: [
                "CampusCalCore", "CampusCalICalendar", "CCampusCalPluginABI",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                // cc_host_api.http_request: the host makes plugins' HTTP requests (to allowed hosts only).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strictSettings
        ),
        // Plugins/us-holidays: US federal holidays with observed days, as day labels (a plugin in C).
        .target(
            name: "USHolidaysPlugin", dependencies: ["CCampusCalPluginABI"], path: "Plugins/us-holidays", exclude: ["plugin.toml"],
            publicHeadersPath: "."),
        // Plugins/campus-webhook: notifications of people who opted in, posted to a campus webhook (C;
        // the host makes the request, to the hosts its manifest names).
        .target(
            name: "CampusWebhookPlugin", dependencies: ["CCampusCalPluginABI"], path: "Plugins/campus-webhook",
            exclude: ["plugin.toml", "agreement.toml"], publicHeadersPath: "."),
        // Plugins/csv-files: calendars to and from CSV for spreadsheets, Google Calendar and Outlook
        // (an exporter and an importer in C, run isolated: it parses files people upload).
        .target(
            name: "CSVFilesPlugin", dependencies: ["CCampusCalPluginABI"], path: "Plugins/csv-files", exclude: ["plugin.toml"],
            publicHeadersPath: "."),
        // Plugins/task-rewards: experience points for completed tasks and assignments (a plugin in Swift, run isolated).
        .target(
            name: "TaskRewardsPlugin", dependencies: ["CCampusCalPluginABI"], path: "Plugins/task-rewards", exclude: ["plugin.toml"],
            swiftSettings: strictSettings),
        .target(
            name: "CampusCalApp",
            dependencies: [
                "CampusCalCore", "CampusCalICalendar", "CampusCalSecurity", "CampusCalStorage", "CampusCalAPI", "CampusCalMail", "CampusCalDirectory",
                "CampusCalPrivacy", "CampusCalImporters", "CampusCalPlugins", "CampusCalPush",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "campuscal",
            dependencies: [
                "CampusCalApp", "CampusCalCore", "CampusCalICalendar", "CampusCalStorage", "CampusCalPlugins",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Expands RRULEs from JSON lines so python-dateutil can check them (Tests/Oracles/rrule_oracle.py).
        .executableTarget(
            name: "recurrence-oracle",
            dependencies: ["CampusCalCore", "CampusCalICalendar"],
            path: "Tests/Oracles/RecurrenceOracle",
            swiftSettings: strictSettings
        ),

        // The iCalendar layer as a stdin/stdout filter, checked against Python `icalendar` by
        // Tests/Oracles/icalendar_oracle.py. Depends on the core only, so it builds in seconds.
        .executableTarget(
            name: "icalendar-oracle",
            dependencies: ["CampusCalCore", "CampusCalICalendar"],
            path: "Tests/Oracles/ICalendarOracle",
            swiftSettings: strictSettings
        ),

        // Fuzz targets (issue #11): each feeds one input through the path the server takes with an uploaded
        // .ics file or an RRULE. Built with -sanitize=fuzzer and -DCAMPUSCAL_LIBFUZZER by Tests/Fuzz/run_fuzzers.sh;
        // without that flag each is a plain executable that replays corpus files. Depend on the core only.
        .executableTarget(
            name: "fuzz-icalendar",
            dependencies: ["CampusCalCore", "CampusCalICalendar"],
            path: "Tests/Fuzz/ICalendarFuzz",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "fuzz-rrule",
            dependencies: ["CampusCalCore", "CampusCalICalendar"],
            path: "Tests/Fuzz/RecurrenceFuzz",
            swiftSettings: strictSettings
        ),
        // The window query over a fuzzed calendar (issue #24): every event of the file expanded in one
        // request's budget, as a calendar view over an imported calendar does.
        .executableTarget(
            name: "fuzz-window",
            dependencies: ["CampusCalCore", "CampusCalICalendar"],
            path: "Tests/Fuzz/WindowFuzz",
            swiftSettings: strictSettings
        ),
        // CalDAV request bodies (issue #29): the bounded XML reader, each request's reader and the
        // calendar-query filters, as a client's PROPFIND, REPORT, PROPPATCH or MKCALENDAR reaches them.
        .executableTarget(
            name: "fuzz-davxml",
            dependencies: ["CampusCalDAV", "CampusCalICalendar"],
            path: "Tests/Fuzz/DAVXMLFuzz",
            swiftSettings: strictSettings
        ),

        // Benchmarks/LMSImport: LMS items imported per second and unchanged re-syncs (issue #8).
        .executableTarget(
            name: "lms-import",
            dependencies: ["CampusCalApp", "CampusCalCore", "CampusCalICalendar", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Benchmarks/LMSImport",
            swiftSettings: strictSettings
        ),
        // Benchmarks/PluginHooks: an event hook's cost, in-process and through a plugin runner (issue #9).
        .executableTarget(
            name: "plugin-hooks",
            dependencies: [
                "CampusCalCore", "CampusCalICalendar", "CampusCalPlugins", "CampusCalStorage", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/PluginHooks",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "notice-throughput",
            dependencies: ["CampusCalCore", "CampusCalICalendar", "CampusCalStorage", "CampusCalAPI"],
            path: "Benchmarks/NoticeThroughput",
            swiftSettings: strictSettings
        ),

        // Benchmarks/CampusSimulator (issue #11): `seed` writes a campus through the storage layer, `run` drives
        // the peak-hour mix over HTTP open-loop (KeepAliveClient on NIO's HTTP/1.1 codec; AsyncHTTPClient for the
        // notification streams) and reports latency per request type.
        .executableTarget(
            name: "campus-simulator",
            dependencies: [
                "CampusCalCore", "CampusCalICalendar", "CampusCalStorage", "CampusCalSecurity",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/CampusSimulator",
            swiftSettings: strictSettings
        ),

        // Shared fixtures for every test target (temporary databases, manual clock, HTTP helpers).
        .target(
            name: "CampusCalTestSupport",
            dependencies: [
                "CampusCalCore", "CampusCalICalendar", "CampusCalSecurity", "CampusCalStorage", "CampusCalAPI", "CampusCalApp", "CampusCalPlugins",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            path: "Tests/CampusCalTestSupport",
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "CampusCalCoreTests", dependencies: ["CampusCalCore", "CampusCalICalendar", "CampusCalTestSupport"], swiftSettings: testSettings),
        .testTarget(
            name: "CampusCalStorageTests",
            dependencies: ["CampusCalStorage", "CampusCalTestSupport", "CSQLiteShim", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: testSettings
        ),
        .testTarget(
            name: "CampusCalAPITests",
            dependencies: [
                "CampusCalAPI", "CampusCalDAV", "CampusCalTestSupport", "CampusCalPush",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: testSettings
        ),
        .testTarget(name: "CampusCalDAVTests", dependencies: ["CampusCalDAV", "CampusCalICalendar"], swiftSettings: testSettings),
        // Sends through a real SMTP server (Python aiosmtpd, Tests/Support/smtp_sink.py).
        .testTarget(name: "CampusCalMailTests", dependencies: ["CampusCalMail", "CampusCalTestSupport"], swiftSettings: testSettings),
        .testTarget(
            name: "CampusCalPrivacyTests", dependencies: ["CampusCalPrivacy", "CampusCalTestSupport"], swiftSettings: testSettings),
        .testTarget(
            name: "CampusCalImportersTests", dependencies: ["CampusCalImporters", "CampusCalTestSupport"], swiftSettings: testSettings),
        .testTarget(
            name: "CampusCalPluginsTests",
            dependencies: [
                "CampusCalPlugins", "CampusCalTestSupport", "CCampusCalPluginABI", .product(name: "Hummingbird", package: "hummingbird"),
            ],
            // Fixtures/bad_plugin.c is compiled by the tests themselves, one defect per build.
            exclude: ["Fixtures"], swiftSettings: testSettings),
        .testTarget(
            name: "CampusCalDirectoryTests", dependencies: ["CampusCalDirectory", "CampusCalTestSupport"], swiftSettings: testSettings),
        .testTarget(
            name: "CampusCalAppTests",
            dependencies: ["CampusCalApp", "CampusCalTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: testSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
