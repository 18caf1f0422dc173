// The avatar: a picture (premultiplied RGBA8 texture, square; programs built
// with AVATAR_PICTURE) or a placeholder disc with a vertical two-colour
// gradient (the others), in an anti-aliased circle.
// Included with #include "avatar.glsl", after shapes.glsl (for the disc).

// Its uniforms are the member u_avatar of the pass's block (struct Avatar, blocks.glsl).
uniform highp sampler2D u_avatarPicture; // premultiplied, row 0 = top (TextureUnit.avatar)

// Bilinear between the four nearest texels (edges clamped), computed here so
// it matches the CPU reference to float precision.
vec4 avatarTexel(vec2 position) {
    vec2 corner = floor(position);
    vec2 f = position - corner;
    int last = int(u_avatar.side) - 1;
    ivec2 a = clamp(ivec2(corner), ivec2(0), ivec2(last));
    ivec2 b = clamp(ivec2(corner) + ivec2(1), ivec2(0), ivec2(last));
    vec4 topRow = mix(texelFetch(u_avatarPicture, ivec2(a.x, a.y), 0), texelFetch(u_avatarPicture, ivec2(b.x, a.y), 0), f.x);
    vec4 bottomRow = mix(texelFetch(u_avatarPicture, ivec2(a.x, b.y), 0), texelFetch(u_avatarPicture, ivec2(b.x, b.y), 0), f.x);
    return mix(topRow, bottomRow, f.y);
}

// The avatar's premultiplied colour and alpha at `offset` pixels from its centre.
vec4 avatarColor(vec2 offset) {
    float coverage = discCoverage(u_avatar.diameter * 0.5, length(offset)) * u_avatar.opacity;
    if (coverage <= 0.0 || u_avatar.diameter <= 0.0) return vec4(0.0);
    vec2 u = offset / u_avatar.diameter + 0.5;
#ifdef AVATAR_PICTURE
    return avatarTexel(u * u_avatar.side - 0.5) * coverage;
#else
    return vec4(mix(u_avatar.placeholderTop, u_avatar.placeholderBottom, clamp(u.y, 0.0, 1.0)), 1.0) * coverage;
#endif
}
