#version 300 es
// The chat's wallpaper (chat, section 1.3): its small raster, computed on
// the CPU and uploaded as it is, stretched over the whole frame bilinearly
// (texel centres at ((i + 0.5) W / w, (j + 0.5) H / h), edges clamped);
// during the keyframes' cross-dissolve a second raster mixed in linearly.
// Opaque; written over what the target holds. Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "blocks.glsl"
#include "target.glsl"

layout(std140) uniform Wallpaper {
    Gradient u_gradient;      // unread: gradient.glsl is included for its dither alone
    vec4 u_wallpaperFrame;    // (the frame's width, height in pixels, the second raster's amount 0...1, unused)
};

#include "gradient.glsl"
#include "bilinear.glsl"

uniform highp sampler2D u_wallpaperRaster;   // the raster, RGBA8 (TextureUnit.wallpaperRaster)
uniform highp sampler2D u_wallpaperNext;     // the raster dissolved in (TextureUnit.wallpaperNext)

out vec4 fragColor;

// `raster` stretched over the frame, bilinear at `point` (fractions of the frame, y down).
vec3 stretched(sampler2D raster, vec2 point) {
    ivec4 c;
    vec2 w;
    bilinearTexels(textureSize(raster, 0), point, c, w);
    vec3 top = mix(texelFetch(raster, c.xy, 0).rgb, texelFetch(raster, c.zy, 0).rgb, w.x);
    vec3 bottom = mix(texelFetch(raster, c.xw, 0).rgb, texelFetch(raster, c.zw, 0).rgb, w.x);
    return mix(top, bottom, w.y);
}

void main() {
    vec2 point = (gl_FragCoord.xy + u_regionOrigin) / u_wallpaperFrame.xy;
    vec3 color = stretched(u_wallpaperRaster, point);
    if (u_wallpaperFrame.z > 0.0) color = mix(color, stretched(u_wallpaperNext, point), u_wallpaperFrame.z);
    fragColor = vec4(dithered(color), 1.0);
}
