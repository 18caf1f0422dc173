#version 300 es
// Glass (call-screen-elements, section 0): inside a rounded rectangle, the
// background toned and blurred, read bilinearly from the backdrop texture
// (the toned background on a lattice over the frame, blurred on the host
// or, on the GPU passes, by blur.frag),
// replacing what is below; the edge anti-aliased over one pixel from the
// shape's signed distance. Drawn in 8x8 tiles (tiles.vert).
//
// Built with OVER_BACKGROUND for tiles where nothing else is below it: it
// computes the background itself (evaluated, or with GRADIENT_LOOKUP from
// the low-resolution gradient) and writes the mix. Otherwise it writes a
// premultiplied colour for blending (ONE, ONE_MINUS_SRC_ALPHA) over what the
// target holds.
precision highp float;

#include "blocks.glsl"
#include "target.glsl"

layout(std140) uniform Glass {
    Gradient u_gradient;         // read only in builds with OVER_BACKGROUND
    vec4 u_glassRect;            // x, y, width, height in frame pixels (y down)
    vec4 u_glassShape;           // (corner radius in pixels, opacity, the arrow's tip radius, 1 with an arrow or 0)
    vec4 u_glassArrow;           // the arrow's core triangle: apex x, apex y, half-width, depth (frame pixels)
    vec4 u_backdropLattice;      // (first point x, first point y, spacing x, spacing y) in frame pixels
};

#include "gradient.glsl"
#include "shapes.glsl"

uniform highp sampler2D u_backdrop; // the blurred toned background (TextureUnit.backdrop)

out vec4 fragColor;

// Signed distance to the isosceles triangle with its apex at the origin and
// its base `depth` below (y down), `halfWidth` each side, at (x >= 0, y).
float triangleDistance(vec2 p, float halfWidth, float depth) {
    vec2 side = vec2(halfWidth, depth);
    vec2 flank = p - side * clamp(dot(p, side) / dot(side, side), 0.0, 1.0);
    vec2 base = p - vec2(halfWidth * clamp(p.x / halfWidth, 0.0, 1.0), depth);
    float distance = sqrt(min(dot(flank, flank), dot(base, base)));
    return (p.x * depth - p.y * halfWidth < 0.0 && p.y < depth) ? -distance : distance;
}

// Signed distance to the rounded rectangle and its arrow (the rounded core
// triangle), negative inside.
float glassDistance(vec2 point) {
    float body = roundedRectangleDistance(point, u_glassRect, u_glassShape.x);
    if (u_glassShape.w > 0.0) {
        vec2 p = vec2(abs(point.x - u_glassArrow.x), point.y - u_glassArrow.y);
        body = min(body, triangleDistance(p, u_glassArrow.z, u_glassArrow.w) - u_glassShape.z);
    }
    return body;
}

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    float amount = edgeCoverage(glassDistance(point)) * u_glassShape.y;
    vec2 lattice = (point - u_backdropLattice.xy) / u_backdropLattice.zw + 0.5;
    vec3 glass = texture(u_backdrop, lattice / vec2(textureSize(u_backdrop, 0))).rgb;
#ifdef OVER_BACKGROUND
    vec3 background = backgroundColor(screenPosition());
    fragColor = vec4(dithered(mix(background, glass, amount)), 1.0);
#else
    fragColor = vec4(dithered(glass) * amount, amount);
#endif
}
