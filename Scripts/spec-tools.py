#!/usr/bin/env python3
"""An independent check of the drawing's last tools (drawing-tools.md,
sections 1 and 3) that measures from pixels. It shares no code with
callshade: it reads a golden's scenario from Goldens/cases.json (its
"scenario" object, a drawing over a white canvas), works out from the spec
alone what each stroke shows at the golden's instant, and measures the PNG:

- object eraser: each pen stroke's contact instant tau (the first instant
  the eraser's position, linear between its samples, lies within (We + Ws)
  / 2 of the stroke's samples joined by straight lines; found here by
  stepping the eraser's path and bisecting, not in closed form), and the
  stroke's opacity then, 1 before tau and 1 - (T - tau) / 0.2 after: the
  pixel on the middle of the stroke's longest segment is the pen's colour
  at that opacity over white, within 3 levels; a stroke nobody touches
  still shows;
- shape on hold: the hold (the first sample j whose next 0.85 s stays
  within 10 pt of it), the $1 Unistroke Recognizer written here from the
  paper (Wobbrock, Wilson, Li 2007) over the spec's templates, whose
  template and score must agree with the case's "recognised" list (what
  callshade's `validate` says) within 0.01; then the shape in the box B of
  samples 0..j: at full share, the box of pixels at least half covered
  within 1 px of B grown by W / 2 on each side and B's centre white; while
  it cross-fades, the middle of B's left side is the colour at share
  f = (T - th) / 0.2 over white, within 3 levels.

  spec-tools.py check NAME FILE.png
  spec-tools.py selftest NAME FILE.png
      show that the check can fail: the spec worked out with a mistake each
      (the eraser's reach its own half width, or the widths' sum not
      halved, a fade of 0.3 s, a hold of
      0.5 s, the shape's box not grown by the stroke, the score not
      normalised by half the square's diagonal); exit 1 if a mistake that
      touches the golden passes
"""
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

TEMPLATE_POINTS = 64
SQUARE = 250.0
PHI = 0.5 * (math.sqrt(5) - 1)


