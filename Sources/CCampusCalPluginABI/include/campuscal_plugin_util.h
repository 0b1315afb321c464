/*
 * campuscal_plugin_util.h — small helpers for plugins written in C. Header-only; optional.
 */
#ifndef CAMPUSCAL_PLUGIN_UTIL_H
#define CAMPUSCAL_PLUGIN_UTIL_H

#include "campuscal_plugin.h"

#include <string.h>

/* Writes `text` into a caller-owned message, truncated to its capacity (never splitting a UTF-8
 * sequence) and NUL-terminated. Safe with a NULL or zero-capacity message. */
static inline void cc_message_set(cc_message *message, const char *text) {
    if (message == NULL || message->text == NULL || message->capacity == 0 || text == NULL) return;
    size_t length = strlen(text);
    if (length > message->capacity - 1) {
        length = message->capacity - 1;
        while (length > 0 && (((unsigned char)text[length]) & 0xC0) == 0x80) length--; /* back to a character start */
    }
    memcpy(message->text, text, length);
    message->text[length] = '\0';
}

#endif /* CAMPUSCAL_PLUGIN_UTIL_H */
