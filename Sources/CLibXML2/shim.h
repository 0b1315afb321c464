// libxml2 (Debian: libxml2-dev), whose SAX2 parser reads DAV request bodies (CampusCalDAV/DAVXMLReader.swift).
// Its headers are under /usr/include/libxml2 and include one another as <libxml/…>, so the package finds
// them through pkg-config (`libxml-2.0`, Debian's pkg-config package).
#ifndef CAMPUSCAL_CLIBXML2_SHIM_H
#define CAMPUSCAL_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, so <libxml/encoding.h> would include the system's <unicode/ucnv.h>,
// whose UErrorCode clashes with the ICU that Foundation carries (_FoundationICU) in any module that
// imports both. Nothing here uses ICU: without this macro the header only drops the two ICU converter
// pointers at the end of xmlCharEncodingHandler, a struct this package never makes or reads.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
// xmlCreateMemoryParserCtxt: a parser context over a buffer, to which the reader gives its own SAX2 handler.
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

#endif
