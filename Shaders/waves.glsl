// The profile-picture waves as metaball fields. Included with #include "waves.glsl",
// after gradient.glsl (for the tone) and shapes.glsl (for the distance).
//
// Each shape is the region where sum_j exp(-|p - q_j|^2 / sigma^2) reaches
// the threshold, p and q_j in units of the shape's square around its centre.
// The edge is anti-aliased over one pixel (edgeCoverage) from the field's
// signed distance, (threshold - field) / |gradient| (waveDistance).

uniform vec2 u_waveBalls[16];    // 8 ball centres of the outer shape, then 8 of the inner one
uniform vec2 u_waveSides;        // side of each shape's square, in pixels
uniform vec3 u_waveField;        // (sigma, threshold, alpha of each shape's white)
uniform vec4 u_wavesTone;        // (brightness, saturation, overlay alpha, unused)
uniform vec3 u_wavesOverlay;     // the tone's overlay colour

// Programs built with OUTER_GIVEN (INNER_GIVEN) draw tiles over which the
// outer (inner) shape's coverage is known to be exactly 0 or exactly 1 (the
// host bounds the field over every tile) and take it from here instead.
uniform vec2 u_waveCoverage;

// Coverage (0...1) of one shape at `offset` pixels from the centre.
float fieldCoverage(int shape, vec2 offset) {
    float side = shape == 0 ? u_waveSides.x : u_waveSides.y;
    if (side <= 0.0) return 0.0;
    vec2 p = offset / side;
    float inverseSigmaSquared = 1.0 / (u_waveField.x * u_waveField.x);
    float field = 0.0;
    vec2 slope = vec2(0.0);
    for (int j = 0; j < 8; j++) {
        vec2 d = p - u_waveBalls[shape * 8 + j];
        float term = exp(-dot(d, d) * inverseSigmaSquared);
        field += term;
        slope -= d * (2.0 * inverseSigmaSquared * term);
    }
    return edgeCoverage(waveDistance(field, length(slope), u_waveField.y, side));
}

// Coverage of shape 0 (outer) or 1 (inner): given, or from the field. The
// shape is a constant at every call, so a build keeps one of the two.
float waveCoverage(int shape, vec2 offset) {
#ifdef OUTER_GIVEN
    if (shape == 0) return u_waveCoverage.x;
#endif
#ifdef INNER_GIVEN
    if (shape == 1) return u_waveCoverage.y;
#endif
    return fieldCoverage(shape, offset);
}

// The alpha of the two shapes' white, one over the other, at these coverages.
float maskOf(float outer, float inner) {
    float clear = (1.0 - u_waveField.z * outer) * (1.0 - u_waveField.z * inner);
    return 1.0 - clear;
}

float waveMask(vec2 offset) {
    return maskOf(waveCoverage(0, offset), waveCoverage(1, offset));
}

// A background colour as the waves' mask shows it: its toned copy, mixed in by the mask.
vec3 throughWaves(vec3 background, float mask) {
    return mix(background, applyTone(background, u_wavesTone.xyz, u_wavesOverlay), mask);
}
