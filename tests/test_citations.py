"""Every refusal and every kind of legal move cites the sentences of the text it rests on.

Each game's ``why_illegal`` returns ``refused(game, message, *keys, reading=...)``
at every refusal path, and its ``why_legal`` ``cite(game, *keys, ...)`` for every
kind of move (``solitaire_widgets.citations``). The test reads those calls out
of each game's rules (every path, reached or not), resolves each key in
``source_texts.SENTENCES`` (so a sentence that no longer exists there fails it),
checks each reading against the headings of the book's "Where the text is
unclear" page, and asserts that at least 90% of the rule refusals cite a
sentence. Random play then asks every game for refusals and reasons at many
positions and checks that what the engine carries is exactly the text's
sentences.
"""

from __future__ import annotations

import ast
import inspect
import random
import re
import textwrap
from pathlib import Path

import pytest

import solitaire_widgets as sw
from solitaire_widgets import citations, source_texts
from solitaire_widgets.citations import Citation, Refusal, cite, sentence, text_sentences
from solitaire_widgets.errors import IllegalMoveError
from solitaire_widgets.games import rules_class
from solitaire_widgets.i18n import use_language

ROOT = Path(__file__).resolve().parents[1]
TEXT_GAMES = tuple(source_texts.SENTENCES)


#: Refusals that are not rules of the text: a move written wrong, a pile with no card
#: to move, and the rules of Klondike's standard variants (worrying back, three
#: cards a turn), which no sentence of the Polish text holds.
NOT_RULES = ("is not a move in", "there is no pile called", "{pile} is empty",
             "a card comes back from a foundation only onto a column",
             "only the top card of a foundation can come back",
             "three at a time onto the waste")


def _calls(function: object, name: str) -> list[ast.Call]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))  # type: ignore[arg-type]
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id == name]


def _constants(rules_module: object) -> dict[str, str]:
    return {name: value for name, value in vars(rules_module).items()
            if isinstance(value, str)}


def _reading(node: ast.Call, module: object) -> str | None:
    for keyword in node.keywords:
        if keyword.arg == "reading":
            value = keyword.value
            if isinstance(value, ast.Name):
                return _constants(module)[value.id]
            if isinstance(value, ast.IfExp) and isinstance(value.body, ast.Name):
                return _constants(module)[value.body.id]
            raise AssertionError(f"a reading is named by a constant: {ast.unparse(value)}")
    return None


def _headings(game: str) -> set[str]:
    page = (ROOT / "book" / "texts" / f"{game}_unclear.md").read_text(encoding="utf-8")
    return set(re.findall(r"^### (.+?)\s*$", page, re.M))


def _message(node: ast.Call) -> str:
    return ast.unparse(node.args[1])[:70]


@pytest.mark.parametrize("game", TEXT_GAMES)
def test_every_refusal_path_cites_sentences_of_its_text(game: str) -> None:
    rules = rules_class(game)
    module = inspect.getmodule(rules)
    function = rules.why_illegal
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    returns = [node for node in ast.walk(tree) if isinstance(node, ast.Return)]
    calls = _calls(function, "refused")
    # Every path out of why_illegal is a refusal with its citation declared.
    assert returns and all(isinstance(node.value, ast.Call)
                           and ast.unparse(node.value.func) == "refused"
                           for node in returns), [ast.unparse(r)[:80] for r in returns]
    cited = uncited = 0
    paths = {}
    for node in calls:
        assert ast.literal_eval(node.args[0]) == game
        keys = [ast.literal_eval(arg) for arg in node.args[2:]]
        # A sentence that no longer exists in source_texts fails here.
        found = [sentence(game, key) for key in keys]
        assert all(f.original in source_texts.sentences(game) for f in found)
        reading = _reading(node, module)
        if reading is not None:
            assert keys, f"a refusal that names a reading cites the sentence it reads: {node}"
            assert reading in _headings(game), reading
        message = ast.unparse(node.args[1])
        if not any(words in message for words in NOT_RULES):
            cited, uncited = cited + bool(keys), uncited + (not keys)
        paths[_message(node)] = [f.key for f in found]
    assert cited / (cited + uncited) >= 0.9, (cited, uncited, paths)


@pytest.mark.parametrize("game", TEXT_GAMES)
def test_every_kind_of_legal_move_cites_sentences(game: str) -> None:
    rules = rules_class(game)
    module = inspect.getmodule(rules)
    calls = _calls(rules.why_legal, "cite")
    assert calls
    for node in calls:
        keys = [ast.literal_eval(arg) for arg in node.args[1:] if not isinstance(arg, ast.Starred)]
        for key in keys:
            sentence(game, key)
        reading = _reading(node, module)
        if reading is not None:
            assert reading in _headings(game)


