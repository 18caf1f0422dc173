#!/usr/bin/env python3
"""An independent check of the rating goldens (rating-*.png): the rating
panel and its Close button, the stars filling, the sparkle burst and the
full-screen effect, each over the gradient alone (blue-violet, phase 0),
390x844 at one pixel a point (call-screen-elements, section 8, and the
Docs' numbers where the section leaves room). It shares no code with
callshade: the gradient and the glass's tone come from spec-gradient.py,
text and icon metrics from Inter and Material Icons through Pillow (FreeType
with Raqm for the icons' ligatures), the counter-based generator and the
particles' and sparkles' rules written out here.

  spec-rating.py names          the goldens it knows
  spec-rating.py check NAME FILE.png
      - away from the elements the PNG must be the gradient (the parity
        rule, on every third pixel each way);
      - rating-panel: the panel's and the Close button's glass boxes within 2
        pixels, the title's and the text's ink, the five outlines' ink; the
        Close button's fill white right of its draining edge, glass left of it;
      - rating-stars-filling-three: stars 1 to 3 filled and pulsing (their
        ink boxes scaled by the pulse), 4 and 5 outlines;
      - rating-burst: a pixel at every sparkle's centre brighter than the
        glass, and nothing of the burst outside the panel;
      - rating-effect-*: every pixel that differs from the gradient lies in
        a particle's box; at every white particle's centre (at least 3
        pixels across, half opaque) the pixel is lighter than the gradient.
      Exit 1 if not.

What each golden shows follows from Goldens/scenarios/rating-*-stars.json
(the scenarios the tests draw them from: the instants, the seed, the stars)
and Goldens/cases.json; the tables here state what they assume of both and
fail, naming the field, where either says otherwise.
"""
import importlib.util
import math
import os
import sys

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("spec_key", os.path.join(SCRIPTS, "spec-key.py"))
key = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(key)
# The oracles spec-key.py builds on: the gradient, Inter's metrics, the waves' generator.
gradient, words, foreground = key.gradient, key.words, key.foreground

ICONS = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"
INTER_SEMIBOLD = key.INTER_SEMIBOLD
WIDTH, HEIGHT = 390, 844
PALETTE = "blue-violet"
TOLERANCE = 2
SEED = 9
MASK64 = (1 << 64) - 1
EFFECT_DOMAIN = 0xCE1EB2A7E57A25
SPARKLE_DOMAIN = 0x59A4C1E5B0057

# name: (seconds since the rating was asked for, stars, seconds since the rating or None, layers)
GOLDENS = {
    "rating-panel": (1.0, 0, None, "rating"),
    "rating-stars-filling-three": (2.12, 3, 0.12, "rating"),
    "rating-burst": (2.25, 5, 0.25, "rating"),
    "rating-effect-0.3s": (2.3, 5, 0.3, "celebration"),
    "rating-effect-1.0s": (3.0, 5, 1.0, "celebration"),
    "rating-effect-2.0s": (4.0, 5, 2.0, "celebration"),
}


# ---------------------------------------------------------------- the generator

def finaliser(z):
    """SplitMix64's output function (the waves' oracle writes it out)."""
    return foreground.splitmix_finaliser(z)


def unit(seed, domain, first, second):
    """The counter-based number in [0, 1): the finaliser of the seed xor the
    domain, then xor each counter in turn, top 53 bits."""
    value = finaliser((seed & MASK64) ^ domain)
    value = finaliser(value ^ first)
    value = finaliser(value ^ second)
    return (value >> 11) / float(1 << 53)


# ---------------------------------------------------------------- layout

def panel_layout():
    """The Close button's and the panel's boxes, and the stars' centres."""
    width = min(WIDTH - 88, 400)
    left = (WIDTH - width) / 2
    close = (left, HEIGHT - 34 - 52 - 56, left + width, HEIGHT - 34 - 52)
    body = key.wrapped("Please rate the quality of this call.", 16, width - 32)
    height = 20 + key.line_height(16, INTER_SEMIBOLD) + 4 + len(body) * key.line_height(16) + 16 + 42 + 20
    panel = (left, close[1] - 16 - height, left + width, close[1] - 16)
    stars = [(WIDTH / 2 + (index - 2) * 50.5, panel[3] - 20 - 21) for index in range(5)]
    return close, panel, body, stars


