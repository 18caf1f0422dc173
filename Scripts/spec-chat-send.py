#!/usr/bin/env python3
"""An independent check of the chat spec's send animation (chat.md, sections
3 and 4) that measures from pixels. It shares no code with callshade: from a
golden's case (Goldens/cases.json: the messages before, the send, its
instant `at`, the frame's `time`, and a settings file or none for the
shipped curves) it works out the moving shape R's edges from the spec's
lerps and curves, and finds them in the PNG (the messages over a black
wallpaper). The final bubble B comes from spec-chat-layout.py's layout (Inter's
widths through Pillow); the field P from section 3.1 (the draft's lines
broken at 280 pt, the panel grown to 24 + 21 n over 0.15 s ease-in-out from
the draft's start); the curves are evaluated here by bisection. For an emoji
its glyph's ink (Noto Color Emoji through Pillow) in its box, growing from
17 pt. Each edge must lie within 1 pt.

A case with `colors` is drawn over a wallpaper of that one colour, and then
every pixel outside the bubbles must be that colour (within 6 levels):
outside R and its tail's box, and outside each earlier row's body and tail
box where section 3.4 puts it (rising from its place without the send to its
final one on Y, the list following the panel back), each grown by 1.5 pt.
Text drawn outside R (section 3.3: both copies and the status are clipped to
R's frame) or a neighbour's old look drawn anywhere but in place (section
3.4) is found there.

  spec-chat-send.py check NAME FILE.png
  spec-chat-send.py selftest NAME FILE.png
      show that the check can fail: R worked out with a mistake each (every
      track linear, the shipped curves for a settings file, the field as the
      empty one for a grown draft, X on Y's curve, the rows above at their
      final places from the send's instant); exit 1 if any of them passes
      where it differs from the spec by over 2 pt
"""
import json
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

ROOT = oracle_support.ROOT
TOLERANCE = 1.0  # points
FIELD_WRAP = 280.0


LAYOUT = oracle_support.script("spec_chat_layout", "spec-chat-layout.py")


def case_named(name):
    return oracle_support.case_named(name, "spec-chat-send")


def bezier(x1, y1, x2, y2, u):
    """cubic-bezier(x1, y1, x2, y2) at time fraction u: x(s) = u solved by bisection, then y(s)."""
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0

    def coordinate(p1, p2, s):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3

    low, high = 0.0, 1.0
    for _ in range(80):
        middle = (low + high) / 2
        if coordinate(x1, x2, middle) < u:
            low = middle
        else:
            high = middle
    return coordinate(y1, y2, (low + high) / 2)


V = (0.19919, 0.01064, 0.27921, 0.91025)
H = (0.23, 1, 0.32, 1)
EASE = (0.42, 0, 0.58, 1)


def shipped(curve, elapsed, duration):
    return bezier(*curve, elapsed / duration)


def window(settings, block, prop, elapsed):
    """Section 4.1: 0 before start/60 s, 1 after end/60 s, else the curve (0,0) (x1,0) (x2,1) (1,1) at the window's fraction."""
    w = settings[block][prop]
    frame = elapsed * 60
    if frame <= w["start"]:
        return 0.0
    if frame >= w["end"]:
        return 1.0
    return bezier(w["x1"], 0, w["x2"], 1, (frame - w["start"]) / (w["end"] - w["start"]))


def field_lines(text, measure):
    """The draft's lines in the field: greedy at spaces within 280 pt."""
    out, line = [], ""
    for word in text.split(" "):
        candidate = word if not line else line + " " + word
        if measure.width(candidate, 17) <= FIELD_WRAP:
            line = candidate
        else:
            out.append(line)
            line = word
    out.append(line)
    return out


def progress(case, kind, elapsed, mistake=None):
    """X, Y, S_w, S_h and the emoji's scale at `elapsed` seconds after the send (sections 3.2 and 3.5)."""
    settings_file = case.get("settings")
    if mistake == "linear":
        linear = min(max(elapsed / 0.3, 0), 1)
        return {"x": linear, "y": linear, "w": linear, "h": linear, "scale": linear}
    if settings_file and mistake != "shipped-for-settings":
        with open(ROOT / settings_file, encoding="utf-8") as handle:
            settings = json.load(handle)
        block = {"small": "smallMessage", "large": "bigMessage", "emoji": "singleEmoji"}[kind]
        if kind == "emoji":
            return {"x": window(settings, block, "xPosition", elapsed), "y": window(settings, block, "yPosition", elapsed),
                    "w": 1, "h": 1, "scale": window(settings, block, "emojiScale", elapsed)}
        shape = window(settings, block, "bubbleShape", elapsed)
        return {"x": window(settings, block, "xPosition", elapsed), "y": window(settings, block, "yPosition", elapsed),
                "w": shape, "h": shape, "scale": 1}
    h, v = shipped(H, elapsed, 0.3), shipped(V, elapsed, 0.3)
    if mistake == "x-on-v":
        h = v
    return {"x": h, "y": v, "w": h, "h": v, "scale": v}


def lerp(a, b, t):
    return a + (b - a) * t


