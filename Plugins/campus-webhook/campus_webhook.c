/*
 * campus_webhook.c — the campus-webhook plugin: a notification channel that POSTs each notification
 * of a person who opted in to a campus webhook (a chat bridge, an SMS gateway, a help-desk
 * integration), as JSON:
 *
 *   {"username": "avery", "kind": "reminder", "title": "…", "body": "…", "link": "…",
 *    "createdAt": 1790000000, "subject": "rc_…"}
 *
 * with `Authorization: Bearer <token>` when the administrator configured a token. Settings, from
 * the [config] table of plugin.toml (cc_host_api.config_get): `url` (required: init refuses
 * without it), `token`, `timeout_seconds` (default 5, at most 9: the host's deadline is 10 s).
 *
 * Only people who consented to this plugin (the agreement named after its id, agreement.toml in
 * this folder) are ever handed to it: the host decides, and logs each delivery. A delivery that
 * fails is reported to the host (which logs it); the person's inbox keeps the notification.
 *
 * Threads: the host calls deliver on one worker thread at a time; libcurl is initialised once in
 * init (curl_global_init is not thread-safe, and init runs before any other call). Memory: the
 * state (settings) is malloc'd in init and freed in deinit; nothing crosses the boundary.
 */
#include "campuscal_plugin.h"
#include "campuscal_plugin_util.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct webhook {
    const cc_host_api *host;
    char url[2048];
    char authorization[1024]; /* "Authorization: Bearer …", or empty */
    long timeout_seconds;
} webhook;

static void say(const webhook *hook, int32_t level, const char *text) { hook->host->log(hook->host->host, level, text); }

/* A setting into `buffer`; 0 when set (and it fits), -1 otherwise. */
static int setting(const cc_host_api *host, const char *key, char *buffer, uint32_t capacity) {
    uint32_t length = 0;
    if (host->struct_size < sizeof(cc_host_api) || host->config_get == NULL) return -1;
    return host->config_get(host->host, key, buffer, capacity, &length) == CC_OK ? 0 : -1;
}

static cc_status plugin_init(const cc_host_api *host, void **state, cc_message *error) {
    webhook *hook = calloc(1, sizeof *hook);
    if (hook == NULL) {
        cc_message_set(error, "out of memory");
        return CC_ERROR;
    }
    hook->host = host;
    if (setting(host, "url", hook->url, sizeof hook->url) != 0 ||
        (strncmp(hook->url, "http://", 7) != 0 && strncmp(hook->url, "https://", 8) != 0)) {
        free(hook);
        cc_message_set(error, "set url = \"https://…\" in the [config] table of its plugin.toml (the webhook to post to)");
        return CC_INVALID_ARGUMENT;
    }
    char token[900] = {0};
    if (setting(host, "token", token, sizeof token) == 0 && token[0] != '\0') {
        snprintf(hook->authorization, sizeof hook->authorization, "Authorization: Bearer %s", token);
    }
    char timeout[16] = {0};
    hook->timeout_seconds = setting(host, "timeout_seconds", timeout, sizeof timeout) == 0 ? strtol(timeout, NULL, 10) : 5;
    if (hook->timeout_seconds < 1 || hook->timeout_seconds > 9) hook->timeout_seconds = 5;
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        free(hook);
        cc_message_set(error, "libcurl could not be initialised");
        return CC_ERROR;
    }
    *state = hook;
    return CC_OK;
}

static cc_status plugin_start(void *state, cc_message *error) {
    (void)error;
    webhook *hook = state;
    char line[2200];
    snprintf(line, sizeof line, "posting notifications of people who opted in to %s", hook->url);
    say(hook, CC_LOG_INFO, line);
    return CC_OK;
}

static void plugin_stop(void *state) { (void)state; }

static void plugin_deinit(void *state) {
    free(state);
    curl_global_cleanup();
}

/* Appends `text` to `out` as a JSON string (quotes included); returns the new length, or -1 when
 * `out` (of `capacity` bytes) is too small. Control characters are escaped; UTF-8 passes through. */
static long json_string(char *out, long length, long capacity, const char *text) {
    if (text == NULL) {
        if (length + 4 >= capacity) return -1;
        memcpy(out + length, "null", 4);
        return length + 4;
    }
    if (length + 1 >= capacity) return -1;
    out[length++] = '"';
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        char escaped[8];
        int size;
        if (*c == '"' || *c == '\\') {
            size = snprintf(escaped, sizeof escaped, "\\%c", *c);
        } else if (*c < 0x20) {
            size = snprintf(escaped, sizeof escaped, "\\u%04x", *c);
        } else {
            escaped[0] = (char)*c;
            size = 1;
        }
        if (length + size + 1 >= capacity) return -1;
        memcpy(out + length, escaped, (size_t)size);
        length += size;
    }
    out[length++] = '"';
    return length;
}

