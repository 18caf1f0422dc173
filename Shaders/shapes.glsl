// The shapes' signed distances (pixels, negative inside) and the one
// anti-aliasing rule, as CallshadeCore's Geometry defines them
// (RoundedRectangle, Disc, Capsule, WaveField, EdgeCoverage). Included with
// #include "shapes.glsl" by every pass that draws them (before waves.glsl
// and avatar.glsl).

// A pixel's coverage from the signed distance at its centre, over one pixel.
float edgeCoverage(float distance) {
    return clamp(0.5 - distance, 0.0, 1.0);
}

// The rounded rectangle `rect` (x, y, width, height) with corners of
// `radius`, already within 0...half its shorter side.
float roundedRectangleDistance(vec2 point, vec4 rect, float radius) {
    vec2 halfSize = rect.zw * 0.5;
    vec2 q = abs(point - (rect.xy + halfSize)) - (halfSize - radius);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// The disc about `centre`.
float discDistance(vec2 point, vec2 centre, float radius) {
    return length(point - centre) - radius;
}

// The avatar's coverage at `centreDistance` from a disc's centre: the
// edgeCoverage rule added up with the radius first, as it has always been
// drawn (Disc.coverage(radius:centreDistance:)).
float discCoverage(float radius, float centreDistance) {
    return clamp(radius - centreDistance + 0.5, 0.0, 1.0);
}

// A wave's metaball field: the signed distance from the field's value, its
// gradient's length (per unit of the side) and the side in pixels
// (WaveShape.signedDistance).
float waveDistance(float field, float slopeLength, float threshold, float side) {
    return (threshold - field) / max(slopeLength, 1e-9) * side;
}

// The stroke segment from `start` to `end`, `radius` either side.
float capsuleDistance(vec2 point, vec2 start, vec2 end, float radius) {
    vec2 along = end - start;
    vec2 from = point - start;
    float lengthSquared = dot(along, along);
    float t = lengthSquared > 0.0 ? clamp(dot(from, along) / lengthSquared, 0.0, 1.0) : 0.0;
    return length(from - along * t) - radius;
}

// A chat bubble's tail (BubbleTail: chat, section 2.6) in points about the
// body's bottom corner on its side, y down, outgoing (an incoming tail
// passes its point mirrored, x negated): the rectangle [-16.5, 0] x
// [-17, -8] united with the region between y = -8.5 and the two quadratics
// through (4.5, 0), less the ellipse about (11.5, -8.5) of radii 11.5 x 10.5.
// Exact for the rectangle, first order for the curve (its vertical and
// horizontal offsets combined) and the ellipse.
float bubbleTailCurve(float x) {
    if (x <= 4.5) {
        float s = sqrt(max(x + 9.0, 0.0) / 13.5);
        return -8.5 * (1.0 - s) * (1.0 - s);
    }
    float t = 1.0 - sqrt(max(18.0 - x, 0.0) / 13.5);
    return -8.5 * t * t;
}

// The curve's branches at height y (-8.5 ... 0): (left x, right x).
vec2 bubbleTailBranches(float y) {
    float s = sqrt(clamp(-y, 0.0, 8.5) / 8.5);
    float w = 13.5 * (1.0 - s) * (1.0 - s);
    return vec2(-9.0 + w, 18.0 - w);
}

float bubbleTailDistance(vec2 p) {
    vec2 q = abs(p - vec2(-8.25, -12.5)) - vec2(8.25, 4.5);
    float rectangle = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0);
    float vertical = p.y - bubbleTailCurve(clamp(p.x, -9.0, 18.0));
    float edge = vertical;
    if (p.y >= -8.5 && p.y <= 0.0) {
        vec2 branches = bubbleTailBranches(p.y);
        float horizontal = max(branches.x - p.x, p.x - branches.y);
        float size = length(vec2(vertical, horizontal));
        if (size > 0.0) edge = vertical * abs(horizontal) / size;
    }
    float region = max(max(-8.5 - p.y, edge), max(-9.0 - p.x, p.x - 18.0));
    vec2 r = vec2(11.5, 10.5);
    vec2 d = p - vec2(11.5, -8.5);
    float k0 = length(d / r);
    float k1 = length(d / (r * r));
    float ellipse = k1 > 0.0 ? k0 * (k0 - 1.0) / k1 : -10.5;
    return max(min(rectangle, region), -ellipse);
}

