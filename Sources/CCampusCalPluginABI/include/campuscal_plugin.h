/*
 * campuscal_plugin.h — the CampusCal plugin ABI, version 1.2.
 *
 * History: 1.0 host API (log, key-value state), day labels. 1.1 adds item events
 * ("campuscal.item-events/1"), personal panels ("campuscal.user-panel/1"), notification channels
 * ("campuscal.notification-channel/1"), scheduled jobs ("campuscal.scheduled-job/1"), the host's
 * config_get and notify, a day-label provider's
 * stable_seconds and an event hook's interest masks (in fields 1.0 had reserved as 0, and 0 keeps
 * its 1.0 meaning); no field of 1.0 changed meaning. 1.2 adds file formats: exporters
 * ("campuscal.exporter/1") and importers ("campuscal.importer/1").
 *
 * The one contract between a CampusCal server and a plugin module (a shared library written in C,
 * Swift or anything that can export a C function). C plugins include this file
 * (`-I Sources/CCampusCalPluginABI/include`); Swift plugins `import CCampusCalPluginABI`.
 * docs/PLUGINS.md walks through writing one.
 *
 * Versioning (see docs/PLUGINS.md, "The promise"):
 *   - MAJOR changes only when something existing changes meaning; the entry point carries it in its
 *     name (`campuscal_plugin_entry_v1`), so a library built for another major is refused by name.
 *   - MINOR grows when functions are appended to a table or features are added. A plugin built for
 *     1.N runs on every 1.M host with M >= N; a host refuses a plugin that needs a newer minor.
 *   - Every struct begins with `struct_size` and only ever grows at its end. A reader uses only the
 *     fields the size covers (the host copies plugin structs into zeroed structs of its own size).
 *   - Features are looked up by string id with a revision ("campuscal.day-labels/1"); NULL means
 *     "not provided", so adding a feature never changes an existing struct.
 *   - Unknown status codes and enum values must be tolerated (treated as errors / ignored).
 *
 * Memory: nothing is freed across the boundary. Pointers passed *into* a function are borrowed for
 * the duration of that call only. Text and records a plugin hands back go through host callbacks
 * that copy them before returning, or into buffers the caller owns. Every string is UTF-8 and
 * NUL-terminated.
 *
 * Threads: the host calls a plugin's functions one at a time (never two calls into one plugin at
 * once), on a worker thread of its own — never on a thread serving HTTP — and with a deadline: a
 * call that overruns it is abandoned and the plugin disabled. A deadline counts the plugin's own
 * time: time spent waiting inside host calls (the database, HTTP) is not counted, since it depends
 * on how busy the server is; the whole call may last at most ten times its deadline. Host API
 * functions may be called from inside any plugin call, on the calling thread; `log` may also be
 * called from threads the plugin made, between `start` and `stop`.
 */
#ifndef CAMPUSCAL_PLUGIN_H
#define CAMPUSCAL_PLUGIN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CAMPUSCAL_PLUGIN_ABI_MAJOR 1
#define CAMPUSCAL_PLUGIN_ABI_MINOR 2

/* The entry point every plugin exports (with default visibility), named after the ABI major. */
#define CAMPUSCAL_PLUGIN_ENTRY_NAME "campuscal_plugin_entry_v1"

#if defined(__GNUC__) || defined(__clang__)
#define CAMPUSCAL_EXPORT __attribute__((visibility("default")))
#else
#define CAMPUSCAL_EXPORT
#endif

/* ---- Status codes ------------------------------------------------------------------------------ */

/* int32_t rather than an enum so that codes added later cross the boundary unchanged. A host treats
 * any code it does not know as CC_ERROR. */
