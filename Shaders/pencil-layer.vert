#version 300 es
// A pencil's stamps (drawing.md section 3) as instanced quads into its
// layer: one instance a stamp, six vertices (two triangles), the box its
// anti-aliased edge can reach, in pixels of the target (row 0 =
// framebuffer row 0 = the top of the region it stands for).

layout(location = 1) in highp vec4 a_stamp;   // centre (x, y) in frame pixels (y down); turn (radians, x towards y); its row of u_pencilLattice
layout(location = 2) in highp vec4 a_shape;   // (radius and lattice spacing in frame pixels; the stamp's alpha 0...1; unused)

#include "target.glsl"

flat out highp vec4 v_stamp;
flat out highp vec4 v_shape;

void main() {
    float reach = a_shape.x + 1.0;
    int corner = gl_VertexID % 6;
    vec2 unit = vec2(corner == 1 || corner == 2 || corner == 4 ? 1.0 : 0.0,
                     corner == 2 || corner == 4 || corner == 5 ? 1.0 : 0.0);
    vec2 pixel = a_stamp.xy - reach + unit * 2.0 * reach - u_regionOrigin;
    gl_Position = vec4(pixel / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
    v_stamp = a_stamp;
    v_shape = a_shape;
}
