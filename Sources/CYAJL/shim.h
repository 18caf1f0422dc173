#ifndef CALLSHADE_CYAJL_SHIM_H
#define CALLSHADE_CYAJL_SHIM_H
#include <yajl/yajl_parse.h>

/* yajl_config is variadic, which Swift cannot call; every option it takes is
   an int switch, so this passes one. Returns yajl_config's result (0: error). */
static inline int callshade_yajl_switch(yajl_handle handle, yajl_option option, int on) {
    return yajl_config(handle, option, on);
}
#endif
