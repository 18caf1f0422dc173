#!/usr/bin/env python3
"""An independent check of the drawing's shape entities (drawing.md,
sections 5 and 6) that measures from pixels. It shares no code with
callshade: it reads a golden's scenario from Goldens/cases.json (its
"scenario" object, a drawing over a white canvas the frame's size), works
out from the spec alone where each shape is at the golden's instant (the
keys on the standard spring, m 3, k 1000, c 500, time-scaled to the gap and
normalised to end on the next key; the pop-in on the bouncy spring, m 5,
k 900, c 88, over 0.3 s), and measures each shape from the PNG, each in its
own part of the frame:

- at rest and unturned: the box of its pixels at least half covered (each
  pixel's coverage read from its darkening of the white), each side within
  1 px of the spec's outline (a stroke reaches half its width beyond it; a
  rectangle's corners are 0.05 of its shorter side, the star's points at
  half the shorter side, its inner corners at half that, the first straight
  up; the bubble's tail reaches 0.2 of its height below it, within 2 px
  there, a sharp tip; an arrow's head lines 0.45 rad from the shaft,
  max(10, 0.02 maxdim, 3 width) long), its colour where the spec says it is
  inside, and white at a stroked shape's middle;
- while it moves: its centre (the centroid of its coverage) within 1 px of
  the closed form, and its turn (from the coverage's second moments, a
  rectangle's long axis) within 0.5 degrees.

  spec-shapes.py check NAME FILE.png
  spec-shapes.py selftest NAME FILE.png
      show that the check can fail: the spec worked out with a mistake each
      (the spring not normalised, the stroke's whole width beyond the
      outline, the star's inner corners at 0.4, the turn the other way);
      exit 1 if a mistake that touches the golden passes
"""
import math
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

ROOT = oracle_support.ROOT


def case_named(name):
    return oracle_support.case_named(name, "spec-shapes")


def spring_position(t, mass, stiffness, damping):
    """A released spring's position from 0 towards 1 after t seconds (closed form)."""
    omega = math.sqrt(stiffness / mass)
    zeta = damping / (2 * math.sqrt(stiffness * mass))
    if zeta > 1:
        root = math.sqrt(zeta * zeta - 1)
        slow, fast = -omega * (zeta - root), -omega * (zeta + root)
        return 1 - (fast * math.exp(slow * t) - slow * math.exp(fast * t)) / (fast - slow)
    damped = omega * math.sqrt(1 - zeta * zeta)
    return 1 - math.exp(-zeta * omega * t) * (math.cos(damped * t) + zeta * omega / damped * math.sin(damped * t))


def standard(elapsed, duration, mistake=None):
    if elapsed <= 0:
        return 0.0
    if elapsed >= duration:
        return 1.0
    value = spring_position(elapsed / duration * 0.5, 3, 1000, 500)
    return value if mistake == "unnormalised" else value / spring_position(0.5, 3, 1000, 500)


def bouncy(elapsed, duration=0.3):
    if elapsed <= 0:
        return 0.0
    if elapsed >= duration:
        return 1.0
    return spring_position(elapsed / duration * 0.8, 5, 900, 88)


def pose(keys, time, mistake=None):
    """(x, y, scale, rotation in degrees, opacity) at `time`, or None before the first key."""
    first = keys[0]
    if time < first["at"]:
        return None
    values = [first["x"], first["y"], first.get("scale", 1), first.get("rotation", 0)]
    for before, after in zip(keys, keys[1:]):
        if before["at"] <= time < after["at"]:
            p = standard(time - before["at"], after["at"] - before["at"], mistake)
            a = [before["x"], before["y"], before.get("scale", 1), before.get("rotation", 0)]
            b = [after["x"], after["y"], after.get("scale", 1), after.get("rotation", 0)]
            values = [u + (v - u) * p for u, v in zip(a, b)]
            break
        if time >= after["at"]:
            values = [after["x"], after["y"], after.get("scale", 1), after.get("rotation", 0)]
    pop = bouncy(time - first["at"])
    return values[0], values[1], values[2] * (0.5 + 0.5 * pop), values[3], min(max(pop, 0), 1)


def extents(entity, scale, maxdim, mistake=None):
    """The outline's reach (left, top, right, bottom) from the centre, unturned, in frame pixels, and
    how far a stroke adds beyond it."""
    w, h = entity["w"], entity["h"]
    width = entity.get("width", 0)
    filled = entity.get("fill", True) and entity["shape"] != "arrow"
    grow = 0 if filled else (width if mistake == "whole-width" else width / 2)
    kind = entity["shape"]
    if kind in ("rectangle", "ellipse"):
        box = (-w / 2, -h / 2, w / 2, h / 2)
    elif kind == "star":
        r = min(w, h) / 2
        first = math.pi / 2 if mistake == "point-down" else -math.pi / 2
        corners = [((r if k % 2 == 0 else 0.5 * r) * math.cos(first + k * math.pi / 5),
                    (r if k % 2 == 0 else 0.5 * r) * math.sin(first + k * math.pi / 5)) for k in range(10)]
        box = (min(c[0] for c in corners), min(c[1] for c in corners), max(c[0] for c in corners), max(c[1] for c in corners))
    elif kind == "bubble":
        box = (-w / 2, -h / 2, w / 2, 0.7 * h)
    else:
        head = max(10, 0.02 * maxdim, 3 * width)
        spread = head * math.sin(0.45)
        box = (-w / 2, -spread, w / 2, spread)
    return tuple(v * scale for v in (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow))