def expected(case, measure, mistake=None):
    """The kind; R's edges (left, top, right, bottom, points), or for an emoji its box; and each earlier row's body
    (left, top, right, bottom) with its side, where it is at the case's time."""
    text = case["send"]
    at, time = case["at"], case["time"]
    lines = field_lines(text, measure)
    kind = case.get("kind") or ("emoji" if LAYOUT.is_emoji(text) else "large" if len(lines) > 5 else "small")
    # Section 3.1: the draft from max(at - 0.8, 0), the panel growing to 24 + 21 n (n at most 5) over 0.15 s.
    draft_start = max(at - 0.8, 0)
    grown = shipped(EASE, at - draft_start, 0.15)
    if mistake == "empty-field":
        grown = 0
    panel = 45 + (24 + 21 * min(len(lines), 5) - 45) * grown
    p = (42, 810 - panel + 6, 348, 810 - 6)
    messages = case.get("messages", []) + [{"side": "outgoing", "text": text, "time": "12:41"}]
    after = LAYOUT.expected({"messages": messages}, measure)
    final = after[-1]
    t = progress(case, kind, time - at, mistake)
    # Section 3.4: the rows above rise on Y from their places without the send, the list following the panel as it
    # returns from the field's height to 45 pt (bodies only: an emoji row's box stands in for its body).
    before = LAYOUT.expected({"messages": case.get("messages", [])}, measure) if case.get("messages") else []
    rest = 1 - (1 if mistake == "rows-at-rest" else t["y"])
    rows = []
    for old, new in zip(before, after):
        body_old, body_new = old.get("body", old.get("box")), new.get("body", new.get("box"))
        dy = (body_old[1] - body_new[1]) * rest - (panel - 45) * rest
        rows.append((new["side"], (body_new[0], body_new[1] + dy, body_new[2], body_new[3] + dy)))
    if kind == "emoji":
        box = final["box"]
        start = (55 + 8.5, p[1] + 5.5 + 10.5)
        centre = (lerp(start[0], (box[0] + box[2]) / 2, t["x"]), lerp(start[1], (box[1] + box[3]) / 2, t["y"]))
        size = lerp(17, 96, t["scale"])
        return kind, (centre[0] - size / 2, centre[1] - size / 2, centre[0] + size / 2, centre[1] + size / 2), rows
    b = final["body"]
    width, height = lerp(p[2] - p[0], b[2] - b[0], t["w"]), lerp(p[3] - p[1], b[3] - b[1], t["h"])
    left, bottom = lerp(p[0], b[0], t["x"]), lerp(p[3], b[3], t["y"])
    return kind, (left, bottom - height, left + width, bottom), rows


def over_black(image):
    """The golden composed over black: its light (the mean of the channels, 0 to 255)."""
    rgb = image[..., :3].astype(float) * (image[..., 3:4].astype(float) / 255)
    return rgb.mean(axis=2)


def measure_shape(light, shape):
    """R's four edges, each scanned in from 1.5 pt outside where the spec puts it to the first light pixel (the
    pill look, white, and the bubble look, green, together at least half there). The text copies are dark and
    may lie across an edge, so each edge is scanned along several lines and the outermost find is kept (text
    can only make an edge read further in): left and right on the rows within 3 pt of R's middle (where the
    corners' curve moves the edge by under 0.3 pt), top and bottom on the columns 17 pt or more inside its
    sides (past the corners and the tail)."""
    left, top, right, bottom = shape
    height, width = light.shape
    bright = lambda y, x: light[y, x] >= 128
    middle = (top + bottom) / 2
    rows = [y for y in range(int(middle - 3), int(middle + 3) + 1) if 0 <= y < height]
    columns = [x for x in range(int(left + 17), int(right - 17) + 1) if 0 <= x < width] or [int((left + right) / 2)]

    def scan(start, stop, step, at):
        position = start
        while position != stop and not at(position):
            position += step
        return position

    got_left = min(scan(max(int(math.floor(left - 1.5)), 0), width - 1, 1, lambda x: bright(y, x)) for y in rows)
    got_right = max(scan(min(int(math.floor(right + 1.5)), width - 1), 0, -1, lambda x: bright(y, x)) for y in rows) + 1
    got_top = min(scan(max(int(math.floor(top - 1.5)), 0), height - 1, 1, lambda y: bright(y, x)) for x in columns)
    got_bottom = max(scan(min(int(math.floor(bottom + 1.5)), height - 1), 0, -1, lambda y: bright(y, x)) for x in columns) + 1
    return [("left", got_left, left), ("top", got_top, top), ("right", got_right, right), ("bottom", got_bottom, bottom)]


