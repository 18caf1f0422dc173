#!/usr/bin/env python3
"""Independent oracle for the chat's round video messages (chat-types.md
section 4): decodes the case's video with the ffmpeg command (one pass:
its frames' colours at their centres, its frame rate), works out from the
spec where the circle lies (rule 1: 240 pt, right edge 380, 4 pt insets on
the newest row; rule 2: the capture circle at (W/2, max(H/3 - 20, 181)) and
its ring; rule 3: x on V and y on H over 0.3 s, the capture's last picture
over it at 1 - H) and which picture it shows (t - at + D while captured, s
mod D once sent), then measures the golden:

- the video's colour along the circle's middle row and column: its four
  edges (the circle 1.5 pt in for a message, whole for the capture), and
  the colour itself naming the frame drawn (in flight, the two pictures'
  colours mixed at 1 - H);
- while captured, the ring: its left and right ends along the row through
  its top (12 o'clock to (t - at + D) / 60 of a turn, 2-pt round caps).

Each within 1 pt. Shares no code with callshade.

  spec-chat-video.py check NAME FILE.png
  spec-chat-video.py selftest NAME FILE.png
"""
import math
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

USAGE = __doc__

SCREEN = (390.0, 844.0)
NEWEST_BOTTOM = 765.0 - 4 - 7.0 / 3
H = (0.23, 1, 0.32, 1)
V = (0.19919, 0.01064, 0.27921, 0.91025)
BLUE = (0x00, 0x7A, 0xFF)
TOLERANCE = 1.0

bezier = oracle_support.script("spec_chat_send", "spec-chat-send.py").bezier


def decoded(path):
    """The video's frames' centre colours and its frame rate, by the ffmpeg command."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,r_frame_rate",
                            "-of", "csv=p=0", str(path)], capture_output=True, text=True, check=True).stdout.strip().split(",")
    width, height = int(probe[0]), int(probe[1])
    numerator, denominator = probe[2].split("/")
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    size = width * height * 3
    centre = ((height // 2) * width + width // 2) * 3
    colours = [tuple(raw[start + centre:start + centre + 3]) for start in range(0, len(raw), size)]
    return colours, int(numerator) / int(denominator)


class Video:
    """The round video send of a case, worked out from the spec (with `mistake`, wrongly)."""

    def __init__(self, case, mistake=None):
        self.mistake = mistake
        event = next(event for event in case["scenario"]["events"] if isinstance(event.get("send"), dict) and "video" in event["send"])
        self.at = event["at"]
        self.colours, self.rate = decoded(oracle_support.ROOT / "Goldens" / event["send"]["video"])
        self.duration = len(self.colours) / self.rate
        self.diameter = 240.0
        right = 386.0 if mistake == "right-386" else 380.0
        bottom = NEWEST_BOTTOM + 7.0 / 3 - (7.0 / 3 if mistake == "inset-7/3" else 4)
        self.landed = (right - self.diameter / 2, bottom - self.diameter / 2)
        self.capture = (SCREEN[0] / 2, max(SCREEN[1] / 3 - 20, 181) + (20 if mistake == "capture-at-third" else 0))

    def frame(self, source_time):
        return min(int(math.floor(source_time * self.rate + 1e-9)), len(self.colours) - 1)


def distance(a, b):
    return max(abs(int(x) - int(y)) for x, y in zip(a, b))


def run(line, colour, within, near=24):
    hits = [index for index in range(max(within[0], 0), min(within[1], len(line))) if distance(line[index][:3], colour) <= near]
    return (hits[0], hits[-1] + 1) if hits else None


def errors(case, image, mistake=None):
    video = Video(case, mistake)
    scale = image.shape[1] / SCREEN[0]
    seconds = case["time"] - video.at
    found = []

    def near(label, got, want):
        oracle_support.near(found, label, got, want, TOLERANCE)

    if seconds < 0:
        centre, inset = video.capture, 0.0
        elapsed = seconds + video.duration
        colour = video.colours[video.frame(elapsed + (1 / video.rate if mistake == "frame-late" else 0))]
    elif seconds < 0.3:
        h, v = bezier(*H, seconds / 0.3), bezier(*V, seconds / 0.3)
        across, down = (h, v) if mistake == "not-swapped" else (v, h)
        centre = (video.capture[0] + (video.landed[0] - video.capture[0]) * across,
                  video.capture[1] + (video.landed[1] - video.capture[1]) * down)
        inset = 1.5
        played = video.colours[video.frame(seconds % video.duration)]
        last = video.colours[-1]
        colour = tuple((1 - h) * l + h * p for l, p in zip(last, played))
    else:
        centre, inset = video.landed, 0.0 if mistake == "no-inset" else 1.5
        colour = video.colours[video.frame((seconds + (1 / video.rate if mistake == "frame-late" else 0)) % video.duration)]
    radius = video.diameter / 2 - inset
    # The middle row and column, away from the picture's white square (top left): the right and bottom halves.
    row = image[int(centre[1] * scale)]
    column = image[:, int((centre[0] + 20) * scale)]
    reach = (int((centre[0] - radius - 12) * scale), int((centre[0] + radius + 12) * scale))
    across = run(row, colour, reach)
    chord = math.sqrt(radius ** 2 - 20 ** 2)
    down = run(column, colour, (int((centre[1]) * scale), int((centre[1] + radius + 12) * scale)))
    near("picture's right edge (pt)", across and across[1] / scale, centre[0] + radius)
    near("picture's bottom edge 20 pt right of the centre (pt)", down and down[1] / scale, centre[1] + chord)
    if across:
        sample = row[int(centre[0] * scale) + int(30 * scale)][:3]
        if distance(sample, colour) > 12:
            found.append(("picture's colour (the frame drawn), red level", float(sample[0]), colour[0], 12))
    if seconds < 0:
        # The ring: its centre line's top at 12 o'clock, 130 above the centre; along the row through it, from the start cap to the end.
        turn = 2 * math.pi * (seconds + video.duration) / 60
        start = 0.0 if mistake != "ring-from-3" else math.pi / 2
        end = start + turn
        top_y = centre[1] - 130
        y = top_y + 0.5 / scale
        ring = run(image[int(y * scale)], BLUE, (int((centre[0] - 60) * scale), int((centre[0] + 60) * scale)), 40)
        left = centre[0] + 130 * math.sin(start) - math.sqrt(max(4 - (y - (centre[1] - 130 * math.cos(start))) ** 2, 0))
        right = centre[0] + 130 * math.sin(end) + math.sqrt(max(4 - (y - (centre[1] - 130 * math.cos(end))) ** 2, 0))
        near("ring's start (pt)", ring and ring[0] / scale, left)
        near("ring's end (pt)", ring and ring[1] / scale, right)
    return found


def mistakes(case, image):
    seconds = case["time"] - Video(case).at
    if seconds < 0:
        return ["capture-at-third", "frame-late", "ring-from-3"]
    if seconds < 0.3:
        return ["not-swapped", "right-386"]
    return ["right-386", "inset-7/3", "no-inset", "frame-late"]


def main(argv):
    return oracle_support.check_or_selftest(argv, USAGE, "spec-chat-video", errors,
                                            "the round video's circle, picture and ring as the spec has them", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
