#version 300 es
// One of the drawing's text entities (drawing, section 5), a draw each:
// the pixel's centre taken back into the entity's own units (turned and
// scaled about its centre) and on into its picture's texels, where the
// four coverages (red fill, green outline, blue shadow, alpha frame) are
// read once, bilinearly (bilinear.glsl: the four texels fetched and
// weighed here, as the CPU reference weighs them); the layers painted
// shadow, frame, outline, fill, each source-over the one before, times the
// entity's opacity; premultiplied, for blending (ONE, ONE_MINUS_SRC_ALPHA).
// Drawn in 8x8 tiles (tiles.vert), cut to the entity's box.
precision highp float;

#include "bilinear.glsl"
#include "target.glsl"

layout(std140) uniform TextEntity {
    vec4 u_textPlace;      // (centre x, centre y, frame pixels; the cosine and sine of its turn clockwise, each over its scale)
    vec4 u_textPicture;    // (the centre in the picture, texels from its top-left corner; texels a canvas pixel; opacity)
    vec4 u_textFill;       // (red, green, blue, opacity) of each layer
    vec4 u_textStroke;
    vec4 u_textShadow;
    vec4 u_textFrame;
};

uniform highp sampler2D u_textEntity;  // the picture, RGBA8 (TextureUnit.textEntity)

out vec4 fragColor;

vec4 over(vec4 below, vec3 color, float alpha) {
    return vec4(color * alpha + below.rgb * (1.0 - alpha), alpha + below.a * (1.0 - alpha));
}

void main() {
    vec2 d = gl_FragCoord.xy + u_regionOrigin - u_textPlace.xy;
    vec2 local = vec2(d.x * u_textPlace.z + d.y * u_textPlace.w, -d.x * u_textPlace.w + d.y * u_textPlace.z);
    ivec2 size = textureSize(u_textEntity, 0);
    vec2 texel = u_textPicture.xy + local * u_textPicture.z;
    ivec4 c;
    vec2 w;
    bilinearTexels(size, texel / vec2(size), c, w);
    vec4 top = mix(texelFetch(u_textEntity, c.xy, 0), texelFetch(u_textEntity, c.zy, 0), w.x);
    vec4 bottom = mix(texelFetch(u_textEntity, c.xw, 0), texelFetch(u_textEntity, c.zw, 0), w.x);
    vec4 k = mix(top, bottom, w.y);
    vec4 result = vec4(0.0);
    result = over(result, u_textShadow.rgb, u_textShadow.a * k.b);
    result = over(result, u_textFrame.rgb, u_textFrame.a * k.a);
    result = over(result, u_textStroke.rgb, u_textStroke.a * k.g);
    result = over(result, u_textFill.rgb, u_textFill.a * k.r);
    fragColor = result * u_textPicture.w;
}
