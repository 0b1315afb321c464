/*
 * bad_plugin.c — purpose-built misbehaving plugins for the loader's negative tests
 * (Tests/CampusCalPluginsTests/BadPluginTests.swift). One source, one defect per build:
 *
 *   cc -shared -fPIC -I Sources/CCampusCalPluginABI/include -DCASE=CASE_… bad_plugin.c -o libbad.so
 *
 * Without a defect it is a correct day-labels plugin with the id "org.example.bad".
 */
#include "campuscal_plugin.h"
#include "campuscal_plugin_util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <unistd.h>

/* The host table init received (for CASE_HOST_AFTER_STOP). */
static const cc_host_api *saved_host;

#define CASE_NONE 0
#define CASE_ENTRY_NULL 1          /* entry returns NULL with a reason */
#define CASE_SMALL_DESCRIPTOR 2    /* struct_size smaller than ABI 1.0's */
#define CASE_LARGE_DESCRIPTOR 3    /* struct_size larger (a newer plugin): the tail is ignored, it loads */
#define CASE_NULL_FUNCTIONS 4      /* stop and get_feature missing */
#define CASE_BAD_UTF8_ID 5         /* id is not UTF-8 */
#define CASE_INIT_FAILS 6          /* init refuses, with a message */
#define CASE_UNKNOWN_STATUS 7      /* init returns a status code nobody defined */
#define CASE_UNDEFINED_SYMBOL 8    /* calls a function no library defines: dlopen(RTLD_NOW) fails */
#define CASE_SLOW_LABELS 9         /* labels sleeps past its deadline */
#define CASE_LABEL_OUT_OF_RANGE 10 /* emits a label outside the range asked for */
#define CASE_DESCRIPTOR_MINOR 11   /* the descriptor needs ABI 1.9 (the manifest lied) */
#define CASE_CRASH_LABELS 12       /* labels dereferences NULL: the process it runs in dies */
#define CASE_HOST_AFTER_STOP 13    /* keeps the host table and writes state from stop, after its time */
#define CASE_JOB 14                /* a good scheduled job, every minute: counts its runs in its state */
#define CASE_JOB_TOO_OFTEN 15      /* a scheduled job that asks to run every 5 s */
#define CASE_NETWORK_PROBE 16      /* labels say whether 127.0.0.1:<config port> can be reached */
#define CASE_BAD_FORMAT 17         /* an exporter whose format id is not one ("CSV!") */
#define CASE_HOSTILE_IMPORTER 18   /* an importer that emits every kind of broken event, and one good one */
#define CASE_CALENDAR_CALLS 19     /* a good event hook that reads the person's events and writes its own calendar (1.2) */
#define CASE_CONSTRUCTOR_BLOCKS 20 /* a library constructor that never returns (issue #26, finding 1) */
#define CASE_SLOW_INIT_COUNTS 21   /* init takes a second; start counts the starts in its state (finding 2) */
#define CASE_UNTERMINATED_LOG 22   /* labels log a line with no NUL before an unreadable page (finding 5) */
#define CASE_ESCAPE 23             /* labels try to get out of the runner's sandbox, and say how far they got (finding 8) */

#ifndef CASE
#define CASE CASE_NONE
#endif

#if CASE == CASE_UNDEFINED_SYMBOL
extern int campuscal_no_such_function(void);
#endif

#if CASE == CASE_CONSTRUCTOR_BLOCKS
/* Runs inside dlopen, with the dynamic loader's lock held, and never returns. */
__attribute__((constructor)) static void never_returns(void) {
    for (;;) pause();
}
#endif

#if CASE == CASE_ESCAPE
/* What review M2 did from a runner, each attempt reported as a label's text. */
static void config_text(const char *key, char *out, uint32_t capacity) {
    uint32_t length = 0;
    if (saved_host->config_get(saved_host->host, key, out, capacity, &length) != CC_OK) out[0] = 0;
}

