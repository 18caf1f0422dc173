#version 300 es
// A video picture (video-call, sections 2 to 5): the frame point's place in
// the picture (across the content rectangle, mirrored and turned back: an
// affine map the block gives), each plane sampled bilinearly there (texel
// centres at half-integers, edges clamped; a chroma plane spans the same
// picture at half the resolution), Y'CbCr turned into R'G'B' by the
// picture's matrix and range; or, built with STILL_PICTURE, a still's RGBA
// sampled alike with its alpha premultiplied. Its coverage is the clip's
// and the content's (the one coverage rule) times the opacity; written
// premultiplied for blending (ONE, ONE_MINUS_SRC_ALPHA) over what the
// target holds. Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "blocks.glsl"
#include "target.glsl"

layout(std140) uniform Video {
    Gradient u_gradient;      // unread: gradient.glsl is included for its dither alone
    vec4 u_videoClip;         // where it shows: x, y, width, height in frame pixels (y down)
    vec4 u_videoContent;      // the rectangle the turned picture is stretched over, the same way
    vec4 u_videoShape;        // (the clip's corner radius within 0...half its shorter side, opacity 0...1, unused, unused)
    vec4 u_videoMapping;      // the picture point at the content's top-left corner (x, y, fractions of the picture), unused, unused
    vec4 u_videoAxes;         // how the picture point moves across the content's width (x, y) and down its height (z, w)
    vec4 u_videoConversion;   // (Kr, Kb, the code of black luma, the codes luma spans): Y' = (code - black) / span
    vec4 u_videoChroma;       // (the codes chroma spans, unused, unused, unused): Pb = (code - 128) / span
};

#include "gradient.glsl"
#include "shapes.glsl"
#include "bilinear.glsl"

uniform highp sampler2D u_videoLuma;   // the picture's planes, R8 (TextureUnit.videoLuma, videoCb, videoCr)
uniform highp sampler2D u_videoCb;
uniform highp sampler2D u_videoCr;
uniform highp sampler2D u_videoStill;  // with STILL_PICTURE: the still, RGBA8 straight alpha (TextureUnit.videoStill)

out vec4 fragColor;

// A plane's 8-bit code at `point`, bilinear.
float planeCode(sampler2D plane, vec2 point) {
    ivec4 c;
    vec2 w;
    bilinearTexels(textureSize(plane, 0), point, c, w);
    float top = mix(texelFetch(plane, c.xy, 0).r, texelFetch(plane, c.zy, 0).r, w.x);
    float bottom = mix(texelFetch(plane, c.xw, 0).r, texelFetch(plane, c.zw, 0).r, w.x);
    return mix(top, bottom, w.y) * 255.0;
}

// Codes to R'G'B' by the definitions of BT.601, BT.709 and BT.2020: with
// Y' in 0...1 and Pb, Pr in -0.5...0.5, R' = Y' + 2 (1 - Kr) Pr,
// B' = Y' + 2 (1 - Kb) Pb, and G' from luma's definition
// Y' = Kr R' + (1 - Kr - Kb) G' + Kb B'; each clamped to 0...1.
vec3 rgbFromCodes(float luma, float cb, float cr) {
    float kr = u_videoConversion.x, kb = u_videoConversion.y;
    float y = (luma - u_videoConversion.z) / u_videoConversion.w;
    float pb = (cb - 128.0) / u_videoChroma.x;
    float pr = (cr - 128.0) / u_videoChroma.x;
    float red = y + 2.0 * (1.0 - kr) * pr;
    float blue = y + 2.0 * (1.0 - kb) * pb;
    float green = (y - kr * red - kb * blue) / (1.0 - kr - kb);
    return clamp(vec3(red, green, blue), 0.0, 1.0);
}

// The picture at `point`: the straight colour and its alpha.
vec4 pictureColor(vec2 point) {
#ifdef STILL_PICTURE
    ivec4 c;
    vec2 w;
    bilinearTexels(textureSize(u_videoStill, 0), point, c, w);
    vec4 texels[4] = vec4[4](texelFetch(u_videoStill, c.xy, 0), texelFetch(u_videoStill, c.zy, 0),
                             texelFetch(u_videoStill, c.xw, 0), texelFetch(u_videoStill, c.zw, 0));
    for (int i = 0; i < 4; i++) texels[i].rgb *= texels[i].a;
    vec4 premultiplied = mix(mix(texels[0], texels[1], w.x), mix(texels[2], texels[3], w.x), w.y);
    return premultiplied.a > 0.0 ? vec4(premultiplied.rgb / premultiplied.a, premultiplied.a) : vec4(0.0);
#else
    return vec4(rgbFromCodes(planeCode(u_videoLuma, point), planeCode(u_videoCb, point), planeCode(u_videoCr, point)), 1.0);
#endif
}

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    float coverage = edgeCoverage(roundedRectangleDistance(point, u_videoClip, u_videoShape.x))
        * edgeCoverage(roundedRectangleDistance(point, u_videoContent, 0.0)) * u_videoShape.y;
    vec2 across = (point - u_videoContent.xy) / u_videoContent.zw;
    vec2 picture = u_videoMapping.xy + across.x * u_videoAxes.xy + across.y * u_videoAxes.zw;
    vec4 color = pictureColor(picture);
    float amount = coverage * color.a;
    fragColor = amount > 0.0 ? vec4(dithered(color.rgb) * amount, amount) : vec4(0.0);
}