/* Appends a literal. */
static long literal(char *out, long length, long capacity, const char *text) {
    long size = (long)strlen(text);
    if (length < 0 || length + size + 1 >= capacity) return -1;
    memcpy(out + length, text, (size_t)size);
    return length + size;
}

static size_t discard(char *data, size_t size, size_t count, void *user) {
    (void)data;
    (void)user;
    return size * count;
}

static cc_status deliver(void *state, const cc_notification *notification, cc_message *error) {
    webhook *hook = state;
    if (hook == NULL || notification == NULL || notification->struct_size < sizeof(cc_notification)) {
        cc_message_set(error, "a notification smaller than ABI 1.1's");
        return CC_INVALID_ARGUMENT;
    }
    enum { capacity = 16384 };
    char *body = malloc(capacity);
    if (body == NULL) {
        cc_message_set(error, "out of memory");
        return CC_ERROR;
    }
    long length = 0;
    char number[32];
    snprintf(number, sizeof number, "%lld", (long long)notification->created_unix);
    length = literal(body, length, capacity, "{\"username\":");
    if (length >= 0) length = json_string(body, length, capacity, notification->username);
    if (length >= 0) length = literal(body, length, capacity, ",\"kind\":");
    if (length >= 0) length = json_string(body, length, capacity, notification->kind);
    if (length >= 0) length = literal(body, length, capacity, ",\"title\":");
    if (length >= 0) length = json_string(body, length, capacity, notification->title);
    if (length >= 0) length = literal(body, length, capacity, ",\"body\":");
    if (length >= 0) length = json_string(body, length, capacity, notification->body);
    if (length >= 0) length = literal(body, length, capacity, ",\"link\":");
    if (length >= 0) length = json_string(body, length, capacity, notification->link);
    if (length >= 0) length = literal(body, length, capacity, ",\"createdAt\":");
    if (length >= 0) length = literal(body, length, capacity, number);
    if (length >= 0) length = literal(body, length, capacity, ",\"subject\":");
    if (length >= 0) length = json_string(body, length, capacity, notification->subject);
    if (length >= 0) length = literal(body, length, capacity, "}");
    if (length < 0) {
        free(body);
        cc_message_set(error, "the notification is too long to post");
        return CC_INVALID_ARGUMENT;
    }
    body[length] = '\0';

    CURL *curl = curl_easy_init();
    if (curl == NULL) {
        free(body);
        cc_message_set(error, "libcurl could not make a request");
        return CC_ERROR;
    }
    struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
    if (hook->authorization[0] != '\0') headers = curl_slist_append(headers, hook->authorization);
    curl_easy_setopt(curl, CURLOPT_URL, hook->url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, length);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, hook->timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L); /* never SIGALRM: the host's threads are not ours */
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "CampusCal campus-webhook/1.0");
    CURLcode result = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    free(body);
    if (result != CURLE_OK) {
        char text[512];
        snprintf(text, sizeof text, "the webhook could not be reached: %s", curl_easy_strerror(result));
        cc_message_set(error, text);
        return CC_ERROR;
    }
    if (status < 200 || status >= 300) {
        char text[128];
        snprintf(text, sizeof text, "the webhook answered HTTP %ld", status);
        cc_message_set(error, text);
        return CC_ERROR;
    }
    return CC_OK;
}

static const cc_notification_channel_feature channel = {sizeof(cc_notification_channel_feature), 0, deliver};

static const void *plugin_get_feature(void *state, const char *feature_id) {
    (void)state;
    return feature_id != NULL && strcmp(feature_id, CC_FEATURE_NOTIFICATION_CHANNEL) == 0 ? &channel : NULL;
}

static const cc_plugin_descriptor descriptor = {
    sizeof(cc_plugin_descriptor),
    CAMPUSCAL_PLUGIN_ABI_MAJOR,
    1, /* needs 1.1: config_get and notification channels */
    0,
    "org.campuscal.campus-webhook",
    "Campus webhook",
    "1.0.0",
    plugin_init,
    plugin_start,
    plugin_stop,
    plugin_deinit,
    plugin_get_feature,
};

CAMPUSCAL_EXPORT const cc_plugin_descriptor *campuscal_plugin_entry_v1(
    uint32_t host_abi_major, uint32_t host_abi_minor, const cc_host_api *host, cc_message *error) {
    (void)host;
    if (host_abi_major != 1 || host_abi_minor < 1) {
        cc_message_set(error, "campus-webhook needs CampusCal plugin ABI 1.1 or newer");
        return NULL;
    }
    return &descriptor;
}
