#version 300 es
// Marks: a glyph's coverage from the atlas (bilinear, its picture stretched
// over the mark's rectangle), or a rounded rectangle's from its signed
// distance (anti-aliased over one pixel), times the mark's premultiplied
// colour; or a colour glyph's premultiplied colour from the atlas's colour
// page times the mark's alpha; or a cut-out disc's (a ring, less a glyph's
// coverage) times the mark's colour; any of them turned about its
// rectangle's centre (a particle's spin); for blending (ONE, ONE_MINUS_SRC_ALPHA) over
// what the target holds.
precision highp float;

#include "shapes.glsl"
#include "target.glsl"

uniform highp sampler2D u_atlas;   // glyph coverage in the red channel (TextureUnit.glyphs)
uniform highp sampler2D u_colourAtlas;  // colour glyphs, premultiplied RGBA (TextureUnit.colourGlyphs)

flat in vec4 v_rect;
flat in vec4 v_source;
flat in vec4 v_color;
flat in vec4 v_cutRect;
flat in vec4 v_cut;
flat in vec4 v_shape;

out vec4 fragColor;

// A rounded rectangle's coverage at `point` (anti-aliased over one pixel).
float outlineCoverage(vec2 point, vec4 rect, float cornerRadius) {
    return edgeCoverage(roundedRectangleDistance(point, rect, min(cornerRadius, 0.5 * min(rect.z, rect.w))));
}

// The mark's own rounded rectangle's coverage.
float shapeCoverage(vec2 point, float cornerRadius) {
    return outlineCoverage(point, v_rect, cornerRadius);
}

void main() {
    vec2 point = gl_FragCoord.xy + u_regionOrigin;
    if (v_cut.w != 0.0) {
        // Turned back about the rectangle's centre, into the mark's own frame; nothing outside its own quad.
        vec2 centre = v_rect.xy + 0.5 * v_rect.zw;
        vec2 d = point - centre;
        float c = cos(v_cut.w), s = sin(v_cut.w);
        point = centre + vec2(d.x * c + d.y * s, -d.x * s + d.y * c);
        vec4 local = v_source.x < 0.0 || v_cut.x > 0.0 ? v_rect + vec4(-1.0, -1.0, 2.0, 2.0) : v_rect;
        if (any(lessThan(point, local.xy)) || any(greaterThanEqual(point, local.xy + local.zw))) {
            fragColor = vec4(0.0);
            return;
        }
    }
    float coverage;
    if (v_cut.x > 0.0) {
        float hole = v_cut.z > 0.0 ? edgeCoverage(discDistance(point, v_rect.xy + 0.5 * v_rect.zw, v_cut.z)) : 0.0;
        float glyph = 0.0;
        if (all(greaterThanEqual(point, v_cutRect.xy)) && all(lessThan(point, v_cutRect.xy + v_cutRect.zw))) {
            vec2 texel = v_source.xy + (point - v_cutRect.xy) * v_source.zw / v_cutRect.zw;
            glyph = texture(u_atlas, texel / vec2(textureSize(u_atlas, 0))).r;
        }
        if (v_cut.x > 1.5) {
            // A slice: the shape's coverage, within the mark's rectangle (edges anti-aliased).
            vec2 low = clamp(point - v_rect.xy + 0.5, 0.0, 1.0), high = clamp(v_rect.xy + v_rect.zw - point + 0.5, 0.0, 1.0);
            coverage = outlineCoverage(point, v_shape, v_cut.y) * low.x * high.x * low.y * high.y * (1.0 - hole) * (1.0 - glyph);
        } else {
            coverage = shapeCoverage(point, v_cut.y) * (1.0 - hole) * (1.0 - glyph);
        }
    } else if (v_source.x < 0.0) {
        coverage = shapeCoverage(point, v_source.y);
    } else if (v_source.z < 0.0) {
        // A colour glyph: its picture's width comes negated.
        vec2 texel = v_source.xy + (point - v_rect.xy) * vec2(-v_source.z, v_source.w) / v_rect.zw;
        fragColor = texture(u_colourAtlas, texel / vec2(textureSize(u_colourAtlas, 0))) * v_color.a;
        return;
    } else {
        vec2 texel = v_source.xy + (point - v_rect.xy) * v_source.zw / v_rect.zw;
        coverage = texture(u_atlas, texel / vec2(textureSize(u_atlas, 0))).r;
    }
    fragColor = v_color * coverage;
}