typedef int32_t cc_status;
#define CC_OK 0
#define CC_ERROR 1             /* failed; the message says why */
#define CC_INVALID_ARGUMENT 2  /* the caller passed something the function cannot use */
#define CC_UNSUPPORTED 3       /* not provided by this plugin or host */
#define CC_DENIED 4            /* the plugin's permissions do not allow it (host → plugin) */
#define CC_NO_SPACE 5          /* a caller-owned buffer is too small; the length needed is reported */
#define CC_NOT_FOUND 6         /* no such key or object */
#define CC_STOPPED 7           /* the host API was called outside start … stop */

/* ---- Shared value types ------------------------------------------------------------------------ */

/* A calendar date (proleptic Gregorian), no time zone. */
typedef struct cc_date {
    int32_t year;  /* e.g. 2026 */
    int32_t month; /* 1…12 */
    int32_t day;   /* 1…31 */
} cc_date;

/* Where a function writes an error message. Owned by the caller (the host); the plugin writes at
 * most `capacity - 1` bytes of UTF-8 into `text` and a terminating NUL (cc_message_set in
 * campuscal_plugin_util.h does this safely). May be NULL when the caller wants no message. */
typedef struct cc_message {
    uint32_t struct_size; /* sizeof(cc_message) */
    uint32_t capacity;    /* bytes available at text, including the NUL */
    char *text;
} cc_message;

/* Log levels for cc_host_api.log. */
#define CC_LOG_DEBUG 0
#define CC_LOG_INFO 1
#define CC_LOG_WARNING 2
#define CC_LOG_ERROR 3

/* ---- What the host offers a plugin ------------------------------------------------------------- */

/* An event as plugins see it (defined with the file formats below; the host API reads and writes them too). */
struct cc_calendar_event;

/* An HTTP request a plugin asks the host to make (cc_host_api.http_request, since 1.2). Borrowed
 * for the call. */
typedef struct cc_http_request {
    uint32_t struct_size; /* sizeof(cc_http_request) of the plugin */
    uint32_t timeout_ms;  /* 1…9,000 (0: 5,000); the whole exchange, connection included */
    const char *method;   /* "GET", "POST", "PUT", "PATCH" or "DELETE" */
    /* "https://host[:port]/path?query" (or http://): the host must be one the manifest's `network`
     * permission names — "chat.campus.edu" (any port), "chat.campus.edu:8443", "*.campus.edu". */
    const char *url;
    const char *const *headers; /* header_count strings "Name: value" (UTF-8, no CR or LF); NULL when 0 */
    uint32_t header_count;      /* at most 32 */
    uint32_t reserved;          /* 0 */
    const uint8_t *body;        /* body_length bytes, or NULL when 0 */
    uint64_t body_length;       /* at most 1 MiB */
} cc_http_request;

/* The host API table, passed to the entry point and to init. Owned by the host; valid until the
 * plugin's deinit returns. Append-only: check struct_size (or abi_minor) before using a member
 * added after 1.0. */
