#version 300 es
// A premultiplied RGBA8 picture laid over the frame by a scale on each
// axis and a translation (a gallery grid at rest, or scaled while a pinch
// morphs it: gallery, section 2.1, rule 6; a sticker's frame onto its box:
// chat-types, section 1, rule 4), a draw each: the pixel's centre taken
// back into the picture's texels, the four texels around it fetched and
// weighed (texel centres at half-integers; texels beyond the edges clear,
// so it fades out over half a texel), times its opacity; premultiplied,
// for blending (ONE, ONE_MINUS_SRC_ALPHA). At scale 1 and a whole-pixel
// origin each pixel is its texel exactly. Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "target.glsl"

layout(std140) uniform MappedPicture {
    vec4 u_mappedPlace;   // (the frame point of the picture's top-left corner; texels a frame pixel across; down)
    float u_mappedAlpha;  // opacity
};

uniform highp sampler2D u_mappedPicture;  // the picture, RGBA8, premultiplied (TextureUnit.mappedPicture)

out vec4 fragColor;

vec4 texelOrClear(ivec2 texel, ivec2 size) {
    if (any(lessThan(texel, ivec2(0))) || any(greaterThanEqual(texel, size))) return vec4(0.0);
    return texelFetch(u_mappedPicture, texel, 0);
}

void main() {
    ivec2 size = textureSize(u_mappedPicture, 0);
    vec2 p = (gl_FragCoord.xy + u_regionOrigin - u_mappedPlace.xy) * u_mappedPlace.zw - 0.5;
    // Kept in range before turning into integers (beyond the edges all is clear).
    vec2 corner = clamp(floor(p), vec2(-2.0), vec2(size) + 1.0);
    vec2 w = clamp(p - corner, 0.0, 1.0);
    ivec2 c = ivec2(corner);
    vec4 top = mix(texelOrClear(c, size), texelOrClear(c + ivec2(1, 0), size), w.x);
    vec4 bottom = mix(texelOrClear(c + ivec2(0, 1), size), texelOrClear(c + ivec2(1, 1), size), w.x);
    fragColor = mix(top, bottom, w.y) * u_mappedAlpha;
}