def coverage_of(image, colour):
    """Each pixel's coverage: its darkening of white over the colour's, on the channel where they differ most."""
    channel = int(np.argmax([255 - c for c in colour]))
    return np.clip((255.0 - image[:, :, channel]) / (255.0 - colour[channel]), 0, 1)


def parse_colour(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def regions(entities, width):
    """Each entity's part of the frame: the columns nearer its centre than any other's."""
    centres = [e["keys"][0]["x"] for e in entities]
    order = sorted(range(len(entities)), key=lambda i: centres[i])
    bounds = {}
    for position, index in enumerate(order):
        left = 0 if position == 0 else (centres[order[position - 1]] + centres[index]) / 2
        right = width if position == len(order) - 1 else (centres[index] + centres[order[position + 1]]) / 2
        bounds[index] = (int(left), int(right))
    return bounds


def centre_and_turn(cover, name, cx, cy, rotation):
    """What a moving entity's coverage `cover` (frame pixels) says against
    the spec: its centre (the mean of the covered pixels' centres) within 1
    pixel of (cx, cy), and its turn (the axis of its second moments, taken
    modulo a half turn) within 0.5 degrees of `rotation`; rows of `found`."""
    total = cover.sum()
    ys, xs = np.mgrid[0:cover.shape[0], 0:cover.shape[1]]
    mx, my = (cover * (xs + 0.5)).sum() / total, (cover * (ys + 0.5)).sum() / total
    mu20 = (cover * (xs + 0.5 - mx) ** 2).sum()
    mu02 = (cover * (ys + 0.5 - my) ** 2).sum()
    mu11 = (cover * (xs + 0.5 - mx) * (ys + 0.5 - my)).sum()
    angle = math.degrees(0.5 * math.atan2(2 * mu11, mu20 - mu02))
    want = (rotation + 90) % 180 - 90
    difference = (angle - want + 90) % 180 - 90
    return [(name + " centre x", mx, cx, 1.0), (name + " centre y", my, cy, 1.0),
            (name + " turn (degrees)", want + difference, want, 0.5)]


def errors(case, image, mistake=None):
    scenario = case["scenario"]
    height, width = image.shape[:2]
    canvas = scenario.get("canvas", {}).get("size", f"{width}x{height}")
    canvas_w, canvas_h = (int(v) for v in canvas.split("x"))
    scale_frame = min(width / canvas_w, height / canvas_h)
    maxdim = max(canvas_w, canvas_h)
    time = case["time"]
    entities = scenario["entities"]
    found = []
    for index, (left, right) in regions(entities, width).items():
        entity = entities[index]
        colour = parse_colour(entity["color"])
        part = image[:, left:right, :3].astype(float)
        cover = coverage_of(part, colour)
        place = pose(entity["keys"], time, mistake)
        name = f"entity {index} ({entity['shape']}, {'filled' if entity.get('fill', True) else 'stroked'})"
        if place is None:
            found.append((name + " drawn before its first key", float(cover.max()), 0.0, 0.01))
            continue
        x, y, scale, rotation, _ = place
        if mistake == "turn-back":
            rotation = -rotation
        cx, cy = x * scale_frame - left, y * scale_frame
        moving = any(time < key["at"] for key in entity["keys"]) or rotation % 360 != 0
        if moving:
            found += centre_and_turn(cover, name, cx, cy, rotation)
            continue
        box = extents(entity, scale * scale_frame, maxdim, mistake)
        ys, xs = np.nonzero(cover >= 0.5)
        if len(xs) == 0:
            found.append((name + " ink", float("nan"), 0.0, 1.0))
            continue
        got = (xs.min() - cx, ys.min() - cy, xs.max() + 1 - cx, ys.max() + 1 - cy)
        sharp_bottom = entity["shape"] == "bubble" and entity.get("fill", True)
        for side, (g, e) in enumerate(zip(got, box)):
            label = ("left", "top", "right", "bottom")[side]
            found.append((f"{name} {label}", float(g), e, 2.0 if sharp_bottom and label == "bottom" else 1.0))
        # Inside the colour; a stroked shape's middle white, its outline at the top the colour.
        middle = image[int(cy), int(cx) + left, :3].astype(int)
        filled = entity.get("fill", True) and entity["shape"] != "arrow"
        if entity["shape"] == "arrow":
            found.append((name + " shaft (levels)", float(np.abs(middle - np.array(colour)).max()), 0.0, 2.0))
        elif filled:
            found.append((name + " inside (levels)", float(np.abs(middle - np.array(colour)).max()), 0.0, 2.0))
        else:
            found.append((name + " middle white (levels)", float(np.abs(middle - 255).max()), 0.0, 1.0))
    return [(label, got, want, tolerance) for label, got, want, tolerance in found if not abs(got - want) <= tolerance]


def main(argv):
    return oracle_support.check_or_selftest(argv, __doc__, "spec-shapes", errors, "every shape where the spec puts it", mistakes)


def mistakes(case, image):
    """The mistakes that touch the golden: the spring's and the turn's for a moving shape, else the stroke's and the star's."""
    entities = case["scenario"]["entities"]
    kinds = {e["shape"] for e in entities}
    stroked = any(not e.get("fill", True) or e["shape"] == "arrow" for e in entities)
    moving = any(len(e["keys"]) > 1 for e in entities)
    relevant = []
    if moving:
        relevant += ["unnormalised", "turn-back"]
    else:
        if stroked:
            relevant.append("whole-width")
        if "star" in kinds:
            relevant.append("point-down")
    return relevant


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
