#!/usr/bin/env python3
"""An independent evaluation of the chat spec's wallpaper (chat.md, section
1: the raster of each variant, its bilinear stretch, the steps on their
curves, the iOS keyframes, and the pattern over it given its rasterised
mask), with numpy, written from the spec alone. It
shares no code with callshade: it reads a golden's parameters from
Goldens/cases.json and computes the picture itself.

  spec-chat-wallpaper.py check NAME FILE.png
      compare FILE.png with the picture the case NAME describes; print the
      largest per-channel difference and how many channels differ by more
      than 1; exit 1 if any differs by more than 2 levels
  spec-chat-wallpaper.py raster NAME
      print the case's raster size and its phase (or keyframe) at its time
  spec-chat-wallpaper.py selftest NAME FILE.png
      show that the check can fail: the same golden against pictures made
      with a mistake each (texel centres instead of corners, no swirl, an
      eighth of a step off, a raster of half the size, the exact step instead
      of the keyframes once a step is over; for a pattern, the mask upside
      down and the other shape colour); exit 1 if any of them passes
"""
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

ROOT = oracle_support.ROOT

# Section 1.4: the eight anchors (x, y), used as c = (x, 1 - y) in the raster's rows-down space.
ANCHORS = [(0.80, 0.10), (0.60, 0.20), (0.35, 0.25), (0.25, 0.60),
           (0.20, 0.90), (0.40, 0.80), (0.65, 0.75), (0.75, 0.40)]
CLASSIC = ["#DBDDBB", "#6BA587", "#D5D88D", "#88B884"]
POINTS_WIDTH = 390.0


def case_named(name):
    return oracle_support.case_named(name, "spec-chat-wallpaper")


def levels(hex_colour):
    return [int(hex_colour[1 + 2 * i:3 + 2 * i], 16) for i in range(3)]


