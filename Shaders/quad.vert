#version 300 es
// Draws the whole target as a triangle strip of four vertices, with no
// vertex buffer: gl_VertexID 0..3 picks the corner. Fragment shaders work
// from gl_FragCoord, so the rectangle only chooses which pixels run.

void main() {
    highp vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
