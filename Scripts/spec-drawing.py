#!/usr/bin/env python3
"""An independent evaluation of the drawing spec (../shared/spec/drawing.md,
sections 0-4): the pen's width per kept sample and its smoothed centre line,
and whole frames of every tool, in plain Python double precision and numpy.
It shares no code with callshade: it is written from the spec (and, for
what the spec leaves to us, Docs/drawing.md) so that tests compare
callshade against numbers it did not produce.

  spec-drawing.py geometry FIXTURE.json
      for each stroke of the fixture (a drawing session's "canvas" and
      "strokes"; each stroke's "at" lists instants), print JSON: per stroke
      and instant, the kept samples [x, y, t, width] and the centre line
      [x, y, width]
  spec-drawing.py check NAME FILE.png
      the golden NAME of Goldens/cases.json (fixture "drawing": the session
      Goldens/drawing/SESSION.json at its time, the frame the canvas's
      size): the frame drawn from the spec, every tool laid over the
      canvas in order, against FILE.png by the parity rule (a pencil's
      grain, ours, is held between the frames its stamps give at grain 0.55
      and at 1); then what is measured from the pixels: the slow and the
      fast pen stroke's ink widths in the ratio the width rule gives
      (+-1 px), an arrow's head lines at +-0.45 rad, the marker's stamps
      2 px apart; exit 1 on any failure
  spec-drawing.py selftest NAME FILE.png
      the same check against frames drawn with one mistake at a time (the
      pen's width without speed, the arrow's lines at 0.35 rad, the
      marker's stamps 3 px apart, neon's glow at half its deviation, the
      blur at twice its deviation, the eraser at the pen's widths, the
      pencil's grain doubled); exit 1 if any mistake that changes the golden
      is not refused

What it assumes of the fixture: canvas.size is "WxH"; each stroke has
"tool", "size" (0..1), optionally "zoom" (default 1), "points" as
[x, y, t] with t never decreasing (and, for geometry, "at", seconds); a
marker's or pencil's points lie on a straight line (where any flattening
of the path is exact); no golden's instant lies inside an arrow's draw-in.
"""
import json
import math
import sys


def fail(message):
    print(f"spec-drawing.py: {message}", file=sys.stderr)
    sys.exit(2)


def pen_range(maxdim, size):
    """Section 1: (W, Wmin)."""
    lo = max(1.0, 0.002 * maxdim)
    hi = max(10.0, 0.07 * maxdim)
    w = lo + (hi - lo) * size
    return w, lo + (w - lo) * 0.2


def drawn_by(points, T):
    """Section 0: the samples with t <= T, the last segment cut at T."""
    out = [p for p in points if p[2] <= T]
    if not out:
        return []
    later = [p for p in points if p[2] > T]
    if later:
        a, b = out[-1], later[0]
        if a[2] < T:
            f = (T - a[2]) / (b[2] - a[2])
            out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, T))
    return out


def keep(points, zoom, distance=8.0):
    """Section 1's point filter: drop a sample nearer than 8/zoom (neon: 10/zoom) to the last kept; keep the last."""
    limit = distance / zoom
    kept = []
    for i, p in enumerate(points):
        if not kept or i == len(points) - 1 or math.hypot(p[0] - kept[-1][0], p[1] - kept[-1][1]) >= limit:
            kept.append(p)
    return kept


def widths(kept, W, Wmin):
    """Width from speed, then the 0.3/0.7 low pass; the first takes W; no time passing keeps the last speed."""
    out = []
    v = 0.0
    for i, p in enumerate(kept):
        if i == 0:
            out.append(W)
            continue
        q = kept[i - 1]
        dt = p[2] - q[2]
        if dt > 0:
            v = math.hypot(p[0] - q[0], p[1] - q[1]) / dt
        raw = min(max(W - v / 200.0, Wmin), W)
        out.append(0.3 * raw + 0.7 * out[-1])
    return out


def bezier(ctrl, u):
    """A Bezier point of any degree by the Bernstein form."""
    n = len(ctrl) - 1
    x = y = 0.0
    for k, (cx, cy) in enumerate(ctrl):
        b = math.comb(n, k) * (u ** k) * ((1 - u) ** (n - k))
        x += b * cx
        y += b * cy
    return x, y


def sample_curve(ctrl, w_start, w_end):
    chord = math.hypot(ctrl[-1][0] - ctrl[0][0], ctrl[-1][1] - ctrl[0][1])
    steps = int(min(max(math.floor(chord / 6.0), 24), 48))
    line = []
    for i in range(steps + 1):
        u = i / steps
        x, y = bezier(ctrl, u)
        line.append([x, y, w_start + (w_end - w_start) * u])
    return line


def centre_line(kept, ws):
    """The 4-point midpoint smoothing: a cubic per window of 4 when a 5th arrives, ending at mid(3rd, new)."""
    pts = [((p[0], p[1]), w) for p, w in zip(kept, ws)]
    line = []
    win = []
    for pos, w in pts:
        if len(win) < 4:
            win.append((pos, w))
            continue
        (p2, w2) = win[2]
        mid = ((p2[0] + pos[0]) / 2, (p2[1] + pos[1]) / 2)
        wm = (w2 + w) / 2
        ctrl = [win[0][0], win[1][0], p2, mid]
        line += sample_curve(ctrl, (win[0][1] + win[1][1]) / 2, (w2 + wm) / 2)
        win = [(mid, wm), (pos, w)]
    if len(win) >= 2:
        line += sample_curve([c for c, _ in win], (win[0][1] + win[1][1]) / 2, win[-1][1])
    return line


def geometry(path):
    try:
        session = json.load(open(path, encoding="utf-8"))
        width, height = (int(v) for v in session["canvas"]["size"].split("x"))
    except (OSError, ValueError, KeyError) as error:
        fail(f"{path}: canvas.size cannot be read ({error})")
    maxdim = max(width, height)
    result = []
    for index, stroke in enumerate(session.get("strokes", [])):
        try:
            if stroke["tool"] != "pen":
                fail(f"strokes[{index}].tool: only pen strokes are evaluated")
            points = [(float(p[0]), float(p[1]), float(p[2])) for p in stroke["points"]]
            size, zoom, instants = float(stroke["size"]), float(stroke.get("zoom", 1)), stroke["at"]
        except (KeyError, ValueError, TypeError, IndexError) as error:
            fail(f"strokes[{index}]: a field is missing or not a number ({error})")
        W, Wmin = pen_range(maxdim, size)
        for T in instants:
            kept = keep(drawn_by(points, float(T)), zoom)
            ws = widths(kept, W, Wmin)
            result.append({"stroke": index, "at": T,
                           "kept": [[p[0], p[1], p[2], w] for p, w in zip(kept, ws)],
                           "centre": centre_line(kept, ws)})
    json.dump({"strokes": result}, sys.stdout)
    print()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "geometry":
        geometry(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] in ("check", "selftest"):
        import importlib.util
        spec = importlib.util.spec_from_file_location("drawing_frames", __file__.replace("spec-drawing.py", "spec-drawing-frames.py"))
        frames = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(frames)
        sys.exit(frames.main(sys.argv[1], sys.argv[2], sys.argv[3], sys.modules[__name__]))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
