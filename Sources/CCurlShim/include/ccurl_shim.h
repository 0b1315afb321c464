// Typed wrappers around libcurl's variadic functions, which Swift cannot call.
// Each wrapper forwards to curl_easy_setopt/curl_easy_getinfo with the argument type that the
// option expects (long, string, pointer, function), so Swift gets a checked signature per kind.
// Thread rules are libcurl's: a CURL handle is used by one thread at a time.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/// CURLOPT_READFUNCTION's type: fill `buffer` with up to size * nitems bytes, return the count (0 at the end).
typedef size_t (*ccurl_read_callback)(char *buffer, size_t size, size_t nitems, void *userdata);
/// CURLOPT_DEBUGFUNCTION's type: `data` is not NUL-terminated and only valid during the call.
typedef int (*ccurl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *userdata);

/// For options that take a long (timeouts, flags, CURLUSESSL_*).
CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
/// For options that take a string; libcurl copies it, so it may be freed after the call.
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
/// For options that take an opaque pointer (CURLOPT_READDATA, CURLOPT_DEBUGDATA, CURLOPT_ERRORBUFFER);
/// the caller keeps it alive until curl_easy_cleanup or until the option is reset.
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
/// For list options (CURLOPT_MAIL_RCPT); libcurl does not copy the list: free it after the transfer.
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list);
/// Sets CURLOPT_READFUNCTION.
CURLcode ccurl_easy_setopt_read_function(CURL *handle, ccurl_read_callback callback);
/// Sets CURLOPT_DEBUGFUNCTION (only called while CURLOPT_VERBOSE is 1).
CURLcode ccurl_easy_setopt_debug_function(CURL *handle, ccurl_debug_callback callback);
/// curl_easy_getinfo for CURLINFO_LONG values (CURLINFO_RESPONSE_CODE…).
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);

#endif
