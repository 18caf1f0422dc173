// The four-point gradient (call-visuals spec, section 1), shared by the
// background and foreground passes. Included with #include "gradient.glsl".

// Its uniforms are the member u_gradient of the pass's block (struct Gradient, blocks.glsl).
uniform highp sampler2D u_gradientTexture; // with GRADIENT_LOOKUP: the gradient at low resolution, one texel of margin (TextureUnit.gradientGrid)

// V times brightness, S times saturation, then plus overlay times its alpha.
// Worked out without converting to HSV and back (software rasterisers run
// every branch of such a conversion): with v = max, chroma = max - min and
// s = chroma / v, a channel c sits (v - c) / chroma of the way down from v,
// which is what the hue keeps; so the toned channel is v' - v' s' (v - c) / chroma
// for v' = clamp(v brightness) and s' = clamp(s saturation). A grey stays grey.
vec3 applyTone(vec3 color, vec3 tone, vec3 overlay) {
    float v = max(color.r, max(color.g, color.b));
    float chroma = v - min(color.r, min(color.g, color.b));
    float tonedV = clamp(v * tone.x, 0.0, 1.0);
    float tonedS = clamp((v > 0.0 ? chroma / v : 0.0) * tone.y, 0.0, 1.0);
    float perLevelDown = chroma > 0.0 ? tonedV * tonedS / chroma : 0.0;
    return min(tonedV - perLevelDown * (v - color) + overlay * tone.z, 1.0);
}

// The screen position (unit square, y up) of this fragment. For a full-size
// target the mapping is (1/W, 0, -1/H, 1): row 0 of the framebuffer is the top
// of the image, so readback needs no flip.
vec2 screenPosition() {
    return vec2(gl_FragCoord.x * u_gradient.screenFromFragment.x + u_gradient.screenFromFragment.y,
                gl_FragCoord.y * u_gradient.screenFromFragment.z + u_gradient.screenFromFragment.w);
}

// The background colour at a screen position, tone included when enabled.
vec3 gradientColor(vec2 screen) {
    vec2 uv = (screen + u_gradient.overscan) / (1.0 + 2.0 * u_gradient.overscan);

    vec2 offset = uv - 0.5;
    float reach = u_gradient.swirl.x * length(offset);
    float angle = reach * reach * u_gradient.swirl.y;
    float s = sin(angle);
    float c = cos(angle);
    vec2 p = clamp(vec2(offset.x * c - offset.y * s, offset.x * s + offset.y * c) + 0.5, 0.0, 1.0);

    vec3 sum = vec3(0.0);
    float total = 0.0;
    for (int i = 0; i < 4; i++) {
        float w = pow(max(0.0, u_gradient.falloffRadius - distance(p, u_gradient.centres[i])), u_gradient.falloffExponent);
        sum += w * u_gradient.colors[i];
        total += w;
    }
    vec3 color = sum / max(total, 1e-5);
    if (u_gradient.tone.w > 0.5) color = applyTone(color, u_gradient.tone.xyz, u_gradient.overlay);
    return color;
}

// The 8x8 Bayer index of a pixel: level k of the bits of (x, y) adds
// (2 (x xor y) + y) * 4^(2 - k); then an offset within half a level either way.
// Only in programs built with DITHER (a compile-time choice, like GRADIENT_LOOKUP).
vec3 dithered(vec3 color) {
#ifdef DITHER
    int x = int(gl_FragCoord.x);
    int y = int(gl_FragCoord.y);
    int index = 0;
    for (int level = 0; level < 3; level++) {
        int bx = (x >> level) & 1;
        int by = (y >> level) & 1;
        index += (2 * (bx ^ by) + by) << (2 * (2 - level));
    }
    return color + ((float(index) + 0.5) / 64.0 - 0.5) / 255.0;
#else
    return color;
#endif
}

// The background at a screen position: evaluated here, or, in programs built
// with GRADIENT_LOOKUP (the fast path), interpolated bilinearly from the
// low-resolution gradient, whose texel i sits at screen x = (i - 0.5) /
// innerWidth (and likewise in y, from the top). A compile-time choice, not a
// branch: software rasterisers run both sides of a branch.
#ifdef GRADIENT_LOOKUP
vec3 backgroundColor(vec2 screen) {
    vec2 texels = vec2(screen.x * u_gradient.lookup.y, (1.0 - screen.y) * u_gradient.lookup.z) + 1.0;
    return texture(u_gradientTexture, texels / (u_gradient.lookup.yz + 2.0)).rgb;
}
#else
vec3 backgroundColor(vec2 screen) {
    return gradientColor(screen);
}
#endif
