/*
 * csv-files — calendars as CSV files (the columns Google Calendar, Outlook and spreadsheets read),
 * exported and imported: a CampusCal plugin in C (ABI 1.2, "campuscal.exporter/1" and
 * "campuscal.importer/1", format id "csv").
 *
 * The file (RFC 4180: CRLF line ends; a field in double quotes when it holds a comma, a quote, CR or
 * LF, its quotes doubled; UTF-8 without a byte-order mark, which Google Calendar would read as part
 * of the first column's name):
 *
 *   Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,UID
 *   Lecture,09/14/2026,9:05 AM,09/14/2026,10:20 AM,False,,"Hall A, room 2",ev-1@campuscal
 *   Fall break,10/12/2026,,10/13/2026,,True,,,ev-2@campuscal
 *
 * - Dates MM/DD/YYYY and times h:mm AM/PM, as both importers expect them (with seconds only when
 *   they are not 0, h:mm:ss AM as Outlook writes times, so that nothing is lost on the way back).
 * - An all-day event has no times, and its End Date is its last day: spreadsheets and Google count
 *   the End Date in, while the ABI's all-day end is exclusive (iCalendar's), so the exporter writes
 *   end − 1 day (never before the start) and the importer adds the day back.
 * - UID is CampusCal's own column, last (other calendars' importers have no use for it): importing
 *   an exported file again matches every event to itself instead of copying it.
 * - Formula injection: a spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` as a
 *   formula (some skip a leading tab or CR first, so those count too), and a formula can send the
 *   sheet's data to a URL (`=WEBSERVICE(…)`, `=HYPERLINK(…)`) or, in old Excel, start programs
 *   (DDE). Event titles and notes come from other people too (an invitation's title is the
 *   inviter's text), so opening one's own export must not run someone else's formula. Such a cell
 *   is written with a single quote before it (`'=SUM(A1)`), which spreadsheets read as "text" and
 *   show (OWASP's advice). Cells already beginning with quotes and then such a character get one
 *   more quote, and the importer removes exactly one from a cell of quotes followed by such a
 *   character: so the pair is exact both ways, and a title that really began with `'=` survives.
 *
 * The importer reads what the exporter writes and what Google Calendar's and Outlook's help pages
 * describe: columns found by name in the first row, case-insensitively (required: Subject and
 * Start Date); dates MM/DD/YYYY, M/D/YYYY or YYYY-MM-DD; times h:mm[:ss] AM/PM or HH:MM[:SS]; a
 * byte-order mark, CRLF, LF or CR line ends, quoted fields spanning lines. A file whose first row
 * has no such names with commas is tried with semicolons and tabs (Excel in many countries saves
 * "CSV" with semicolons). Each row it cannot read is reported with its line and why, naming the
 * column and the value; the import goes on with the next row (the first 1,000 problems are reported
 * one by one, the rest counted in one last report). Rows without a UID get one derived from what
 * they say (title, start, end), so that importing the same file twice changes nothing. An all-day
 * row's End Date is its last day, unless its End Time is midnight (Outlook's export: the event
 * ends at 12:00 AM of the day after); a timed row without an end lasts an hour.
 * "Row N" in a report is the row's number in a spreadsheet (the header is row 1, blank rows
 * count), which is what the person has open; the host shows the file's line beside it.
 *
 * No state: init sets it to NULL and every call works only with what it is given and what it
 * allocates (and frees) itself. Threads: the host calls one function at a time, on a worker thread
 * of its own; nothing here is shared between calls, so any thread will do. Memory: nothing
 * crosses the boundary but borrowed pointers (events, the file) and copies made by the host's
 * callbacks (write, emit, report).
 */
#include "campuscal_plugin.h"
#include "campuscal_plugin_util.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define CSV_PRINTF(format_index, first_argument) __attribute__((format(printf, format_index, first_argument)))
#else
#define CSV_PRINTF(format_index, first_argument)
#endif

enum {
    CHUNK = 16384,          /* the exporter hands the host its output in pieces of at most this */
    MAX_EVENTS = 50000,     /* one import; the host refuses more anyway (CC_NO_SPACE) */
    MAX_FIELDS = 256,       /* cells in one row: a calendar row has nine, a busy Outlook export 22 */
    MAX_TITLE = 1000,       /* the ABI's limits on what an importer hands over, in bytes */
    MAX_DESCRIPTION = 65536,
    MAX_LOCATION = 1000,
    MAX_UID = 255,
    MAX_REPORTS = 1000,     /* problems reported one by one; past them, one line says how many more */
    SHOWN = 40,             /* bytes of a bad value quoted back in a report */
};

static const char header[] = "Subject,Start Date,Start Time,End Date,End Time,All Day Event,Description,Location,UID\r\n";

/* ---- Calendar arithmetic ----------------------------------------------------------------------- */

