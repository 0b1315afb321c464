// zlib (Debian: zlib1g-dev), for gzip-compressed responses. See CampusCalAPI/Caching/Gzip.swift.
#include <zlib.h>
