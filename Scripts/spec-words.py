#!/usr/bin/env python3
"""An independent check of the words goldens (words-*.png): the call
screen's title, status line, weak-signal pill and back button over the
gradient alone, 390x844 at one pixel a point (call-screen-elements, sections
1, 2, 3 and 7). It shares no code with callshade: the gradient comes from
spec-gradient.py, the text's metrics from Inter through Pillow (FreeType,
without HarfBuzz), the positions from the spec's numbers written out here.

  spec-words.py names          the goldens it knows
  spec-words.py check NAME FILE.png
      away from the words, the PNG must be the gradient (the parity rule, on
      every third pixel each way); each element's box (the pixels that differ
      from the gradient by more than 24 levels; 4 for the pill's glass) must
      be where the spec puts it, within 2 pixels. Exit 1 if not.

What each golden shows is written out here (palette, and the texts at its
instant in Goldens/cases.json); the palette must agree with that file, and a
golden changed on purpose changes it here too.
"""
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("spec_gradient", os.path.join(ROOT, "Scripts", "spec-gradient.py"))
gradient = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gradient)

INTER = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
WIDTH, HEIGHT = 390, 844
TOLERANCE = 2
# Title top: 39 pt under the avatar, whose top is floor(0.49 H) - 39 - 136 (call-visuals, section 2).
AVATAR_TOP = int(0.49 * HEIGHT) - 39 - 136
TITLE_TOP = AVATAR_TOP + 136 + 39

# name: (palette, title, status: ("waiting", label) | ("active", timer) | ("ended", timer),
#        seconds since the pill began to come in, or None)
GOLDENS = {
    "words-requesting": ("blue-violet", "Emma Walker", ("waiting", "Requesting"), None),
    "words-ringing-dots": ("blue-violet", "Emma Walker", ("waiting", "Ringing"), None),
    "words-active-0-07-two-bars": ("blue-green", "Emma Walker", ("active", "0:07"), None),
    "words-weak-pill-halfway": ("orange-red", "Emma Walker", ("active", "0:08"), 0.15),
    "words-ended-line-busy": ("blue-violet", "Line Busy", ("ended", "0:10"), None),
}


def bouncy(elapsed, duration=0.5):
    """The spec's bouncy spring (mass 5, stiffness 900, damping 88) released
    from 0 at rest, its natural 0.8 s run in `duration`."""
    import math
    omega = math.sqrt(900 / 5)
    zeta = 88 / (2 * math.sqrt(900 * 5))
    damped = omega * math.sqrt(1 - zeta * zeta)
    t = min(max(elapsed, 0), duration) / duration * 0.8
    return 1 - math.exp(-zeta * omega * t) * (math.cos(damped * t) + zeta * omega / damped * math.sin(damped * t))


# Pillow rounds metrics to whole pixels: they are read at 64 times the size
# and divided, which gives the outline's own extents to 1/64 pixel.
OVERSIZE = 64


class Font:
    def __init__(self, size, path=INTER):
        from PIL import ImageFont
        self.size = size
        self.face = ImageFont.truetype(path, size * OVERSIZE)

    def getmetrics(self):
        ascent, descent = self.face.getmetrics()
        return ascent / OVERSIZE, descent / OVERSIZE

    def getlength(self, text):
        return self.face.getlength(text) / OVERSIZE

    def getbbox(self, text):
        return tuple(value / OVERSIZE for value in self.face.getbbox(text, anchor="ls"))


def font(size):
    return Font(size)


def line_height(size):
    ascent, descent = font(size).getmetrics()
    return ascent + descent


def ink(text, size, left, top):
    """The ink box of `text` set with its line box's top-left at (left, top)."""
    face = font(size)
    ascent, _ = face.getmetrics()
    x0, y0, x1, y1 = face.getbbox(text)
    return (left + x0, top + ascent + y0, left + x1, top + ascent + y1)


def expected_boxes(title, status, pill):
    """Each element's box as the spec places it: (name, (left, top, right, bottom), rows it owns)."""
    boxes = []
    title_width = font(28).getlength(title)
    boxes.append(("title", ink(title, 28, (WIDTH - title_width) / 2, TITLE_TOP)))
    status_top = TITLE_TOP + line_height(28) + 4
    kind, text = status
    width = font(16).getlength(text)
    middle = status_top + line_height(16) / 2
    if kind == "waiting":
        # The label, 6 pt, then three dots 5 pt across, 1 pt apart (17 x 5), centred as a group.
        left = (WIDTH - (width + 6 + 17)) / 2
        label = ink(text, 16, left, status_top)
        boxes.append(("status", (label[0], min(label[1], middle - 2.5), left + width + 6 + 17, max(label[3], middle + 2.5))))
    elif kind == "active":
        # Signal bars 18 x 12 centred on the text's line, 7 pt, then the timer.
        left = (WIDTH - (18 + 7 + width)) / 2
        timer = ink(text, 16, left + 25, status_top)
        boxes.append(("status", (left, min(timer[1], middle - 6), timer[2], max(timer[3], middle + 6))))
    else:
        boxes.append(("status", ink(text, 16, (WIDTH - width) / 2, status_top)))
    if pill is not None:
        # Scaled about its centre by the bouncy spring from 0.001.
        scale = 0.001 + 0.999 * bouncy(pill)
        pill_top = status_top + line_height(16) + 12
        half_width = (font(16).getlength("Weak network signal") + 22) / 2 * scale
        middle = pill_top + 15
        boxes.append(("pill", (WIDTH / 2 - half_width, middle - 15 * scale, WIDTH / 2 + half_width, middle + 15 * scale)))
    # The back button: the chevron's ink at (10, safe top 47 + 12).
    boxes.append(("back", (10, 59, None, None)))
    return boxes