static void escape_attempts(char results[5][96]) {
    char database[512], plugins[512], port[16];
    config_text("database", database, sizeof database);
    config_text("plugins", plugins, sizeof plugins);
    config_text("port", port, sizeof port);
    /* 1. Read the database. */
    int fd = open(database, O_RDONLY);
    snprintf(results[0], 96, "database: %s", fd >= 0 ? "readable" : strerror(errno));
    if (fd >= 0) close(fd);
    /* 2. Drop a plugin into the plugins directory for the server to load. */
    char evil[600];
    snprintf(evil, sizeof evil, "%s/evil", plugins);
    int made = mkdir(evil, 0755) == 0;
    snprintf(results[1], 96, "plugins: %s", made ? "writable" : strerror(errno));
    /* 3. Reach the server's machine through a socket of its own. */
    int sock = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)atoi(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int connected = sock >= 0 && connect(sock, (struct sockaddr *)&address, sizeof address) == 0;
    snprintf(results[2], 96, "socket: %s", connected ? "connected" : strerror(errno));
    if (sock >= 0) close(sock);
    /* 4. Fork without limit (the children wait to be killed with the runner). */
    int forks = 0;
    for (; forks < 64; forks++) {
        pid_t child = fork();
        if (child < 0) break;
        if (child == 0) {
            for (;;) pause();
        }
    }
    snprintf(results[3], 96, "fork: %d children", forks);
    /* 5. Allocate 10 GB, then 2 GB, touching what it gets. (Not up to the limit: the runner's own
     * threads would find nothing left, and a runner that dies is contained but says nothing.) */
    size_t sizes[2] = {10ULL << 30, 2ULL << 30};
    const char *got[2];
    for (int i = 0; i < 2; i++) {
        char *block = malloc(sizes[i]);
        got[i] = block ? "allocated" : "refused";
        if (block) {
            for (size_t at = 0; at < sizes[i]; at += 4096) block[at] = 1;
            free(block);
        }
    }
    snprintf(results[4], 96, "memory: 10 GB %s, 2 GB %s", got[0], got[1]);
}
#endif

#if CASE == CASE_UNTERMINATED_LOG
/* A page of 'A's with no NUL, followed by a page that cannot be read: strlen faults, strnlen(4096) does not. */
static void log_unterminated(void) {
    long page = sysconf(_SC_PAGESIZE);
    char *pages = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) return;
    memset(pages, 'A', (size_t)page);
    mprotect(pages + page, (size_t)page, PROT_NONE);
    /* The host reads at most 4,096 bytes: the line ends exactly at the unreadable page. */
    saved_host->log(saved_host->host, CC_LOG_INFO, pages + page - 4096);
    munmap(pages, (size_t)page * 2);
}
#endif

#if CASE == CASE_NETWORK_PROBE
/* Whether a TCP connection to 127.0.0.1 on the manifest's `port` succeeds. */
static int network_reachable(void) {
    char text[16];
    uint32_t length = 0;
    if (saved_host->config_get(saved_host->host, "port", text, sizeof text, &length) != CC_OK) return 0;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return 0;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)atoi(text));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int connected = connect(fd, (struct sockaddr *)&address, sizeof address) == 0;
    close(fd);
    return connected;
}

static cc_status keep_status(void *sink, int32_t status, const uint8_t *body, uint32_t body_length) {
    (void)body;
    (void)body_length;
    *(int32_t *)sink = status;
    return CC_OK;
}

/* The host's http_request (1.2) to `url`: "http 204" for an answer, "refused <cc_status>" otherwise. */
static void http_probe(const char *url, char *out, size_t capacity) {
    const char *headers[1] = {"X-Probe: yes"};
    cc_http_request request = {sizeof(cc_http_request), 3000, "GET", url, headers, 1, 0, NULL, 0};
    int32_t status = 0;
    cc_status result = saved_host->http_request(saved_host->host, &request, keep_status, &status);
    if (result == CC_OK) snprintf(out, capacity, "http %d", (int)status);
    else snprintf(out, capacity, "refused %d", (int)result);
}
#endif

