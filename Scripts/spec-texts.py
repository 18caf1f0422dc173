#!/usr/bin/env python3
"""An independent check of the drawing's text entities (drawing.md, section
5) that measures from pixels. It shares no code with callshade: it reads a
golden's scenario from Goldens/cases.json (a drawing whose canvas is the
frame), sets the text itself with Pillow (FreeType, and libraqm's HarfBuzz
for the advances) in Inter SemiBold at the spec's size (from
max(10, 0.025 maxdim) to max(10, 0.25 maxdim) by the slider), and measures
each entity from the PNG:

- regular, semi, outlined at rest: the ink's box (pixels at least half
  the text's colour, or for outlined half the outline's) within 1.5 px of
  Pillow's own ink of the line (drawn 8 times larger, averaged down) placed by the
  spec: the line 1.2 font sizes tall, the font's ascender and descender
  centred in it, the block centred on the entity's centre; outlined reaches
  font size / 18 further (a stroke font size / 9 wide centred on the
  outline), white inside; regular's shadow is the text 4 px lower blurred
  by a Gaussian of 2 px (ours: half CSS's blur radius of 4), black at 40 %
  (its darkening outside the text within 0.08 of that, on average within
  0.02);
- framed and semi: each line's frame, measured along the line's middle
  row, within 1 px of the spec: the line's advance plus 0.24 font sizes
  each side, widths of neighbouring lines closer than 2.5 radii (radius 0.2
  line heights) merged to the wider, aligned as asked; the frame's top and
  bottom; round outer corners; where lines of different widths meet, a
  concave quarter-circle fillet (covered just beside the narrow line's
  side, not at the circle's centre; its radius the corner's, or less where
  the two edges are too close for both); semi's frame 75 % black over the
  background;
- moving: the frame (with the text inside it) turned and scaled by the
  keys at the golden's instant, the keys on the standard spring (as
  Scripts/spec-shapes.py works it out from the spec): its centre (the
  centroid of its coverage) within 1 px of the closed form, and its turn
  (second moments) within 0.5 degrees.

  spec-texts.py check NAME FILE.png
  spec-texts.py selftest NAME FILE.png
      show that the check can fail: the spec worked out with a mistake each
      (frames 0.12 font sizes padded, no merging of close widths, the
      shadow not moved down, the outline twice as wide, the turn the other
      way); exit 1 if a mistake that touches the golden passes
"""
import math
import pathlib
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

ROOT = oracle_support.ROOT
INTER = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
# Metrics are read at this size and scaled (Pillow sets whole sizes only).
METRIC_SIZE = 2048
# The ink is drawn this many times larger and averaged down.
SUPER = 8

spec_shapes = oracle_support.script("spec_shapes", "spec-shapes.py")


def font_size(entity, maxdim):
    smallest, largest = max(10, 0.025 * maxdim), max(10, 0.25 * maxdim)
    return smallest + (largest - smallest) * entity["size"]


