#version 300 es
// The background pass: the four-point gradient over the whole frame, over
// the low-resolution grid, or over tiles of a target (under a node that
// blends). A node that wants more of the grid draws it with its own pass
// file instead (GridOutputs; waves-grid.frag).
precision highp float;

#include "blocks.glsl"

layout(std140) uniform Background {
    Gradient u_gradient;
};

#include "gradient.glsl"

layout(location = 0) out vec4 fragColor;

void main() {
    vec3 color = backgroundColor(screenPosition());
    fragColor = vec4(dithered(color), 1.0);
}
