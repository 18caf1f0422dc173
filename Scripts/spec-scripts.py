#!/usr/bin/env python3
"""An independent check of the title goldens in the world's scripts
(title-script-*.png): a name in a script Inter lacks, alone over the
blue-green gradient at phase 0, 390x844 at one pixel a point
(call-screen-elements, section 1). It shares no code with callshade: the
gradient comes from spec-gradient.py, the title's line box from Inter's
metrics through Pillow, and the name's ink from Pillow's own layout (libraqm:
FriBidi and HarfBuzz, without callshade's runs) in the face written out here
for each golden, the one fontconfig ranks first for the script on Debian 12.

  spec-scripts.py names          the goldens it knows
  spec-scripts.py check NAME FILE.png
      away from the title the PNG must be the gradient (the parity rule, on
      every third pixel each way); the title's ink (the pixels more than 24
      levels from the gradient) must lie inside its line box (top 413, as
      tall as Inter's line at 28 pt), its box must be where Pillow's layout
      of the name puts it, centred, within 2 pixels, and its pixels must be
      Pillow's glyphs: at most 5 % of the ink on either side more than a
      pixel from the other's. Exit 1 if not.

The names must be those Goldens/cases.json gives the goldens; a golden
changed on purpose changes it here too.
"""
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("spec_words", os.path.join(ROOT, "Scripts", "spec-words.py"))
words = importlib.util.module_from_spec(spec)
spec.loader.exec_module(words)
gradient = words.gradient

WIDTH, HEIGHT = words.WIDTH, words.HEIGHT
TITLE_TOP = words.TITLE_TOP
TOLERANCE = 2
NOTO = "/usr/share/fonts/truetype/noto/"
CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
INTER = words.INTER

# name: (title, [(characters, font file, face index)]): which face draws
# which characters (the first that has them; spaces and Latin are Inter's).
# The collection's faces: 0 Japanese, 1 Korean, 2 Simplified Chinese.
GOLDENS = {
    "title-script-chinese": ("王小明", [(None, CJK, 2)]),
    "title-script-japanese": ("佐藤 さくら", [("佐藤", CJK, 0), (" ", INTER, 0), ("さくら", CJK, 0)]),
    "title-script-korean": ("김민준", [(None, CJK, 1)]),
    "title-script-hindi": ("अनन्या शर्मा", [("अनन्या", NOTO + "NotoSansDevanagari-Regular.ttf", 0), (" ", INTER, 0),
                                             ("शर्मा", NOTO + "NotoSansDevanagari-Regular.ttf", 0)]),
    "title-script-bengali": ("সৌমিত্র", [(None, NOTO + "NotoSansBengali-Regular.ttf", 0)]),
    "title-script-thai": ("สมชาย ใจดี", [("สมชาย", NOTO + "NotoSansThai-Regular.ttf", 0), (" ", INTER, 0),
                                          ("ใจดี", NOTO + "NotoSansThai-Regular.ttf", 0)]),
    # Right to left: the pieces are listed as they are drawn, left to right.
    "title-script-arabic": ("محمد علي", [("علي", DEJAVU, 0), (" ", INTER, 0), ("محمد", DEJAVU, 0)]),
    "title-script-hebrew": ("דוד לוי", [("לוי", DEJAVU, 0), (" ", INTER, 0), ("דוד", DEJAVU, 0)]),
    "title-script-latin-arabic": ("Anna آنا", [("Anna ", INTER, 0), ("آنا", DEJAVU, 0)]),
}

SIZE = 28
OVERSIZE = 8


def pieces(name):
    title, parts = GOLDENS[name]
    return [(title if text is None else text, path, index) for text, path, index in parts]


def layout(name):
    """The title's pieces as Pillow lays them out, left to right from the
    pen at 0 on the baseline: [(text, font, x)], and the whole advance."""
    from PIL import ImageFont
    placed = []
    pen = 0.0
    for text, path, index in pieces(name):
        face = ImageFont.truetype(path, SIZE * OVERSIZE, index=index, layout_engine=ImageFont.Layout.RAQM)
        placed.append((text, face, pen))
        pen += face.getlength(text) / OVERSIZE
    return placed, pen


