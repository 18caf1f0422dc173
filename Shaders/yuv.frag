#version 300 es
// Converts a rendered RGBA frame to planar YUV 4:2:0 (BT.709, limited range),
// packed four samples to an RGBA8 texel so readback moves 1.5 bytes a pixel.
// Built with LUMA: one texel holds Y of pixels 4x..4x+3 of a row.
// Built with CHROMA: texel (x, y) holds Cb (output 0) and Cr (output 1) of
// chroma samples 4x..4x+3 of chroma row y, each the mean over its 2x2 pixels.
// Y, Cb and Cr come from the frame's 8-bit values, as YUV420 on the CPU does.
// Written without loops or indexed vector writes: software rasterisers run
// those slowly.
precision highp float;
precision highp int;

uniform highp sampler2D u_frame;  // the RGBA8 frame, row 0 at the top (TextureUnit.frame)
layout(std140) uniform Conversion {
    ivec2 u_frameSize;            // its width and height in pixels
};

const vec3 lumaWeights = vec3(0.2126, 0.7152, 0.0722);

vec3 pixel(int x, int y) {
    return texelFetch(u_frame, ivec2(min(x, u_frameSize.x - 1), min(y, u_frameSize.y - 1)), 0).rgb;
}

float luma(vec3 c) {
    return (16.0 + 219.0 * dot(lumaWeights, c)) / 255.0;
}

#ifdef LUMA
out vec4 lumaOut;

void main() {
    int x = int(gl_FragCoord.x) * 4;
    int y = int(gl_FragCoord.y);
    lumaOut = vec4(luma(pixel(x, y)), luma(pixel(x + 1, y)), luma(pixel(x + 2, y)), luma(pixel(x + 3, y)));
}
#else
layout(location = 0) out vec4 cbOut;
layout(location = 1) out vec4 crOut;

// (Cb, Cr) of the chroma sample whose 2x2 pixels start at (x, y), as stored bytes / 255.
vec2 chroma(int x, int y) {
    vec3 a = pixel(x, y);
    vec3 b = pixel(x + 1, y);
    vec3 c = pixel(x, y + 1);
    vec3 d = pixel(x + 1, y + 1);
    vec4 lumas = vec4(dot(lumaWeights, a), dot(lumaWeights, b), dot(lumaWeights, c), dot(lumaWeights, d));
    float blue = (a.b + b.b + c.b + d.b - (lumas.x + lumas.y + lumas.z + lumas.w)) / (2.0 * (1.0 - 0.0722));
    float red = (a.r + b.r + c.r + d.r - (lumas.x + lumas.y + lumas.z + lumas.w)) / (2.0 * (1.0 - 0.2126));
    return (128.0 + 224.0 * vec2(blue, red) / 4.0) / 255.0;
}

void main() {
    int x = int(gl_FragCoord.x) * 8;
    int y = int(gl_FragCoord.y) * 2;
    vec2 s0 = chroma(x, y);
    vec2 s1 = chroma(x + 2, y);
    vec2 s2 = chroma(x + 4, y);
    vec2 s3 = chroma(x + 6, y);
    cbOut = vec4(s0.x, s1.x, s2.x, s3.x);
    crOut = vec4(s0.y, s1.y, s2.y, s3.y);
}
#endif
