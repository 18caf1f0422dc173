#!/usr/bin/env python3
"""An independent check of the drawing editor's screen (editor.md sections
1 to 3) that measures from pixels. It shares no code with callshade: it
reads a golden's scenario from Goldens/cases.json, works out from the spec
alone where each tool is and what its weight band looks like at the
golden's instant, and measures the PNG:

- the layout: W = 390 pt, scale = frame width / 390, H = frame height /
  scale, the panel's top P = H - 34 - 161; tool i's centre x = W/2 - 110 +
  44 i, y = P + 58 + o (o 34 at rest, 18 selected), its 40 x 176 image at
  scale 0.5 about that centre;
- selecting a tool moves o on UIKit's spring U(0.7, 0.6) (written here
  from the spec's formula), the old tool's down and the new one's up,
  added to the targets the way UIKit adds animations;
- each band (pen, marker, neon, pencil): x 3..37, y 76 .. 76 + 24 (0.08 +
  0.92 size) in image units. Down the band's middle column the coverage of
  the band over the body (each pixel's level between the body's #3A3B3B
  and the band's middle colour) adds up to its height, and its top edge
  lies where the coverage starts: both within 0.35 px; the band's middle
  is its colour c, its left and right quarters as the spec's rule says
  (pen, marker, neon: 0.7c at the edge, linear to c at 0.15; pencil 1.15c
  in the middle half, 0.85c outside), kc scaling the HSB brightness by k,
  at most 1: 3 levels at pixels whose centre is 1 px or more from a stop;
- the controls: the Undo icon's brightest level white at alpha 1 with a
  stroke shown, 0.3 without, over the canvas (2 levels); the colour
  ring's colour at pixels on its middle radius, conic from 5.71 degrees
  below +x clockwise through the spec's eight stops (2 levels); the
  weight slider's thickness at x 12, 100 and 264 of the 276-pt control,
  4 + 19 (x - 2) / 262.5 pt (its tint's coverage down the column, 0.35
  px); its knob's centre at 12 + 252 v (1 px); the size preview's
  diameter 2 + 26 v pt along the canvas's middle row (1 px);
- the glass (section 2): down a column of the control (local x 100 of the
  slider, 170 of the Draw / Text control: nothing else drawn there), each
  pixel is the #888888 tint at 0.3 over a Gaussian (sigma 10 pt) of the
  canvas as drawn; the canvas there is its plain background over the
  black below it, so the blur is worked out here in one dimension from
  the canvas's column at x 45 pt (read from the golden, where nothing
  covers it), each row's level convolved with the sampled Gaussian (2
  levels).

  spec-editor-chrome.py check NAME FILE.png
  spec-editor-chrome.py selftest NAME FILE.png
      show that the check can fail: the spec worked out with a mistake each
      (the band's height without its 0.08 floor, the rise of 16 pt not
      applied, the spring's zeta taken as 0.8, the brightness scaled past
      1, the panel's top without the bottom inset; a disabled alpha of 0.5,
      the ring from +x or anticlockwise, the wedge reversed, the knob
      without its 12-pt margins, the preview without its 2-pt floor; the
      glass without its blur, or blurred with sigma 5 pt);
      exit 1 if a mistake that touches the golden passes
"""
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

TOOLS = ["pen", "marker", "neon", "pencil", "lasso", "eraser"]
DEFAULTS = {"pen": ("#FFFFFF", 0.3), "marker": ("#FEE21B", 0.5), "neon": ("#34FFAB", 0.5), "pencil": ("#2570F0", 0.5), "eraser": (None, 0.5)}
BODY = np.array([0x3A, 0x3B, 0x3B], dtype=float)


