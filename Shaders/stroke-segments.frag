#version 300 es
// One segment's coverage of a stroke (drawing.md section 1), written to the
// stroke's coverage target, which keeps the largest (blend GL_MAX): the
// coverage of the union of its segments, so that the colour's alpha
// applies once to the stroke (stroke.frag).
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

flat in highp vec4 v_segment;
flat in highp vec2 v_radii;

out vec4 fragColor;

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    float coverage = edgeCoverage(taperedCapsuleDistance(point, v_segment.xy, v_segment.zw, v_radii.x, v_radii.y));
    fragColor = vec4(coverage, 0.0, 0.0, coverage);
}
