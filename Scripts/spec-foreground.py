#!/usr/bin/env python3
"""An independent evaluation of the call-visuals spec, section 2 (the waves
and the avatar disc over the background), in plain Python double precision.
Written from the rules in ../shared/spec/call-visuals.md, Docs/waves.md and
Docs/scenarios.md; it shares no code with callshade. The background
comes from Scripts/spec-gradient.py.

  spec-foreground.py check NAME FILE.png
      compare a PNG with the frame the rules give for the foreground golden
      NAME (see GOLDENS) and print the largest per-channel difference, how
      many channels differ by more than 1, and how many differ by more than
      16 on anti-aliased edges; exit 1 outside the parity rule (per channel
      |delta| <= 1 on at least 99.9 % of pixels, <= 2 off the anti-aliased
      edges of waves and avatar, <= 16 on them), or when GOLDENS no longer
      matches Goldens/cases.json
  spec-foreground.py names
      print the golden names this script knows, one a line
  spec-foreground.py params NAME
      print the state the rules give for golden NAME (palette, phase, level, ...)
  spec-foreground.py outline [SAMPLES]
      check Docs/waves.md's claim that a wave's outline lies within 0.003 (of
      its square) of each control radius, along that ball's direction

Needs Pillow for check (Debian: python3-pil).
"""
import importlib.util
import math
import os
import sys

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(SCRIPTS)


