#version 300 es
// Shade (video-call, section 2): black over what is below, at an opacity
// that varies across the frame, for blending (ONE, ONE_MINUS_SRC_ALPHA):
// inside a rounded rectangle (the video call's backdrop), outside one (the
// phone's corners), each edge by the one coverage rule; and shadow bands,
// alpha x peak x (1 - s)^2 a fraction s of their depth in. The parts
// combine as layers of black do: 1 - the product of (1 - each). A node with
// more parts than the block holds is drawn in several draws, which combine
// the same way. Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

layout(std140) uniform Shade {
    vec4 u_shadeShapes[4];   // inside / outside: the rectangle (x, y, width, height, frame pixels, y down); shadow: (edge row, depth, 1 downward or -1 upward, unused)
    vec4 u_shadeParts[4];    // (kind: 0 none, 1 inside, 2 outside, 3 shadow; alpha 0...1; corner radius within 0...half the shorter side; the shadow's peak)
};

out vec4 fragColor;

// The opacity of part `index` at `point` (a pixel's centre, frame pixels).
float partAlpha(int index, vec2 point) {
    vec4 shape = u_shadeShapes[index];
    vec4 part = u_shadeParts[index];
    int kind = int(part.x + 0.5);
    if (kind == 1 || kind == 2) {
        float covered = edgeCoverage(roundedRectangleDistance(point, shape, part.z));
        return part.y * (kind == 1 ? covered : 1.0 - covered);
    }
    if (kind == 3) {
        float s = shape.z * (point.y - shape.x) / shape.y;
        return s >= 0.0 && s < 1.0 ? part.y * part.w * (1.0 - s) * (1.0 - s) : 0.0;
    }
    return 0.0;
}

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    float clear = 1.0;
    for (int index = 0; index < 4; index++) clear *= 1.0 - partAlpha(index, point);
    fragColor = vec4(0.0, 0.0, 0.0, 1.0 - clear);
}
