// The OpenLDAP client library (libldap2-dev). Some of what it offers are C macros, which Swift
// cannot import; the inline functions below give them names Swift can call.
#ifndef CAMPUSCAL_COPENLDAP_SHIM_H
#define CAMPUSCAL_COPENLDAP_SHIM_H

#define LDAP_DEPRECATED 0
#include <ldap.h>
#include <lber.h>
#include <sys/time.h>

/// `LDAP_SASL_SIMPLE` (a NULL mechanism name: a simple bind).
static inline const char *campuscal_ldap_sasl_simple(void) { return LDAP_SASL_SIMPLE; }
/// `LDAP_OPT_ON`/`LDAP_OPT_OFF` for boolean options.
static inline void *campuscal_ldap_opt_on(void) { return LDAP_OPT_ON; }
static inline void *campuscal_ldap_opt_off(void) { return LDAP_OPT_OFF; }
/// An integer option, by value (the library copies it).
static inline int campuscal_ldap_set_int(LDAP *ld, int option, int value) { return ldap_set_option(ld, option, &value); }
/// A timeout option (`LDAP_OPT_NETWORK_TIMEOUT`, `LDAP_OPT_TIMEOUT`) in whole seconds.
static inline int campuscal_ldap_set_timeout(LDAP *ld, int option, int seconds) {
    struct timeval tv = { seconds, 0 };
    return ldap_set_option(ld, option, &tv);
}
/// A string option (`LDAP_OPT_X_TLS_CACERTFILE`…); the library copies the string.
static inline int campuscal_ldap_set_string(LDAP *ld, int option, const char *value) { return ldap_set_option(ld, option, value); }
/// The server's diagnostic message after a failed operation (AD puts its `data 52e` sub-code there);
/// the caller frees it with `ldap_memfree`.
static inline char *campuscal_ldap_diagnostic(LDAP *ld) {
    char *message = NULL;
    ldap_get_option(ld, LDAP_OPT_DIAGNOSTIC_MESSAGE, &message);
    return message;
}
/// A synchronous search with a time limit in seconds.
static inline int campuscal_ldap_search(LDAP *ld, const char *base, int scope, const char *filter, char **attributes, int seconds,
                                        int sizelimit, LDAPMessage **result) {
    struct timeval tv = { seconds, 0 };
    return ldap_search_ext_s(ld, base, scope, filter, attributes, 0, NULL, NULL, &tv, sizelimit, result);
}
/// A simple bind; `password` may hold any bytes.
static inline int campuscal_ldap_simple_bind(LDAP *ld, const char *dn, const char *password, int length) {
    struct berval credentials = { (ber_len_t)length, (char *)password };
    return ldap_sasl_bind_s(ld, dn, LDAP_SASL_SIMPLE, &credentials, NULL, NULL, NULL);
}

#endif