def colour(text):
    return np.array([int(text[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


def pen_width(longer, size):
    low, high = max(1, 0.002 * longer), max(10, 0.07 * longer)
    return low + (high - low) * size


def marker_width(longer, size):
    low, high = max(10, 0.01 * longer), max(20, 0.09 * longer)
    return low + (high - low) * size


def chosen_width(stroke, longer):
    if stroke["tool"] in ("pen", "neon"):
        return pen_width(longer, stroke["size"])
    return marker_width(longer, stroke["size"])


def point_segment(p, a, b):
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    u = 0 if length2 == 0 else min(max(((p[0] - ax) * dx + (p[1] - ay) * dy) / length2, 0), 1)
    return math.hypot(p[0] - ax - u * dx, p[1] - ay - u * dy)


def path_distance(p, path):
    if len(path) == 1:
        return math.hypot(p[0] - path[0][0], p[1] - path[0][1])
    return min(point_segment(p, path[i], path[i + 1]) for i in range(len(path) - 1))


def contact(eraser, path, reach):
    """The first instant the eraser comes within `reach` of `path`: stepped 1/200 of each segment, then bisected."""
    def at(i, s):
        a, b = eraser[i], eraser[i + 1]
        return (a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1])), a[2] + s * (b[2] - a[2])
    if path_distance(eraser[0][:2], path) <= reach:
        return eraser[0][2]
    for i in range(len(eraser) - 1):
        previous = 0.0
        for step in range(1, 201):
            s = step / 200
            if path_distance(at(i, s)[0], path) <= reach:
                low, high = previous, s
                for _ in range(60):
                    middle = (low + high) / 2
                    if path_distance(at(i, middle)[0], path) <= reach:
                        high = middle
                    else:
                        low = middle
                return at(i, high)[1]
            previous = s
    return None


# The $1 recogniser, from the paper's pseudocode.
def resample(points):
    lengths = [0.0]
    for i in range(1, len(points)):
        lengths.append(lengths[-1] + math.dist(points[i - 1], points[i]))
    total = lengths[-1]
    out = []
    for k in range(TEMPLATE_POINTS):
        target = total * k / (TEMPLATE_POINTS - 1)
        i = 1
        while i < len(points) - 1 and lengths[i] < target:
            i += 1
        span = lengths[i] - lengths[i - 1]
        t = 0 if span == 0 else min(max((target - lengths[i - 1]) / span, 0), 1)
        out.append((points[i - 1][0] + t * (points[i][0] - points[i - 1][0]), points[i - 1][1] + t * (points[i][1] - points[i - 1][1])))
    return out


def centroid(points):
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def rotate(points, angle):
    cx, cy = centroid(points)
    c, s = math.cos(angle), math.sin(angle)
    return [((x - cx) * c - (y - cy) * s + cx, (x - cx) * s + (y - cy) * c + cy) for x, y in points]


def normalise(points):
    points = resample(points)
    cx, cy = centroid(points)
    points = rotate(points, -math.atan2(cy - points[0][1], cx - points[0][0]))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    points = [(x * SQUARE / w, y * SQUARE / h) for x, y in points]
    cx, cy = centroid(points)
    return [(x - cx, y - cy) for x, y in points]


def mean_distance(a, b):
    return sum(math.dist(p, q) for p, q in zip(a, b)) / len(a)


def best_distance(points, template):
    low, high = -math.radians(45), math.radians(45)
    x1 = PHI * low + (1 - PHI) * high
    f1 = mean_distance(rotate(points, x1), template)
    x2 = (1 - PHI) * low + PHI * high
    f2 = mean_distance(rotate(points, x2), template)
    while abs(high - low) > math.radians(2):
        if f1 < f2:
            high, x2, f2 = x2, x1, f1
            x1 = PHI * low + (1 - PHI) * high
            f1 = mean_distance(rotate(points, x1), template)
        else:
            low, x1, f1 = x1, x2, f2
            x2 = (1 - PHI) * low + PHI * high
            f2 = mean_distance(rotate(points, x2), template)
    return min(f1, f2)


def templates():
    circle = [(100 * math.cos(math.radians(-90 + 11.25 * k)), 100 * math.sin(math.radians(-90 + 11.25 * k))) for k in range(33)]
    star = [(100 * math.cos(math.radians(-90 + 144 * k)), 100 * math.sin(math.radians(-90 + 144 * k))) for k in range(6)]
    return [
        ("rectangle", [(-100, -100), (100, -100), (100, 100), (-100, 100), (-100, -100)]),
        ("circle", circle),
        ("star", star),
        ("arrow", [(-100, 0), (100, 0), (60, -40), (100, 0), (60, 40)]),
    ]


def recognise(points, mistake=None):
    candidate = normalise(points)
    best = None
    half_diagonal = SQUARE if mistake == "unnormalised-score" else 0.5 * math.sqrt(2 * SQUARE * SQUARE)
    for name, template in templates():
        for direction in (template, template[::-1]):
            score = 1 - best_distance(candidate, normalise(direction)) / half_diagonal
            if score >= 0.5 and (best is None or score > best[1]):
                best = (name, score)
    return best


def hold(samples, point, mistake=None):
    seconds = 0.5 if mistake == "hold-0.5" else 0.85
    last = samples[-1][2]
    for j, (x, y, t) in enumerate(samples):
        held = t + seconds
        if last < held:
            return None
        if all(math.hypot(sx - x, sy - y) < 10 * point for sx, sy, st in samples[j:] if st <= held):
            return j, held
    return None


def stroke_distance(stroke, time, longer, point):
    """The signed distance from `point` (canvas px) to a pen stroke drawn by `time`, by spec-drawing's oracle: below 0 inside."""
    drawing = oracle_support.script("spec_drawing", "spec-drawing.py")
    frames = oracle_support.script("spec_drawing_frames", "spec-drawing-frames.py")
    grid = frames.Grid(0, 0, 1, 1)
    grid.x, grid.y = np.array([[point[0]]]), np.array([[point[1]]])
    points = drawing.drawn_by([tuple(float(v) for v in p) for p in stroke["points"]], time)
    segments = frames.pen_segments(drawing, stroke, points, time, longer, ())
    return min(float(frames.capsule_distance(grid, a, b, ra, rb)[0, 0]) for a, b, ra, rb in segments)


def level_errors(label, image, canvas_point, scale, want, tolerance=3):
    x, y = int(canvas_point[0] * scale), int(canvas_point[1] * scale)
    got = image[y, x, :3].astype(float)
    worst = float(np.max(np.abs(got - want)))
    return [] if worst <= tolerance else [(f"{label} at frame ({x}, {y}) off by", worst, 0.0, tolerance)]


def eraser_errors(case, image, strokes, longer, scale, time, mistake):
    failures = []
    white = np.full(3, 255.0)
    erasers = [s for s in strokes if s["tool"] == "eraser" and s.get("mode") == "object"]
    fade = 0.3 if mistake == "fade-0.3" else 0.2
    for index, stroke in enumerate(strokes):
        if stroke["tool"] != "pen":
            continue
        points = stroke["points"]
        taus = []
        for eraser in erasers:
            if points[-1][2] > eraser["points"][0][2]:
                continue
            we = marker_width(longer, eraser["size"])
            reach = (we + pen_width(longer, stroke["size"])) / 2
            if mistake == "eraser-radius-only":
                reach = we / 2
            elif mistake == "reach-not-halved":
                reach *= 2
            tau = contact(eraser["points"], [p[:2] for p in points], reach)
            if tau is not None:
                taus.append(tau)
        opacity = 1.0
        if taus:
            opacity = min(max(1 - (time - min(taus)) / fade, 0), 1)
        longest = max(range(len(points) - 1), key=lambda i: math.dist(points[i][:2], points[i + 1][:2]))
        a, b = points[longest], points[longest + 1]
        probe = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        want = white * (1 - opacity) + colour(stroke["color"]) * opacity
        failures += level_errors(f"stroke {index} at opacity {opacity:.3f}", image, probe, scale, want)
    return failures


def hold_errors(case, image, strokes, longer, point, scale, time, mistake):
    failures = []
    white = np.full(3, 255.0)
    recognised = {entry["stroke"]: entry for entry in case.get("recognised", [])}
    for index, stroke in enumerate(strokes):
        if stroke["tool"] != "pen" or index not in recognised:
            continue
        samples = stroke["points"]
        found = hold(samples, point, mistake)
        if found is None:
            failures.append((f"stroke {index}: no hold found, callshade's", 0.0, 1.0, 0))
            continue
        j, held = found
        match = recognise([p[:2] for p in samples[:j + 1]], mistake)
        entry = recognised[index]
        if match is None or match[0] != entry["template"]:
            failures.append((f"stroke {index}: template {match and match[0]} against callshade's {entry['template']}; score", match[1] if match else 0, entry["score"], 0.01))
            continue
        if abs(match[1] - entry["score"]) > 0.01:
            failures.append((f"stroke {index}: {match[0]}'s score", match[1], entry["score"], 0.01))
        xs, ys = [p[0] for p in samples[:j + 1]], [p[1] for p in samples[:j + 1]]
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        share = min(max((time - held) / 0.2, 0), 1)
        ink = colour(stroke["color"])
        width = pen_width(longer, stroke["size"])
        if share < 1:
            # The middles of B's sides, where the stroke (drawn by th, pen geometry by spec-drawing's oracle) covers them wholly or not at all.
            probes = 0
            for side, probe in (("left", (left, (top + bottom) / 2)), ("right", (right, (top + bottom) / 2)),
                                ("top", ((left + right) / 2, top)), ("bottom", ((left + right) / 2, bottom))):
                inside = stroke_distance(stroke, held, longer, probe)
                if abs(inside) < 2:
                    continue
                stroke_alpha = (1 - share) if inside < 0 else 0
                alpha = share + stroke_alpha * (1 - share)
                failures += level_errors(f"stroke {index}'s {match[0]} at share {share:.3f}, its {side} side", image, probe, scale,
                                         white * (1 - alpha) + ink * alpha)
                probes += 1
            if probes == 0:
                failures.append((f"stroke {index}: no side of its box to measure; sides", 0, 1, 0))
            continue
        grow = 0 if mistake == "box-not-grown" else width / 2
        # The shape's own part of the frame: B grown by the width and 10 px.
        x0, x1 = int((left - width) * scale) - 10, int((right + width) * scale) + 10
        y0, y1 = int((top - width) * scale) - 10, int((bottom + width) * scale) + 10
        part = image[y0:y1, x0:x1, :3].astype(float)
        channel = int(np.argmax(np.abs(white - ink)))
        coverage = (255 - part[:, :, channel]) / (255 - ink[channel])
        rows, columns = np.nonzero(coverage >= 0.5)
        measured = [x0 + columns.min(), x0 + columns.max() + 1, y0 + rows.min(), y0 + rows.max() + 1]
        spec = [(left - grow) * scale, (right + grow) * scale, (top - grow) * scale, (bottom + grow) * scale]
        for side, got, want in zip(("left", "right", "top", "bottom"), measured, spec):
            if abs(got - want) > 1:
                failures.append((f"stroke {index}'s {match[0]}, its {side} side", got, want, 1))
        failures += level_errors(f"stroke {index}'s {match[0]}, the middle of its box", image, ((left + right) / 2, (top + bottom) / 2), scale, white)
    return failures


def errors(case, image, mistake=None):
    scenario = case["scenario"]
    width, height = (int(v) for v in scenario["canvas"]["size"].split("x"))
    frame_width = int(case["size"].split("x")[0])
    scale = frame_width / width
    longer = max(width, height)
    strokes = scenario["strokes"]
    if any(s["tool"] == "eraser" and s.get("mode") == "object" for s in strokes):
        return eraser_errors(case, image, strokes, longer, scale, case["time"], mistake)
    return hold_errors(case, image, strokes, longer, width / 390, scale, case["time"], mistake)


def mistakes(case, image):
    if any(s["tool"] == "eraser" for s in case["scenario"]["strokes"]):
        # Before the contact only an early one shows; once the fade has begun, a late one and a slow fade too.
        return ["reach-not-halved"] + (["eraser-radius-only", "fade-0.3"] if case["name"].endswith("fading") else [])
    # Once the shape is whole a later hold changes nothing; while it fades, its share.
    return ["unnormalised-score"] + (["box-not-grown"] if case["name"].endswith("settled") else ["hold-0.5"])


def main(argv):
    return oracle_support.check_or_selftest(argv, __doc__, "spec-tools", errors, "every tool's stroke where and as the spec says", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
