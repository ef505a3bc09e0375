"""A refusal's sentences of the text in every front end but the page (the page:
``tests/test_citations_browser.py``): GameWidget's line under the message, the
CLI's ``--why``, and what the page's engine sends for its link.
"""

from __future__ import annotations

import html
import json

import pytest

from solitaire_widgets import GameWidget, new_game
from solitaire_widgets.citations import sentence
from solitaire_widgets.cli import main
from solitaire_widgets.errors import IllegalMoveError
from solitaire_widgets.render.scene import layout
from solitaire_widgets.source_texts import translate
from solitaire_widgets.web.session import PageSession
from tests.test_widgets import WIDTH, centre, click, comm  # noqa: F401 (the fixture)


def _refusal(game: str, seed: int, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as raised:
        new_game(game, seed=seed).play(move)
    return raised.value


@pytest.mark.usefixtures("comm")
def test_the_widget_shows_the_sentences_under_a_refused_click() -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    game = widget.game
    legal = set(game.legal_moves())
    src, dst = next((f"t{a}", f"t{b}") for a in range(1, 8) for b in range(1, 8)
                    if a != b and not any(m.src == f"t{a}" and m.dst == f"t{b}" for m in legal))
    refused = _refusal("klondike", 3, f"{src}>{dst}")
    assert refused.sentences
    scene = layout("klondike", game.table, WIDTH)
    click(widget, centre(scene, src))
    click(widget, centre(scene, dst))
    shown = widget.message.value
    line = shown.split("<div class=\"sw-citation\"", 1)[1]
    for original in refused.sentences:
        assert f'<span lang="pl">{html.escape(original)}</span>' in line
        assert html.escape(translate("klondike", original, "en")) in line
    # A legal move that follows has no such line.
    move = next(m for m in game.legal_moves() if m.action == "turn")
    widget.play(str(move))
    assert "sw-citation" not in widget.message.value


@pytest.mark.usefixtures("comm")
def test_the_widget_says_the_line_in_its_language() -> None:
    widget = GameWidget("chain", seed=5, animate=False, language="pl")
    widget.play("redeal")
    widget.play("redeal")
    shown = widget.message.value
    assert 'role="alert"' in shown and "tekst:" in shown
    assert "Третий раз не разрешается." in shown
    assert "(Trzeci raz jest niedozwolony.)" in shown
    russian = GameWidget("chain", seed=5, animate=False, language="ru")
    russian.play("redeal")
    russian.play("redeal")
    # The text's own language: the original alone.
    assert "«<span lang=\"ru\">Третий раз не разрешается.</span>»</div>" in russian.message.value
    assert "текст:" in russian.message.value


@pytest.mark.usefixtures("comm")
def test_the_widget_names_the_reading_a_refusal_follows() -> None:
    widget = GameWidget("chain", seed=0, animate=False, language="ru")
    widget.play("l5>fs")
    widget.play("aux")
    assert "(наше прочтение: Когда можно выложить вспомогательный ряд)" in widget.message.value


@pytest.mark.usefixtures("comm")
def test_nothing_to_undo_has_no_line() -> None:
    widget = GameWidget("quarrel", seed=1, animate=False)
    widget.undo()
    assert 'role="alert"' in widget.message.value and "sw-citation" not in widget.message.value


def test_the_page_engine_sends_each_sentence_with_its_anchor() -> None:
    session = PageSession("chain", seed=5, language="pl")
    session.handle({"op": "play", "move": "redeal"})
    view = session.handle({"op": "play", "move": "redeal"})
    assert view["error"]
    citation = view["citation"]
    assert citation["label"] == "tekst:"
    assert [s["anchor"] for s in citation["sentences"]] == ["chain-s9-1", "chain-s9-2"]
    assert citation["sentences"][1] == {
        "original": "Третий раз не разрешается.", "lang": "ru",
        "translation": "Trzeci raz jest niedozwolony.", "page": "chain.html",
        "anchor": "chain-s9-2"}
    assert session.handle({"op": "undo"})["citation"] is None


def test_cli_show_why_prints_each_legal_move_with_its_sentences(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "chain", "--seed", "5", "--why"]) == 0
    out = capsys.readouterr().out
    aux = sentence("chain", "7.1")
    assert f"«{aux.original}» ({aux.english})" in out
    assert "(our reading: When the auxiliary row may be laid)" in out
    assert main(["--language", "pl", "show", "klondike", "--seed", "7", "--why", "s>s"]) == 0
    out = capsys.readouterr().out
    refused = _refusal("klondike", 7, "s>s")
    assert "jest niedozwolony" in out
    assert all(f"«{original}»" in out for original in refused.sentences)


def test_cli_show_why_json_and_a_move_no_sentence_covers(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "quarrel", "--seed", "1", "--why", "deal", "--json"]) == 0
    why = json.loads(capsys.readouterr().out)["why"]
    assert why[0]["legal"] and why[0]["sentences"] == list(
        new_game("quarrel", seed=1).why_legal("deal").sentences)
    assert main(["show", "quarrel", "--seed", "1", "--why", "zz>rc"]) == 0
    assert "(no sentence of the text covers it)" in capsys.readouterr().out


def test_cli_play_why_prints_the_sentences_under_every_move(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "chain", "--seed", "3", "--why"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moves = [i for i, line in enumerate(lines) if line[:5].strip().rstrip(".").isdigit()]
    assert moves and all(lines[i + 1].startswith("      the text: «") for i in moves)
    assert main(["play", "chain", "--seed", "3", "--why", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["why"]) == len(data["moves"]) and all(w["sentences"] for w in data["why"])