def _candidates(game: sw.Game) -> list[str]:
    piles = list(game.table.piles)
    words = list(game.rules.actions)
    pairs = [f"{a}>{b}" for a in piles for b in piles if a != b]
    return words + random.Random(len(game.history)).sample(pairs, min(len(pairs), 60))


@pytest.mark.parametrize("game_name", TEXT_GAMES)
def test_refusals_and_reasons_in_play_are_the_texts_sentences(game_name: str) -> None:
    originals = {original for paragraph in source_texts.SENTENCES[game_name]
                 for original, _ in paragraph}
    refusals = 0
    reasons: set[tuple[str, ...]] = set()
    rng = random.Random(40)
    for seed in range(4):
        game = sw.new_game(game_name, seed=seed)
        for _ in range(60):
            if game.is_over:
                break
            legal = set(game.legal_moves())
            for text in _candidates(game):
                move = game._as_move(text)
                if move in legal:
                    continue
                with pytest.raises(IllegalMoveError) as raised:
                    game.play(move)
                error = raised.value
                assert set(error.sentences) <= originals
                refusals += 1
            for move in game.legal_moves():
                why = game.why_legal(move)
                assert why.sentences and set(why.sentences) <= originals, move
                reasons.add(why.sentences)
            game.play(rng.choice(game.legal_moves()))
    assert refusals > 100
    assert len(reasons) >= 3


def test_a_refusal_cites_the_sentence_and_names_the_reading() -> None:
    game = sw.new_game("chain", seed=5)
    game.play("redeal")
    with pytest.raises(IllegalMoveError) as raised:
        game.play("redeal")
    assert raised.value.sentences == ("Этот пасьянс допускает только два расклада.",
                                      "Третий раз не разрешается.")
    assert raised.value.reading is None
    game = sw.new_game("chain", seed=0, aux_row="at-start")
    game.play("l5>fs")
    with pytest.raises(IllegalMoveError) as raised:
        game.play("aux")
    assert raised.value.sentences == (sentence("chain", "7.1").original,)
    assert raised.value.reading == "When the auxiliary row may be laid"
    klondike = sw.new_game("klondike", seed=7)
    with pytest.raises(IllegalMoveError) as raised:
        klondike.play("redeal")
    assert [sentence("klondike", s).key for s in raised.value.sentences] == ["4.3"]


def test_refusals_no_sentence_covers_cite_none() -> None:
    game = sw.new_game("quarrel", seed=1)
    with pytest.raises(IllegalMoveError) as raised:
        game.undo()
    assert raised.value.sentences == () and raised.value.reading is None
    with pytest.raises(IllegalMoveError) as raised:
        game.play("zz>rc")
    assert raised.value.sentences == ()


def test_a_sentence_is_found_by_key_or_original_and_a_missing_one_is_refused() -> None:
    for game in TEXT_GAMES:
        for found in text_sentences(game):
            assert sentence(game, found.key) is found
            assert sentence(game, found.original) is found
            assert found.anchor == f"{game}-s{found.key.replace('.', '-')}"
    with pytest.raises(KeyError, match="no sentence 9.9"):
        cite("chain", "9.9")
    with pytest.raises(KeyError):
        sentence("chain", "Четвертый раз разрешается.")


def test_a_citation_is_said_in_the_readers_language() -> None:
    why = cite("klondike", "4.4", reading="The waste on the second pass")
    english = why.say("en")
    assert english.startswith("the text: «Jeżeli jesteśmy zmuszeni")
    assert "If we are forced to put a fourth there" in english
    assert english.endswith("(our reading: The waste on the second pass)")
    russian = why.say("ru")
    assert source_texts.translate("klondike", why.sentences[0], "ru") in russian
    assert "The waste" not in russian and "the text" not in russian, russian
    polish = why.say("pl")
    assert "(" + source_texts.translate("klondike", why.sentences[0], "en") not in polish
    assert "«Jeżeli jesteśmy zmuszeni" in polish
    with use_language("pl"):
        assert why.say() == polish
    assert not Citation("chain") and Citation("chain").say("en") == ""


def test_refusal_keeps_its_citation_through_pickling() -> None:
    import pickle

    words = Refusal("no", cite("chain", "9.2"))
    assert pickle.loads(pickle.dumps(words)).citation == words.citation
    assert citations.NO_CITATION.sentences == ()
