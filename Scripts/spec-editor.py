#!/usr/bin/env python3
"""An independent check of the drawing editor's effects on the canvas
(editor.md section 0) that measures from pixels. It shares no code with
callshade: it reads a golden's scenario from Goldens/cases.json (a drawing
of straight pen strokes and filled rectangles over a white canvas, with an
"editor"), works out from the spec alone what shows at the golden's instant
and where, and measures the PNG:

- Undo removes the last stroke in file order that has finished (its last
  sample at or before the undo) and is not removed; Clear All removes every
  finished stroke and every entity whose first key is at or before it. A
  stroke shown is its colour at the middle of its longest segment, one
  removed is the canvas's white there (3 levels); a rectangle likewise at
  its centre.
- The zoom: canvas point p goes to C + z f (p - c), f the fit scale, z and
  c linear between the pinch's samples; per axis c is the canvas's centre
  where the zoomed canvas is narrower than the frame, else clamped so no
  canvas edge enters it. Every frame pixel of a column across each shown
  stroke is mapped back to the canvas and measured against the pen's
  outline (spec-drawing's pen geometry): a pixel more than 1 px inside is
  the colour, more than 1 px outside white (3 levels); the canvas's edges
  (the first and last rows and columns that are not black along the
  frame's middle row and the column 45 pt from its left, clear of the
  editor's screen) within 1 px of where the spec puts them, black beyond.

  spec-editor.py check NAME FILE.png
  spec-editor.py selftest NAME FILE.png
      show that the check can fail: the spec worked out with a mistake each
      (undo taking the last stroke to finish rather than the last in file
      order, clear leaving the entities, the zoom's centre not clamped,
      the zoom about the canvas's corner, no black around the canvas);
      exit 1 if a mistake that touches the golden passes
"""
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

WHITE = np.full(3, 255.0)


