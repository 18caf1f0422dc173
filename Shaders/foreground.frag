#version 300 es
// The foreground pass: around the avatar only, the waves (a toned copy of the
// background seen through their mask) and the avatar on top, composed here in
// floating point (no fixed-function blending). Drawn in 8x8 tiles, each with
// the cheapest build that gives it exactly the whole composition's result:
// AVATAR_INTERIOR inside the opaque part of the avatar (nothing below it
// shows); elsewhere OUTER_GIVEN and INNER_GIVEN where a wave's coverage is
// the same (0 or 1) over the whole tile, and NO_AVATAR where the avatar is nothing.
precision highp float;

#include "blocks.glsl"

layout(std140) uniform Foreground {
    Gradient u_gradient;
    Waves u_waves;
    Avatar u_avatar;
    vec3 u_layers;               // (background, waves, avatar): 1 = drawn
    vec2 u_centre;               // avatar and waves centre, pixels from the top left
};

#include "gradient.glsl"
#include "shapes.glsl"
#include "waves.glsl"
#include "avatar.glsl"

out vec4 fragColor;

void main() {
    // gl_FragCoord counts rows from the framebuffer's row 0, the image's top row.
    vec2 offset = gl_FragCoord.xy - u_centre;
#ifdef AVATAR_INTERIOR
    // Opaque here: over anything, the avatar's own colour.
    fragColor = vec4(dithered(avatarColor(offset).rgb), 1.0);
#else
    vec3 color = vec3(0.0);
    float alpha = 0.0;
    if (u_layers.x > 0.5) {
        color = backgroundColor(screenPosition());
        alpha = 1.0;
    }
    if (u_layers.y > 0.5) {
        float mask = waveMask(offset);
        if (u_layers.x > 0.5) {
            color = throughWaves(color, mask);
        } else {
            color = vec3(1.0);
            alpha = mask;
        }
    }
#ifndef NO_AVATAR
    if (u_layers.z > 0.5) {
        vec4 top = avatarColor(offset);
        float below = alpha * (1.0 - top.a);
        vec3 premultiplied = color * below + top.rgb;
        alpha = below + top.a;
        color = alpha > 0.0 ? premultiplied / alpha : vec3(0.0);
    }
#endif
    // Straight alpha, as PNG stores it; nothing at all where it rounds to transparent.
    fragColor = alpha < 0.5 / 255.0 ? vec4(0.0) : vec4(dithered(color), alpha);
#endif
}
