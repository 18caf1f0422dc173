#!/usr/bin/env python3
"""An independent check of the media gallery's grid at rest, its bar and
its scroll (gallery.md sections 0, 1 and 6) that measures from pixels. It
shares no code with callshade: from a golden's case (Goldens/cases.json:
its scenario, size and instant) it works out from the spec alone

- the layout in whole pixels: s = W / 390, the gap max(1, round(s)), the
  side floor((W - (n - 1) gap) / n), the last column taking the rounding,
  the bar's 91 pt and the 34 pt below, the offset's range;
- the offset at the golden's instant: the start ("top", "bottom" or
  points), each drag (the samples' change from the first, linear between
  them, clamped), each fling (UIScrollView's 0.998 a millisecond in closed
  form, ended under half a pixel left or at an end of the range), drawn
  rounded;
- each fill item's colour, HSV((137.508 k + 47 seed) mod 360, 0.45, 0.90)
  through Python's colorsys;
- the bar: white at 0.92 over the grid, its bottom pixel row black at 0.2
  over that, and the title's ink (Inter SemiBold 17 pt through Pillow,
  libraqm's shaping) with its line box centred on (195, 69) pt;
- a fill video's marks (section 3): the blob's two half-Gaussians; the
  label "m:ss" in Inter SemiBold 11 pt through Pillow (each character at
  its pen from the advances before it, on whole pixels as callshade sets
  text, drawn 16 times larger and averaged down), its box ceil(advance) x
  ceil(ascender + descender) pt 6 pt inside the tile's corner, its shadow
  those coverages blurred by a Gaussian of σ 2 pt (numpy, to 4σ) at 0.4;
  on tiles under 60 pt the badge's disc and triangle (each pixel's area
  covered, 8 x 8 samples);
- a loading item's placeholder, #E4E4E7 under the shimmer's white at
  0.6 max(0, 1 - |2v - 1|), v = y / H + 1 - 2 frac(t / 0.8);
- a media file's tile (sections 0 and 1): a PNG through Pillow, anything
  else decoded by ffmpeg's own command to its planes and turned to RGB here
  (the tagged matrix and range, each pixel's chroma the sample over it),
  its frame the last at or before `frame` s, turned by its display matrix,
  the centred crop of the tile's aspect (whole source pixels) averaged by
  area (a tent when enlarging); a video's duration from ffprobe;
- the viewer (section 0), opened by `open` or a tap at 5 columns or fewer
  and run back by `close`: p, the black backdrop at alpha p, R(p) between
  the tile and the picture fitted and centred, level 0 at R1's size and
  its chain of 2x2 boxes (numpy), sampled trilinearly and cut to R(p) by
  each pixel's share, the tile left showing the background;
- a pinch or a tap zoom from a grid at rest (section 2): the steps as the
  scale passes each sample and the instant (rule 7), the new grid's offset
  by the anchor item (rule 4), the anchors at Q snapped to the side (rule
  5), both grids' scale and shift at p and their alphas (rule 6), the
  release (rule 8), easeInOut solved by bisection (section 5); each grid
  drawn at rest over its held rows into an RGBA picture (clear gaps), mapped
  and sampled bilinearly (numpy), laid at its alpha over the background,
  under the bar;

then it compares the PNG with that picture outside the title's ink box
(each channel within 2 levels; 6 in a label's shadow, which half a pixel's
shift of a glyph moves; 12 on a badge's edges, where two rasterisers'
anti-aliasing may differ, none within 1.5 px of the triangle's corners; a
label's glyphs, grown by a pixel, by their ink box alone), the title's ink
box and each label's with Pillow's (within 1.5 px), and each badge's disc across its centre row
(within 1 px). A tile off by a pixel, a wrong colour or a wrong offset shows
as many pixels tens of levels off.

  spec-gallery.py check NAME FILE.png
  spec-gallery.py selftest NAME FILE.png
      show that the check can fail: the golden against the spec worked out
      with each mistake that touches it (no gaps, the last column as wide as
      the others, the hue step 137, the bar at 92 pt, the fling at 0.997
      a millisecond, the drag's release slope from the last two samples, the
      blob's centre at 7.5 pt across, the label 8 pt inside the corner, no
      shadow, badges under 80 pt, the badge's k as side / 60, the shimmer
      every 1 s, a pinch's step x 0.8, Q not snapped to the side, the old
      grid fading from 0.5, a linear release, a tap zoom of 0.3 s, a media
      picture squeezed rather than cropped, a video's first frame rather
      than its frame's, its display matrix ignored, the viewer's progress
      linear, no backdrop, R1 at the top, its tile left showing, its picture
      sampled from level 0 alone or from the nearest level)
"""
import colorsys
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

INTER_SEMIBOLD = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
OVERSIZE = 16
USAGE = __doc__.split("\n\n")[-1]


def whole(value):
    """round() as the spec means it: halves away from zero (Python's rounds them to even)."""
    return int(math.floor(value + 0.5)) if value >= 0 else -int(math.floor(-value + 0.5))


