// The four-point gradient (call-visuals spec, section 1), shared by the
// background and foreground passes. Included with #include "gradient.glsl".

uniform vec4 u_screenFromFragment; // screen = (fc.x * x + y, fc.y * z + w): which screen point a fragment is
uniform vec3 u_gradientLookup;   // with GRADIENT_LOOKUP: (unused, inner width, inner height) of u_gradientTexture
uniform highp sampler2D u_gradientTexture; // with GRADIENT_LOOKUP: the gradient at low resolution, one texel of margin (unit 1)
uniform vec3 u_colors[4];        // sRGB-encoded colours, used as-is
uniform vec2 u_centres[4];       // colour centres in the gradient rect (unit square, y up)
uniform float u_falloffRadius;   // 0.92
uniform float u_falloffExponent; // 3
uniform vec2 u_swirl;            // (scale, strength): angle = (scale * d)^2 * strength; (0.35, 6.4)
uniform float u_overscan;        // 0.1: the gradient rect is the screen grown by this on every side
uniform vec4 u_tone;             // (brightness, saturation, overlay alpha, 1 = apply tone)
uniform vec3 u_overlay;          // overlay colour of the tone

vec3 rgbToHsv(vec3 c) {
    float maxC = max(c.r, max(c.g, c.b));
    float minC = min(c.r, min(c.g, c.b));
    float chroma = maxC - minC;
    float hue = 0.0;
    if (chroma > 0.0) {
        if (maxC == c.r) {
            hue = (c.g - c.b) / chroma;
            if (hue < 0.0) hue += 6.0;
        } else if (maxC == c.g) {
            hue = (c.b - c.r) / chroma + 2.0;
        } else {
            hue = (c.r - c.g) / chroma + 4.0;
        }
    }
    return vec3(hue / 6.0, maxC > 0.0 ? chroma / maxC : 0.0, maxC);
}

vec3 hsvToRgb(vec3 hsv) {
    // Each channel's distance around the hue circle, as a piecewise-linear ramp.
    vec3 k = mod(vec3(5.0, 3.0, 1.0) + hsv.x * 6.0, 6.0);
    vec3 ramp = clamp(min(k, 4.0 - k), 0.0, 1.0);
    return hsv.z - hsv.z * hsv.y * ramp;
}

// V times brightness, S times saturation, then plus overlay times its alpha.
vec3 applyTone(vec3 color, vec3 tone, vec3 overlay) {
    vec3 hsv = rgbToHsv(color);
    hsv.z = clamp(hsv.z * tone.x, 0.0, 1.0);
    hsv.y = clamp(hsv.y * tone.y, 0.0, 1.0);
    return min(hsvToRgb(hsv) + overlay * tone.z, 1.0);
}

// The screen position (unit square, y up) of this fragment. For a full-size
// target the mapping is (1/W, 0, -1/H, 1): row 0 of the framebuffer is the top
// of the image, so readback needs no flip.
vec2 screenPosition() {
    return vec2(gl_FragCoord.x * u_screenFromFragment.x + u_screenFromFragment.y,
                gl_FragCoord.y * u_screenFromFragment.z + u_screenFromFragment.w);
}

// The background colour at a screen position, tone included when enabled.
vec3 gradientColor(vec2 screen) {
    vec2 uv = (screen + u_overscan) / (1.0 + 2.0 * u_overscan);

    vec2 offset = uv - 0.5;
    float reach = u_swirl.x * length(offset);
    float angle = reach * reach * u_swirl.y;
    float s = sin(angle);
    float c = cos(angle);
    vec2 p = clamp(vec2(offset.x * c - offset.y * s, offset.x * s + offset.y * c) + 0.5, 0.0, 1.0);

    vec3 sum = vec3(0.0);
    float total = 0.0;
    for (int i = 0; i < 4; i++) {
        float w = pow(max(0.0, u_falloffRadius - distance(p, u_centres[i])), u_falloffExponent);
        sum += w * u_colors[i];
        total += w;
    }
    vec3 color = sum / max(total, 1e-5);
    if (u_tone.w > 0.5) color = applyTone(color, u_tone.xyz, u_overlay);
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
    vec2 texels = vec2(screen.x * u_gradientLookup.y, (1.0 - screen.y) * u_gradientLookup.z) + 1.0;
    return texture(u_gradientTexture, texels / (u_gradientLookup.yz + 2.0)).rgb;
}
#else
vec3 backgroundColor(vec2 screen) {
    return gradientColor(screen);
}
#endif
