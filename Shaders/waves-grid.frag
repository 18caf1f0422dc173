#version 300 es
// The background's low-resolution grid as the waves and avatar's renderer
// asks for it on the host route (GridOutputs): output 0 the background, as
// gradient.frag writes it; outputs 1 and 2 the gradient as seen through one
// wave and through both, composed as foreground.frag composes them where a
// wave covers a whole tile: the host interpolates those over such tiles.

precision highp float;

#include "blocks.glsl"

layout(std140) uniform WavesGrid {
    Gradient u_gradient;
    Waves u_waves;
};

#include "gradient.glsl"
#include "shapes.glsl"
#include "waves.glsl"

layout(location = 0) out vec4 fragColor;
layout(location = 1) out vec4 throughOneWave;
layout(location = 2) out vec4 throughBothWaves;

void main() {
    vec3 color = backgroundColor(screenPosition());
    fragColor = vec4(dithered(color), 1.0);
    // throughWaves for both, the toned copy worked out once. Either wave alone gives the same mask.
    vec3 toned = wavesToned(color);
    throughOneWave = vec4(mix(color, toned, maskOf(1.0, 0.0)), 1.0);
    throughBothWaves = vec4(mix(color, toned, maskOf(1.0, 1.0)), 1.0);
}
