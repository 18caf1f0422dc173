// Bilinear sampling of a grid by its texels (texelFetch), so that every
// route weighs the same four texels alike: texel centres at half-integers,
// edges clamped (video-call, section 2; chat, section 1.3).
// Included with #include "bilinear.glsl".

// The four texels of a `size` grid around `point` (fractions of it), their
// texel centres at half-integers, clamped to its edges: the corners' texel
// coordinates (left, top, right, bottom) and the weights across and down.
void bilinearTexels(ivec2 size, vec2 point, out ivec4 corners, out vec2 weights) {
    vec2 p = point * vec2(size) - 0.5;
    // Kept in range before turning into integers (a point far outside clamps to the edge anyway).
    vec2 corner = clamp(floor(p), vec2(-1.0), vec2(size));
    weights = clamp(p - corner, 0.0, 1.0);
    ivec2 first = ivec2(corner);
    corners = ivec4(clamp(first, ivec2(0), size - 1), clamp(first + 1, ivec2(0), size - 1));
}