typedef struct cc_host_api {
    uint32_t struct_size; /* sizeof(cc_host_api) of the host */
    uint32_t abi_major;   /* CAMPUSCAL_PLUGIN_ABI_MAJOR of the host */
    uint32_t abi_minor;   /* CAMPUSCAL_PLUGIN_ABI_MINOR of the host */
    uint32_t reserved;    /* 0 */
    /* Opaque host data for this plugin: pass it back as the first argument of every call below. */
    void *host;

    /* Writes a line to the server log under the plugin's id. `message` is borrowed for the call.
     * Thread: any, between init and deinit. Never fails. */
    void (*log)(void *host, int32_t level, const char *message);

    /* The plugin's own key-value state (at most 64 KiB a value, 64 MiB in all; 1.0 said 1 MiB in
     * all, and limits only ever grow), kept by the server across restarts and while the plugin is
     * disabled. Keys are 1…128 bytes of UTF-8; values UTF-8 text.
     * kv_get copies the value of `key` into `buffer` (NUL-terminated) and sets *length to its size
     * without the NUL; CC_NOT_FOUND if absent; CC_NO_SPACE (with *length set) if buffer_capacity is
     * too small. kv_set stores a copy of `value` (NULL deletes); CC_NO_SPACE past the quota.
     * Both: CC_INVALID_ARGUMENT for a bad key or value, CC_STOPPED outside start … stop, CC_ERROR
     * when the server could not read or keep it (logged). Thread: within a plugin call. */
    cc_status (*kv_get)(void *host, const char *key, char *buffer, uint32_t buffer_capacity, uint32_t *length);
    cc_status (*kv_set)(void *host, const char *key, const char *value);

    /* Since 1.1 (check abi_minor >= 1 or struct_size before use). The administrator's setting
     * `key` from the [config] table of the plugin's manifest, copied into `buffer` as kv_get does
     * (CC_NOT_FOUND when unset, CC_NO_SPACE with *length set when the buffer is too small).
     * Thread: any, between init and deinit. */
    cc_status (*config_get)(void *host, const char *key, char *buffer, uint32_t buffer_capacity, uint32_t *length);

    /* Since 1.1. Sends a person a notification in the plugin's name: it lands in their CampusCal
     * inbox (kind "plugin", titled by the plugin's name) and reaches them by the channels they
     * chose (email, text, devices). `subject` is the record code by which the host told the plugin
     * of the person (cc_item_change.subject, a panel's subject); the plugin never learns, and need
     * not know, who that is. `title`: 1…120 bytes, `body`: at most 1,000, both UTF-8 without
     * control characters except newlines in `body`; all three borrowed for the call.
     * Queued, not delivered, when it returns: CC_OK means accepted. Needs the manifest permission
     * `notify = true` (else CC_DENIED). CC_INVALID_ARGUMENT: not a record code, or a bad title or
     * body; CC_NO_SPACE: the plugin's rate (60 a minute) is used up — try later, not in a loop;
     * CC_STOPPED outside start … stop. A code the host never gave this plugin reaches nobody (logged).
     * Thread: within a plugin call. */
    cc_status (*notify)(void *host, const char *subject, const char *title, const char *body);

    /* Since 1.2 (check abi_minor >= 2 or struct_size before use). The events of the person
     * `subject` (a record code the host gave this plugin) in the calendars they own, starting in
     * [from_unix, to_unix) (at most 366 days apart), each emitted as it is read: repeating events
     * as their occurrences, times in UTC (time_zone "UTC"). Free text about a person, so only for a
     * plugin whose manifest grants `identities` and data "events", and only about a person whose
     * consent to the plugin's agreement covers identity and events; each call that returns events
     * is an entry in their disclosure log. CC_DENIED otherwise (the plugin learns nothing else);
     * CC_NOT_FOUND: no person has that code for this plugin; CC_NO_SPACE after 10,000 events (the
     * rest are not emitted: ask for a shorter range). `emit` returning non-OK stops the reading
     * (its status is returned). Thread: within a plugin call; it waits for the database. */
    cc_status (*read_events)(void *host, const char *subject, int64_t from_unix, int64_t to_unix,
                             cc_status (*emit)(void *sink, const struct cc_calendar_event *event, uint32_t line), void *sink);

    /* Since 1.2. Creates or replaces (matched by `event->uid`) an event in the plugin's own
     * calendar of the person `subject`: a calendar in their account named after the plugin, made
     * the first time, which they see like their others and may delete — after which the plugin's
     * writes for them are refused (CC_DENIED) until the plugin is reinstalled. Writing tells the
     * plugin nothing about the person, so it needs only the manifest permission `calendar = true`
     * (else CC_DENIED). The event is checked as an importer's are (CC_INVALID_ARGUMENT when wrong;
     * time_zone NULL means the person's zone). CC_NOT_FOUND: no person has that code for this
     * plugin; CC_NO_SPACE: more than 1,000 events in that calendar. Thread: within a plugin call. */
    cc_status (*put_event)(void *host, const char *subject, const struct cc_calendar_event *event);

    /* Since 1.2. Deletes the event `uid` from the plugin's own calendar of `subject`; CC_NOT_FOUND
     * when there is none. Permission and thread as put_event. */
    cc_status (*delete_event)(void *host, const char *subject, const char *uid);

    /* Since 1.2. Makes an HTTP request for the plugin and hands the answer to `respond` (once,
     * before returning CC_OK): the status code and at most 1 MiB of the body (cut there), borrowed
     * for that call. Redirects are not followed (a 3xx is the answer). Only to hosts the manifest's
     * `network` permission names (CC_DENIED otherwise, and for every host when it names none). It
     * is the only way out for a plugin with isolation = "process": its runner has no network of
     * its own. CC_INVALID_ARGUMENT: a malformed request; CC_ERROR: no answer (refused, timed out,
     * TLS failed — logged). Thread: within a plugin call, which it blocks for up to timeout_ms. */
    cc_status (*http_request)(void *host, const cc_http_request *request,
                              cc_status (*respond)(void *sink, int32_t status, const uint8_t *body, uint32_t body_length), void *sink);
} cc_host_api;

