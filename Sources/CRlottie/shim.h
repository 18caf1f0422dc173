#ifndef CALLSHADE_CRLOTTIE_SHIM_H
#define CALLSHADE_CRLOTTIE_SHIM_H
#include <rlottie_capi.h>
#endif
