#!/usr/bin/env python3
"""Independent oracle for the chat's other send kinds (chat-types.md):
works out where a sticker lies from the spec's numbers, landed (section 2,
rule 1) or in flight (rule 2, the shipped curves H and V), and which of its
frames shows (section 1, rule 4: floor(s fr) mod N), reading the sticker's
Lottie itself (gzip, JSON, the card's hold keyframes); then measures the
golden: the card's left and right edges along a row 15 % down its box, its
top and bottom down a column 15 % across, each within 1 pt, and the card's
colour at that corner, which names the frame drawn. Shares no code with
callshade.

  spec-chat-types.py check NAME FILE.png
  spec-chat-types.py selftest NAME FILE.png
"""
import gzip
import json
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

USAGE = __doc__

# The spec's numbers (points, the 390 x 844 screen).
SCREEN_WIDTH = 390.0
NEWEST_BOTTOM = 765.0 - 4 - 7.0 / 3  # the newest row's bottom over the empty panel (chat.md 2.4)
BOX_SIDE = 184.0
PANEL_CELL = 65.0
INSET = 10.0
RIGHT_EDGE = 380.0
SHORTEST_ROW = 74.0
FIELD_CENTRE = (195.0, 787.5)
FLIGHT = 0.3
V = (0.19919, 0.01064, 0.27921, 0.91025)
H = (0.23, 1, 0.32, 1)
EDGE_TOLERANCE = 1.0  # points


def bezier(x1, y1, x2, y2, u):
    """cubic-bezier(x1, y1, x2, y2) at time fraction u, x solved by Newton steps guarded by bisection."""
    if u <= 0:
        return 0.0
    if u >= 1:
        return 1.0
    def coordinate(p1, p2, s):
        return ((1 - 3 * p2 + 3 * p1) * s + (3 * p2 - 6 * p1)) * s * s + 3 * p1 * s
    low, high, s = 0.0, 1.0, u
    for _ in range(100):
        x = coordinate(x1, x2, s) - u
        if abs(x) < 1e-12:
            break
        if x > 0:
            high = s
        else:
            low = s
        slope = (3 * (1 - 3 * x2 + 3 * x1)) * s * s + 2 * (3 * x2 - 6 * x1) * s + 3 * x1
        step = s - x / slope if slope > 1e-9 else (low + high) / 2
        s = step if low < step < high else (low + high) / 2
    return coordinate(y1, y2, s)


def lottie(path):
    """The Lottie at `path` (gzip'd or plain JSON)."""
    data = pathlib.Path(path).read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return json.loads(data)


def card_colours(document):
    """Each frame's card colour (0..255 levels): the animated fill's hold keyframes, the last at or before the frame."""
    frames = int(document["op"] - document["ip"])
    keys = []
    def walk(items):
        for item in items:
            if item.get("ty") == "gr":
                walk(item.get("it", []))
            elif item.get("ty") == "fl" and item["c"].get("a") == 1:
                keys.extend(item["c"]["k"])
    for layer in document["layers"]:
        walk(layer.get("shapes", []))
    keys.sort(key=lambda key: key["t"])
    colours = []
    for frame in range(frames):
        value = [key["s"] for key in keys if key["t"] <= frame][-1]
        colours.append(tuple(round(channel * 255) for channel in value[:3]))
    return colours