/* ---- What a plugin offers the host ------------------------------------------------------------- */

/* The descriptor the entry point returns. Owned by the plugin; must stay valid and unchanged until
 * the library is unloaded (a static const struct is typical). The host copies it at load. */
typedef struct cc_plugin_descriptor {
    uint32_t struct_size; /* sizeof(cc_plugin_descriptor) the plugin was built with */
    uint32_t abi_major;   /* CAMPUSCAL_PLUGIN_ABI_MAJOR the plugin was built for */
    uint32_t abi_minor;   /* the lowest host minor the plugin needs */
    uint32_t reserved;    /* 0 */
    const char *id;       /* reverse-DNS id, [a-z0-9.-], 3…64 bytes; must equal the manifest's */
    const char *name;     /* for people, ≤ 128 bytes */
    const char *version;  /* the plugin's own version, e.g. "1.2.0", ≤ 32 bytes */

    /* Required. Called once after loading, before anything else. Returns CC_OK and sets *state to
     * the plugin's own data (or NULL), or fails with a message — then the plugin is disabled, and
     * neither stop nor deinit is called. `host` stays valid until deinit returns. */
    cc_status (*init)(const cc_host_api *host, void **state, cc_message *error);
    /* Required. Begins work (the host may call features from now on). */
    cc_status (*start)(void *state, cc_message *error);
    /* Required. Ends work; no feature is called after it. Always followed by deinit. */
    void (*stop)(void *state);
    /* Required. Frees what init made. Swift libraries are never unloaded after it; C libraries may be. */
    void (*deinit)(void *state);
    /* Required. The feature table for `feature_id` (e.g. CC_FEATURE_DAY_LABELS), or NULL when the
     * plugin does not provide it. The table is owned by the plugin and valid until deinit. */
    const void *(*get_feature)(void *state, const char *feature_id);
} cc_plugin_descriptor;

/* The entry point. `host_abi_major`/`host_abi_minor` are the host's version; `host` its API table.
 * Returns the descriptor, or NULL after writing the reason to `error` (e.g. the host is too old).
 * Called once, before init. */
typedef const cc_plugin_descriptor *(*cc_plugin_entry_fn)(
    uint32_t host_abi_major, uint32_t host_abi_minor, const cc_host_api *host, cc_message *error);

/* ---- Feature: day labels ("campuscal.day-labels/1") --------------------------------------------- */
/* Labels on days, shown on every calendar view: holidays, academic dates, observances. */

#define CC_FEATURE_DAY_LABELS "campuscal.day-labels/1"

/* One label. Borrowed for the emit call; the host copies it. */
typedef struct cc_day_label {
    uint32_t struct_size; /* sizeof(cc_day_label) */
    uint32_t reserved;    /* 0 */
    cc_date date;
    const char *label;    /* e.g. "Independence Day (observed)", ≤ 128 bytes */
    const char *kind;     /* e.g. "holiday", "observance", "academic"; ≤ 32 bytes */
} cc_day_label;

