#!/usr/bin/env python3
"""Writes Examples/drawing.json, the example drawing session (issue 34):
a signature, a word written and circled, an arrow to it, a neon
underline, a pencil hatch, an erased part and a blurred one, a ring held
still until it turns into an ellipse and an object eraser's swipe that
removes the underline and a lasso round the word and its circle
(drawing-tools.md), on a 1080x1920 canvas, and one shape of each kind and one text of each style
(issue 35), placed and then moved and turned by a second key.
Every stroke is sampled at 60 Hz along a path of our own, its speed
varying as a hand's does, with a little seeded jitter: the same seed
writes the same file.

With the editor's screen (editor.md), the session also taps each tool
before its strokes, focuses the marker and drags its size, undoes the
object eraser (bringing the underline back), drags the lasso's selection,
duplicates it and taps off it, pinches in on the signature and zooms
out, then leaves; without it (--bare) it is the canvas alone,
as it was before the editor, stroke for stroke.

    Scripts/make-drawing-example.py [OUT]          (default Examples/drawing.json)
    Scripts/make-drawing-example.py --bare [OUT]   (default Examples/drawing-canvas.json)
"""
import json
import math
import random
import sys

SEED = 34
RATE = 60.0


def sampled(path, start, seconds, jitter, rng, ease=True):
    """Points [x, y, t] along path(u), u in 0..1, at RATE a second; with
    ease, u moves slow-fast-slow (a hand's stroke)."""
    count = max(2, int(seconds * RATE) + 1)
    points = []
    for index in range(count):
        s = index / (count - 1)
        u = 0.5 - 0.5 * math.cos(math.pi * s) if ease else s
        x, y = path(u)
        points.append([round(x + rng.uniform(-jitter, jitter), 2), round(y + rng.uniform(-jitter, jitter), 2),
                       round(start + index / RATE, 4)])
    return points


def signature(u):
    # A looping cursive line: a carrier left to right with loops riding on it.
    x = 170 + 560 * u + 55 * math.sin(u * 7 * 2 * math.pi)
    y = 1560 - 70 * math.sin(u * 7 * 2 * math.pi + 1.2) - 60 * u
    return x, y


def letter_strokes():
    """The word "hi" written in pen: the h's stem, its arch, the i's stem, its dot."""
    return [
        lambda u: (330, 520 + 200 * u),
        lambda u: (330 + 90 * u, 720 - 110 * math.sin(math.pi * min(u * 1.15, 1)) + (90 * max(u - 0.87, 0))),
        lambda u: (500, 610 + 110 * u),
        lambda u: (500 + 4 * u, 560 + 3 * u),
    ]


def circle(u):
    angle = -2.2 + u * 2 * math.pi * 1.08
    return 420 + 200 * math.cos(angle), 640 + 150 * math.sin(angle)


def ring(u):
    """A hand's ring about the star, a little more than once round."""
    angle = -1.9 + u * 2 * math.pi * 1.02
    return 810 + 170 * math.cos(angle), 430 + 140 * math.sin(angle)


def arrow(u):
    return 880 - 230 * u, 1100 - 330 * u + 60 * math.sin(math.pi * u)


def underline(u):
    return 220 + 420 * u, 860 + 12 * math.sin(u * math.pi)


