#version 300 es
// Draws the foreground's tiles: rectangles as pairs of triangles whose
// corners come in pixels of the target (row 0 = framebuffer row 0). The
// fragment shaders work from gl_FragCoord, so the rectangles only choose
// which pixels run.

#include "target.glsl"

layout(location = 0) in highp vec2 a_pixel;

void main() {
    gl_Position = vec4(a_pixel / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
}
