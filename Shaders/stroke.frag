#version 300 es
// A stroke over what is below (drawing.md section 1): its colour at its
// alpha times the coverage of the union of its segments (the coverage
// target stroke-segments.frag filled, which stands for the same region as
// this target), premultiplied, for blending (ONE, ONE_MINUS_SRC_ALPHA).
// Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "target.glsl"

layout(std140) uniform Stroke {
    vec4 u_strokeColor;   // premultiplied: (rgb x alpha, alpha), sRGB-encoded, alpha 0...1
};

uniform highp sampler2D u_strokeCoverage;   // the union's coverage in the red channel (TextureUnit.strokeCoverage)

out vec4 fragColor;

void main() {
    float coverage = texelFetch(u_strokeCoverage, ivec2(gl_FragCoord.xy), 0).r;
    fragColor = u_strokeColor * coverage;
}
