"""Whole frames of a drawing session from the drawing spec (sections 0-4),
with numpy, and the measurements the drawing goldens are held to: the
`check` and `selftest` commands of spec-drawing.py (which loads this file
and hands it its own geometry: the pen's width rule, the point filter and
the midpoint smoothing). Shares no code with callshade.

Every stroke is laid, in order, over an opaque canvas of straight RGB
values that starts as the canvas's colour:
  pen      the union of its segments' coverage (each a capsule whose end
           discs have the two samples' widths, closed by the quad offset
           +-w/2 along the perpendicular), its colour at alpha x coverage;
           an arrow's two lines from the tip at +-0.45 rad;
  marker   chisel stamps (an ellipse of axes W and 0.35 W turned 30
           degrees) every 2 px, each at a / (W / 2) x 2.5, source-over;
  pencil   discs of 0.3 W every 0.1 W at the same stamp alpha, times a
           grain in 0.55..1 (drawn twice: at 0.55 and at 1);
  neon     the glow (the outline grown by s / 4 over its shadow, a Gaussian
           of deviation 0.95 r), the ring (the edge stroked at s, the core
           mixed 25 % to the glow) and the fill, from nothing, times alpha;
  eraser   the pen's geometry at the marker's width range, the canvas
           going back to its colour by its coverage;
  blur     the same geometry, a mask through which the canvas blurred
           (Gaussian, deviation 0.01 maxdim, the frame's edge repeated)
           shows.
Coverage is clamp(1/2 - signed distance, 0, 1) at each pixel's centre.
A Gaussian's taps are exp(-i^2 / 2 sigma^2) within ceil(3 sigma), normalised.
"""
import json
import math
import pathlib

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "Goldens" / "cases.json"
ARROW_ANGLE = 0.45
MARKER_SPACING = 2.0


def colour(text):
    text = text.lstrip("#")
    values = [int(text[i:i + 2], 16) / 255 for i in range(0, len(text), 2)]
    return np.array(values[:3]), (values[3] if len(values) == 4 else 1.0)


def coverage(distance):
    return np.clip(0.5 - distance, 0.0, 1.0)


def gaussian(sigma):
    reach = int(math.ceil(3 * sigma))
    taps = np.exp(-np.arange(-reach, reach + 1) ** 2 / (2 * sigma * sigma))
    return taps / taps.sum(), reach


def blurred(values, sigma, edge):
    """`values` (rows, columns[, channels]) convolved along rows, then columns; beyond the edge: repeated or 0."""
    taps, reach = gaussian(sigma)
    out = values.astype(np.float64)
    for axis in (1, 0):
        pad = [(0, 0)] * out.ndim
        pad[axis] = (reach, reach)
        padded = np.pad(out, pad, mode="edge" if edge else "constant")
        total = np.zeros_like(out)
        n = out.shape[axis]
        for k, weight in enumerate(taps):
            total += weight * np.take(padded, np.arange(k, k + n), axis=axis)
        out = total
    return out


class Grid:
    """Pixel centres of a box of the frame (which may reach beyond it)."""

    def __init__(self, left, top, width, height):
        self.left, self.top, self.width, self.height = left, top, width, height
        self.x = np.arange(left, left + width)[None, :] + 0.5
        self.y = np.arange(top, top + height)[:, None] + 0.5


