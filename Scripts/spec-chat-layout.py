#!/usr/bin/env python3
"""An independent check of the chat spec's layout (chat.md, section 2) that
measures from pixels. It shares no code with callshade: from a golden's
messages (read from Goldens/cases.json) it works out where the spec puts
each bubble, with the text's widths from Inter through Pillow (libraqm's
shaping), and then finds in the PNG each bubble's body edges (left, right,
top, bottom), the tail's reach beside the body's bottom corner and the first
line's baseline; where a tail attaches, body and tail as one shape (the
body's bottom edge on every column up to the tail, with no notch, and the
edge beside the tail's top on every row, with no line inside); an emoji
message's glyph (its ink from Noto Color Emoji through Pillow), its time
pill's edges, and the pill lying over the glyph (no pixel of the glyph's
colours inside it); the date pill's four edges; the
input field's four edges; and the navigation bar's title (its ink's middle
and its baseline). Each must lie within 1 pt. Text is measured with tabular
figures, as callshade sets all its text. The glass pills (black at 0.2 over
the blurred wallpaper) are found by their coverage: each pixel's darkening
against the wallpaper that spec-chat-wallpaper.py computes (the classic
colours at phase 0, smooth enough that its blur is itself within a level).

  spec-chat-layout.py check NAME FILE.png
  spec-chat-layout.py selftest NAME FILE.png
      show that the check can fail: the golden against the spec's places
      worked out with a mistake each (the tail's 7 pt inset as 1, the status
      always on its own line, the baseline 2 pt low, merged bubbles 14/3
      apart, the date row 2 pt lower, the field 2 pt higher, the title
      centred on y 69 alone, the emoji's box 4 pt from the edge as a
      bubble's frame); exit 1 if any of them passes
"""
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

ROOT = oracle_support.ROOT
INTER = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
INTER_MEDIUM = "/usr/share/fonts/opentype/inter/Inter-Medium.otf"
INTER_SEMIBOLD = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
EMOJI = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
OVERSIZE = 64
TOLERANCE = 1.0   # points
WRAP = 316.0


def case_named(name):
    return oracle_support.case_named(name, "spec-chat-layout")


class Measure:
    """Text widths in points (1 px a point at 390 wide), HarfBuzz's advances through libraqm."""

    def __init__(self):
        from PIL import ImageFont
        layout = ImageFont.Layout.RAQM if ImageFont.core.HAVE_RAQM else ImageFont.Layout.BASIC
        self.faces = {size: ImageFont.truetype(INTER, size * OVERSIZE, layout_engine=layout) for size in (17, 13, 11)}
        self.faces["medium13"] = ImageFont.truetype(INTER_MEDIUM, 13 * OVERSIZE, layout_engine=layout)
        self.faces["semibold17"] = ImageFont.truetype(INTER_SEMIBOLD, 17 * OVERSIZE, layout_engine=layout)

    def width(self, text, size):
        # callshade sets every text with tabular figures (Docs/text.md), the times' digits included.
        return self.faces[size].getlength(text, features=["tnum"]) / OVERSIZE

    def height(self, size):
        """The line box (ascender + descender) in points, and the ascender."""
        ascent, descent = self.faces[size].getmetrics()
        return (ascent + descent) / OVERSIZE, ascent / OVERSIZE

    def ink(self, text, size):
        """The ink's box (left, top, right, bottom) from the pen on the baseline, in points."""
        return tuple(v / OVERSIZE for v in self.faces[size].getbbox(text, anchor="ls", features=["tnum"]))


