#!/usr/bin/env python3
"""An independent check of the lasso (drawing-tools.md section 2) that
measures from pixels. It shares no code with callshade: it reads a golden's
scenario from Goldens/cases.json (pen strokes over a grey #808080 canvas, a
lasso and the editor's lasso events), works the session out from the spec
alone, and measures the PNG:

- what the lasso selects at its release (at least half of a finished
  stroke's samples inside its polygon, even-odd, an edge counting as
  outside), each selected stroke's offset at the instant (the moves' samples
  linear between, added up) and each copy's (the offset at the duplicate plus
  0.04 of the canvas's shorter side along x and y);
- where the strokes are: a vertical stroke's centre x along a row, a
  horizontal one's centre y down a column, as the coverage-weighted middle of
  its pixels, within 0.5 frame px (1 canvas px at half size) of its samples
  moved by its offset;
- the outline: while the lasso is drawn, the open polyline of its samples
  (the last interpolated); after release, the convex hull of the selected
  samples at their offsets (monotone chain written here), grown by Wmax (its
  edges pushed out, arcs at its vertices), from the point straight above its
  top-most (then left-most) vertex, clockwise; along it, at the middle of
  each black dash ((s + p) mod 17.5 pt = 2.5 pt) the pixel is black at alpha
  0.5 over the grey, at each white dash's middle white at alpha 0.5, and in
  the middle of each gap the grey itself, within 3 levels, with the phase p =
  17.5 ((T - t0) / 0.45 mod 1) pt; probes near a stroke, a corner of the
  polyline, its ends or the hull's seam are left out.

  spec-lasso.py check NAME FILE.png
  spec-lasso.py selftest NAME FILE.png
      show that the check can fail: the spec worked out with a mistake each
      (the phase frozen at 0, the march reversed, the hull not grown, the
      moves ignored, a duplicate's shift of 0.05); exit 1 if a mistake that
      touches the golden passes
"""
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

GREY = 128.0
PERIOD, DASH = 17.5, 5.0


def pen_width(longer, size):
    """drawing.md section 1: the pen's chosen width."""
    low, high = max(1, 0.002 * longer), max(10, 0.07 * longer)
    return low + (high - low) * size


def on_segment(p, a, b):
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
    if abs(cross) > 1e-9:
        return False
    return min(ax, bx) - 1e-9 <= p[0] <= max(ax, bx) + 1e-9 and min(ay, by) - 1e-9 <= p[1] <= max(ay, by) + 1e-9


def inside(p, polygon):
    result = False
    for i, a in enumerate(polygon):
        b = polygon[(i + 1) % len(polygon)]
        if on_segment(p, a, b):
            return False
        if (a[1] > p[1]) != (b[1] > p[1]):
            x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0])
            if p[0] < x:
                result = not result
    return result


def hull(points):
    """The convex hull, clockwise on a y-down screen, from the top-most (then left-most) vertex."""
    pts = sorted(set((float(x), float(y)) for x, y in points))
    if len(pts) <= 2:
        return sorted(pts, key=lambda p: (p[1], p[0]))

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    ring = lower[:-1] + upper[:-1]
    # Counter-clockwise with y up is clockwise with y down; start at the top-most, then left-most.
    start = min(range(len(ring)), key=lambda i: (ring[i][1], ring[i][0]))
    return ring[start:] + ring[:start]


class Outline:
    """A centre line made of pieces ('line', a, b) and ('arc', centre, radius, start angle, sweep), walked by arc length."""

    def __init__(self, pieces, closed):
        self.pieces, self.closed = pieces, closed
        self.lengths = [math.dist(p[1], p[2]) if p[0] == "line" else p[2] * p[4] for p in pieces]
        self.length = sum(self.lengths)

    def point(self, s):
        for piece, length in zip(self.pieces, self.lengths):
            if s <= length or piece is self.pieces[-1]:
                f = 0 if length == 0 else min(max(s / length, 0), 1)
                if piece[0] == "line":
                    return (piece[1][0] + (piece[2][0] - piece[1][0]) * f, piece[1][1] + (piece[2][1] - piece[1][1]) * f)
                angle = piece[3] + piece[4] * f
                return (piece[1][0] + piece[2] * math.cos(angle), piece[1][1] + piece[2] * math.sin(angle))
            s -= length
        return None

    def corners(self):
        """Arc lengths where an open polyline turns."""
        out, s = [], 0.0
        for length in self.lengths[:-1]:
            s += length
            out.append(s)
        return out if not self.closed else []


def polyline(points):
    return Outline([("line", points[i], points[i + 1]) for i in range(len(points) - 1)], closed=False)


