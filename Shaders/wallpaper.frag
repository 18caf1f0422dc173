#version 300 es
// The chat's wallpaper (chat, section 1.3): its small raster, computed on
// the CPU and uploaded as it is, stretched over the whole frame bilinearly
// (texel centres at ((i + 0.5) W / w, (j + 0.5) H / h), edges clamped);
// during the keyframes' cross-dissolve a second raster mixed in linearly;
// then the pattern (section 1.7), its mask drawn by librsvg at the frame's
// size: W3C soft light of the shape colour at the mask x opacity, normal
// blending over a near-black wallpaper, or (negative intensity) black with
// the wallpaper at the opacity only through the shapes.
// Opaque; written over what the target holds. Drawn in 8x8 tiles (tiles.vert).
precision highp float;

#include "blocks.glsl"
#include "target.glsl"

layout(std140) uniform Wallpaper {
    Gradient u_gradient;      // unread: gradient.glsl is included for its dither alone
    vec4 u_wallpaperFrame;    // (the frame's width, height in pixels, the second raster's amount 0...1, pattern: 0 none, 1 soft light, 2 normal, 3 inverted)
    vec4 u_wallpaperShape;    // the pattern's shape colour (r, g, b) and its opacity 0...1
};

#include "gradient.glsl"
#include "bilinear.glsl"

uniform highp sampler2D u_wallpaperRaster;   // the raster, RGBA8 (TextureUnit.wallpaperRaster)
uniform highp sampler2D u_wallpaperNext;     // the raster dissolved in (TextureUnit.wallpaperNext)
uniform highp sampler2D u_wallpaperPattern;  // the pattern's coverage at the frame's size, R8 (TextureUnit.wallpaperPattern)

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

// W3C soft light of `source` over `backdrop`, channel by channel.
vec3 softLight(vec3 backdrop, vec3 source) {
    vec3 d = mix(sqrt(backdrop), ((16.0 * backdrop - 12.0) * backdrop + 4.0) * backdrop, lessThanEqual(backdrop, vec3(0.25)));
    vec3 darker = backdrop - (1.0 - 2.0 * source) * backdrop * (1.0 - backdrop);
    vec3 lighter = backdrop + (2.0 * source - 1.0) * (d - backdrop);
    return mix(lighter, darker, lessThanEqual(source, vec3(0.5)));
}

void main() {
    vec2 pixel = gl_FragCoord.xy + u_regionOrigin;
    vec2 point = pixel / u_wallpaperFrame.xy;
    vec3 color = stretched(u_wallpaperRaster, point);
    if (u_wallpaperFrame.z > 0.0) color = mix(color, stretched(u_wallpaperNext, point), u_wallpaperFrame.z);
    int mode = int(u_wallpaperFrame.w + 0.5);
    if (mode > 0) {
        float covered = texelFetch(u_wallpaperPattern, ivec2(floor(pixel)), 0).r;
        float opacity = u_wallpaperShape.a;
        if (mode == 1) color = mix(color, softLight(color, u_wallpaperShape.rgb), covered * opacity);
        else if (mode == 2) color = mix(color, u_wallpaperShape.rgb, covered * opacity);
        else color *= covered * opacity;
    }
    fragColor = vec4(dithered(color), 1.0);
}
