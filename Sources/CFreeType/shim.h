#ifndef CALLSHADE_CFREETYPE_SHIM_H
#define CALLSHADE_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_STROKER_H
#endif
