"""The package's words in Russian and Polish: the catalogs and what they say.

The catalogs are ``solitaire_widgets/locales/<domain>.pot`` (the messages the
code marks) and ``locales/<lang>/LC_MESSAGES/<domain>.po`` with the compiled
``.mo`` the package reads (``make catalogs`` writes them with Babel). These
tests hold every catalog found there to the same rules:

- every message of every template has a translation in Russian and Polish,
  not fuzzy, every plural form filled;
- a translation names the same fields as its message (``{card}`` may become
  ``{card.acc}``, a grammatical case of :data:`~solitaire_widgets.cards.CASES`),
  and a name given in six cases (``ряд 3|ряда 3|…``) gives exactly six;
- each ``.mo`` is what compiling its ``.po`` gives, and each template holds
  every message the code marks;
- the plural forms, numbers and the language switch behave as each language
  needs, and the engine's refusals, statuses and moves read in the language
  chosen.
"""

from __future__ import annotations

import io
import re
import string
import threading
from pathlib import Path

import pytest
from babel.core import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.numbers import format_percent as babel_percent

from solitaire_widgets import load_game, new_game
from solitaire_widgets.cards import CASES, Card, card_words, full_deck, rank_words
from solitaire_widgets.errors import IllegalMoveError, NotationError, SaveFileError
from solitaire_widgets.i18n import (
    LANGUAGES,
    LOCALES,
    TRANSLATED,
    current_language,
    format_number,
    format_percent,
    ngettext,
    use_language,
)
from solitaire_widgets.source_texts import source_language

PACKAGE = LOCALES.parent
TEMPLATES = sorted(LOCALES.glob("*.pot"))
#: The keywords the catalogs' extraction reads (the Makefile's ``catalogs`` target).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _id(message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def _forms(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def _fields(text: str) -> list[tuple[str, str | None]]:
    """Each replacement field of a format string: its base name and the case asked for."""
    fields = []
    for _literal, name, _spec, _conversion in string.Formatter().parse(text):
        if name is None:
            continue
        base, _dot, rest = name.partition(".")
        fields.append((base, rest or None))
    return fields


def placeholder_problems(msgid: str, msgid_plural: str | None, forms: list[str]) -> list[str]:
    """What is wrong with a translation's fields, in words (nothing: ``[]``)."""
    problems = []
    allowed = [{base for base, _case in _fields(msgid)}]
    if msgid_plural is not None:
        allowed.append({base for base, _case in _fields(msgid_plural)})
    for form in forms:
        # A name in six cases: the forms in CASES order, each with the same fields.
        parts = form.split("|") if "|" in form and "|" not in msgid else [form]
        if len(parts) not in (1, len(CASES)):
            problems.append(f"{form!r} gives {len(parts)} forms, not {len(CASES)}")
        for part in parts:
            try:
                fields = _fields(part)
            except ValueError as error:
                problems.append(f"{part!r} is not a format string: {error}")
                continue
            if {base for base, _case in fields} not in allowed:
                problems.append(f"{part!r} names {sorted({b for b, _ in fields})}, "
                                f"the message {sorted(allowed[-1])}")
            problems += [f"{part!r} asks for {base}.{case}, not a case of {CASES}"
                         for base, case in fields if case is not None and case not in CASES]
    return problems


def _own_text(context: str | None, language: str) -> bool:
    """Whether a message is a sentence of a text written in ``language`` (read as written)."""
    game = (context or "").removeprefix("source:")
    return bool(context) and context != game and source_language(game) == language


def catalogs() -> list[tuple[Path, str]]:
    return [(template, language) for template in TEMPLATES for language in TRANSLATED]