/* The host's collector: call once per label. Returns CC_OK, or an error the plugin should stop on
 * (CC_INVALID_ARGUMENT for a label outside the range asked for or with a bad date or text). */
typedef cc_status (*cc_emit_day_label_fn)(void *sink, const cc_day_label *label);

typedef struct cc_day_labels_feature {
    uint32_t struct_size; /* sizeof(cc_day_labels_feature) */
    /* How long the labels of a range stay true, in seconds: the host may answer from what it was
     * told that long (month views ask for the same months all day). 0: ask every time (was
     * `reserved` before 1.1, and 0 still means exactly that). Read once, when the plugin is loaded. */
    uint32_t stable_seconds;
    /* Emits the labels of the days from `first` to `last` inclusive (at most 800 days apart).
     * Thread: a host worker; deadline 2 s. */
    cc_status (*labels)(void *state, cc_date first, cc_date last, cc_emit_day_label_fn emit, void *sink, cc_message *error);
} cc_day_labels_feature;

/* ---- Feature: item events ("campuscal.item-events/1", since 1.1) -------------------------------- */
/* Told after something in a person's calendar changed: an event hook. Called after the change is
 * committed (never inside it: a plugin cannot slow down or undo a write), in the order the changes
 * happened, one at a time. What a change says about the person is built by the server's privacy
 * module from the plugin's permissions: a record code by default, a username only for people who
 * consented to this plugin (and every such release is in the disclosure log). No titles, no notes:
 * free text can name people. */

#define CC_FEATURE_ITEM_EVENTS "campuscal.item-events/1"

/* What happened (cc_item_change.change). Unknown values must be ignored. */
#define CC_CHANGE_CREATED 1
#define CC_CHANGE_UPDATED 2
#define CC_CHANGE_DELETED 3
#define CC_CHANGE_COMPLETED 4 /* a task or assignment was marked done */

/* What it happened to (cc_item_change.item_kind). Unknown values must be ignored. */
#define CC_ITEM_EVENT 1      /* a calendar event */
#define CC_ITEM_TASK 2       /* a task the person made */
#define CC_ITEM_ASSIGNMENT 3 /* an assignment imported from the LMS */

/* Whether a completion was on time (cc_item_change.on_time). */
#define CC_ON_TIME_UNKNOWN (-1) /* not a completion, or nothing was due */
#define CC_LATE 0
#define CC_ON_TIME 1

/* One change. Borrowed for the call; copy what you keep. */
typedef struct cc_item_change {
    uint32_t struct_size; /* sizeof(cc_item_change) of the host */
    int32_t change;       /* CC_CHANGE_… */
    int32_t item_kind;    /* CC_ITEM_… */
    int32_t priority;     /* tasks: 1 high, 2 medium, 3 low; 0 none */
    int32_t on_time;      /* CC_ON_TIME, CC_LATE or CC_ON_TIME_UNKNOWN */
    int32_t reserved;     /* 0 */
    /* The person, as this plugin may know them: "rc_" and 32 hex digits, the same for one person
     * every time and different for every plugin (so two plugins cannot join their data). */
    const char *subject;
    /* The item, as this plugin may know it: "ic_" and 32 hex digits, stable per plugin. */
    const char *item;
    /* The person's username, only when the plugin may see identities and the person consented to
     * this plugin; NULL otherwise. */
    const char *username;
} cc_item_change;

