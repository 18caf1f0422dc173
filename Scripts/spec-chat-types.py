#!/usr/bin/env python3
"""Independent oracle for the chat's other send kinds (chat-types.md):
works out where a sticker or an animated emoji lies from the spec's
numbers, landed (section 2, rules 1 and 3) or in flight (rules 2 and 3, the
shipped curves H and V; an animated emoji from a 28-pt box on its glyph's
advance box in the field, the advance read from Noto Color Emoji by
Pillow), and which of its frames shows (section 1, rule 4: floor(s fr) mod
N for a sticker, held at the last for an animated emoji), reading the
Lottie itself (gzip, JSON, the card's hold keyframes); then measures the
golden: the card's left and right edges along a row 15 % down its box, its
top and bottom down a column 15 % across (the first and last pixels of
the card's colour within 12 pt of the box), each within 1 pt, and the
card's colour at that corner, which names the frame drawn. Shares no code
with callshade.

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
EMOJI_BOX = 135.0
EMOJI_START = 28.0
FIELD_TOP = 810.0 - 45 + 6  # the field's top with one line in the panel (chat.md 2.10)
FIELD_TEXT = (55.0, 5.5, 21.0)  # the field text's left, first line's top below the field's, pitch
EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
V = (0.19919, 0.01064, 0.27921, 0.91025)
H = (0.23, 1, 0.32, 1)
EDGE_TOLERANCE = 1.0  # points


# The cubic-bezier easing as the send oracle solves it (oracles share code among themselves, none with callshade).
bezier = oracle_support.script("spec_chat_send", "spec-chat-send.py").bezier


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
        animated = {key.replace("\ufe0f", ""): path for key, path in scenario.get("animatedEmoji", {}).items()}
        event = next(event for event in scenario["events"] if isinstance(event.get("send"), dict) and "sticker" in event["send"]
                     or isinstance(event.get("send"), str) and event["send"].replace("\ufe0f", "") in animated)
        self.at = event["at"]
        self.emoji = isinstance(event["send"], str)
        if self.emoji:
            path = animated[event["send"].replace("\ufe0f", "")]
            from PIL import ImageFont
            advance = ImageFont.truetype(EMOJI_FONT, 109).getlength(event["send"]) * 17 / 109
            if mistake == "start-17-box":
                advance = 17.0
            self.start = (FIELD_TEXT[0] + advance / 2, FIELD_TOP + FIELD_TEXT[1] + FIELD_TEXT[2] / 2)
        else:
            path = event["send"]["sticker"]
            self.start = tuple(event["send"].get("from", FIELD_CENTRE))
        self.document = lottie(oracle_support.ROOT / "Goldens" / path)
        self.width, self.height = self.document["w"], self.document["h"]
        self.rate = self.document["fr"]
        self.frames = int(self.document["op"] - self.document["ip"])
        self.colours = card_colours(self.document)

    def fitted(self, side):
        fit = side / max(self.width, self.height)
        return self.width * fit, self.height * fit

    def landed(self):
        """The drawn box (left, top, right, bottom) on the newest row."""
        if self.emoji:
            side = 150.0 if self.mistake == "box-200" else EMOJI_BOX
            right = 386.0 if self.mistake == "right-386" else RIGHT_EDGE
            return (right - side, NEWEST_BOTTOM - side, right, NEWEST_BOTTOM)
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
        if self.emoji:
            source = (17.0, 17.0) if self.mistake == "source-96" else (EMOJI_START, EMOJI_START)
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
        if self.emoji != (self.mistake == "plays-once"):
            return min(count, self.frames - 1)
        return count % self.frames


def distance(a, b):
    return max(abs(int(x) - int(y)) for x, y in zip(a, b))


def edges(image, colour, within, row=None, column=None):
    """Along a pixel row (or column), within the pixels `within` (first, last), the first and last pixel more the card's
    colour than not (the edge's half-coverage), as the edges' positions in pixels: the first pixel's left side and the last
    one's right side."""
    line = image[row, :, :3] if row is not None else image[:, column, :3]
    near = [index for index in range(max(within[0], 0), min(within[1], line.shape[0])) if distance(line[index], colour) <= 48]
    if not near:
        return None
    return near[0], near[-1] + 1


def errors(case, image, mistake=None):
    sticker = Sticker(case, mistake)
    scale = image.shape[1] / SCREEN_WIDTH
    seconds = case["time"] - sticker.at
    left, top, right, bottom = sticker.box(seconds)
    colour = sticker.colours[sticker.frame(seconds)]
    found = []
    row = int((top + 0.15 * (bottom - top)) * scale)
    column = int((left + 0.15 * (right - left)) * scale)
    reach = 12 * scale
    across = edges(image, colour, (int(left * scale - reach), int(right * scale + reach)), row=row)
    down = edges(image, colour, (int(top * scale - reach), int(bottom * scale + reach)), column=column)
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
    # An animated emoji held at its last frame shows it one frame later too.
    held = sticker.emoji and math.floor(seconds * sticker.rate) >= sticker.frames - 1
    found = ["right-386"] + ([] if held else ["frame-plus-one"])
    if seconds >= FLIGHT:
        found += ["box-200"] + ([] if sticker.emoji else ["inset-0"])
    elif sticker.emoji:
        # Its glyph's copy hides the card until 0.15 s, when H has all but arrived: where it starts moves the box under 1 pt then.
        found += ["y-on-H"]
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