def variant_constants(variant, width, height):
    """(R, n, swirl?, raster width, raster height) of section 1.2."""
    if variant == "ios":
        # The view in points fitted in 80 x 80, floored.
        points_height = POINTS_WIDTH * height / width
        scale = 80.0 / max(POINTS_WIDTH, points_height)
        return 0.92, 3, True, int(math.floor(POINTS_WIDTH * scale + 1e-9)), int(math.floor(points_height * scale + 1e-9))
    if variant == "android":
        return 0.9, 4, True, 60, 80
    if variant == "article":
        side = int(POINTS_WIDTH // 10)
        return 1.0, 4, False, side, side
    raise SystemExit(f"spec-chat-wallpaper: unknown variant {variant}")


def bezier(x1, y1, x2, y2):
    """cubic-bezier(x1, y1, x2, y2) as a function of time fraction: x(s) solved by bisection."""
    def coordinate(s, a, b):
        return 3 * a * s * (1 - s) ** 2 + 3 * b * s * s * (1 - s) + s ** 3

    def value(u):
        if u <= 0:
            return 0.0
        if u >= 1:
            return 1.0
        low, high = 0.0, 1.0
        for _ in range(100):
            middle = (low + high) / 2
            if coordinate(middle, x1, x2) < u:
                low = middle
            else:
                high = middle
        return coordinate((low + high) / 2, y1, y2)
    return value


def article_table():
    """Section 1.5: the seed's 60 frames, in 27ths."""
    table = [0, 0.25, 0.5, 0.75, 1]
    table += [1.5, 2, 2.5, 3, 3.5, 4]
    table += list(range(5, 19))
    table += [round(18.3 + 0.3 * k, 6) for k in range(27)]
    table += [round(26.3 + 0.1 * k, 6) for k in range(8)]
    assert len(table) == 60 and table[-1] == 27
    return table


def step_curve(step):
    """(duration in seconds, progress as a function of the fraction 0...1) of section 1.5 (the shipped settings)."""
    if step == "auto":
        return 0.3, bezier(0.19919, 0.01064, 0.27921, 0.91025)
    if step == "android":
        return 0.5, bezier(0.33, 0, 0, 1)
    if step == "article":
        table = article_table()

        def progress(u):
            u = min(max(u, 0.0), 1.0)
            # 60 frames over the step: frame k at k / 59 of it, linear between.
            position = u * 59
            k = min(int(math.floor(position)), 58)
            return (table[k] + (table[k + 1] - table[k]) * (position - k)) / 27
        return 1.0, progress
    raise SystemExit(f"spec-chat-wallpaper: unknown step {step}")


def centres_at_phase(phi, count):
    """Section 1.4: colour k at lerp(P[(f + 2k) mod 8], P[(f + 2k + 1) mod 8], phi - f)."""
    f = math.floor(phi)
    t = phi - f
    out = []
    for k in range(count):
        ax, ay = ANCHORS[(f + 2 * k) % 8]
        bx, by = ANCHORS[(f + 2 * k + 1) % 8]
        out.append((ax + (bx - ax) * t, ay + (by - ay) * t))
    return out


def centres_stepping(start_phase, progress, count):
    """A step from integer phase `start_phase`: colour k slides from its anchor
    straight towards the previous one, `progress` of the way (past 1: beyond it)."""
    out = []
    for k in range(count):
        ax, ay = ANCHORS[(start_phase + 2 * k) % 8]
        bx, by = ANCHORS[(start_phase + 2 * k - 1) % 8]
        out.append((ax + (bx - ax) * progress, ay + (by - ay) * progress))
    return out


def looks(case, mistake=None):
    """[(weight, centres)]: the rasters the frame mixes (section 1.5 and 1.6)."""
    colours = case.get("colors") or CLASSIC
    count = len(colours)
    phase = int(case.get("phase", 0))
    steps = sorted(case.get("steps", []))
    time = case["time"]
    duration, curve = step_curve(case.get("step", "auto"))
    keyframes = case.get("keyframes", False) and mistake != "exact-steps"
    started = [s for s in steps if s <= time]
    if not keyframes:
        phi = phase - sum(curve((time - s) / duration) for s in started)
        if mistake == "eighth-off":
            phi += 0.125
        return [(1.0, centres_at_phase(phi, count))]
    if not started:
        return [(1.0, centres_at_phase(phase, count))]
    base = phase - (len(started) - 1)
    n = int(math.floor(30 * duration + 1e-9))
    progress = [math.floor(n * curve(m / (n - 1)) + 1e-9) / (n - 1) for m in range(n)]
    position = (time - started[-1]) / duration * (n - 1)
    if position >= n - 1:
        return [(1.0, centres_stepping(base, progress[-1], count))]
    m = int(math.floor(position))
    a = position - m
    return [(1 - a, centres_stepping(base, progress[m], count)), (a, centres_stepping(base, progress[m + 1], count))]


def raster(case, centres, mistake=None):
    """Section 1.1: the w x h raster (levels 0...255, truncated), row 0 on top."""
    width, height = (int(n) for n in case["size"].split("x"))
    radius, exponent, swirl, w, h = variant_constants(case.get("variant", "ios"), width, height)
    if mistake == "no-swirl":
        swirl = False
    if mistake == "half-size":
        w, h = max(1, w // 2), max(1, h // 2)
    j, i = np.mgrid[0:h, 0:w].astype(np.float64)
    shift = 0.5 if mistake == "texel-centres" else 0.0
    u = (i + shift) / w
    v = (j + shift) / h
    du, dv = u - 0.5, v - 0.5
    if swirl:
        d = np.hypot(du, dv)
        a = 6.4 * (0.35 * d) ** 2
        px = np.clip(0.5 + du * np.cos(a) - dv * np.sin(a), 0, 1)
        py = np.clip(0.5 + du * np.sin(a) + dv * np.cos(a), 0, 1)
    else:
        px, py = np.clip(u, 0, 1), np.clip(v, 0, 1)
    colours = np.array([levels(c) for c in (case.get("colors") or CLASSIC)], dtype=np.float64)
    total = np.zeros((h, w))
    mixed = np.zeros((h, w, 3))
    for (cx, cy), colour in zip(centres, colours):
        weight = np.maximum(0.0, radius - np.hypot(px - cx, py - (1 - cy))) ** exponent
        total += weight
        mixed += weight[..., None] * colour
    return np.floor(mixed / np.maximum(total, 1e-5)[..., None])


def stretched(case, grid):
    """Section 1.3: bilinear over the screen, texel centres at ((i + 0.5) W / w, (j + 0.5) H / h), edges clamped."""
    width, height = (int(n) for n in case["size"].split("x"))
    h, w = grid.shape[:2]
    sx = (np.arange(width) + 0.5) * w / width - 0.5
    sy = (np.arange(height) + 0.5) * h / height - 0.5
    x0 = np.floor(sx).astype(int)
    y0 = np.floor(sy).astype(int)
    fx = (sx - x0)[None, :, None]
    fy = (sy - y0)[:, None, None]
    xa, xb = np.clip(x0, 0, w - 1), np.clip(x0 + 1, 0, w - 1)
    ya, yb = np.clip(y0, 0, h - 1), np.clip(y0 + 1, 0, h - 1)
    top = grid[ya][:, xa] * (1 - fx) + grid[ya][:, xb] * fx
    bottom = grid[yb][:, xa] * (1 - fx) + grid[yb][:, xb] * fx
    return top * (1 - fy) + bottom * fy


def soft_light(backdrop, source):
    """W3C Compositing and Blending Level 1, soft light (values 0...1)."""
    d = np.where(backdrop <= 0.25, ((16 * backdrop - 12) * backdrop + 4) * backdrop, np.sqrt(backdrop))
    return np.where(source <= 0.5, backdrop - (1 - 2 * source) * backdrop * (1 - backdrop),
                    backdrop + (2 * source - 1) * (d - backdrop))


def with_pattern(case, wallpaper, mistake=None):
    """Section 1.7, given the rasterised mask (a PNG whose grey is the coverage): intensity i >= 0,
    black shapes if the brightest channel of the colours' mean is over 0.3, else white, soft light at
    i/100 (normal blending if that brightness is at most 0.01); i < 0, black with the wallpaper at |i|/100
    only through the shapes."""
    from PIL import Image
    coverage = np.asarray(Image.open(ROOT / case["mask"]).convert("L"), dtype=np.float64)[..., None] / 255
    if mistake == "mask-flipped":
        coverage = coverage[::-1]
    intensity = case.get("intensity", 50)
    backdrop = wallpaper / 255
    if intensity < 0:
        return backdrop * coverage * (-intensity / 100) * 255
    mean = np.array([levels(c) for c in (case.get("colors") or CLASSIC)], dtype=np.float64).mean(axis=0) / 255
    brightness = mean.max()
    shape = np.zeros(3) if brightness > 0.3 else np.ones(3)
    if mistake == "other-shade":
        shape = 1 - shape
    amount = coverage * intensity / 100
    blended = soft_light(backdrop, shape) if brightness > 0.01 else shape + 0 * backdrop
    return (backdrop * (1 - amount) + blended * amount) * 255


def picture(case, mistake=None):
    """The frame in levels (floats), before rounding."""
    wallpaper = sum(weight * stretched(case, raster(case, centres, mistake)) for weight, centres in looks(case, mistake))
    return with_pattern(case, wallpaper, mistake) if case.get("mask") else wallpaper


def read_png(path):
    from PIL import Image
    return np.asarray(Image.open(path).convert("RGB"), dtype=np.float64)


def compare(case, path, mistake=None):
    expected = np.clip(np.round(picture(case, mistake)), 0, 255)
    got = read_png(path)
    if got.shape != expected.shape:
        return None, None, f"size {got.shape[1]}x{got.shape[0]}, expected {case['size']}"
    difference = np.abs(got - expected)
    return int(difference.max()), int((difference > 1).sum()), None


def settled(case):
    """Whether the last step before the case's time is over."""
    duration, _ = step_curve(case.get("step", "auto"))
    started = [s for s in case.get("steps", []) if s <= case["time"]]
    return bool(started) and case["time"] >= max(started) + duration


MISTAKES = ["texel-centres", "no-swirl", "eighth-off", "half-size", "exact-steps", "mask-flipped", "other-shade"]


def main(argv):
    if len(argv) == 3 and argv[0] == "check":
        case = case_named(argv[1])
        worst, over_one, problem = compare(case, argv[2])
        if problem:
            print(f"{argv[2]}: {problem} -> FAIL")
            return 1
        verdict = "ok" if worst <= 2 else "FAIL"
        print(f"{argv[2]}: chat wallpaper {case.get('variant')} at {case['time']} s: largest difference {worst}, "
              f"{over_one} channels over 1 -> {verdict}")
        return 0 if worst <= 2 else 1
    if len(argv) == 2 and argv[0] == "raster":
        case = case_named(argv[1])
        width, height = (int(n) for n in case["size"].split("x"))
        print("raster %dx%d" % variant_constants(case.get("variant", "ios"), width, height)[3:])
        for weight, centres in looks(case):
            print(f"  {weight:.4f} x centres " + " ".join(f"({x:.4f}, {y:.4f})" for x, y in centres))
        return 0
    if len(argv) == 3 and argv[0] == "selftest":
        case = case_named(argv[1])
        passed = []
        for mistake in MISTAKES:
            # The keyframes differ most from the exact motion once the step is over (the overshoot).
            if mistake == "exact-steps" and not (case.get("keyframes") and settled(case)):
                continue
            if mistake == "no-swirl" and case.get("variant") == "article":
                continue
            if mistake == "eighth-off" and case.get("keyframes"):
                continue
            if mistake in ("mask-flipped", "other-shade") and not case.get("mask"):
                continue
            # The inverted mode shows the wallpaper only through the thin shapes, at |i|/100: the
            # wallpaper's own mistakes are the wallpaper goldens' to catch.
            if case.get("mask") and case.get("intensity", 50) < 0 and mistake in ("other-shade", "texel-centres", "half-size"):
                continue
            worst, _, problem = compare(case, argv[2], mistake)
            caught = problem is not None or worst > 2
            print(f"{argv[2]}: made with {mistake}: " + (problem or f"largest difference {worst}") + (" -> refused" if caught else " -> PASSED"))
            if not caught:
                passed.append(mistake)
        return 1 if passed else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
