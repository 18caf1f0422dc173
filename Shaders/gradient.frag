#version 300 es
// The background pass: the four-point gradient over the whole frame.
precision highp float;

#include "gradient.glsl"

out vec4 fragColor;

void main() {
    fragColor = vec4(dithered(backgroundColor(screenPosition())), 1.0);
}
