"""Does the build grow at most linearly with the library? The rule library at 1x and at 10x.

The 10x library is generated, never committed: every part of ``rules/`` (with its worked examples
and every language's translations of its messages) copied nine times under new ids, and published
by the houses that publish the original, each copied text marked with its copy's number so that
no remembered check answers for it. Both libraries are checked (``rulebook check``, no cache)
and built clean (``rulebook site``) in the same run; the script prints both side by side, and the
10x / 1x ratio per messages (at most 1 means the time grows no faster than the library).

    .venv/bin/python benchmarks/bench_scale.py [--factor 10] [--repeat 1]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("rules", "houses", "locales", "templates", "executable_examples", "rulebook", "pokerrules", "conf.py")
UNSHARED_CONTEXTS = ("glossary.", "house.")


def copy_tree(target: Path) -> Path:
    for name in SOURCES:
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, target / name)
    return target


def marked(text: str, suffix: str) -> str:
    """A copy's text, told apart from the original's (so no check is answered from another's result)."""
    return f"{text} ({suffix[2:]})"


def renamed(data, suffix: str, ids: set[str]):
    """The YAML data with every id, and every reference to one, given the suffix; every text marked."""
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            if key in ("id", "rule") and isinstance(value, str) and value in ids:
                out[key] = value + suffix
            elif key == "text" and isinstance(value, str):
                out[key] = marked(value, suffix)
            elif key == "rules" and isinstance(value, list) and all(isinstance(v, str) for v in value):
                out[key] = [v + suffix if v in ids else v for v in value]
            else:
                out[key] = renamed(value, suffix, ids)
        return out
    if isinstance(data, list):
        return [renamed(value, suffix, ids) for value in data]
    return data


def all_ids(data, found: set[str]) -> set[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "id" and isinstance(value, str):
                found.add(value)
            all_ids(value, found)
    elif isinstance(data, list):
        for value in data:
            all_ids(value, found)
    return found


def scale(tree: Path, factor: int) -> None:
    """Copy every part, its examples and its translations ``factor - 1`` times under new ids."""
    parts = {path.stem: yaml.safe_load(path.read_text(encoding="utf-8")) for path in sorted((tree / "rules").glob("*.yaml"))}
    examples = {path: yaml.safe_load(path.read_text(encoding="utf-8")) for path in sorted((tree / "executable_examples").glob("*.yaml"))}
    ids = set()
    for data in parts.values():
        all_ids(data, ids)
    example_ids = set()
    for data in examples.values():
        all_ids(data, example_ids)
    suffixes = [f"-x{n}" for n in range(1, factor)]
    for suffix in suffixes:
        for part_id, data in parts.items():
            (tree / "rules" / f"{part_id}{suffix}.yaml").write_text(
                yaml.safe_dump(renamed(data, suffix, ids), allow_unicode=True, sort_keys=False), encoding="utf-8")
        for path, data in examples.items():
            (path.parent / f"{path.stem}{suffix}.yaml").write_text(
                yaml.safe_dump(renamed(data, suffix, ids | example_ids), allow_unicode=True, sort_keys=False),
                encoding="utf-8")
    for house in (tree / "houses").glob("*/house.yaml"):
        text = house.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        data["parts"] = data["parts"] + [part + suffix for suffix in suffixes for part in data["parts"]]
        house.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    for po in [tree / "locales" / "rulebook.pot", *sorted((tree / "locales").glob("*/LC_MESSAGES/rulebook.po"))]:
        with open(po, "rb") as handle:
            catalog = read_po(handle)
        for message in list(catalog):
            context = message.context
            if not message.id or not context or context.startswith(UNSHARED_CONTEXTS):
                continue
            head, _, rest = context.partition(".")
            if head not in ids | example_ids:
                continue
            for suffix in suffixes:
                msgid, msgstr = message.id, message.string
                if rest == "text" and isinstance(msgid, str):
                    msgid, msgstr = marked(msgid, suffix), marked(msgstr, suffix) if msgstr else msgstr
                catalog.add(msgid, msgstr, list(message.locations), flags=message.flags,
                            auto_comments=message.auto_comments, context=f"{head}{suffix}.{rest}")
        with open(po, "wb") as handle:
            write_po(handle, catalog, width=0)


def timed(tree: Path, *args: str) -> float:
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "rulebook", "--root", str(tree), *args], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"rulebook {' '.join(args)} failed on {tree}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factor", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    small, large = copy_tree(work / "1x"), copy_tree(work / f"{args.factor}x")
    scale(large, args.factor)
    # The generated rules are the same rules, so their .pot must be regenerated for the gate.
    subprocess.run([sys.executable, "-m", "rulebook", "--root", str(large), "gettext"], check=True, capture_output=True)
    rows = []
    for what, command in (("check (no cache)", ("check",)), ("clean site build", ("site",))):
        times = {}
        for tree in (small, large):
            samples = []
            for _ in range(args.repeat):
                shutil.rmtree(tree / "_build", ignore_errors=True)
                samples.append(timed(tree, *command))
            times[tree] = statistics.median(samples)
        rows.append((what, times[small], times[large]))
    pages = {tree: sum(1 for _ in (tree / "_build" / "site").rglob("*.html")) for tree in (small, large)}
    print(f"library x1: {pages[small]} pages; x{args.factor}: {pages[large]} pages")
    print(f"{'what':22} {'x1':>8} {'x' + str(args.factor):>8}   {'time ratio':>10}   {'per size':>8}")
    for what, one, many in rows:
        print(f"{what:22} {one:7.2f}s {many:7.2f}s   {many / one:9.2f}x   {many / one / args.factor:7.2f}x")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
