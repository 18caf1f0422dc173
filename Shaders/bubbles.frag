#version 300 es
// Chat bubbles (chat, sections 2.6 and 2.7), up to four a draw: each a
// body with its own corner radii (bubbleBodyDistance) united with its tail
// (bubbleTailDistance, in points about the body's bottom corner on its
// side, mirrored for incoming), its fill at the one coverage rule, then
// black at the outline's coverage (a band either side of the edge, times
// its opacity). Written premultiplied for blending (ONE,
// ONE_MINUS_SRC_ALPHA) over what the target holds; then up to eight round
// strokes (capsuleDistance: the checks) in their colours. A node with more
// bubbles or strokes is drawn in several draws, the bubbles' first (bubbles
// do not overlap; strokes lie over them). Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

layout(std140) uniform Bubbles {
    vec4 u_bubbleBodies[4];    // the body: x, y, width, height in frame pixels (y down); width 0: no bubble
    vec4 u_bubbleRadii[4];     // its corner radii in pixels: top-left, top-right, bottom-right, bottom-left
    vec4 u_bubbleTails[4];     // the tail's corner (x, y, frame pixels), pixels per point (0: no tail), 1 if mirrored (incoming)
    vec4 u_bubbleFills[4];     // the fill (r, g, b) and the bubble's opacity (fill and outline together)
    vec4 u_bubbleOutlines[4];  // (the outline's opacity, half its width in pixels, unused, unused)
    vec4 u_strokeSegments[8];  // a round stroke over the bubbles (a check): from (x, y) to (z, w), frame pixels
    vec4 u_strokeStyles[8];    // its colour (r, g, b) and opacity; opacity 0: no stroke
    vec4 u_strokeRadii[2];     // each stroke's radius in pixels, four a vector
};

out vec4 fragColor;

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    vec3 color = vec3(0.0);
    float alpha = 0.0;
    for (int i = 0; i < 4; i++) {
        vec4 body = u_bubbleBodies[i];
        if (body.z <= 0.0) continue;
        float distance = bubbleBodyDistance(point, body, u_bubbleRadii[i]);
        vec4 tail = u_bubbleTails[i];
        if (tail.z > 0.0) {
            vec2 local = (point - tail.xy) / tail.z;
            if (tail.w > 0.5) local.x = -local.x;
            distance = min(distance, bubbleTailDistance(local) * tail.z);
        }
        float opacity = u_bubbleFills[i].a;
        float fill = edgeCoverage(distance) * opacity;
        vec2 outline = u_bubbleOutlines[i].xy;
        float band = clamp(outline.y + 0.5 - abs(distance), 0.0, 1.0) * clamp(outline.x, 0.0, 1.0) * opacity;
        color = u_bubbleFills[i].rgb * fill + color * (1.0 - fill);
        alpha = fill + alpha * (1.0 - fill);
        color = color * (1.0 - band);
        alpha = band + alpha * (1.0 - band);
    }
    for (int i = 0; i < 8; i++) {
        vec4 style = u_strokeStyles[i];
        if (style.a <= 0.0) continue;
        vec4 segment = u_strokeSegments[i];
        float amount = edgeCoverage(capsuleDistance(point, segment.xy, segment.zw, u_strokeRadii[i / 4][i % 4])) * clamp(style.a, 0.0, 1.0);
        color = style.rgb * amount + color * (1.0 - amount);
        alpha = amount + alpha * (1.0 - amount);
    }
    fragColor = vec4(color, alpha);
}