def icon_ink(name, size):
    """A Material icon's ink width and height (its drawn pixels, set by ligature through Raqm, measured at 8 times the size)."""
    from PIL import Image, ImageDraw, ImageFont
    oversize = 8
    face = ImageFont.truetype(ICONS, int(round(size * oversize)), layout_engine=ImageFont.Layout.RAQM)
    canvas = Image.new("L", (int(size * oversize * 3), int(size * oversize * 3)))
    ImageDraw.Draw(canvas).text((size * oversize, size * oversize), name, font=face, fill=255)
    left, top, right, bottom = canvas.getbbox()
    return ((right - left) / oversize, (bottom - top) / oversize)


def star_box(index, scale=1.0):
    _, _, _, stars = panel_layout()
    width, height = icon_ink("star_border", 42 * 1.2)
    cx, cy = stars[index]
    return (cx - width * scale / 2, cy - height * scale / 2, cx + width * scale / 2, cy + height * scale / 2)


# ---------------------------------------------------------------- the rating's motion

def particles(elapsed, origin):
    """The full-screen effect's particles at `elapsed`: (kind, white, centre x, y, reach, alpha)."""
    out = []
    for index in range(160):
        def u(attribute):
            return unit(SEED, EFFECT_DOMAIN, index, attribute)
        delay = 0.12 * u(3)
        life = (2.2 - delay) * (0.6 + 0.4 * u(8))
        age = elapsed - delay
        if age < 0 or age >= life:
            continue
        direction = -math.pi / 2 + (u(4) - 0.5) * (2 * math.pi / 3)
        speed = 450 + 600 * u(5)
        x = origin[0] + speed * math.cos(direction) * age
        y = origin[1] + speed * math.sin(direction) * age + 0.5 * 900 * age * age
        kind = "star" if u(0) < 0.4 else ("circle" if u(0) < 0.75 else "streamer")
        colour = min(int(u(1) * 5), 4)
        size = 4 + 8 * u(2)
        reach = size / 2 + 1 if kind != "streamer" else math.hypot(size / 2, size / 8) + 1
        fading = life - age
        out.append((kind, colour == 0, x, y, reach + 1.5, fading / 0.4 if fading < 0.4 else 1.0, size))
    return out


def sparkles(elapsed, centre):
    """The burst's sparkles at `elapsed`: centre x, y and alpha."""
    progress = min(max(elapsed / 0.6, 0), 1)
    out_ = 1 - (1 - progress) ** 2
    result = []
    for index in range(12):
        direction = 2 * math.pi * (index + 0.6 * unit(SEED, SPARKLE_DOMAIN, index, 0)) / 12
        reach = (28 + 24 * unit(SEED, SPARKLE_DOMAIN, index, 1)) * out_
        side = 2 + 3 * unit(SEED, SPARKLE_DOMAIN, index, 2)
        result.append((centre[0] + math.cos(direction) * reach, centre[1] + math.sin(direction) * reach, 1 - progress, side))
    return result


# ---------------------------------------------------------------- checks

FIXTURES = os.path.join(os.path.dirname(SCRIPTS), "Goldens", "scenarios")
# What this table assumes of the scenarios the goldens are drawn from (the tests read the same files).
FIXTURE_FACTS = {
    f"rating-{name}-stars": {
        "duration": 8, "seed": 9,
        "events": [{"at": 0, "state": "active"}, {"at": 1, "state": "ended"}, {"at": 2, "rating": "requested"}, {"at": 4, "rate": stars}],
    }
    for name, stars in (("five", 5), ("three", 3))
}


