"""Every count is written with its noun in the plural form each language's CLDR rule asks for.

The table is the specification, checked by hand: Romanian "de" from 20 on (but "101 lei"),
Croatian's three forms (21 lej, 22 leja, 25 leja), French singular for 0.
"""

from __future__ import annotations

import pytest

from rulebook.i18n.formatting import format_value

COUNTS = (0, 1, 2, 5, 21, 101, 1000)
EXPECTED = {
    "ro": {
        "money": "0 lei|1 leu|2 lei|5 lei|21 de lei|101 lei|1.000 de lei",
        "players": "0 jucători|1 jucător|2 jucători|5 jucători|21 de jucători|101 jucători|1.000 de jucători",
        "chips": "0 jetoane|1 jeton|2 jetoane|5 jetoane|21 de jetoane|101 jetoane|1.000 de jetoane",
        "cards": "0 cărți|1 carte|2 cărți|5 cărți|21 de cărți|101 cărți|1.000 de cărți",
        "seconds": "0 secunde|1 secundă|2 secunde|5 secunde|21 de secunde|101 secunde|1.000 de secunde",
        "minutes": "0 minute|1 minut|2 minute|5 minute|21 de minute|101 minute|1.000 de minute",
        "hours": "0 ore|1 oră|2 ore|5 ore|21 de ore|101 ore|1.000 de ore",
    },
    "en": {
        "money": "0 lei|1 leu|2 lei|5 lei|21 lei|101 lei|1,000 lei",
        "players": "0 players|1 player|2 players|5 players|21 players|101 players|1,000 players",
        "chips": "0 chips|1 chip|2 chips|5 chips|21 chips|101 chips|1,000 chips",
        "cards": "0 cards|1 card|2 cards|5 cards|21 cards|101 cards|1,000 cards",
        "seconds": "0 seconds|1 second|2 seconds|5 seconds|21 seconds|101 seconds|1,000 seconds",
        "minutes": "0 minutes|1 minute|2 minutes|5 minutes|21 minutes|101 minutes|1,000 minutes",
        "hours": "0 hours|1 hour|2 hours|5 hours|21 hours|101 hours|1,000 hours",
    },
    "fr": {
        "money": "0 leu|1 leu|2 lei|5 lei|21 lei|101 lei|1 000 lei",
        "players": "0 joueur|1 joueur|2 joueurs|5 joueurs|21 joueurs|101 joueurs|1 000 joueurs",
        "chips": "0 jeton|1 jeton|2 jetons|5 jetons|21 jetons|101 jetons|1 000 jetons",
        "cards": "0 carte|1 carte|2 cartes|5 cartes|21 cartes|101 cartes|1 000 cartes",
        "seconds": "0 seconde|1 seconde|2 secondes|5 secondes|21 secondes|101 secondes|1 000 secondes",
        "minutes": "0 minute|1 minute|2 minutes|5 minutes|21 minutes|101 minutes|1 000 minutes",
        "hours": "0 heure|1 heure|2 heures|5 heures|21 heures|101 heures|1 000 heures",
    },
    "es": {
        "money": "0 lei|1 leu|2 lei|5 lei|21 lei|101 lei|1.000 lei",
        "players": "0 jugadores|1 jugador|2 jugadores|5 jugadores|21 jugadores|101 jugadores|1.000 jugadores",
        "chips": "0 fichas|1 ficha|2 fichas|5 fichas|21 fichas|101 fichas|1.000 fichas",
        "cards": "0 cartas|1 carta|2 cartas|5 cartas|21 cartas|101 cartas|1.000 cartas",
        "seconds": "0 segundos|1 segundo|2 segundos|5 segundos|21 segundos|101 segundos|1.000 segundos",
        "minutes": "0 minutos|1 minuto|2 minutos|5 minutos|21 minutos|101 minutos|1.000 minutos",
        "hours": "0 horas|1 hora|2 horas|5 horas|21 horas|101 horas|1.000 horas",
    },
    "hr": {
        "money": "0 leja|1 lej|2 leja|5 leja|21 lej|101 lej|1.000 leja",
        "players": "0 igrača|1 igrač|2 igrača|5 igrača|21 igrač|101 igrač|1.000 igrača",
        "chips": "0 žetona|1 žeton|2 žetona|5 žetona|21 žeton|101 žeton|1.000 žetona",
        "cards": "0 karata|1 karta|2 karte|5 karata|21 karta|101 karta|1.000 karata",
        "seconds": "0 sekundi|1 sekunda|2 sekunde|5 sekundi|21 sekunda|101 sekunda|1.000 sekundi",
        "minutes": "0 minuta|1 minuta|2 minute|5 minuta|21 minuta|101 minuta|1.000 minuta",
        "hours": "0 sati|1 sat|2 sata|5 sati|21 sat|101 sat|1.000 sati",
    },
}


