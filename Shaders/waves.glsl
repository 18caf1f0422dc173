// The profile-picture waves as metaball fields. Included with #include "waves.glsl",
// after gradient.glsl (for the tone) and shapes.glsl (for the distance).
//
// Each shape is the region where sum_j exp(-|p - q_j|^2 / sigma^2) reaches
// the threshold, p and q_j in units of the shape's square around its centre.
// The edge is anti-aliased over one pixel (edgeCoverage) from the field's
// signed distance, (threshold - field) / |gradient| (waveDistance).

// Its uniforms are the member u_waves of the pass's block (struct Waves, blocks.glsl).

// Programs built with OUTER_GIVEN (INNER_GIVEN) draw tiles over which the
// outer (inner) shape's coverage is known to be exactly 0 or exactly 1 (the
// host bounds the field over every tile) and take it from u_waves.coverage instead.

// Coverage (0...1) of one shape at `offset` pixels from the centre.
float fieldCoverage(int shape, vec2 offset) {
    float side = shape == 0 ? u_waves.sides.x : u_waves.sides.y;
    if (side <= 0.0) return 0.0;
    vec2 p = offset / side;
    float inverseSigmaSquared = 1.0 / (u_waves.field.x * u_waves.field.x);
    float field = 0.0;
    vec2 slope = vec2(0.0);
    for (int j = 0; j < 8; j++) {
        vec2 d = p - u_waves.balls[shape * 8 + j];
        float term = exp(-dot(d, d) * inverseSigmaSquared);
        field += term;
        slope -= d * (2.0 * inverseSigmaSquared * term);
    }
    return edgeCoverage(waveDistance(field, length(slope), u_waves.field.y, side));
}

// Coverage of shape 0 (outer) or 1 (inner): given, or from the field. The
// shape is a constant at every call, so a build keeps one of the two.
float waveCoverage(int shape, vec2 offset) {
#ifdef OUTER_GIVEN
    if (shape == 0) return u_waves.coverage.x;
#endif
#ifdef INNER_GIVEN
    if (shape == 1) return u_waves.coverage.y;
#endif
    return fieldCoverage(shape, offset);
}

// The alpha of the two shapes' white, one over the other, at these coverages.
float maskOf(float outer, float inner) {
    float clear = (1.0 - u_waves.field.z * outer) * (1.0 - u_waves.field.z * inner);
    return 1.0 - clear;
}

float waveMask(vec2 offset) {
    return maskOf(waveCoverage(0, offset), waveCoverage(1, offset));
}

// The toned copy of a background colour that the waves show.
vec3 wavesToned(vec3 background) {
    return applyTone(background, u_waves.tone.xyz, u_waves.overlay);
}

// A background colour as the waves' mask shows it: its toned copy, mixed in by the mask.
vec3 throughWaves(vec3 background, float mask) {
    return mix(background, wavesToned(background), mask);
}
