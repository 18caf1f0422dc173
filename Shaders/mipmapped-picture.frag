#version 300 es
// A picture laid over the frame by a scale and a translation, sampled
// trilinearly from its mip chain and cut to a rectangle (the gallery's
// viewer: gallery, section 0), a draw each: the pixel's centre taken into
// the two levels the level of detail falls between (each bound as its own
// texture), each sampled bilinearly from its four texels around it (texel
// centres at half-integers, clamped to the level's edge texels), mixed by
// the coarser one's weight, times the pixel's share of the clip rectangle
// (its square's overlap, across times down) and the opacity; premultiplied,
// for blending (ONE, ONE_MINUS_SRC_ALPHA). Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "target.glsl"

layout(std140) uniform MipmappedPicture {
    vec4 u_mipPlace;  // (the frame point of level 0's top-left corner; frame pixels a texel of the finer level; the coarser level's weight)
    vec4 u_mipClip;   // the clip rectangle: left, top, right, bottom (frame pixels, y down)
    float u_mipAlpha;  // the opacity
};

uniform highp sampler2D u_mipFiner;    // the finer level, RGBA8, premultiplied (TextureUnit.mipFiner)
uniform highp sampler2D u_mipCoarser;  // the next level, half its size (TextureUnit.mipCoarser)

out vec4 fragColor;

vec4 bilinear(highp sampler2D level, vec2 pixel, float step) {
    ivec2 size = textureSize(level, 0);
    vec2 p = clamp((pixel - u_mipPlace.xy) / step - 0.5, vec2(0.0), vec2(size - 1));
    vec2 corner = floor(p);
    vec2 w = p - corner;
    ivec2 c = ivec2(corner);
    ivec2 d = min(c + 1, size - 1);
    vec4 top = mix(texelFetch(level, c, 0), texelFetch(level, ivec2(d.x, c.y), 0), w.x);
    vec4 bottom = mix(texelFetch(level, ivec2(c.x, d.y), 0), texelFetch(level, d, 0), w.x);
    return mix(top, bottom, w.y);
}

void main() {
    vec2 corner = gl_FragCoord.xy + u_regionOrigin - 0.5;
    vec2 share = clamp(min(corner + 1.0, u_mipClip.zw) - max(corner, u_mipClip.xy), 0.0, 1.0);
    vec2 pixel = corner + 0.5;
    vec4 value = bilinear(u_mipFiner, pixel, u_mipPlace.z);
    if (u_mipPlace.w > 0.0) value = mix(value, bilinear(u_mipCoarser, pixel, 2.0 * u_mipPlace.z), u_mipPlace.w);
    fragColor = value * (share.x * share.y * u_mipAlpha);
}
