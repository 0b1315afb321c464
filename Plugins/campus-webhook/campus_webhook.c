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
 * The request is made by the host (cc_host_api.http_request, ABI 1.2), which sends it only to hosts
 * the manifest's `network` permission names and never follows a redirect: the administrator's
 * list of hosts is enforced, not advisory. (Before 1.2 this plugin linked libcurl itself.)
 *
 * Threads: the host calls deliver on one worker thread at a time. Memory: the state (settings) is
 * malloc'd in init and freed in deinit; nothing crosses the boundary.
 */
#include "campuscal_plugin.h"
#include "campuscal_plugin_util.h"

#include <stddef.h>
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
    if (host->struct_size < offsetof(cc_host_api, http_request) + sizeof host->http_request || host->http_request == NULL) {
        free(hook);
        cc_message_set(error, "this host cannot make HTTP requests for plugins (it needs CampusCal plugin ABI 1.2)");
        return CC_UNSUPPORTED;
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

static void plugin_deinit(void *state) { free(state); }

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

/* The webhook's answer: only its status matters (the body is the bridge's business). */
static cc_status answered(void *sink, int32_t status, const uint8_t *body, uint32_t body_length) {
    (void)body;
    (void)body_length;
    *(int32_t *)sink = status;
    return CC_OK;
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

    const char *headers[2] = {"Content-Type: application/json", hook->authorization};
    cc_http_request request = {sizeof(cc_http_request), (uint32_t)(hook->timeout_seconds * 1000), "POST", hook->url, headers,
                               hook->authorization[0] != '\0' ? 2u : 1u, 0, (const uint8_t *)body, (uint64_t)length};
    int32_t status = 0;
    cc_status result = hook->host->http_request(hook->host->host, &request, answered, &status);
    free(body);
    if (result == CC_DENIED) {
        cc_message_set(error, "the webhook's host is not in the plugin's network permission (plugin.toml: [permissions] network)");
        return CC_DENIED;
    }
    if (result != CC_OK) {
        char text[128];
        snprintf(text, sizeof text, "the webhook could not be reached (status %d; the server log says why)", (int)result);
        cc_message_set(error, text);
        return CC_ERROR;
    }
    if (status < 200 || status >= 300) {
        char text[128];
        snprintf(text, sizeof text, "the webhook answered HTTP %d", (int)status);
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
    2, /* needs 1.2: the host's http_request (1.1: config_get, notification channels) */
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
    if (host_abi_major != 1 || host_abi_minor < 2) {
        cc_message_set(error, "campus-webhook needs CampusCal plugin ABI 1.2 or newer");
        return NULL;
    }
    return &descriptor;
}