def phone_frame(path, stale):
    """The golden's RGB pixels, once the oracle's tables agree with what
    they copy (`stale` lists where they do not) and it is WIDTH x HEIGHT;
    else None, having printed why it fails."""
    from PIL import Image
    if stale:
        print(f"{path}: " + "; ".join(stale) + "; update the oracle's table -> FAIL")
        return None
    image = Image.open(path).convert("RGB")
    if image.size != (WIDTH, HEIGHT):
        print(f"{path}: {image.size[0]}x{image.size[1]}, not {WIDTH}x{HEIGHT} -> FAIL")
        return None
    return image.load()


def check(name, path):
    palette, title, status, pill = GOLDENS[name]
    pixels = phone_frame(path, case_disagreements({name: {"fixture": "words", "palette": palette, "phase": 0.0, "oracle": "spec-words"}}))
    if pixels is None:
        return False
    boxes = expected_boxes(title, status, pill)
    # The rows each element owns: from its box's top to the next element's.
    bands = {"back": (40, 120), "title": (TITLE_TOP - 10, TITLE_TOP + line_height(28)),
             "status": (TITLE_TOP + line_height(28), TITLE_TOP + line_height(28) + 4 + line_height(16) + 6),
             "pill": (TITLE_TOP + line_height(28) + 4 + line_height(16) + 6, TITLE_TOP + 140)}
    changed = {element: None for element in bands}
    worst = over_one = counted = 0
    for y in range(HEIGHT):
        for x in range(WIDTH):
            want = gradient.pixel(palette, 0.0, WIDTH, HEIGHT, x, y) if (x % 3 == 0 and y % 3 == 0) else None
            owner = next((element for element, (low, high) in bands.items() if low <= y < high), None)
            if owner is None:
                if want is None:
                    continue
            elif want is None:
                want = gradient.pixel(palette, 0.0, WIDTH, HEIGHT, x, y)
            have = pixels[x, y]
            delta = max(abs(round(w) - h) for w, h in zip(want, have))
            # Glass at half opacity moves the gradient by a few levels only.
            if owner is not None and delta > (4 if owner == "pill" else 24):
                box = changed[owner]
                # Right and bottom exclusive, as Pillow's boxes are.
                changed[owner] = (x, y, x + 1, y + 1) if box is None else (min(box[0], x), min(box[1], y), max(box[2], x + 1), max(box[3], y + 1))
            if owner is None or delta <= 24:
                if x % 3 == 0 and y % 3 == 0 and owner is None:
                    counted += 1
                    worst = max(worst, delta)
                    over_one += delta > 1
    ok = gradient.within_parity(worst, over_one, counted)
    notes = [f"gradient away from the words: max |delta| {worst}, {over_one} of {counted} sampled pixels over 1"]
    for element, want in boxes:
        got = changed.get(element)
        if got is None:
            notes.append(f"{element}: nothing drawn")
            ok = False
            continue
        sides = [(side, w, g) for side, w, g in zip(("left", "top", "right", "bottom"), want, got) if w is not None]
        off = [(side, round(w, 1), g) for side, w, g in sides if abs(w - g) > TOLERANCE]
        notes.append(f"{element} at {got[0]},{got[1]}-{got[2]},{got[3]}" + (f" (wanted {off})" if off else ""))
        ok = ok and not off
    print(f"{path}: " + "; ".join(notes) + (" -> ok" if ok else " -> FAIL"))
    return ok


def case_disagreements(expected):
    """Where Goldens/cases.json no longer lists a golden as an oracle's table
    assumes: `expected` maps each name to the fields it must have (tags
    compared as sets). Empty when they agree."""
    import json
    with open(os.path.join(ROOT, "Goldens", "cases.json"), encoding="utf-8") as file:
        cases = {case["name"]: case for case in json.load(file)["cases"]}
    problems = []
    for name, fields in expected.items():
        case = cases.get(name)
        if case is None:
            problems.append(f"Goldens/cases.json lists no {name}")
            continue
        for key, want in fields.items():
            got = case.get(key)
            if key == "tags" and isinstance(want, (list, tuple, set)) and isinstance(got, list):
                got, want = sorted(got), sorted(want)
            if got != want:
                problems.append(f"Goldens/cases.json: {name}'s {key} is {got!r}, this script assumes {want!r}")
    return problems


def command(argv, goldens, check, usage):
    """An oracle's command line: `names`, or `check NAME FILE` (exit 1 when it fails), else `usage` and exit 2."""
    if argv[:1] == ["names"]:
        print("\n".join(goldens))
        return 0
    if len(argv) == 3 and argv[0] == "check" and argv[1] in goldens:
        return 0 if check(argv[1], argv[2]) else 1
    print(usage.strip(), file=sys.stderr)
    return 2


def main(argv):
    return command(argv, GOLDENS, check, __doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