class Spec:
    """The gallery of `scenario` in a frame of `width` x `height`, optionally worked out with one mistake."""

    def __init__(self, scenario, width, height, mistake=None):
        self.mistake = mistake
        self.width, self.height = width, height
        self.s = width / 390
        fill = scenario.get("fill")
        self.media = [item if isinstance(item, dict) else {"file": item} for item in scenario.get("media", [])]
        if fill is None:
            fill = {"count": len(self.media)}
        self.count, self.seed = fill["count"], fill.get("seed", 0)
        self.video_every, self.loading_from = fill.get("videoEvery", 0), fill.get("loadingFrom", self.count)
        self.columns = scenario.get("level", 3)
        self.levels = scenario.get("levels", [2, 3, 5, 9, 13])
        self.gap = 0 if mistake == "no-gap" else max(1, whole(self.s))
        self.side = (width - (self.columns - 1) * self.gap) // self.columns
        self.last = self.side if mistake == "last-same" else width - (self.columns - 1) * (self.side + self.gap)
        self.bar = scenario.get("chrome", "bar") == "bar"
        self.top = whole((92 if mistake == "bar-92" else 91) * self.s) if self.bar else 0
        self.bottom = whole(34 * self.s)
        self.rows = -(-self.count // self.columns)
        content = self.top + self.rows * (self.side + self.gap) - self.gap
        self.maximum = max(0, content + self.bottom - height)
        self.title = scenario.get("title", "Recents")
        background = scenario.get("background", "#FFFFFF")
        self.background = tuple(int(background[i:i + 2], 16) for i in (1, 3, 5))
        self.scenario = scenario
        self.hidden = None
        # What the title's ink takes off the bar at least (less under the viewer's backdrop).
        self.ink_depth = 96

    def clamp(self, offset):
        return min(max(offset, 0.0), float(self.maximum))

    def colour(self, k):
        step = 137.0 if self.mistake == "hue-137" else 137.508
        hue = (step * k + 47 * self.seed) % 360
        return tuple(whole(255 * c) for c in colorsys.hsv_to_rgb(hue / 360, 0.45, 0.90))

    def offset(self, time):
        """The offset (pixels, not rounded) at `time`."""
        start = self.scenario.get("scroll", "top")
        offset = 0.0 if start == "top" else float(self.maximum) if start == "bottom" else self.clamp(start * self.s)
        scrolls = [event for event in self.scenario.get("events", []) if "scroll" in event]
        for index, event in enumerate(scrolls):
            if event["at"] > time:
                break
            until = scrolls[index + 1]["at"] if index + 1 < len(scrolls) and scrolls[index + 1]["at"] <= time else time
            offset = self.scrolled(offset, event["scroll"], until - event["at"])
        return offset

    def scrolled(self, start, scroll, local):
        """Where one scroll that met the grid at `start` has it `local` seconds after its instant."""
        rate = 1000 * math.log(1 / (0.997 if self.mistake == "fling-0.997" else 0.998))
        samples = scroll.get("samples", [])
        if samples:
            times = [row[0] for row in samples]
            offsets = [row[1] * self.s for row in samples]
            if local < times[-1]:
                return self.clamp(start + float(np.interp(local, times, offsets)) - offsets[0])
            released = self.clamp(start + offsets[-1] - offsets[0])
            if "velocity" in scroll:
                velocity = scroll["velocity"]
            elif self.mistake == "slope-last-two":
                velocity = (samples[-1][1] - samples[-2][1]) / (samples[-1][0] - samples[-2][0])
            else:
                earlier = [row for row in samples if row[0] <= times[-1] - 0.05]
                velocity = (samples[-1][1] - earlier[-1][1]) / (samples[-1][0] - earlier[-1][0]) if earlier else 0.0
            tau = local - times[-1]
        else:
            released, velocity, tau = start, scroll["fling"], local
        v = velocity * self.s
        left = abs(v) / rate
        end = math.log(2 * left) / rate if 2 * left > 1 else 0.0
        glide = v / rate if tau >= end else (v / rate) * (1 - math.exp(-rate * tau))
        return self.clamp(released + glide)

    def video_seconds(self, k):
        if self.media:
            duration = media_duration(self.media[k]["file"])
            return None if duration is None else int(math.floor(duration))
        if self.video_every <= 0 or k % self.video_every != self.video_every - 1:
            return None
        return 1 + (97 * k) % 3700

    def held(self, offset):
        """The rows a grid at `offset` holds (section 1): first and last."""
        pitch = self.side + self.gap
        first = max(0, math.floor((offset - self.top - self.gap) / pitch))
        last = min(self.rows - 1, math.ceil((offset + self.height - self.top - self.gap) / pitch))
        return first, last

    def grid(self, offset, time, extent=None):
        """The grid at a whole-pixel `offset` over screen rows `extent` (default the frame's, over the background;
        given, its held rows alone over clear): its colours, its tiles' coverage, where the marks' edges allow more
        (a mask) or a shadow 3 levels, the labels' expected ink boxes and the badges' discs."""
        top, bottom = extent if extent is not None else (0, self.height)
        picture = np.zeros((bottom - top, self.width, 3), dtype=float)
        if extent is None:
            picture[:, :] = self.background
        coverage = np.zeros((bottom - top, self.width), dtype=float)
        loose = np.zeros((bottom - top, self.width), dtype=bool)
        shadowed = np.zeros((bottom - top, self.width), dtype=bool)
        inks, discs = [], []
        pitch = self.side + self.gap
        first = max(0, (offset - self.top) // pitch - 1)
        rows = range(first, self.rows) if extent is None else range(self.held(offset)[0], self.held(offset)[1] + 1)
        for row in rows:
            y = self.top + row * pitch - offset - top
            if y >= bottom - top:
                break
            for column in range(self.columns):
                k = row * self.columns + column
                if k >= self.count:
                    break
                if k == self.hidden:
                    continue
                x = column * pitch
                width = self.last if column == self.columns - 1 else self.side
                tile = np.zeros((self.side, width, 3), dtype=float)
                tile_loose = np.zeros((self.side, width), dtype=bool)
                tile_shadowed = np.zeros((self.side, width), dtype=bool)
                if k >= self.loading_from:
                    period = 1.0 if self.mistake == "shimmer-1s" else 0.8
                    cycle = time / period
                    ys = (y + np.arange(self.side) + 0.5) / self.height
                    v = ys + 1 - 2 * (cycle - math.floor(cycle))
                    white = 0.6 * np.maximum(0, 1 - np.abs(2 * v - 1))
                    tile[:, :] = (np.array([0xE4, 0xE4, 0xE7], dtype=float)[None, :] * (1 - white[:, None]) + 255 * white[:, None])[:, None, :]
                else:
                    tile[:, :] = media_thumbnail(self.media[k], width, self.side, self.mistake) if self.media else self.colour(k)
                    seconds = self.video_seconds(k)
                    if seconds is not None:
                        side_points = self.side / self.s
                        if side_points < (80 if self.mistake == "badge-80" else 60):
                            discs.append(self.badge(tile, tile_loose, side_points) + (x, y, self.colour(k)))
                        else:
                            ink = self.label(tile, tile_loose, tile_shadowed, seconds)
                            inks.append((ink[0] + x, ink[1] + y, ink[2] + x, ink[3] + y))
                y0, y1 = max(y, 0), min(y + self.side, bottom - top)
                if y0 < y1:
                    picture[y0:y1, x:x + width] = tile[y0 - y:y1 - y]
                    coverage[y0:y1, x:x + width] = 1
                    loose[y0:y1, x:x + width] = tile_loose[y0 - y:y1 - y]
                    shadowed[y0:y1, x:x + width] = tile_shadowed[y0 - y:y1 - y]
        return picture, coverage, loose, shadowed, inks, discs

    def label(self, tile, loose, shadowed, seconds):
        """A video's blob, shadow and label over `tile` (its colour filled); returns the ink's box in the tile."""
        s, height, width = self.s, tile.shape[0], tile.shape[1]
        u = (width - np.arange(width) - 0.5) / s
        v = (height - np.arange(height) - 0.5) / s

        def half(d, c, a, b):
            w = np.where(d < c, a, b)
            return np.exp(-(d - c) ** 2 / (2 * w * w))
        blob = 0.25 * half(v, 7.5, 8.5, 11)[:, None] * half(u, 7.5 if self.mistake == "blob-7.5" else 9.5, 8.5, 37)[None, :]
        tile *= (1 - blob)[:, :, None]
        text = f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}" if seconds >= 3600 else f"{seconds // 60}:{seconds % 60:02d}"
        from PIL import Image, ImageDraw, ImageFont
        layout = ImageFont.Layout.RAQM if ImageFont.core.HAVE_RAQM else ImageFont.Layout.BASIC
        face = ImageFont.truetype(INTER_SEMIBOLD, whole(11 * s * OVERSIZE), layout_engine=layout)
        ascent, descent = (value / OVERSIZE for value in face.getmetrics())
        advance = face.getlength(text) / OVERSIZE
        inset = (8 if self.mistake == "inset-8" else 6) * s
        box_width = math.ceil(advance / s - 1e-9) * s
        box_height = math.ceil((ascent + descent) / s - 1e-9) * s
        pen, baseline = width - inset - box_width, height - inset - box_height + ascent
        # Coverage: the text shaped by libraqm (as HarfBuzz sets it: the colon raised between figures), its pen and
        # baseline on whole pixels, drawn large and averaged down.
        reach = int(math.ceil(4 * 2 * s)) + 2
        big = Image.new("L", ((width + 2 * reach) * OVERSIZE, (height + 2 * reach) * OVERSIZE), 0)
        ImageDraw.Draw(big).text(((math.floor(pen + 0.5) + reach) * OVERSIZE, (math.floor(baseline + 0.5) + reach) * OVERSIZE), text,
                                 font=face, fill=255, anchor="ls")
        levels = np.asarray(big, dtype=float) / 255
        coverage = levels.reshape(height + 2 * reach, OVERSIZE, width + 2 * reach, OVERSIZE).mean(axis=(1, 3))
        sigma = 2 * s
        taps = np.arange(-int(math.ceil(4 * sigma)), int(math.ceil(4 * sigma)) + 1)
        kernel = np.exp(-taps ** 2 / (2 * sigma * sigma))
        kernel /= kernel.sum()
        shadow = np.apply_along_axis(lambda line: np.convolve(line, kernel, mode="same"), 1, coverage)
        shadow = 0.4 * np.apply_along_axis(lambda line: np.convolve(line, kernel, mode="same"), 0, shadow)
        if self.mistake == "no-shadow":
            shadow[:] = 0
        shadow, coverage = shadow[reach:-reach, reach:-reach], coverage[reach:-reach, reach:-reach]
        tile *= (1 - shadow)[:, :, None]
        tile[:] = tile * (1 - coverage)[:, :, None] + 255 * coverage[:, :, None]
        # The glyphs, a pixel around, are held by their ink box: callshade sets each glyph's pen on a whole pixel.
        inked = coverage > 0.004
        grown = inked.copy()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                grown |= np.roll(np.roll(inked, dy, axis=0), dx, axis=1)
        tile[grown] = np.nan
        # The shadow: within 6 levels, as half a pixel's shift of a glyph moves it (at s = 1, σ 2 px: up to 0.4 x 0.5 px
        # x the blurred edge's slope, 0.2 a pixel, about 10 levels; 4.3 seen on a scaled grid).
        shadowed[shadow > 0.004] = True
        ys, xs = np.nonzero(coverage > 0.5)
        return (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)

    def badge(self, tile, loose, side_points):
        """A small video tile's badge over `tile`; returns the disc's centre and radius in the tile, pixels."""
        s, height, width = self.s, tile.shape[0], tile.shape[1]
        k = min(1.0, side_points / (60 if self.mistake == "badge-k-60" else 74))
        radius = 10 * k * s
        cx, cy = width - (3 + 10 * k) * s, height - (3 + 10 * k) * s
        corners = [(cx - 3 * k * s, cy - 4.5 * k * s), (cx - 3 * k * s, cy + 4.5 * k * s), (cx + 4.5 * k * s, cy)]
        n = 8
        offsets = (np.arange(n) + 0.5) / n
        x0, x1 = int(cx - radius) - 1, int(cx + radius) + 2
        y0, y1 = int(cy - radius) - 1, int(cy + radius) + 2
        for py in range(max(y0, 0), min(y1, height)):
            for px in range(max(x0, 0), min(x1, width)):
                sx, sy = np.meshgrid(px + offsets, py + offsets)
                disc = float(((sx - cx) ** 2 + (sy - cy) ** 2 <= radius * radius).mean())
                inside = np.ones_like(sx, dtype=bool)
                for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
                    inside &= (bx - ax) * (sy - ay) - (by - ay) * (sx - ax) <= 0
                triangle = float(inside.mean())
                tile[py, px] = tile[py, px] * (1 - 0.5 * disc)
                tile[py, px] = tile[py, px] * (1 - triangle) + 255 * triangle
                near_corner = min(math.hypot(px + 0.5 - ax, py + 0.5 - ay) for ax, ay in corners) < 1.5
                if 0 < disc < 1 or 0 < triangle < 1 or near_corner:
                    loose[py, px] = True
                if near_corner:
                    tile[py, px] = np.nan
        return (cx, cy, radius)

    def at_level(self, columns):
        """The same gallery worked out at another level."""
        return Spec(dict(self.scenario, level=columns), self.width, self.height, self.mistake)

    def tile_box(self, k, offset):
        """Item k's tile at `offset`: left, top, width, height (pixels)."""
        pitch = self.side + self.gap
        row, column = divmod(k, self.columns)
        return (column * pitch, self.top + row * pitch - offset, self.last if column == self.columns - 1 else self.side, self.side)

    def centre(self, k, offset):
        x, y, w, h = self.tile_box(k, offset)
        return (x + w / 2, y + h / 2)

    def anchor(self, point, offset):
        """Section 2.1 rule 4: of the held tiles whose row contains the point's y (top < y <= bottom), the centre
        nearest; else the nearest of all held; ties to the lower index."""
        first, last = self.held(offset)
        items = range(first * self.columns, min((last + 1) * self.columns, self.count))
        in_row = [k for k in items if self.tile_box(k, offset)[1] < point[1] <= self.tile_box(k, offset)[1] + self.side]
        pool = in_row or list(items)
        return min(pool, key=lambda k: (math.dist(self.centre(k, offset), point), k))

    def hit(self, point, offset):
        """Section 2.2: the item whose tile contains the point, or None."""
        for k in range(self.count):
            x, y, w, h = self.tile_box(k, offset)
            if y > point[1]:
                return None
            if x <= point[0] < x + w and y <= point[1] < y + h and point[1] >= self.top:
                return k
        return None

    def morph(self, offset, columns, point, item=None):
        """One step from this level at `offset` to `columns` about `point` (rules 4 and 5): the new level, its
        offset, and the anchor tiles' centres at Q in each; `place(p)` gives each grid's (scale, shift)."""
        new = self.at_level(columns)
        k = item if item is not None else self.anchor(point, offset)
        top = self.tile_box(k, offset)[1]
        new_offset = int(min(max(new.top + (k // columns) * (new.side + new.gap) - top, 0), new.maximum))
        q = point if self.mistake == "no-edge-snap" else (0 if point[0] < self.width / 2 else self.width, point[1])
        a_from = np.array(self.centre(self.anchor(q, offset), offset))
        a_to = np.array(new.centre(new.anchor(q, new_offset), new_offset))

        def place(p):
            m = a_from + p * (a_to - a_from)
            ratio = new.side / self.side
            s_from, s_to = 1 + p * (ratio - 1), 1 / ratio + p * (1 - 1 / ratio)
            return (s_from, tuple(m - s_from * a_from)), (s_to, tuple(m - s_to * a_to))
        return new, new_offset, place

    def shown(self, time):
        """The grids at `time`: (level, offset, scale, shift, alpha), the old first. The goldens' zooms start from
        a grid at rest (after any scrolls), one zoom a scenario."""
        zooms = [event for event in self.scenario.get("events", []) if "pinch" in event or ("tap" in event and self.columns > 5)]
        if not zooms or zooms[0]["at"] > time:
            return [(self, whole(self.offset(time)), 1, (0.0, 0.0), 1)]
        event = zooms[0]
        offset, local = whole(self.offset(event["at"])), time - event["at"]
        if "tap" in event:
            point = (event["tap"]["x"] * self.s, event["tap"]["y"] * self.s)
            k = self.hit(point, offset)
            duration = 0.3 if self.mistake == "tap-0.3" else 0.25
            new, new_offset, place = self.morph(offset, max(n for n in self.levels if n <= 5), point, k)
            if local >= duration:
                return [(new, new_offset, 1, (0.0, 0.0), 1)]
            p = ease(local / duration)
            old_alpha = 1 if local < duration / 2 else 1 - ease((local - duration / 2) / duration)
            (s_from, shift_from), (s_to, shift_to) = place(p)
            return [(self, offset, s_from, shift_from, old_alpha), (new, new_offset, s_to, shift_to, p)]
        return self.pinch(offset, event["pinch"]["samples"], local)

    def pinch(self, offset, samples, local):
        """Section 2.1 from this level at `offset`, `local` seconds into the pinch."""
        first = next((row for row in samples if row[1] != 1), None)
        rest = [(self, offset, 1, (0.0, 0.0), 1)]
        if first is None:
            return rest
        point, s1 = (first[2] * self.s, first[3] * self.s), first[1]
        step_out = 0.8 if self.mistake == "step-0.8" else 0.75

        def beyond(columns, zooming_in):
            index = self.levels.index(columns) + (-1 if zooming_in else 1)
            return self.levels[index] if 0 <= index < len(self.levels) else None

        def make(old, old_offset, columns, initial, target, zooming_in):
            new, new_offset, place = old.morph(old_offset, columns, point)
            return dict(old=old, old_offset=old_offset, new=new, new_offset=new_offset, place=place, initial=initial,
                        target=target, zooming_in=zooming_in)

        def reach(step, scale):
            if step is None:
                if scale == 1:
                    return None
                columns = beyond(self.columns, s1 > 1)
                if columns is None:
                    return None
                step = make(self, offset, columns, 1, s1 * (1.25 if s1 > 1 else step_out), s1 > 1)
            while True:
                p = (scale - step["initial"]) / (step["target"] - step["initial"])
                onward = beyond(step["new"].columns, step["zooming_in"])
                back = beyond(step["old"].columns, not step["zooming_in"])
                if p > 1 and onward is not None:
                    step = make(step["new"], step["new_offset"], onward, step["target"],
                                step["target"] * (1.25 if step["zooming_in"] else step_out), step["zooming_in"])
                elif p < 0 and back is not None:
                    step = make(step["old"], step["old_offset"], back, step["initial"],
                                step["initial"] * (step_out if step["zooming_in"] else 1.25), not step["zooming_in"])
                else:
                    return step

        times = [row[0] for row in samples]
        release = times[-1]
        now = min(local, release)
        scale = float(np.interp(now, times, [row[1] for row in samples]))
        step = None
        for row in samples:
            if row[0] <= now:
                step = reach(step, row[1])
        step = reach(step, scale)
        if step is None:
            return rest
        p = min(max((scale - step["initial"]) / (step["target"] - step["initial"]), 0), 1)
        fade = 0.5 if self.mistake == "fade-0.5" else 0.7
        old_alpha = 1 - max(0, p - fade) / (1 - fade)
        if local >= release:
            tau = local - release
            goal = 0 if p < 0.3 else 1
            if tau >= 0.2:
                winner = (step["new"], step["new_offset"]) if goal == 1 else (step["old"], step["old_offset"])
                return [(winner[0], winner[1], 1, (0.0, 0.0), 1)]
            eased = tau / 0.2 if self.mistake == "release-linear" else ease(tau / 0.2)
            if goal == 1 and p < 0.7:
                old_alpha = 1 if tau < 0.1 else 1 - ease((tau - 0.1) / 0.2)
            else:
                old_alpha = old_alpha + ((0 if goal == 1 else 1) - old_alpha) * eased
            p = p + (goal - p) * eased
        (s_from, shift_from), (s_to, shift_to) = step["place"](p)
        return [(step["old"], step["old_offset"], s_from, shift_from, old_alpha), (step["new"], step["new_offset"], s_to, shift_to, p)]

    def morphed(self, grids, time):
        """The frame of grids placed and faded (rule 6): each drawn at rest with its labels into an RGBA picture
        of its held rows, mapped, sampled bilinearly (clear outside) and laid at its alpha over the background."""
        frame = np.zeros((self.height, self.width, 3), dtype=float)
        frame[:, :] = self.background
        loose = np.zeros((self.height, self.width), dtype=bool)
        shadowed = np.zeros((self.height, self.width), dtype=bool)
        ys, xs = np.mgrid[0:self.height, 0:self.width]
        for level, offset, scale, shift, alpha in grids:
            first, last = level.held(offset)
            pitch = level.side + level.gap
            top = level.top + first * pitch - offset
            bottom = level.top + last * pitch - offset + level.side
            picture, coverage, grid_loose, grid_shadowed, _, _ = level.grid(offset, time, (top, bottom))
            rgba = np.concatenate([picture * coverage[:, :, None], coverage[:, :, None]], axis=2)
            rgba = np.concatenate([rgba, grid_loose[:, :, None].astype(float), grid_shadowed[:, :, None].astype(float)], axis=2)
            qx = (xs + 0.5 - shift[0]) / scale - 0.5
            qy = (ys + 0.5 - shift[1]) / scale - top - 0.5
            x0, y0 = np.floor(qx).astype(int), np.floor(qy).astype(int)
            fx, fy = (qx - x0)[:, :, None], (qy - y0)[:, :, None]
            padded = np.pad(rgba, ((1, 1), (1, 1), (0, 0)))

            def tap(dx, dy):
                cx = np.clip(x0 + dx + 1, 0, padded.shape[1] - 1)
                cy = np.clip(y0 + dy + 1, 0, padded.shape[0] - 1)
                inside = ((x0 + dx >= 0) & (x0 + dx < rgba.shape[1]) & (y0 + dy >= 0) & (y0 + dy < rgba.shape[0]))[:, :, None]
                return np.where(inside, padded[cy, cx], 0.0)
            sample = (tap(0, 0) * (1 - fx) + tap(1, 0) * fx) * (1 - fy) + (tap(0, 1) * (1 - fx) + tap(1, 1) * fx) * fy
            colour, cover = sample[:, :, :3] * alpha, sample[:, :, 3] * alpha
            frame = colour + frame * (1 - cover[:, :, None])
            loose |= sample[:, :, 4] > 0
            shadowed |= sample[:, :, 5] > 0
        return frame, loose, shadowed

    def viewer(self, time):
        """The viewer at `time` (section 0): (item, p, the grid's offset) or None. An `open`, or a tap at 5 columns or
        fewer on a tile, opens it over the grid at rest in 0.3 s easeInOut (a tap while it is up is ignored); a `close`
        runs it back from its p then."""
        opened = None
        for event in self.scenario.get("events", []):
            if event["at"] > time:
                break
            up = opened is not None and (opened[3] is None or event["at"] < opened[3] + 0.3)
            if up and "tap" in event:
                continue
            if "open" in event or ("tap" in event and self.columns <= 5):
                offset = whole(self.offset(event["at"]))
                item = event["open"] if "open" in event else self.hit((event["tap"]["x"] * self.s, event["tap"]["y"] * self.s), offset)
                if item is not None:
                    opened = [event["at"], item, offset, None]
            elif "close" in event and opened is not None:
                opened[3] = event["at"]
        if opened is None:
            return None
        at, item, offset, close = opened
        curve = (lambda x: min(max(x, 0.0), 1.0)) if self.mistake == "viewer-linear" else ease
        if close is None:
            return item, curve((time - at) / 0.3), offset
        if time >= close + 0.3:
            return None
        return item, curve((close - at) / 0.3) * (1 - curve((time - close) / 0.3)), offset

    def viewer_level(self, item):
        """R1 (the picture fitted into the screen and centred) and level 0: the picture at R1's size rounded
        (a fill item's flat colour, a media file's picture averaged by area or a tent), levels (h x w x 3)."""
        if self.media:
            picture = media_picture(self.media[item])
            height, width = picture.shape[:2]
        elif self.video_seconds(item) is not None:
            width, height = 1920, 1080
        else:
            width, height = 1200, 1600
        fit = min(self.width / width, self.height / height)
        top = 0 if self.mistake == "viewer-uncentred" else (self.height - height * fit) / 2
        r1 = ((self.width - width * fit) / 2, top, width * fit, height * fit)
        w0, h0 = max(1, whole(r1[2])), max(1, whole(r1[3]))
        if self.media:
            across, down = resample_weights(width, w0), resample_weights(height, h0)
            level = np.floor(np.clip(np.einsum("yi,ijc->yjc", down, np.einsum("xj,ijc->ixc", across, picture)), 0, 255) + 0.5)
        else:
            colour = (0xE4, 0xE4, 0xE7) if item >= self.loading_from else self.colour(item)
            level = np.zeros((h0, w0, 3))
            level[:, :] = colour
        return r1, level

    def draw_viewer(self, frame, viewer):
        """The viewer over the frame: black at alpha p over all, then the picture aspect-filled (centred) into
        R(p) = lerp(R0, R1, p), sampled trilinearly from level 0's chain of 2x2 boxes (each level ceil(w / 2) x
        ceil(h / 2), the mean of the texels there, rounded half up), λ = -log2(scale) clamped to the levels, each
        level bilinear at the pixel's centre clamped to its edge texels, times the pixel's share of R(p)."""
        item, p, offset = viewer
        if self.mistake != "viewer-no-backdrop":
            frame = frame * (1 - p)
        r0 = self.tile_box(item, offset)
        r1, level = self.viewer_level(item)
        rect = [a + (b - a) * p for a, b in zip(r0, r1)]
        h0, w0 = level.shape[:2]
        scale = max(rect[2] / w0, rect[3] / h0)
        origin = (rect[0] + (rect[2] - w0 * scale) / 2, rect[1] + (rect[3] - h0 * scale) / 2)
        chain = [level.astype(np.int64)]
        while chain[-1].shape[0] > 1 or chain[-1].shape[1] > 1:
            last = chain[-1]
            h, w = last.shape[:2]
            hh, ww = (h + 1) // 2, (w + 1) // 2
            padded = np.zeros((2 * hh, 2 * ww, 3), dtype=np.int64)
            padded[:h, :w] = last
            counts = np.zeros((2 * hh, 2 * ww), dtype=np.int64)
            counts[:h, :w] = 1
            sums = padded.reshape(hh, 2, ww, 2, 3).sum(axis=(1, 3))
            n = counts.reshape(hh, 2, ww, 2).sum(axis=(1, 3))[:, :, None]
            chain.append((sums + n // 2) // n)
        lam = min(max(-math.log2(scale), 0.0), len(chain) - 1.0)
        if self.mistake == "viewer-level0":
            lam = 0.0
        elif self.mistake == "viewer-nearest-level":
            lam = float(whole(lam))
        finer = int(math.floor(lam))
        weight = lam - finer
        ys, xs = np.mgrid[0:self.height, 0:self.width].astype(float)

        def bilinear(index):
            texels = chain[index].astype(float)
            h, w = texels.shape[:2]
            step = scale * 2 ** index
            u = np.clip((xs + 0.5 - origin[0]) / step - 0.5, 0, w - 1)
            v = np.clip((ys + 0.5 - origin[1]) / step - 0.5, 0, h - 1)
            x0, y0 = np.floor(u).astype(int), np.floor(v).astype(int)
            x1, y1 = np.minimum(x0 + 1, w - 1), np.minimum(y0 + 1, h - 1)
            fx, fy = (u - x0)[:, :, None], (v - y0)[:, :, None]
            return (texels[y0, x0] * (1 - fx) + texels[y0, x1] * fx) * (1 - fy) + (texels[y1, x0] * (1 - fx) + texels[y1, x1] * fx) * fy
        sample = bilinear(finer)
        if weight > 0:
            sample = sample * (1 - weight) + bilinear(finer + 1) * weight
        across = np.clip(np.minimum(xs + 1, rect[0] + rect[2]) - np.maximum(xs, rect[0]), 0, 1)
        down = np.clip(np.minimum(ys + 1, rect[1] + rect[3]) - np.maximum(ys, rect[1]), 0, 1)
        share = (across * down)[:, :, None]
        return sample * share + frame * (1 - share)

    def frame(self, time):
        """The expected picture without the title, and the title's ink box (left, top, right, bottom) or None."""
        viewer = self.viewer(time)
        if viewer is not None and self.mistake != "viewer-tile-shown":
            self.hidden = viewer[0]
        picture, title = self.grids_and_bar(time)
        if viewer is not None:
            picture = self.draw_viewer(picture, viewer)
            self.ink_depth = 96 * (1 - viewer[1])
            # Under the backdrop the labels' ink is no longer white, nor a badge's disc half the tile: their pixels are compared as the rest.
            self.inks, self.discs = [], []
        return picture, title

    def grids_and_bar(self, time):
        """The grids and the bar without the title, and the title's ink box (left, top, right, bottom) or None."""
        grids = self.shown(time)
        if len(grids) == 1 and grids[0][2] == 1 and grids[0][3] == (0.0, 0.0):
            level, offset = grids[0][0], grids[0][1]
            level.hidden = self.hidden
            picture, _, loose, shadowed, inks, discs = level.grid(offset, time)
            self.loose, self.shadowed, self.inks, self.discs = loose, shadowed, inks, discs
        else:
            picture, self.loose, self.shadowed = self.morphed(grids, time)
            self.inks, self.discs = [], []
        if not self.bar:
            return picture, None
        picture[:self.top] = 0.92 * 255 + 0.08 * picture[:self.top]
        picture[self.top - 1] = 0.8 * picture[self.top - 1]
        from PIL import ImageFont
        layout = ImageFont.Layout.RAQM if ImageFont.core.HAVE_RAQM else ImageFont.Layout.BASIC
        face = ImageFont.truetype(INTER_SEMIBOLD, 17 * OVERSIZE, layout_engine=layout)
        factor = self.s / OVERSIZE
        ascent, descent = (v * factor for v in face.getmetrics())
        advance = face.getlength(self.title) * factor
        ink = [v * factor for v in ink_box(face, self.title)]
        left = 195 * self.s - advance / 2
        baseline = 69 * self.s - (ascent + descent) / 2 + ascent
        return picture, (left + ink[0], baseline + ink[1], left + ink[2], baseline + ink[3])


MEDIA_FOLDER = oracle_support.ROOT / "Goldens"


def probe(path):
    """ffprobe's facts of a media file's video stream: size, pixel format, colour tags, rotation, frame times."""
    import json
    import subprocess
    found = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_streams", "-show_frames", "-show_entries",
                            "stream=width,height,pix_fmt,color_space,color_range,duration:stream_side_data=rotation:frame=pts_time",
                            "-of", "json", str(path)], check=True, capture_output=True, text=True)
    facts = json.loads(found.stdout)
    stream = facts["streams"][0]
    rotation = next((int(data.get("rotation", 0)) for data in stream.get("side_data_list", []) if "rotation" in data), 0)
    times = [float(frame["pts_time"]) for frame in facts.get("frames", []) if "pts_time" in frame]
    return stream, rotation, times


def media_duration(file):
    """A video's duration in seconds (the stream's), or None for a still (one frame)."""
    path = MEDIA_FOLDER / file
    if str(path).lower().endswith(".png"):
        return None
    stream, _, times = probe(path)
    return float(stream["duration"]) if len(times) > 1 else None


def media_picture(item, mistake=None):
    """The item's picture as displayed, levels (H x W x 3): a PNG through Pillow; anything else FFmpeg decodes to its
    planes (ffmpeg's own command, no rotation), its frame the last at or before `frame` s (past the end: the last),
    turned to BT.709 or BT.601 RGB (the tagged matrix, else BT.709 from 720 lines) at its range, each pixel's
    chroma the sample covering it, then turned as the display matrix says."""
    import subprocess
    from PIL import Image
    path = MEDIA_FOLDER / item["file"]
    if str(path).lower().endswith(".png"):
        return np.asarray(Image.open(path).convert("RGB"), dtype=float)
    stream, rotation, times = probe(path)
    width, height = stream["width"], stream["height"]
    wanted = 0 if mistake == "first-frame" else item.get("frame", 0)
    index = max([i for i, t in enumerate(times) if t <= wanted + 1e-9] or [0])
    full = stream.get("color_range") == "pc" or stream["pix_fmt"].startswith("yuvj")
    decoded = subprocess.run(["ffmpeg", "-v", "error", "-noautorotate", "-i", str(path), "-vf", f"select=eq(n\\,{index})", "-vsync", "0",
                              "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuvj420p" if full else "yuv420p", "-"],
                             check=True, capture_output=True).stdout
    cw, ch = (width + 1) // 2, (height + 1) // 2
    y = np.frombuffer(decoded[:width * height], dtype=np.uint8).reshape(height, width).astype(float)
    cb = np.frombuffer(decoded[width * height:width * height + cw * ch], dtype=np.uint8).reshape(ch, cw).astype(float)
    cr = np.frombuffer(decoded[width * height + cw * ch:width * height + 2 * cw * ch], dtype=np.uint8).reshape(ch, cw).astype(float)
    cb, cr = cb.repeat(2, axis=0).repeat(2, axis=1)[:height, :width], cr.repeat(2, axis=0).repeat(2, axis=1)[:height, :width]
    space = stream.get("color_space", "unknown")
    bt709 = space == "bt709" or (space not in ("bt470bg", "smpte170m", "bt709") and min(width, height) >= 720)
    kr, kb = (0.2126, 0.0722) if bt709 else (0.299, 0.114)
    if full:
        luma, pb, pr = y / 255, (cb - 128) / 255, (cr - 128) / 255
    else:
        luma, pb, pr = (y - 16) / 219, (cb - 128) / 224, (cr - 128) / 224
    red = luma + 2 * (1 - kr) * pr
    blue = luma + 2 * (1 - kb) * pb
    green = (luma - kr * red - kb * blue) / (1 - kr - kb)
    rgb = np.floor(np.clip(np.stack([red, green, blue], axis=2), 0, 1) * 255 + 0.5)
    return rgb if mistake == "no-rotation" else np.rot90(rgb, k=(rotation // 90) % 4)


def resample_weights(count, size):
    """Section 1: each output sample's input weights, an area average when shrinking, a tent when enlarging."""
    ratio = count / size
    weights = np.zeros((size, count))
    for out in range(size):
        centre = (out + 0.5) * ratio
        if ratio > 1:
            low, high = centre - ratio / 2, centre + ratio / 2
            for i in range(max(0, math.floor(low)), min(count, math.ceil(high))):
                weights[out, i] = max(0.0, min(high, i + 1) - max(low, i))
        else:
            position = centre - 0.5
            left = math.floor(position)
            fraction = position - left
            weights[out, min(max(left, 0), count - 1)] += 1 - fraction
            weights[out, min(max(left + 1, 0), count - 1)] += fraction
        weights[out] /= weights[out].sum()
    return weights


def media_thumbnail(item, width, height, mistake=None):
    """The tile's picture: the centred source rectangle of the tile's aspect (to whole source pixels, ours),
    resampled by exact area average (tent when enlarging), rounded once to 8 bits."""
    picture = media_picture(item, mistake)
    source_height, source_width = picture.shape[:2]
    aspect = source_width / source_height if mistake == "no-crop" else width / height
    crop_width = max(1, min(source_width, whole(source_height * aspect)))
    crop_height = max(1, min(source_height, whole(source_width / aspect)))
    left, top = (source_width - crop_width) // 2, (source_height - crop_height) // 2
    crop = picture[top:top + crop_height, left:left + crop_width]
    across = resample_weights(crop_width, width)
    down = resample_weights(crop_height, height)
    resampled = np.einsum("yi,ijc->yjc", down, np.einsum("xj,ijc->ixc", across, crop))
    return np.floor(np.clip(resampled, 0, 255) + 0.5)


def ease(x):
    """Section 5's easeInOut: cubic-bezier(0.42, 0, 0.58, 1), x = 1.26 (1 - u)² u + 1.74 (1 - u) u² + u³ solved
    for u by bisection, E = 3 (1 - u) u² + u³; inputs clamped."""
    x = min(max(x, 0.0), 1.0)
    low, high = 0.0, 1.0
    for _ in range(60):
        u = (low + high) / 2
        if 1.26 * (1 - u) ** 2 * u + 1.74 * (1 - u) * u * u + u ** 3 < x:
            low = u
        else:
            high = u
    u = (low + high) / 2
    return 3 * (1 - u) * u * u + u ** 3


def ink_box(face, text):
    """The ink of `text` set in `face` (left, top, right, bottom from the pen on the baseline): drawn and
    measured, since a font's box for the text runs from the pen to the advance, side bearings included."""
    from PIL import Image, ImageDraw
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    margin = face.size
    picture = Image.new("L", (int(right - left) + 2 * margin, int(bottom - top) + 2 * margin), 0)
    ImageDraw.Draw(picture).text((margin - left, margin - top), text, font=face, fill=255, anchor="ls")
    x0, y0, x1, y1 = picture.getbbox()
    return (x0 - margin + left, y0 - margin + top, x1 - margin + left, y1 - margin + top)


def errors(case, image, mistake=None):
    height, width = image.shape[:2]
    spec = Spec(case["scenario"], width, height, mistake)
    expected, title = spec.frame(case["time"])
    got = image[:, :, :3].astype(float)
    difference = np.abs(got - expected).max(axis=2)
    # Near a triangle's corners nothing is compared; on the marks' edges, 12 levels.
    difference[np.isnan(difference)] = 0
    difference[spec.loose] = np.maximum(difference[spec.loose] - 10, 0)
    difference[spec.shadowed] = np.maximum(difference[spec.shadowed] - 4, 0)
    found = []
    for left, top, right, bottom in spec.inks:
        if bottom <= (spec.top if spec.bar else 0) or top >= height:
            continue
        x0, y0, x1, y1 = max(left - 4, 0), max(top - 4, 0), min(right + 4, width), min(bottom + 4, height)
        # The label's ink: pixels within 48 levels of white.
        ys, xs = np.nonzero(got[y0:y1, x0:x1].min(axis=2) > 255 - 48)
        if len(xs) == 0:
            found.append((f"label ink near ({left}, {top}) (none found)", 0.0, 1.0, 0))
            continue
        for name, measured, want in zip(("left", "top", "right", "bottom"), (xs.min() + x0, ys.min() + y0, xs.max() + 1 + x0, ys.max() + 1 + y0),
                                        (left, top, right, bottom)):
            if abs(measured - want) > 1.5:
                found.append((f"label ink {name} near ({left}, {top})", float(measured), float(want), 1.5))
    for cx, cy, radius, x, y, colour in spec.discs:
        row, k = int(y + cy), radius / 10 / spec.s
        if row < (spec.top if spec.bar else 0) + 1 or row >= height:
            continue
        # Along the centre row, the disc's darkening (half the tile's colour at full cover) left of the triangle
        # and right of its tip gives where each of its edges lies.
        base = min(colour)

        def cover(px):
            return min(max(2 * (1 - got[row, px].min() / base), 0), 1)
        left_span = range(int(x + cx - radius) - 2, int(math.floor(x + cx - 3 * k * spec.s - 1.5)))
        right_span = range(int(math.ceil(x + cx + 4.5 * k * spec.s + 1.5)), int(x + cx + radius) + 3)
        edges = (left_span.stop - sum(cover(px) for px in left_span), right_span.start + sum(cover(px) for px in right_span))
        for name, measured, want in zip(("left", "right"), edges, (x + cx - radius, x + cx + radius)):
            if abs(measured - want) > 1:
                found.append((f"badge disc's {name} edge on row {row}", measured, want, 1))
    if title is not None:
        left, top, right, bottom = title
        box = (max(0, int(left) - 2), max(0, int(top) - 2), min(width, int(math.ceil(right)) + 2), min(height, int(math.ceil(bottom)) + 2))
        difference[box[1]:box[3], box[0]:box[2]] = 0
        # The title's ink: pixels well darker than the bar there.
        dark = (expected[:spec.top] - got[:spec.top]).max(axis=2) > spec.ink_depth
        ys, xs = np.nonzero(dark)
        if len(xs) == 0:
            found.append(("title ink (none found)", 0.0, 1.0, 0))
        else:
            for name, measured, want in zip(("title ink left", "title ink top", "title ink right", "title ink bottom"),
                                            (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1), title):
                if abs(measured - want) > 1.5:
                    found.append((name, float(measured), want, 1.5))
    off = int((difference > 2).sum())
    if off:
        ys, xs = np.nonzero(difference > 2)
        found.append((f"pixels more than 2 levels off the spec's grid and bar (first at {xs[0]}, {ys[0]})", float(off), 0.0, 0))
    return found


def mistakes(case, image):
    height, width = image.shape[:2]
    scenario = case["scenario"]
    spec = Spec(scenario, width, height)
    found = ["no-gap"] + ([] if spec.media else ["hue-137"])
    if spec.video_every > 0:
        has_labels = spec.side / spec.s >= 60
        found += ["blob-7.5", "inset-8", "no-shadow"] if has_labels else []
        if 60 <= spec.side / spec.s < 80:
            found.append("badge-80")
        if spec.side / spec.s < 60:
            found.append("badge-k-60")
    if spec.loading_from < spec.count:
        found.append("shimmer-1s")
    if spec.media:
        found.append("no-crop")
        if any(str(item["file"]).endswith(".mp4") and item.get("frame", 0) > 0 for item in spec.media):
            found.append("first-frame")
        if any(probe(MEDIA_FOLDER / item["file"])[1] != 0 for item in spec.media if not str(item["file"]).endswith(".png")):
            found.append("no-rotation")

    def placed(grids):
        return [(level.columns, offset, round(scale, 6), tuple(round(v, 4) for v in shift), round(alpha, 6))
                for level, offset, scale, shift, alpha in grids]
    for mistake in ("step-0.8", "no-edge-snap", "fade-0.5", "release-linear", "tap-0.3"):
        if placed(Spec(scenario, width, height, mistake).shown(case["time"])) != placed(spec.shown(case["time"])):
            found.append(mistake)
    viewer = spec.viewer(case["time"])
    if viewer is not None:
        found += ["viewer-no-backdrop", "viewer-uncentred"]
        # At p = 0.5 easeInOut and a linear ramp agree.
        if abs(Spec(scenario, width, height, "viewer-linear").viewer(case["time"])[1] - viewer[1]) > 1e-6:
            found.append("viewer-linear")
        item, p, offset = viewer
        r1 = spec.viewer_level(item)[0]
        r0 = spec.tile_box(item, offset)
        rect = [a + (b - a) * p for a, b in zip(r0, r1)]
        # The tile shows where R(p) leaves some of it.
        if rect[0] > r0[0] or rect[1] > r0[1] or rect[0] + rect[2] < r0[0] + r0[2] or rect[1] + rect[3] < r0[1] + r0[3]:
            found.append("viewer-tile-shown")
        if spec.media:
            found += ["viewer-level0", "viewer-nearest-level"]
    if spec.last != spec.side:
        found.append("last-same")
    if spec.bar:
        found.append("bar-92")
    scrolls = [event["scroll"] for event in scenario.get("events", []) if "scroll" in event and event["at"] < case["time"]]
    if any(abs(Spec(scenario, width, height, "fling-0.997").offset(case["time"]) - spec.offset(case["time"])) >= 1 for _ in scrolls):
        found.append("fling-0.997")
    if any("samples" in scroll and "velocity" not in scroll for scroll in scrolls) and \
            abs(Spec(scenario, width, height, "slope-last-two").offset(case["time"]) - spec.offset(case["time"])) >= 1:
        found.append("slope-last-two")
    return found


def main(argv):
    return oracle_support.check_or_selftest(argv, USAGE, "spec-gallery", errors,
                                            "the grid, its colours, the scroll and the bar as the spec has them", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