def _po(template: Path, language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / (template.stem + ".po")


def test_the_engine_catalog_is_there():
    assert LOCALES / "engine.pot" in TEMPLATES
    for language in TRANSLATED:
        assert (LOCALES / language / "LC_MESSAGES" / "engine.mo").is_file()


@pytest.mark.parametrize(("template", "language"), catalogs(),
                         ids=lambda v: v.stem if isinstance(v, Path) else v)
def test_every_message_is_translated_with_the_same_fields(template, language):
    po = _po(template, language)
    assert po.is_file(), f"{po} is missing: run make catalogs and translate it"
    translated = _read(po)
    assert translated.num_plurals == 3
    problems = []
    for message in _read(template):
        if not message.id or _own_text(message.context, language):
            continue
        entry = translated.get(message.id, message.context)
        if entry is None:
            problems.append(f"{_id(message)!r} is not in {po.name}")
            continue
        if entry.fuzzy:
            problems.append(f"{_id(message)!r} is fuzzy")
        forms = _forms(entry)
        if (message.pluralizable and len(forms) != 3) or not all(form.strip() for form in forms):
            problems.append(f"{_id(message)!r} has no translation (or misses a plural form)")
            continue
        plural = message.id[1] if message.pluralizable else None
        problems += [f"{_id(message)!r}: {p}"
                     for p in placeholder_problems(_id(message), plural, forms)]
    assert not problems, f"{po}:\n" + "\n".join(problems)


def test_the_placeholder_check_catches_a_broken_translation():
    good = placeholder_problems("{card} cannot go onto {target}", None,
                                ["{card.acc} нельзя положить на {target.acc}"])
    assert good == []
    assert placeholder_problems("{card} cannot go onto {target}", None,
                                ["{crad.acc} нельзя положить на {target.acc}"])
    assert placeholder_problems("{card} goes", None, ["{card.abl} идет"])
    assert placeholder_problems("column {n}", None, ["ряд {n}|ряда {n}|ряду {n}"])
    assert placeholder_problems("{n} card", None, ["{n} карта {"])
    assert placeholder_problems("{n} card", "{n} cards", ["{n} карта", "{n} карты", "карт"])


@pytest.mark.parametrize(("template", "language"), catalogs(),
                         ids=lambda v: v.stem if isinstance(v, Path) else v)
def test_each_compiled_catalog_is_its_po_compiled(template, language):
    po = _po(template, language)
    compiled = io.BytesIO()
    write_mo(compiled, _read(po), use_fuzzy=False)
    assert po.with_suffix(".mo").read_bytes() == compiled.getvalue(), (
        f"{po.with_suffix('.mo')} is out of date: run make catalogs")


def test_every_marked_message_is_in_a_template():
    marked = {(context, message[0] if isinstance(message, tuple) else message)
              for _file, _line, message, _comments, context in extract_from_dir(
                  PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS)}
    templated = {(message.context, _id(message))
                 for template in TEMPLATES for message in _read(template) if message.id}
    missing = sorted(marked - templated, key=str)
    assert not missing, f"marked in the code but in no template (run make catalogs): {missing}"


@pytest.mark.parametrize(("language", "expected"), [
    ("ru", ["карта", "карты", "карт", "карт", "карта", "карты", "карт", "карт"]),
    ("pl", ["karta", "karty", "kart", "kart", "kart", "karty", "kart", "kart"]),
    ("en", ["card", "cards", "cards", "cards", "cards", "cards", "cards", "cards"]),
])
def test_plural_forms(language, expected):
    counts = (1, 2, 5, 11, 21, 22, 25, 112)
    with use_language(language):
        said = [ngettext("{n} card in the stock", "{n} cards in the stock", n).format(n=n)
                for n in counts]
    words = [re.search(r"\b(kart[ay]?|карт[аы]?|cards?)\b", s) for s in said]
    assert [word.group(1) if word else None for word in words] == expected
    assert all(str(n) in s for n, s in zip(counts, said, strict=True))


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_as_babel_writes_them(language):
    for n in (0, 7, 999, 1000, 4321, 12345, 1234567, -4321, -12345):
        with use_language(language):
            ours = format_number(n)
        if language == "pl" and 1000 <= abs(n) <= 9999:
            assert ours == str(n)  # Polish writes 1000, and groups from 12 345 on
        else:
            assert ours == format_decimal(n, locale=language)
    pattern = Locale.parse(language).percent_formats[None].pattern
    pattern = pattern.replace("0%", "0.0%").replace("0\u00a0%", "0.0\u00a0%")
    for x in (0.0, 0.4534, 0.999, 1.0, 0.00049):
        with use_language(language):
            assert format_percent(x) == babel_percent(x, format=pattern, locale=language)


def test_the_language_is_per_call_and_nests():
    with use_language("ru"):
        assert current_language() == "ru"
        with use_language("pl"):
            assert current_language() == "pl"
            with use_language(None):
                assert current_language() == "pl"
        assert current_language() == "ru"
        seen = []
        thread = threading.Thread(target=lambda: seen.append(current_language()))
        thread.start()
        thread.join()
        assert seen == ["en"]  # a new thread starts with the default language
    assert current_language() == "en"


def test_every_card_has_its_cases_from_the_catalog():
    for card in full_deck():
        english = card_words(card)
        assert {getattr(english, case) for case in CASES} == {card.name}
        with use_language("ru"):
            ru = card_words(card)
        with use_language("pl"):
            pl = card_words(card)
        for words in (ru, pl):
            assert all(getattr(words, case) for case in CASES)
            assert "|" not in "".join(getattr(words, case) for case in CASES)
        assert re.fullmatch(r"[а-я]+ (пик|треф|бубен|червей)", ru.nom)
        assert re.fullmatch(r"[a-ząćęłńóśźż]+ (pik|trefl|karo|kier)", pl.nom)
    with use_language("ru"):
        seven = card_words(Card(7, "H"))
        assert (seven.nom, seven.gen, seven.acc, seven.ins) == (
            "семерка червей", "семерки червей", "семерку червей", "семеркой червей")
        assert rank_words(13).acc == "короля"
    with use_language("pl"):
        seven = card_words(Card(7, "H"))
        assert (seven.nom, seven.gen, seven.acc, seven.ins) == (
            "siódemka kier", "siódemki kier", "siódemkę kier", "siódemką kier")


# -- the engine in each language ---------------------------------------------------

#: English words that must not be left in a Russian or Polish sentence (move
#: names such as 'deal' and 'turn' are code, typed as they are, and stay).
ENGLISH = re.compile(r"\b(the|card|cards|onto|goes|stock|hand|waste|series|column|row|place|"
                     r"pass|round|foundation|empty|is|of|and|left)\b")
CYRILLIC = re.compile(r"[а-яё]")
POLISH = re.compile(r"[ąćęłńóśźż]")


def _reads_as(language: str, text: str) -> None:
    assert not ENGLISH.search(text), f"English left in {text!r}"
    assert (CYRILLIC if language == "ru" else POLISH).search(text), text


def _refusal(game, move: str) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        game.play(move)
    return str(refused.value)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "the waste is empty"),
    ("ru", "стопка: здесь нет карт"),
    ("pl", "stos przed sobą: nie ma tu żadnej karty"),
])
def test_a_refused_move_says_why_in_each_language(language, expected):
    game = new_game("klondike", seed=5)
    before = game.to_json()
    with use_language(language):
        assert _refusal(game, "w>t1") == expected
        why = _refusal(game, "t1>t1")
    assert game.to_json() == before  # a refused move changes nothing
    if language == "en":
        assert why == "cards cannot move onto the pile they are already on"
    else:
        _reads_as(language, why)


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_game_speaks_the_language(language):
    klondike = new_game("klondike", seed=5)
    quarrel = new_game("quarrel", seed=3)
    chain = new_game("chain", seed=5)
    said = []
    with use_language(language):
        for game in (klondike, quarrel, chain):
            said.append(game.status)
            said += [game.describe(move) for move in game.legal_moves()]
        quarrel.play("deal")
        said += [quarrel.status, _refusal(quarrel, "r1>rc"), _refusal(quarrel, "s>lc")]
        said += [_refusal(klondike, "t7>t1"), _refusal(klondike, "t1>fh")]
        said += [_refusal(chain, "l1>l2"), quarrel.rules.game_title(), chain.rules.game_title()]
        said += [klondike.rules.action_label(action) for action in klondike.rules.actions]
        with pytest.raises(NotationError) as typo:
            klondike.play("t3>>t5")
        said += [str(typo.value), f"{chain.rules.game_title()}, {chain.deal_name}"]
        with pytest.raises(IllegalMoveError) as nothing:
            chain.undo()
        said.append(str(nothing.value))
        with pytest.raises(SaveFileError) as damaged:
            load_game("[]")
        said.append(str(damaged.value))
    for text in said:
        _reads_as(language, text)


