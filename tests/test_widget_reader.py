"""The notebook's GameWidget says the same fair words as the page's table.

The widget and the page share the table controller's words: the cursor
names its pile and what is on it, a pick-up says what it took, Chain's fill
button and Quarrel's ``f`` on its stock name no face-down card, in every
language.
"""

from __future__ import annotations

import pytest

from solitaire_widgets import GameWidget, new_game
from solitaire_widgets.cards import card_words
from solitaire_widgets.i18n import LANGUAGES
from solitaire_widgets.web.session import PageSession
from tests.test_no_peeking import peeks
from tests.test_widgets import Comm, comm  # noqa: F401  (the fixture)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_widget_says_what_the_page_says_for_the_arrows_and_a_pick_up(
        comm: Comm, language: str) -> None:  # noqa: F811
    widget = GameWidget("klondike", seed=7, animate=False, language=language)
    session = PageSession("klondike", seed=7, language=language)
    for key in ("ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowDown", "Enter"):
        assert widget.press_key(key)
        said = session.handle({"op": "key", "key": key})["message"]
        assert widget.table.message == said and said in widget.message.value
    if language == "en":
        focus = widget.table.pointer.focus
        assert focus is not None
        pile = widget.game.table.piles[focus[0]]
        picked = card_words(pile.cards[-focus[1]])
        assert widget.table.message.startswith(f"Picked up {picked}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_widgets_fill_button_and_f_on_quarrels_stock_name_no_hidden_card(
        comm: Comm, language: str) -> None:  # noqa: F811
    for seed in range(200):
        game = new_game("chain", seed=seed)
        moves = [m for m in game.legal_moves() if m.action == "move"]
        if moves:
            game.play(moves[0])
            if "fill" in [str(m) for m in game.legal_moves()]:
                break
    widget = GameWidget(game, animate=False, language=language)
    fill = widget.action_buttons["fill"]
    assert not fill.disabled
    assert not peeks([fill.tooltip], game.table, game.table, language), fill.tooltip
    quarrel = GameWidget("quarrel", seed=3, animate=False, language=language)
    table = quarrel.game.table.copy()
    while quarrel.table.pointer.focus is None or quarrel.table.pointer.focus[0] != "s":
        quarrel.press_key("ArrowRight")
    quarrel.press_key("f")
    assert quarrel.table.error
    assert not peeks([quarrel.table.message], table, quarrel.game.table, language)