def colour(text):
    return np.array([int(text[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


def shown(scenario, time, mistake):
    """The strokes and entities not removed at `time`, by their places in the file."""
    strokes, entities = scenario["strokes"], scenario.get("entities", [])
    finished = [s["points"][-1][2] for s in strokes]
    removed, gone = set(), set()
    for event in scenario["editor"].get("events", []):
        at = event["at"]
        if at > time:
            break
        if event.get("undo"):
            candidates = [i for i in range(len(strokes)) if finished[i] <= at and i not in removed]
            if candidates:
                pick = max(candidates, key=lambda i: (finished[i], i)) if mistake == "undo-by-time" else max(candidates)
                removed.add(pick)
        elif event.get("clear"):
            removed |= {i for i in range(len(strokes)) if finished[i] <= at}
            if mistake != "clear-keeps-entities":
                gone |= {i for i, e in enumerate(entities) if e["keys"][0]["at"] <= at}
    return ([i for i in range(len(strokes)) if i not in removed and strokes[i]["points"][0][2] <= time],
            [i for i, e in enumerate(entities) if i not in gone and e["keys"][0]["at"] <= time])


def placement(scenario, frame, time, mistake):
    """(scale, offset x, offset y): frame point = canvas point x scale + offset."""
    cw, ch = (int(v) for v in scenario["canvas"]["size"].split("x"))
    fw, fh = frame
    fit = min(fw / cw, fh / ch)
    z, c = 1.0, (cw / 2, ch / 2)
    for event in scenario["editor"].get("events", []):
        samples = event.get("zoom")
        if not samples or event["at"] > time:
            continue
        if event.get("zoomOut"):
            raise SystemExit("spec-editor: Zoom Out is not measured")
        before = [s for s in samples if s[0] <= time]
        after = [s for s in samples if s[0] > time]
        a = before[-1]
        if after:
            b = after[0]
            u = (time - a[0]) / (b[0] - a[0])
            z, c = a[1] + (b[1] - a[1]) * u, (a[2] + (b[2] - a[2]) * u, a[3] + (b[3] - a[3]) * u)
        else:
            z, c = a[1], (a[2], a[3])
    scale = z * fit
    centre = []
    for value, canvas, side in ((c[0], cw, fw), (c[1], ch, fh)):
        half = side / (2 * scale)
        if canvas * scale <= side:
            value = canvas / 2
        elif mistake != "unclamped":
            value = min(max(value, half), canvas - half)
        centre.append(value)
    if mistake == "about-corner":
        return scale, (fw - cw * fit) / 2, (fh - ch * fit) / 2
    return scale, fw / 2 - centre[0] * scale, fh / 2 - centre[1] * scale


def level_errors(label, image, x, y, want, tolerance=3):
    got = image[y, x, :3].astype(float)
    worst = float(np.max(np.abs(got - want)))
    return [] if worst <= tolerance else [(f"{label} at frame ({x}, {y}) off by", worst, 0.0, tolerance)]


def pen_distance(stroke, longer, point):
    """The signed distance from canvas point `point` to a finished pen stroke, by spec-drawing's oracle: below 0 inside."""
    drawing = oracle_support.script("spec_drawing", "spec-drawing.py")
    frames = oracle_support.script("spec_drawing_frames", "spec-drawing-frames.py")
    grid = frames.Grid(0, 0, 1, 1)
    grid.x, grid.y = np.array([[point[0]]]), np.array([[point[1]]])
    time = stroke["points"][-1][2]
    points = drawing.drawn_by([tuple(float(v) for v in p) for p in stroke["points"]], time)
    segments = frames.pen_segments(drawing, stroke, points, time, longer, ())
    return min(float(frames.capsule_distance(grid, a, b, ra, rb)[0, 0]) for a, b, ra, rb in segments)


def errors(case, image, mistake=None):
    scenario = case["scenario"]
    frame = tuple(int(v) for v in case["size"].split("x"))
    cw, ch = (int(v) for v in scenario["canvas"]["size"].split("x"))
    longer = max(cw, ch)
    time = case["time"]
    scale, ox, oy = placement(scenario, frame, time, mistake)
    strokes, entities = scenario["strokes"], scenario.get("entities", [])
    on_strokes, on_entities = shown(scenario, time, mistake)
    failures = []

    def to_frame(p):
        return p[0] * scale + ox, p[1] * scale + oy

    def inside_frame(x, y):
        return 0 <= x < frame[0] and 0 <= y < frame[1]

    for index, stroke in enumerate(strokes):
        if stroke["points"][0][2] > time:
            continue
        points = stroke["points"]
        longest = max(range(len(points) - 1), key=lambda i: math.dist(points[i][:2], points[i + 1][:2]))
        a, b = points[longest], points[longest + 1]
        x, y = (int(v) for v in to_frame(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)))
        if not inside_frame(x, y):
            continue
        ink = colour(stroke["color"])
        if index not in on_strokes:
            failures += level_errors(f"stroke {index}, removed", image, x, y, WHITE)
            continue
        # The column through the middle, 40 frame px either side: inside the outline the colour, outside white.
        for row in range(max(y - 40, 0), min(y + 41, frame[1])):
            canvas_point = ((x + 0.5 - ox) / scale, (row + 0.5 - oy) / scale)
            distance = pen_distance(stroke, longer, canvas_point) * scale
            if abs(distance) <= 1:
                continue
            failures += level_errors(f"stroke {index} ({'inside' if distance < 0 else 'outside'} by {abs(distance):.1f} px)",
                                     image, x, row, ink if distance < 0 else WHITE)
    for index, entity in enumerate(entities):
        key = entity["keys"][0]
        if key["at"] > time:
            continue
        x, y = (int(v) for v in to_frame((key["x"], key["y"])))
        if inside_frame(x, y):
            failures += level_errors(f"entity {index}{'' if index in on_entities else ', removed'}", image, x, y,
                                     colour(entity["color"]) if index in on_entities else WHITE)
    # The canvas's edges along the frame's middle row and column, black beyond them.
    surround = scenario["editor"].get("on", True) and mistake != "no-surround"
    left, top = ox, oy
    right, bottom = ox + cw * scale, oy + ch * scale
    # The frame's middle row, and the column 45 pt from the left, which no part of the editor's screen crosses.
    middle_row, middle_column = image[frame[1] // 2, :, :3].astype(float), image[:, int(frame[0] * 45 / 390), :3].astype(float)
    for label, line, low, high, length in (("left and right", middle_row, left, right, frame[0]),
                                           ("top and bottom", middle_column, top, bottom, frame[1])):
        if not surround:
            continue
        lit = np.nonzero(line.max(axis=1) > 8)[0]
        spec_low, spec_high = max(low, 0), min(high, length)
        got_low, got_high = (int(lit.min()), int(lit.max()) + 1) if len(lit) else (length, 0)
        for side, got, want in ((label.split(" and ")[0], got_low, spec_low), (label.split(" and ")[1], got_high, spec_high)):
            if abs(got - want) > 1:
                failures.append((f"the canvas's {side} edge", got, want, 1))
    if not surround and (oy > 1 or ox > 1):
        corner = image[0, 0, :3].astype(float)
        if float(np.max(corner)) < 250:
            failures.append(("the frame's corner, outside the canvas, against the canvas's white", float(np.max(corner)), 255.0, 5))
    return failures


def mistakes(case, image):
    name = case["name"]
    if name.endswith("undo"):
        return ["undo-by-time"]
    if name.endswith("clear"):
        return ["clear-keeps-entities", "no-surround"]
    return ["unclamped", "about-corner", "no-surround"]


def main(argv):
    return oracle_support.check_or_selftest(argv, __doc__, "spec-editor", errors, "the editor's undo, clear and zoom as the spec says", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