def colour(text):
    return np.array([int(text[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


class Setting:
    """The text's lines as the spec sets them (explicit line breaks only: the goldens' lines fit the canvas)."""

    def __init__(self, entity, maxdim):
        self.size = font_size(entity, maxdim)
        self.lines = entity["text"].split("\n")
        big = ImageFont.truetype(INTER, METRIC_SIZE, layout_engine=ImageFont.Layout.RAQM)
        factor = self.size / METRIC_SIZE
        self.widths = [big.getlength(line) * factor for line in self.lines]
        ascent, descent = big.getmetrics()
        self.ascent, self.descent = ascent * factor, descent * factor
        self.line_height = 1.2 * self.size
        self.top = -len(self.lines) * self.line_height / 2
        self.align = entity.get("align", "center")

    def line_left(self, index):
        block = max(self.widths)
        width = self.widths[index]
        return {"left": -block / 2, "center": -width / 2, "right": block / 2 - width}[self.align]

    def baseline(self, index):
        return self.top + index * self.line_height + (self.line_height - (self.ascent + self.descent)) / 2 + self.ascent

    def frames(self, mistake=None):
        """Each line's frame (left, right), about the centre: padded, merged, aligned."""
        padding = (0.12 if mistake == "thin-padding" else 0.24) * self.size
        radius = 0.2 * self.line_height
        widths = [w + 2 * padding for w in self.widths]
        if mistake != "no-merge":
            changed = True
            while changed:
                changed = False
                for i in range(len(widths) - 1):
                    if widths[i] != widths[i + 1] and abs(widths[i] - widths[i + 1]) < 2.5 * radius:
                        widths[i] = widths[i + 1] = max(widths[i], widths[i + 1])
                        changed = True
        block = max(widths)
        frames = []
        for width in widths:
            left = {"left": -block / 2, "center": -width / 2, "right": block / 2 - width}[self.align]
            frames.append((left, left + width))
        return frames, radius

    def ink_mask(self, width, height, cx, cy, dy=0.0):
        """Pillow's rendering of the lines (coverage 0..1) with the centre at (cx, cy), moved down by dy:
        drawn SUPER times larger (Pillow sets whole sizes only) and averaged down by boxes."""
        font = ImageFont.truetype(INTER, int(round(self.size * SUPER)), layout_engine=ImageFont.Layout.RAQM)
        picture = Image.new("L", (width * SUPER, height * SUPER), 0)
        draw = ImageDraw.Draw(picture)
        for index, line in enumerate(self.lines):
            x = cx + self.line_left(index)
            y = cy + self.baseline(index) + dy
            draw.text((x * SUPER, y * SUPER), line, fill=255, font=font, anchor="ls")
        return np.asarray(picture.resize((width, height), Image.BOX), dtype=float) / 255


def box(mask):
    ys, xs = np.nonzero(mask >= 0.5)
    if len(xs) == 0:
        return None
    return xs.min(), ys.min(), xs.max() + 1, ys.max() + 1


def cover_between(image, background, paint):
    """Each pixel's share of `paint` over `background`, along the line between them."""
    span = paint - background
    return np.clip(((image - background) * span).sum(axis=2) / (span * span).sum(), 0, 1)


def blurred(values, sigma):
    reach = int(math.ceil(3 * sigma))
    taps = np.exp(-np.arange(-reach, reach + 1) ** 2 / (2 * sigma * sigma))
    taps /= taps.sum()
    rows = np.apply_along_axis(lambda r: np.convolve(r, taps, mode="same"), 1, values)
    return np.apply_along_axis(lambda c: np.convolve(c, taps, mode="same"), 0, rows)


def enclosed(cover):
    """The coverage with every pixel the background cannot reach from the border counted whole (the text inside a frame)."""
    height, width = cover.shape
    outside = np.zeros_like(cover, dtype=bool)
    stack = [(y, x) for y in range(height) for x in (0, width - 1)] + [(y, x) for x in range(width) for y in (0, height - 1)]
    while stack:
        y, x = stack.pop()
        if outside[y, x] or cover[y, x] >= 0.5:
            continue
        outside[y, x] = True
        for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
            if 0 <= ny < height and 0 <= nx < width and not outside[ny, nx]:
                stack.append((ny, nx))
    return np.where(outside, cover, 1.0)


def frame_checks(name, image, setting, entity, background, frame_paint, cx, cy, mistake, found):
    frames, radius = setting.frames(mistake)
    real, real_radius = setting.frames()
    cover = cover_between(image, background, frame_paint)
    # Every pixel the frame paints, text included: not the background, reachable only through the frame.
    cover = enclosed(cover)
    for index, (left, right) in enumerate(frames):
        row = int(cy + setting.top + (index + 0.5) * setting.line_height)
        line = cover[row]
        xs = np.nonzero(line > 0.02)[0]
        if len(xs) == 0:
            found.append((f"{name} line {index} frame", float("nan"), 0.0, 1.0))
            continue
        # The edges to a fraction of a pixel: the covered share of the row's run.
        first, last = xs.min(), xs.max()
        got_left = first + 1 - line[first] if line[min(first + 1, len(line) - 1)] > 0.98 else first + 1 - line[first] - line[first + 1] + 1
        got_right = last + line[last] if line[max(last - 1, 0)] > 0.98 else last - 1 + line[last - 1] + line[last]
        found.append((f"{name} line {index} frame left", float(got_left), cx + left, 1.0))
        found.append((f"{name} line {index} frame right", float(got_right), cx + right, 1.0))
    # Top and bottom, along the middle column of the widest line.
    widest = max(range(len(real)), key=lambda i: real[i][1] - real[i][0])
    column = int(cx + (real[widest][0] + real[widest][1]) / 2)
    ys = np.nonzero(cover[:, column] > 0.02)[0]
    if len(ys):
        found.append((f"{name} frame top", float(ys.min() + 1 - cover[ys.min(), column]), cy + setting.top, 1.0))
        found.append((f"{name} frame bottom", float(ys.max() + cover[ys.max(), column]), cy - setting.top, 1.0))
    # The outer corners are round: the first line's top left corner pixel is background.
    left0 = cx + real[0][0]
    top0 = cy + setting.top
    found.append((f"{name} top left corner round (coverage)", float(cover[int(top0), int(left0)]), 0.0, 0.2))
    # Fillets where lines of different widths meet.
    for index in range(len(real) - 1):
        upper, lower = real[index], real[index + 1]
        junction = cy + setting.top + (index + 1) * setting.line_height
        if abs((upper[1] - upper[0]) - (lower[1] - lower[0])) < 1e-9:
            continue
        narrow, wide, down = (upper, lower, -1) if upper[1] - upper[0] < lower[1] - lower[0] else (lower, upper, 1)
        for side, outward in ((narrow[0], -1), (narrow[1], 1)):
            gap = abs((wide[0] if outward < 0 else wide[1]) - side)
            if gap < 1e-9:
                continue
            f = min(real_radius, gap - real_radius)
            if f < 3:
                continue
            sx = cx + side
            inside = (sx + outward * 0.2 * f, junction + down * 0.2 * f)
            hollow = (sx + outward * 0.85 * f, junction + down * 0.85 * f)
            found.append((f"{name} fillet at line {index}/{index + 1} {'left' if outward < 0 else 'right'} (coverage beside)",
                          float(cover[int(inside[1]), int(inside[0])]), 1.0, 0.1))
            found.append((f"{name} fillet at line {index}/{index + 1} {'left' if outward < 0 else 'right'} (coverage at its circle)",
                          float(cover[int(hollow[1]), int(hollow[0])]), 0.0, 0.1))


def errors(case, image, mistake=None):
    scenario = case["scenario"]
    height, width = image.shape[:2]
    canvas_w, canvas_h = (int(v) for v in scenario["canvas"]["size"].split("x"))
    if (canvas_w, canvas_h) != (width, height):
        return [("the golden is not the canvas's size", float(width), float(canvas_w), 0.0)]
    maxdim = max(canvas_w, canvas_h)
    background = colour(scenario["canvas"]["background"])
    pixels = image[:, :, :3].astype(float)
    found = []
    for index, entity in enumerate(scenario["entities"]):
        name = f"entity {index} ({entity['style']})"
        setting = Setting(entity, maxdim)
        paint = colour(entity["color"])
        white = np.array([255.0, 255.0, 255.0])
        place = spec_shapes.pose(entity["keys"], case["time"], "unnormalised" if mistake == "unnormalised" else None)
        x, y, scale, rotation, _ = place
        if mistake == "turn-back":
            rotation = -rotation
        moving = len(entity["keys"]) > 1
        if moving:
            cover = enclosed(cover_between(pixels, background, paint))
            total = cover.sum()
            found += spec_shapes.centre_and_turn(cover, name, x, y, rotation)
            frames, _ = setting.frames(mistake)
            area = sum(r - l for l, r in frames) * setting.line_height * scale * scale
            found.append((name + " frame's area over the spec's", total / area, 1.0, 0.03))
            continue
        style = entity["style"]
        if style in ("framed", "semi"):
            dark = 0.2126 * paint[0] + 0.7152 * paint[1] + 0.0722 * paint[2] < 127.5
            frame_paint = paint if style == "framed" else background * 0.25 + (0.75 * 255 if dark else 0)
            frame_checks(name, pixels, setting, entity, background, frame_paint, x, y, mistake, found)
            if style == "semi":
                frames, _ = setting.frames()
                px = int(x + frames[0][0] + 0.1 * setting.size)
                found.append((name + " frame 75 % black (levels)", float(np.abs(pixels[int(y), px] - frame_paint).max()), 0.0, 2.0))
            if style == "framed":
                inside = pixels[int(y + setting.top):int(y - setting.top), int(x + frames_left(setting)):int(x - frames_left(setting))]
                text = white if tuple(paint) != (255, 255, 255) else np.zeros(3)
                found.append((name + " text white (levels from the nearest)", float(np.abs(inside - text).max(axis=2).min()), 0.0, 1.0))
        if style in ("regular", "semi", "outlined"):
            expected = box(setting.ink_mask(width, height, x, y))
            if style == "outlined":
                reach = setting.size / 18 * (2 if mistake == "wide-outline" else 1)
                expected = (expected[0] - reach, expected[1] - reach, expected[2] + reach, expected[3] + reach)
                fill = white if tuple(paint) != (255, 255, 255) else np.zeros(3)
                # Outline or fill, against the background: the outline's edge is what meets it.
                cover = cover_between(pixels, background, paint)
                ink = np.maximum(cover, (np.abs(pixels - fill).max(axis=2) < 8).astype(float))
                found.append((name + " white inside (levels from the nearest)", float(np.abs(pixels - fill).max(axis=2).min()), 0.0, 1.0))
            elif style == "semi":
                dark = 0.2126 * paint[0] + 0.7152 * paint[1] + 0.0722 * paint[2] < 127.5
                ink = cover_between(pixels, background * 0.25 + (0.75 * 255 if dark else 0), paint)
                ink[:, :] = np.where(enclosed(cover_between(pixels, background, background * 0.25)) > 0.99, ink, 0)
            else:
                ink = cover_between(pixels, background, paint)
                # Over the shadow the text's colour is judged against the shadowed background (at most 40 % darker).
                ink = np.maximum(ink, cover_between(pixels, background * 0.6, paint))
            got = box(ink)
            if got is None:
                found.append((name + " ink", float("nan"), 0.0, 1.5))
                continue
            for side, (g, e) in enumerate(zip(got, expected)):
                found.append((f"{name} ink {('left', 'top', 'right', 'bottom')[side]}", float(g), float(e), 1.5))
        if style == "regular":
            text = setting.ink_mask(width, height, x, y)
            drop = 0.0 if mistake == "shadow-unmoved" else 4 * canvas_w / 1080
            shadow = 0.4 * blurred(setting.ink_mask(width, height, x, y, dy=drop), 2 * canvas_w / 1080)
            # Where no text is (Pillow's ink grown by two pixels), the background darkened by the shadow alone.
            away = blurred(text, 1.0) < 0.002
            darkening = 1 - pixels[:, :, 0] / background[0]
            near = away & (shadow > 0.01)
            differences = np.abs(darkening - shadow)[near]
            found.append((name + " shadow's darkening, largest difference", float(differences.max()), 0.0, 0.08))
            found.append((name + " shadow's darkening, mean difference", float(differences.mean()), 0.0, 0.02))
    return [(label, got, want, tolerance) for label, got, want, tolerance in found if not abs(got - want) <= tolerance]


def frames_left(setting):
    frames, _ = setting.frames()
    return min(left for left, _ in frames)


def main(argv):
    return oracle_support.check_or_selftest(argv, __doc__, "spec-texts", errors, "every text where the spec puts it", mistakes)


def mistakes(case, image):
    """The mistakes that touch the golden: the spring's and the turn's for a moving text, else each style's own."""
    entities = case["scenario"]["entities"]
    styles = {e["style"] for e in entities}
    moving = any(len(e["keys"]) > 1 for e in entities)
    relevant = []
    if moving:
        relevant += ["unnormalised", "turn-back"]
    else:
        if styles & {"framed", "semi"}:
            relevant.append("thin-padding")
        if "regular" in styles:
            relevant.append("shadow-unmoved")
        if "outlined" in styles:
            relevant.append("wide-outline")
        if any(e["text"].count("\n") >= 3 for e in entities):
            relevant.append("no-merge")
    return relevant


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
