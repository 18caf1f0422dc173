#!/usr/bin/env python3
"""An independent check of the chat spec's message layout (chat.md, section
2.4 to 2.8) that measures from pixels. It shares no code with callshade:
from a golden's messages (read from Goldens/cases.json) it works out where
the spec puts each bubble, with the text's widths from Inter through Pillow
(libraqm's shaping), and then finds in the PNG each bubble's body edges
(left, right, top, bottom), the tail's reach beside the body's bottom corner
and the first line's baseline, each of which must lie within 1 pt. Text is
measured with tabular figures, as callshade sets all its text.

  spec-chat-layout.py check NAME FILE.png
  spec-chat-layout.py selftest NAME FILE.png
      show that the check can fail: the golden against the spec's places
      worked out with a mistake each (the tail's 7 pt inset as 1, the status
      always on its own line, the baseline 2 pt low, merged bubbles 14/3
      apart); exit 1 if any of them passes
"""
import json
import math
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
INTER = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
OVERSIZE = 64
TOLERANCE = 1.0   # points
WRAP = 316.0


def case_named(name):
    with open(ROOT / "Goldens" / "cases.json", encoding="utf-8") as handle:
        for case in json.load(handle)["cases"]:
            if case["name"] == name:
                return case
    raise SystemExit(f"spec-chat-layout: Goldens/cases.json has no case {name}")


class Measure:
    """Text widths in points (1 px a point at 390 wide), HarfBuzz's advances through libraqm."""

    def __init__(self):
        from PIL import ImageFont
        layout = ImageFont.Layout.RAQM if ImageFont.core.HAVE_RAQM else ImageFont.Layout.BASIC
        self.faces = {size: ImageFont.truetype(INTER, size * OVERSIZE, layout_engine=layout) for size in (17, 11)}

    def width(self, text, size):
        # callshade sets every text with tabular figures (Docs/text.md), the times' digits included.
        return self.faces[size].getlength(text, features=["tnum"]) / OVERSIZE


def lines(text, measure):
    """Greedy at spaces within 316 pt (the goldens have no overlong words)."""
    out, line = [], ""
    for word in text.split(" "):
        candidate = word if not line else line + " " + word
        if measure.width(candidate, 17) <= WRAP:
            line = candidate
        else:
            out.append(line)
            line = word
    out.append(line)
    return out


def expected(case, measure, mistake=None):
    """Each message's body (left, top, right, bottom), side, tail and first line's top, in points."""
    messages = case["messages"]
    sized = []
    for message in messages:
        broken = lines(message["text"], measure)
        widths = [measure.width(line, 17) for line in broken]
        status = 10 + measure.width(message["time"], 11) + (13 if message["side"] == "outgoing" else 0)
        shares = widths[-1] + status <= WRAP and mistake != "status-own-line"
        content = max(max(widths), status, widths[-1] + status if shares else 0)
        height = max(35, 12 + 21 * len(broken) + (0 if shares else 13))
        sized.append((message["side"], 30 + content, height))
    bottom = 765 - 4 - 7 / 3
    placed = []
    for index in range(len(sized) - 1, -1, -1):
        side, width, height = sized[index]
        merged_above = index > 0 and sized[index - 1][0] == side
        merged_below = index + 1 < len(sized) and sized[index + 1][0] == side
        left = 386 - width if side == "outgoing" else 4
        top = bottom - height
        # The body: inset 1, 7 on the tail's side.
        tail_inset = 1 if mistake == "even-insets" else 7
        body = (left + (1 if side == "outgoing" else tail_inset), top + 1, left + width - (tail_inset if side == "outgoing" else 1), top + height - 1)
        line_top = top + 6 + 1 / 3
        baseline = line_top + 16.5 + (2 if mistake == "baseline-low" else 0)
        placed.append({"side": side, "body": body, "tail": not merged_below, "line_top": line_top, "baseline": baseline})
        bottom = top - (2 if merged_above and mistake != "wide-gaps" else 14 / 3)
    return list(reversed(placed))


FILLS = {"outgoing": np.array([0xE1, 0xFF, 0xC7]), "incoming": np.array([0xFF, 0xFF, 0xFF])}


def is_fill(pixel, side, tolerance=10):
    return np.abs(pixel[:3].astype(int) - FILLS[side]).max() <= tolerance


def tail_reach(y):
    """How far right of the corner (points) the outgoing tail's fill reaches at height y (points, y down, -8.5 < y < 0): the ellipse's left edge."""
    return 11.5 - 11.5 * math.sqrt(max(0.0, 1 - ((y + 8.5) / 10.5) ** 2))


