#!/usr/bin/env python3
"""An independent check of the video call's goldens (video-*.png, 390x844 at
one pixel a point): the places, sizes and alphas of the pictures that
the contract (../shared/spec/video-call.md) gives, measured from the
golden's pixels. It shares no code with callshade: the springs, the
ease-in-out, the fill-or-fit rule, the picture in picture's box and corners
are written out here from the spec's numbers; what each golden shows (its
scenario's events, its instant, its cameras) is read from Goldens/cases.json,
and the cameras' stills from Goldens/inputs/ (their pattern from
Goldens/inputs/stills.json, which Scripts/make-golden-stills writes).

  spec-video.py names          the goldens it knows
  spec-video.py selftest       that a golden moved by 2 pixels is refused
  spec-video.py check NAME FILE.png
      each rectangle the golden must show (a picture's frame, the picture
      in picture's box, a picture's content) is found by its edges: along
      several rows or columns of its straight sides, the edge's place is
      the sum of the coverages of the pixels around where the spec puts it
      (each pixel's colour taken as a mix of the colours just outside and
      just inside), the median of those taken; it must be within 1 pixel.
      Colours where the spec fixes them (a picture's interior, a cross-fade,
      the backdrop over the avatar, glass over video) must be within a few
      levels. Exit 1 if any is not.
"""
import json
import math
import os
import sys

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDENS = os.path.join(ROOT, "Goldens")

# The example screen (call-screen-elements, section 0; video-call).
WIDTH, HEIGHT = 390.0, 844.0
SAFE_TOP, SAFE_BOTTOM = 47.0, 34.0
SCREEN_RADIUS = 47.333
AVATAR = 136.0
AVATAR_TOP = max(SAFE_TOP + 8, math.floor(0.49 * HEIGHT) - 39 - AVATAR)
FILL_TOLERANCE = 0.15
PIP_BOX = {"shown": 240.0, "hidden": 140.0}
PIP_INSET = 12.0
PIP_TOP = {"shown": SAFE_TOP + 60, "hidden": SAFE_TOP}
# Buttons' reserve + 12, without notices (section 5).
PIP_BOTTOM = {"shown": SAFE_BOTTOM + 52 + 56 + 12, "hidden": SAFE_BOTTOM + 4 + 12}
PIP_SPRING = (130.0, 17.0)
HIDE_AFTER_VIDEO = 2.0
PLACEHOLDER = ((0x72, 0xD5, 0xFD), (0x2A, 0x9E, 0xF1))
GLASS_TONE = (0.7, 1.3, 0.2)
BUTTONS_TOP, BUTTON = HEIGHT - SAFE_BOTTOM - 52 - 56, 56.0
BUTTON_LEFTS = (29.0, 121.0, 213.0, 305.0)

TOLERANCE = 1.0
SHADOW = 200.0


# Curves (call-screen-elements, section 0), closed form.
def spring(elapsed, duration):
    """'Spring d': mass 3, stiffness 1000, damping 500 (overdamped), run
    0.5 / d times faster, divided by its value at 0.5 s so it ends at 1."""
    if elapsed <= 0:
        return 0.0
    if elapsed >= duration:
        return 1.0
    omega = math.sqrt(1000 / 3)
    zeta = 500 / (2 * math.sqrt(1000 * 3))
    root = math.sqrt(zeta * zeta - 1)
    slow, fast = -omega * (zeta - root), -omega * (zeta + root)

    def position(t):
        return 1 - (fast * math.exp(slow * t) - slow * math.exp(fast * t)) / (fast - slow)

    return position(elapsed / duration * 0.5) / position(0.5)


def ease_in_out(fraction):
    """cubic-bezier(0.42, 0, 0.58, 1) at x = fraction, by bisection on x(s)."""
    if fraction <= 0:
        return 0.0
    if fraction >= 1:
        return 1.0

    def bezier(s, a, b):
        return 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s * s * b + s ** 3

    low, high = 0.0, 1.0
    for _ in range(60):
        middle = (low + high) / 2
        if bezier(middle, 0.42, 0.58) < fraction:
            low = middle
        else:
            high = middle
    return bezier((low + high) / 2, 0.0, 1.0)


