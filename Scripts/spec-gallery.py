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

then it compares the PNG with that picture outside the title's ink box
(each channel within 2 levels), and the title's ink box with Pillow's
(within 1.5 px). A tile off by a pixel, a wrong colour or a wrong offset
shows as many pixels tens of levels off.

  spec-gallery.py check NAME FILE.png
  spec-gallery.py selftest NAME FILE.png
      show that the check can fail: the golden against the spec worked out
      with each mistake that touches it (no gaps, the last column as wide as
      the others, the hue step 137, the bar at 92 pt, the fling at 0.997
      a millisecond, the drag's release slope from the last two samples)
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
        fill = scenario["fill"]
        self.count, self.seed = fill["count"], fill.get("seed", 0)
        self.columns = scenario.get("level", 3)
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

    def grid(self, offset):
        """The frame's grid at a whole-pixel `offset`: background, then each tile that shows."""
        picture = np.zeros((self.height, self.width, 3), dtype=float)
        picture[:, :] = self.background
        pitch = self.side + self.gap
        first = max(0, (offset - self.top) // pitch - 1)
        for row in range(first, self.rows):
            y = self.top + row * pitch - offset
            if y >= self.height:
                break
            for column in range(self.columns):
                k = row * self.columns + column
                if k >= self.count:
                    break
                x = column * pitch
                width = self.last if column == self.columns - 1 else self.side
                y0, y1 = max(y, 0), min(y + self.side, self.height)
                if y0 < y1:
                    picture[y0:y1, x:x + width] = self.colour(k)
        return picture

    def frame(self, time):
        """The expected picture without the title, and the title's ink box (left, top, right, bottom) or None."""
        picture = self.grid(whole(self.offset(time)))
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
    found = []
    if title is not None:
        left, top, right, bottom = title
        box = (max(0, int(left) - 2), max(0, int(top) - 2), min(width, int(math.ceil(right)) + 2), min(height, int(math.ceil(bottom)) + 2))
        difference[box[1]:box[3], box[0]:box[2]] = 0
        # The title's ink: pixels well darker than the bar there.
        dark = (expected[:spec.top] - got[:spec.top]).max(axis=2) > 96
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
    found = ["no-gap", "hue-137"]
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
