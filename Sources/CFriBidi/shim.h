#ifndef CALLSHADE_CFRIBIDI_SHIM_H
#define CALLSHADE_CFRIBIDI_SHIM_H
#include <fribidi.h>
/* FRIBIDI_PAR_ON (the paragraph's direction from its first strong
   character) is a macro expression Swift cannot import; its value, here. */
static const FriBidiParType callshade_fribidi_par_auto = FRIBIDI_PAR_ON;
#endif