typedef struct cc_item_events_feature {
    uint32_t struct_size; /* sizeof(cc_item_events_feature) */
    /* Which changes the plugin wants: bit (1 << CC_CHANGE_…) for each kind of change, bit
     * (1 << CC_ITEM_…) for each kind of item; 0 means every one. The host neither builds nor sends
     * the others — every call skipped is a call a busy server does not make (proxy-wasm's lesson:
     * a plugin says up front what it listens to). Read once, when the plugin is loaded. */
    uint16_t changes;
    uint16_t items;
    /* Told of one change. Thread: a host worker; deadline 2 s (of its own time:
     * host calls not counted). A failure is
     * logged, not retried. */
    cc_status (*item_changed)(void *state, const cc_item_change *change, cc_message *error);
} cc_item_events_feature;

/* ---- Feature: personal panels ("campuscal.user-panel/1", since 1.1) ----------------------------- */
/* A few lines a plugin shows each person about themselves (GET /api/v1/plugins/{id}/panel): their
 * points, a streak, a status. Only the person themselves sees their panel. */

#define CC_FEATURE_USER_PANEL "campuscal.user-panel/1"

/* One line. Borrowed for the emit call; the host copies it. */
typedef struct cc_panel_field {
    uint32_t struct_size; /* sizeof(cc_panel_field) */
    uint32_t reserved;    /* 0 */
    const char *name;     /* a stable key, [a-z0-9_-], ≤ 32 bytes, e.g. "points" */
    const char *label;    /* for people, ≤ 64 bytes, e.g. "Experience points" */
    const char *value;    /* ≤ 256 bytes, e.g. "120" */
} cc_panel_field;

/* The host's collector: call once per field (at most 32). */
typedef cc_status (*cc_emit_panel_field_fn)(void *sink, const cc_panel_field *field);

typedef struct cc_user_panel_feature {
    uint32_t struct_size; /* sizeof(cc_user_panel_feature) */
    uint32_t reserved;
    /* Emits the panel of `subject` (as in cc_item_change). Thread: a host worker; deadline 2 s. */
    cc_status (*panel)(void *state, const char *subject, cc_emit_panel_field_fn emit, void *sink, cc_message *error);
} cc_user_panel_feature;

/* ---- Feature: notification channels ("campuscal.notification-channel/1", since 1.1) ------------- */
/* Another way a person's notifications reach them: a campus chat bridge, an SMS gateway. A
 * notification is the person's own (a reminder, a grade, an invitation), so it reaches a channel
 * only for people who consented to the plugin (the agreement named after its id) — and only if
 * its manifest grants identities; each delivery is in the person's disclosure log. Deliveries are
 * made after the notice is safely in the inbox, one at a time; a failure is logged and the inbox
 * keeps the notice (no retry). */

#define CC_FEATURE_NOTIFICATION_CHANNEL "campuscal.notification-channel/1"

/* One notification. Borrowed for the call; copy what you keep. */
typedef struct cc_notification {
    uint32_t struct_size; /* sizeof(cc_notification) of the host */
    uint32_t reserved;    /* 0 */
    const char *subject;  /* the person's record code for this plugin ("rc_…") */
    const char *username; /* the person's username (always set: channels need to know whom to reach) */
    const char *kind;     /* "reminder", "grade", "invitation", "maintenance", … (new kinds may appear) */
    const char *title;    /* for the person, ≤ 512 bytes */
    const char *body;     /* for the person, may be empty */
    const char *link;     /* a CampusCal URL or path for more, or NULL */
    int64_t created_unix; /* when the notice was made, seconds since 1970 UTC */
} cc_notification;

typedef struct cc_notification_channel_feature {
    uint32_t struct_size; /* sizeof(cc_notification_channel_feature) */
    uint32_t reserved;
    /* Delivers one notification. Thread: a host worker; deadline 10 s (network calls belong here). */
    cc_status (*deliver)(void *state, const cc_notification *notification, cc_message *error);
} cc_notification_channel_feature;

/* ---- Feature: scheduled jobs ("campuscal.scheduled-job/1", since 1.1) --------------------------- */
/* Work a plugin does on its own schedule rather than in answer to something: a weekly summary,
 * tidying its state, a digest to send. With `notify` and its key-value state it can tell people
 * things at the right time. */

