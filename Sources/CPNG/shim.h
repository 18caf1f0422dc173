#ifndef CALLSHADE_CPNG_SHIM_H
#define CALLSHADE_CPNG_SHIM_H
#include <png.h>
#endif
