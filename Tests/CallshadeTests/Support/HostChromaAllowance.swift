/// Where host composition's I420 chroma is known to stray beyond the
/// route rule from the CPU reference's frame converted, and by how much at
/// most: each listed frame's plane with its largest difference and how many
/// of its samples differ by more than one level.
///
/// Host composition mixes each drawing's colour into a chroma sample by the
/// mean share of its 2x2 pixels. That is exact where the pixels below share
/// a colour, or where the drawing's shares are even across the block. Where
/// two drawings' edges cross one block (a hairline under a bar's glass edge,
/// a shade over a video's rounded edge, a picture in picture's border), the
/// first one's colour leaks into the second one's pixels by up to a quarter
/// of their difference. Within one marks node the blocks two marks share are
/// mixed pixel by pixel (`SharedChromaBlocks`); across nodes they are not,
/// which would take every host drawing keeping its edges' pixels' chroma.
///
/// `RouteMatrix.assertPlanes` holds a listed plane to its numbers (never
/// worse), and fails a listed plane that now keeps the rule, so that the
/// list only ever shrinks. Luma, the GPU passes' planes, and every frame and
/// plane not listed keep the RGBA rule.
enum HostChromaAllowance {
    /// "name plane" (as the route matrix names them) to (largest |delta|, samples beyond 1).
    static let known: [String: (maxDelta: Int, beyondOne: Int)] = [
        "chat-animated-emoji-flying Cb": (3, 121),
        "chat-animated-emoji-landed Cb": (3, 159),
        "chat-animated-emoji-landed Cr": (2, 121),
        "chat-host-390x844 Cb": (2, 128),
        "chat-layout-emoji Cb": (3, 129),
        "chat-layout-emoji Cr": (2, 85),
        "chat-layout-group Cb": (3, 129),
        "chat-layout-incoming Cb": (3, 129),
        "chat-layout-outgoing Cb": (3, 129),
        "chat-layout-wrapped Cb": (3, 129),
        "chat-sticker-flying Cb": (2, 128),
        "chat-sticker-flying Cr": (2, 127),
        "chat-sticker-landed Cb": (3, 159),
        "chat-sticker-landed Cr": (2, 122),
        "chat-round-video-flying Cb": (3, 135),
        "chat-round-video-landed Cb": (7, 166),
        "chat-round-video-landed Cr": (3, 127),
        "chat-sticker-looped Cb": (3, 160),
        "chat-sticker-looped Cr": (2, 121),
        "chat-sticker-looped-again Cb": (3, 159),
        "chat-sticker-looped-again Cr": (3, 122),
        "chat-voice-flying Cb": (2, 127),
        "chat-voice-flying Cr": (2, 110),
        "chat-voice-growing Cb": (3, 159),
        "chat-voice-growing Cr": (2, 121),
        "chat-voice-landed Cb": (3, 159),
        "chat-voice-landed Cr": (2, 121),
        "chat-voice-recording Cb": (3, 129),
        "drawing-pen-0.82 Cb": (3, 3),
        "drawing-pen-1.5 Cb": (3, 3),
        "drawing-scene-1-0.2 Cb": (7, 4),
        "drawing-scene-1-0.2 Cr": (10, 7),
        "drawing-shapes-host-1.3 Cb": (5, 2),
        "drawing-shapes-host-3.0 Cb": (6, 1),
        "gallery-level13-top Cb": (10, 164),
        "gallery-level13-top Cr": (11, 165),
        "gallery-media-390 Cb": (14, 195),
        "gallery-media-390 Cr": (16, 195),
        "gallery-pinch-mid Cb": (3, 282),
        "gallery-pinch-mid Cr": (3, 246),
        "gallery-shimmer-0.5 Cb": (11, 156),
        "gallery-shimmer-0.5 Cr": (10, 117),
        "gallery-tapzoom-mid Cb": (3, 428),
        "gallery-tapzoom-mid Cr": (4, 431),
        "gallery-viewer-media-closing Cb": (3, 160),
        "gallery-viewer-media-closing Cr": (4, 155),
        "glass-over-video-buttons-alone Cb": (12, 59),
        "glass-over-video-buttons-alone Cr": (3, 10),
        "glass-over-video-coming-on Cr": (3, 43),
        "glass-over-video-fill Cb": (3, 5),
        "glass-over-video-fill-1170x2532 Cb": (4, 103),
        "glass-over-video-fill-1170x2532 Cr": (3, 92),
        "video-avatar-photo-1.15 Cb": (4, 176),
        "video-avatar-photo-1.15 Cr": (12, 478),
        "video-avatar-photo-3.175 Cb": (5, 113),
        "video-avatar-photo-3.175 Cr": (7, 81),
        "video-avatar-to-video-halfway Cb": (9, 521),
        "video-avatar-to-video-halfway Cr": (4, 179),
        "video-glass-over-video Cb": (9, 35),
        "video-glass-over-video Cr": (7, 25),
        "video-growing Cr": (3, 19),
        "video-pip-bottom-right-hidden Cb": (5, 2),
        "video-pip-bottom-right-hidden Cr": (4, 3),
        "video-pip-move-0.05s Cb": (4, 2),
        "video-pip-move-0.05s Cr": (3, 2),
        "video-pip-top-right-hidden Cb": (4, 4),
        "video-swap-halfway Cb": (4, 99),
        "video-swap-halfway Cr": (3, 1)
    ]
}