def expected_mask(name):
    """Pillow's picture of the title where the spec puts it: the set of
    pixels its glyphs cover by more than 24 levels' worth of white, and the
    line box's rows."""
    from PIL import Image, ImageDraw
    ascent, descent = words.font(SIZE).getmetrics()
    baseline = TITLE_TOP + ascent
    placed, width = layout(name)
    left = (WIDTH - width) / 2
    canvas = Image.new("L", (WIDTH * OVERSIZE, HEIGHT * OVERSIZE), 0)
    draw = ImageDraw.Draw(canvas)
    for text, face, x in placed:
        draw.text(((left + x) * OVERSIZE, baseline * OVERSIZE), text, font=face, fill=255, anchor="ls")
    small = canvas.resize((WIDTH, HEIGHT), Image.BOX)
    # White over the gradient moves a pixel by its coverage times the gap to white: about 0.3 of full ink or more.
    pixels = small.load()
    mask = {(x, y) for y in range(int(TITLE_TOP) - 12, int(TITLE_TOP + ascent + descent) + 12) for x in range(WIDTH)
            if pixels[x, y] > 96}
    return mask, (TITLE_TOP, TITLE_TOP + ascent + descent)


def near(point, cloud):
    x, y = point
    return any((x + dx, y + dy) in cloud for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def check(name, path):
    case = {"fixture": "title", "title": GOLDENS[name][0], "palette": "blue-green", "phase": 0.0, "oracle": "spec-scripts"}
    pixels = words.phone_frame(path, words.case_disagreements({name: case}))
    if pixels is None:
        return False
    want, (box_top, box_bottom) = expected_mask(name)
    band = (int(box_top) - 12, int(box_bottom) + 12)
    ink = set()
    worst = over_one = counted = 0
    for y in range(HEIGHT):
        in_band = band[0] <= y < band[1]
        for x in range(WIDTH):
            sampled = x % 3 == 0 and y % 3 == 0
            if not (in_band or sampled):
                continue
            expected = gradient.pixel("blue-green", 0.0, WIDTH, HEIGHT, x, y)
            delta = max(abs(round(w) - h) for w, h in zip(expected, pixels[x, y]))
            if in_band and delta > 24:
                ink.add((x, y))
            elif not in_band:
                counted += 1
                worst = max(worst, delta)
                over_one += delta > 1
    ok = gradient.within_parity(worst, over_one, counted)
    notes = [f"gradient away from the title: max |delta| {worst}, {over_one} of {counted} sampled pixels over 1"]
    if not ink:
        print(f"{path}: " + "; ".join(notes + ["the title: nothing drawn"]) + " -> FAIL")
        return False
    xs, ys = [p[0] for p in ink], [p[1] for p in ink]
    got = (min(xs), min(ys), max(xs) + 1, max(ys) + 1)
    inside = got[1] >= int(box_top) and got[3] <= box_bottom + 1
    notes.append(f"ink rows {got[1]}-{got[3]} in the line box {box_top:.1f}-{box_bottom:.1f}" + ("" if inside else " (outside)"))
    ok = ok and inside
    wxs, wys = [p[0] for p in want], [p[1] for p in want]
    wanted = (min(wxs), min(wys), max(wxs) + 1, max(wys) + 1)
    off = [(side, w, g) for side, w, g in zip(("left", "top", "right", "bottom"), wanted, got) if abs(w - g) > TOLERANCE]
    notes.append(f"title at {got[0]},{got[1]}-{got[2]},{got[3]}" + (f" (wanted {off})" if off else ""))
    ok = ok and not off
    stray = sum(not near(p, want) for p in ink) / len(ink)
    lacking = sum(not near(p, ink) for p in want) / len(want)
    notes.append(f"{stray:.1%} of the ink away from Pillow's glyphs, {lacking:.1%} of theirs not drawn")
    ok = ok and stray <= 0.05 and lacking <= 0.05
    print(f"{path}: " + "; ".join(notes) + (" -> ok" if ok else " -> FAIL"))
    return ok


def main(argv):
    return words.command(argv, GOLDENS, check, __doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
