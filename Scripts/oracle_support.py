"""What the golden oracles (Scripts/spec-*.py) share among themselves, and
none of it with callshade: the repository's root, a golden's case from
Goldens/cases.json, a PNG as RGBA levels, another oracle loaded as a module,
and the `check NAME FILE.png` / `selftest NAME FILE.png` command line of an
oracle that measures a golden against the spec and can be made to work the
spec out with a mistake.

An oracle imports it after putting its own folder first on sys.path.
"""
import importlib.util
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def case_named(name, tool):
    """The case `name` of Goldens/cases.json; `tool` (the oracle's name) says who could not find it."""
    with open(ROOT / "Goldens" / "cases.json", encoding="utf-8") as handle:
        for case in json.load(handle)["cases"]:
            if case["name"] == name:
                return case
    raise SystemExit(f"{tool}: Goldens/cases.json has no case {name}")


def rgba(path):
    """The PNG at `path` as a height x width x 4 array of levels."""
    import numpy as np
    from PIL import Image
    return np.asarray(Image.open(path).convert("RGBA"))


def script(module, file):
    """The oracle Scripts/`file` loaded as the module `module`."""
    spec = importlib.util.spec_from_file_location(module, ROOT / "Scripts" / file)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def near(found, label, got, want, tolerance):
    """Notes in `found` (label, got, want, tolerance) a measurement `got` that is missing (None) or beyond `tolerance` of `want`."""
    if got is None:
        found.append((label + " found", 0.0, want, tolerance))
    elif abs(got - want) > tolerance:
        found.append((label, got, want, tolerance))


def check_or_selftest(argv, usage, tool, errors, ok, mistakes):
    """`check NAME FILE.png`: each of `errors(case, image)` (label, got, spec,
    tolerance) printed and exit 1, else `ok`. `selftest NAME FILE.png`: each
    mistake of `mistakes(case, image)` must make `errors(case, image, mistake)`
    find something. Anything else: `usage` and exit 2."""
    if len(argv) != 3 or argv[0] not in ("check", "selftest"):
        print(usage, file=sys.stderr)
        return 2
    command, name, path = argv
    case = case_named(name, tool)
    image = rgba(path)
    if command == "check":
        failures = errors(case, image)
        if failures:
            for label, got, want, tolerance in failures:
                print(f"{path}: {label}: {got:.2f}, spec {want:.2f} (tolerance {tolerance}) -> FAIL")
            return 1
        print(f"{path}: {ok} -> ok")
        return 0
    escaped = [mistake for mistake in mistakes(case, image) if not errors(case, image, mistake)]
    if escaped:
        print(f"{path}: selftest: the check passed with the mistake(s) {', '.join(escaped)} -> FAIL")
        return 1
    print(f"{path}: selftest: every mistake refused -> ok")
    return 0
