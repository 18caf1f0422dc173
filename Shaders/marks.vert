#version 300 es
// Marks (text, icons, dots, bars) as instanced quads: one instance a mark,
// six vertices (two triangles) each, placed in pixels of the target (row 0 =
// framebuffer row 0 = the top of the region it stands for). The fragment
// shader works from gl_FragCoord; the quad only chooses which pixels run.

layout(location = 1) in highp vec4 a_rect;    // the mark's rectangle: x, y, width, height in frame pixels (y down)
layout(location = 2) in highp vec4 a_source;  // a glyph: its picture in the atlas (x, y, width, height in texels;
                                              // the width negated for the colour page);
                                              // a rounded rectangle: (-1, corner radius, 0, 0);
                                              // a cut-out disc: its glyph's picture, as a glyph's
layout(location = 3) in highp vec4 a_color;   // premultiplied colour: (rgb x alpha, alpha)
layout(location = 4) in highp vec4 a_cutRect; // a cut-out disc: the glyph's rectangle (x, y, width, height in frame pixels)
layout(location = 5) in highp vec4 a_cut;     // a cut-out disc: (1, its corner radius, the ring's inner radius, turn);
                                              // else (0, 0, 0, turn): the turn in radians about the rectangle's centre;
                                              // a slice of a cut-out shape: (2, the shape's corner radius, the hole's radius, turn)
layout(location = 6) in highp vec4 a_shape;   // a slice: the shape it is cut from (x, y, width, height in frame pixels)

#include "target.glsl"

flat out highp vec4 v_rect;
flat out highp vec4 v_source;
flat out highp vec4 v_color;
flat out highp vec4 v_cutRect;
flat out highp vec4 v_cut;
flat out highp vec4 v_shape;

void main() {
    // A shape's quad is grown by a pixel for its anti-aliased edge; a glyph's
    // picture has an empty border of its own.
    vec4 quad = a_source.x < 0.0 || a_cut.x > 0.0 ? a_rect + vec4(-1.0, -1.0, 2.0, 2.0) : a_rect;
    if (a_cut.w != 0.0) {
        // Turned: the box that holds the quad turned about the rectangle's centre.
        vec2 reach = 0.5 * quad.zw;
        vec2 turned = vec2(reach.x * abs(cos(a_cut.w)) + reach.y * abs(sin(a_cut.w)),
                           reach.x * abs(sin(a_cut.w)) + reach.y * abs(cos(a_cut.w)));
        vec2 centre = a_rect.xy + 0.5 * a_rect.zw;
        quad = vec4(centre - turned, 2.0 * turned);
    }
    int corner = gl_VertexID % 6;
    vec2 unit = vec2(corner == 1 || corner == 2 || corner == 4 ? 1.0 : 0.0,
                     corner == 2 || corner == 4 || corner == 5 ? 1.0 : 0.0);
    vec2 pixel = quad.xy + unit * quad.zw - u_regionOrigin;
    gl_Position = vec4(pixel / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
    v_rect = a_rect;
    v_source = a_source;
    v_color = a_color;
    v_cutRect = a_cutRect;
    v_cut = a_cut;
    v_shape = a_shape;
}