def is_emoji(text):
    """One emoji (the goldens' emoji are single pictographs, with a variation selector at most)."""
    points = [ord(c) for c in text if ord(c) != 0xFE0F]
    return len(points) == 1 and (points[0] >= 0x1F000 or 0x2600 <= points[0] <= 0x27BF)


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
        status = 10 + measure.width(message["time"], 11) + (13 if message["side"] == "outgoing" else 0)
        if is_emoji(message["text"]):
            sized.append((message["side"], 96, 96, status, True))
            continue
        broken = lines(message["text"], measure)
        widths = [measure.width(line, 17) for line in broken]
        shares = widths[-1] + status <= WRAP and mistake != "status-own-line"
        content = max(max(widths), status, widths[-1] + status if shares else 0)
        height = max(35, 12 + 21 * len(broken) + (0 if shares else 13))
        sized.append((message["side"], 30 + content, height, status, False))
    bottom = 765 - 4 - 7 / 3
    placed = []
    for index in range(len(sized) - 1, -1, -1):
        side, width, height, status, emoji = sized[index]
        if emoji:
            # Section 2.9 (ours): a 96-pt box 11 pt from the screen's edge, the time pill 18 high at its
            # bottom-right, as wide as the status box (4 pt more with checks, for the second one).
            margin = 4 if mistake == "emoji-at-bubble-edge" else 11
            left = 390 - margin - 96 if side == "outgoing" else margin
            top = bottom - 96
            pill_width = status + (4 if side == "outgoing" else 0)
            placed.append({"side": side, "emoji": messages[index]["text"], "box": (left, top, left + 96, top + 96),
                           "pill": (left + 96 - pill_width, top + 96 - 18, left + 96, top + 96)})
            bottom = top - 14 / 3
            continue
        # Bubbles merge with a bubble of their side; an emoji merges with nothing.
        merged_above = index > 0 and sized[index - 1][0] == side and not sized[index - 1][4]
        merged_below = index + 1 < len(sized) and sized[index + 1][0] == side and not sized[index + 1][4]
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


def date_pill(case, measure, placed, mistake=None):
    """Section 2.4: the date row 34 pt above the first frame's 7/3 inset, its pill 7 below the row's top,
    20 high, the label (13 pt medium) + 12 wide, centred on x 195."""
    first = placed[0]
    first_top = (first["box"][1] if "box" in first else first["body"][1] - 1)
    row_top = first_top - 7 / 3 - 34 + (2 if mistake == "date-low" else 0)
    width = measure.width(case.get("date", "Today"), "medium13") + 12
    return (195 - width / 2, row_top + 7, 195 + width / 2, row_top + 27)


def field(mistake=None):
    """Section 2.3, empty: the field at x 42, 6 below the panel's top (765), 306 x 33."""
    top = 765 + 6 - (2 if mistake == "field-high" else 0)
    return (42, top, 348, top + 33)


def title(case, measure, mistake=None):
    """Section 2.2: the name (17 pt semibold) over the subtitle (13 pt), the pair's line boxes centred on
    y 69, each line centred on x 195: the title's ink middle (x) and its baseline (y)."""
    name = case.get("title", "Emma Walker")
    title_height, title_ascent = measure.height("semibold17")
    subtitle_height, _ = measure.height(13)
    pair = title_height + (0 if mistake == "title-alone" else subtitle_height)
    baseline = 69 - pair / 2 + title_ascent
    left = 195 - measure.width(name, "semibold17") / 2
    ink = measure.ink(name, "semibold17")
    return left + (ink[0] + ink[2]) / 2, baseline


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
        results += measure_join(image, bubble)
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


def measure_join(image, bubble):
    """Body and tail as one shape (section 2.6): the body's bottom edge, measured as the "bottom edge" is, on every
    column from 17 pt inside its far side to its last whole column on the tail's side (no notch where the body's
    corner would round: it is square where the tail attaches); and the edge on the tail's side, measured as the
    "right edge" is, on every row whose centre lies 14 to 2.5 pt above the body's bottom: the body's side above
    the tail's top (8.5 pt up), the tail's ellipse below it (no line inside where they meet). The worst of each."""
    side = bubble["side"]
    left, top, right, bottom = bubble["body"]
    height, width = image.shape[:2]
    columns = range(int(left + 17), int(right)) if side == "outgoing" else range(int(left) + 1, int(right - 17))
    worst_bottom = (bottom, bottom)
    for column in columns:
        y = int(math.floor(bottom + 1.5))
        while y >= 0 and not is_fill(image[y, column], side):
            y -= 1
        if abs(y + 1.8 - bottom) >= abs(worst_bottom[0] - bottom):
            worst_bottom = (y + 1.8, bottom)
    worst_side = (right if side == "outgoing" else left, right if side == "outgoing" else left)
    for y in range(int(math.ceil(bottom - 14.5)), int(math.floor(bottom - 3)) + 1):
        centre = y + 0.5 - bottom
        reach = tail_reach(centre) if centre > -8.5 else 0.0
        if side == "outgoing":
            want = right + reach
            column = min(int(math.floor(want + 1.5)), width - 1)
            while column >= 0 and not is_fill(image[y, column], side):
                column -= 1
            got = column + 1.8
        else:
            want = left - reach
            column = max(int(math.floor(want - 1.5)), 0)
            while column < width and not is_fill(image[y, column], side):
                column += 1
            got = column - 0.8
        if abs(got - want) > abs(worst_side[0] - worst_side[1]):
            worst_side = (got, want)
    return [("bottom edge along the tail's side", worst_bottom[0], worst_bottom[1]),
            ("edge beside the tail's top", worst_side[0], worst_side[1])]


