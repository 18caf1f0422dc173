#ifndef CALLSHADE_CFONTCONFIG_SHIM_H
#define CALLSHADE_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
