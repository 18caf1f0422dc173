// The target a tiled pass draws into and the part of the frame it stands
// for: the vertex stage's uniform block (tiles.vert, marks.vert), declared
// alike by the fragment shaders that read where their target lies.
// Included with #include "target.glsl".

layout(std140) uniform Target {
    highp vec2 u_targetSize;    // the target's width and height in pixels
    highp vec2 u_regionOrigin;  // the frame pixel at the target's (0, 0)
};
