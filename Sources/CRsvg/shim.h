#ifndef CALLSHADE_CRSVG_SHIM_H
#define CALLSHADE_CRSVG_SHIM_H
#include <librsvg/rsvg.h>
#include <cairo.h>
#endif