@pytest.mark.parametrize("lang", EXPECTED)
def test_every_unit_takes_the_right_plural_form(project, lang):
    tr, money = project.translations(lang), project.houses["club"].book.money   # the club's own "lei"
    for unit, expected in EXPECTED[lang].items():
        shown = [" ".join(format_value(n, unit, tr, money).replace("\u202f", " ").replace("\u00a0", " ").split())
                 for n in COUNTS]
        assert "|".join(shown) == expected, (lang, unit)


def test_a_counted_placeholder_carries_its_noun_on_the_page(project):
    from rulebook.publish.site.render import PageRenderer

    rule = next(rule for rule in project.houses["casino"].book.rules if rule.id == "tournament-final-table-players")
    assert "{players}" in rule.title.text and "players" not in rule.title.text.replace("{players}", "")
    for lang, noun in (("en", "9 players"), ("ro", "9 jucători"), ("hr", "9 igrača"), ("fr", "9 joueurs")):
        # the number and its noun on one line: a no-break space between them
        assert noun.replace(" ", "\u00a0") in PageRenderer(project, "casino", lang).fill(rule.title, rule.values), lang


@pytest.mark.parametrize("lang, expression, differs_at", [
    # n%100 read as n: the same for 0-100, not for 101 ("101 lei", not "101 de lei"), 1001
    ("ro", "(n==1 ? 0 : (n==0 || (n > 0 && n < 20)) ? 1 : 2)", (101, 1001)),
    # n%100!=11 read as n!=11: the same for 0-100, not for 111, 1011
    ("hr", "(n%10==1 && n!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)", (111, 1011)),
])
def test_a_plural_rule_that_differs_from_cldr_only_above_100_is_refused(tree, lang: str, expression: str,
                                                                          differs_at: tuple[int, ...]) -> None:
    """A Plural-Forms header that picks CLDR's form for every count up to 100 but another above is
    refused, naming the catalog and the header's line. Kills: Plural-Forms compared with CLDR on counts
    0-100 only."""
    import gettext

    from babel.messages.plurals import get_plural

    from rulebook.core.errors import ModelErrors
    from rulebook.i18n.catalogs import po_path, strict_catalog
    from tests.conftest import line_of

    cldr = get_plural(lang).plural_expr
    ours, theirs = gettext.c2py(cldr), gettext.c2py(expression)
    assert all(ours(n) == theirs(n) for n in range(101)) and all(ours(n) != theirs(n) for n in differs_at)
    path = po_path(tree, lang)
    text = path.read_text(encoding="utf-8")
    start = text.index('"Plural-Forms: ')
    end = text.index('\\n"\n', start) + len('\\n"\n')   # the field, wrapped over lines or not
    path.write_text(f'{text[:start]}"Plural-Forms: nplurals=3; plural={expression};\\n"\n{text[end:]}', encoding="utf-8")
    with pytest.raises(ModelErrors) as refused:
        strict_catalog(tree, lang)
    [error] = refused.value.errors
    assert (error.file, error.line) == (f"locales/{lang}/LC_MESSAGES/rulebook.po", line_of(path, '"Plural-Forms:'))
    assert error.message.startswith(f"Plural-Forms must follow the {lang} rule of CLDR: nplurals=3; plural={cldr};")
