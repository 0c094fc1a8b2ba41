/* The library's version: the header's TL_VERSION when this library was built. */
#include "graph/tl_graph.h"

const char *tl_version(void) { return TL_VERSION; }
