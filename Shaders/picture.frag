#version 300 es
// A picture node: one opaque colour over the frame (a drawing canvas's
// background), or a picture the frame's size (a canvas's PNG aspect-filled,
// a drawing's finished strokes), its premultiplied values made on the CPU
// and uploaded as they are (half floats), read texel for pixel, for
// blending (ONE, ONE_MINUS_SRC_ALPHA). Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "blocks.glsl"
#include "target.glsl"

layout(std140) uniform Picture {
    Gradient u_gradient;    // unread: gradient.glsl is included for its dither alone
    vec4 u_pictureColor;    // (r, g, b, mode: 0 the colour, opaque; 1 the picture)
};

#include "gradient.glsl"

uniform highp sampler2D u_picture;   // premultiplied RGBA the frame's size, half floats (TextureUnit.picture)

out vec4 fragColor;

void main() {
    if (u_pictureColor.a < 0.5) {
        fragColor = vec4(dithered(u_pictureColor.rgb), 1.0);
        return;
    }
    vec4 value = texelFetch(u_picture, ivec2(floor(gl_FragCoord.xy + u_regionOrigin)), 0);
    fragColor = value.a >= 1.0 ? vec4(dithered(value.rgb), 1.0) : value;
}
