"""The Croatian search stemmer, measured against Snowball's Serbian stemmer (built for Serbo-Croatian,
installed with Sphinx) on readers' words paired with the catalog's own: ours is kept only while it
finds at least as many."""

from __future__ import annotations

from pathlib import Path

import snowballstemmer
import yaml

from rulebook.i18n.search_hr import stem

PAIRS = yaml.safe_load((Path(__file__).parent / "fixtures" / "croatian_stem_pairs.yaml").read_text(encoding="utf-8"))["pairs"]


def found(stemmer, pairs=PAIRS) -> list[bool]:
    return [stemmer(typed) == stemmer(written) for typed, written in pairs]


def test_our_croatian_stemmer_finds_at_least_what_snowball_serbian_finds(capsys):
    serbian = snowballstemmer.stemmer("serbian").stemWord
    ours, theirs = found(stem), found(serbian)
    assert len(PAIRS) >= 60
    with capsys.disabled():
        print(f"\nCroatian recall on {len(PAIRS)} pairs: ours {sum(ours)}, Snowball Serbian {sum(theirs)}")
        for (typed, written), mine, other in zip(PAIRS, ours, theirs):
            if not (mine and other):
                print(f"  {typed:>12} → {written:<12} ours {'yes' if mine else 'no ':3}  serbian {'yes' if other else 'no'}")
    assert sum(ours) >= sum(theirs)
    assert sum(ours) >= 0.9 * len(PAIRS)


def test_plural_in_zi_meets_its_singular():
    assert stem("ulozi") == stem("ulog") == stem("uloga")
    assert stem("pravila") == stem("pravilo") == stem("pravilima")
    assert stem("dijeli") == stem("dijeliti")
