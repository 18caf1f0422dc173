#version 300 es
// Glass (call-screen-elements, section 0): inside a rounded rectangle, the
// background toned and blurred, read bilinearly from the backdrop texture
// (the toned background on a lattice over the frame, blurred on the host),
// replacing what is below; the edge anti-aliased over one pixel from the
// shape's signed distance. Drawn in 8x8 tiles (tiles.vert).
//
// Built with OVER_BACKGROUND for tiles where nothing else is below it: it
// computes the background itself (evaluated, or with GRADIENT_LOOKUP from
// the low-resolution gradient) and writes the mix. Otherwise it writes a
// premultiplied colour for blending (ONE, ONE_MINUS_SRC_ALPHA) over what the
// target holds.
precision highp float;

#include "gradient.glsl"

uniform vec2 u_regionOrigin;     // the frame pixel at the target's (0, 0)
uniform vec4 u_glassRect;        // x, y, width, height in frame pixels (y down)
uniform vec2 u_glassShape;       // (corner radius in pixels, opacity)
uniform highp sampler2D u_backdrop; // the blurred toned background (TextureUnit.backdrop)
uniform vec4 u_backdropLattice;  // (first point x, first point y, spacing x, spacing y) in frame pixels

out vec4 fragColor;

// Signed distance to the rounded rectangle, negative inside.
float glassDistance(vec2 point) {
    float radius = u_glassShape.x;
    vec2 halfSize = u_glassRect.zw * 0.5;
    vec2 q = abs(point - (u_glassRect.xy + halfSize)) - (halfSize - radius);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    float amount = clamp(0.5 - glassDistance(point), 0.0, 1.0) * u_glassShape.y;
    vec2 lattice = (point - u_backdropLattice.xy) / u_backdropLattice.zw + 0.5;
    vec3 glass = texture(u_backdrop, lattice / vec2(textureSize(u_backdrop, 0))).rgb;
#ifdef OVER_BACKGROUND
    vec3 background = backgroundColor(screenPosition());
    fragColor = vec4(dithered(mix(background, glass, amount)), 1.0);
#else
    fragColor = vec4(dithered(glass) * amount, amount);
#endif
}
