#!/usr/bin/env python3
"""Independent oracle for the chat's voice messages (chat-types.md section
3): reads the WAV the case sends (Python's wave module), works out its
length and its waveform by rule 1 (channel mean, 100 bins of peak
magnitude, P = max(2500, 1.8 x their mean), levels 0..31), the bubble by
rule 2 (W from D; its disc, bars and body), the recording by rule 3 and
the send by rule 4 (the shipped curves H and V), then measures the golden:

- recording: the red dot's centre and the recording disc's left and top
  edges (the disc's colour along the row and column through its centre);
- in flight: the play disc's centre and diameter, under the recording
  disc at 1 - H (their colours mixed as source-over makes them), and the
  bubble's opacity (its body against the wallpaper just above it);
- landed, and while the bars grow: the body's left edge, the disc's centre
  and diameter, the triangle's left edge and tip, and each bar's top and
  bottom (bar colour down its middle column), its height grown by
  clamp((R - j/n) / (1 - j/n), 0, 1), R = H((s - 0.08) / 0.8).

Each within 1 pt. Shares no code with callshade.

  spec-chat-voice.py check NAME FILE.png
  spec-chat-voice.py selftest NAME FILE.png
"""
import math
import pathlib
import sys
import wave

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import oracle_support  # noqa: E402

USAGE = __doc__

SCREEN_WIDTH = 390.0
NEWEST_BOTTOM = 765.0 - 4 - 7.0 / 3
ROW_CENTRE = 810.0 - 22.5
MIC = (369.0, 787.5)
H = (0.23, 1, 0.32, 1)
V = (0.19919, 0.01064, 0.27921, 0.91025)
EASE = (0.42, 0, 0.58, 1)
DISC = (0x3F, 0xC3, 0x3B)
BAR = (0x93, 0xD9, 0x87)
BUBBLE = (0xE1, 0xFF, 0xC7)
BLUE = (0x00, 0x7A, 0xFF)
RED = (0xED, 0x25, 0x21)
TOLERANCE = 1.0

bezier = oracle_support.script("spec_chat_send", "spec-chat-send.py").bezier


def eased(curve, seconds, duration):
    return bezier(*curve, min(max(seconds / duration, 0.0), 1.0))