class Sticker:
    """One sticker send of a case's scenario, worked out from the spec (with `mistake`, wrongly)."""

    def __init__(self, case, mistake=None):
        scenario = case["scenario"]
        self.mistake = mistake
        event = next(event for event in scenario["events"] if isinstance(event.get("send"), dict) and "sticker" in event["send"])
        self.at = event["at"]
        self.start = tuple(event["send"].get("from", FIELD_CENTRE))
        self.document = lottie(oracle_support.ROOT / "Goldens" / event["send"]["sticker"])
        self.width, self.height = self.document["w"], self.document["h"]
        self.rate = self.document["fr"]
        self.frames = int(self.document["op"] - self.document["ip"])
        self.colours = card_colours(self.document)

    def fitted(self, side):
        fit = side / max(self.width, self.height)
        return self.width * fit, self.height * fit

    def landed(self):
        """The drawn box (left, top, right, bottom) on the newest row."""
        side = 200.0 if self.mistake == "box-200" else BOX_SIDE
        inset = 0.0 if self.mistake == "inset-0" else INSET
        right = 386.0 if self.mistake == "right-386" else RIGHT_EDGE
        width, height = self.fitted(side)
        frame_width, frame_height = width + 2 * inset, height + 2 * inset
        row = max(frame_height, SHORTEST_ROW)
        centre_y = NEWEST_BOTTOM - row / 2
        centre_x = right - frame_width / 2
        return (centre_x - width / 2, centre_y - height / 2, centre_x + width / 2, centre_y + height / 2)

    def box(self, seconds):
        """The drawn box `seconds` after the send: flying for 0.3 s, then landed."""
        landed = self.landed()
        if seconds >= FLIGHT:
            return landed
        u = seconds / FLIGHT
        h, v = bezier(*H, u), bezier(*V, u)
        across, down = h, (h if self.mistake == "y-on-H" else v)
        source = self.fitted(96.0 if self.mistake == "source-96" else PANEL_CELL)
        lx, ly = (landed[0] + landed[2]) / 2, (landed[1] + landed[3]) / 2
        cx = self.start[0] + (lx - self.start[0]) * across
        cy = self.start[1] + (ly - self.start[1]) * down
        width = source[0] + (landed[2] - landed[0] - source[0]) * h
        height = source[1] + (landed[3] - landed[1] - source[1]) * h
        return (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)

    def frame(self, seconds):
        """The frame shown: floor(s fr) mod N (a sticker loops)."""
        count = math.floor(seconds * self.rate)
        if self.mistake == "frame-plus-one":
            count += 1
        if self.mistake == "plays-once":
            return min(count, self.frames - 1)
        return count % self.frames


def distance(a, b):
    return max(abs(int(x) - int(y)) for x, y in zip(a, b))


def edges(image, colour, row=None, column=None):
    """Along a pixel row (or column), the first and last pixel more the card's colour than not (the edge's half-coverage), as
    the edges' positions in pixels: the first pixel's left side and the last one's right side."""
    line = image[row, :, :3] if row is not None else image[:, column, :3]
    near = [index for index in range(line.shape[0]) if distance(line[index], colour) <= 48]
    if not near:
        return None
    # The longest run of near pixels: the card (its colour may recur elsewhere on the screen only by chance).
    runs, start = [], near[0]
    for previous, index in zip(near, near[1:] + [None]):
        if index != previous + 1:
            runs.append((start, previous))
            start = index
    first, last = max(runs, key=lambda run: run[1] - run[0])
    return first, last + 1


def errors(case, image, mistake=None):
    sticker = Sticker(case, mistake)
    scale = image.shape[1] / SCREEN_WIDTH
    seconds = case["time"] - sticker.at
    left, top, right, bottom = sticker.box(seconds)
    colour = sticker.colours[sticker.frame(seconds)]
    found = []
    row = int((top + 0.15 * (bottom - top)) * scale)
    column = int((left + 0.15 * (right - left)) * scale)
    across = edges(image, colour, row=row)
    down = edges(image, colour, column=column)
    if across is None or down is None:
        return [("the card's colour for frame %d found" % sticker.frame(seconds), 0.0, 1.0, 0)]
    for label, got, want in (("left", across[0] / scale, left), ("right", across[1] / scale, right),
                             ("top", down[0] / scale, top), ("bottom", down[1] / scale, bottom)):
        if abs(got - want) > EDGE_TOLERANCE:
            found.append((f"sticker box {label} (pt)", got, want, EDGE_TOLERANCE))
    # The frame drawn: the card colour at the box's corner point, nearest of the Lottie's frames.
    sample = image[row, column, :3]
    shown = min(range(sticker.frames), key=lambda frame: distance(sample, sticker.colours[frame]))
    if shown != sticker.frame(seconds) or distance(sample, colour) > 3:
        found.append(("frame index shown", float(shown), float(sticker.frame(seconds)), 0))
    return found


def mistakes(case, image):
    sticker = Sticker(case)
    seconds = case["time"] - sticker.at
    found = ["right-386", "frame-plus-one"]
    if seconds >= FLIGHT:
        found += ["box-200", "inset-0"]
    else:
        found += ["source-96", "y-on-H"]
    if math.floor(seconds * sticker.rate) >= sticker.frames:
        found.append("plays-once")
    return found


def main(argv):
    return oracle_support.check_or_selftest(argv, USAGE, "spec-chat-types", errors,
                                            "the sticker's box and frame as the spec has them", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