def wallpaper():
    """The classic wallpaper at phase 0, 390 x 844 (levels, floats), from spec-chat-wallpaper.py."""
    return oracle_support.script("spec_chat_wallpaper", "spec-chat-wallpaper.py").picture({"size": "390x844", "variant": "ios", "step": "auto", "phase": 0, "steps": [], "time": 0})


def pill_edge(image, backdrop, fixed, start, count, along_x, entering):
    """Where a glass pill (black at 0.2 over the wallpaper) begins along a row (along_x) or a column at
    `fixed`: its coverage of each of `count` pixels from `start` is its darkening over a fifth of the
    wallpaper there, and the edge lies the uncovered pixels past `start` (entering) or the covered ones."""
    total = 0.0
    for i in range(start, start + count):
        y, x = (fixed, i) if along_x else (i, fixed)
        under = backdrop[y, x].sum()
        cover = min(max((under - image[y, x].astype(float).sum()) / (0.2 * under), 0.0), 1.0)
        total += (1 - cover) if entering else cover
    return start + total


def measure_pill(image, backdrop, pill, name, inset, right_edge=True):
    """A pill's edges: left and right on its middle row (the right one unless the checks lie near it), top
    and bottom on the column `inset` pt in from its left."""
    left, top, right, bottom = pill
    row = int((top + bottom) / 2)
    column = int(left + inset)
    found = [(f"{name} left", pill_edge(image, backdrop, row, int(math.floor(left)) - 2, 5, True, True), left)]
    if right_edge:
        found.append((f"{name} right", pill_edge(image, backdrop, row, int(math.floor(right)) - 2, 5, True, False), right))
    return found + [(f"{name} top", pill_edge(image, backdrop, column, int(math.floor(top)) - 2, 5, False, True), top),
                    (f"{name} bottom", pill_edge(image, backdrop, column, int(math.floor(bottom)) - 2, 5, False, False), bottom)]


def measure_field(image, box):
    """The field's edges: white inside its 1-pt inner stroke, so each edge lies 1 pt beyond the first
    wholly white pixel (all channels at least 252) met scanning in from 3 pt outside it."""
    left, top, right, bottom = box
    row, column = int((top + bottom) / 2), 195
    white = lambda p: p[:3].min() >= 252
    x = int(left) - 3
    while x < right and not white(image[row, x]):
        x += 1
    got_left = x - 1
    x = int(right) + 3
    while x > left and not white(image[row, x]):
        x -= 1
    got_right = x + 2
    y = int(top) - 3
    while y < bottom and not white(image[y, column]):
        y += 1
    got_top = y - 1
    y = int(bottom) + 3
    while y > top and not white(image[y, column]):
        y -= 1
    got_bottom = y + 2
    return [("field left", got_left, left), ("field right", got_right, right), ("field top", got_top, top), ("field bottom", got_bottom, bottom)]


def measure_title(image, want):
    """The title's black ink (every channel under 110: the blue subtitle and "Chats" are not) in the bar:
    the middle of its columns' span, and the median of its columns' lowest inked pixels."""
    band = image[47:91, 80:310, :3].astype(int)
    dark = band.max(axis=2) < 110
    columns = [x for x in range(dark.shape[1]) if dark[:, x].any()]
    if not columns:
        return [("title middle", float("nan"), want[0]), ("title baseline", float("nan"), want[1])]
    middle = 80 + (columns[0] + columns[-1] + 1) / 2
    bottoms = [47 + int(np.nonzero(dark[:, x])[0].max()) + 1 for x in columns]
    return [("title middle", middle, want[0]), ("title baseline", float(np.median(bottoms)), want[1])]