def pip_offset(offset, elapsed):
    """The 130/17 spring from rest at `offset` from its target: x'' = -130 x - 17 x'."""
    stiffness, damping = PIP_SPRING
    omega = math.sqrt(stiffness)
    zeta = damping / (2 * omega)
    damped = omega * math.sqrt(1 - zeta * zeta)
    return offset * math.exp(-zeta * omega * elapsed) * (math.cos(damped * elapsed) + zeta * omega / damped * math.sin(damped * elapsed))


# Rectangles: (x, y, width, height).
def mix(a, b, t):
    return tuple(p + (q - p) * t for p, q in zip(a, b))


def fill_or_fit(aspect, frame):
    """The picture of `aspect` in `frame`: fit, or fill when the aspects differ by less than 0.15."""
    x, y, w, h = frame
    fill = abs(w / h - aspect) < FILL_TOLERANCE
    return centred(aspect, frame, fill)


def centred(aspect, frame, fill):
    x, y, w, h = frame
    if (aspect > w / h) == fill:
        nw, nh = h * aspect, h
    else:
        nw, nh = w, w / aspect
    return (x + (w - nw) / 2, y + (h - nh) / 2, nw, nh)


def avatar_square():
    return ((WIDTH - AVATAR) / 2, AVATAR_TOP, AVATAR, AVATAR)


SCREEN = (0.0, 0.0, WIDTH, HEIGHT)


def pip_box(aspect, corner, hidden):
    """The box at `corner` ((0, 0) top left to (1, 1) bottom right) with the
    controls `hidden` of the way to hidden (0...1)."""
    box = PIP_BOX["shown"] + (PIP_BOX["hidden"] - PIP_BOX["shown"]) * hidden
    w, h = (box, box / aspect) if aspect >= 1 else (box * aspect, box)
    top = PIP_TOP["shown"] + (PIP_TOP["hidden"] - PIP_TOP["shown"]) * hidden
    bottom = PIP_BOTTOM["shown"] + (PIP_BOTTOM["hidden"] - PIP_BOTTOM["shown"]) * hidden
    x = PIP_INSET + corner[0] * (WIDTH - 2 * PIP_INSET - w)
    y = top + corner[1] * (HEIGHT - top - bottom - h)
    return (x, y, w, h)


CORNERS = {"top-left": (0, 0), "top-right": (1, 0), "bottom-left": (0, 1), "bottom-right": (1, 1)}


# What a case's scenario says, read from Goldens/cases.json.
class Scenario:
    def __init__(self, case):
        scenario = case["scenario"]
        self.time = float(case["time"])
        stills = json.load(open(os.path.join(GOLDENS, "inputs", "stills.json"), encoding="utf-8"))["stills"]

        def still(key):
            if key not in scenario:
                return None
            name = os.path.splitext(os.path.basename(scenario[key]))[0]
            info = dict(stills[name])
            with Image.open(os.path.join(GOLDENS, scenario[key])) as image:
                if image.size != (info["width"], info["height"]):
                    raise SystemExit(f"{scenario[key]} is {image.size}, stills.json says {info['width']}x{info['height']}")
            info["aspect"] = info["width"] / info["height"]
            return info

        self.remote, self.local = still("remoteVideo"), still("localVideo")
        self.events = sorted(scenario["events"], key=lambda event: event["at"])

    def times(self, key, value=None):
        return [event["at"] for event in self.events if key in event and (value is None or event[key] == value)]

    def first_video(self):
        return min(self.times("remoteVideo", True) + self.times("video", True))

    def controls_hidden(self):
        """How far the controls have hidden: 2 s after the last video came on, spring 0.4 s (no taps in these cases)."""
        ons = [t for t in self.times("remoteVideo", True) + self.times("video", True) if t <= self.time]
        return spring(self.time - (max(ons) + HIDE_AFTER_VIDEO), 0.4) if ons else 0.0

    def corner(self):
        """The picture in picture's place across its rectangle: a drag while
        both videos show springs (130/17) from rest; one before is immediate."""
        both = max(min(self.times("remoteVideo", True)), min(self.times("video", True)))
        position = CORNERS["bottom-right"]
        for event in self.events:
            if "pip" not in event or event["at"] > self.time:
                continue
            target = CORNERS[event["pip"]]
            if event["at"] < both:
                position = target
            else:
                elapsed = self.time - event["at"]
                position = tuple(t + pip_offset(p - t, elapsed) for p, t in zip(position, target))
        return position


