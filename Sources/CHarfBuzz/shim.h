#ifndef CALLSHADE_CHARFBUZZ_SHIM_H
#define CALLSHADE_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