#define CC_FEATURE_SCHEDULED_JOB "campuscal.scheduled-job/1"

#define CC_JOB_MINIMUM_INTERVAL 60     /* a minute */
#define CC_JOB_MAXIMUM_INTERVAL 604800 /* a week */

typedef struct cc_scheduled_job_feature {
    uint32_t struct_size; /* sizeof(cc_scheduled_job_feature) */
    /* How often to run, in seconds, CC_JOB_MINIMUM_INTERVAL … CC_JOB_MAXIMUM_INTERVAL (outside it,
     * the plugin is refused). Read once, at load. The first run comes one interval after start; each
     * run is delayed by up to a tenth of the interval at random, so that a campus's servers do not
     * all run their jobs in the same second. Runs do not happen while the plugin is disabled or the
     * server is down, and missed runs are not made up: a job that must not miss a day keeps its own
     * "last done" in its state and catches up. */
    uint32_t interval_seconds;
    /* Runs the job once. `now_unix`: the host's clock, seconds since 1970-01-01 UTC (use it rather
     * than the system clock: tests move it). Never called again before the previous run returned.
     * A failure is logged; the next run comes as scheduled. Thread: a host worker; deadline 30 s. */
    cc_status (*run)(void *state, int64_t now_unix, cc_message *error);
} cc_scheduled_job_feature;

/* ---- File formats: exporters and importers (since 1.2) ------------------------------------------ */
/* Another file format a person can export a calendar to, or import one from (CampusCal itself
 * speaks iCalendar): a spreadsheet's CSV, a campus room-booking export. A format is named by a
 * short id ("csv": lower-case letters, digits and hyphens, 1…32 bytes) that clients pass as
 * `?format=`; one plugin provides at most one exporter and one importer.
 *
 * Both are called only at the request of the person whose calendar it is, with that calendar's
 * events (their titles, notes and places: free text), so both need the manifest permission
 * data = ["events"]; each call is in the person's disclosure log. The plugin is told nothing about
 * who asked. Run parsers of files people upload with isolation = "process": a crash on a hostile
 * file then ends only the runner. */

/* A wall-clock time, no zone: the zone travels beside it. */
typedef struct cc_date_time {
    int32_t year;   /* e.g. 2026 */
    int32_t month;  /* 1…12 */
    int32_t day;    /* 1…31 */
    int32_t hour;   /* 0…23 */
    int32_t minute; /* 0…59 */
    int32_t second; /* 0…59 */
} cc_date_time;

/* One event, as an exporter receives it and as an importer hands it over. Text is UTF-8; borrowed
 * for the call in both directions (the host copies what an importer emits before emit returns). */
struct cc_calendar_event {
    uint32_t struct_size; /* sizeof(cc_calendar_event) of whoever filled it in */
    uint32_t all_day;     /* 1: start and end are dates (their time fields are 0 and ignored); end is
                             exclusive, as in iCalendar (a one-day event ends the next day) */
    /* Stable id of the event. Export: the event's UID (with the occurrence's date appended for an
     * occurrence of a repeating event). Import: required, 1…255 bytes; importing a file again
     * matches events by it, so an unchanged file changes nothing — derive it from the row's
     * content when the format has no id. */
    const char *uid;
    const char *title;       /* ≤ 1,000 bytes (import); may be empty, never NULL on export */
    const char *description; /* NULL: none (the host never passes ""); ≤ 65,536 bytes (import) */
    const char *location;    /* NULL: none (the host never passes ""); ≤ 1,000 bytes (import) */
    /* IANA zone of start and end ("America/Denver", "UTC"). Export: always set (the zone of the
     * person exporting; times are already in it). Import: NULL means the importing person's zone.
     * Ignored for all-day events. */
    const char *time_zone;
    cc_date_time start;
    cc_date_time end; /* after start (import: equal to start, or before it, is refused) */
    /* Import only (NULL on export, where repeating events arrive as their occurrences): an
     * iCalendar RRULE value ("FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261211T000000Z") for a repeating
     * event, or NULL. */
    const char *recurrence_rule;
};
typedef struct cc_calendar_event cc_calendar_event;

