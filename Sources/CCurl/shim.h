// libcurl (Debian: libcurl4-openssl-dev), for sending mail over SMTP. See CampusCalMail.
// Swift cannot call the variadic curl_easy_setopt/curl_easy_getinfo: CCurlShim wraps them.
#include <curl/curl.h>
