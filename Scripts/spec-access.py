#!/usr/bin/env python3
"""An independent check of the photo-access screen and its sparkle
(drawing.md, section 7) that measures from pixels. It shares no code with
callshade: from a golden's size and instant (Goldens/cases.json) it works
out, from the spec alone, where the button lies (248 x 50 pt, its top at
0.55 H, centred, a point being the width over 390), where the title's and
the label's ink lie (Inter SemiBold 20 and 17 pt through Pillow, libraqm's
shaping), and where the sparkle's band is (a strip 7 button-widths wide
with the button 3 widths from its left, the band's centre crossing it in
2.4 s by cubic-bezier(0, 0, 0.58, 1), solved here by bisection); then it
measures from the PNG:

- the button's four edges, each from the coverage of the pixels across it
  (read from the red channel, 0 in #007AFF and 255 in white) along rows or
  columns the band does not reach: within 1 px;
- the band's centre, the centroid of the white's opacity over the blue
  (a = R / 255) on rows between the ring and the label: within 1 px of the
  curve; its peak 0.2 within 3 levels; the ring (its first two rows) at 1 -
  (1 - 0.2)(1 - 0.75) at the band's centre within 4 levels;
- while the band is off the button (plain), the button's inside away from
  the label #007AFF within 1 level;
- the title's ink box (black) and, plain, the label's (white on blue):
  within 1.5 px of Pillow's; and the rest of the frame white.

  spec-access.py check NAME FILE.png
  spec-access.py selftest NAME FILE.png
      show that the check can fail: the golden against the spec worked out
      with a mistake each (a linear band, the button 2 px lower, the strip
      starting at the button, no ring); exit 1 if any of them passes
  spec-access.py times
      print the instants where the band's centre is at 47, 50 and 53 % of the strip
"""
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

ROOT = oracle_support.ROOT
INTER_SEMIBOLD = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
OVERSIZE = 64
PERIOD = 2.4
BLUE = (0, 122, 255)
TITLE = "Access Your Photos and Videos"
LABEL = "Allow Access"


def case_named(name):
    return oracle_support.case_named(name, "spec-access")


def bezier(u, x1=0.0, y1=0.0, x2=0.58, y2=1.0):
    """cubic-bezier(x1, y1, x2, y2) at time fraction u: x(s) = u by bisection, then y(s)."""
    def coordinate(s, p1, p2):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        if coordinate(middle, x1, x2) < u:
            low = middle
        else:
            high = middle
    return coordinate((low + high) / 2, y1, y2)


def progress_at_fraction(fraction):
    """The loop's time fraction where the band's centre is at `fraction` of the strip (bisection on the curve)."""
    low, high = 0.0, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        if bezier(middle) < fraction:
            low = middle
        else:
            high = middle
    return (low + high) / 2


class Spec:
    """The spec's places in a frame of `width` x `height` pixels, optionally with one mistake."""

    def __init__(self, width, height, mistake=None):
        self.scale = width / 390
        self.width, self.height = width, height
        self.button_w, self.button_h = 248 * self.scale, 50 * self.scale
        self.button_x = (width - self.button_w) / 2
        self.button_y = 0.55 * height + (2 if mistake == "button-low" else 0)
        self.radius = 12 * self.scale
        self.mistake = mistake
        self.strip_left = self.button_x - (0 if mistake == "strip-at-button" else 3) * self.button_w
        self.strip_width = 7 * self.button_w
        self.half_band = 35 * self.scale
        self.ring = 0.0 if mistake == "no-ring" else 0.75

    def band_centre(self, time):
        u = (time % PERIOD) / PERIOD
        eased = u if self.mistake == "linear" else bezier(u)
        return self.strip_left + self.strip_width * eased

    def band_on_button(self, time):
        centre = self.band_centre(time)
        return centre + self.half_band > self.button_x - 1 and centre - self.half_band < self.button_x + self.button_w + 1