// A rectangle `rect` (x, y, width, height) whose corners have their own
// radii (top-left, top-right, bottom-right, bottom-left), each within
// 0...half its shorter side (BubbleBody): the rounded rectangle's
// distance with the radius of the point's quarter.
float bubbleBodyDistance(vec2 point, vec4 rect, vec4 radii) {
    vec2 halfSize = rect.zw * 0.5;
    vec2 p = point - (rect.xy + halfSize);
    float corner = p.x > 0.0 ? (p.y > 0.0 ? radii.z : radii.y) : (p.y > 0.0 ? radii.w : radii.x);
    float radius = clamp(corner, 0.0, max(0.0, min(rect.z, rect.w) * 0.5));
    vec2 q = abs(p) - (halfSize - radius);
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
}

// A stroke segment whose radius goes from `startRadius` to `endRadius`:
// the two end discs and the quad between them (TaperedCapsule).
float taperedCapsuleDistance(vec2 point, vec2 start, vec2 end, float startRadius, float endRadius) {
    float discs = min(length(point - start) - startRadius, length(point - end) - endRadius);
    vec2 along = end - start;
    float segmentLength = length(along);
    if (segmentLength <= 0.0) {
        return discs;
    }
    vec2 unit = along / segmentLength;
    vec2 from = point - start;
    float u = dot(from, unit);
    float w = abs(from.x * unit.y - from.y * unit.x);
    vec2 side = vec2(segmentLength, endRadius - startRadius);
    vec2 toPoint = vec2(u, w - startRadius);
    float t = clamp(dot(toPoint, side) / dot(side, side), 0.0, 1.0);
    float distance = length(toPoint - side * t);
    bool inside = u >= 0.0 && u <= segmentLength && w <= startRadius + (endRadius - startRadius) * (u / segmentLength);
    return min(discs, inside ? -distance : distance);
}

// The ellipse of semi-axes `axes` about `centre`, turned by `angle` radians
// (x towards y): the first-order distance estimate (Ellipse).
float ellipseDistance(vec2 point, vec2 centre, vec2 axes, float angle) {
    vec2 d = point - centre;
    float c = cos(angle);
    float s = sin(angle);
    vec2 q = vec2(d.x * c + d.y * s, -d.x * s + d.y * c);
    float k0 = length(q / axes);
    float k1 = length(q / (axes * axes));
    return k1 > 0.0 ? k0 * (k0 - 1.0) / k1 : -min(axes.x, axes.y);
}

// One edge from `a` to `b` of a polygon's outline (PolygonDistance): the
// nearest edge's distance so far, and whether a ray to the right from the
// point has crossed the outline an odd number of times.
void polygonEdge(vec2 point, vec2 a, vec2 b, inout float nearest, inout bool inside) {
    vec2 edge = b - a;
    vec2 from = point - a;
    float lengthSquared = dot(edge, edge);
    float t = lengthSquared > 0.0 ? clamp(dot(from, edge) / lengthSquared, 0.0, 1.0) : 0.0;
    nearest = min(nearest, length(from - edge * t));
    if ((a.y > point.y) != (b.y > point.y)) {
        float crossing = a.x + (point.y - a.y) / (b.y - a.y) * edge.x;
        if (point.x < crossing) inside = !inside;
    }
}

// The five-pointed star about the origin (Star), y down: points at `outer`,
// the first straight up, the corners between them at half that; exact.
// Its ten corners at an outer radius of 1, from the top point clockwise:
// (cos, sin) of -pi/2 + k pi/5, the odd ones at half the radius.
const vec2 starCorners[10] = vec2[10](
    vec2(0.0, -1.0), vec2(0.29389263, -0.40450850), vec2(0.95105652, -0.30901699), vec2(0.47552826, 0.15450850),
    vec2(0.58778525, 0.80901699), vec2(0.0, 0.5), vec2(-0.58778525, 0.80901699), vec2(-0.47552826, 0.15450850),
    vec2(-0.95105652, -0.30901699), vec2(-0.29389263, -0.40450850));