def entities():
    """One shape of each kind and one text of each style over the strokes, each placed, then moved and turned by a second key."""
    def key(at, x, y, scale=1, rotation=0):
        return {"at": at, "x": x, "y": y, "scale": scale, "rotation": rotation}
    return [
        {"shape": "star", "fill": True, "color": "#FFC107", "w": 180, "h": 180,
         "keys": [key(1.0, 860, 300), key(3.0, 800, 420, 1.2, 20)]},
        {"shape": "rectangle", "fill": False, "color": "#3949AB", "width": 12, "w": 260, "h": 160,
         "keys": [key(2.0, 240, 1150), key(4.5, 300, 1250, 1, -15)]},
        {"shape": "ellipse", "fill": True, "color": "#43A047CC", "w": 220, "h": 140,
         "keys": [key(3.5, 220, 250), key(6.0, 260, 330, 0.8, 30)]},
        {"shape": "bubble", "fill": False, "color": "#8E24AA", "width": 10, "w": 300, "h": 160,
         "keys": [key(5.0, 780, 1480), key(8.0, 760, 1400, 1.1, 8)]},
        {"shape": "arrow", "color": "#E53935", "width": 14, "w": 280,
         "keys": [key(6.0, 560, 300, 1, 20), key(9.0, 600, 250, 1, -10)]},
        {"text": "Hello!", "style": "regular", "color": "#1E88E5", "size": 0.25, "align": "center",
         "keys": [key(1.5, 540, 1640), key(4.0, 560, 1660, 1.2, -6)]},
        {"text": "Framed lines,\nshort\nand a long last one", "style": "framed", "color": "#E53935", "size": 0.08, "align": "center",
         "keys": [key(4.0, 540, 1400, 1, 4), key(7.5, 560, 1350, 0.9, -8)]},
        {"text": "semi", "style": "semi", "color": "#FFFFFF", "size": 0.12, "align": "left",
         "keys": [key(7.0, 800, 700), key(10.5, 760, 760, 1.3, 12)]},
        {"text": "Outlined", "style": "outlined", "color": "#6A1B9A", "size": 0.15, "align": "right",
         "keys": [key(9.5, 600, 1860, 0.8, 0), key(12.5, 620, 1820, 1, -6)]},
    ]