class Fonts:
    def __init__(self, scale):
        from PIL import ImageFont
        layout = ImageFont.Layout.RAQM if ImageFont.core.HAVE_RAQM else ImageFont.Layout.BASIC
        self.scale = scale
        self.faces = {size: ImageFont.truetype(INTER_SEMIBOLD, size * OVERSIZE, layout_engine=layout) for size in (20, 17)}

    def line(self, text, size):
        """(advance, ascent, descent, ink box from the pen on the baseline), in pixels."""
        face = self.faces[size]
        factor = self.scale / OVERSIZE
        ascent, descent = face.getmetrics()
        ink = face.getbbox(text, anchor="ls", features=["tnum"])
        return (face.getlength(text, features=["tnum"]) * factor, ascent * factor, descent * factor, tuple(v * factor for v in ink))


def ink_boxes(spec, fonts):
    """The title's and the label's ink boxes (left, top, right, bottom), frame pixels."""
    advance, ascent, descent, ink = fonts.line(TITLE, 20)
    left = (spec.width - advance) / 2
    baseline = spec.button_y - 24 * spec.scale - descent
    title = (left + ink[0], baseline + ink[1], left + ink[2], baseline + ink[3])
    advance, ascent, descent, ink = fonts.line(LABEL, 17)
    left = spec.button_x + (spec.button_w - advance) / 2
    baseline = spec.button_y + (spec.button_h - (ascent + descent)) / 2 + ascent
    label = (left + ink[0], baseline + ink[1], left + ink[2], baseline + ink[3])
    return title, label


def edge_position(coverages, start, entering):
    """Where an edge lies along a run of pixels from index `start`: the sum of the coverages (entering: the
    covered part lies after the edge)."""
    total = float(np.clip(coverages, 0, 1).sum())
    return start + len(coverages) - total if entering else start + total