# Measuring from pixels.
class Golden:
    def __init__(self, pixels):
        self.pixels = pixels
        self.notes = []
        self.ok = True

    def colour(self, x, y):
        return self.pixels[int(y), int(x)]

    def edge_along(self, line, expected, rising, reach=2):
        """The place of an edge on a line of pixels (index = pixel), near
        `expected`: the pixels from expected - reach to expected + reach
        each taken as a mix of the colour just outside and just inside
        (`rising`: the inside is at larger indices); the edge lies where
        their coverages add up to. None when the two colours do not differ."""
        start = int(math.floor(expected)) - reach
        outside = line[start - 1] if rising else line[start + 2 * reach]
        inside = line[start + 2 * reach] if rising else line[start - 1]
        span = inside - outside
        if float(np.dot(span, span)) < 20 ** 2:
            return None
        covered = [min(max(float(np.dot(line[start + i] - outside, span) / np.dot(span, span)), 0.0), 1.0) for i in range(2 * reach)]
        return start + (2 * reach - sum(covered)) if rising else start + sum(covered)

    def edge(self, name, side, rect, expected, across, reach=2):
        """Measures `side` ("left", "right", "top", "bottom") of a rectangle
        whose edge the spec puts at `expected`, along the rows (or columns)
        `across`; notes the median and whether it is within 1 pixel."""
        found = []
        for at in across:
            if side in ("left", "right"):
                line = self.pixels[int(at), :, :]
            else:
                line = self.pixels[:, int(at), :]
            value = self.edge_along(line, expected, side in ("left", "top"), reach)
            if value is not None:
                found.append(value)
        if not found:
            self.fail(f"{name} {side}: no edge near {expected:.2f}")
            return None
        got = float(np.median(found))
        ok = abs(got - expected) <= TOLERANCE
        self.note(ok, f"{name} {side} {got:.2f} (spec {expected:.2f}, {len(found)} lines)")
        return got

    def box(self, name, rect, margin=20, reach=2, sides=("left", "right", "top", "bottom")):
        """Every side of `rect` measured along lines through its straight parts (`margin` in from its corners)."""
        x, y, w, h = rect
        rows = np.linspace(y + margin, y + h - margin, 9)
        columns = np.linspace(x + margin, x + w - margin, 9)
        for side in sides:
            across = rows if side in ("left", "right") else columns
            edge = {"left": x, "right": x + w, "top": y, "bottom": y + h}[side]
            self.edge(name, side, rect, edge, across, reach)

    def expect_colour(self, name, x, y, want, tolerance=3):
        got = self.colour(x, y)
        worst = float(np.max(np.abs(got - np.array(want, dtype=float))))
        self.note(worst <= tolerance, f"{name} at ({x:.0f}, {y:.0f}): {tuple(int(v) for v in got)}, "
                                      f"spec {tuple(round(v, 1) for v in want)} (|delta| {worst:.0f})")

    def note(self, ok, text):
        self.notes.append(("  " if ok else "  FAIL ") + text)
        self.ok = self.ok and ok

    def fail(self, text):
        self.note(False, text)