def emoji_ink(text):
    """The emoji's ink in its picture (fractions of its width and height), through Pillow."""
    from PIL import Image, ImageDraw, ImageFont
    face = ImageFont.truetype(EMOJI, 109)
    left, top, right, bottom = face.getbbox(text)
    canvas = Image.new("RGBA", (right - left + 20, bottom - top + 20), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((10 - left, 10 - top), text, font=face, embedded_color=True)
    alpha = np.asarray(canvas)[..., 3] > 127
    ys, xs = np.nonzero(alpha)
    width, height = right - left, bottom - top
    return width, height, ((xs.min() - 10) / width, (ys.min() - 10) / width, (xs.max() + 1 - 10) / width, (ys.max() + 1 - 10) / width)


def measure_emoji(image, backdrop, item):
    """The emoji's ink (pixels off the wallpaper by over 20 levels) above its pill: its left, right and top,
    against its picture scaled to the box's width and centred in the box; then the pill's edges."""
    left, top, right, bottom = item["box"]
    width, height, ink = emoji_ink(item["emoji"])
    scale = 96 / width
    picture_top = top + (96 - height * scale) / 2
    want_left, want_right, want_top = left + ink[0] * 96, left + ink[2] * 96, picture_top + ink[1] * 96
    region = (slice(int(top) - 4, int(item["pill"][1]) - 1), slice(int(left) - 4, int(right) + 4))
    off = np.abs(image[region][..., :3].astype(float) - backdrop[region]).max(axis=2) > 20
    ys, xs = np.nonzero(off)
    if not len(xs):
        return [("emoji left", float("nan"), want_left)]
    got_left, got_right = region[1].start + xs.min(), region[1].start + xs.max() + 1
    got_top = region[0].start + ys.min()
    return [("emoji left", got_left, want_left), ("emoji right", got_right, want_right), ("emoji top", got_top, want_top)] + \
        measure_pill(image, backdrop, item["pill"], "emoji pill", 9, right_edge=False) + [pill_over_glyph(image, backdrop, item["pill"])]


def pill_over_glyph(image, backdrop, pill):
    """Section 2.9: the pill's glass and its white time and checks lie over the glyph. Inside the pill (2 pt in from
    its edges) every pixel is the glass (the wallpaper at 0.8) mixed towards white by one amount in every channel;
    a pixel of the glyph's colours, drawn over the glass, is not. Returns how many are not: any fails the golden."""
    left, top, right, bottom = pill
    region = (slice(int(math.ceil(top + 2)), int(math.floor(bottom - 2))), slice(int(math.ceil(left + 2)), int(math.floor(right - 2))))
    glass = backdrop[region] * 0.8
    amount = (image[region][..., :3].astype(float) - glass) / np.maximum(255 - glass, 1)
    spread = amount.max(axis=2) - amount.min(axis=2)
    off = (spread > 0.15) | (amount.mean(axis=2) < -0.1)
    return ("emoji pill's pixels of the glyph", float(off.sum()), 0.0)


MISTAKES = ["even-insets", "status-own-line", "baseline-low", "wide-gaps", "date-low", "field-high", "title-alone",
            "emoji-at-bubble-edge"]


def errors(case, image, mistake=None):
    measure = Measure()
    backdrop = wallpaper()
    worst, parts = 0.0, []
    placed = expected(case, measure, mistake)
    found = []
    for index, item in enumerate(placed):
        measured = measure_emoji(image, backdrop, item) if "emoji" in item else measure_bubble(image, item)
        found += [(f"{index}.{name.replace(' ', '-')}", got, want) for name, got, want in measured]
    found += [(name.replace(" ", "-"), got, want) for name, got, want in
              measure_pill(image, backdrop, date_pill(case, measure, placed, mistake), "date", 11)]
    found += [(name.replace(" ", "-"), got, want) for name, got, want in measure_field(image, field(mistake))]
    found += [(name.replace(" ", "-"), got, want) for name, got, want in measure_title(image, title(case, measure, mistake))]
    for name, got, want in found:
        error = abs(got - want) if not math.isnan(got) else float("inf")
        if name.endswith("pixels-of-the-glyph") and got > 0:
            error = float("inf")   # a count of pixels that must be 0, not an edge
        worst = max(worst, error)
        parts.append(f"{name} {got:.1f}/{want:.1f}")
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
            # Wide gaps only matter where bubbles merge; the emoji's edge only where there is an emoji.
            messages = case["messages"]
            merges = any(a["side"] == b["side"] and not is_emoji(a["text"]) and not is_emoji(b["text"])
                         for a, b in zip(messages, messages[1:]))
            if mistake == "wide-gaps" and not merges or mistake == "emoji-at-bubble-edge" and not any(is_emoji(m["text"]) for m in messages):
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