class Voice:
    """The voice send of a case, worked out from the spec (with `mistake`, wrongly)."""

    def __init__(self, case, mistake=None):
        self.mistake = mistake
        event = next(event for event in case["scenario"]["events"] if isinstance(event.get("send"), dict) and "voice" in event["send"])
        self.at = event["at"]
        with wave.open(str(oracle_support.ROOT / "Goldens" / event["send"]["voice"]), "rb") as sound:
            channels, width, rate, count = sound.getnchannels(), sound.getsampwidth(), sound.getframerate(), sound.getnframes()
            data = sound.readframes(count)
        assert width == 2, "the oracle reads 16-bit WAV"
        values = [int.from_bytes(data[index:index + 2], "little", signed=True) for index in range(0, len(data), 2)]
        self.duration = count / rate
        bins = [0.0] * 100
        for frame in range(count):
            mean = sum(values[frame * channels:(frame + 1) * channels]) / channels
            bins[100 * frame // count] = max(bins[100 * frame // count], abs(mean))
        peak = max(2500.0, 1.8 * sum(bins) / 100)
        self.levels = [math.floor(31 * min(b, peak) / peak) for b in bins]
        # W: the length's rule (its text rule, duration + status + 62, is under 140 pt for these cases).
        seconds = min(max(self.duration, 2), 30)
        self.width = 120 + 199 * (seconds - 2) / 28
        self.left = 386 - (self.width + (0 if mistake == "frame-W" else 27))
        self.top = NEWEST_BOTTOM - 68
        self.disc_centre = (self.left + 12 + 22 + (3 if mistake == "disc-3-right" else 0), self.top + 12 + 22)
        self.bars = math.floor((self.width - 60) / 3)

    def bar_heights(self, seconds):
        n = self.bars
        bars = [0] * n
        for k, level in enumerate(self.levels):
            bars[k * n // 100] = max(bars[k * n // 100], level)
        top = max(1, max(bars))
        grown = eased(H, seconds - (0 if self.mistake == "bars-no-delay" else 0.08), 0.8)
        heights = []
        for j, v in enumerate(bars):
            share = j / n
            scale = min(max((grown - share) / (1 - share), 0.0), 1.0)
            heights.append(12 * v / top * scale)
        return heights

    def flight(self, seconds):
        """The play disc's centre and diameter, the recording disc's diameter and opacity, the bubble's opacity."""
        h, v = eased(H, seconds, 0.3), eased(V, seconds, 0.3)
        down = h if self.mistake == "y-on-H" else v
        cx = MIC[0] + (self.disc_centre[0] - MIC[0]) * h
        cy = MIC[1] + (self.disc_centre[1] - MIC[1]) * down
        diameter = 100 + (44 - 100) * h
        if self.mistake == "diameter-from-110":
            diameter = 110 + (44 - 110) * h
        return (cx, cy), diameter, 110 * (1 - 0.56 * h), 1 - h, eased(EASE, seconds, 0.2)


def distance(a, b):
    return max(abs(int(x) - int(y)) for x, y in zip(a, b))


def mix(top, alpha, under):
    return tuple(alpha * t + (1 - alpha) * u for t, u in zip(top, under))


def run(line, colour, within, near=40):
    """The first and last index in `within` of pixels within `near` of `colour`, as edges (first's start, last's end)."""
    hits = [index for index in range(max(within[0], 0), min(within[1], len(line))) if distance(line[index][:3], colour) <= near]
    return (hits[0], hits[-1] + 1) if hits else None


def errors(case, image, mistake=None):
    voice = Voice(case, mistake)
    scale = image.shape[1] / SCREEN_WIDTH
    seconds = case["time"] - voice.at
    found = []

    def near(label, got, want):
        oracle_support.near(found, label, got, want, TOLERANCE)

    def row(y):
        return image[int(y * scale)]

    def column(x):
        return image[:, int(x * scale)]

    if seconds < 0:
        # Recording: the red dot centred at (22, 787.5), 10 across; the 110 disc centred on the mic.
        dot_x = 40.0 if mistake == "dot-at-40" else 22.0
        across = run(row(ROW_CENTRE), RED, (0, int(80 * scale)))
        near("red dot centre x (pt)", across and (across[0] + across[1]) / 2 / scale, dot_x)
        down = run(column(dot_x), RED, (int(760 * scale), int(815 * scale)))
        near("red dot centre y (pt)", down and (down[0] + down[1]) / 2 / scale, ROW_CENTRE)
        disc = 100.0 if mistake == "recording-100" else 110.0
        across = run(row(ROW_CENTRE - 20), BLUE, (int(250 * scale), image.shape[1]))
        near("recording disc edge at 20 pt above its centre (pt)", across and across[0] / scale,
             MIC[0] - math.sqrt((disc / 2) ** 2 - 20 ** 2))
        down = run(column(MIC[0]), BLUE, (int(650 * scale), image.shape[0]))
        near("recording disc top (pt)", down and down[0] / scale, MIC[1] - disc / 2)
        return found

    if seconds < 0.3:
        (cx, cy), diameter, recording, recording_alpha, bubble_alpha = voice.flight(seconds)
        assert recording > diameter, "the oracle measures the play disc under the recording disc"
        colour = mix(BLUE, recording_alpha, DISC)
        across = run(row(cy), colour, (int((cx - 40) * scale), int((cx + 40) * scale)))
        down = run(column(cx), colour, (int((cy - 40) * scale), int((cy + 40) * scale)))
        near("play disc left (pt)", across and across[0] / scale, cx - diameter / 2)
        near("play disc right (pt)", across and across[1] / scale, cx + diameter / 2)
        near("play disc top (pt)", down and down[0] / scale, cy - diameter / 2)
        near("play disc bottom (pt)", down and down[1] / scale, cy + diameter / 2)
        # The bubble's opacity: its body 10 pt below the frame's top, 20 pt in from its right, against the wallpaper 4 pt above the frame.
        x = int((voice.left + voice.width + 27 - 20) * scale)
        body = image[int((voice.top + 10) * scale), x][:3]
        wallpaper = image[int((voice.top - 4) * scale), x][:3]
        alpha = 1.0 if mistake == "bubble-opaque" else bubble_alpha
        want = mix(BUBBLE, alpha, wallpaper)
        if distance(body, want) > 12:
            found.append(("bubble body's green level at opacity %.2f" % alpha, float(body[1]), want[1], 12))
        return found

    # Landed (the bars growing or grown).
    body = run(row(voice.top + 34), BUBBLE, (int((voice.left - 30) * scale), int((voice.left + 12) * scale)), 8)
    near("body left (pt)", body and body[0] / scale, voice.left + 1)
    cx, cy = voice.disc_centre
    across = run(row(cy - 15), DISC, (int((cx - 30) * scale), int((cx + 30) * scale)))
    near("disc chord 15 pt above its centre: left (pt)", across and across[0] / scale, cx - math.sqrt(22 ** 2 - 15 ** 2))
    near("disc chord 15 pt above its centre: right (pt)", across and across[1] / scale, cx + math.sqrt(22 ** 2 - 15 ** 2))
    down = run(column(cx - 10), DISC, (int((cy - 30) * scale), int((cy + 30) * scale)))
    near("disc chord 10 pt left of its centre: top (pt)", down and down[0] / scale, cy - math.sqrt(22 ** 2 - 10 ** 2))
    # The triangle along the disc's middle row: its left edge at the disc's 16, its tip at 31.
    inside = run(row(cy), BUBBLE, (int((cx - 20) * scale), int((cx + 20) * scale)), 30)
    near("triangle left (pt)", inside and inside[0] / scale, cx - 22 + 16)
    near("triangle tip (pt)", inside and inside[1] / scale, cx - 22 + 31)
    # Each bar down its middle column: from B - h + 3 to B, or a 2-pt dot when h - 3 <= 2.
    baseline = voice.top + 31
    left = voice.left + 66 + (2 if mistake == "bars-from-68" else 0)
    for j, height in enumerate(voice.bar_heights(seconds)):
        x = left + 3 * j + 1
        top = baseline - (2 if height - 3 <= 2 else height - (0 if mistake == "bars-full-height" else 3))
        span = run(column(x), BAR, (int((baseline - 16) * scale), int((baseline + 3) * scale)), 30)
        near(f"bar {j} top (pt)", span and span[0] / scale, top)
        near(f"bar {j} bottom (pt)", span and span[1] / scale, baseline)
    return found


def mistakes(case, image):
    seconds = case["time"] - Voice(case).at
    if seconds < 0:
        return ["dot-at-40", "recording-100"]
    if seconds < 0.3:
        return ["y-on-H", "diameter-from-110", "bubble-opaque", "disc-3-right"]
    found = ["frame-W", "disc-3-right", "bars-from-68", "bars-full-height"]
    return found + (["bars-no-delay"] if seconds < 0.88 else [])


def main(argv):
    return oracle_support.check_or_selftest(argv, USAGE, "spec-chat-voice", errors,
                                            "the voice message's recording, disc, bubble and bars as the spec has them", mistakes)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