def test_a_sentence_asks_for_the_case_it_needs():
    game = new_game("klondike", seed=5)
    card = game.table.piles["t1"].cards[-1]
    target = game.table.piles["t2"].cards[-1]
    with use_language("ru"):
        why = _refusal(game, "t1>t2")
        words, on = card_words(card), card_words(target)
    assert (card, target) == (Card(6, "S"), Card(10, "S"))
    assert why.startswith(f"{words.acc} нельзя положить на {on.acc}: ")
    assert why.startswith("шестерку пик нельзя положить на десятку пик: ")
    with use_language("ru"):
        status = game.status
    assert status == "Первый проход: в руке 24 карты"
    with use_language("pl"):
        assert game.status == "Pierwsze przełożenie: 24 karty w ręku"


def test_an_english_count_meets_its_noun_in_the_singular_too():
    """Every ngettext call's English singular differs from its plural ("1 move",
    not "1 moves"), but for the few whose words do not change with the number."""
    import ast

    same_in_english = {"{n} more face up", "{n} face down", ", {n} unresolved"}
    found = []
    for path in sorted((Path(__file__).resolve().parents[1] / "solitaire_widgets").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            texts = [a.value for a in node.args
                     if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if name == "ngettext" and len(texts) >= 2:
                singular, plural = texts[0], texts[1]
            elif name == "npgettext" and len(texts) >= 3:
                singular, plural = texts[1], texts[2]
            else:
                continue
            if singular == plural and singular not in same_in_english:
                found.append(f"{path}:{node.lineno}: {singular!r}")
    assert found == []
