#ifndef CALLSHADE_CSNDFILE_SHIM_H
#define CALLSHADE_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
