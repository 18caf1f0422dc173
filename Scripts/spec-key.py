#!/usr/bin/env python3
"""An independent check of the key goldens (key-*.png): the emoji key's
tooltip growing in, the expanded key's panel, the buttons with mute
selected and two notices, each over the gradient alone (blue-violet, phase
0), 390x844 at one pixel a point (call-screen-elements, sections 4, 5, 6).
It shares no code with callshade: the gradient and the glass's tone come
from spec-gradient.py, text metrics from Inter through Pillow (FreeType,
without HarfBuzz), the emoji's ink from Noto Color Emoji through Pillow,
the positions and curves from the spec's numbers written out here.

  spec-key.py names          the goldens it knows
  spec-key.py check NAME FILE.png
      - away from the elements the PNG must be the gradient (the parity
        rule, on every third pixel each way);
      - each glass shape's box (the pixels that differ from the gradient by
        more than 4 levels) must be where the spec puts it, within 2
        pixels, and inside it, away from its content and corners, it must be
        the toned gradient (mixed by the glass's opacity) within 3 levels
        (the 10 pt blur moves a smooth gradient by about a level);
      - each text's and the emoji's box (the pixels that differ from what is
        below them by more than 24 levels) must be where the spec puts it,
        within 2 pixels;
      - the selected mute button's rim is white, its cut-out icon shows
        the glass, and the end button is #FF3B30.
      Exit 1 if not.

What each golden shows follows from Goldens/scenarios/key.json (the
scenario the tests draw them from) and Goldens/cases.json; the tables here
state what they assume of both and fail, naming the field, where either
says otherwise: a golden changed on purpose changes them here too.
"""
import importlib.util
import math
import os
import sys

