#version 300 es
// One direction of the glass backdrop's separable Gaussian, on the GPU
// (BackdropBlurPass; the host's BackdropLattice.blurred does the same):
// each texel of the lattice becomes the sum of its neighbours along
// `u_step`, each times its tap of the kernel, indices beyond the edges
// clamped to them, summed tap by tap in order. Alpha comes out 1.
// Drawn with quad.vert over the whole target, which has the source's size.
precision highp float;
precision highp int;

uniform highp sampler2D u_source;  // the lattice (TextureUnit.blurSource)
uniform highp sampler2D u_kernel;  // the taps, one a texel of one row, red (TextureUnit.blurKernel)
layout(std140) uniform Blur {
    ivec2 u_step;                  // (1, 0) along rows, (0, 1) along columns
};

out vec4 fragColor;

void main() {
    ivec2 size = textureSize(u_source, 0);
    ivec2 here = ivec2(gl_FragCoord.xy);
    int taps = textureSize(u_kernel, 0).x;
    int reach = taps / 2;
    vec3 sum = vec3(0.0);
    for (int tap = 0; tap < taps; tap++) {
        ivec2 at = clamp(here + u_step * (tap - reach), ivec2(0), size - 1);
        sum += texelFetch(u_source, at, 0).rgb * texelFetch(u_kernel, ivec2(tap, 0), 0).r;
    }
    fragColor = vec4(sum, 1.0);
}
