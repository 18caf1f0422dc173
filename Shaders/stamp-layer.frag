#version 300 es
// One stamp into its stroke's layer (drawing.md section 3): its alpha times
// the chisel ellipse's coverage, in every channel, for blending (ONE,
// ONE_MINUS_SRC_ALPHA) into a float target, which accumulates the stamps
// source-over; stamps.frag lays the layer over the frame.
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

flat in highp vec4 v_stamp;
flat in highp vec2 v_shape;

out vec4 fragColor;

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    float alpha = v_shape.y * edgeCoverage(ellipseDistance(point, v_stamp.xy, v_stamp.zw, v_shape.x));
    fragColor = vec4(alpha);
}
