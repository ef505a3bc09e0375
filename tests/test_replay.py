"""The one replay: :class:`~solitaire_widgets.replay.Replay`, and the three front ends
that only draw it (the ReplayWidget, the page's replays, the book's kernel-free players)."""

from __future__ import annotations

import html
import re

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.errors import SaveFileError
from solitaire_widgets.examples import get_example
from solitaire_widgets.html_replays import game_frames, replay_frames
from solitaire_widgets.i18n import LANGUAGES
from solitaire_widgets.render.in_words import sentence
from solitaire_widgets.render.scene import layout
from solitaire_widgets.replay import Replay, ReplayButtons
from solitaire_widgets.web.session import ReplaySession
from solitaire_widgets.widgets import ReplayWidget


def _played(name: str = "klondike", seed: int = 7, moves: int = 6):
    game = new_game(name, seed=seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal or game.is_over:
            break
        game.play(legal[0])
    return game


def test_positions_are_the_games_forward_and_back() -> None:
    game = _played(moves=8)
    replay = Replay(game)
    Replay.CHECKPOINT, old = 3, Replay.CHECKPOINT
    try:
        replay = Replay(game)
        order = [*range(replay.last + 1), replay.last, 1, 5, 0, replay.last - 1, 2]
        for k in order:
            assert replay.position(k).piles == game.position_at(k).piles, k
    finally:
        Replay.CHECKPOINT = old
    with pytest.raises(IndexError):
        replay.position(replay.last + 1)


def test_captions_words_buttons_and_counter() -> None:
    game = _played(moves=3)
    replay = Replay(game)
    assert replay.last == 3 == len(game.history)
    assert replay.caption(0).startswith("The deal. First pass")
    assert replay.caption(2) == f"Step 2: {sentence(game.history[1].text)}"
    assert replay.words(0) == "The deal."
    assert replay.words(2).lower().startswith(game.history[1].text[:20].lower())
    assert replay.buttons(0) == ReplayButtons(back=False, forward=True)
    assert replay.buttons(1) == ReplayButtons(back=True, forward=True)
    assert replay.buttons(3) == ReplayButtons(back=True, forward=False)
    assert replay.counter(3) == "step 3 of 3"
    assert replay.title == f"{game.rules.title}, {game.deal_name}"


def test_a_lost_games_last_step_says_how_it_ended() -> None:
    game = get_example("klondike-fourth-waste-card").play()
    assert game.result.over and not game.result.won
    replay = Replay(game)
    assert replay.ended(replay.last) and not replay.ended(replay.last - 1)
    assert replay.caption(replay.last).endswith(f"The game is lost: {game.result.reason}.")
    assert "Game over: lost." in replay.words(replay.last)
    assert "Game over" not in replay.words(replay.last - 1)


def test_an_example_has_its_own_words_and_may_deal_card_by_card() -> None:
    example = get_example("chain-first-layout")
    whole = Replay(example)
    by_card = Replay(example, deal_by_card=True)
    assert whole.title == example.title
    assert by_card.last == whole.last + 24, "one step a card of the deal, then the rest"
    assert by_card.caption(0).startswith("The deal, card 1 of 24")
    assert by_card.position(by_card.last).piles == whole.position(whole.last).piles
    said = [w for w in example.words if w]
    assert any(sentence(said[0]) in whole.caption(k) for k in range(whole.last + 1))


def test_the_plan_ends_on_the_next_step() -> None:
    game = _played(moves=4)
    replay = Replay(game)
    plan = replay.plan(2, 500)
    assert plan.final == layout(game, game.position_at(2), 500)
    assert plan.segments[0].before == layout(game, game.position_at(1), 500)
    with pytest.raises(IndexError):
        replay.plan(0, 500)


def test_not_a_replay_is_refused_in_words() -> None:
    with pytest.raises(SaveFileError, match="a replay is a Game"):
        Replay(3)  # type: ignore[arg-type]
    with pytest.raises(SaveFileError):
        Replay("{}")


def test_the_three_front_ends_show_the_replays_steps() -> None:
    """The widget, the page's replay and the book's player say and show what the Replay does."""
    game = _played(moves=4)
    replay = Replay(game)
    page = ReplaySession(game.to_json(), 500).frames(0, replay.last + 1)["frames"]
    book = game_frames(game, 500)
    assert [f["caption"] for f in page] == [replay.caption(k) for k in range(replay.last + 1)]
    assert [caption for _svg, caption in book] == [f["caption"] for f in page]
    assert [f["description"] for f in page] == [replay.description(k)
                                               for k in range(replay.last + 1)]
    widget = ReplayWidget(game, animate=False, width=500)
    try:
        for k in (0, 2, replay.last):
            widget.go(k)
            assert widget.caption.value.endswith(f"{html.escape(replay.words(k))}</span>")
            assert widget.counter.value == replay.counter(k)
            assert widget.back_button.disabled is not replay.buttons(k).back
            assert widget.forward_button.disabled is not replay.buttons(k).forward
    finally:
        widget.close()
    example = get_example("chain-first-layout")
    by_card = Replay(example, deal_by_card=True)
    assert [c for _s, c in replay_frames(example, 360)] == [by_card.caption(k) for k in
                                                            range(by_card.last + 1)]


def _whole_deals() -> list[Replay]:
    from solitaire_widgets.strategies import get_strategy, play_out

    replays = []
    for name, seed in (("chain", 54), ("klondike", 7), ("quarrel", 3)):
        game = new_game(name, seed=seed)
        play_out(game, get_strategy(name))
        replays.append(Replay(game))
    return replays


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_caption_is_written_as_sentences(language: str) -> None:
    """A step's caption starts its words with a capital and ends them with a full stop,
    on the texts' examples and on whole deals played by the built-in strategy."""
    from solitaire_widgets.examples import EXAMPLES
    from solitaire_widgets.i18n import use_language

    with use_language(language):
        replays = [Replay(get_example(name)) for name in EXAMPLES] + _whole_deals()
        for replay in replays:
            for k in range(1, replay.last + 1):
                caption = replay.caption(k)
                head, _colon, words = caption.partition(": ")
                # A caption may open with the text's own words, quoted as written.
                assert words[:1].isupper() or words[:1] in "«'\"„", (replay.title, k, caption)
                assert caption.rstrip("»\"”’')").endswith((".", "!", "?", "…")), (
                    replay.title, k, caption)
                assert ". ." not in caption and ".." not in caption.replace("...", ""), caption
                # A sentence after a quotation or a bracket starts after a full stop.
                assert not re.search(r"[^.!?…][»)] [A-ZА-ЯĄĆĘŁŃÓŚŹŻ]", caption), caption


@pytest.mark.parametrize(("language", "words"), [
    ("en", "has not come out"), ("ru", "не получился"), ("pl", "nie wyszedł")])
def test_the_fourth_waste_card_says_once_that_the_solitaire_has_not_come_out(
        language: str, words: str) -> None:
    from solitaire_widgets.i18n import use_language

    with use_language(language):
        replay = Replay(get_example("klondike-fourth-waste-card"))
        assert replay.caption(replay.last).count(words) == 1, replay.caption(replay.last)
