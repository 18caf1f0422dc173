#version 300 es
// A stamp brush's stroke over what is below (drawing.md section 3): its
// colour at the alpha its layer accumulated (stamp-layer.frag, a target
// standing for the same region as this one), premultiplied, for blending
// (ONE, ONE_MINUS_SRC_ALPHA). Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "target.glsl"

layout(std140) uniform Stamps {
    vec4 u_stampsColor;   // (r, g, b, unused): sRGB-encoded, used as-is
};

uniform highp sampler2D u_stampLayer;   // the layer's alpha in the alpha channel (TextureUnit.stampLayer)

out vec4 fragColor;

void main() {
    float alpha = clamp(texelFetch(u_stampLayer, ivec2(gl_FragCoord.xy), 0).a, 0.0, 1.0);
    fragColor = vec4(u_stampsColor.rgb * alpha, alpha);
}