def grown(vertices, width):
    """The hull grown by `width`: from straight above the first vertex, clockwise (screen angles increase)."""
    up = -math.pi / 2
    first = vertices[0]
    if len(vertices) == 1:
        return Outline([("arc", first, width, up, 2 * math.pi)], closed=True)
    n = len(vertices)
    normals = []
    for i in range(n):
        a, b = vertices[i], vertices[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        normals.append(math.atan2(-dx, dy))

    def sweep(a, b):
        turn = (b - a) % (2 * math.pi)
        return 0.0 if turn > 2 * math.pi - 1e-9 else turn
    pieces = [("arc", first, width, up, sweep(up, normals[0]))]
    for i in range(n):
        a, b, angle = vertices[i], vertices[(i + 1) % n], normals[i]
        push = (width * math.cos(angle), width * math.sin(angle))
        pieces.append(("line", (a[0] + push[0], a[1] + push[1]), (b[0] + push[0], b[1] + push[1])))
        after = normals[(i + 1) % n] if i + 1 < n else up
        pieces.append(("arc", b, width, angle, sweep(angle, after)))
    return Outline(pieces, closed=True)


def session(scenario, time, mistake):
    """What the spec says at `time`: each drawn stroke (samples, offset, width, colour) and the outline, if any."""
    width, height = (int(v) for v in scenario["canvas"]["size"].split("x"))
    longer, shorter = max(width, height), min(width, height)
    strokes = scenario["strokes"]
    events = scenario.get("editor", {}).get("events", [])
    items = [{"stroke": i, "moves": [], "base": (0.0, 0.0), "born": s["points"][0][2]} for i, s in enumerate(strokes) if s["tool"] == "pen"]

    def offset(item, t):
        x, y = item["base"]
        if mistake == "moves-ignored":
            return (x, y)
        for samples in item["moves"]:
            if t < samples[0][0]:
                break
            last = samples[-1]
            if t >= last[0]:
                x, y = x + last[1], y + last[2]
                continue
            for a, b in zip(samples, samples[1:]):
                if a[0] <= t < b[0]:
                    f = (t - a[0]) / (b[0] - a[0])
                    x, y = x + a[1] + (b[1] - a[1]) * f, y + a[2] + (b[2] - a[2]) * f
            break
        return (x, y)
    lasso = next(s for s in strokes if s["tool"] == "lasso")
    lasso_points = lasso["points"]
    release, t0 = lasso_points[-1][2], lasso_points[0][2]
    polygon = [tuple(p[:2]) for p in lasso_points]
    selected = [item for item in items
                if strokes[item["stroke"]]["points"][-1][2] <= release
                and 2 * sum(inside(tuple(p[:2]), polygon) for p in strokes[item["stroke"]]["points"]) >= len(strokes[item["stroke"]]["points"])]
    end = math.inf
    for event in events:
        action = event.get("lasso")
        if event["at"] > time or action is None:
            continue
        if isinstance(action, dict):
            for item in selected:
                item["moves"].append(action["move"])
        elif action == "duplicate":
            shift = (0.05 if mistake == "duplicate-0.05" else 0.04) * shorter
            copies = []
            for item in selected:
                x, y = offset(item, event["at"])
                copies.append({"stroke": item["stroke"], "moves": [], "base": (x + shift, y + shift), "born": event["at"]})
            items += copies
            selected = copies
        else:
            end = event["at"]
    drawn = [(strokes[i["stroke"]], offset(i, time)) for i in items if i["born"] <= time]
    if time < release:
        points = [tuple(p[:2]) for p in lasso_points if p[2] <= time]
        after = next((p for p in lasso_points if p[2] > time), None)
        before = [p for p in lasso_points if p[2] <= time][-1]
        if after is not None and before[2] < time:
            f = (time - before[2]) / (after[2] - before[2])
            points.append((before[0] + (after[0] - before[0]) * f, before[1] + (after[1] - before[1]) * f))
        outline = polyline(points)
    elif selected and time < end:
        samples = []
        for item in selected:
            dx, dy = offset(item, time)
            samples += [(p[0] + dx, p[1] + dy) for p in strokes[item["stroke"]]["points"]]
        wmax = max(pen_width(longer, strokes[i["stroke"]]["size"]) for i in selected)
        outline = grown(hull(samples), 0 if mistake == "hull-not-grown" else wmax)
    else:
        outline = None
    phase = 0.0 if mistake == "phase-frozen" else PERIOD * (((time - t0) / 0.45) % 1)
    return drawn, outline, phase, longer


def distance_to_stroke(point, stroke, offset):
    pts = [(p[0] + offset[0], p[1] + offset[1]) for p in stroke["points"]]
    best = math.inf
    for a, b in zip(pts, pts[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = dx * dx + dy * dy
        f = 0 if length == 0 else min(max(((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length, 0), 1)
        best = min(best, math.dist(point, (a[0] + dx * f, a[1] + dy * f)))
    return best


def outline_errors(image, drawn, outline, phase, longer, point, scale, mistake):
    failures, probes = [], 0
    sign = -1 if mistake == "march-reversed" else 1
    # Relative to a period's start: the black dash [0, 5), a gap, the white [8.75, 13.75), a gap.
    kinds = ((2.5, GREY * 0.5, "black dash"), (6.875, GREY, "gap"), (11.25, GREY * 0.5 + 127.5, "white dash"), (15.625, GREY, "gap"))
    start = -sign * phase
    k = math.floor((-start) / PERIOD) - 1
    corners = outline.corners()
    while True:
        base = start + k * PERIOD * 1.0
        k += 1
        if base * point > outline.length + PERIOD * point:
            break
        for offset, level, label in kinds:
            s = (base + offset) * point
            if s < 4 * point or s > outline.length - 4 * point:
                continue
            if any(abs(s - c) < 4 * point for c in corners):
                continue
            where = outline.point(s)
            if any(distance_to_stroke(where, stroke, moved) < pen_width(longer, stroke["size"]) / 2 + 4 * point for stroke, moved in drawn):
                continue
            x, y = int(where[0] * scale), int(where[1] * scale)
            if not (0 <= x < image.shape[1] and 0 <= y < image.shape[0]):
                continue
            got = float(np.max(np.abs(image[y, x, :3].astype(float) - level)))
            probes += 1
            if got > 3:
                failures.append((f"the outline's {label} at s = {s / point:.2f} pt, frame ({x}, {y}), off by", got, 0.0, 3))
    if probes < 12:
        failures.append(("outline probes measured", probes, 12, 0))
    return failures


def centre(image, fixed, lo, hi, vertical, ink):
    """The coverage-weighted middle of a stroke across frame pixels lo..hi of row (or column) `fixed`."""
    channel = int(np.argmax(np.abs(GREY - ink)))
    line = image[fixed, lo:hi, channel] if vertical else image[lo:hi, fixed, channel]
    coverage = np.clip((GREY - line.astype(float)) / (GREY - ink[channel]), 0, 1)
    if coverage.sum() == 0:
        return None
    return lo + float((coverage * (np.arange(len(line)) + 0.5)).sum() / coverage.sum())


def stroke_errors(image, drawn, longer, scale):
    """Each straight (vertical or horizontal) stroke's centre where its samples and offset put it."""
    failures = []
    for stroke, (dx, dy) in drawn:
        pts = stroke["points"]
        ink = np.array([int(stroke["color"][i:i + 2], 16) for i in (1, 3, 5)], dtype=float)
        half = pen_width(longer, stroke["size"]) / 2 + 4
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        if max(xs) == min(xs):
            # A row a third of the way down it.
            y = int((min(ys) + (max(ys) - min(ys)) / 3 + dy) * scale)
            want = (xs[0] + dx) * scale
            got = centre(image, y, int((xs[0] + dx - half) * scale), int((xs[0] + dx + half) * scale) + 1, True, ink)
        elif max(ys) == min(ys):
            x = int((min(xs) + (max(xs) - min(xs)) * 2 / 3 + dx) * scale)
            want = (ys[0] + dy) * scale
            got = centre(image, x, int((ys[0] + dy - half) * scale), int((ys[0] + dy + half) * scale) + 1, False, ink)
        else:
            continue
        if got is None or abs(got - want) > 0.5:
            failures.append((f"a {stroke['color']} stroke's centre at offset ({dx:.1f}, {dy:.1f})", got if got is not None else -1, want, 0.5))
    return failures


def errors(case, image, mistake=None):
    scenario = case["scenario"]
    width = int(scenario["canvas"]["size"].split("x")[0])
    scale = int(case["size"].split("x")[0]) / width
    drawn, outline, phase, longer = session(scenario, case["time"], mistake)
    failures = stroke_errors(image, drawn, longer, scale)
    if outline is not None:
        failures += outline_errors(image, drawn, outline, phase, longer, width / 390, scale, mistake)
    return failures


def mistakes(case, image):
    name = case["name"]
    found = ["phase-frozen"]
    if name in ("lasso-march-b", "lasso-drawn"):
        found.append("march-reversed")
    if name != "lasso-drawn":
        found.append("hull-not-grown")
    if name in ("lasso-moved", "lasso-duplicate"):
        found.append("moves-ignored")
    if name == "lasso-duplicate":
        found.append("duplicate-0.05")
    return found


def main(argv):
    return oracle_support.check_or_selftest(argv, __doc__, "spec-lasso", errors, "the lasso's outline, selection and moves as the spec says", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
