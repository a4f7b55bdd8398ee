"""Rule numbers: complete, unique, the casino's document's own, and refused when the house file's
scheme cannot be read."""

from __future__ import annotations

import dataclasses
import html
import re
import unicodedata

import pytest

from rulebook.core.numbering import NUMBER, number_rules, numbering_problems, passage_number
from tests.conftest import ROOT, edit, line_of, run_rulebook

CASINO_DOCUMENT = ROOT / "houses" / "casino" / "003_8d5597e505eeeeee.txt"   # the room's own document


def _flat(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def _passages(text: str) -> dict[str, str]:
    """The casino document's numbered passages (a heading "38. MINIMALAN RAISE" in capitals, not
    the numbered lists inside a passage), each with its text."""
    passages: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        heading = re.match(r"([1-9][0-9]*)\. (?=[^a-zčćšđž]*$)", line.strip() + " ")
        if heading and line.strip()[len(heading.group(0)) - 1:].strip().isupper():
            current = heading.group(1)
            passages[current] = ""
        elif current:
            passages[current] += " " + line
    return {number: _flat(body) for number, body in passages.items()}


@pytest.mark.parametrize("house", ["club", "casino"])
def test_every_published_rule_has_one_number_of_its_own(project, house):
    book = project.houses[house].book
    numbers = number_rules(book)
    assert [rule.id for rule in book.rules] == list(numbers.numbers)
    assert len(set(numbers.numbers.values())) == len(numbers.numbers)
    assert all(NUMBER.fullmatch(number) for number in numbers.numbers.values())
    assert numbering_problems(book) == []


def test_the_club_numbers_part_and_rule_in_reading_order(project):
    book = project.houses["club"].book
    numbers = number_rules(book)
    fourth = book.parts[3]
    assert numbers[fourth.rules[0].id] == "4.1"
    assert numbers[fourth.rules[-1].id] == f"4.{len(fourth.rules)}"


def test_the_casino_keeps_its_documents_numbers(project):
    """Each rule stated from a numbered passage carries that passage's number, and the passage of
    that number in the room's document holds the rule's excerpt."""
    book = project.houses["casino"].book
    numbers = number_rules(book)
    passages = _passages(CASINO_DOCUMENT.read_text(encoding="utf-8"))
    assert len(passages) == 56
    checked = 0
    for rule in book.rules:
        passage = passage_number(rule.source)
        if passage is None:
            assert numbers[rule.id].startswith("H"), rule.id
            continue
        assert numbers[rule.id].split(".")[0] == passage, rule.id
        # A rule may quote a passage its own one refers to ("pogledati pravilo 22"): one of its
        # excerpts, at least, is from the passage whose number it carries.
        if rule.excerpts:
            assert any(_flat(excerpt)[:60] in passages[passage] for excerpt in rule.excerpts), (rule.id, passage)
            checked += 1
    assert checked > 60
    assert numbers["tournament-minimum-raise"] == "38.1"          # 38. MINIMALAN RAISE gives two rules
    assert numbers.rule("38") == "tournament-minimum-raise"
    assert numbers["showdown-order"] == "16"                      # 16. SHOWDOWN REDOSLIJED gives one
    split = [rule_id for rule_id, number in numbers.numbers.items() if number.startswith("34.")]
    assert len(split) > 1 and numbers.rule("34") == split[0]


def test_a_proposal_has_no_number_until_adopted(project):
    book = project.houses["club"].editors_book
    proposed = [rule for rule in book.rules if rule.is_proposal]
    assert proposed, "the club's editors' edition has proposed rules"
    numbers = number_rules(book)
    assert all(numbers.get(rule.id) is None for rule in proposed)


def test_two_rules_given_one_number_are_named(project):
    book = project.houses["casino"].book
    first, second = book.rules[0], book.rules[1]
    twin = dataclasses.replace(second, source=first.source)
    part = book.parts[0]
    section = dataclasses.replace(part.sections[0], rules=tuple(twin if r is second else r for r in part.sections[0].rules))
    broken = dataclasses.replace(book, numbering={"scheme": "document", "others": "1"},
                                 parts=(dataclasses.replace(part, sections=(section, *part.sections[1:])), *book.parts[1:]))
    messages = [str(problem) for problem in numbering_problems(broken)]
    assert any("numbering 'others' '1' must be one capital letter" in message for message in messages), messages
    # Without its letter, the guide's first rule (1.1) would take the split passage 1's number.
    assert any("number 1.1 is also rule" in message for message in messages), messages


def test_an_unknown_scheme_is_refused_with_its_line(tree):
    house = "houses/casino/house.yaml"
    edit(tree / house, "scheme: document", "scheme: roman")
    line = line_of(tree / house, "scheme: roman")
    result = run_rulebook(tree, "check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{house}:{line}: [numbering] casino: numbering scheme 'roman' must be one of parts, document" in result.stdout


CITED = {"ro": "Regula", "en": "Rule", "fr": "Règle", "es": "Regla", "hr": "Pravilo"}


@pytest.mark.parametrize("house", ["club", "casino"])
def test_each_rule_is_shown_and_reached_by_its_number_in_every_language(project, built_site, house):
    """On each page a rule is labelled "Pravilo 38.1" (never its id), and ``r/<number>.html`` leads
    to it with its number and title for a link preview; a split passage's number leads to its first."""
    book = project.houses[house].book
    numbers = number_rules(book)
    for lang, word in CITED.items():
        folder = built_site / house / lang
        for part in book.parts:
            page = (folder / f"{part.id}.html").read_text(encoding="utf-8")
            labels = re.findall(r'<p class="rule-meta">\s*<a class="reference external" href="r/([a-z0-9-]+)\.html">'
                                r'([^<]*)</a>', page)
            assert [rule_id for rule_id, _ in labels] == [rule.id for rule in part.rules], (house, lang, part.id)
            for rule_id, label in labels:
                assert label == f"{word} {numbers[rule_id]}", (house, lang, rule_id, label)
        for rule_id, number in numbers.numbers.items():
            address = (folder / "r" / f"{number}.html").read_text(encoding="utf-8")
            assert f'#{rule_id}"' in address and f"<title>{html.escape(word)} {number} · " in address
    if house == "casino":
        first = numbers.rule("34")
        assert f'#{first}"' in (built_site / house / "hr" / "r" / "34.html").read_text(encoding="utf-8")


PAGE_WORD = {"ro": "p.", "en": "p.", "fr": "p.", "es": "pág.", "hr": "str."}


INDEX_WORD = {"ro": "Index", "en": "Index", "fr": "Index", "es": "Índice alfabético", "hr": "Kazalo"}


def _printed_pages(built_site, house: str, lang: str) -> list[str]:
    import subprocess

    pdf = built_site / house / lang / "downloads" / f"rulebook-{lang}.pdf"
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, check=True).stdout
    return [" ".join(page.split()) for page in text.decode("utf-8").split("\f")]


def _holds(page: str, word: str, number: str) -> bool:
    """The page prints the rule's own label ("Pravilo 38.1"), not only a reference to it."""
    return bool(re.search(rf"(?<!\(){re.escape(word)} {re.escape(number)}(?![.\d])", page))


@pytest.mark.parametrize("house", ["club", "casino"])
def test_each_printed_cross_reference_and_index_entry_names_the_page_of_its_rule(project, built_site, house):
    """"(Pravilo 38.1, str. 14)" after a link to a rule in the printed rulebook, and "38.1, str. 14"
    in its index: page 14 is where rule 38.1 is printed (its own label "Pravilo 38.1" is on that
    page). The index, listed in the contents, is the last pages, and lists the house's glossary."""
    from rulebook.reading import Reading

    for lang, word in CITED.items():
        pages = _printed_pages(built_site, house, lang)
        cited = [(number, int(page)) for page_text in pages for number, page in re.findall(
            rf"\({re.escape(word)} ([A-Z]?\d+(?:\.\d+)?), {re.escape(PAGE_WORD[lang])} (\d+)\)", page_text)]
        assert len(cited) >= 10, (house, lang, len(cited))
        for number, page in cited:
            assert _holds(pages[page - 1], word, number), (house, lang, number, page)

        heading = INDEX_WORD[lang]
        first = next(at for at, text in enumerate(pages) if at > 2 and f"{heading} {heading} " in text)  # head, title
        assert re.search(rf"{re.escape(heading)} \.+ ?{first + 1}\b", " ".join(pages[:3])), (house, lang)  # contents
        index = " ".join(pages[first:])
        entries = re.findall(rf"(?<![\w.])([A-Z]?\d+(?:\.\d+)?), {re.escape(PAGE_WORD[lang])} (\d+)", index)
        reading = Reading.of(project, house, lang)
        assert len(entries) == sum(len(entry.rules) for entry in reading.index), (house, lang)
        for number, page in entries:
            assert _holds(pages[int(page) - 1], word, number), (house, lang, number, page)
        for entry in reading.index:
            assert " ".join(entry.words.split()) in index, (house, lang, entry.words)


@pytest.mark.parametrize("house", ["club", "casino"])
def test_no_rule_id_is_shown_or_announced_on_a_readers_page(project, built_site, house):
    """A reader sees and a screen reader announces numbers and titles, never an id ("# rake-rate"):
    neither in the text of any page nor in an accessible name (aria-label, title, alt)."""
    book = project.houses[house].book
    # an id that is also a phrase of the rules' own English ("out-of-turn") is no sign of machinery
    english = " ".join(message.text.lower() for rule in book.rules for message in rule.messages())
    ids = [rule.id for rule in book.rules if rule.id.count("-") >= 2 and rule.id not in english]
    for lang in CITED:
        for path in (built_site / house / lang).glob("*.html"):
            page = path.read_text(encoding="utf-8")
            page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
            names = " ".join(re.findall(r'\b(?:aria-label|title|alt)="([^"]*)"', page))
            text = html.unescape(re.sub(r"<[^>]+>", " ", page)) + " " + html.unescape(names)
            shown = [rule_id for rule_id in ids if re.search(rf"(?<![\w/#-]){re.escape(rule_id)}(?![\w-])", text)]
            assert shown == [], (house, lang, path.name, shown[:5])


@pytest.mark.parametrize("house", ["club", "casino"])
def test_each_glossary_term_has_its_own_anchor_in_every_language(project, built_site, house):
    """A term can be linked ("glossary.html#term-side-pot"), by the same address in every language,
    so the language switcher, which carries the address's anchor over, keeps the reader on it."""
    from rulebook.reading import Reading

    for lang in CITED:
        page = (built_site / house / lang / "glossary.html").read_text(encoding="utf-8")
        terms = Reading.of(project, house, lang).terms
        anchors = re.findall(r'<p id="term-([a-z0-9-]+)">([^<]*)</p>', page)
        assert [term_id for term_id, _ in anchors] == [term.id for term in terms], (house, lang)
        shown = {term.id: term.shown(lang) for term in terms}   # the reader's language, in the first column
        assert all(html.unescape(words) == shown[term_id] for term_id, words in anchors), (house, lang)
    switcher = (built_site / house / "en" / "glossary.html").read_text(encoding="utf-8")
    assert "article [id^='term-']" in switcher


def test_the_index_files_words_in_the_languages_alphabetical_order(project):
    """Croatian č, ć after c and ž after z; Romanian ă, â after a; French accents only break ties; a
    reader's own word sends to its term, and the term written another way ("allin") is not listed."""
    from rulebook.i18n.formatting import collation_key, initial
    from rulebook.reading import Reading

    def ordered(words, lang):
        return sorted(words, key=lambda word: collation_key(word, lang))

    assert ordered(["žeton", "zeton", "čip", "cip", "ćup", "dan", "đak"], "hr") == [
        "cip", "čip", "ćup", "dan", "đak", "zeton", "žeton"]
    assert ordered(["mână", "mai", "mana", "ăsta", "as", "îl", "in"], "ro") == [
        "as", "ăsta", "in", "îl", "mai", "mana", "mână"]
    assert ordered(["eux", "égal", "être", "etre"], "fr") == ["égal", "etre", "être", "eux"]
    assert (initial("žeton", "hr"), initial("égal", "fr"), initial("ăsta", "ro")) == ("Ž", "E", "Ă")
    for house in ("club", "casino"):
        for lang in CITED:
            index = Reading.of(project, house, lang).index
            assert [entry.words for entry in index] == ordered([entry.words for entry in index], lang)
            assert all(bool(entry.rules) != bool(entry.see) for entry in index)
    hr = {entry.words: entry for entry in Reading.of(project, "casino", "hr").index}
    assert hr["utrka žetona"].see == "chip race" and "allin" not in hr and "utrke žetona" not in hr


def test_a_number_the_document_does_not_give_is_refused(tree):
    """A casino rule whose source lost its passage's number ("36 METODE…", a typo) would fall back to the
    guide's numbering unseen: the gate names the rule instead."""
    rules = tree / "rules" / "tournament-betting.yaml"
    edit(rules, 'source: "36. METODE CALL-ANJA"', 'source: "36 METODE CALL-ANJA"')
    line = line_of(rules, "- id: tournament-calling-methods")
    result = run_rulebook(tree, "check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert (f"rules/tournament-betting.yaml:{line}: [numbering] tournament-calling-methods: house 'casino' numbers its "
            "rules by its document, 003_8d5597e505eeeeee.txt, which numbers its passages, but this rule's source "
            "'36 METODE CALL-ANJA' gives no number") in result.stdout


def test_a_document_that_numbers_nothing_needs_the_houses_prefix(tree):
    house = tree / "houses" / "casino" / "house.yaml"
    edit(house, "  others: H", "  # others: H")
    result = run_rulebook(tree, "check")
    assert result.returncode == 1
    assert ("[numbering] casino: part 'holdem-conduct' comes from 004_e8268ed98fbb6ab3.txt, which numbers no passage: "
            "give numbering 'others'") in result.stdout
