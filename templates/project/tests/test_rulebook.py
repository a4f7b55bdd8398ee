"""@NAME@'s own tests: the gate passes, and every house publishes what it states, in each of its languages.

They read what `make site` published into _build/ (`make test` builds it first)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "site"
HOUSES = sorted(path.parent.name for path in ROOT.glob("houses/*/house.yaml"))


def house(house_id: str) -> dict:
    return yaml.safe_load((ROOT / "houses" / house_id / "house.yaml").read_text(encoding="utf-8"))


def test_the_gate_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "rulebook", "check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("house_id", HOUSES)
def test_each_language_is_published_with_its_printed_files(house_id):
    stated = house(house_id)
    for lang in stated["languages"]:
        folder = SITE / house_id / lang
        page = (folder / "index.html").read_text(encoding="utf-8")
        assert stated["name"].split()[0] in page
        printed = sorted((folder / "downloads").glob("*.pdf"))
        assert printed and all(pdf.read_bytes().startswith(b"%PDF-") for pdf in printed)


@pytest.mark.parametrize("house_id", HOUSES)
def test_each_part_has_its_page_in_each_language(house_id):
    stated = house(house_id)
    for lang in stated["languages"]:
        for part_id in stated["parts"]:
            assert (SITE / house_id / lang / f"{part_id}.html").is_file(), (lang, part_id)


@pytest.mark.parametrize("house_id", HOUSES)
def test_each_language_publishes_its_rules_as_data_at_their_addresses(house_id):
    stated = house(house_id)
    for lang in stated["languages"]:
        data = json.loads((SITE / house_id / lang / "rules.json").read_text(encoding="utf-8"))
        assert data["lang"] == lang and data["rules"]
        for rule in data["rules"]:
            assert rule["number"] and rule["title"] and rule["text"]
            assert rule["url"].startswith("http") or (SITE / rule["url"]).is_file(), rule["url"]
