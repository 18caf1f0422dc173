#version 300 es
// Draws one rectangle as a triangle strip of four vertices, with no vertex
// buffer: gl_VertexID 0..3 picks the corner. Fragment shaders work from
// gl_FragCoord, so the rectangle only chooses which pixels run.

// The rectangle in normalised device coordinates: (left, bottom, right, top).
uniform highp vec4 u_rect;

void main() {
    highp vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    gl_Position = vec4(mix(u_rect.xy, u_rect.zw, corner), 0.0, 1.0);
}
