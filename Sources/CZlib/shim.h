#ifndef CALLSHADE_CZLIB_SHIM_H
#define CALLSHADE_CZLIB_SHIM_H
#include <zlib.h>
/* inflateInit2 is a macro: a function Swift can call. */
static inline int callshade_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
#endif
