#version 300 es
// Draws an annulus (or, with an inner radius of 0, a disc) as one triangle
// strip of 2 (SEGMENTS + 1) vertices, with no vertex buffer: even vertices
// lie on the inner polygon, odd ones on the outer polygon. Which polygon
// radius covers which circle is the caller's choice (inscribed or
// circumscribed); the fragment shaders work from gl_FragCoord.

// (centre x, centre y, inner vertex radius, outer vertex radius) in framebuffer pixels.
uniform highp vec4 u_ring;
// The target's width and height in pixels.
uniform highp vec2 u_targetSize;

const int SEGMENTS = 32;

void main() {
    int segment = (gl_VertexID / 2) % SEGMENTS;   // the last pair repeats the first: the strip closes exactly
    highp float angle = float(segment) * (6.28318530717958648 / float(SEGMENTS));
    highp float radius = (gl_VertexID & 1) == 0 ? u_ring.z : u_ring.w;
    highp vec2 pixel = u_ring.xy + radius * vec2(cos(angle), sin(angle));
    gl_Position = vec4(pixel / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
}
