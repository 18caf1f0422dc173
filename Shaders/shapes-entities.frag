#version 300 es
// The drawing's shape entities (drawing, section 6): up to 8 shapes a draw,
// each taken back into its own units at the pixel's centre (turned and
// scaled about its centre), its outline's signed distance there
// (shapes.glsl), filled or stroked (|d| less half the stroke's width; an
// arrow is always its lines), in frame pixels by the one coverage rule,
// blended source-over in turn; the result premultiplied, for blending
// (ONE, ONE_MINUS_SRC_ALPHA). A node with more shapes is drawn in several
// draws, which blend the same way. Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

layout(std140) uniform Shapes {
    vec4 u_shapePlaces[8];    // (centre x, centre y, frame pixels; rotation, radians clockwise; scale, frame pixels a unit, > 0)
    vec4 u_shapeGeometry[8];  // (kind: 0 none, 1 rectangle, 2 ellipse, 3 star, 4 bubble, 5 arrow; width, height (an arrow: length, head), half the stroke's width, 0 for a fill)
    vec4 u_shapeExtras[8];    // (a rectangle's corner radius, unused, unused, unused)
    vec4 u_shapeColors[8];    // (red, green, blue, opacity)
};

out vec4 fragColor;

float capsule0(vec2 point, vec2 a, vec2 b) {
    return capsuleDistance(point, a, b, 0.0);
}

// The outline's signed distance of shape `index` at `local` (its own units).
float outlineDistance(int index, vec2 local) {
    vec4 geometry = u_shapeGeometry[index];
    int kind = int(geometry.x + 0.5);
    vec2 size = geometry.yz;
    if (kind == 1) return roundedRectangleDistance(local, vec4(-0.5 * size, size), u_shapeExtras[index].x);
    if (kind == 2) return ellipseDistance(local, vec2(0.0), 0.5 * size, 0.0);
    if (kind == 3) return starDistance(local, 0.5 * min(size.x, size.y));
    if (kind == 4) return speechBubbleDistance(local, size);
    vec2 tip = vec2(0.5 * size.x, 0.0);
    vec2 back = size.y * vec2(-cos(0.45), sin(0.45));
    float lines = capsule0(local, vec2(-0.5 * size.x, 0.0), tip);
    lines = min(lines, capsule0(local, tip, tip + back));
    return min(lines, capsule0(local, tip, tip + vec2(back.x, -back.y)));
}

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    vec4 result = vec4(0.0);
    for (int index = 0; index < 8; index++) {
        vec4 geometry = u_shapeGeometry[index];
        int kind = int(geometry.x + 0.5);
        if (kind == 0) continue;
        vec4 place = u_shapePlaces[index];
        vec2 d = point - place.xy;
        float c = cos(place.z);
        float s = sin(place.z);
        vec2 local = vec2(d.x * c + d.y * s, -d.x * s + d.y * c) / place.w;
        float outline = outlineDistance(index, local);
        float distance = (geometry.w > 0.0 || kind == 5 ? abs(outline) - geometry.w : outline) * place.w;
        float alpha = u_shapeColors[index].a * edgeCoverage(distance);
        result = vec4(u_shapeColors[index].rgb * alpha, alpha) + result * (1.0 - alpha);
    }
    fragColor = result;
}