def mark_centre(content, still, mirrored):
    """The screen point at the middle of the still's top-left mark, its content on screen."""
    x, y, w, h = content
    u = 2 * still["border"] / still["width"]
    v = 2 * still["border"] / still["height"]
    return (x + (1 - u if mirrored else u) * w, y + v * h)


def check_full_screen(golden, scenario):
    """The peer's picture full screen, fill or fit; the phone's corners black."""
    still = scenario.remote
    content = fill_or_fit(still["aspect"], SCREEN)
    border = still["border"] / still["height"] * content[3]
    golden.note(True, f"picture {tuple(round(v, 2) for v in content)} ({'fill' if content[2] > WIDTH else 'fit'})")
    # The top and bottom borders' inner edges, and the quarter-line stripe's edges along the middle row.
    middle = np.linspace(60, WIDTH - 60, 7)
    golden.edge("top border", "bottom", None, content[1] + border, middle)
    golden.edge("bottom border", "top", None, content[1] + content[3] - border, middle)
    stripe_left = still["width"] // 4 - still["stripe"] // 2
    x0 = content[0] + stripe_left / still["width"] * content[2]
    x1 = content[0] + (stripe_left + still["stripe"]) / still["width"] * content[2]
    rows = np.linspace(content[1] + content[3] * 0.35, content[1] + content[3] * 0.65, 7)
    golden.edge("stripe at W/4", "right", None, x0, rows)
    golden.edge("stripe at W/4", "left", None, x1, rows)
    if content[1] > 1:
        golden.edge("picture", "top", None, content[1], middle)
        golden.edge("picture", "bottom", None, content[1] + content[3], middle)
        golden.expect_colour("the bars (black)", WIDTH / 2, content[1] / 2, (0, 0, 0), 1)
    # The picture's interior, unshaded where no shadow reaches (200 pt from either edge).
    golden.expect_colour("interior", WIDTH / 2, HEIGHT / 2 - 40, still["colours"]["interior"], 2)
    mark = mark_centre(content, still, False)
    if mark[0] > 2:
        golden.expect_colour("top-left mark (not mirrored)", mark[0], mark[1], still["colours"]["mark"], 3)
    golden.expect_colour("the phone's corner", 0, 0, (0, 0, 0), 1)


def check_pip(golden, scenario):
    """The picture in picture's box at its corner (or on its way there),
    controls shown or hidden, measured from its edges; your front camera mirrored."""
    hidden = scenario.controls_hidden()
    corner = scenario.corner()
    rect = pip_box(scenario.local["aspect"], corner, hidden)
    golden.note(True, f"controls hidden {hidden:.3f}, corner {tuple(round(c, 4) for c in corner)}: box {tuple(round(v, 2) for v in rect)}")
    golden.box("picture in picture", rect)
    mark = mark_centre(rect, scenario.local, True)
    golden.expect_colour("your camera's mark (mirrored: top right)", mark[0], mark[1], scenario.local["colours"]["mark"], 3)
    # The shadows over the peer's picture (ours: black at 0.35 (1 - s)^2, s of 200 pt from the edge), fading with the controls.
    interior = scenario.remote["colours"]["interior"]
    for y in (100.5, HEIGHT - 100.5):
        s = min(y, HEIGHT - y) / SHADOW
        alpha = (1 - hidden) * 0.35 * (1 - s) ** 2
        golden.expect_colour(f"shadow {alpha:.4f} over the peer's picture", WIDTH / 2, y, [c * (1 - alpha) for c in interior], 2)