float starDistance(vec2 point, float outer) {
    float nearest = 1e30;
    bool inside = false;
    vec2 previous = outer * starCorners[9];
    for (int index = 0; index < 10; index++) {
        vec2 corner = outer * starCorners[index];
        polygonEdge(point, previous, corner, nearest, inside);
        previous = corner;
    }
    return inside ? -nearest : nearest;
}

// The speech bubble about the origin (SpeechBubble), y down: its body of
// `size` with corners of a quarter of the shorter side, united with its
// tail, the triangle (-0.32, 0.2), (-0.08, 0.2), (-0.4, 0.7) of the size.
float speechBubbleDistance(vec2 point, vec2 size) {
    float body = roundedRectangleDistance(point, vec4(-0.5 * size, size), clamp(0.25 * min(size.x, size.y), 0.0, 0.5 * min(size.x, size.y)));
    float nearest = 1e30;
    bool inside = false;
    vec2 a = vec2(-0.32, 0.2) * size;
    vec2 b = vec2(-0.08, 0.2) * size;
    vec2 c = vec2(-0.4, 0.7) * size;
    polygonEdge(point, c, a, nearest, inside);
    polygonEdge(point, a, b, nearest, inside);
    polygonEdge(point, b, c, nearest, inside);
    return min(body, inside ? -nearest : nearest);
}

// A polygon of `count` (at most 16) vertices, two to a vec4, filled by the
// even-odd rule: the distance to its nearest edge, negative inside
// (`polygonEdge` for each edge; PolygonDistance).
float polygonDistance(vec2 point, vec4 pairs[8], int count) {
    float nearest = 1e30;
    bool inside = false;
    vec2 previous = (count - 1) % 2 == 0 ? pairs[(count - 1) / 2].xy : pairs[(count - 1) / 2].zw;
    for (int index = 0; index < 16; index++) {
        if (index >= count) break;
        vec2 vertex = index % 2 == 0 ? pairs[index / 2].xy : pairs[index / 2].zw;
        polygonEdge(point, previous, vertex, nearest, inside);
        previous = vertex;
    }
    return inside ? -nearest : nearest;
}

// A soft edge's coverage (SoftEdge): the share of a Gaussian of standard
// deviation `sigma` inside at `distance`, erfc(d / (sigma sqrt 2)) / 2 by
// Abramowitz and Stegun's 7.1.26, 0 from 4 sigma out and 1 from 4 sigma in.
float softEdgeCoverage(float distance, float sigma) {
    if (distance >= 4.0 * sigma) return 0.0;
    if (distance <= -4.0 * sigma) return 1.0;
    float x = distance / (sigma * 1.41421356);
    float z = abs(x), t = 1.0 / (1.0 + 0.3275911 * z);
    float poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    float erfcOfZ = poly * exp(-z * z);
    return x >= 0.0 ? 0.5 * erfcOfZ : 1.0 - 0.5 * erfcOfZ;
}

// A paint's colour at `u` across its box (ShapePaint): linear between its
// stops' colours, or each stop's from its position to the next (`steps`).
vec3 paintColour(float u, bool steps, int count, vec4 positions[2], vec4 colours[8]) {
    if (u <= positions[0].x) return colours[0].rgb;
    for (int index = 1; index < 8; index++) {
        if (index >= count) break;
        float high = positions[index / 4][index % 4], low = positions[(index - 1) / 4][(index - 1) % 4];
        if (u < high) {
            if (steps) return colours[index - 1].rgb;
            float share = (u - low) / max(high - low, 1e-12);
            return mix(colours[index - 1].rgb, colours[index].rgb, share);
        }
    }
    return colours[count - 1].rgb;
}

// An arc about `centre` of `radius` from the angle `start` (radians from +x
// towards +y, clockwise on the screen) through `sweep` clockwise, a line of
// no width: to the circle where the point's angle lies within it, else to
// the nearer end (ShapeArc).
float arcDistance(vec2 point, vec2 centre, float radius, float start, float sweep) {
    vec2 d = point - centre;
    float turn = mod(atan(d.y, d.x) - start, 6.28318531);
    if (turn <= sweep) return abs(length(d) - radius);
    vec2 first = centre + vec2(cos(start), sin(start)) * radius;
    vec2 last = centre + vec2(cos(start + sweep), sin(start + sweep)) * radius;
    return min(length(point - first), length(point - last));
}