/* Days since 1970-01-01 (Howard Hinnant's days_from_civil), as in us-holidays. */
static int64_t day_number(int32_t year, int32_t month, int32_t day) {
    int64_t y = month <= 2 ? (int64_t)year - 1 : year;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t mp = (month + 9) % 12;
    int64_t doy = (153 * mp + 2) / 5 + day - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* The date of a day number, at midnight. */
static cc_date_time civil(int64_t n) {
    int64_t z = n + 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int32_t day = (int32_t)(doy - (153 * mp + 2) / 5 + 1);
    int32_t month = (int32_t)(mp < 10 ? mp + 3 : mp - 9);
    cc_date_time date = {(int32_t)(yoe + era * 400 + (month <= 2 ? 1 : 0)), month, day, 0, 0, 0};
    return date;
}

static int64_t day_of(cc_date_time t) { return day_number(t.year, t.month, t.day); }

/* Seconds since 1970-01-01 00:00 of the same (unnamed) zone: only for comparing and adding. */
static int64_t seconds_of(cc_date_time t) { return day_of(t) * 86400 + t.hour * 3600 + t.minute * 60 + t.second; }

static cc_date_time from_seconds(int64_t s) {
    int64_t day = (s >= 0 ? s : s - 86399) / 86400;
    int64_t rest = s - day * 86400;
    cc_date_time t = civil(day);
    t.hour = (int32_t)(rest / 3600);
    t.minute = (int32_t)(rest / 60 % 60);
    t.second = (int32_t)(rest % 60);
    return t;
}

static int valid_date(int32_t year, int32_t month, int32_t day) {
    static const int32_t lengths[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return 0;
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= lengths[month - 1] + (month == 2 && leap ? 1 : 0);
}

static int valid_time(int32_t hour, int32_t minute, int32_t second) {
    return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
}

/* "09/14/2026" into `out` (at least 16 bytes). */
static void format_date(char *out, size_t capacity, cc_date_time t) {
    snprintf(out, capacity, "%02d/%02d/%04d", (int)t.month, (int)t.day, (int)t.year);
}

/* "9:05 AM", "12:00 PM", "12:30 AM"; "9:05:30 AM" when there are seconds. */
static void format_time(char *out, size_t capacity, cc_date_time t) {
    int hour = t.hour % 12 == 0 ? 12 : (int)(t.hour % 12);
    const char *half = t.hour < 12 ? "AM" : "PM";
    if (t.second != 0) {
        snprintf(out, capacity, "%d:%02d:%02d %s", hour, (int)t.minute, (int)t.second, half);
    } else {
        snprintf(out, capacity, "%d:%02d %s", hour, (int)t.minute, half);
    }
}

/* ---- Formula injection (both directions) ------------------------------------------------------- */

/* A first character that makes a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
static int starts_formula(char c) { return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r'; }

/* Whether the exporter puts a quote before `text`: quotes (possibly none) and then such a character. */
static int needs_guard(const char *text) {
    while (*text == '\'') text++;
    return starts_formula(*text);
}

/* ---- The exporter ------------------------------------------------------------------------------ */

/* Output gathered into CHUNK-sized pieces for the host's write; the first failure sticks. */
typedef struct output {
    cc_write_fn write;
    void *sink;
    cc_status status;
    uint32_t used;
    uint8_t *buffer; /* CHUNK bytes */
} output;

static void flush(output *out) {
    if (out->status == CC_OK && out->used > 0) out->status = out->write(out->sink, out->buffer, out->used);
    out->used = 0;
}

static void put(output *out, const char *bytes, size_t length) {
    while (length > 0 && out->status == CC_OK) {
        if (out->used == CHUNK) {
            flush(out);
            continue;
        }
        size_t take = CHUNK - out->used;
        if (take > length) take = length;
        memcpy(out->buffer + out->used, bytes, take);
        out->used += (uint32_t)take;
        bytes += take;
        length -= take;
    }
}

static void put_string(output *out, const char *text) { put(out, text, strlen(text)); }

/* One text cell: quoted when it must be (RFC 4180), guarded against formulas. NULL is empty. */
static void put_text(output *out, const char *text) {
    if (text == NULL) text = "";
    int quote = strpbrk(text, ",\"\r\n") != NULL;
    if (quote) put(out, "\"", 1);
    if (needs_guard(text)) put(out, "'", 1);
    if (!quote) {
        put_string(out, text);
        return;
    }
    const char *run = text;
    for (const char *mark; (mark = strchr(run, '"')) != NULL; run = mark + 1) {
        put(out, run, (size_t)(mark - run) + 1);
        put(out, "\"", 1); /* doubled */
    }
    put_string(out, run);
    put(out, "\"", 1);
}

static void put_date(output *out, cc_date_time t) {
    char text[32];
    format_date(text, sizeof text, t);
    put_string(out, text);
}

static void put_time(output *out, cc_date_time t) {
    char text[32];
    format_time(text, sizeof text, t);
    put_string(out, text);
}

static int valid_moment(cc_date_time t, int all_day) {
    return valid_date(t.year, t.month, t.day) && (all_day || valid_time(t.hour, t.minute, t.second));
}

static void put_event(output *out, const cc_calendar_event *event) {
    put_text(out, event->title);
    put(out, ",", 1);
    put_date(out, event->start);
    put(out, ",", 1);
    if (event->all_day) {
        /* The last day, counted in: the day before the exclusive end, but never before the start. */
        int64_t last = day_of(event->end) - 1;
        if (last < day_of(event->start)) last = day_of(event->start);
        put(out, ",", 1);
        put_date(out, civil(last));
        put_string(out, ",,True,");
    } else {
        put_time(out, event->start);
        put(out, ",", 1);
        put_date(out, event->end);
        put(out, ",", 1);
        put_time(out, event->end);
        put_string(out, ",False,");
    }
    put_text(out, event->description);
    put(out, ",", 1);
    put_text(out, event->location);
    put(out, ",", 1);
    put_text(out, event->uid);
    put(out, "\r\n", 2);
}

/* Writes the header and one row per event. `events` is read with the stride of its first
 * element's struct_size: the host may pass structs larger than this plugin's (a later 1.x) and
 * then each element is that large. Thread: a host worker, one call at a time; deadline 10 s. */
static cc_status export_events(void *state, const char *calendar_name, const cc_calendar_event *events, uint32_t count, cc_write_fn write,
                               void *sink, cc_message *error) {
    (void)state;
    (void)calendar_name; /* a CSV file has no place for it; the host names the download */
    if (write == NULL || (count > 0 && events == NULL)) {
        cc_message_set(error, "csv-files: export needs a write function and the events");
        return CC_INVALID_ARGUMENT;
    }
    size_t stride = count > 0 ? events[0].struct_size : sizeof(cc_calendar_event);
    if (stride < sizeof(cc_calendar_event) || stride % _Alignof(cc_calendar_event) != 0) {
        cc_message_set(error, "csv-files: the events are smaller than ABI 1.2's cc_calendar_event");
        return CC_INVALID_ARGUMENT;
    }
    for (uint32_t i = 0; i < count; i++) {
        const cc_calendar_event *event = (const cc_calendar_event *)(const void *)((const char *)events + (size_t)i * stride);
        char text[400];
        if (event->struct_size != stride) {
            snprintf(text, sizeof text, "csv-files: event %u of %u has struct_size %u, the first %u", (unsigned)i + 1, (unsigned)count,
                     (unsigned)event->struct_size, (unsigned)stride);
            cc_message_set(error, text);
            return CC_INVALID_ARGUMENT;
        }
        if (!valid_moment(event->start, event->all_day != 0) || !valid_moment(event->end, event->all_day != 0)) {
            snprintf(text, sizeof text, "csv-files: event %u of %u (uid %.255s) has an impossible start or end", (unsigned)i + 1,
                     (unsigned)count, event->uid != NULL ? event->uid : "none");
            cc_message_set(error, text);
            return CC_INVALID_ARGUMENT;
        }
    }
    output out = {write, sink, CC_OK, 0, malloc(CHUNK)};
    if (out.buffer == NULL) {
        cc_message_set(error, "csv-files: out of memory");
        return CC_ERROR;
    }
    put(&out, header, sizeof header - 1);
    for (uint32_t i = 0; i < count && out.status == CC_OK; i++) {
        put_event(&out, (const cc_calendar_event *)(const void *)((const char *)events + (size_t)i * stride));
    }
    flush(&out);
    free(out.buffer);
    if (out.status != CC_OK) {
        cc_message_set(error, out.status == CC_NO_SPACE ? "csv-files: the file grew past what the server takes (16 MiB)"
                                                        : "csv-files: the server stopped taking the file");
    }
    return out.status;
}

/* ---- Reading CSV ------------------------------------------------------------------------------- */

/* Where the reader is in the file. */
typedef struct reader {
    const uint8_t *data;
    size_t length;
    size_t position;
    uint32_t line; /* the physical line at `position`, 1-based */
    uint8_t delimiter;
} reader;

typedef struct field {
    size_t offset; /* into row.text */
    size_t length; /* without the NUL that follows it there */
} field;

/* One row (record) as read: its fields unquoted, each followed by a NUL so that it can be handed
 * over as a C string. A NUL byte in the file stays inside a field (and fails the UTF-8 check). */
typedef struct row {
    uint32_t line;     /* the physical line it begins on */
    uint32_t count;    /* fields kept, at most MAX_FIELDS */
    int too_many;      /* it had more than MAX_FIELDS */
    int unterminated;  /* a quoted field ran to the end of the file */
    field fields[MAX_FIELDS];
    char *text;
    size_t used, capacity;
} row;

static void next_line(reader *in) {
    if (in->line < UINT32_MAX) in->line++;
}

static int append(row *out, const uint8_t *bytes, size_t length) {
    if (length > out->capacity - out->used) {
        size_t capacity = out->capacity == 0 ? 4096 : out->capacity;
        while (length > capacity - out->used) {
            if (capacity > SIZE_MAX / 2) return -1;
            capacity *= 2;
        }
        char *text = realloc(out->text, capacity);
        if (text == NULL) return -1;
        out->text = text;
        out->capacity = capacity;
    }
    if (length > 0) memcpy(out->text + out->used, bytes, length);
    out->used += length;
    return 0;
}

/* Reads the next row. 1: a row; 0: the end of the file; -1: out of memory. Never reads at or past
 * in->length. A quote opens a quoted field only as a field's first byte (elsewhere it is text);
 * text after a closing quote is kept (`"a"b` reads `ab`), as spreadsheets do. CRLF, LF and a lone
 * CR each end a row (and a line), outside quotes; inside, they are kept as they are. */
static int read_row(reader *in, row *out) {
    static const uint8_t nul = 0, quote = '"';
    const uint8_t *data = in->data;
    size_t n = in->length, p = in->position;
    if (p >= n) return 0;
    out->line = in->line;
    out->count = 0;
    out->too_many = 0;
    out->unterminated = 0;
    out->used = 0;
    for (;;) {
        size_t start = out->used;
        if (p < n && data[p] == '"') {
            p++;
            for (;;) {
                size_t run = p;
                while (p < n && data[p] != '"' && data[p] != '\r' && data[p] != '\n') p++;
                if (append(out, data + run, p - run) != 0) return -1;
                if (p >= n) {
                    out->unterminated = 1;
                    break;
                }
                if (data[p] == '"') {
                    if (p + 1 < n && data[p + 1] == '"') {
                        if (append(out, &quote, 1) != 0) return -1;
                        p += 2;
                        continue;
                    }
                    p++; /* the closing quote */
                    break;
                }
                size_t breadth = data[p] == '\r' && p + 1 < n && data[p + 1] == '\n' ? 2 : 1;
                if (append(out, data + p, breadth) != 0) return -1;
                p += breadth;
                next_line(in);
            }
        }
        size_t run = p;
        while (p < n && data[p] != in->delimiter && data[p] != '\r' && data[p] != '\n') p++;
        if (append(out, data + run, p - run) != 0 || append(out, &nul, 1) != 0) return -1;
        if (out->count < MAX_FIELDS) {
            out->fields[out->count].offset = start;
            out->fields[out->count].length = out->used - 1 - start;
            out->count++;
        } else {
            out->too_many = 1;
        }
        if (p >= n) break;
        if (data[p] == in->delimiter) {
            p++;
            continue;
        }
        p += data[p] == '\r' && p + 1 < n && data[p + 1] == '\n' ? 2 : 1;
        next_line(in);
        break;
    }
    in->position = p;
    return 1;
}

/* ---- Values ------------------------------------------------------------------------------------ */

typedef struct span {
    const char *text;
    size_t length;
} span;

static int is_space(char c) { return c == ' ' || c == '\t'; }

static span trim(span s) {
    while (s.length > 0 && is_space(s.text[0])) {
        s.text++;
        s.length--;
    }
    while (s.length > 0 && is_space(s.text[s.length - 1])) s.length--;
    return s;
}

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* Whether `s` is `word`, ignoring ASCII case. */
static int equals(span s, const char *word) {
    size_t length = strlen(word);
    if (s.length != length) return 0;
    for (size_t i = 0; i < length; i++) {
        if (lower(s.text[i]) != lower(word[i])) return 0;
    }
    return 1;
}

/* Strict UTF-8 (no overlong forms, surrogates or code points past U+10FFFF) without NUL, which
 * would cut the text short once it is a C string. */
static int valid_utf8(span s) {
    const unsigned char *b = (const unsigned char *)s.text;
    size_t i = 0, n = s.length;
    while (i < n) {
        unsigned char c = b[i];
        if (c == 0) return 0;
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t extra;
        unsigned char low = 0x80, high = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            if (c == 0xE0) low = 0xA0;
            if (c == 0xED) high = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            if (c == 0xF0) low = 0x90;
            if (c == 0xF4) high = 0x8F;
        } else {
            return 0;
        }
        if (n - i <= extra) return 0;
        if (b[i + 1] < low || b[i + 1] > high) return 0;
        for (size_t k = 2; k <= extra; k++) {
            if (b[i + k] < 0x80 || b[i + k] > 0xBF) return 0;
        }
        i += extra + 1;
    }
    return 1;
}

/* Reads 1…`most` digits at s[*p] (at most 9, so no overflow); returns how many (0: none, or more
 * than `most`). */
static int digits(span s, size_t *p, int most, int32_t *value) {
    int count = 0;
    int32_t v = 0;
    while (*p < s.length && s.text[*p] >= '0' && s.text[*p] <= '9') {
        if (++count > most) return 0;
        v = v * 10 + (s.text[*p] - '0');
        (*p)++;
    }
    *value = v;
    return count;
}

static int expect(span s, size_t *p, char c) {
    if (*p < s.length && s.text[*p] == c) {
        (*p)++;
        return 1;
    }
    return 0;
}

/* MM/DD/YYYY (or M/D/YYYY) or YYYY-MM-DD, a real day; 0 when not. */
static int parse_date(span s, cc_date_time *out) {
    size_t p = 0;
    int32_t a, b, c;
    int first = digits(s, &p, 4, &a);
    int32_t year, month, day;
    if (first == 4 && expect(s, &p, '-')) {
        if (!digits(s, &p, 2, &b) || !expect(s, &p, '-') || !digits(s, &p, 2, &c)) return 0;
        year = a, month = b, day = c;
    } else if (first >= 1 && first <= 2 && expect(s, &p, '/')) {
        if (!digits(s, &p, 2, &b) || !expect(s, &p, '/') || digits(s, &p, 4, &c) != 4) return 0;
        year = c, month = a, day = b;
    } else {
        return 0;
    }
    if (p != s.length || !valid_date(year, month, day)) return 0;
    cc_date_time t = {year, month, day, 0, 0, 0};
    *out = t;
    return 1;
}

/* h:mm[:ss] AM/PM (any case, space or not) or HH:MM[:SS]; sets the time fields of *out; 0 when not
 * a time. */
static int parse_time(span s, cc_date_time *out) {
    size_t p = 0;
    int32_t hour, minute, second = 0;
    if (!digits(s, &p, 2, &hour) || !expect(s, &p, ':') || digits(s, &p, 2, &minute) != 2) return 0;
    if (expect(s, &p, ':') && digits(s, &p, 2, &second) != 2) return 0;
    while (p < s.length && is_space(s.text[p])) p++;
    if (p < s.length) {
        span half = {s.text + p, s.length - p};
        int pm = equals(half, "pm");
        if (!pm && !equals(half, "am")) return 0;
        if (hour < 1 || hour > 12) return 0;
        hour = hour % 12 + (pm ? 12 : 0);
    }
    if (!valid_time(hour, minute, second)) return 0;
    out->hour = hour;
    out->minute = minute;
    out->second = second;
    return 1;
}

static int parse_true(span s) {
    s = trim(s);
    return equals(s, "true") || equals(s, "yes") || equals(s, "1");
}

/* Undoes the exporter's guard: one quote fewer before quotes and a formula character. */
static span unguard(span s) {
    size_t quotes = 0;
    while (quotes < s.length && s.text[quotes] == '\'') quotes++;
    if (quotes > 0 && quotes < s.length && starts_formula(s.text[quotes])) {
        s.text++;
        s.length--;
    }
    return s;
}

/* ---- Uids of rows without one ------------------------------------------------------------------ */

/* 64-bit FNV-1a: small, stable across platforms and releases, and enough to tell apart the rows of
 * one person's files (the uid is a match key, not a secret). */
static uint64_t fnv(uint64_t hash, const void *bytes, size_t length) {
    const unsigned char *b = bytes;
    for (size_t i = 0; i < length; i++) {
        hash ^= b[i];
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

/* "2026-09-14" for an all-day event, "2026-09-14T09:05:00" otherwise. */
static void normal_form(char *out, size_t capacity, cc_date_time t, int all_day) {
    if (all_day) {
        snprintf(out, capacity, "%04d-%02d-%02d", (int)t.year, (int)t.month, (int)t.day);
    } else {
        snprintf(out, capacity, "%04d-%02d-%02dT%02d:%02d:%02d", (int)t.year, (int)t.month, (int)t.day, (int)t.hour, (int)t.minute,
                 (int)t.second);
    }
}

/* How often each derived hash came up in this file, so exact duplicate rows get "-2", "-3", … */
typedef struct seen {
    uint64_t *keys;
    uint32_t *counts; /* 0: an empty slot */
    size_t capacity, used;
} seen;

/* Counts `key` once more; returns its count (1 the first time), 0 when out of memory. */
static uint32_t count_key(seen *set, uint64_t key) {
    if (set->used * 2 >= set->capacity) {
        size_t capacity = set->capacity == 0 ? 1024 : set->capacity * 2;
        uint64_t *keys = calloc(capacity, sizeof *keys);
        uint32_t *counts = calloc(capacity, sizeof *counts);
        if (keys == NULL || counts == NULL) {
            free(keys);
            free(counts);
            return 0;
        }
        for (size_t i = 0; i < set->capacity; i++) {
            if (set->counts[i] == 0) continue;
            size_t slot = (size_t)(set->keys[i] & (capacity - 1));
            while (counts[slot] != 0) slot = (slot + 1) & (capacity - 1);
            keys[slot] = set->keys[i];
            counts[slot] = set->counts[i];
        }
        free(set->keys);
        free(set->counts);
        set->keys = keys;
        set->counts = counts;
        set->capacity = capacity;
    }
    size_t slot = (size_t)(key & (set->capacity - 1));
    while (set->counts[slot] != 0 && set->keys[slot] != key) slot = (slot + 1) & (set->capacity - 1);
    if (set->counts[slot] == 0) {
        set->keys[slot] = key;
        set->used++;
    }
    if (set->counts[slot] < UINT32_MAX) set->counts[slot]++;
    return set->counts[slot];
}

/* ---- The importer ------------------------------------------------------------------------------ */

enum { SUBJECT, START_DATE, START_TIME, END_DATE, END_TIME, ALL_DAY, DESCRIPTION, LOCATION, UID, COLUMNS };

static const char *const column_names[COLUMNS] = {
    "Subject", "Start Date", "Start Time", "End Date", "End Time", "All Day Event", "Description", "Location", "UID",
};

static const char not_calendar[] = "This is not a calendar CSV file: its first row must name the columns, with at least 'Subject' and "
                                   "'Start Date' (as Google Calendar and Outlook export them).";

/* One parse call's working state (allocated by it, freed before it returns). */
typedef struct import {
    reader in;
    row row;
    int columns[COLUMNS]; /* the field index of each column, or -1 */
    uint32_t record;      /* the spreadsheet row number of the current row (the header is row 1) */
    uint32_t emitted;
    uint32_t reported;   /* problems reported one by one */
    uint32_t unreported; /* rows with problems past MAX_REPORTS */
    uint32_t first_unreported_line;
    seen uids;
    cc_emit_calendar_event_fn emit;
    cc_report_problem_fn report;
    void *sink;
} import;

static void report_row(import *im, int always, const char *format, va_list arguments) CSV_PRINTF(3, 0);
static void problem(import *im, const char *format, ...) CSV_PRINTF(2, 3);
static void last_problem(import *im, const char *format, ...) CSV_PRINTF(2, 3);

/* Reports the current row, its spreadsheet row number first. Past MAX_REPORTS (unless `always`),
 * only counts it: a person fixes a file from its first errors (300,000 bad rows are one mistake,
 * like day-first dates), and the host keeps and shows every report. */
static void report_row(import *im, int always, const char *format, va_list arguments) {
    if (!always && im->reported >= MAX_REPORTS) {
        if (im->unreported++ == 0) im->first_unreported_line = im->row.line;
        return;
    }
    im->reported++;
    char text[512];
    int length = snprintf(text, sizeof text, "Row %u", (unsigned)im->record);
    if (length > 0 && (size_t)length < sizeof text) vsnprintf(text + length, sizeof text - (size_t)length, format, arguments);
    /* snprintf may have cut a character of a quoted value in two: end at a character boundary. */
    size_t end = strlen(text);
    size_t last = end;
    while (last > 0 && (((unsigned char)text[last - 1]) & 0xC0) == 0x80) last--;
    if (last > 0 && ((unsigned char)text[last - 1]) >= 0xC0) {
        size_t need = ((unsigned char)text[last - 1]) >= 0xF0 ? 4 : ((unsigned char)text[last - 1]) >= 0xE0 ? 3 : 2;
        if (end - (last - 1) < need) text[last - 1] = '\0';
    }
    im->report(im->sink, im->row.line, text);
}

static void problem(import *im, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    report_row(im, 0, format, arguments);
    va_end(arguments);
}

/* A problem that ends the import: said even past MAX_REPORTS. */
static void last_problem(import *im, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    report_row(im, 1, format, arguments);
    va_end(arguments);
}

/* A value quoted back to the person: at most SHOWN bytes (cut at a character), control characters
 * as spaces, "…" when cut. `s` is valid UTF-8. */
static const char *shown(span s, char *out, size_t capacity) {
    size_t length = s.length;
    int cut = 0;
    if (length > SHOWN) {
        length = SHOWN;
        while (length > 0 && (((unsigned char)s.text[length]) & 0xC0) == 0x80) length--;
        cut = 1;
    }
    if (length + 4 > capacity) length = 0; /* cannot happen with the buffers below */
    for (size_t i = 0; i < length; i++) out[i] = ((unsigned char)s.text[i]) < 0x20 || s.text[i] == 0x7F ? ' ' : s.text[i];
    if (cut) {
        memcpy(out + length, "\xE2\x80\xA6", 3); /* … */
        length += 3;
    }
    out[length] = '\0';
    return out;
}

/* The cell of `column` in the current row; empty when the file has no such column or the row is
 * short. Text cells keep their spaces (they are the person's text); callers trim the others. */
static span cell(const import *im, int column) {
    span s = {"", 0};
    int index = im->columns[column];
    if (index >= 0 && (uint32_t)index < im->row.count) {
        s.text = im->row.text + im->row.fields[index].offset;
        s.length = im->row.fields[index].length;
    }
    return s;
}

static int blank(const row *r) {
    for (uint32_t i = 0; i < r->count; i++) {
        span s = {r->text + r->fields[i].offset, r->fields[i].length};
        if (trim(s).length > 0) return 0;
    }
    return !r->too_many;
}

/* Finds the columns in the current row (the header). 1 when Subject and Start Date are there. */
static int find_columns(import *im) {
    for (int c = 0; c < COLUMNS; c++) im->columns[c] = -1;
    for (uint32_t i = 0; i < im->row.count; i++) {
        span name = {im->row.text + im->row.fields[i].offset, im->row.fields[i].length};
        name = trim(name);
        for (int c = 0; c < COLUMNS; c++) {
            if (im->columns[c] < 0 && equals(name, column_names[c])) im->columns[c] = (int)i;
        }
    }
    return im->columns[SUBJECT] >= 0 && im->columns[START_DATE] >= 0;
}

/* A text cell for the event: unguarded, at most `limit` bytes (else reported, and 0 returned).
 * `optional`: NULL when empty. The text stays NUL-terminated (it ends where the field ends). */
static int text_cell(import *im, int column, size_t limit, int optional, const char **out) {
    span s = unguard(cell(im, column));
    if (s.length > limit) {
        problem(im, ": '%s' is too long (%zu bytes; at most %zu fit).", column_names[column], s.length, limit);
        return 0;
    }
    *out = optional && s.length == 0 ? NULL : s.text;
    return 1;
}

/* Turns the current row into an event and emits it, or reports why not. CC_OK: go on;
 * CC_NO_SPACE: the import is full; anything else: the host failed, stop with it. */
static cc_status take_row(import *im) {
    char value[SHOWN + 8], other[64], more[64];
    if (im->row.too_many) {
        problem(im, " has more than %d cells; a calendar row has a few (Subject, Start Date, …).", MAX_FIELDS);
        return CC_OK;
    }
    for (int c = 0; c < COLUMNS; c++) {
        if (!valid_utf8(cell(im, c))) {
            problem(im, ": '%s' is not UTF-8 text. Save the file as \"CSV UTF-8\" and import it again.", column_names[c]);
            return CC_OK;
        }
    }

    span start_date = trim(cell(im, START_DATE)), start_time = trim(cell(im, START_TIME));
    span end_date = trim(cell(im, END_DATE)), end_time = trim(cell(im, END_TIME));
    cc_date_time start, end, last;
    if (start_date.length == 0) {
        problem(im, " has no 'Start Date'; every event needs one, a date like 09/14/2026.");
        return CC_OK;
    }
    if (!parse_date(start_date, &start)) {
        problem(im, ": 'Start Date' is '%s', not a date like 09/14/2026.", shown(start_date, value, sizeof value));
        return CC_OK;
    }
    last = start;
    if (end_date.length > 0 && !parse_date(end_date, &last)) {
        problem(im, ": 'End Date' is '%s', not a date like 09/14/2026.", shown(end_date, value, sizeof value));
        return CC_OK;
    }
    int all_day = parse_true(cell(im, ALL_DAY)) || start_time.length == 0;
    if (all_day) {
        if (day_of(last) < day_of(start)) {
            problem(im, ": 'End Date' %s is before 'Start Date' %s.", shown(end_date, value, sizeof value),
                    shown(start_date, other, sizeof other));
            return CC_OK;
        }
        /* The End Date is the last day (Google's and our own files), unless the row says the event
         * ends at midnight of a later day — Outlook writes all-day events so (End Time 12:00:00 AM
         * of the next day), and midnight is then the exclusive end itself. */
        cc_date_time midnight = last;
        if (end_date.length > 0 && day_of(last) > day_of(start) && parse_time(end_time, &midnight) && midnight.hour == 0 &&
            midnight.minute == 0 && midnight.second == 0) {
            end = civil(day_of(last));
        } else {
            end = civil(day_of(last) + 1);
        }
        start = civil(day_of(start));
    } else {
        if (!parse_time(start_time, &start)) {
            problem(im, ": 'Start Time' is '%s', not a time like 9:00 AM or 14:30.", shown(start_time, value, sizeof value));
            return CC_OK;
        }
        if (end_time.length > 0) {
            end = end_date.length > 0 ? last : start; /* an End Time alone is on the start's day */
            if (!parse_time(end_time, &end)) {
                problem(im, ": 'End Time' is '%s', not a time like 10:30 AM or 10:30.", shown(end_time, value, sizeof value));
                return CC_OK;
            }
        } else if (end_date.length > 0) {
            /* An End Date without an End Time: an hour, ending on that day. */
            end = last;
            end.hour = start.hour;
            end.minute = start.minute;
            end.second = start.second;
            end = from_seconds(seconds_of(end) + 3600);
        } else {
            end = from_seconds(seconds_of(start) + 3600); /* no end at all: an hour */
        }
        if (seconds_of(end) <= seconds_of(start)) {
            size_t at;
            format_date(other, sizeof other, end);
            at = strlen(other);
            other[at++] = ' ';
            format_time(other + at, sizeof other - at, end);
            format_date(more, sizeof more, start);
            at = strlen(more);
            more[at++] = ' ';
            format_time(more + at, sizeof more - at, start);
            problem(im, " ends (%s) before or when it starts (%s); check its 'End Date' and 'End Time'.", other, more);
            return CC_OK;
        }
    }

    const char *title, *description, *location;
    if (!text_cell(im, SUBJECT, MAX_TITLE, 0, &title) || !text_cell(im, DESCRIPTION, MAX_DESCRIPTION, 1, &description) ||
        !text_cell(im, LOCATION, MAX_LOCATION, 1, &location)) {
        return CC_OK;
    }

    char uid[MAX_UID + 1];
    span given = unguard(trim(cell(im, UID)));
    if (given.length > MAX_UID) {
        problem(im, ": 'UID' is too long (%zu bytes; at most %d fit).", given.length, MAX_UID);
        return CC_OK;
    }
    if (given.length > 0) {
        memcpy(uid, given.text, given.length);
        uid[given.length] = '\0';
    } else {
        /* From what the row says, normalised (09/14/2026 and 2026-09-14 alike), not from its text;
         * notes and places left out, so that editing those and importing again updates the event. */
        char from[32], to[32];
        normal_form(from, sizeof from, start, all_day);
        normal_form(to, sizeof to, end, all_day);
        uint64_t hash = fnv(0xcbf29ce484222325ULL, title, strlen(title));
        hash = fnv(hash, "", 1);
        hash = fnv(hash, from, strlen(from));
        hash = fnv(hash, "", 1);
        hash = fnv(hash, to, strlen(to));
        uint32_t copies = count_key(&im->uids, hash);
        if (copies == 0) return CC_ERROR;
        if (copies == 1) {
            snprintf(uid, sizeof uid, "csv-%016llx", (unsigned long long)hash);
        } else {
            snprintf(uid, sizeof uid, "csv-%016llx-%u", (unsigned long long)hash, (unsigned)copies);
        }
    }

    if (im->emitted >= MAX_EVENTS) return CC_NO_SPACE;
    cc_calendar_event event = {
        sizeof(cc_calendar_event), all_day ? 1u : 0u, uid, title, description, location, NULL, start, end, NULL,
    };
    cc_status status = im->emit(im->sink, &event, im->row.line);
    if (status == CC_OK) im->emitted++;
    if (status == CC_INVALID_ARGUMENT) return CC_OK; /* refused; the host tells the person why */
    return status;
}

static void release(import *im) {
    free(im->row.text);
    free(im->uids.keys);
    free(im->uids.counts);
    free(im);
}

/* Reads `data` as described at the top of this file. Returns CC_OK once the header is understood
 * (rows that could not be read are reported, not fatal); CC_ERROR with a message for the person when
 * the file is not a calendar CSV at all. Thread: a host worker, one call at a time; deadline 10 s
 * (4 MiB take well under a tenth of a second). */
static cc_status parse(void *state, const uint8_t *data, uint64_t length, cc_emit_calendar_event_fn emit, cc_report_problem_fn report,
                       void *sink, cc_message *error) {
    (void)state;
    if (emit == NULL || report == NULL || (data == NULL && length > 0) || length > SIZE_MAX) {
        cc_message_set(error, "csv-files: parse needs the file, emit and report");
        return CC_INVALID_ARGUMENT;
    }
    size_t n = (size_t)length, begin = 0;
    if (n >= 2 && ((data[0] == 0xFF && data[1] == 0xFE) || (data[0] == 0xFE && data[1] == 0xFF))) {
        cc_message_set(error, "This file is UTF-16 text (Excel's \"Unicode Text\"), not CSV. Save it as \"CSV UTF-8 (Comma delimited)\" "
                              "and import that.");
        return CC_ERROR;
    }
    if (n >= 4 && memcmp(data, "PK\x03\x04", 4) == 0) {
        cc_message_set(error, "This is a spreadsheet workbook (.xlsx or .ods), not a CSV file. Save it as \"CSV UTF-8 (Comma delimited)\" "
                              "and import that.");
        return CC_ERROR;
    }
    if (n >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) begin = 3; /* Excel's "CSV UTF-8" starts so */

    import *im = calloc(1, sizeof *im);
    if (im == NULL) {
        cc_message_set(error, "csv-files: out of memory");
        return CC_ERROR;
    }
    im->emit = emit;
    im->report = report;
    im->sink = sink;

    /* The header: the first row that is not blank, read with commas, else semicolons, else tabs. */
    static const uint8_t delimiters[] = {',', ';', '\t'};
    int found = 0, any = 0;
    for (size_t d = 0; d < sizeof delimiters && !found; d++) {
        reader start = {data, n, begin, 1, delimiters[d]};
        im->in = start;
        im->record = 0;
        int got;
        while ((got = read_row(&im->in, &im->row)) == 1) {
            im->record++;
            if (!blank(&im->row)) break;
        }
        if (got < 0) {
            release(im);
            cc_message_set(error, "csv-files: out of memory");
            return CC_ERROR;
        }
        if (got == 0) break; /* nothing but blank rows, whatever the delimiter */
        any = 1;
        found = !im->row.unterminated && find_columns(im); /* past 256 names, the first 256 count */
    }
    if (!found) {
        release(im);
        cc_message_set(error, any ? not_calendar : "This file is empty: a calendar CSV file has a first row naming the columns "
                                                   "('Subject', 'Start Date', …) and a row for each event.");
        return CC_ERROR;
    }

    cc_status status = CC_OK;
    int got = 0;
    while (status == CC_OK && (got = read_row(&im->in, &im->row)) == 1) {
        im->record++;
        if (im->row.unterminated) {
            last_problem(im, ": a quoted cell (one beginning with \") is never closed, so the file ends inside it; this row and any after "
                        "it could not be read.");
            break;
        }
        if (blank(&im->row)) continue;
        status = take_row(im);
    }
    if (status == CC_OK && got < 0) status = CC_ERROR;
    if (status == CC_NO_SPACE) {
        last_problem(im, " and the rows after it were not imported: one import takes at most %d events.", MAX_EVENTS);
        status = CC_OK;
    }
    if (im->unreported > 0) {
        char text[200];
        snprintf(text, sizeof text, "%u more rows could not be read either (only the first %d problems are listed).",
                 (unsigned)im->unreported, MAX_REPORTS);
        im->report(im->sink, im->first_unreported_line, text);
    }
    release(im);
    if (status != CC_OK) cc_message_set(error, "csv-files: out of memory, or the server stopped taking events");
    return status;
}

/* ---- The plugin -------------------------------------------------------------------------------- */

static const cc_exporter_feature exporter = {
    sizeof(cc_exporter_feature), 0, "csv", "CSV for spreadsheets", "text/csv; charset=utf-8", "csv", export_events,
};

static const cc_importer_feature importer = {
    sizeof(cc_importer_feature), 0, "csv", "CSV from spreadsheets", "text/csv", parse,
};

/* No state: every call has all it needs. Thread: the host's, once, before anything else. */
static cc_status plugin_init(const cc_host_api *host, void **state, cc_message *error) {
    (void)error;
    *state = NULL;
    if (host != NULL && host->log != NULL) host->log(host->host, CC_LOG_DEBUG, "CSV export and import ready");
    return CC_OK;
}

/* Thread: the host's, once, after init. */
static cc_status plugin_start(void *state, cc_message *error) {
    (void)state;
    (void)error;
    return CC_OK;
}

/* Thread: the host's, once; no call is running or follows. */
static void plugin_stop(void *state) { (void)state; }

/* Thread: the host's, once, last. */
static void plugin_deinit(void *state) { (void)state; }

/* The two tables are static: valid for as long as the library is loaded. Thread: the host's. */
static const void *plugin_get_feature(void *state, const char *feature_id) {
    (void)state;
    if (feature_id == NULL) return NULL;
    if (strcmp(feature_id, CC_FEATURE_EXPORTER) == 0) return &exporter;
    if (strcmp(feature_id, CC_FEATURE_IMPORTER) == 0) return &importer;
    return NULL;
}

static const cc_plugin_descriptor descriptor = {
    sizeof(cc_plugin_descriptor),
    CAMPUSCAL_PLUGIN_ABI_MAJOR,
    2, /* needs 1.2: exporters and importers */
    0,
    "org.campuscal.csv-files",
    "CSV files (spreadsheets, Google Calendar, Outlook)",
    "1.0.0",
    plugin_init,
    plugin_start,
    plugin_stop,
    plugin_deinit,
    plugin_get_feature,
};

/* Thread: the host's, once, before init. */
CAMPUSCAL_EXPORT const cc_plugin_descriptor *campuscal_plugin_entry_v1(
    uint32_t host_abi_major, uint32_t host_abi_minor, const cc_host_api *host, cc_message *error) {
    (void)host;
    if (host_abi_major != CAMPUSCAL_PLUGIN_ABI_MAJOR || host_abi_minor < 2) {
        cc_message_set(error, "csv-files needs CampusCal plugin ABI 1.2 or newer");
        return NULL;
    }
    return &descriptor;
}