def check_swap(golden, scenario):
    """Halfway through a swap (ease-in-out 0.2 s): the picture in picture's
    box halfway between your picture's aspect and the peer's; full screen,
    your picture's content halfway from the peer's fit rectangle to its own
    fill, at alpha 0.5 over the black backdrop."""
    tap = scenario.times("tap", "pip")[0]
    t = ease_in_out((scenario.time - tap) / 0.2)
    hidden = scenario.controls_hidden()
    corner = scenario.corner()
    box = mix(pip_box(scenario.local["aspect"], corner, hidden), pip_box(scenario.remote["aspect"], corner, hidden), t)
    golden.note(True, f"eased {t:.3f}: box {tuple(round(v, 2) for v in box)}")
    golden.box("picture in picture", box)
    content = mix(fill_or_fit(scenario.remote["aspect"], SCREEN), fill_or_fit(scenario.local["aspect"], SCREEN), t)
    golden.note(True, f"your picture full screen {tuple(round(v, 2) for v in content)}")
    columns = np.linspace(30, box[0] - 30, 7)
    golden.edge("your picture", "top", None, content[1], columns)
    golden.edge("your picture", "bottom", None, content[1] + content[3], columns)
    # Above the peer's old picture: yours at alpha t over black.
    orange = scenario.local["colours"]["interior"]
    golden.expect_colour("your picture at its alpha", WIDTH / 2, 250, [c * t for c in orange], 2)


def check_flip(golden, scenario):
    """A flip of your camera in the picture in picture (ease-in-out 0.2 s):
    a horizontal squash |cos(pi e)| about the box's centre, the old picture
    (mirrored, front) before halfway and the new one (back) after."""
    flip = scenario.times("camera")[0]
    e = ease_in_out((scenario.time - flip) / 0.2)
    squash = abs(math.cos(math.pi * e))
    full = pip_box(scenario.local["aspect"], scenario.corner(), scenario.controls_hidden())
    centre = full[0] + full[2] / 2
    rect = (centre - full[2] * squash / 2, full[1], full[2] * squash, full[3])
    golden.note(True, f"eased {e:.4f}, squash {squash:.4f}: box {tuple(round(v, 2) for v in rect)}")
    if rect[2] < 1:
        # Edge on: nothing of your picture shows.
        x, y, w, h = (int(v) for v in full)
        region = golden.pixels[y:y + h, x:x + w]
        yours = [scenario.local["colours"][k] for k in ("interior", "border", "mark")]
        near = sum(int(np.sum(np.max(np.abs(region - np.array(c, dtype=float)), axis=2) <= 40)) for c in yours)
        golden.note(near == 0, f"edge on: {near} pixels of the box look like your picture (spec: none)")
        # What shows there instead: the peer's picture, its stripe at 3W/4 where the spec puts it.
        still = scenario.remote
        content = fill_or_fit(still["aspect"], SCREEN)
        stripe_left = 3 * still["width"] // 4 - still["stripe"] // 2
        rows = np.linspace(full[1] + 10, full[1] + full[3] - 10, 9)
        golden.edge("peer's stripe at 3W/4", "right", None, content[0] + stripe_left / still["width"] * content[2], rows)
        golden.edge("peer's stripe at 3W/4", "left", None,
                    content[0] + (stripe_left + still["stripe"]) / still["width"] * content[2], rows)
        stripe_top = 3 * still["height"] // 4 - still["stripe"] // 2
        columns = np.linspace(full[0] + 10, full[0] + full[2] - 10, 9)
        golden.edge("peer's stripe at 3H/4", "bottom", None, content[1] + stripe_top / still["height"] * content[3], columns)
        golden.edge("peer's stripe at 3H/4", "top", None,
                    content[1] + (stripe_top + still["stripe"]) / still["height"] * content[3], columns)
        return
    golden.box("turning picture", rect, margin=20, sides=("left", "right"))
    golden.box("turning picture", rect, margin=max(2.0, rect[2] / 2 - 2), sides=("top", "bottom"))
    mirrored = e < 0.5
    mark = mark_centre(rect, scenario.local, mirrored)
    golden.expect_colour(f"your camera's mark ({'mirrored, front' if mirrored else 'back, not mirrored'})", mark[0], mark[1],
                         scenario.local["colours"]["mark"], 3)