def measure_bubble(image, bubble):
    side = bubble["side"]
    left, top, right, bottom = bubble["body"]
    height, width = image.shape[:2]
    results = []
    # The first pixel of pure fill inside an edge is the first whose centre lies 0.8 pt in (the outline's
    # band, 0.3 pt, and the half-pixel ramp), so the edge is taken 0.8 pt outside its near side's middle.
    # Each edge is found by scanning inwards from 1.5 pt outside where the spec puts it (in the gap
    # between bubbles when the layout is right), to the first pixel of the fill: a bubble more than
    # 1.5 pt off starts the scan inside a fill and reads as 1.8 pt off, which fails.
    # Left and right edges on the row through the body's middle.
    row = int(round((top + bottom) / 2))
    column = max(int(math.floor(left - 1.5)), 0)
    while column < width and not is_fill(image[row, column], side):
        column += 1
    results.append(("left edge", column - 0.8, left))
    column = min(int(math.floor(right + 1.5)), width - 1)
    while column >= 0 and not is_fill(image[row, column], side):
        column -= 1
    results.append(("right edge", column + 1.8, right))
    # Top and bottom edges 20 pt inside the body's left (past its corner, away from the tails).
    column = int(left + 20)
    y = int(math.floor(top - 1.5))
    while y < height and not is_fill(image[y, column], side):
        y += 1
    results.append(("top edge", y - 0.8, top))
    y = int(math.floor(bottom + 1.5))
    while y >= 0 and not is_fill(image[y, column], side):
        y -= 1
    results.append(("bottom edge", y + 1.8, bottom))
    if bubble["tail"]:
        # The tail's reach (its last whole pixel of fill) on the row whose centre is about 2.5 pt above the
        # body's bottom, where the tail is some 2 pt wide beside the body's edge.
        y = int(math.floor(bottom - 2.5))
        centre = y + 0.5 - bottom
        reach = tail_reach(centre)
        if side == "outgoing":
            column = min(int(right) + 10, width - 1)
            while column >= 0 and not is_fill(image[y, column], side):
                column -= 1
            results.append(("tail reach", column + 1.8, right + reach))
        else:
            column = max(int(left) - 10, 0)
            while column < width and not is_fill(image[y, column], side):
                column += 1
            results.append(("tail reach", column - 0.8, left - reach))
    # The first line's baseline: the median of its ink columns' lowest dark pixels.
    line_top = bubble["line_top"]
    band = image[int(line_top):int(line_top + 21), int(left + 11):int(right - 11), :3].astype(int)
    dark = band.max(axis=2) < 150   # at least about half covered by the black text
    bottoms = [int(line_top) + int(np.nonzero(dark[:, x])[0].max()) + 1 for x in range(dark.shape[1]) if dark[:, x].any()]
    if bottoms:
        results.append(("baseline", float(np.median(bottoms)), bubble["baseline"]))
    else:
        results.append(("baseline", float("nan"), bubble["baseline"]))
    return results


MISTAKES = ["even-insets", "status-own-line", "baseline-low", "wide-gaps"]


def errors(case, image, mistake=None):
    measure = Measure()
    worst, parts = 0.0, []
    for index, bubble in enumerate(expected(case, measure, mistake)):
        for name, got, want in measure_bubble(image, bubble):
            error = abs(got - want) if not math.isnan(got) else float("inf")
            worst = max(worst, error)
            parts.append(f"{index}.{name.split()[0]} {got:.1f}/{want:.1f}")
    return worst, parts


def main(argv):
    if len(argv) != 3 or argv[0] not in ("check", "selftest"):
        print(__doc__)
        return 2
    from PIL import Image
    case = case_named(argv[1])
    image = np.asarray(Image.open(argv[2]).convert("RGB"))
    if image.shape[1] != 390 or image.shape[0] != 844:
        print(f"{argv[2]}: the layout goldens are 390x844 (1 px a point) -> FAIL")
        return 1
    if argv[0] == "selftest":
        passed = []
        for mistake in MISTAKES:
            # Wide gaps only matter where bubbles merge.
            if mistake == "wide-gaps" and len(case["messages"]) < 2:
                continue
            worst, _ = errors(case, image, mistake)
            caught = worst > TOLERANCE
            print(f"{argv[2]}: expected with {mistake}: largest error {worst:.2f} pt" + (" -> refused" if caught else " -> PASSED"))
            if not caught:
                passed.append(mistake)
        return 1 if passed else 0
    worst, parts = errors(case, image)
    verdict = "ok" if worst <= TOLERANCE else "FAIL"
    print(f"{argv[2]}: bubbles measured against the spec (got/expected, pt): {'; '.join(parts)}; largest error {worst:.2f} pt -> {verdict}")
    return 0 if worst <= TOLERANCE else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
