#version 300 es
// The background pass: the four-point gradient over the whole frame, or over
// the low-resolution grid. Built with WAVES_THROUGH (the grid, for the host
// composition), it also writes the gradient as seen through one wave and
// through both, as foreground.frag composes them where a wave covers a
// whole tile: the host interpolates those over such tiles.
precision highp float;

#include "gradient.glsl"
#include "shapes.glsl"
// Included whatever the build (an #include inside #ifdef would lose the
// line numbering of what follows when the #ifdef is off); unused, it costs nothing.
#include "waves.glsl"

layout(location = 0) out vec4 fragColor;
#ifdef WAVES_THROUGH
layout(location = 1) out vec4 throughOneWave;
layout(location = 2) out vec4 throughBothWaves;
#endif

void main() {
    vec3 color = backgroundColor(screenPosition());
    fragColor = vec4(dithered(color), 1.0);
#ifdef WAVES_THROUGH
    // Either wave alone gives the same mask.
    throughOneWave = vec4(throughWaves(color, maskOf(1.0, 0.0)), 1.0);
    throughBothWaves = vec4(throughWaves(color, maskOf(1.0, 1.0)), 1.0);
#endif
}