SCRIPTS = os.path.dirname(os.path.abspath(__file__))


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(SCRIPTS, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gradient = load("spec_gradient", "spec-gradient.py")
words = load("spec_words", "spec-words.py")
foreground = load("spec_foreground", "spec-foreground.py")

INTER_SEMIBOLD = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
EMOJI = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
EMOJI_STRIKE = 109  # the one size of Noto Color Emoji's bitmaps
WIDTH, HEIGHT = 390, 844
PALETTE = "blue-violet"
TOLERANCE = 2
SAFE_TOP, SAFE_BOTTOM = 47, 34
NAME = "Emma Walker"
KEY = "\U0001F34B\U0001F98A\U0001F43C\U0001F680"  # lemon, fox, panda, rocket

# name: what it shows, and for an animated element the seconds since it began to come in.
GOLDENS = {
    "key-tooltip-halfway": ("tooltip", 0.07),
    "key-panel-open": ("panel", None),
    "key-buttons-mute-selected": ("buttons", None),
    "key-notices-two-high": ("notices", None),
}


def text_width(text, size, path=words.INTER):
    return words.Font(size, path).getlength(text)


def line_height(size, path=words.INTER):
    ascent, descent = words.Font(size, path).getmetrics()
    return ascent + descent


def ink(text, size, left, top, path=words.INTER):
    """The ink box of `text` with its line box's top-left at (left, top)."""
    face = words.Font(size, path)
    ascent, _ = face.getmetrics()
    x0, y0, x1, y1 = face.getbbox(text)
    return (left + x0, top + ascent + y0, left + x1, top + ascent + y1)


def emoji_ink(size):
    """The key's ink (its pictures' non-transparent pixels) at `size` points:
    (left, top, right, bottom) from the pen's start on the line's top."""
    from PIL import Image, ImageDraw, ImageFont
    face = ImageFont.truetype(EMOJI, EMOJI_STRIKE)
    canvas = Image.new("RGBA", (8 * EMOJI_STRIKE, 2 * EMOJI_STRIKE))
    ImageDraw.Draw(canvas).text((0, 0), KEY, font=face, embedded_color=True)
    left, top, right, bottom = canvas.getbbox()
    factor = size / EMOJI_STRIKE
    return (left * factor, top * factor, right * factor, bottom * factor)


def scaled(box, anchor, scale):
    ax, ay = anchor
    return (ax + (box[0] - ax) * scale, ay + (box[1] - ay) * scale, ax + (box[2] - ax) * scale, ay + (box[3] - ay) * scale)


def grown(box, by):
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def union(boxes):
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def wrapped(text, size, limit):
    """`text` broken at spaces into lines no wider than `limit`."""
    lines, current = [], []
    for word in text.split(" "):
        if current and text_width(" ".join(current + [word]), size) > limit:
            lines.append(" ".join(current))
            current = []
        current.append(word)
    return lines + [" ".join(current)]


class Layout:
    """What a golden should show: glass shapes (name, box, opacity, corner
    radius, the box of its body: below its arrow), contents (name, box, its
    opacity) and the places where neither is checked pixel by pixel (icons,
    the key fading in)."""

    def __init__(self):
        self.glasses = []
        self.contents = []
        self.skipped = []
        self.special = []


def tooltip_layout(elapsed):
    layout = Layout()
    scale = 0.001 + 0.999 * words.bouncy(elapsed, 0.5)
    alpha = foreground.ease_in_out(elapsed / 0.2)
    left, top, right, bottom = emoji_ink(15)
    key = (378 - (right - left), 59, 378, 59 + (bottom - top))
    # The key fades in over 0.3 s: too faint yet to measure; its place is left out.
    layout.skipped.append(grown(key, 3))
    tip = ((key[0] + key[2]) / 2, key[3] + 8)
    width, height = text_width("Encryption key of this call", 15) + 24, line_height(15) + 20
    body = (378 - width, tip[1] + 8, 378, tip[1] + 8 + height)
    layout.glasses.append(("tooltip", scaled((body[0], tip[1], body[2], body[3]), tip, scale), alpha, 14 * scale, scaled(body, tip, scale)))
    text = ink("Encryption key of this call", 15, body[0] + 12, body[1] + 10)
    layout.contents.append(("tooltip text", scaled(text, tip, scale), alpha))
    return layout


def panel_layout():
    layout = Layout()
    width = min(WIDTH - 88, 400)
    left, top = (WIDTH - width) / 2, SAFE_TOP + 73
    body = wrapped(f"If the emoji on {NAME}'s screen are the same, this call is 100% secure.", 16, width - 32)
    height = 78 + line_height(16, INTER_SEMIBOLD) + 10 + len(body) * line_height(16) + 22 + 1 + 56
    layout.glasses.append(("panel", (left, top, left + width, top + height), 1.0, 18, (left, top, left + width, top + height)))
    # The emoji's row: centred, its top at safeTop + 93, 40 pt.
    e = emoji_ink(40)
    layout.contents.append(("emoji row", (WIDTH / 2 - (e[2] - e[0]) / 2, SAFE_TOP + 93, WIDTH / 2 + (e[2] - e[0]) / 2,
                                          SAFE_TOP + 93 + (e[3] - e[1])), 1.0))
    y = top + 78
    title = "This call is end-to-end encrypted"
    layout.contents.append(("title", ink(title, 16, (WIDTH - text_width(title, 16, INTER_SEMIBOLD)) / 2, y, INTER_SEMIBOLD), 1.0))
    y += line_height(16, INTER_SEMIBOLD) + 10
    boxes = []
    for line in body:
        boxes.append(ink(line, 16, (WIDTH - text_width(line, 16)) / 2, y))
        y += line_height(16)
    layout.contents.append(("explanation", union(boxes), 1.0))
    y += 22
    # The separator (white at a quarter, my choice where the spec gives none) is not measured.
    layout.skipped.append((left, y - 1, left + width, y + 2))
    y += 1
    ok_top = y + (56 - line_height(19, INTER_SEMIBOLD)) / 2
    layout.contents.append(("OK", ink("OK", 19, (WIDTH - text_width("OK", 19, INTER_SEMIBOLD)) / 2, ok_top, INTER_SEMIBOLD), 1.0))
    return layout


def buttons_layout():
    layout = Layout()
    top = HEIGHT - SAFE_BOTTOM - 52 - 56
    for index, label in enumerate(["speaker", "video", "mute", "end"]):
        left = (WIDTH - (4 * 56 + 3 * 36)) / 2 + index * (56 + 36)
        circle = (left, top, left + 56, top + 56)
        if label == "end":
            layout.contents.append(("end disc", circle, 1.0))
            layout.special.append(("end", circle))
        else:
            layout.glasses.append((f"{label} circle", circle, 1.0, 28, circle))
            layout.special.append((label, circle))
        # The icons are Material Icons' ligatures, which Pillow does not set: their place is left out.
        layout.skipped.append(grown((left + 6, top + 6, left + 50, top + 50), 0))
        width = text_width(label, 13)
        layout.contents.append((f"{label} label", ink(label, 13, left + 28 - width / 2, top + 56 + 4), 1.0))
    return layout


def notices_layout():
    layout = Layout()
    bottom = HEIGHT - SAFE_BOTTOM - 52 - 56 - 16
    for text in ["Your microphone is off", f"{NAME}'s battery level is low"]:
        width = 4 + 22 + 4 + text_width(text, 15) + 12
        left = (WIDTH - width) / 2
        box = (left, bottom - 30, left + width, bottom)
        layout.glasses.append((f"notice '{text}'", box, 1.0, 15, box))
        layout.skipped.append((left + 4, bottom - 26, left + 26, bottom - 4))
        layout.contents.append((f"'{text}'", ink(text, 15, left + 30, bottom - 15 - line_height(15) / 2), 1.0))
        bottom -= 30 + 8
    return layout


def layout_of(name):
    kind, elapsed = GOLDENS[name]
    return {"tooltip": lambda: tooltip_layout(elapsed), "panel": panel_layout, "buttons": buttons_layout,
            "notices": notices_layout}[kind]()


def delta(want, have):
    """The largest per-channel difference, levels."""
    return max(abs(round(w) - h) for w, h in zip(want, have))


def box_of(region, test):
    """The box (right and bottom exclusive) of the pixels of `region` that pass `test`, or None."""
    found = None
    for y in range(max(0, math.floor(region[1])), min(HEIGHT, math.ceil(region[3]))):
        for x in range(max(0, math.floor(region[0])), min(WIDTH, math.ceil(region[2]))):
            if test(x, y):
                found = (x, y, x + 1, y + 1) if found is None else (min(found[0], x), min(found[1], y),
                                                                     max(found[2], x + 1), max(found[3], y + 1))
    return found


def compare(notes, label, want, got):
    """Whether box `got` lies within TOLERANCE of `want` on every side; says so in `notes`."""
    if got is None:
        notes.append(f"{label}: nothing drawn")
        return False
    off = [(side, round(w, 1), g) for side, w, g in zip(("left", "top", "right", "bottom"), want, got) if abs(w - g) > TOLERANCE]
    notes.append(f"{label} at {got[0]},{got[1]}-{got[2]},{got[3]}" + (f" (wanted {off})" if off else ""))
    return not off


def depth_in(box, radius, x, y):
    """How far pixel (x, y)'s centre lies inside the rounded rectangle `box` (corners of `radius`): negative outside."""
    radius = min(radius, (box[2] - box[0]) / 2, (box[3] - box[1]) / 2)
    qx = abs(x + 0.5 - (box[0] + box[2]) / 2) - ((box[2] - box[0]) / 2 - radius)
    qy = abs(y + 0.5 - (box[1] + box[3]) / 2) - ((box[3] - box[1]) / 2 - radius)
    return -(math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius)


def inside(box, x, y):
    """Whether pixel (x, y)'s centre lies in `box`."""
    return box[0] <= x + 0.5 < box[2] and box[1] <= y + 0.5 < box[3]


FIXTURE = os.path.join(os.path.dirname(SCRIPTS), "Goldens", "scenarios", "key.json")
# What this table assumes of the scenario the goldens are drawn from (the tests read the same file).
FIXTURE_FACTS = {
    "name": "Emma Walker",
    "key": "\U0001F34B\U0001F98A\U0001F43C\U0001F680",
    "events": [{"at": 0, "state": "ringing"}, {"at": 1, "state": "active"}, {"at": 3, "tap": "key"},
               {"at": 4.5, "tap": "panel"}, {"at": 5, "muted": True}, {"at": 6, "remoteBatteryLow": True}],
}
# What it assumes of each golden's case in Goldens/cases.json.
CASES = {
    "key-tooltip-halfway": {"fixture": "key", "time": 1.07, "tags": ["background", "key", "tooltip"]},
    "key-panel-open": {"fixture": "key", "time": 4, "tags": ["background", "key", "panel"]},
    "key-buttons-mute-selected": {"fixture": "key", "time": 5.5, "tags": ["background", "buttons"]},
    "key-notices-two-high": {"fixture": "key", "time": 7, "tags": ["background", "notices"]},
}


def fixture_mismatches():
    import json
    with open(FIXTURE, encoding="utf-8") as file:
        scenario = json.load(file)
    stale = [f"{os.path.relpath(FIXTURE)}: {field} is {scenario.get(field)!r}, not {fact!r}"
             for field, fact in FIXTURE_FACTS.items() if scenario.get(field) != fact]
    return stale + words.case_disagreements(CASES)


def check(name, path):
    pixels = words.phone_frame(path, fixture_mismatches())
    if pixels is None:
        return False
    layout = layout_of(name)
    notes, ok = [], True

    def background(x, y):
        return gradient.pixel(PALETTE, 0.0, WIDTH, HEIGHT, x, y)

    def glass_at(x, y):
        """The glass whose box holds (x, y), as (name, box, opacity, radius), if any."""
        return next((glass for glass in layout.glasses if inside(grown(glass[1], 0.5), x, y)), None)

    def below(x, y):
        """What a content's pixel lies on: the glass mixed over the gradient by its opacity, or the gradient."""
        plain = background(x, y)
        glass = glass_at(x, y)
        if glass is None:
            return plain
        toned = gradient.pixel(PALETTE, 0.0, WIDTH, HEIGHT, x, y, toned=True)
        return tuple(p + (t - p) * glass[2] for p, t in zip(plain, toned))


    def elsewhere(x, y, boxes):
        return not any(inside(grown(b, 2), x, y) for b in boxes)

    others = [b for _, b, _ in layout.contents] + layout.skipped
    # Glass: its box (its content and what is left out set aside), and its interior away from its content, corners and edge.
    for label, box, opacity, radius, body in layout.glasses:
        got = box_of(grown(box, 8), lambda x, y: elsewhere(x, y, others) and delta(background(x, y), pixels[x, y]) > 4)
        ok = compare(notes, label, box, got) and ok
        band = (body[0] + max(radius, 3), body[1] + 3, body[2] - max(radius, 3), body[3] - 3)
        worst = 0
        for y in range(math.ceil(band[1]), math.floor(band[3])):
            for x in range(math.ceil(band[0]), math.floor(band[2])):
                if any(inside(grown(b, 3), x, y) for _, b, _ in layout.contents) or any(inside(grown(b, 2), x, y) for b in layout.skipped):
                    continue
                worst = max(worst, delta(below(x, y), pixels[x, y]))
        notes.append(f"{label} interior: max |delta| {worst} from the toned gradient")
        ok = ok and worst <= 3

    # Contents: the pixels that stand out from what is below them (by 24 levels times their opacity), on
    # glass only inside it (its edge stands out from the gradient too).
    for label, box, opacity in layout.contents:
        region = grown(box, 6)
        glass = next((g for g in layout.glasses if inside(grown(g[4], 0.5), (box[0] + box[2]) / 2, (box[1] + box[3]) / 2)), None)
        threshold = max(4, 24 * opacity)
        if glass is None or label == "end disc":
            got = box_of(region, lambda x, y: delta(below(x, y), pixels[x, y]) > threshold)
        else:
            # Two pixels or more inside the glass's body, whose edge is left out.
            got = box_of(region, lambda x, y: depth_in(glass[4], glass[3], x, y) >= 2 and delta(below(x, y), pixels[x, y]) > threshold)
        ok = compare(notes, label, box, got) and ok

    # Buttons: the selected mute's white rim and its cut-out, the red end disc, the plain glass rims.
    for label, circle in layout.special:
        cx, cy = (circle[0] + circle[2]) / 2, (circle[1] + circle[3]) / 2
        ring = [(x, y) for y in range(int(circle[1]), int(circle[3])) for x in range(int(circle[0]), int(circle[2]))
                if 24 <= math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= 26.5]
        centre = [(x, y) for y in range(int(circle[1]), int(circle[3])) for x in range(int(circle[0]), int(circle[2]))
                  if math.hypot(x + 0.5 - cx, y + 0.5 - cy) <= 16]
        if label == "mute":
            white = sum(all(c >= 250 for c in pixels[x, y]) for x, y in ring)
            glass = sum(delta(below(x, y), pixels[x, y]) <= 6 for x, y in centre)
            notes.append(f"mute: {white} of {len(ring)} rim pixels white, {glass} of {len(centre)} middle pixels glass")
            ok = ok and white == len(ring) and glass >= 0.1 * len(centre)
        elif label == "end":
            worst = max(delta((255, 59, 48), pixels[x, y]) for x, y in ring)
            notes.append(f"end rim: max |delta| {worst} from #FF3B30")
            ok = ok and worst <= 2
        else:
            worst = max(delta(below(x, y), pixels[x, y]) for x, y in ring)
            notes.append(f"{label} rim: max |delta| {worst} from the glass")
            ok = ok and worst <= 3

    # Away from everything: the gradient.
    everything = [grown(box, 3) for _, box, _, _, _ in layout.glasses] + [grown(box, 3) for _, box, _ in layout.contents] \
        + [grown(box, 3) for box in layout.skipped]
    ok = gradient_elsewhere(pixels, everything, PALETTE, notes) and ok
    print(f"{path}: " + "; ".join(notes) + (" -> ok" if ok else " -> FAIL"))
    return ok


def gradient_elsewhere(pixels, excluded, palette, notes):
    """Every third pixel each way outside the boxes `excluded` must be the
    gradient at phase 0 under the parity rule; the finding goes first in `notes`."""
    worst = over_one = counted = 0
    for y in range(0, HEIGHT, 3):
        for x in range(0, WIDTH, 3):
            if any(inside(box, x, y) for box in excluded):
                continue
            want = gradient.pixel(palette, 0.0, WIDTH, HEIGHT, x, y)
            difference = max(abs(round(w) - h) for w, h in zip(want, pixels[x, y]))
            counted += 1
            worst = max(worst, difference)
            over_one += difference > 1
    notes.insert(0, f"gradient elsewhere: max |delta| {worst}, {over_one} of {counted} sampled pixels over 1")
    return gradient.within_parity(worst, over_one, counted)


def main(argv):
    return words.command(argv, GOLDENS, check, __doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