def load_gradient_oracle():
    """Scripts/spec-gradient.py as a module (its name has a hyphen), leaving
    no bytecode cache in the checkout."""
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("spec_gradient", os.path.join(SCRIPTS, "spec-gradient.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GRADIENT = load_gradient_oracle()

# --- Layout (spec section 2), in points; a point is width / POINTS_WIDTH pixels.
POINTS_WIDTH = 390.0
SAFE_TOP = 47.0
AVATAR_POINTS = 136.0
WAVES_POINTS = 176.0
INNER_WAVE_INSET = 0.1          # of the outer square, on every side

# --- The waves (Docs/waves.md): in units of a shape's square, x right, y down.
BALL_COUNT = 8
SIGMA = 0.2
MEAN_RADIUS = 0.475             # the mean control radius, 0.45 + 0.05 * 0.5
RING_RADIUS = 0.275             # a ball's distance from the centre at the mean control radius
RADIAL_GAIN = 1.4               # ball distance gained per unit of control radius
STEPS_PER_SECOND = 3.0          # new random targets every 1/3 s
FULL_ALPHA = 0.35               # each shape's white when fully shown
HIDDEN_SCALE = 0.3              # hidden waves shrink to this
RANDOM_SALT = 0x5CA1AB1E0DDBA11
MASK64 = (1 << 64) - 1

# --- The avatar: the placeholder's top and bottom colours (Docs/cli.md).
PLACEHOLDER_TOP = "72D5FD"
PLACEHOLDER_BOTTOM = "2A9EF1"
AVATAR_FIXTURE = os.path.join(ROOT, "Tests", "CallshadeTests", "Fixtures", "avatar.png")

# --- Timeline constants (Docs/scenarios.md).
CROSSFADE_SECONDS = 0.3
BOOST_SECONDS = 2.0
BASE_PHASE_SPEED = 0.5
TICK_RATE = 60.0
BUMP_LEVEL, BUMP_SECONDS, SNAP_BELOW = 2.0, 0.2, 0.01
SHOW_SECONDS = 0.3
IDLE_SECONDS, IDLE_CALL_SECONDS = 10.0, 10.0

# The scenario every foreground golden comes from, Goldens/scenarios/foreground.json
# (the tests draw from the same file), its events as (at, key, value).
def read_fixture(path):
    import json
    with open(path, encoding="utf-8") as file:
        scenario = json.load(file)
    events = []
    for event in scenario["events"]:
        (key, value), = [(k, v) for k, v in event.items() if k != "at"]
        events.append((float(event["at"]), key, float(value) if key == "level" else value))
    return float(scenario["duration"]), int(scenario["seed"]), events


FIXTURE_DURATION, FIXTURE_SEED, FIXTURE_EVENTS = read_fixture(os.path.join(ROOT, "Goldens", "scenarios", "foreground.json"))

ALL_LAYERS = ("background", "waves", "avatar")
# The foreground goldens (Goldens/cases.json, oracle spec-foreground): 390x844 frames at
# 390 pt wide, at a time of the fixture scenario, with these layers, and the
# photo fixture (Tests/CallshadeTests/Fixtures/avatar.png) or the placeholder.
GOLDENS = {
    #  name                       time  layers          photo
    "call-waves-level0":        (2.0, ALL_LAYERS, False),
    "call-waves-level3":        (7.0, ALL_LAYERS, False),
    "call-waves-hidden-muted":  (9.5, ALL_LAYERS, False),
    "call-waves-frozen-near":   (13.0, ALL_LAYERS, False),
    "call-avatar-photo":        (7.0, ALL_LAYERS, True),
    "call-waves-mask":          (7.0, ("waves",), False),
}
GOLDEN_SIZE = (390, 844)

# The parity rule (Docs/testing.md).
SHARE_OVER_ONE = 0.001
OFF_EDGE_LIMIT = 2
EDGE_LIMIT = 16


# ---------------------------------------------------------------- easing

def cubic_bezier_coordinate(u, first, second):
    """One coordinate of a cubic Bezier from 0 to 1 with inner control values first and second."""
    v = 1.0 - u
    return 3.0 * v * v * u * first + 3.0 * v * u * u * second + u * u * u


def ease_in_out(x):
    """The CSS cubic-bezier(0.42, 0, 0.58, 1) at progress x (clamped to 0...1),
    by bisection on the curve's parameter."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(64):
        middle = 0.5 * (low + high)
        if cubic_bezier_coordinate(middle, 0.42, 0.58) < x:
            low = middle
        else:
            high = middle
    return cubic_bezier_coordinate(0.5 * (low + high), 0.0, 1.0)


def simpson(function, a, b, intervals=2000):
    """The integral of function over a...b by Simpson's rule (intervals even)."""
    if b <= a:
        return 0.0
    h = (b - a) / intervals
    total = function(a) + function(b)
    for i in range(1, intervals):
        total += (4.0 if i % 2 else 2.0) * function(a + i * h)
    return total * h / 3.0


# ---------------------------------------------------------------- the call's state at time t

def events_of(key, events=FIXTURE_EVENTS):
    """(at, value) of every event with this key, in time order (file order at one instant)."""
    return sorted(((at, value) for at, k, value in events if k == key), key=lambda item: item[0])


def activation_time(events=FIXTURE_EVENTS):
    """The first instant the call is active, or None."""
    return next((at for at, state in events_of("state", events) if state == "active"), None)


def palette_at(state, signal):
    """The palette the spec assigns to a call state and signal quality."""
    if state == "active":
        return "orange-red" if signal <= 0.2 else "blue-green"
    return "blue-violet"


def palette_changes(events=FIXTURE_EVENTS):
    """(time, palette) at each instant the palette changes, from blue-violet at 0."""
    state, signal, current, changes = "requesting", 1.0, "blue-violet", []
    for at, key, value in sorted(events, key=lambda item: item[0]):
        if key == "state":
            state = value
        elif key == "signal":
            signal = value
        else:
            continue
        if palette_at(state, signal) != current:
            current = palette_at(state, signal)
            changes.append((at, current))
    return changes


def colours_at(t, events=FIXTURE_EVENTS):
    """The four colours on screen: each change crossfades from what is showing
    to the new palette over 0.3 s, eased."""
    showing = GRADIENT.colours("blue-violet")
    for at, palette in palette_changes(events):
        if at > t:
            break
        target = GRADIENT.colours(palette)
        k = ease_in_out((t - at) / CROSSFADE_SECONDS)
        showing = [tuple(a + (b - a) * k for a, b in zip(old, new)) for old, new in zip(showing, target)]
    return showing


def phase_at(t, events=FIXTURE_EVENTS):
    """The phase: 0 at 0, advancing 0.5 (1 + 0.5 a) steps a second, where a
    jumps to 1 at each palette change and eases to 0 over 2 s (no idle
    settling; see check_no_idle_rule). The integral of a is taken change by
    change, each up to the next change, 2 s, or t."""
    starts = [at for at, _ in palette_changes(events) if at < t]
    boosted = 0.0
    for index, start in enumerate(starts):
        end = min([t, start + BOOST_SECONDS] + starts[index + 1:index + 2])
        boosted += simpson(lambda s: 1.0 - ease_in_out((s - start) / BOOST_SECONDS), start, end)
    return BASE_PHASE_SPEED * t + BASE_PHASE_SPEED * 0.5 * boosted


def idle_rule_triggers(events=FIXTURE_EVENTS, duration=FIXTURE_DURATION):
    """The instants the idle rule acts (background settling, waves stopping):
    10 s after the start or a tap with no tap since, once the call has been
    active (and, for the waves, has lasted 10 s)."""
    activation = activation_time(events)
    if activation is None:
        return []
    starts = [0.0] + [at for at, _ in events_of("tap", events) if at > 0]
    ends = starts[1:] + [math.inf]
    triggers = []
    for start, end in zip(starts, ends):
        for earliest in (activation, activation + IDLE_CALL_SECONDS):
            moment = max(start + IDLE_SECONDS, earliest)
            if moment < end and moment <= duration:
                triggers.append(moment)
    return triggers


def check_no_idle_rule(t, events=FIXTURE_EVENTS):
    """This oracle does not model the idle rule: refuse an instant it would affect."""
    early = [moment for moment in idle_rule_triggers(events) if moment <= t]
    if early:
        raise ValueError(f"the idle rule acts at {early[0]} s, before {t} s: not modelled here")


def raw_level(t, events=FIXTURE_EVENTS):
    """The level of the latest `level` event at or before t (0 before any)."""
    value = 0.0
    for at, level in events_of("level", events):
        if at <= t:
            value = level
    return value


def smoothed_levels(ticks, events=FIXTURE_EVENTS):
    """The level at each 60 Hz tick: level <- 0.8 level + 0.2 (input + bump),
    snapped to 0 below 0.01; bump = 2 for 0.2 s from the first active moment."""
    activation = activation_time(events)
    level, levels = 0.0, []
    for tick in range(ticks):
        time = tick / TICK_RATE
        bump = BUMP_LEVEL if activation is not None and activation <= time < activation + BUMP_SECONDS else 0.0
        level = 0.8 * level + 0.2 * (raw_level(time, events) + bump)
        if level < SNAP_BELOW:
            level = 0.0
        levels.append(level)
    return levels


def level_at(t, events=FIXTURE_EVENTS):
    """The smoothed level, linear between ticks."""
    position = t * TICK_RATE
    tick = math.floor(position)
    levels = smoothed_levels(tick + 2, events)
    return levels[tick] + (levels[tick + 1] - levels[tick]) * (position - tick)


def waves_shown_changes(events=FIXTURE_EVENTS):
    """(time, shown) whenever the waves should start to show or hide: hidden
    while remote muted, with energy saving, or after the call ended."""
    muted = saving = ended = False
    shown, changes = True, []
    for at, key, value in sorted(events, key=lambda item: item[0]):
        if key == "remoteMuted":
            muted = value
        elif key == "energySaving":
            saving = value
        elif key == "state":
            ended = value == "ended"
        now = not (muted or saving or ended)
        if now != shown:
            shown = now
            changes.append((at, shown))
    return changes


def visibility_at(t, events=FIXTURE_EVENTS):
    """0 (hidden) to 1 (shown): each change eases from what is showing over 0.3 s."""
    value = 1.0
    for at, shown in waves_shown_changes(events):
        if at > t:
            break
        target = 1.0 if shown else 0.0
        value += (target - value) * ease_in_out((t - at) / SHOW_SECONDS)
    return value


def freezes(events=FIXTURE_EVENTS):
    """(start, end) of each time the proximity sensor freezes the waves: from
    `near` until `far` or a tap."""
    near_since, spans = None, []
    for at, key, value in sorted(events, key=lambda item: item[0]):
        if key == "proximity" and value == "near" and near_since is None:
            near_since = at
        elif (key == "proximity" and value == "far") or key == "tap":
            if near_since is not None:
                spans.append((near_since, at))
            near_since = None
    if near_since is not None:
        spans.append((near_since, math.inf))
    return spans


def motion_time_at(t, events=FIXTURE_EVENTS):
    """Seconds of wobble so far: the clock, stopped while frozen."""
    frozen = sum(max(0.0, min(t, end) - start) for start, end in freezes(events))
    return t - frozen


def golden_state(name):
    """Everything the rules say about golden NAME's frame, as a dict."""
    time, layers, photo = GOLDENS[name]
    check_no_idle_rule(time)
    return {
        "time": time, "layers": layers, "photo": photo, "seed": FIXTURE_SEED,
        "colours": colours_at(time), "phase": phase_at(time), "level": level_at(time),
        "visibility": visibility_at(time), "motion_time": motion_time_at(time),
    }


# ---------------------------------------------------------------- the waves

def splitmix_finaliser(z):
    """SplitMix64's output function on a 64-bit integer."""
    z = (z + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def random_unit(seed, shape, ball, step):
    """The counter-based random number in [0, 1) for (seed, shape, ball, step):
    the finaliser applied to the salted seed, then xor shape * 64 + ball, then
    xor step (two's complement), top 53 bits."""
    key = splitmix_finaliser((seed & MASK64) ^ RANDOM_SALT)
    key = splitmix_finaliser(key ^ ((shape * 64 + ball) & MASK64))
    key = splitmix_finaliser(key ^ (step & MASK64))
    return (key >> 11) / float(1 << 53)


def control_radius(seed, shape, ball, motion_time):
    """0.45 + 0.05 r, r through the random targets on a uniform Catmull-Rom
    curve (Hermite form, tangents half the neighbours' difference)."""
    position = max(0.0, motion_time) * STEPS_PER_SECOND
    step = math.floor(position)
    f = position - step
    before, start, end, after = (0.45 + 0.05 * random_unit(seed, shape, ball, step + k) for k in (-1, 0, 1, 2))
    start_slope, end_slope = 0.5 * (end - before), 0.5 * (after - start)
    f2, f3 = f * f, f * f * f
    return ((2 * f3 - 3 * f2 + 1) * start + (f3 - 2 * f2 + f) * start_slope
            + (3 * f2 - 2 * f3) * end + (f3 - f2) * end_slope)


def ball_centres(seed, shape, motion_time):
    """The 8 balls of shape 0 (outer) or 1 (inner, turned by half a ball): ball
    j at angle 2 pi j / 8 from +x, clockwise on screen (y down), at
    RING_RADIUS + RADIAL_GAIN (R - MEAN_RADIUS) for its control radius R."""
    centres = []
    for ball in range(BALL_COUNT):
        angle = 2.0 * math.pi * (ball + 0.5 * shape) / BALL_COUNT
        distance = RING_RADIUS + RADIAL_GAIN * (control_radius(seed, shape, ball, motion_time) - MEAN_RADIUS)
        centres.append((distance * math.cos(angle), distance * math.sin(angle)))
    return centres


def field_and_slope(balls, x, y):
    """The metaball field at (x, y) and the length of its gradient."""
    field = gx = gy = 0.0
    inverse = 1.0 / (SIGMA * SIGMA)
    for bx, by in balls:
        dx, dy = x - bx, y - by
        term = math.exp(-(dx * dx + dy * dy) * inverse)
        field += term
        gx -= 2.0 * inverse * dx * term
        gy -= 2.0 * inverse * dy * term
    return field, math.hypot(gx, gy)


def wave_threshold():
    """The field on the outline of a ring of equal balls at RING_RADIUS: its
    value at MEAN_RADIUS along a ball's direction."""
    ring = [(RING_RADIUS * math.cos(2 * math.pi * j / BALL_COUNT), RING_RADIUS * math.sin(2 * math.pi * j / BALL_COUNT))
            for j in range(BALL_COUNT)]
    return field_and_slope(ring, MEAN_RADIUS, 0.0)[0]


THRESHOLD = wave_threshold()


def wave_coverage(balls, side, ox, oy):
    """How much of a shape covers a pixel centre (ox, oy) pixels from the
    centre: the signed distance to the outline, (field - threshold) /
    |gradient|, in pixels, plus one half, clamped to 0...1."""
    if side <= 0:
        return 0.0
    field, slope = field_and_slope(balls, ox / side, oy / side)
    distance = (field - THRESHOLD) / max(slope, 1e-9) * side
    return min(max(distance + 0.5, 0.0), 1.0)


def wave_half_box(balls, side):
    """Half the side, in pixels, of a square around the centre outside which a
    shape covers nothing. There every ball is over 0.6 of the square away, so
    each term is under e^-9 and its slope under 2 * 0.6 / 0.04 * e^-9: the
    field is under 8 e^-9 (1e-3) and its gradient under 0.05 a square, and
    coverage is 0 where threshold - field >= 0.5 |gradient| / side."""
    farthest = max(math.hypot(x, y) for x, y in balls)
    assert THRESHOLD - 8 * math.exp(-9) > 0.5 * 0.05 / max(side, 1e-9)
    return (farthest + 0.6) * side + 1


def outline_radius(balls, angle):
    """Where the outline crosses the ray from the centre at `angle` (bisection
    between 0.3 and 0.65 of the square, where the field falls through the threshold)."""
    low, high = 0.3, 0.65
    for _ in range(60):
        middle = 0.5 * (low + high)
        if field_and_slope(balls, middle * math.cos(angle), middle * math.sin(angle))[0] >= THRESHOLD:
            low = middle
        else:
            high = middle
    return 0.5 * (low + high)


# ---------------------------------------------------------------- the avatar

def hex_colour(text):
    """An sRGB hex colour as three channels in 0...1."""
    return tuple(int(text[i:i + 2], 16) / 255.0 for i in (0, 2, 4))


def avatar_side(scale):
    """The side the photo is prepared at: the avatar's largest diameter
    (level 5: 1.25 times) rounded up, plus a pixel."""
    return math.ceil(AVATAR_POINTS * scale * 1.25) + 1


def area_weights(count, side):
    """For each of `side` outputs, (input, weight) over the inputs its
    footprint [i, i + 1) * count / side covers, weights its share (shrinking only)."""
    if side > count:
        raise ValueError("the photo is smaller than the avatar: only shrinking is modelled here")
    ratio = count / side
    table = []
    for output in range(side):
        low, high = output * ratio, (output + 1) * ratio
        taps = [(k, min(high, k + 1) - max(low, k)) for k in range(math.floor(low), min(count, math.ceil(high)))]
        taps = [(k, w) for k, w in taps if w > 0]
        total = sum(w for _, w in taps)
        table.append([(k, w / total) for k, w in taps])
    return table


def prepared_avatar(path, side):
    """The photo cropped to its centred square and shrunk to side x side with
    an area filter, premultiplied, as rows of (r, g, b, a) tuples in 0...1
    rounded to 8 bits (the prepared image both renderers sample)."""
    from PIL import Image
    image = Image.open(path).convert("RGBA")
    width, height = image.size
    crop = min(width, height)
    left, top = (width - crop) // 2, (height - crop) // 2
    data = image.load()
    weights = area_weights(crop, side)
    rows = []
    for y in range(crop):
        row = []
        for x in range(crop):
            r, g, b, a = data[left + x, top + y]
            alpha = a / 255.0
            row.append((r / 255.0 * alpha, g / 255.0 * alpha, b / 255.0 * alpha, alpha))
        rows.append([tuple(sum(row[k][c] * w for k, w in taps) for c in range(4)) for taps in weights])
    prepared = []
    for taps in weights:
        prepared.append([tuple(byte(sum(rows[k][x][c] * w for k, w in taps)) / 255.0 for c in range(4))
                         for x in range(side)])
    return prepared


def bilinear(texels, x, y):
    """The texture at texel coordinates (x, y) (centres at +0.5), linear
    between the four nearest texels, edges clamped."""
    side = len(texels)
    left, top = math.floor(x), math.floor(y)
    fx, fy = x - left, y - top

    def texel(column, row):
        return texels[min(max(row, 0), side - 1)][min(max(column, 0), side - 1)]

    a, b, c, d = texel(left, top), texel(left + 1, top), texel(left, top + 1), texel(left + 1, top + 1)
    return tuple((a[i] * (1 - fx) + b[i] * fx) * (1 - fy) + (c[i] * (1 - fx) + d[i] * fx) * fy for i in range(4))


def avatar_at(diameter, photo, ox, oy):
    """The avatar's premultiplied (r, g, b) and its alpha at (ox, oy) pixels from
    the centre: a disc anti-aliased over one pixel, showing the photo (sampled
    bilinearly, its square spanning the disc) or the placeholder's vertical gradient."""
    coverage = min(max(diameter / 2 - math.hypot(ox, oy) + 0.5, 0.0), 1.0)
    if coverage <= 0 or diameter <= 0:
        return (0.0, 0.0, 0.0), 0.0, coverage
    u, v = ox / diameter + 0.5, oy / diameter + 0.5
    if photo is None:
        k = min(max(v, 0.0), 1.0)
        top, bottom = hex_colour(PLACEHOLDER_TOP), hex_colour(PLACEHOLDER_BOTTOM)
        return tuple((t + (b - t) * k) * coverage for t, b in zip(top, bottom)), coverage, coverage
    r, g, b, a = bilinear(photo, u * len(photo) - 0.5, v * len(photo) - 0.5)
    return (r * coverage, g * coverage, b * coverage), a * coverage, coverage


# ---------------------------------------------------------------- the frame

def byte(value):
    """A channel in 0...1 as an 8-bit UNORM level: clamped, rounded half up."""
    return int(math.floor(min(max(value, 0.0), 1.0) * 255.0 + 0.5))


def call_layout(width, height):
    """(pixels a point, centre of avatar and waves in pixels, y down): the
    avatar's top at max(safeTop + 8, floor(0.49 H) - 39 - 136) pt, centred across."""
    scale = width / POINTS_WIDTH
    top = max(SAFE_TOP + 8, math.floor(0.49 * height / scale) - 39 - AVATAR_POINTS)
    return scale, (width / 2.0, (top + AVATAR_POINTS / 2) * scale)


class Frame:
    """The expected frame: 8-bit RGBA levels per pixel, and which pixels lie
    on (or next to) an anti-aliased edge of a visible wave or the avatar."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.levels = [(0, 0, 0, 0)] * (width * height)
        self.edges = set()

    def widen_edges(self):
        """Counts the 8 neighbours of every edge pixel as edge pixels too."""
        widened = set()
        for index in self.edges:
            x, y = index % self.width, index // self.width
            for ny in range(max(0, y - 1), min(self.height, y + 2)):
                for nx in range(max(0, x - 1), min(self.width, x + 2)):
                    widened.add(ny * self.width + nx)
        self.edges = widened


def expected_frame(name):
    """The frame the rules give for golden NAME."""
    state = golden_state(name)
    width, height = GOLDEN_SIZE
    frame = Frame(width, height)
    scale, (cx, cy) = call_layout(width, height)
    layers = state["layers"]
    extra = 0.05 * min(max(state["level"], 0.0), 5.0)
    colours, centres = state["colours"], GRADIENT.centres(state["phase"])

    backgrounds = None
    if "background" in layers:
        backgrounds = []
        for y in range(height):
            sy = 1.0 - (y + 0.5) / height
            backgrounds.extend(GRADIENT.screen_colour(colours, centres, (x + 0.5) / width, sy) for x in range(width))
        frame.levels = [(byte(r), byte(g), byte(b), 255) for r, g, b in backgrounds]

    shown = min(max(state["visibility"], 0.0), 1.0)
    outer = WAVES_POINTS * scale * (1 + 2 * extra) * (HIDDEN_SCALE + (1 - HIDDEN_SCALE) * shown)
    shapes = [(ball_centres(state["seed"], shape, state["motion_time"]), side)
              for shape, side in enumerate((outer, outer * (1 - 2 * INNER_WAVE_INSET)))]
    alpha = FULL_ALPHA * shown if "waves" in layers else 0.0
    diameter = AVATAR_POINTS * scale * (1 + extra) if "avatar" in layers else 0.0
    photo = prepared_avatar(AVATAR_FIXTURE, avatar_side(scale)) if state["photo"] and diameter > 0 else None

    half = max([wave_half_box(balls, side) for balls, side in shapes if alpha > 0] + [diameter / 2 + 1])
    for y in range(max(0, math.floor(cy - half)), min(height, math.ceil(cy + half) + 1)):
        oy = y + 0.5 - cy
        for x in range(max(0, math.floor(cx - half)), min(width, math.ceil(cx + half) + 1)):
            ox = x + 0.5 - cx
            index = y * width + x
            background = backgrounds[index] if backgrounds is not None else None
            colour, opacity, on_edge = compose_pixel(background, shapes, alpha, diameter, photo, ox, oy)
            frame.levels[index] = pixel_levels(colour, opacity)
            if on_edge:
                frame.edges.add(index)
    frame.widen_edges()
    return frame


def compose_pixel(background, shapes, alpha, diameter, photo, ox, oy):
    """(straight colour, alpha, on an anti-aliased edge) of one pixel: the
    toned background through the waves' mask (or the mask as white without a
    background), then the avatar over it, source-over."""
    on_edge = False
    clear = 1.0
    if alpha > 0:
        for balls, side in shapes:
            coverage = wave_coverage(balls, side, ox, oy)
            on_edge = on_edge or 0.0 < coverage < 1.0
            clear *= 1.0 - alpha * coverage
    mask = 1.0 - clear
    if background is not None:
        toned = GRADIENT.tone(background) if mask > 0 else background
        colour, opacity = tuple(b + (t - b) * mask for b, t in zip(background, toned)), 1.0
    else:
        colour, opacity = (1.0, 1.0, 1.0), mask
    if diameter > 0:
        top, top_alpha, coverage = avatar_at(diameter, photo, ox, oy)
        on_edge = on_edge or 0.0 < coverage < 1.0
        below = opacity * (1.0 - top_alpha)
        premultiplied = [c * below + t for c, t in zip(colour, top)]
        opacity = below + top_alpha
        colour = tuple(p / opacity for p in premultiplied) if opacity > 0 else (0.0, 0.0, 0.0)
    return colour, opacity, on_edge


def pixel_levels(colour, opacity):
    """8-bit straight RGBA; a pixel that rounds to transparent is transparent black."""
    if byte(opacity) == 0:
        return (0, 0, 0, 0)
    return (byte(colour[0]), byte(colour[1]), byte(colour[2]), byte(opacity))


# ---------------------------------------------------------------- the tables' sources

GOLDEN_CASES = os.path.join(ROOT, "Goldens", "cases.json")


def table_disagreements():
    """Where GOLDENS no longer says what Goldens/cases.json says (empty when
    they agree), so an edited case fails with a reason, not a diff."""
    problems = []
    import json
    cases = {case["name"]: case for case in json.load(open(GOLDEN_CASES))["cases"]}
    for name, (time, layers, photo) in GOLDENS.items():
        case = cases.get(name)
        want = {"time": time, "tags": "all" if layers == ALL_LAYERS else list(layers),
                "fixture": "foreground-photo" if photo else "foreground", "oracle": "spec-foreground"}
        if case is None:
            problems.append(f"Goldens/cases.json: no case {name}")
            continue
        got = {key: case.get(key) for key in want}
        if got["tags"] != "all":
            got["tags"] = sorted(got["tags"] or [])
            want["tags"] = want["tags"] if want["tags"] == "all" else sorted(want["tags"])
        if got != want:
            problems.append(f"Goldens/cases.json: {name} is {got}, this script says {want}")
    return problems


# ---------------------------------------------------------------- checking a PNG

def compare(frame, path):
    """Per-channel differences between the frame and a PNG (alpha too when
    either has it): a dict of counts and whether the parity rule holds."""
    from PIL import Image
    image = Image.open(path)
    if image.size != (frame.width, frame.height):
        return {"size": image.size, "passed": False}
    with_alpha = image.mode in ("RGBA", "LA", "PA") or any(level[3] != 255 for level in frame.levels)
    got = list(image.convert("RGBA").getdata())
    channels = 4 if with_alpha else 3
    worst = worst_off_edge = over_one = pixels_over_one = over_edge_limit = 0
    for index, (want, have) in enumerate(zip(frame.levels, got)):
        diffs = [abs(want[c] - have[c]) for c in range(channels)]
        largest = max(diffs)
        worst = max(worst, largest)
        over = sum(d > 1 for d in diffs)
        over_one += over
        pixels_over_one += over > 0
        if index in frame.edges:
            over_edge_limit += sum(d > EDGE_LIMIT for d in diffs)
        else:
            worst_off_edge = max(worst_off_edge, largest)
    count = frame.width * frame.height
    passed = (pixels_over_one <= SHARE_OVER_ONE * count and worst_off_edge <= OFF_EDGE_LIMIT
              and over_edge_limit == 0)
    return {"worst": worst, "worst_off_edge": worst_off_edge, "over_one": over_one,
            "pixels_over_one": pixels_over_one, "over_edge_limit": over_edge_limit,
            "channels": count * channels, "pixels": count, "edge_pixels": len(frame.edges), "passed": passed}


def report(name, path, result):
    """One line about a checked golden."""
    if "size" in result:
        w, h = result["size"]
        return f"{path}: {w}x{h}, expected {GOLDEN_SIZE[0]}x{GOLDEN_SIZE[1]} -> FAIL"
    verdict = "ok" if result["passed"] else (
        f"FAIL (parity: <= 1 on 99.9 % of pixels, <= {OFF_EDGE_LIMIT} off edges, <= {EDGE_LIMIT} on edges)")
    return (f"{path}: {name}, max |delta| {result['worst']} (off edges {result['worst_off_edge']}), "
            f"channels over 1: {result['over_one']} of {result['channels']} "
            f"({result['pixels_over_one']} pixels, {math.floor(SHARE_OVER_ONE * result['pixels'])} allowed), "
            f"over {EDGE_LIMIT} on edges: {result['over_edge_limit']} ({result['edge_pixels']} edge pixels) -> {verdict}")


def outline_check(samples):
    """The largest distance, over random seeds and times, between a ball's
    control radius and the outline along its direction."""
    worst = 0.0
    for sample in range(samples):
        seed, motion_time = sample * 7919 % 1000, sample * 0.173
        for shape in (0, 1):
            balls = ball_centres(seed, shape, motion_time)
            for ball in range(BALL_COUNT):
                angle = 2.0 * math.pi * (ball + 0.5 * shape) / BALL_COUNT
                target = control_radius(seed, shape, ball, motion_time)
                worst = max(worst, abs(outline_radius(balls, angle) - target))
    return worst


def main(argv):
    if argv[:1] == ["check"] and len(argv) == 3 and argv[1] in GOLDENS:
        problems = table_disagreements()
        if problems:
            print("\n".join(problems) + f"\n{argv[2]}: {argv[1]}, this script's tables are out of date -> FAIL")
            return 1
        result = compare(expected_frame(argv[1]), argv[2])
        print(report(argv[1], argv[2], result))
        return 0 if result["passed"] else 1
    if argv == ["names"]:
        print("\n".join(GOLDENS))
        return 0
    if argv[:1] == ["params"] and len(argv) == 2 and argv[1] in GOLDENS:
        for key, value in golden_state(argv[1]).items():
            print(f"{key}: {value}")
        return 0
    if argv[:1] == ["outline"] and len(argv) <= 2:
        worst = outline_check(int(argv[1]) if len(argv) == 2 else 200)
        print(f"outline vs control radius: largest distance {worst:.5f} of the square (Docs/waves.md: within 0.003)")
        return 0 if worst <= 0.003 else 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