static cc_status labels(void *state, cc_date first, cc_date last, cc_emit_day_label_fn emit, void *sink, cc_message *error) {
    (void)state;
    (void)last;
#if CASE == CASE_NETWORK_PROBE
    (void)error;
    cc_day_label probe = {sizeof(cc_day_label), 0, first, network_reachable() ? "network: reachable" : "network: unreachable", "observance"};
    cc_status emitted = emit(sink, &probe);
    /* Through the host: to the listener (allowed only if the manifest names 127.0.0.1), and to a host it never names. */
    char port[16], url[64], allowed[48], denied[48];
    uint32_t length = 0;
    if (saved_host->config_get(saved_host->host, "port", port, sizeof port, &length) != CC_OK) return CC_ERROR;
    snprintf(url, sizeof url, "http://127.0.0.1:%s/probe", port);
    http_probe(url, allowed, sizeof allowed);
    http_probe("https://exfiltrate.example.net/", denied, sizeof denied);
    char first_text[64], second_text[64];
    snprintf(first_text, sizeof first_text, "listener: %s", allowed);
    snprintf(second_text, sizeof second_text, "elsewhere: %s", denied);
    cc_day_label through_host = {sizeof(cc_day_label), 0, first, first_text, "observance"};
    cc_day_label elsewhere = {sizeof(cc_day_label), 0, first, second_text, "observance"};
    if (emitted == CC_OK) emitted = emit(sink, &through_host);
    if (emitted == CC_OK) emitted = emit(sink, &elsewhere);
    return emitted;
#endif
#if CASE == CASE_UNTERMINATED_LOG
    log_unterminated();
#endif
#if CASE == CASE_ESCAPE
    char results[5][96];
    escape_attempts(results);
    for (int i = 0; i < 5; i++) {
        cc_day_label attempt = {sizeof(cc_day_label), 0, first, results[i], "observance"};
        cc_status status = emit(sink, &attempt);
        if (status != CC_OK) return status;
    }
    return CC_OK;
#endif
#if CASE == CASE_SLOW_LABELS
    sleep(60); /* far past the 2 s deadline, so a loaded test machine cannot blur the two */
#endif
#if CASE == CASE_CRASH_LABELS
    *(volatile int *)0 = 0; /* a real fault: it recurs however a handler returns */
#endif
#if CASE == CASE_LABEL_OUT_OF_RANGE
    cc_date outside = {first.year - 1, 1, 1};
    cc_day_label wrong = {sizeof(cc_day_label), 0, outside, "Before the range", "holiday"};
    cc_status refused = emit(sink, &wrong);
    if (refused != CC_OK) {
        cc_message_set(error, "the host refused a label");
        return refused;
    }
#endif
    cc_day_label label = {sizeof(cc_day_label), 0, first, "Bad plugin day", "observance"};
    return emit(sink, &label);
}

static const cc_day_labels_feature day_labels = {sizeof(cc_day_labels_feature), 0, labels};

/* The job: "runs" and "last" (the host's now) in its state, read and written through the host.
 * "last" is written first: the test waits for the count, so once it sees a run counted, that
 * run's time is already there (in a runner each kv_set is its own round trip to the server). */
static cc_status job(void *state, int64_t now_unix, cc_message *error) {
    (void)state;
    char buffer[32];
    uint32_t length = 0;
    long runs = 0;
    if (saved_host->kv_get(saved_host->host, "runs", buffer, sizeof buffer, &length) == CC_OK) runs = strtol(buffer, NULL, 10);
    char now_text[32];
    snprintf(now_text, sizeof now_text, "%lld", (long long)now_unix);
    cc_status status = saved_host->kv_set(saved_host->host, "last", now_text);
    snprintf(buffer, sizeof buffer, "%ld", runs + 1);
    if (status == CC_OK) status = saved_host->kv_set(saved_host->host, "runs", buffer);
    if (status != CC_OK) cc_message_set(error, "the host did not keep the count");
    return status;
}

#if CASE == CASE_JOB_TOO_OFTEN
static const cc_scheduled_job_feature scheduled_job = {sizeof(cc_scheduled_job_feature), 5, job};
#else
static const cc_scheduled_job_feature scheduled_job = {sizeof(cc_scheduled_job_feature), 60, job};
#endif

/* File formats (ABI 1.2): an exporter writing one line per event, an importer whose events are
 * broken in every way the host must catch. */
static cc_status export_events(void *state, const char *calendar_name, const cc_calendar_event *events, uint32_t count, cc_write_fn write,
                               void *sink, cc_message *error) {
    (void)state;
    (void)calendar_name;
    (void)error;
    for (uint32_t i = 0; i < count; i++) {
        cc_status status = write(sink, (const uint8_t *)events[i].uid, (uint32_t)strlen(events[i].uid));
        if (status == CC_OK) status = write(sink, (const uint8_t *)"\n", 1);
        if (status != CC_OK) return status;
    }
    return CC_OK;
}

#if CASE == CASE_BAD_FORMAT
static const cc_exporter_feature exporter = {sizeof(cc_exporter_feature), 0, "CSV!", "Bad", "text/plain", "txt", export_events};
#else
static const cc_exporter_feature exporter = {sizeof(cc_exporter_feature), 0, "lines", "Lines", "text/plain; charset=utf-8", "txt", export_events};
#endif

