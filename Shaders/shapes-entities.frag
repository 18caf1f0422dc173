#version 300 es
// One of the drawing's shape entities (drawing, section 6), a draw each:
// the pixel's centre taken back into the shape's own units (turned and
// scaled about its centre), its outline's signed distance there
// (shapes.glsl), filled or stroked (|d| less half the stroke's width; an
// arrow is always its lines), times the scale in frame pixels, by the one
// coverage rule; premultiplied, for blending (ONE, ONE_MINUS_SRC_ALPHA), so
// that the shapes drawn in turn are blended source-over in order. Drawn
// in 8x8 tiles (tiles.vert), cut to the shape's box.
//
// FROSTED: a frosted glass's shape (FrostedGlassNode): its colour, in place
// of its paint, the blurred frame below read bilinearly between the block
// centres of its lattice (FrostedLattice, u_frostLattice: half floats, a
// block a texel), as the host reads it.
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

layout(std140) uniform Shape {
    vec4 u_shapePlace;     // (centre x, centre y, frame pixels; the cosine and sine of its turn clockwise, each over its scale)
    vec4 u_shapeGeometry;  // (kind: 1 rectangle, 2 ellipse, 3 star, 4 bubble, 5 arrow, 6 polygon, 7 tapered capsule, 8 lines and an arc; width, height (an arrow: length, head; a polygon: its vertices' count; a tapered capsule: its radii; lines: their count), half the stroke's width, 0 for a fill)
    vec4 u_shapeExtras;    // (a rectangle's corner radius, its scale in frame pixels a unit, > 0; a rectangle's centre in its own units)
    vec4 u_shapeColor;     // (red, green, blue, opacity)
    vec4 u_shapeVertices[8];  // a polygon's vertices, two each (x, y, x, y); a tapered capsule's ends; lines, one each (from x, y, to x, y); its own units
    vec4 u_shapePaint;     // (0 solid, 1 linear stops, 2 stepped stops, 3 conic; the stops' count; the box's left and right, its own units, or the conic's start angle)
    vec4 u_shapeStops[2];  // the stops' positions, 0...1
    vec4 u_shapeStopColours[8];  // the stops' colours (red, green, blue, unused)
    vec4 u_shapeFade;      // (the fade's start and end rows, frame pixels; 1 with a fade; the soft edge's sigma, frame pixels, 0: the one-pixel rule)
    vec4 u_shapeArc;       // an arc of `lines`: (centre x, centre y, radius, 1 with one or 0)
    vec4 u_shapeArcSpan;   // (its start angle, its sweep clockwise, unused, unused)
    vec4 u_shapeFrost;     // FROSTED: (the frame pixel at the lattice's block (0, 0) corner, x and y; the blocks' side, pixels; unused)
    vec4 u_shapeFrostSize; // FROSTED: (the lattice's columns, its rows, unused, unused)
};

#ifdef FROSTED
uniform highp sampler2D u_frostLattice;

// The lattice's colour at frame point `point`: bilinear between block centres, clamped to the lattice.
vec3 frostedColour(vec2 point) {
    vec2 last = u_shapeFrostSize.xy - 1.0;
    vec2 u = clamp((point - u_shapeFrost.xy) / u_shapeFrost.z - 0.5, vec2(0.0), last);
    ivec2 corner = ivec2(min(floor(u), max(last - 1.0, vec2(0.0))));
    vec2 f = u - vec2(corner);
    ivec2 lastTexel = ivec2(last);
    vec3 a = texelFetch(u_frostLattice, min(corner, lastTexel), 0).rgb;
    vec3 b = texelFetch(u_frostLattice, min(corner + ivec2(1, 0), lastTexel), 0).rgb;
    vec3 c = texelFetch(u_frostLattice, min(corner + ivec2(0, 1), lastTexel), 0).rgb;
    vec3 d = texelFetch(u_frostLattice, min(corner + ivec2(1, 1), lastTexel), 0).rgb;
    return mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
}
#endif

out vec4 fragColor;

