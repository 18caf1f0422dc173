// The uniforms of the library files, as structs: a pass file that includes
// a library declares its uniform block (layout(std140) uniform NAME { ... })
// with that library's struct as a member, named as below, before its own
// members; the library reads it by that name. Included first, before the
// block and before the libraries. Swift writes each block member by member
// (CallshadeGL/Drawing/Std140Writer.swift); Shaders/UNIFORMS.md lists
// every block's members and offsets (Scripts/uniforms writes and checks it).

// gradient.glsl's, as the member u_gradient (call-visuals spec, section 1).
struct Gradient {
    vec4 screenFromFragment; // screen = (fc.x * x + y, fc.y * z + w): which screen point a fragment is
    vec3 lookup;             // with GRADIENT_LOOKUP: (unused, inner width, inner height) of u_gradientTexture
    vec3 colors[4];          // sRGB-encoded colours, used as-is
    vec2 centres[4];         // colour centres in the gradient rect (unit square, y up)
    float falloffRadius;     // weight = max(0, radius - distance) ^ exponent: 0.92
    float falloffExponent;   // 3
    vec2 swirl;              // (scale, strength): angle = (scale * d)^2 * strength radians; (0.35, 6.4)
    float overscan;          // 0.1: the gradient rect is the screen grown by this on every side
    vec4 tone;               // (brightness, saturation, overlay alpha, 1 = apply the tone)
    vec3 overlay;            // the tone's overlay colour
};

// waves.glsl's, as the member u_waves (spec section 2).
struct Waves {
    vec2 balls[16];          // 8 ball centres of the outer shape, then 8 of the inner one, in units of the side, y down
    vec2 sides;              // side of each shape's square, in pixels (level and visibility included)
    vec3 field;              // (sigma, threshold, alpha of each shape's white)
    vec2 coverage;           // with OUTER_GIVEN / INNER_GIVEN: each shape's coverage over the tiles drawn, 0 or 1
    vec4 tone;               // (brightness, saturation, overlay alpha, unused): the toned copy the waves show
    vec3 overlay;            // the tone's overlay colour
};

// avatar.glsl's, as the member u_avatar.
struct Avatar {
    float diameter;          // pixels, level included
    float opacity;           // 0...1: colour and alpha are multiplied by it
    float side;              // the picture's side in texels (AVATAR_PICTURE)
    vec3 placeholderTop;     // the placeholder's gradient colours
    vec3 placeholderBottom;
};