static cc_status parse(void *state, const uint8_t *data, uint64_t length, cc_emit_calendar_event_fn emit, cc_report_problem_fn report,
                       void *sink, cc_message *error) {
    (void)state;
    (void)data;
    (void)length;
    (void)error;
    cc_date_time start = {2026, 12, 1, 9, 0, 0}, end = {2026, 12, 1, 10, 0, 0};
    cc_date_time impossible = {2026, 2, 30, 9, 0, 0};
    cc_calendar_event good = {sizeof(cc_calendar_event), 0, "good-1", "Good", NULL, NULL, NULL, start, end, NULL};
    cc_calendar_event small = good;
    small.struct_size = 4;
    cc_calendar_event no_uid = good;
    no_uid.uid = NULL;
    cc_calendar_event bad_title = good;
    bad_title.title = "\xff\xfe not UTF-8";
    cc_calendar_event backwards = good;
    backwards.start = end;
    backwards.end = start;
    cc_calendar_event bad_zone = good;
    bad_zone.time_zone = "Mars/Olympus_Mons";
    cc_calendar_event bad_date = good;
    bad_date.start = impossible;
    const cc_calendar_event *all[] = {&small, &no_uid, &bad_title, &backwards, &bad_zone, &bad_date, &good, NULL};
    for (uint32_t i = 0; all[i] != NULL; i++) emit(sink, all[i], i + 1);
    emit(sink, NULL, 99);
    report(sink, 42, "\xff not UTF-8 either");
    return CC_OK;
}

static const cc_importer_feature importer = {sizeof(cc_importer_feature), 0, "hostile", "Hostile", "text/x-hostile", parse};

/* The calendar calls (ABI 1.2), from an event hook: read the person's events of 2026, then write
 * what it saw as an all-day event on Christmas in its own calendar of them, and check that a
 * second event can be written and deleted (and is then gone). */
static cc_status count_event(void *sink, const cc_calendar_event *event, uint32_t line) {
    (void)line;
    if (event == NULL || event->uid == NULL || event->time_zone == NULL || strcmp(event->time_zone, "UTC") != 0) return CC_INVALID_ARGUMENT;
    (*(int *)sink)++;
    return CC_OK;
}

static cc_status item_changed(void *state, const cc_item_change *change, cc_message *error) {
    (void)state;
    int seen = 0;
    cc_status read = saved_host->read_events(saved_host->host, change->subject, 1767225600 /* 2026-01-01 */, 1798761600 /* 2027-01-01 */,
                                             count_event, &seen);
    char title[96];
    if (read == CC_OK) snprintf(title, sizeof title, "Saw %d events", seen);
    else if (read == CC_DENIED) snprintf(title, sizeof title, "Not allowed to read");
    else snprintf(title, sizeof title, "Read failed with %d", (int)read);
    cc_date_time day = {2026, 12, 25, 0, 0, 0}, next = {2026, 12, 26, 0, 0, 0};
    cc_calendar_event temporary = {sizeof(cc_calendar_event), 1, "temporary", "Gone soon", NULL, NULL, NULL, day, next, NULL};
    cc_status put = saved_host->put_event(saved_host->host, change->subject, &temporary);
    cc_status deleted = saved_host->delete_event(saved_host->host, change->subject, "temporary");
    cc_status again = saved_host->delete_event(saved_host->host, change->subject, "temporary");
    if (put == CC_OK && deleted == CC_OK && again == CC_NOT_FOUND) strncat(title, "; delete ok", sizeof title - strlen(title) - 1);
    cc_calendar_event summary = {sizeof(cc_calendar_event), 1, "summary", title, "What the plugin saw", NULL, NULL, day, next, NULL};
    cc_status status = saved_host->put_event(saved_host->host, change->subject, &summary);
    char line[160];
    snprintf(line, sizeof line, "calendar calls: read %d, put %d, delete %d then %d, summary %d", (int)read, (int)put, (int)deleted, (int)again,
             (int)status);
    saved_host->log(saved_host->host, CC_LOG_INFO, line);
    if (status != CC_OK) cc_message_set(error, "the host did not keep the summary");
    return status;
}