def fixture_mismatches():
    import json
    stale = []
    for fixture, facts in FIXTURE_FACTS.items():
        with open(os.path.join(FIXTURES, fixture + ".json"), encoding="utf-8") as file:
            scenario = json.load(file)
        stale += [f"Goldens/scenarios/{fixture}.json: {field} is {scenario.get(field)!r}, not {fact!r}"
                  for field, fact in facts.items() if scenario.get(field) != fact]
    return stale
# What it assumes of each golden's case in Goldens/cases.json.
CASES = {
    "rating-panel": {"fixture": "rating-five-stars", "time": 3, "tags": ["background", "rating"]},
    "rating-stars-filling-three": {"fixture": "rating-three-stars", "time": 4.12, "tags": ["background", "rating"]},
    "rating-burst": {"fixture": "rating-five-stars", "time": 4.25, "tags": ["background", "rating"]},
    "rating-effect-0.3s": {"fixture": "rating-five-stars", "time": 4.3, "tags": ["background", "celebration"]},
    "rating-effect-1.0s": {"fixture": "rating-five-stars", "time": 5, "tags": ["background", "celebration"]},
    "rating-effect-2.0s": {"fixture": "rating-five-stars", "time": 6, "tags": ["background", "celebration"]},
}


def check(name, path):
    from PIL import Image
    stale = fixture_mismatches() + words.case_disagreements(CASES)
    if stale:
        print(f"{path}: Goldens/scenarios or Goldens/cases.json no longer says {stale}; update this script's table -> FAIL")
        return False
    since_request, stars, since_rating, layer = GOLDENS[name]
    image = Image.open(path).convert("RGB")
    if image.size != (WIDTH, HEIGHT):
        print(f"{path}: {image.size[0]}x{image.size[1]}, not {WIDTH}x{HEIGHT} -> FAIL")
        return False
    pixels = image.load()
    notes, ok = [], True
    close, panel, body, star_centres = panel_layout()

    def background(x, y):
        return gradient.pixel(PALETTE, 0.0, WIDTH, HEIGHT, x, y)

    def toned(x, y):
        return gradient.pixel(PALETTE, 0.0, WIDTH, HEIGHT, x, y, toned=True)

    delta, inside, box_of = key.delta, key.inside, key.box_of

    def compare(label, want, got):
        return key.compare(notes, label, want, got)

    elements = []
    if layer == "rating":
        elements = [key.grown(panel, 3), key.grown(close, 3)]
        for label, box in (("panel", panel), ("Close button", close)):
            ok = compare(label, box, box_of(key.grown(box, 8), lambda x, y: delta(background(x, y), pixels[x, y]) > 4)) and ok
        # The text's ink on the panel's glass.
        def on_glass(x, y):
            return delta(toned(x, y), pixels[x, y]) > 24
        top = panel[1] + 20
        title = key.ink("Rate This Call", 16, (WIDTH - key.text_width("Rate This Call", 16, INTER_SEMIBOLD)) / 2, top, INTER_SEMIBOLD)
        ok = compare("title", title, box_of(key.grown(title, 4), on_glass)) and ok
        top += key.line_height(16, INTER_SEMIBOLD) + 4
        lines = []
        for text in body:
            lines.append(key.ink(text, 16, (WIDTH - key.text_width(text, 16)) / 2, top))
            top += key.line_height(16)
        text_box = key.union(lines)
        ok = compare("text", text_box, box_of(key.grown(text_box, 4), on_glass)) and ok
        # The stars: filled and pulsing, or outlines.
        for index in range(5):
            fill = since_rating - 0.05 * index if since_rating is not None and index < stars else None
            pulse = 1 + 0.15 * math.sin(math.pi * min(fill / 0.25, 1)) if fill is not None and fill >= 0 else 1
            want = star_box(index, pulse)
            # Within its own cell: a neighbour's pulse reaches past the gap.
            grown, middle_x = key.grown(want, 3), star_centres[index][0]
            cell = (max(grown[0], middle_x - 25.25), grown[1], min(grown[2], middle_x + 25.25), grown[3])
            got = box_of(cell, lambda x, y: delta(toned(x, y), pixels[x, y]) > 24)
            if name == "rating-burst" and index == stars - 1:
                notes.append("star 5: the burst flies over it, not measured")
            else:
                ok = compare(f"star {index + 1}", want, got) and ok
            cx, cy = star_centres[index]
            middle = [(x, y) for y in range(int(cy) - 3, int(cy) + 3) for x in range(int(cx) - 3, int(cx) + 3)]
            white = sum(all(c >= 245 for c in pixels[x, y]) for x, y in middle)
            filled = fill is not None and fill >= 0
            notes.append(f"star {index + 1} {'filled' if filled else 'outline'}: {white} of {len(middle)} middle pixels white")
            ok = ok and (white >= 0.9 * len(middle) if filled else white == 0)
        # The Close button's fill: white right of its draining edge, glass left of it.
        drained = close[0] + (close[2] - close[0]) * min(since_request / 5, 1)
        row = int(close[1]) + 6
        glass_side = [x for x in range(int(close[0]) + 14, int(drained) - 2)]
        white_side = [x for x in range(int(drained) + 3, int(close[2]) - 14)]
        glass_ok = all(delta(toned(x, row), pixels[x, row]) <= 3 for x in glass_side)
        white_ok = all(all(c >= 250 for c in pixels[x, row]) for x in white_side)
        notes.append(f"Close fill drained to x {drained:.1f}: glass left {glass_ok}, white right {white_ok}")
        ok = ok and glass_ok and white_ok
        if since_rating is not None and since_rating < 0.6:
            # The sparkles: each centre lighter than the glass (by half its opacity); nothing outside the panel.
            centre = star_centres[stars - 1]
            lit = 0
            points = sparkles(since_rating, centre)
            for x, y, alpha, side in points:
                px, py = int(x), int(y)
                if inside(key.grown(panel, -2), px, py):
                    lit += sum(pixels[px, py]) > sum(toned(px, py)) + 3 * 0.5 * alpha * 40
            inside_count = sum(inside(key.grown(panel, -2), int(x), int(y)) for x, y, _, _ in points)
            notes.append(f"sparkles: {lit} of {inside_count} inside the panel lit")
            ok = ok and lit >= inside_count - 1 and inside_count >= 6
    else:
        origin = star_centres[stars - 1]
        shown = particles(since_rating, origin)
        boxes = [(x - reach, y - reach, x + reach, y + reach) for _, _, x, y, reach, _, _ in shown]
        stray = 0
        for y in range(HEIGHT):
            for x in range(WIDTH):
                if delta(background(x, y), pixels[x, y]) > 2 and not any(inside(box, x, y) for box in boxes):
                    stray += 1
        notes.append(f"{len(shown)} particles; {stray} changed pixels outside every particle's box")
        ok = ok and stray == 0
        checked = lit = 0
        for index, (kind, white, x, y, reach, alpha, size) in enumerate(shown):
            if not white or alpha < 0.5 or size < 3 or not (2 <= x < WIDTH - 2 and 2 <= y < HEIGHT - 2):
                continue
            # One drawn later (over it) may hide its centre.
            if any(inside(box, x, y) for box in boxes[index + 1:]):
                continue
            checked += 1
            px, py = int(x), int(y)
            lit += max(sum(pixels[px + dx, py + dy]) - sum(background(px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)) > 30
        notes.append(f"white particles lit at their centres: {lit} of {checked}")
        ok = ok and lit == checked
        elements = [key.grown(box, 1) for box in boxes]

    # Away from everything: the gradient.
    ok = key.gradient_elsewhere(pixels, elements, PALETTE, notes) and ok
    print(f"{path}: " + "; ".join(notes) + (" -> ok" if ok else " -> FAIL"))
    return ok


def main(argv):
    return words.command(argv, GOLDENS, check, __doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