def check_avatar_to_video(golden, scenario):
    """Halfway through video on (spring 0.3 s): the avatar's frame, the black
    backdrop and the video's frame all p of the way from the avatar's circle
    to the screen; the backdrop at alpha p over the avatar (aspect-filled
    in the frame); the video's content p of the way from the avatar's square
    (aspect-filled) to its fit rectangle, at alpha p."""
    p = spring(scenario.time - scenario.first_video(), 0.3)
    frame = mix(avatar_square(), SCREEN, p)
    still = scenario.remote
    content = mix(centred(still["aspect"], avatar_square(), True), fill_or_fit(still["aspect"], SCREEN), p)
    golden.note(True, f"presence {p:.4f}: frame {tuple(round(v, 2) for v in frame)}, video {tuple(round(v, 2) for v in content)}")
    radius = 68 + (SCREEN_RADIUS - 68) * p
    golden.box("frame", frame, margin=radius + 4)
    golden.edge("video", "top", None, content[1], np.linspace(frame[0] + 20, frame[0] + frame[2] - 20, 7))
    golden.edge("video", "bottom", None, content[1] + content[3], np.linspace(frame[0] + 20, frame[0] + frame[2] - 20, 7))
    side = max(frame[2], frame[3])
    square_top = frame[1] + (frame[3] - side) / 2

    def avatar(y):
        v = min(max((y + 0.5 - square_top) / side, 0), 1)
        return [a + (b - a) * v for a, b in zip(*PLACEHOLDER)]

    y = (frame[1] + content[1]) / 2
    golden.expect_colour("avatar under the backdrop", WIDTH / 2, y, [c * (1 - p) for c in avatar(y)], 2)
    y = content[1] + content[3] / 2
    interior = still["colours"]["interior"]
    golden.expect_colour("video over backdrop and avatar", WIDTH / 2 + 20, y,
                         [v * p + a * (1 - p) * (1 - p) for v, a in zip(interior, avatar(y))], 2)


def tone(rgb, brightness, saturation, overlay):
    """HSV: V times brightness, S times saturation (each clamped to 1), back to RGB, plus white x overlay, clamped."""
    r, g, b = (c / 255 for c in rgb)
    high, low = max(r, g, b), min(r, g, b)
    v = high
    s = 0 if high == 0 else (high - low) / high
    if high == low:
        h = 0.0
    elif high == r:
        h = ((g - b) / (high - low)) % 6
    elif high == g:
        h = (b - r) / (high - low) + 2
    else:
        h = (r - g) / (high - low) + 4
    v, s = min(v * brightness, 1), min(s * saturation, 1)
    chroma = v * s
    x = chroma * (1 - abs(h % 2 - 1))
    parts = [(chroma, x, 0), (x, chroma, 0), (0, chroma, x), (0, x, chroma), (x, 0, chroma), (chroma, 0, x)][int(h) % 6]
    return [min((part + v - chroma) + overlay, 1) * 255 for part in parts]