static const cc_item_events_feature item_events = {sizeof(cc_item_events_feature), 1 << CC_CHANGE_CREATED, 1 << CC_ITEM_TASK, item_changed};

static cc_status plugin_init(const cc_host_api *host, void **state, cc_message *error) {
    saved_host = host;
    *state = NULL;
#if CASE == CASE_INIT_FAILS
    cc_message_set(error, "the campus holiday calendar file is missing");
    return CC_ERROR;
#elif CASE == CASE_UNKNOWN_STATUS
    (void)error;
    return 4242;
#elif CASE == CASE_UNDEFINED_SYMBOL
    (void)error;
    return campuscal_no_such_function();
#elif CASE == CASE_SLOW_INIT_COUNTS
    (void)error;
    sleep(1); /* long enough for a rescan to come by while an install loads it */
    return CC_OK;
#else
    (void)error;
    return CC_OK;
#endif
}

static cc_status plugin_start(void *state, cc_message *error) {
    (void)state;
    (void)error;
#if CASE == CASE_HOST_AFTER_STOP
    /* Within start … stop: allowed. */
    return saved_host->kv_set(saved_host->host, "written-in-start", "yes");
#elif CASE == CASE_SLOW_INIT_COUNTS
    char count[32];
    uint32_t length = 0;
    long starts = 0;
    if (saved_host->kv_get(saved_host->host, "starts", count, sizeof count, &length) == CC_OK) starts = strtol(count, NULL, 10);
    snprintf(count, sizeof count, "%ld", starts + 1);
    return saved_host->kv_set(saved_host->host, "starts", count);
#else
    return CC_OK;
#endif
}

static void plugin_stop(void *state) {
    (void)state;
#if CASE == CASE_HOST_AFTER_STOP
    /* stop has begun: the host must refuse (CC_STOPPED) and keep nothing. The status is logged
     * (log stays allowed until deinit) so the test can see what the plugin was told. */
    cc_status status = saved_host->kv_set(saved_host->host, "written-in-stop", "yes");
    char line[64];
    snprintf(line, sizeof line, "kv_set in stop returned %d", (int)status);
    saved_host->log(saved_host->host, CC_LOG_WARNING, line);
#endif
}
static void plugin_deinit(void *state) { (void)state; }

static const void *plugin_get_feature(void *state, const char *feature_id) {
    (void)state;
    if (strcmp(feature_id, CC_FEATURE_SCHEDULED_JOB) == 0) return &scheduled_job;
    if (strcmp(feature_id, CC_FEATURE_EXPORTER) == 0) return &exporter;
    if (strcmp(feature_id, CC_FEATURE_ITEM_EVENTS) == 0) return &item_events;
    if (strcmp(feature_id, CC_FEATURE_IMPORTER) == 0) return &importer;
    return strcmp(feature_id, CC_FEATURE_DAY_LABELS) == 0 ? &day_labels : NULL;
}

/* A descriptor with room after it, for the "larger struct_size" case. */
static struct {
    cc_plugin_descriptor descriptor;
    char newer_fields[64];
} storage = {
    {
#if CASE == CASE_SMALL_DESCRIPTOR
        16,
#elif CASE == CASE_LARGE_DESCRIPTOR
        sizeof(cc_plugin_descriptor) + 64,
#else
        sizeof(cc_plugin_descriptor),
#endif
        CAMPUSCAL_PLUGIN_ABI_MAJOR,
#if CASE == CASE_DESCRIPTOR_MINOR
        9,
#else
        0,
#endif
        0,
#if CASE == CASE_BAD_UTF8_ID
        "org.example.\xff\xfe",
#else
        "org.example.bad",
#endif
        "A bad plugin", "0.1",
        plugin_init, plugin_start,
#if CASE == CASE_NULL_FUNCTIONS
        NULL, plugin_deinit, NULL,
#else
        plugin_stop, plugin_deinit, plugin_get_feature,
#endif
    },
    {0},
};

CAMPUSCAL_EXPORT const cc_plugin_descriptor *campuscal_plugin_entry_v1(
    uint32_t host_abi_major, uint32_t host_abi_minor, const cc_host_api *host, cc_message *error) {
    (void)host_abi_major;
    (void)host_abi_minor;
    (void)host;
#if CASE == CASE_ENTRY_NULL
    cc_message_set(error, "this plugin needs the campus's license server, which is not configured");
    return NULL;
#else
    (void)error;
    return &storage.descriptor;
#endif
}
