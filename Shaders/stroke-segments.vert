#version 300 es
// A stroke's segments (drawing.md section 1) as instanced quads into its
// coverage target: one instance a segment, six vertices (two triangles),
// the box its anti-aliased edge can reach, in pixels of the target (row 0 =
// framebuffer row 0 = the top of the region it stands for).

layout(location = 1) in highp vec4 a_segment;  // start (x, y), end (x, y): frame pixels, y down
layout(location = 2) in highp vec4 a_radii;    // (start radius, end radius, unused, unused), pixels

#include "target.glsl"

flat out highp vec4 v_segment;
flat out highp vec2 v_radii;

void main() {
    float reach = max(a_radii.x, a_radii.y) + 1.0;
    vec2 low = min(a_segment.xy, a_segment.zw) - reach;
    vec2 high = max(a_segment.xy, a_segment.zw) + reach;
    int corner = gl_VertexID % 6;
    vec2 unit = vec2(corner == 1 || corner == 2 || corner == 4 ? 1.0 : 0.0,
                     corner == 2 || corner == 4 || corner == 5 ? 1.0 : 0.0);
    vec2 pixel = mix(low, high, unit) - u_regionOrigin;
    gl_Position = vec4(pixel / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
    v_segment = a_segment;
    v_radii = a_radii.xy;
}