def measured_button(red, spec, avoid):
    """The button's left, right, top and bottom edges, each the median over several rows or columns."""
    cov = 1 - red / 255.0
    x0, y0 = int(spec.button_x), int(spec.button_y)
    x1, y1 = int(spec.button_x + spec.button_w), int(spec.button_y + spec.button_h)
    middle_rows = [int(spec.button_y + spec.button_h * f) for f in (0.3, 0.4, 0.6, 0.7)]
    lefts = [edge_position(cov[y, x0 - 4:x0 + 5], x0 - 4, True) for y in middle_rows]
    rights = [edge_position(cov[y, x1 - 4:x1 + 5], x1 - 4, False) for y in middle_rows]
    columns = [x for x in range(int(spec.button_x + spec.radius + 2), int(spec.button_x + spec.button_w - spec.radius - 2))
               if not avoid[0] - 2 <= x <= avoid[1] + 2]
    columns = columns[::max(1, len(columns) // 12)]
    tops = [edge_position(cov[y0 - 4:y0 + 5, x], y0 - 4, True) for x in columns]
    bottoms = [edge_position(cov[y1 - 4:y1 + 5, x], y1 - 4, False) for x in columns]
    return [float(np.median(v)) for v in (lefts, rights, tops, bottoms)]


def measured_band(red, spec, label):
    """The band's centroid and peak over the blue on rows between the ring and the label's ink, and the
    ring's opacity in its first two rows at the centroid's column."""
    top = int(np.ceil(spec.button_y)) + int(np.ceil(spec.scale + 1)) + 1
    bottom = int(np.floor(label[1])) - 2
    x0 = int(np.ceil(spec.button_x + spec.radius)) + 1
    x1 = int(np.floor(spec.button_x + spec.button_w - spec.radius)) - 1
    alpha = red[top:bottom, x0:x1] / 255.0
    profile = alpha.mean(axis=0)
    if profile.sum() <= 0:
        return None
    xs = np.arange(x0, x1) + 0.5
    centre = float((profile * xs).sum() / profile.sum())
    column = int(np.floor(centre))
    ring_top = int(np.floor(spec.button_y))
    # The ring's first full row: the first whose pixel centre is a pixel inside the edge.
    ring_row = ring_top + 1 if spec.button_y - ring_top > 0.0 else ring_top
    return centre, float(alpha.max()), float(red[ring_row, column] / 255.0)


def errors(case, image, mistake=None):
    height, width = image.shape[:2]
    spec = Spec(width, height, mistake)
    fonts = Fonts(spec.scale)
    time = case["time"]
    red = image[:, :, 0].astype(float)
    title, label = ink_boxes(spec, fonts)
    found = []
    on = spec.band_on_button(time)
    centre = spec.band_centre(time)
    avoid = (centre - spec.half_band, centre + spec.half_band) if on else (-1e9, -1e9)
    want = [spec.button_x, spec.button_x + spec.button_w, spec.button_y, spec.button_y + spec.button_h]
    for name, got, expected in zip(("button left", "button right", "button top", "button bottom"),
                                   measured_button(red, spec, avoid), want):
        found.append((name, got, expected, 1.0))
    # The title's black ink.
    dark = image[:, :, :3].max(axis=2) < 128
    above = dark[: int(spec.button_y) - 2]
    ys, xs = np.nonzero(above)
    if len(xs):
        got = (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)
        for index, name in enumerate(("title ink left", "title ink top", "title ink right", "title ink bottom")):
            found.append((name, float(got[index]), title[index], 1.5))
    else:
        found.append(("title ink", float("nan"), title[0], 1.5))
    inside = image[int(spec.button_y) + 3: int(spec.button_y + spec.button_h) - 3,
                   int(spec.button_x + spec.radius): int(spec.button_x + spec.button_w - spec.radius), :3].astype(int)
    ox, oy = int(spec.button_x + spec.radius), int(spec.button_y) + 3
    if on:
        band = measured_band(red, spec, label)
        if band is None:
            found.append(("band centre", float("nan"), centre, 1.0))
        else:
            found.append(("band centre", band[0], centre, 1.0))
            peak = 0.2 * (1 - 0.5 / spec.half_band)
            found.append(("band peak (levels)", band[1] * 255, peak * 255, 3.0))
            found.append(("ring at the band (levels)", band[2] * 255,
                          255 * (1 - (1 - 0.2 * (1 - 0.5 / spec.half_band)) * (1 - spec.ring * (1 - 0.5 / spec.half_band))), 4.0))
    else:
        # Plain: the inside is #007AFF away from the label's white ink.
        light = inside.min(axis=2) > 40
        ys, xs = np.nonzero(light)
        if len(xs):
            got = (xs.min() + ox, ys.min() + oy, xs.max() + 1 + ox, ys.max() + 1 + oy)
            for index, name in enumerate(("label ink left", "label ink top", "label ink right", "label ink bottom")):
                found.append((name, float(got[index]), label[index], 1.5))
        far = np.ones(inside.shape[:2], bool)
        far[int(label[1]) - 2 - oy: int(np.ceil(label[3])) + 2 - oy, int(label[0]) - 2 - ox: int(np.ceil(label[2])) + 2 - ox] = False
        worst = np.abs(inside[far] - np.array(BLUE)).max() if far.any() else 0
        found.append(("button fill off the label (levels)", float(worst), 0.0, 1.0))
    # White away from the title and the button.
    white = np.ones((height, width), bool)
    white[int(title[1]) - 3: int(np.ceil(title[3])) + 3, int(title[0]) - 3: int(np.ceil(title[2])) + 3] = False
    white[int(spec.button_y) - 2: int(np.ceil(spec.button_y + spec.button_h)) + 2,
          int(spec.button_x) - 2: int(np.ceil(spec.button_x + spec.button_w)) + 2] = False
    worst = int(np.abs(image[:, :, :3][white].astype(int) - 255).max())
    found.append(("white elsewhere (levels)", float(worst), 0.0, 1.0))
    return [(name, got, expected, tolerance) for name, got, expected, tolerance in found
            if not abs(got - expected) <= tolerance]


def main(argv):
    if argv[:1] == ["times"]:
        for fraction in (0.47, 0.50, 0.53):
            print(f"{fraction:.2f}: {PERIOD * progress_at_fraction(fraction):.4f} s")
        return 0
    return oracle_support.check_or_selftest(argv, __doc__, "spec-access", errors,
                                            "button, title, band and ring within tolerance of spec-access.py", mistakes)


def mistakes(case, image):
    """The mistakes the golden must refuse: a plain golden cannot tell a band's curve or ring, only the button's place."""
    spec = Spec(image.shape[1], image.shape[0])
    return ["linear", "button-low", "strip-at-button", "no-ring"] if spec.band_on_button(case["time"]) else ["button-low"]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