def main():
    arguments = sys.argv[1:]
    bare = "--bare" in arguments
    arguments = [a for a in arguments if a != "--bare"]
    out = arguments[0] if arguments else ("Examples/drawing-canvas.json" if bare else "Examples/drawing.json")
    rng = random.Random(SEED)
    strokes = []
    events = []
    selected = ["pen"]
    t = 0.3

    def tap(tool):
        """With the screen: a tap selecting `tool` just before the next stroke (nothing when it is selected)."""
        if bare or selected[0] == tool:
            return
        events.append({"at": round(t - 0.1, 4), "tool": tool})
        selected[0] = tool

    def add(tool, color, size, path, seconds, pause=0.25, jitter=0.6, **extra):
        nonlocal t
        if tool in ("pen", "marker", "neon", "pencil", "eraser"):
            tap(tool)
        stroke = {"tool": tool, "color": color, "size": size}
        stroke.update(extra)
        stroke["points"] = sampled(path, t, seconds, jitter, rng)
        strokes.append(stroke)
        t = stroke["points"][-1][2] + pause

    for index, path in enumerate(letter_strokes()):
        add("pen", "#1B2A4A", 0.1, path, 0.45 if index < 3 else 0.05, pause=0.15)
    if not bare:
        # The marker selected and focused, its size dragged from 0.2 to the stroke's 0.35, then unfocused.
        events.append({"at": round(t, 4), "tool": "marker"})
        events.append({"at": round(t + 0.35, 4), "tool": "marker"})
        drag = [[round(t + 0.7 + 0.1 * k, 4), round(0.2 + 0.15 * min(k, 5) / 5 + 0.1 * math.sin(math.pi * k / 8), 4)] for k in range(9)]
        drag[-1][1] = 0.35
        events.append({"at": drag[0][0], "size": drag})
        events.append({"at": round(t + 1.8, 4), "tool": "marker"})
        selected[0] = "marker"
        t += 2.2
    add("marker", "#FFB300B0", 0.35, circle, 1.2, pause=0.4)
    add("pen", "#D93025", 0.12, arrow, 0.7, arrow=True)
    add("neon", "#00E5FF", 0.3, underline, 0.6)
    for index in range(9):
        x0 = 640 + index * 32
        add("pencil", "#3C3C3C", 0.1, lambda u, x0=x0: (x0 + 90 * u, 1260 - 160 * u), 0.22, pause=0.08, seed=index)
    add("eraser", "#000000", 0.3, lambda u: (650 + 300 * u, 1190 - 40 * u), 0.4, pause=0.4)
    add("pen", "#202124", 0.08, signature, 2.4, pause=0.5, jitter=0.4)
    add("blur", "#000000", 0.3, lambda u: (700 + 220 * u, 1010 + 50 * math.sin(2 * math.pi * u)), 0.5)
    # The ring, then the finger held still for a second: it turns into an ellipse.
    add("pen", "#1E88E5", 0.1, ring, 1.2, pause=0)
    x, y, end = strokes[-1]["points"][-1]
    strokes[-1]["points"] += [[round(x + rng.uniform(-2, 2), 2), round(y + rng.uniform(-2, 2), 2), round(end + 0.2 * k, 4)] for k in range(1, 6)]
    t = end + 1.0 + 0.4
    # An object eraser's swipe down through the neon underline: it fades out.
    add("eraser", "#000000", 0.2, lambda u: (420, 1000 - 120 * u), 0.3, mode="object")
    if not bare:
        # Undo the object eraser (the underline comes back).
        t += 0.2
        events.append({"at": round(t, 4), "undo": True})
        t += 0.5
    # A lasso round the word and its circle (drawing-tools.md section 2): it selects them at its release.
    tap("lasso")
    strokes.append({"tool": "lasso", "points": sampled(lambda u: (420 + 255 * math.cos(-1.6 + u * 2 * math.pi), 640 + 195 * math.sin(-1.6 + u * 2 * math.pi)),
                                                       t, 1.0, 0.6, rng)})
    t = strokes[-1]["points"][-1][2] + 0.4
    if not bare:
        # Drag the selection down and right, duplicate it, tap off it.
        drag = [[round(t + 0.1 * k, 4), round(150 * (0.5 - 0.5 * math.cos(math.pi * k / 8)), 2), round(170 * (0.5 - 0.5 * math.cos(math.pi * k / 8)), 2)]
                for k in range(9)]
        events.append({"at": drag[0][0], "lasso": {"move": drag}})
        events.append({"at": round(t + 1.4, 4), "lasso": "duplicate"})
        events.append({"at": round(t + 2.4, 4), "lasso": "end"})
        t += 2.9
    if not bare:
        # Pinch in on the signature, zoom out, leave.
        pinch = [[round(t + 0.6 + 0.1 * k, 4), round(1 + 1.2 * (k / 8) ** 0.8, 4), round(540 + 100 * k / 8, 1), round(960 + 380 * k / 8, 1)]
                 for k in range(9)]
        events.append({"at": pinch[0][0], "zoom": pinch})
        events.append({"at": round(t + 2.6, 4), "zoomOut": True})
        events.append({"at": round(t + 3.4, 4), "done": True})
        t += 3.4
    session = {
        "scene": "drawing",
        "duration": math.ceil(t + 1),
        "fps": 30,
        "canvas": {"size": "1080x1920", "background": "#F7F3EA"},
        "strokes": strokes,
        "entities": entities(),
    }
    if not bare:
        tools = {"pen": {"color": "#1B2A4A", "size": 0.1}, "marker": {"color": "#FFB300", "size": 0.2}, "neon": {"color": "#00E5FF", "size": 0.3},
                 "pencil": {"color": "#3C3C3C", "size": 0.1}, "eraser": {"size": 0.3}}
        session["editor"] = {"enter": True, "tools": tools, "events": events}
    with open(out, "w") as file:
        # One stroke a line: the file stays readable and diffable.
        file.write("{\n")
        for key in ("scene", "duration", "fps", "canvas"):
            file.write(f"  {json.dumps(key)}: {json.dumps(session[key])},\n")
        file.write('  "strokes": [\n')
        file.write(",\n".join("    " + json.dumps(stroke, separators=(", ", ": ")) for stroke in strokes))
        file.write("\n  ],\n")
        file.write('  "entities": [\n')
        file.write(",\n".join("    " + json.dumps(entity, separators=(", ", ": ")) for entity in session["entities"]))
        if "editor" not in session:
            file.write("\n  ]\n}\n")
            return
        editor = session["editor"]
        file.write("\n  ],\n")
        file.write(f'  "editor": {{"enter": true, "tools": {json.dumps(editor["tools"])}, "events": [\n')
        file.write(",\n".join("    " + json.dumps(event, separators=(", ", ": ")) for event in editor["events"]))
        file.write("\n  ]}\n}\n")


if __name__ == "__main__":
    main()