// The outline's signed distance at `local` (the shape's own units).
float outlineDistance(int kind, vec2 local) {
    vec2 size = u_shapeGeometry.yz;
    if (kind == 1) return roundedRectangleDistance(local, vec4(u_shapeExtras.zw - 0.5 * size, size), u_shapeExtras.x);
    if (kind == 2) return ellipseDistance(local, vec2(0.0), 0.5 * size, 0.0);
    if (kind == 3) return starDistance(local, 0.5 * min(size.x, size.y));
    if (kind == 4) return speechBubbleDistance(local, size);
    if (kind == 6) return polygonDistance(local, u_shapeVertices, int(u_shapeGeometry.y + 0.5));
    if (kind == 7) return taperedCapsuleDistance(local, u_shapeVertices[0].xy, u_shapeVertices[0].zw, u_shapeGeometry.y, u_shapeGeometry.z);
    if (kind == 8) {
        float nearest = u_shapeArc.w > 0.0 ? arcDistance(local, u_shapeArc.xy, u_shapeArc.z, u_shapeArcSpan.x, u_shapeArcSpan.y) : 1e30;
        int count = int(u_shapeGeometry.y + 0.5);
        for (int index = 0; index < 8; index++) {
            if (index >= count) break;
            nearest = min(nearest, capsuleDistance(local, u_shapeVertices[index].xy, u_shapeVertices[index].zw, 0.0));
        }
        return nearest;
    }
    vec2 tip = vec2(0.5 * size.x, 0.0);
    vec2 back = size.y * vec2(-0.90044710, 0.43496553);   // (-cos 0.45, sin 0.45)
    float lines = capsuleDistance(local, vec2(-0.5 * size.x, 0.0), tip, 0.0);
    lines = min(lines, capsuleDistance(local, tip, tip + back, 0.0));
    return min(lines, capsuleDistance(local, tip, tip + vec2(back.x, -back.y), 0.0));
}

void main() {
    vec2 d = gl_FragCoord.xy + u_regionOrigin - u_shapePlace.xy;
    vec2 local = vec2(d.x * u_shapePlace.z + d.y * u_shapePlace.w, -d.x * u_shapePlace.w + d.y * u_shapePlace.z);
    int kind = int(u_shapeGeometry.x + 0.5);
    float outline = outlineDistance(kind, local);
    float distance = (u_shapeGeometry.w > 0.0 || kind == 5 || kind == 8 ? abs(outline) - u_shapeGeometry.w : outline) * u_shapeExtras.y;
    float coverage = u_shapeFade.w > 0.0 ? softEdgeCoverage(distance, u_shapeFade.w) : edgeCoverage(distance);
    float y = gl_FragCoord.y + u_regionOrigin.y;
    if (u_shapeFade.z > 0.0) {
        coverage *= u_shapeFade.y > u_shapeFade.x ? clamp((u_shapeFade.y - y) / (u_shapeFade.y - u_shapeFade.x), 0.0, 1.0)
                                                  : (y < u_shapeFade.x ? 1.0 : 0.0);
    }
    float alpha = u_shapeColor.a * coverage;
#ifdef FROSTED
    vec3 colour = frostedColour(gl_FragCoord.xy + u_regionOrigin);
#else
    vec3 colour = u_shapeColor.rgb;
    int paint = int(u_shapePaint.x + 0.5);
    if (paint == 3) {
        float turn = (atan(local.y, local.x) - u_shapePaint.z) / 6.28318531;
        colour = paintColour(turn - floor(turn), false, int(u_shapePaint.y + 0.5), u_shapeStops, u_shapeStopColours);
    } else if (paint > 0) {
        float u = (local.x - u_shapePaint.z) / max(u_shapePaint.w - u_shapePaint.z, 1e-12);
        colour = paintColour(u, paint == 2, int(u_shapePaint.y + 0.5), u_shapeStops, u_shapeStopColours);
    }
#endif
    fragColor = vec4(colour * alpha, alpha);
}
