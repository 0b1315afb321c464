/*
 * us-holidays — the US federal holidays as day labels (SRS 3.2.26), a CampusCal plugin in C.
 *
 * The holidays of 5 U.S.C. 6103 as OPM lists them, with OPM's rule for holidays on a weekend: one
 * falling on a Saturday is observed on the Friday before, one on a Sunday on the Monday after. The
 * day itself keeps its name; the observed day is labelled "… (observed)" — so a student sees both
 * that July 4th is Independence Day and that offices close on Friday July 3rd. New Year's Day on a
 * Saturday is observed on December 31st of the year before, as OPM does.
 *
 * Pure computation: no host data, no network, no state; it asks for no permissions.
 */
#include "campuscal_plugin.h"
#include "campuscal_plugin_util.h"

#include <stddef.h>

/* ---- Calendar arithmetic ----------------------------------------------------------------------- */

/* Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
static int64_t day_number(int32_t year, int32_t month, int32_t day) {
    int64_t y = month <= 2 ? (int64_t)year - 1 : year;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t mp = (month + 9) % 12;
    int64_t doy = (153 * mp + 2) / 5 + day - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static cc_date civil(int64_t n) {
    int64_t z = n + 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int32_t day = (int32_t)(doy - (153 * mp + 2) / 5 + 1);
    int32_t month = (int32_t)(mp < 10 ? mp + 3 : mp - 9);
    cc_date date = {(int32_t)(yoe + era * 400 + (month <= 2 ? 1 : 0)), month, day};
    return date;
}

/* 0 = Monday … 6 = Sunday. 1970-01-01 was a Thursday. */
static int weekday(int64_t n) { return (int)(((n + 3) % 7 + 7) % 7); }

/* The nth (1-based) `wday` of a month; n = -1: the last. */
static int64_t nth_weekday(int32_t year, int32_t month, int wday, int n) {
    if (n > 0) {
        int64_t first = day_number(year, month, 1);
        return first + (wday - weekday(first) + 7) % 7 + 7 * (n - 1);
    }
    int64_t last = day_number(month == 12 ? year + 1 : year, month == 12 ? 1 : month + 1, 1) - 1;
    return last - (weekday(last) - wday + 7) % 7;
}

/* ---- The holidays ------------------------------------------------------------------------------ */

typedef struct emitter {
    int64_t first, last; /* the range asked for, as day numbers */
    cc_emit_day_label_fn emit;
    void *sink;
    cc_status status;
} emitter;

static void label(emitter *out, int64_t day, const char *text) {
    if (out->status != CC_OK || day < out->first || day > out->last) return;
    cc_day_label value = {sizeof(cc_day_label), 0, civil(day), text, "holiday"};
    out->status = out->emit(out->sink, &value);
}

/* A fixed-date holiday and, when it falls on a weekend, its observed weekday. */
static void fixed(emitter *out, int32_t year, int32_t month, int32_t day, const char *name, const char *observed_name) {
    int64_t n = day_number(year, month, day);
    label(out, n, name);
    switch (weekday(n)) {
    case 5: label(out, n - 1, observed_name); break; /* Saturday → Friday */
    case 6: label(out, n + 1, observed_name); break; /* Sunday → Monday */
    default: break;
    }
}

static void holidays_of_year(emitter *out, int32_t year) {
    fixed(out, year, 1, 1, "New Year's Day", "New Year's Day (observed)");
    label(out, nth_weekday(year, 1, 0, 3), "Birthday of Martin Luther King, Jr.");
    label(out, nth_weekday(year, 2, 0, 3), "Washington's Birthday");
    label(out, nth_weekday(year, 5, 0, -1), "Memorial Day");
    if (year >= 2021) fixed(out, year, 6, 19, "Juneteenth National Independence Day", "Juneteenth National Independence Day (observed)");
    fixed(out, year, 7, 4, "Independence Day", "Independence Day (observed)");
    label(out, nth_weekday(year, 9, 0, 1), "Labor Day");
    label(out, nth_weekday(year, 10, 0, 2), "Columbus Day");
    fixed(out, year, 11, 11, "Veterans Day", "Veterans Day (observed)");
    label(out, nth_weekday(year, 11, 3, 4), "Thanksgiving Day");
    fixed(out, year, 12, 25, "Christmas Day", "Christmas Day (observed)");
}

static int valid(cc_date d) {
    return d.year >= 1900 && d.year <= 2999 && d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= 31 &&
           civil(day_number(d.year, d.month, d.day)).day == d.day;
}

static cc_status labels(void *state, cc_date first, cc_date last, cc_emit_day_label_fn emit, void *sink, cc_message *error) {
    (void)state;
    if (!valid(first) || !valid(last) || emit == NULL) {
        cc_message_set(error, "us-holidays: the range must be two real dates from 1900 to 2999");
        return CC_INVALID_ARGUMENT;
    }
    emitter out = {day_number(first.year, first.month, first.day), day_number(last.year, last.month, last.day), emit, sink, CC_OK};
    /* The next year too: its New Year's Day may be observed on December 31st of this one. */
    for (int32_t year = first.year; year <= last.year + 1 && out.status == CC_OK; year++) holidays_of_year(&out, year);
    if (out.status != CC_OK) cc_message_set(error, "us-holidays: the server refused a label");
    return out.status;
}

/* ---- The plugin -------------------------------------------------------------------------------- */

/* A range's holidays never change while the plugin is loaded: the server may keep them a day. */
static const cc_day_labels_feature day_labels = {sizeof(cc_day_labels_feature), 86400, labels};

static cc_status plugin_init(const cc_host_api *host, void **state, cc_message *error) {
    (void)error;
    *state = NULL;
    if (host != NULL && host->log != NULL) host->log(host->host, CC_LOG_DEBUG, "US federal holidays ready");
    return CC_OK;
}

static cc_status plugin_start(void *state, cc_message *error) {
    (void)state;
    (void)error;
    return CC_OK;
}

static void plugin_stop(void *state) { (void)state; }
static void plugin_deinit(void *state) { (void)state; }

static const void *plugin_get_feature(void *state, const char *feature_id) {
    (void)state;
    if (feature_id != NULL && strcmp(feature_id, CC_FEATURE_DAY_LABELS) == 0) return &day_labels;
    return NULL;
}

static const cc_plugin_descriptor descriptor = {
    sizeof(cc_plugin_descriptor), CAMPUSCAL_PLUGIN_ABI_MAJOR, 0, 0, "org.campuscal.us-holidays", "US federal holidays", "1.0.0",
    plugin_init, plugin_start, plugin_stop, plugin_deinit, plugin_get_feature,
};

CAMPUSCAL_EXPORT const cc_plugin_descriptor *campuscal_plugin_entry_v1(
    uint32_t host_abi_major, uint32_t host_abi_minor, const cc_host_api *host, cc_message *error) {
    (void)host_abi_minor;
    (void)host;
    if (host_abi_major != CAMPUSCAL_PLUGIN_ABI_MAJOR) {
        cc_message_set(error, "us-holidays speaks plugin ABI 1");
        return NULL;
    }
    return &descriptor;
}