def measure_emoji(image, case, box):
    """The glyph's ink (pixels of colour: channels over 60 levels apart, about half covered, as the time and checks, white, and
    the glass pill, black over the black wallpaper, are not) against its picture scaled to the box and
    centred in it: its left and top (its time pill, at the box's bottom-right, may hide the others)."""
    left, top, right, bottom = box
    size = right - left
    width, height, ink = LAYOUT.emoji_ink(case["send"])
    scale = size / width
    picture_top = top + (size - height * scale) / 2
    want_left, want_top = left + ink[0] * size, picture_top + ink[1] * size
    # The box and a margin.
    y0, y1 = max(int(top) - 4, 0), int(bottom) + 4
    x0, x1 = max(int(left) - 4, 0), int(right) + 4
    region = image[y0:y1, x0:x1, :3].astype(int)
    alpha = region.max(axis=2) - region.min(axis=2) > 60
    ys, xs = np.nonzero(alpha)
    if not len(xs):
        return [("emoji left", float("nan"), want_left)]
    got_left, got_top = x0 + xs.min(), y0 + ys.min()
    return [("emoji left", got_left, want_left), ("emoji top", got_top, want_top)]


def bubble_region(side, body, grow=1.5):
    """A body (points) and its tail's box beside its bottom corner on its side (-16.5 ... 18 pt across, 17 pt up),
    grown by `grow`: the pixels a bubble may touch, as (left, top, right, bottom) boxes."""
    left, top, right, bottom = body
    tail = (right - 16.5, bottom - 17, right + 18, bottom) if side == "outgoing" else (left - 18, bottom - 17, left + 16.5, bottom)
    return [(a - grow, b - grow, c + grow, d + grow) for a, b, c, d in (body, tail)]


def stray_pixels(case, image, kind, shape, rows):
    """Pixels outside every bubble's region that are not the wallpaper's one colour (within 6 levels)."""
    colour = np.array([int(case["colors"][0][i:i + 2], 16) for i in (1, 3, 5)])
    height, width = image.shape[:2]
    allowed = np.zeros((height, width), dtype=bool)
    regions = bubble_region("outgoing", shape) if kind != "emoji" else [(shape[0] - 1.5, shape[1] - 1.5, shape[2] + 1.5, shape[3] + 1.5)]
    for side, body in rows:
        regions += bubble_region(side, body)
    for left, top, right, bottom in regions:
        allowed[max(int(math.floor(top)), 0):max(int(math.ceil(bottom)), 0), max(int(math.floor(left)), 0):max(int(math.ceil(right)), 0)] = True
    off = (np.abs(image[..., :3].astype(int) - colour).max(axis=2) > 6) & ~allowed
    ys, xs = np.nonzero(off)
    return len(xs), list(zip(xs[:3].tolist(), ys[:3].tolist()))


def errors(case, image, mistake=None):
    """The largest edge error (points, infinite for a stray pixel) and what was measured."""
    measure = LAYOUT.Measure()
    kind, shape, rows = expected(case, measure, mistake)
    found = measure_emoji(image, case, shape) if kind == "emoji" else measure_shape(over_black(image), shape)
    worst, parts = 0.0, []
    for name, got, want in found:
        error = abs(got - want) if not math.isnan(got) else float("inf")
        worst = max(worst, error)
        parts.append(f"{name} {got:.1f}/{want:.1f}")
    if "colors" in case:
        count, first = stray_pixels(case, image, kind, shape, rows)
        parts.append(f"pixels off the wallpaper outside the bubbles {count}" + (f" (first at {first})" if count else ""))
        if count:
            worst = float("inf")
    return kind, worst, parts


MISTAKES = ["linear", "shipped-for-settings", "empty-field", "x-on-v", "rows-at-rest"]


def main(argv):
    if len(argv) != 3 or argv[0] not in ("check", "selftest"):
        print(__doc__)
        return 2
    from PIL import Image
    case = case_named(argv[1])
    image = np.asarray(Image.open(argv[2]).convert("RGBA"))
    if image.shape[1] != 390 or image.shape[0] != 844:
        print(f"{argv[2]}: the send goldens are 390x844 (1 px a point) -> FAIL")
        return 1
    if argv[0] == "selftest":
        measure = LAYOUT.Measure()
        def places(found):
            _, shape, rows = found
            return list(shape) + [value for _, body in rows for value in body]
        right = places(expected(case, measure))
        caught, tried = 0, 0
        for mistake in MISTAKES:
            if mistake == "rows-at-rest" and "colors" not in case:
                continue   # the rows above are measured only over a wallpaper of one colour
            wrong = places(expected(case, measure, mistake))
            if max(abs(a - b) for a, b in zip(right, wrong)) <= 2 * TOLERANCE:
                continue   # this mistake moves nothing here by much: it cannot be told apart at this instant
            tried += 1
            _, worst, _ = errors(case, image, mistake)
            refused = worst > TOLERANCE
            caught += refused
            print(f"{argv[2]}: R with {mistake}: largest error {worst:.2f} pt" + (" -> refused" if refused else " -> PASSED"))
        return 0 if caught == tried else 1
    kind, worst, parts = errors(case, image)
    verdict = "ok" if worst <= TOLERANCE else "FAIL"
    print(f"{argv[2]}: the {kind} send's moving shape measured against the spec (got/expected, pt): {'; '.join(parts)}; "
          f"largest error {worst:.2f} pt -> {verdict}")
    return 0 if worst <= TOLERANCE else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