def colour(text):
    return np.array([int(text[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


def uikit(t, d, zeta):
    if t <= 0:
        return 0.0
    if t >= d:
        return 1.0
    omega = math.log(1500) / (zeta * d)
    wd = omega * math.sqrt(1 - zeta * zeta)
    return 1 - math.exp(-zeta * omega * t) * (math.cos(wd * t) + zeta / math.sqrt(1 - zeta * zeta) * math.sin(wd * t))


def drops(editor, time, mistake):
    """Each tool's o at `time` from its taps (selection only)."""
    selected = editor.get("tool", "pen")
    zeta = 0.8 if mistake == "zeta-0.8" else 0.6
    rise = 0 if mistake == "no-rise" else 16
    o = {tool: 34.0 - (rise if tool == selected else 0) for tool in TOOLS}
    changes = []
    for event in editor.get("events", []):
        if event["at"] > time:
            break
        if "tool" in event and event["tool"] != selected:
            changes.append((event["at"], selected, +rise))
            changes.append((event["at"], event["tool"], -rise))
            selected = event["tool"]
        elif set(event) - {"at"}:
            raise SystemExit(f"spec-editor-chrome: the event {event} is not measured")
    for at, tool, change in changes:
        # UIKit's rule: the target now, plus what each change still owes: (before - after)(1 - x(t - t_k)).
        o[tool] += change
        o[tool] += -change * (1 - uikit(time - at, 0.7, zeta))
    return o


def brightened(c, k, mistake):
    top = max(c) / 255
    if top == 0:
        return c
    scaled = top * k if mistake == "unclamped-brightness" else min(top * k, 1)
    return c * scaled / top


def band_colour(tool, c, u, mistake):
    if tool == "pencil":
        return brightened(c, 1.15, mistake) if 0.25 <= u < 0.75 else brightened(c, 0.85, mistake)
    edge = brightened(c, 0.7, mistake)
    if u < 0.15:
        return edge + (c - edge) * (u / 0.15)
    if u > 0.85:
        return c + (edge - c) * ((u - 0.85) / 0.15)
    return c


RING = ["#E1564C", "#AD4DC9", "#579FF2", "#4FCBD0", "#80E655", "#DAD138", "#E59645", "#E1564C"]
RING_AT = [0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1]


def ring_colour(angle, mistake):
    start = 0 if mistake == "ring-from-x" else math.radians(5.71)
    turn = (angle - start) / (2 * math.pi)
    if mistake == "ring-anticlockwise":
        turn = -turn
    u = turn - math.floor(turn)
    for k in range(len(RING_AT) - 1):
        if u < RING_AT[k + 1]:
            share = (u - RING_AT[k]) / (RING_AT[k + 1] - RING_AT[k])
            return colour(RING[k]) * (1 - share) + colour(RING[k + 1]) * share
    return colour(RING[-1])


def size_at(editor, time):
    """The slider's value at `time` from the size drags (linear between samples; held after)."""
    value = 0.5
    for event in editor.get("events", []):
        samples = event.get("size")
        if not samples or samples[0][0] > time:
            continue
        value = samples[-1][1]
        for a, b in zip(samples, samples[1:]):
            if a[0] <= time < b[0]:
                value = a[1] + (b[1] - a[1]) * (time - a[0]) / (b[0] - a[0])
    return value


def controls_errors(case, image, mistake):
    """The top bar's alpha (enabled 1, disabled 0.3), the colour ring's colours, the slider's thickness, its knob and the size preview."""
    scenario = case["scenario"]
    editor = scenario["editor"]
    frame_w, frame_h = (int(v) for v in case["size"].split("x"))
    k = frame_w / 390
    height = frame_h / k
    bottom = height - 34
    bg = colour(scenario["canvas"]["background"])
    failures = []
    strokes_shown = any(s["points"][0][2] <= case["time"] for s in scenario.get("strokes", []))
    alpha = 1.0 if strokes_shown else (0.5 if mistake == "disabled-0.5" else 0.3)
    # The Undo icon's brightest pixel (a 5/3 pt line covers whole pixels) is white at the alpha over the canvas.
    box = image[int(66 * k):int(90 * k), int(12 * k):int(36 * k), 0].astype(float)
    want = bg[0] + (255 - bg[0]) * alpha
    if abs(box.max() - want) > 2:
        failures.append(("the Undo icon's brightest level", float(box.max()), want, 2))
    if "slider" not in case["name"]:
        # The ring (r 13.5..16.5 about (25, H - sB - 73)) at its middle radius, at pixels between the stops.
        cx, cy = 25 * k, (bottom - 73) * k
        for u in (0.075, 0.375, 0.525, 0.825):
            angle = math.radians(5.71) + 2 * math.pi * u
            px, py = int(cx + 15 * k * math.cos(angle)), int(cy + 15 * k * math.sin(angle))
            centre_angle = math.atan2(py + 0.5 - cy, px + 0.5 - cx)
            want_rgb = ring_colour(centre_angle, mistake)
            got = image[py, px, :3].astype(float)
            if float(np.max(np.abs(got - want_rgb))) > 2:
                failures.append((f"the ring at u {u} (frame {px}, {py}) off by", float(np.max(np.abs(got - want_rgb))), 0.0, 2))
        return failures
    # The slider: the wedge (r 2 at x 2, r 11.5 at w - 11.5, of the 276-pt control at x 57, y H - sB - 41) tinted #888888 at 0.3 over black.
    w = 390 - 114
    top = (bottom - 41) * k
    tint = 0x88 * 0.3
    for local in (12, 100, 264):
        column = int((57 + local) * k)
        centre_x = (column + 0.5) / k - 57
        # Within the control's box (above it lies the canvas), where only the wedge is drawn at these columns.
        rows = image[int(top + k):int(top + 31 * k), column, 0].astype(float)
        got = float(np.clip(rows / tint, 0, 1).sum())
        if mistake == "wedge-reversed":
            centre_x = w - centre_x
        want_t = (4 + 19 * (centre_x - 2) / 262.5) * k
        if abs(got - want_t) > 0.35:
            failures.append((f"the slider's thickness at x {local} (px)", got, want_t, 0.35))
    size = size_at(editor, case["time"])
    knob = (57 + (w * size if mistake == "knob-no-margin" else 12 + (w - 24) * size)) * k
    row = image[int(top + 16 * k), int(57 * k):int((57 + w) * k), 0].astype(float)
    white = np.nonzero(row > 200)[0] + int(57 * k)
    got_knob = (white.min() + white.max() + 1) / 2 if len(white) else 0
    if abs(got_knob - knob) > 1:
        failures.append(("the knob's centre (px)", got_knob, knob, 1))
    # The size preview: a white disc of D = 2 + 26 v pt on the canvas's centre; its width along the centre row where it is brighter than halfway.
    d = ((26 * size) if mistake == "preview-no-floor" else (2 + 26 * size)) * k
    cx, cy = 195 * k, (height / 2) * k
    line = image[int(cy), int(cx - d):int(cx + d) + 1, 0].astype(float)
    half = (bg[0] + 255) / 2
    lit = np.nonzero(line > half)[0]
    if len(lit) == 0:
        failures.append(("the size preview: nothing brighter than halfway; its diameter", 0.0, d, 1))
        return failures
    # Sub-pixel edges: interpolate the crossings of the halfway level.
    first, last = lit.min(), lit.max()
    left = first - (line[first] - half) / max(line[first] - line[first - 1], 1e-9)
    right = last + (line[last] - half) / max(line[last] - line[last + 1], 1e-9)
    got_d = right - left + 1
    if abs(got_d - d) > 1:
        failures.append(("the size preview's diameter (px)", got_d, d, 1))
    return failures


def glass_errors(case, image, mistake):
    """The glass under the control's tint: the tint over a Gaussian of the canvas, down one column of the control."""
    frame_w, frame_h = (int(v) for v in case["size"].split("x"))
    k = frame_w / 390
    bottom = frame_h / k - 34
    top = (bottom - 41) * k
    slider = "slider" in case["name"]
    column = int((57 + (100 if slider else 170)) * k)
    # The canvas as drawn down the column at x 45 pt: its background, then black below it (red channel).
    profile = image[:, int(45 * k), 0].astype(float)
    sigma = (5 if mistake == "glass-sigma-5" else 10) * k
    reach = int(math.ceil(4 * sigma))
    offsets = np.arange(-reach, reach + 1)
    weights = np.exp(-offsets ** 2 / (2 * sigma * sigma))
    weights /= weights.sum()
    # The rows well inside the shape: the wedge's half thickness at local x 100 is 2 + 19 (100 - 2) / 262.5 / 2 pt about y 16.
    half = (2 + 19 * 98 / 262.5 / 2) if slider else 16
    first, last = int(top + (16 - half + 1.5) * k), int(top + (16 + half - 1.5) * k)
    failures = []
    for row in range(first, last + 1):
        taps = np.clip(row + offsets, 0, frame_h - 1)
        blurred = 0.0 if mistake == "glass-no-blur" else float((profile[taps] * weights).sum())
        want = 0x88 * 0.3 + blurred * 0.7
        got = float(image[row, column, 0])
        if abs(got - want) > 2:
            failures.append((f"the glass at frame ({column}, {row}): its level", got, want, 2))
            break
    return failures


def errors(case, image, mistake=None):
    if "controls" in case["name"]:
        return controls_errors(case, image, mistake) + glass_errors(case, image, mistake)
    scenario = case["scenario"]
    editor = scenario["editor"]
    frame_w, frame_h = (int(v) for v in case["size"].split("x"))
    scale = frame_w / 390
    height = frame_h / scale
    panel = height - (0 if mistake == "no-inset" else 34) - 161
    o = drops(editor, case["time"], mistake)
    failures = []
    for index, tool in enumerate(TOOLS[:4]):
        setting = editor.get("tools", {}).get(tool, {})
        c = colour(setting.get("color", DEFAULTS[tool][0]))
        size = setting.get("size", DEFAULTS[tool][1])
        x = 390 / 2 - 110 + 44 * index
        y = panel + 58 + o[tool]
        # Image units to frame pixels: image (u, v) -> ((x + (u - 20) / 2) * scale, (y + (v - 88) / 2) * scale).
        floor = 0 if mistake == "no-floor" else 0.08
        band_h = 24 * (floor + (1 - floor) * size)
        top = (y + (76 - 88) / 2) * scale
        want_height = band_h / 2 * scale
        left, right = (x + (3 - 20) / 2) * scale, (x + (37 - 20) / 2) * scale
        column = int((left + right) / 2)
        # Coverage of the band over the body down the middle column (the channel where they differ most).
        channel = int(np.argmax(np.abs(c - BODY)))
        rows = range(int(top) - 6, int(top + want_height) + 7)
        levels = np.array([float(image[r, column, channel]) for r in rows])
        coverage = np.clip((levels - BODY[channel]) / (c[channel] - BODY[channel]), 0, 1)
        got_height = float(coverage.sum())
        first = next((k for k, value in enumerate(coverage) if value > 0.02), None)
        if first is None:
            failures.append((f"{tool}'s band: not found near row {top:.1f}; its height", 0.0, want_height, 0.35))
            continue
        got_top = rows[0] + first + (1 - coverage[first])
        if abs(got_height - want_height) > 0.35:
            failures.append((f"{tool}'s band height (px)", got_height, want_height, 0.35))
        if abs(got_top - top) > 0.35:
            failures.append((f"{tool}'s band top (px)", got_top, top, 0.35))
        # Colours across, at pixel centres 1 px or more from every stop and inside the band by 1 px.
        if want_height < 3:
            continue
        row = int(top + want_height / 2)
        stops = [0.15, 0.85] if tool != "pencil" else [0.25, 0.75]
        for px in range(int(left) + 1, int(right) - 1):
            u = (px + 0.5 - left) / (right - left)
            if min(abs((u - s) * (right - left)) for s in stops) < 1 or (px + 0.5 - left) < 2.5 or (right - px - 0.5) < 2.5:
                continue
            want = band_colour(tool, c, u, mistake)
            got = image[row, px, :3].astype(float)
            worst = float(np.max(np.abs(got - want)))
            if worst > 3:
                failures.append((f"{tool}'s band at u {u:.3f} (frame {px}, {row}) off by", worst, 0.0, 3))
                break
    return failures


def mistakes(case, image):
    if "slider" in case["name"]:
        return ["disabled-0.5", "wedge-reversed", "knob-no-margin", "preview-no-floor", "glass-no-blur", "glass-sigma-5"]
    if "controls" in case["name"]:
        return ["ring-from-x", "ring-anticlockwise", "glass-no-blur", "glass-sigma-5"]
    found = ["no-floor", "no-rise", "unclamped-brightness", "no-inset"]
    if any("tool" in e for e in case["scenario"]["editor"].get("events", [])):
        found.append("zeta-0.8")
    return found


def main(argv):
    return oracle_support.check_or_selftest(argv, __doc__, "spec-editor-chrome", errors, "the editor's tools and bands where and as the spec says", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
