#version 300 es
// Sheen (drawing, section 7: the access screen's sparkle): white over what
// is below, for blending (ONE, ONE_MINUS_SRC_ALPHA), in a band across a
// rounded rectangle: along x a tent from 0 at the band's edges to 1 at its
// centre (at the pixel's centre), times the fill's peak inside the shape,
// and times the ring's peak in the ring `ringWidth` wide inside its edge
// (the shape's coverage less that of the shape inset by ringWidth, its
// corners by as much, not below 0). The two combine as layers of white.
// Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

layout(std140) uniform Sheen {
    vec4 u_sheenShape;  // the rounded rectangle (x, y, width, height, frame pixels, y down)
    vec4 u_sheenEdges;  // (its corner radius within 0...half the shorter side, the ring's width, the inset rectangle's corner radius, unused)
    vec4 u_sheenBand;   // (the band's centre x, its half width > 0, the fill's peak 0...1, the ring's peak 0...1)
};

out vec4 fragColor;

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    float band = max(0.0, 1.0 - abs(point.x - u_sheenBand.x) / u_sheenBand.y);
    float ringWidth = u_sheenEdges.y;
    vec4 inset = vec4(u_sheenShape.xy + ringWidth, max(u_sheenShape.zw - 2.0 * ringWidth, 0.0));
    float outer = edgeCoverage(roundedRectangleDistance(point, u_sheenShape, u_sheenEdges.x));
    float ring = max(0.0, outer - edgeCoverage(roundedRectangleDistance(point, inset, u_sheenEdges.z)));
    float fill = u_sheenBand.z * band * outer;
    float rim = u_sheenBand.w * band * ring;
    float alpha = 1.0 - (1.0 - fill) * (1.0 - rim);
    fragColor = vec4(alpha, alpha, alpha, alpha);
}
