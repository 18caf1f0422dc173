#ifndef CALLSHADE_CEGL_SHIM_H
#define CALLSHADE_CEGL_SHIM_H
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <gbm.h>
#endif
