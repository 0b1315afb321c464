// The ABI is the header (include/campuscal_plugin.h); this file exists because a C target needs a
// source. It also gives the host a symbol to check which header it was compiled against.
#include "campuscal_plugin.h"

uint32_t cc_host_abi_major(void) { return CAMPUSCAL_PLUGIN_ABI_MAJOR; }
uint32_t cc_host_abi_minor(void) { return CAMPUSCAL_PLUGIN_ABI_MINOR; }
