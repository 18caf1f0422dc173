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
  at most 1: 3 levels at pixels whose centre is 1 px or more from a stop.

  spec-editor-chrome.py check NAME FILE.png
  spec-editor-chrome.py selftest NAME FILE.png
      show that the check can fail: the spec worked out with a mistake each
      (the band's height without its 0.08 floor, the rise of 16 pt not
      applied, the spring's zeta taken as 0.8, the brightness scaled past
      1, the panel's top without the bottom inset); exit 1 if a mistake
      that touches the golden passes
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


def errors(case, image, mistake=None):
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
    found = ["no-floor", "no-rise", "unclamped-brightness", "no-inset"]
    if any("tool" in e for e in case["scenario"]["editor"].get("events", [])):
        found.append("zeta-0.8")
    return found


def main(argv):
    return oracle_support.check_or_selftest(argv, __doc__, "spec-editor-chrome", errors, "the editor's tools and bands where and as the spec says", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
