#!/usr/bin/env python3
"""An independent evaluation of the call-visuals spec, section 1 (the
four-point gradient), in plain Python double precision. It shares no code with
callshade: it exists so tests compare callshade against numbers it did not
produce.

  spec-gradient.py values PALETTE PHASE WxH X,Y [X,Y ...]
      print the expected 8-bit RGB at pixels (column X, row Y from the top),
      as Swift test-table rows
  spec-gradient.py check PALETTE PHASE FILE.png [--tone]
      compare a whole PNG with the formula (needs Pillow) and print the
      largest per-channel difference and how many channels differ by more than
      1; exit 1 outside the parity rule (<= 2 everywhere, <= 1 on 99.9 % of
      pixels)

Scripts/spec-foreground.py imports screen_colour and tone from here.
"""
import math
import sys

PALETTES = {
    "blue-violet": ["568FD6", "626ED5", "A667D5", "7664DA"],
    "blue-green": ["ACBD65", "459F8D", "53A4D1", "3E917A"],
    "orange-red": ["C0508D", "F09536", "CE5081", "FC7C4C"],
}
ANCHORS = [(0.80, 0.10), (0.60, 0.20), (0.35, 0.25), (0.25, 0.60),
           (0.20, 0.90), (0.40, 0.80), (0.65, 0.75), (0.75, 0.40)]


def colours(palette):
    return [tuple(int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4)) for h in PALETTES[palette]]


def centres(phase):
    phase = math.fmod(phase, 8.0)
    if phase < 0:
        phase += 8.0
    k = math.floor(phase)
    f = phase - k
    out = []
    for i in range(4):
        ax, ay = ANCHORS[(2 * i + k) % 8]
        bx, by = ANCHORS[(2 * i + k + 1) % 8]
        out.append((ax + (bx - ax) * f, ay + (by - ay) * f))
    return out


def tone(rgb, brightness=0.9, saturation=1.1, overlay=1.0, alpha=0.2):
    import colorsys
    h, s, v = colorsys.rgb_to_hsv(*rgb)
    v = min(max(v * brightness, 0.0), 1.0)
    s = min(max(s * saturation, 0.0), 1.0)
    r, g, b = colorsys.hsv_to_rgb(h, s, v)
    return tuple(min(c + overlay * alpha, 1.0) for c in (r, g, b))


def screen_colour(colour_list, centre_list, sx, sy):
    """The untoned colour (channels 0...1) at screen point (sx, sy) of the unit
    square, y up, for four colours at four centres (spec section 1, steps 1-3)."""
    u = (sx + 0.1) / 1.2
    v = (sy + 0.1) / 1.2
    dx, dy = u - 0.5, v - 0.5
    d = math.hypot(dx, dy)
    theta = (0.35 * d) ** 2 * 6.4
    px = dx * math.cos(theta) - dy * math.sin(theta) + 0.5
    py = dx * math.sin(theta) + dy * math.cos(theta) + 0.5
    px, py = min(max(px, 0.0), 1.0), min(max(py, 0.0), 1.0)
    total = 0.0
    acc = [0.0, 0.0, 0.0]
    for (cx, cy), col in zip(centre_list, colour_list):
        w = max(0.0, 0.92 - math.hypot(px - cx, py - cy)) ** 3
        total += w
        for c in range(3):
            acc[c] += w * col[c]
    return tuple(a / max(total, 1e-5) for a in acc)


def pixel(palette, phase, width, height, x, y, toned=False):
    sx = (x + 0.5) / width
    sy = 1.0 - (y + 0.5) / height
    rgb = screen_colour(colours(palette), centres(phase), sx, sy)
    if toned:
        rgb = tone(rgb)
    return tuple(c * 255.0 for c in rgb)


def within_parity(worst, pixels_over_one, pixel_count):
    """The project's parity rule for a background: per channel |delta| <= 2
    everywhere and <= 1 on at least 99.9 % of pixels."""
    return worst <= 2 and pixels_over_one <= 0.001 * pixel_count


def main(argv):
    if len(argv) >= 5 and argv[0] == "values":
        palette, phase = argv[1], float(argv[2])
        width, height = (int(n) for n in argv[3].lower().split("x"))
        toned = "--tone" in argv
        for spot in [a for a in argv[4:] if not a.startswith("--")]:
            x, y = (int(n) for n in spot.split(","))
            r, g, b = pixel(palette, phase, width, height, x, y, toned)
            print(f'("{palette}", {argv[2]}, "{argv[3]}", {x}, {y}, {str(toned).lower()}, {r:.3f}, {g:.3f}, {b:.3f}),')
        return 0
    if len(argv) >= 4 and argv[0] == "check":
        from PIL import Image
        palette, phase, path = argv[1], float(argv[2]), argv[3]
        toned = "--tone" in argv
        image = Image.open(path).convert("RGB")
        width, height = image.size
        data = image.load()
        colour_list, centre_list = colours(palette), centres(phase)
        worst, over, pixels_over = 0, 0, 0
        for y in range(height):
            sy = 1.0 - (y + 0.5) / height
            for x in range(width):
                rgb = screen_colour(colour_list, centre_list, (x + 0.5) / width, sy)
                if toned:
                    rgb = tone(rgb)
                diffs = [abs(got - round(want * 255.0)) for got, want in zip(data[x, y], rgb)]
                worst = max(worst, max(diffs))
                channels = sum(diff > 1 for diff in diffs)
                over += channels
                pixels_over += channels > 0
        passed = within_parity(worst, pixels_over, width * height)
        print(f"{path}: {width}x{height}, max |delta| {worst}, channels over 1: {over} of {width * height * 3}"
              f" -> {'ok' if passed else 'FAIL (parity: <= 2 everywhere, <= 1 on 99.9 % of pixels)'}")
        return 0 if passed else 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