/* Receives output bytes from an exporter. Copies them before returning. CC_NO_SPACE once the
 * output passes 16 MiB (stop and return the status). */
typedef cc_status (*cc_write_fn)(void *sink, const uint8_t *bytes, uint32_t length);

#define CC_FEATURE_EXPORTER "campuscal.exporter/1"

typedef struct cc_exporter_feature {
    uint32_t struct_size; /* sizeof(cc_exporter_feature) */
    uint32_t reserved;    /* 0 */
    const char *format;         /* "csv": the id clients pass as ?format= (see above) */
    const char *name;           /* for people: "CSV for spreadsheets", ≤ 64 bytes */
    const char *media_type;     /* of the output: "text/csv; charset=utf-8", ≤ 128 bytes */
    const char *file_extension; /* of the file offered for download, without the dot: "csv" */
    /* Writes `count` events (sorted by start; at most 50,000) of the calendar named
     * `calendar_name` through `write`, all of the file in this one call. `events` is an array of
     * the host's cc_calendar_event: element i is at (const char *)events + i * events[0].struct_size
     * (a newer host's elements may be larger than the plugin's struct; read only the fields the
     * plugin knows). Thread: a host worker; deadline 10 s. */
    cc_status (*export_events)(void *state, const char *calendar_name, const cc_calendar_event *events, uint32_t count, cc_write_fn write,
                               void *sink, cc_message *error);
} cc_exporter_feature;

/* Receives one event from an importer: CC_OK when taken, CC_INVALID_ARGUMENT when refused (the
 * event is reported to the person with the message; carry on with the next), CC_NO_SPACE once
 * 50,000 have been taken (the 50,001st is refused: stop). `line` is where in the file the event was (1-based; 0 when unknown), for
 * that report. */
typedef cc_status (*cc_emit_calendar_event_fn)(void *sink, const cc_calendar_event *event, uint32_t line);

/* Reports a part of the file that could not be read (a row with a bad date), shown to the person
 * with its line; the import goes on. The host keeps the first 1,000 reports and drops the rest: an
 * importer may stop reporting there (a last "and N more rows" report is a kindness). */
typedef void (*cc_report_problem_fn)(void *sink, uint32_t line, const char *message);

#define CC_FEATURE_IMPORTER "campuscal.importer/1"

typedef struct cc_importer_feature {
    uint32_t struct_size; /* sizeof(cc_importer_feature) */
    uint32_t reserved;    /* 0 */
    const char *format;     /* "csv" (see above) */
    const char *name;       /* for people: "CSV from spreadsheets", ≤ 64 bytes */
    const char *media_type; /* the Content-Type an upload of this format carries: "text/csv" (no parameters) */
    /* Reads the file `data` (`length` bytes, at most 4 MiB, not NUL-terminated, not necessarily
     * UTF-8: check) and emits its events with `emit`, problems with `report`; return CC_OK when the
     * file could be read at all (even if some rows were reported), else an error with a message
     * for the person ("this is not a CSV file: no header row"). Nothing is stored until it
     * returns CC_OK. Thread: a host worker; deadline 10 s. */
    cc_status (*parse)(void *state, const uint8_t *data, uint64_t length, cc_emit_calendar_event_fn emit, cc_report_problem_fn report,
                       void *sink, cc_message *error);
} cc_importer_feature;

/* The version of this header the host was compiled with (host side; plugins need not call these). */
uint32_t cc_host_abi_major(void);
uint32_t cc_host_abi_minor(void);

#ifdef __cplusplus
}
#endif

#endif /* CAMPUSCAL_PLUGIN_H */