def segment_distance(grid, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    px, py = grid.x - ax, grid.y - ay
    t = np.clip((px * dx + py * dy) / length2, 0, 1) if length2 > 0 else 0.0
    return np.hypot(px - t * dx, py - t * dy)


def capsule_distance(grid, a, b, ra, rb):
    """Signed distance to the discs at a and b (radii ra, rb) and the quad between them, offset +-r along the perpendicular:
    the least of the discs' and the quad's, the quad's measured to its sides."""
    d = np.minimum(np.hypot(grid.x - a[0], grid.y - a[1]) - ra, np.hypot(grid.x - b[0], grid.y - b[1]) - rb)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return d
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    corners = [(a[0] + nx * ra, a[1] + ny * ra), (b[0] + nx * rb, b[1] + ny * rb),
               (b[0] - nx * rb, b[1] - ny * rb), (a[0] - nx * ra, a[1] - ny * ra)]
    # The quad's ends lie inside the discs (each end is its disc's diameter): only its sides can bound the capsule.
    sides = np.minimum(segment_distance(grid, corners[0], corners[1]), segment_distance(grid, corners[2], corners[3]))
    signs = []
    for i in range(4):
        p, q = corners[i], corners[(i + 1) % 4]
        signs.append((q[0] - p[0]) * (grid.y - p[1]) - (q[1] - p[1]) * (grid.x - p[0]))
    inside = np.all([sg >= 0 for sg in signs], axis=0) | np.all([sg <= 0 for sg in signs], axis=0)
    return np.minimum(d, np.where(inside, -sides, sides))


def union_coverage(grid, segments):
    cover = np.zeros((grid.height, grid.width))
    for a, b, ra, rb in segments:
        cover = np.maximum(cover, coverage(capsule_distance(grid, a, b, ra, rb)))
    return cover


def marker_range(maxdim, size):
    low, high = max(10.0, 0.01 * maxdim), max(20.0, 0.09 * maxdim)
    return low + (high - low) * size


def pen_segments(spec, stroke, points, T, maxdim, mistakes, eraser=False):
    """The capsules of a pen (or eraser, blur) stroke drawn by T, with an arrow's lines."""
    size = float(stroke["size"])
    if eraser:
        low = max(10.0, 0.01 * maxdim)
        W = marker_range(maxdim, size) if "eraser at the pen's widths" not in mistakes else spec.pen_range(maxdim, size)[0]
        Wmin = low + (W - low) * 0.2 if "eraser at the pen's widths" not in mistakes else spec.pen_range(maxdim, size)[1]
    else:
        W, Wmin = spec.pen_range(maxdim, size)
    if "pen width without speed" in mistakes:
        Wmin = W
    kept = spec.keep(points, float(stroke.get("zoom", 1)))
    widths = spec.widths(kept, W, Wmin)
    if len(kept) == 1:
        return [((kept[0][0], kept[0][1]), (kept[0][0], kept[0][1]), W / 2, W / 2)]
    line = spec.centre_line(kept, widths)
    segments = [((p[0], p[1]), (q[0], q[1]), p[2] / 2, q[2] / 2) for p, q in zip(line, line[1:])]
    end = float(stroke["points"][-1][2])
    if stroke.get("arrow") and T >= end:
        if T < end + 0.2:
            raise SystemExit(f"spec-drawing: {T} s lies inside an arrow's draw-in, which this oracle does not model")
        length = max(max(10.0, 0.02 * maxdim), 3 * W)
        tip = line[-1]
        searched = list(reversed(line[:-1]))[:200]
        back = next((p for p in searched if math.hypot(p[0] - tip[0], p[1] - tip[1]) > length / 2), searched[-1])
        distance = math.hypot(back[0] - tip[0], back[1] - tip[1])
        ux, uy = (back[0] - tip[0]) / distance, (back[1] - tip[1]) / distance
        angle = ARROW_ANGLE if "arrow at 0.35 rad" not in mistakes else 0.35
        for turn in (angle, -angle):
            c, s = math.cos(turn), math.sin(turn)
            far = (tip[0] + (ux * c - uy * s) * length, tip[1] + (ux * s + uy * c) * length)
            segments.append(((tip[0], tip[1]), far, tip[2] / 2, tip[2] / 2))
    return segments


def line_path(points):
    """The stamp path of samples on a straight line: the polyline through them (any midpoint quadratic of them lies on it)."""
    return [(p[0], p[1]) for p in points]


def spaced(path, spacing):
    out = [path[0]]
    carry = spacing
    for a, b in zip(path, path[1:]):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        along = carry
        while along <= length:
            f = along / length
            out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
            along += spacing
        carry = along - length
    return out


def stamp_alpha(alpha, W):
    return min(alpha / (W / 2) * 2.5, 1.0)


def marker_layer(grid, points, W, alpha, mistakes):
    spacing = MARKER_SPACING if "marker stamps 3 px apart" not in mistakes else 3.0
    a, b, turn = W / 2, 0.35 * W / 2, math.pi / 6
    c, s = math.cos(turn), math.sin(turn)
    clear = np.ones((grid.height, grid.width))
    for cx, cy in spaced(line_path(points), spacing):
        dx, dy = grid.x - cx, grid.y - cy
        qx, qy = dx * c + dy * s, -dx * s + dy * c
        k0 = np.hypot(qx / a, qy / b)
        k1 = np.hypot(qx / (a * a), qy / (b * b))
        with np.errstate(divide="ignore", invalid="ignore"):
            distance = np.where(k1 > 0, k0 * (k0 - 1) / k1, -min(a, b))
        clear *= 1 - alpha * coverage(distance)
    return 1 - clear


def pencil_layer(grid, points, W, alpha, grain):
    clear = np.ones((grid.height, grid.width))
    radius = 0.3 * W / 2
    for cx, cy in spaced(line_path(points), 0.1 * W):
        clear *= 1 - alpha * grain * coverage(np.hypot(grid.x - cx, grid.y - cy) - radius)
    return 1 - clear


def neon_layer(spec, stroke, points, maxdim, width, height, mistakes):
    """The neon's premultiplied RGBA over the frame."""
    W, _ = spec.pen_range(maxdim, float(stroke["size"]))
    shorter = min(width, height)
    s, r = 0.01 * shorter, 0.03 * shorter
    sigma = 0.95 * r * (0.5 if "neon glow at half its deviation" in mistakes else 1)
    kept = spec.keep(points, float(stroke.get("zoom", 1)), 10.0)
    line = [(p[0], p[1]) for p in (spec.centre_line(kept, [W] * len(kept)) if len(kept) > 1 else kept)]
    _, reach = gaussian(sigma)
    grid = Grid(-reach, -reach, width + 2 * reach, height + 2 * reach)
    distance = np.full((grid.height, grid.width), np.inf)
    for a, b in (zip(line, line[1:]) if len(line) > 1 else [(line[0], line[0])]):
        distance = np.minimum(distance, segment_distance(grid, a, b))
    shape = coverage(distance - (W / 2 + s / 4))
    ring = np.maximum(coverage(distance - (W / 2 + s / 2)) - coverage(distance - (W / 2 - s / 2)), 0)
    fill = coverage(distance - W / 2)
    glow_amount = blurred(shape, sigma, edge=False)
    rgb, alpha = colour(stroke["color"])
    luminance = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    core, glow = (rgb, np.array([0x44, 0x08, 0x81]) / 255) if luminance < 0.1 else (np.ones(3), rgb)
    value = np.zeros(shape.shape + (4,))
    for paint, amount in ((glow, glow_amount), (core, shape), (core + (glow - core) * 0.25, ring), (core, fill)):
        a = amount[..., None]
        value = np.concatenate([paint * a, a], axis=-1) + value * (1 - a)
    inner = value[reach:reach + height, reach:reach + width]
    return inner * alpha


def frames(spec, session, T, mistakes=()):
    """The frame at T (rows, columns, RGB in 0..1), twice: with a pencil's grain at 0.55 and at 1."""
    width, height = (int(v) for v in session["canvas"]["size"].split("x"))
    maxdim = max(width, height)
    background, _ = colour(session["canvas"].get("background", "#FFFFFF"))
    grid = Grid(0, 0, width, height)
    canvases = [np.tile(background, (height, width, 1)) for _ in range(2)]
    for stroke in session["strokes"]:
        raw = [(float(p[0]), float(p[1]), float(p[2])) for p in stroke["points"]]
        points = spec.drawn_by(raw, T)
        if not points:
            continue
        tool = stroke["tool"]
        rgb, alpha = colour(stroke["color"])
        for which, canvas in enumerate(canvases):
            if tool == "pen":
                cover = union_coverage(grid, pen_segments(spec, stroke, points, T, maxdim, mistakes)) * alpha
                canvas[:] = canvas * (1 - cover[..., None]) + rgb * cover[..., None]
            elif tool in ("eraser", "blur"):
                cover = union_coverage(grid, pen_segments(spec, stroke, points, T, maxdim, mistakes, eraser=True))[..., None]
                if tool == "eraser":
                    canvas[:] = canvas * (1 - cover) + background * cover
                else:
                    sigma = 0.01 * maxdim * (2 if "blur at twice its deviation" in mistakes else 1)
                    canvas[:] = canvas * (1 - cover) + blurred(canvas, sigma, edge=True) * cover
            elif tool == "marker":
                W = marker_range(maxdim, float(stroke["size"]))
                layer = marker_layer(grid, points, W, stamp_alpha(alpha, W), mistakes)[..., None]
                canvas[:] = canvas * (1 - layer) + rgb * layer
            elif tool == "pencil":
                W = marker_range(maxdim, float(stroke["size"]))
                grain = (0.55, 1.0)[which] * (2 if "pencil grain doubled" in mistakes else 1)
                layer = pencil_layer(grid, points, W, stamp_alpha(alpha, W), grain)[..., None]
                canvas[:] = canvas * (1 - layer) + rgb * layer
            elif tool == "neon":
                value = neon_layer(spec, stroke, points, maxdim, width, height, mistakes)
                canvas[:] = value[..., :3] + canvas * (1 - value[..., 3:])
            else:
                raise SystemExit(f"spec-drawing: unknown tool {tool}")
    return canvases


def case(name):
    cases = {c["name"]: c for c in json.load(open(CASES, encoding="utf-8"))["cases"]}
    if name not in cases or cases[name].get("fixture") != "drawing":
        raise SystemExit(f"spec-drawing: Goldens/cases.json has no drawing case {name}")
    found = cases[name]
    session = json.load(open(ROOT / "Goldens" / "drawing" / f"{found['session']}.json", encoding="utf-8"))
    if found["size"] != session["canvas"]["size"]:
        raise SystemExit(f"spec-drawing: {name}: the frame must be the canvas's size")
    return found, session


def read_png(path):
    from PIL import Image
    return np.asarray(Image.open(path).convert("RGB")).astype(np.int64)


def parity(got, low, high):
    """Per channel: how far the golden lies outside [low, high] (levels); the parity rule on that."""
    lo, hi = np.minimum(low, high), np.maximum(low, high)
    outside = np.maximum(np.maximum(lo - got, got - hi), 0)
    over1 = int((outside > 1).sum())
    pixels_over1 = int((outside > 1).any(axis=2).sum())
    worst = int(outside.max())
    ok = pixels_over1 <= 0.001 * got.shape[0] * got.shape[1] and worst <= 2
    return ok, f"largest difference {worst}, {over1} channels over 1"


def ink_coverage(pixels, background, ink):
    """Each pixel's share of `ink` over `background`, by the channel where they differ most."""
    channel = int(np.argmax(np.abs(background - ink)))
    return np.clip((background[channel] - pixels[..., channel]) / (background[channel] - ink[channel]), 0, 1)


def measure(spec, name, found, session, got):
    """The measurements from the pixels; a list of (ok, line)."""
    results = []
    width, height = (int(v) for v in session["canvas"]["size"].split("x"))
    maxdim = max(width, height)
    background = np.array(colour(session["canvas"]["background"])[0]) * 255
    strokes = session["strokes"]
    T = found["time"]
    if name == "drawing-pen-finished":
        column = 150
        measured, expected = [], []
        for stroke in strokes[:2]:
            raw = [(float(p[0]), float(p[1]), float(p[2])) for p in stroke["points"]]
            W, Wmin = spec.pen_range(maxdim, float(stroke["size"]))
            kept = spec.keep(spec.drawn_by(raw, T), float(stroke.get("zoom", 1)))
            line = spec.centre_line(kept, spec.widths(kept, W, Wmin))
            nearest = min(line, key=lambda p: abs(p[0] - (column + 0.5)))
            y = int(nearest[1])
            ink = np.array(colour(stroke["color"])[0]) * 255
            rows = got[max(y - 20, 0):y + 20, column]
            measured.append(float(ink_coverage(rows, background, ink).sum()))
            expected.append(nearest[2])
        ratio = expected[1] / expected[0]
        ok = all(abs(m - e) <= 1 for m, e in zip(measured, expected)) and abs(measured[1] - measured[0] * ratio) <= 1
        results.append((ok, f"ink widths at x {column}: slow {measured[0]:.2f} px (rule {expected[0]:.2f}), fast {measured[1]:.2f} px "
                            f"(rule {expected[1]:.2f}); fast / slow {measured[1] / measured[0]:.3f}, the rule's {ratio:.3f}"))
    if name == "drawing-arrow-finished":
        stroke = strokes[0]
        W, _ = spec.pen_range(maxdim, float(stroke["size"]))
        length = max(max(10.0, 0.02 * maxdim), 3 * W)
        tip, start = stroke["points"][-1], stroke["points"][0]
        back = math.atan2(start[1] - tip[1], start[0] - tip[0])
        ink = np.array(colour(stroke["color"])[0]) * 255
        cover = ink_coverage(got, background, ink)
        ys, xs = np.mgrid[0:height, 0:width] + 0.5
        distance = np.hypot(xs - tip[0], ys - tip[1])
        angle = (np.arctan2(ys - tip[1], xs - tip[0]) - back + math.pi) % (2 * math.pi) - math.pi
        # Beyond the lines' length only their round ends show: discs on each line, cut by a circle about the tip, symmetric about it.
        ends = (distance > length) & (distance < length + W) & (cover > 0)
        found_angles = []
        for side in (1, -1):
            mask = ends & (side * angle > 0.225)
            weights = cover[mask]
            found_angles.append(float((angle[mask] * weights).sum() / weights.sum()) if weights.sum() > 0 else float("nan"))
        ok = all(abs(abs(a) - ARROW_ANGLE) <= 0.03 for a in found_angles)
        results.append((ok, f"arrow head lines at {found_angles[0]:+.3f} and {found_angles[1]:+.3f} rad about the stroke (the spec: +-0.45)"))
    if name == "drawing-marker-finished":
        stroke = strokes[0]
        W = marker_range(maxdim, float(stroke["size"]))
        rgb, alpha = colour(stroke["color"])
        stamp = stamp_alpha(alpha, W)
        a, b, turn = W / 2, 0.35 * W / 2, math.pi / 6
        c, s = math.cos(turn), math.sin(turn)
        y0 = float(stroke["points"][0][1])
        spacings = []
        for row in (int(y0) - 1, int(y0)):
            offset = row + 0.5 - y0
            qa = c * c / (a * a) + s * s / (b * b)
            qb = 2 * offset * c * s * (1 / (a * a) - 1 / (b * b))
            qc = offset * offset * (s * s / (a * a) + c * c / (b * b)) - 1
            chord = math.sqrt(qb * qb - 4 * qa * qc) / qa
            share = ink_coverage(got[row, 90:150], background, rgb * 255).mean()
            stamps = math.log(1 - share) / math.log(1 - stamp)
            spacings.append(chord / stamps)
        ok = all(abs(v - 2) <= 0.3 for v in spacings)
        results.append((ok, f"marker stamps {spacings[0]:.2f} and {spacings[1]:.2f} px apart along rows beside its middle (the spec: 2)"))
    return results


def check(spec, name, path, mistakes=()):
    found, session = case(name)
    got = read_png(path)
    low, high = (np.floor(f * 255 + 0.5) for f in frames(spec, session, found["time"], mistakes))
    ok, line = parity(got, low, high)
    results = [(ok, f"the frame from the spec: {line}")]
    if not mistakes and any(s["tool"] == "pencil" for s in session["strokes"]):
        ink = np.abs(high - low).max(axis=2) > 2
        inside = ink & (np.abs(got - low).max(axis=2) > 1) & (np.abs(got - high).max(axis=2) > 1)
        share = inside.sum() / max(ink.sum(), 1)
        results.append((share > 0.3, f"the pencil's grain: {100 * share:.0f} % of its ink lies strictly between no grain and the least"))
    if not mistakes:
        results += measure(spec, name, found, session, got)
    return results


# Each mistake, and the tools whose frames it can change.
MISTAKES = {"pen width without speed": {"pen", "eraser", "blur"}, "arrow at 0.35 rad": {"pen"}, "marker stamps 3 px apart": {"marker"},
            "neon glow at half its deviation": {"neon"}, "blur at twice its deviation": {"blur"},
            "eraser at the pen's widths": {"eraser", "blur"}, "pencil grain doubled": {"pencil"}}


def main(command, name, path, spec):
    if command == "check":
        results = check(spec, name, path)
        for ok, line in results:
            print(f"{path}: {line} -> {'ok' if ok else 'FAIL'}")
        return 0 if all(ok for ok, _ in results) else 1
    status = 0
    found, session = case(name)
    plain = frames(spec, session, found["time"])
    tools = {stroke["tool"] for stroke in session["strokes"]}
    for mistake, changes in MISTAKES.items():
        if not tools & changes:
            continue
        wrong = frames(spec, session, found["time"], (mistake,))
        if all(np.array_equal(np.floor(p * 255 + 0.5), np.floor(w * 255 + 0.5)) for p, w in zip(plain, wrong)):
            continue
        refused = not all(ok for ok, _ in check(spec, name, path, (mistake,)))
        print(f"{path}: with the mistake '{mistake}' -> {'refused' if refused else 'PASSED (the check cannot see it)'}")
        status |= 0 if refused else 1
    return status
