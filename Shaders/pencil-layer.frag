#version 300 es
// One pencil stamp into its stroke's layer (drawing.md section 3, ours):
// the disc's coverage times a grain 0.55 + 0.45 n, n the value noise
// (smoothstep-weighted bilinear) of the stamp's lattice values (its row of
// u_pencilLattice, PencilNode.values) in its turned frame, times the
// stamp's alpha, in every channel, for blending (ONE, ONE_MINUS_SRC_ALPHA)
// into a float target; stamps.frag lays the layer over the frame.
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

layout(std140) uniform Pencil {
    vec4 u_pencilLattice;   // (side: values a row of a stamp's table, first: the lattice point of its first value, unused, unused)
};

uniform highp sampler2D u_pencilValues;   // a stamp's lattice values a row (TextureUnit.pencilValues), R32F

flat in highp vec4 v_stamp;
flat in highp vec4 v_shape;

out vec4 fragColor;

float latticeValue(int row, int i, int j) {
    int side = int(u_pencilLattice.x + 0.5);
    int first = int(round(u_pencilLattice.y));
    int column = clamp(i - first, 0, side - 1);
    int line = clamp(j - first, 0, side - 1);
    return texelFetch(u_pencilValues, ivec2(line * side + column, row), 0).r;
}

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    float disc = edgeCoverage(discDistance(point, v_stamp.xy, v_shape.x));
    if (disc <= 0.0) {
        fragColor = vec4(0.0);
        return;
    }
    vec2 d = point - v_stamp.xy;
    float c = cos(v_stamp.z);
    float s = sin(v_stamp.z);
    vec2 local = vec2(d.x * c + d.y * s, -d.x * s + d.y * c) / v_shape.y;
    vec2 cell = floor(local);
    vec2 f = local - cell;
    vec2 w = f * f * (3.0 - 2.0 * f);
    int row = int(v_stamp.w + 0.5);
    int i = int(cell.x);
    int j = int(cell.y);
    float top = mix(latticeValue(row, i, j), latticeValue(row, i + 1, j), w.x);
    float bottom = mix(latticeValue(row, i, j + 1), latticeValue(row, i + 1, j + 1), w.x);
    float grain = 0.55 + 0.45 * mix(top, bottom, w.y);
    fragColor = vec4(v_shape.z * disc * grain);
}