def check_glass(golden, scenario):
    """Glass over the full-screen video (section 7): the video and mute
    buttons show the picture's blurred copy toned (0.7, 1.3, white 0.2);
    over a flat part of the picture that is the interior's colour toned.
    The speaker button shows selected (video on, your camera off: section 8)."""
    want = tone(scenario.remote["colours"]["interior"], *GLASS_TONE)
    for label, left in (("video", BUTTON_LEFTS[1]), ("mute", BUTTON_LEFTS[2])):
        cx, cy = left + BUTTON / 2, BUTTONS_TOP + BUTTON / 2
        disc = [(x, y) for y in range(int(cy - 24), int(cy + 25)) for x in range(int(cx - 24), int(cx + 25))
                if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= 24 ** 2]
        glass = sum(float(np.max(np.abs(golden.colour(x, y) - np.array(want)))) <= 4 for x, y in disc)
        golden.note(glass >= 0.15 * len(disc), f"{label} button: {glass} of {len(disc)} pixels the toned video "
                                               f"{tuple(round(v, 1) for v in want)} within 4 levels (spec: the glass between the icon's strokes)")
    cx, cy = BUTTON_LEFTS[0] + BUTTON / 2, BUTTONS_TOP + BUTTON / 2
    rim = [(cx + 26 * math.cos(a), cy + 26 * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 24, endpoint=False)]
    white = sum(float(np.min(golden.colour(x, y))) >= 250 for x, y in rim)
    golden.note(white == len(rim), f"speaker button: {white} of {len(rim)} rim pixels white (selected)")
    # Where they are: the end button's disc (solid red) across its middle, and the picture's stripe at W/4.
    end = (BUTTON_LEFTS[3], BUTTONS_TOP, BUTTON, BUTTON)
    golden.box("end button", end, margin=BUTTON / 2)
    still = scenario.remote
    content = fill_or_fit(still["aspect"], SCREEN)
    stripe_left = still["width"] // 4 - still["stripe"] // 2
    rows = np.linspace(300, 550, 7)
    golden.edge("picture's stripe at W/4", "right", None, content[0] + stripe_left / still["width"] * content[2], rows)
    golden.edge("picture's stripe at W/4", "left", None, content[0] + (stripe_left + still["stripe"]) / still["width"] * content[2], rows)


def checker(name):
    if name.startswith(("video-fill-", "video-fit-")):
        return check_full_screen
    if name.startswith("video-pip-"):
        return check_pip
    if name.startswith("video-swap-"):
        return check_swap
    if name.startswith("video-flip-"):
        return check_flip
    if name.startswith("video-avatar-to-video-"):
        return check_avatar_to_video
    if name.startswith("video-glass-"):
        return check_glass
    return None


def cases():
    with open(os.path.join(GOLDENS, "cases.json"), encoding="utf-8") as file:
        return {case["name"]: case for case in json.load(file)["cases"] if case.get("oracle") == "spec-video"}


def read(path):
    with Image.open(path) as image:
        return np.asarray(image.convert("RGB"), dtype=float)


def selftest():
    """That the checks can fail: every golden moved 2 pixels right, and
    2 pixels down (the rows or columns pushed off one side coming back on
    the other), must be refused."""
    passed = []
    for name, case in sorted(cases().items()):
        pixels = read(os.path.join(GOLDENS, name + ".png"))
        for axis, label in ((1, "right"), (0, "down")):
            golden = Golden(np.roll(pixels, 2, axis=axis))
            checker(name)(golden, Scenario(case))
            if golden.ok:
                passed.append(f"{name} moved 2 px {label}")
    total = 2 * len(cases())
    if passed:
        print(f"spec-video selftest: {len(passed)} of {total} moved goldens passed -> FAIL: " + ", ".join(passed))
        return 1
    print(f"spec-video selftest: all {total} goldens moved 2 px right or down are refused")
    return 0


def main(argv):
    if len(argv) == 2 and argv[1] == "names":
        print("\n".join(sorted(cases())))
        return 0
    if len(argv) == 2 and argv[1] == "selftest":
        return selftest()
    if len(argv) != 4 or argv[1] != "check":
        print(__doc__.strip(), file=sys.stderr)
        return 2
    name, path = argv[2], argv[3]
    case = cases().get(name)
    check = checker(name)
    if case is None or check is None:
        print(f"{path}: spec-video does not know {name} -> FAIL")
        return 1
    if case.get("size") != "390x844":
        print(f"{path}: {name} is {case.get('size')}; spec-video knows 390x844 -> FAIL")
        return 1
    golden = Golden(read(path))
    check(golden, Scenario(case))
    print(f"{path}: {'ok' if golden.ok else 'FAIL'}")
    for line in golden.notes:
        print(line)
    return 0 if golden.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
