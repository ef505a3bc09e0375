"""Hostile input, class by class: what can be built is valid, bad input gets the
package's own error in a player's words (with a short excerpt of it), and no
save can cheat. Each class has a property-based test (Hypothesis) beside the
example that found it."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widgets import (
    GAMES,
    Card,
    DeckError,
    Game,
    IllegalMoveError,
    Move,
    NotationError,
    OptionError,
    SaveFileError,
    SolitaireError,
    full_deck,
    load_game,
    new_game,
    parse_cards,
)
from solitaire_widgets.cards import rank_word, with_article
from solitaire_widgets.chance import MAX_SEED, reshuffled
from solitaire_widgets.games import rules_class, rules_for
from solitaire_widgets.i18n import LANGUAGES, use_language
from solitaire_widgets.plain_text import render_text
from solitaire_widgets.render.display import repr_html

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
ALL_CARDS = full_deck()
#: The longest message a hostile input may cause.
SHORT = 400
#: Anything at all, as a hostile caller might pass it.
anything = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20),
    st.binary(max_size=8), st.lists(st.integers(), max_size=3), st.just(10**5000),
    st.sampled_from(["A", "S", "s", "10", "♠", "ſ", "t1", "fc", "move", "turn", "", "X" * 10**5]),
)


def _random_position(name: str, seed: int, steps: int) -> Game:
    game = new_game(name, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rnd.choice(game.legal_moves()))
    return game


# -- values built directly ---------------------------------------------------------


def test_the_issues_cards_are_refused() -> None:
    for rank, suit in [(14, "X"), (1, "s"), ("A", "S"), (True, "S"), (0, "S"), (1.0, "S")]:
        with pytest.raises(NotationError, match="is not a card"):
            Card(rank, suit)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Card(1, "S")._replace(rank=14)
    # The issue's deck cannot even be built; a deck of texts is checked card by card.
    with pytest.raises(NotationError):
        new_game("klondike", deck=[Card(14, "X")] + full_deck()[1:])
    with pytest.raises(DeckError, match="not a card"):
        new_game("klondike", deck=["1X"] + [str(c) for c in full_deck()[1:]])


@SETTINGS
@given(anything, anything)
def test_a_card_that_can_be_built_is_one_of_the_52(rank: Any, suit: Any) -> None:
    try:
        card = Card(rank, suit)
    except NotationError as error:
        assert len(str(error)) < SHORT
        return
    assert card in ALL_CARDS and Card.parse(str(card)) == card


def test_the_issues_moves_are_refused_or_illegal() -> None:
    with pytest.raises(NotationError, match="whole number of cards"):
        Move.cards("t7", "t1", 0)
    with pytest.raises(NotationError, match="pile is named"):
        Move("move", ["t1"], "fc")  # type: ignore[arg-type]
    game = new_game("klondike", seed=1)
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match="column 7 holds only 1 card"):
        game.play(Move.cards("t7", "t1", 5))
    with pytest.raises(IllegalMoveError, match="no pile called 'zz'"):
        game.play(Move.cards("zz", "t1"))
    assert game.to_json() == before


@SETTINGS
@given(anything, anything, anything, anything)
def test_a_move_that_can_be_built_round_trips_its_text(action: Any, src: Any, dst: Any,
                                                        count: Any) -> None:
    try:
        move = Move(action, src, dst, count)
    except NotationError as error:
        assert len(str(error)) < SHORT
        return
    assert Move.parse(str(move)) == move


pile_ids = st.one_of(st.sampled_from(["s", "w", "h", "fc", "fs", "lc", "rs", "t1", "t7", "l1",
                                      "l24", "a1", "a13", "r1", "r104", "zz", "t99"]),
                     st.from_regex(r"[a-z]{1,3}[0-9]{0,3}", fullmatch=True))
built_moves = st.one_of(
    st.builds(Move.cards, pile_ids, pile_ids, st.integers(1, 99)),
    st.sampled_from(["turn", "redeal", "deal", "fill", "aux", "hit", "pass", "opening-deal"])
    .map(Move),
)


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60), moves=st.lists(built_moves,
                                                                           max_size=8))
def test_moves_built_as_objects_are_played_or_refused_with_a_reason(
    name: str, seed: int, steps: int, moves: list[Move]
) -> None:
    game = _random_position(name, seed, steps)
    for move in moves:
        before = game.to_json()
        if game.is_legal(move):
            game.play(move)
            continue
        with pytest.raises(IllegalMoveError) as caught:
            game.play(move)
        reason = str(caught.value)
        assert reason.strip() and len(reason) < SHORT
        # Articles by the word that follows, in every reason (issue: "only a eight").
        assert not re.search(r"\ba [aeiou]|\ban [^aeiou\W]", reason, re.IGNORECASE), reason
        assert game.to_json() == before


class _LooksLikeAMove:
    """An object that says it is the move it is given (compares and prints as it)."""

    def __init__(self, move: Move) -> None:
        self.move = move

    def __eq__(self, other: object) -> bool:
        return other == self.move

    def __hash__(self) -> int:
        return hash(self.move)

    def __str__(self) -> str:
        return str(self.move)


#: What a non-move is made from, given a legal move: its tuple, its list, an
#: object equal to it, or anything at all.
non_moves = st.one_of(
    st.sampled_from([tuple, list, _LooksLikeAMove, lambda move: (*move,)[:2],
                     lambda move: move._asdict()]),
    anything.map(lambda value: lambda move: value),
)


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60),
       makers=st.lists(non_moves, min_size=1, max_size=4))
def test_only_a_move_or_its_text_is_played(name: str, seed: int, steps: int,
                                           makers: list[Any]) -> None:
    game = _random_position(name, seed, steps)
    for make in makers:
        if game.is_over:
            break
        legal = game.legal_moves()
        given = make(legal[seed % len(legal)])
        if isinstance(given, (str, Move)):
            continue
        before = game.to_json()
        for entry in (game.play, game.describe):
            with pytest.raises(NotationError) as caught:
                entry(given)
            assert str(caught.value).strip() and len(str(caught.value)) < SHORT
        assert not game.is_legal(given)
        assert game.to_json() == before and game.legal_moves() == legal
        assert load_game(before).to_json() == before
        if game.can_undo:
            game.undo()
            game.redo()
        assert game.to_json() == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("given", [("turn", "", "", 1), ("move", "l18", "fs", 1),
                                   ("aux", "", "", 1), ["turn", "", "", 1]], ids=str)
def test_the_issues_tuples_are_refused(name: str, given: Any) -> None:
    game = new_game(name, seed=7)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    before = game.to_json()
    with use_language("ru"), pytest.raises(NotationError, match="не ход"):
        game.play(given)
    assert game.to_json() == before
    game.undo()


@pytest.mark.parametrize("name", GAMES)
@settings(SETTINGS, max_examples=12)
@given(seed=st.integers(0, 10_000), ended_in=st.sampled_from(LANGUAGES),
       read_in=st.sampled_from(LANGUAGES))
def test_an_ended_games_status_reads_in_the_language_it_is_read_in(
        name: str, seed: int, ended_in: str, read_in: str) -> None:
    with use_language(ended_in):
        game = _random_position(name, seed, 5000)
        if not game.is_over:
            return
        said = game.status
        saved = game.to_json()
    with use_language(read_in):
        fresh = new_game(name, seed=seed)
        for step in game.history:
            fresh.play(step.move)
        loaded = load_game(saved)
        assert game.status == fresh.status == loaded.status
        assert game.result == fresh.result == loaded.result
        assert game.table == loaded.table == fresh.table
        assert game.status.endswith(game.result.reason)
        read = game.status
    if read_in == ended_in:
        assert read == said
    elif read_in == "en":
        assert re.fullmatch(r"[\x00-\x7f]+", read), read
    elif read_in == "ru":
        assert not re.search(r"[a-zA-Z]{3}", read), read


def test_raw_python_errors_become_the_packages_own() -> None:
    with pytest.raises(NotationError, match="None is not a list of cards"):
        parse_cards(None)  # type: ignore[arg-type]
    with pytest.raises(DeckError, match="a deck is the cards in dealing order"):
        new_game("chain", deck=5)  # type: ignore[arg-type]
    with pytest.raises(DeckError, match="a deal number is a whole number") as caught:
        new_game("chain", seed=10**5000)
    assert len(str(caught.value)) < SHORT
    assert new_game("chain", seed=MAX_SEED).seed == MAX_SEED


@SETTINGS
@given(seed=anything, deck=anything)
def test_new_game_takes_any_seed_and_deck_or_says_why(seed: Any, deck: Any) -> None:
    try:
        game = new_game("chain", seed=seed, deck=deck)
    except SolitaireError as error:
        assert len(str(error)) < SHORT
        return
    assert sorted(game.deck) == sorted(ALL_CARDS)


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_the_display_form_reads_back(card: Card) -> None:
    assert Card.parse(card.display) == card
    assert parse_cards(" ".join(c.display for c in ALL_CARDS)) == ALL_CARDS


@pytest.mark.parametrize("text", ["Aſ", "aſ", "Aﬆ", "A♤", "1S", "AS AS", "10HH", "ＡＳ"])
def test_look_alike_cards_are_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)


@SETTINGS
@given(st.text(max_size=6))
def test_card_text_is_a_card_or_refused(text: str) -> None:
    try:
        card = Card.parse(text)
    except NotationError:
        return
    assert text.strip().upper() in (str(card), card.display.upper(), "10" + card.suit)


# -- options --------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("option", ["self", "name", "seed", "deck", "cls", "options"])
def test_any_option_name_is_checked_against_the_game(name: str, option: str) -> None:
    known = ", ".join(rules_class(name).options_allowed) or "none"
    with pytest.raises(OptionError, match=f"has no option '{option}'; its options are: {known}"):
        rules_for(name, {option: "x"})
    if option not in ("seed", "deck"):  # new_game's own arguments
        with pytest.raises(OptionError, match="its options are"):
            new_game(name, **{option: "x"})  # type: ignore[arg-type]
    data = json.loads(new_game(name, seed=1).to_json())
    data["options"][option] = "x"
    with pytest.raises(SaveFileError, match="its options are"):
        load_game(json.dumps(data))


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(options=st.dictionaries(st.text(max_size=12), anything, max_size=3))
def test_options_are_valid_or_refused(name: str, options: dict[str, Any]) -> None:
    allowed = rules_class(name).options_allowed
    try:
        rules = rules_for(name, options)
    except OptionError as error:
        assert len(str(error)) < SHORT
        return
    assert all(rules.options[k] in allowed[k] for k in allowed)


def test_a_megabyte_of_bad_input_gives_a_short_message() -> None:
    huge = "x" * 1_000_000
    attempts = [
        lambda: Card.parse(huge), lambda: Move.parse(huge), lambda: parse_cards(huge),
        lambda: new_game("chain", aux_row=huge), lambda: rules_for("chain", {huge: "x"}),
        lambda: new_game(huge), lambda: new_game("chain", deck=huge),
        lambda: load_game(json.dumps({"format": huge})),
        lambda: load_game(json.dumps({"format": "solitaire_widgets/1", "game": huge})),
    ]
    for attempt in attempts:
        with pytest.raises(SolitaireError) as caught:
            attempt()
        assert len(str(caught.value)) < SHORT, str(caught.value)[:100]


# -- saves must not cheat -------------------------------------------------------------


def _played(name: str, seed: int, until_shuffles: int = 1, limit: int = 3000) -> Game:
    """A deal of ``name`` played at random until it has reshuffled ``until_shuffles`` times."""
    for seed_ in range(seed, seed + 50):
        game = new_game(name, seed=seed_)
        rnd = random.Random(seed_)
        while not game.is_over and len(game.history) < limit:
            game.play(rnd.choice(game.legal_moves()))
            if sum(len(s.shuffles) for s in game.steps()) >= until_shuffles:
                return game
    raise AssertionError("no deal reshuffled")


@pytest.mark.parametrize("name", GAMES)
def test_a_deck_that_is_not_its_seeds_is_refused(name: str) -> None:
    data = json.loads(new_game(name, seed=7).to_json())
    data["deck"][0], data["deck"][1] = data["deck"][1], data["deck"][0]
    if data["deck"][0] == data["deck"][1]:  # two packs: swap with another card
        data["deck"][0], data["deck"][5] = data["deck"][5], data["deck"][0]
    with pytest.raises(SaveFileError, match="not the deck of deal 7"):
        load_game(json.dumps(data))
    data["custom_deck"] = True
    custom = load_game(json.dumps(data))
    assert custom.custom_deck and custom.deal_name == "custom deck"
    shown = [render_text(custom).splitlines()[0], repr(custom), repr_html(custom)]
    assert all("custom deck" in text and "deal 7" not in text for text in shown)
    data["custom_deck"] = "yes"
    with pytest.raises(SaveFileError, match="custom_deck should be true or false"):
        load_game(json.dumps(data))


def test_a_stacked_deck_is_saved_and_shown_as_custom() -> None:
    deck = list(reversed(full_deck()))
    game = new_game("chain", deck=deck)
    assert game.custom_deck and "custom deck" in render_text(game).splitlines()[0]
    again = load_game(game.to_json())
    assert again.custom_deck and again.deck == game.deck


def test_chain_deal_1s_reshuffle_sorted_is_refused() -> None:
    """The issue's example: a sorted reshuffle turned a lost deal 1 into a win."""
    game = _played("chain", 1)
    data = json.loads(game.to_json())
    entry = next(e for e in data["moves"] if e.get("shuffles"))
    entry["shuffles"][0] = sorted(entry["shuffles"][0])
    with pytest.raises(SaveFileError, match="not the one deal .* draws"):
        load_game(json.dumps(data))


@pytest.mark.parametrize("name", ["chain", "quarrel"])
@settings(SETTINGS, max_examples=25)
@given(seed=st.integers(0, 10_000), rnd=st.randoms(use_true_random=False))
def test_any_changed_reshuffle_is_refused(name: str, seed: int, rnd: random.Random) -> None:
    game = _played(name, seed)
    data = json.loads(game.to_json())
    entries = [e for e in data["moves"] if e.get("shuffles")]
    order = rnd.choice(entries)["shuffles"][0]
    original = list(order)
    rnd.shuffle(order)
    if order == original:
        order.reverse()
    if order == original:  # every card the same (cannot happen with distinct cards)
        return
    with pytest.raises(SaveFileError, match="not the one deal"):
        load_game(json.dumps(data))


@pytest.mark.parametrize("name", GAMES)
@settings(SETTINGS, max_examples=30)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150))
def test_a_seeded_save_is_its_seeds_game(name: str, seed: int, steps: int) -> None:
    """Whatever a seeded save holds, it loads only as the game its seed plays."""
    game = _random_position(name, seed, steps)
    loaded = load_game(game.to_json())
    fresh = new_game(name, seed=seed)
    for step in loaded.history:
        fresh.play(step.move)
    assert fresh.to_json() == loaded.to_json() == game.to_json()


def test_chain_deal_4_gathered_in_two_orders_deals_the_same() -> None:
    """The issue's example: undo must not re-roll the next deal."""
    tables = []
    for moves in ("fill l14>fs l13>fs fill fill", "l14>fs l13>fs fill fill fill"):
        game = new_game("chain", seed=4)
        for move in moves.split():
            game.play(move)
        game.play("redeal")
        assert game.history[-1].shuffles
        tables.append(game.table)
    assert tables[0] == tables[1]


@SETTINGS
@given(seed=st.integers(0, MAX_SEED), number=st.integers(1, 10),
       cards=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=104),
       rnd=st.randoms(use_true_random=False))
def test_a_reshuffle_depends_only_on_the_set_of_cards(seed: int, number: int,
                                                      cards: list[Card],
                                                      rnd: random.Random) -> None:
    other = list(cards)
    rnd.shuffle(other)
    assert reshuffled(cards, seed, number) == reshuffled(other, seed, number)
    assert sorted(reshuffled(cards, seed, number)) == sorted(cards)


@pytest.mark.parametrize("name", ["chain", "quarrel"])
@settings(SETTINGS, max_examples=20)
@given(seed=st.integers(0, 10_000), rnd=st.randoms(use_true_random=False))
def test_undo_cannot_re_roll_the_next_deal(name: str, seed: int, rnd: random.Random) -> None:
    """Undo a reshuffling move and play it again: the same deal comes out."""
    game = _played(name, seed)
    table = game.table
    game.undo()
    move = game.steps()[-1].move if rnd.random() < 0.5 else None
    if move is not None and game.can_undo:
        game.undo()
        game.play(move)
    game.redo() if game.can_redo else game.play(_played(name, seed).history[-1].move)
    assert game.table == table


# -- step 0 is the opening deal --------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_opening_deal_is_step_0(name: str) -> None:
    game = _random_position(name, 3, 20)
    steps = game.steps()
    assert steps[0].text == "The deal" and steps[0].events == game.opening
    assert str(steps[0].move) == "opening-deal" and not game.is_legal(steps[0].move)
    assert steps[1:] == game.history and len(steps) == len(game.history) + 1
    assert game.position_at(len(game.history)) == game.table
    assert game.position_at(0) == new_game(name, seed=3).table
    with pytest.raises(IndexError, match="there is no step"):
        game.position_at(len(steps))
    while game.can_undo:
        game.undo()
    assert game.steps() == steps[:1] and game.table == game.position_at(0)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()


# -- words -----------------------------------------------------------------------------


@pytest.mark.parametrize("rank", range(1, 14))
def test_articles_follow_the_word(rank: int) -> None:
    word = rank_word(rank)
    assert with_article(word) == ("an " if word in ("ace", "eight") else "a ") + word


def test_klondike_says_only_an_eight() -> None:
    for seed in range(200):
        game = new_game("klondike", seed=seed)
        for src in [p.id for p in game.piles if p.kind == "tableau"]:
            for dst in [p.id for p in game.piles if p.kind == "tableau"]:
                pile = game.pile(dst)
                if src != dst and pile.cards and pile.cards[-1].rank == 9 and game.pile(src).cards:
                    move = Move.cards(src, dst)
                    if not game.is_legal(move):
                        with pytest.raises(IllegalMoveError) as caught:
                            game.play(move)
                        if "takes only" in str(caught.value):
                            assert "only an eight" in str(caught.value)
                            return
    raise AssertionError("no position refused a card on a nine")


# -- fuzzing the loader and the command line ---------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["AS", "TH", "10♥", "t1>fc", "turn", "chain", "solitaire_widgets/1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                               max_size=4),
    max_leaves=12,
)
SAVE_KEYS = ["format", "game", "options", "seed", "custom_deck", "deck", "moves",
             "opening_shuffles", "extra"]


@pytest.mark.parametrize("name", GAMES)
@settings(SETTINGS, max_examples=100)
@given(steps=st.integers(0, 80), changes=st.lists(st.tuples(st.sampled_from(SAVE_KEYS),
                                                            json_values), max_size=3),
       move_changes=st.lists(st.tuples(st.integers(0, 200), json_values), max_size=3))
def test_any_json_in_any_field_loads_or_is_refused(
    name: str, steps: int, changes: list[tuple[str, Any]], move_changes: list[tuple[int, Any]]
) -> None:
    data = json.loads(_random_position(name, steps, steps).to_json())
    for key, value in changes:
        data[key] = value
    moves = data.get("moves")
    for index, value in move_changes:
        if isinstance(moves, list) and moves:
            moves[index % len(moves)] = value
    try:
        game = load_game(json.dumps(data))
    except SaveFileError as error:
        assert str(error).strip() and len(str(error)) < SHORT
        return
    # Whatever loaded is a sound game, and a seeded one is exactly its seed's.
    assert load_game(game.to_json()).to_json() == game.to_json()
    if not game.custom_deck:
        fresh = new_game(game.name, seed=game.seed, **game.options)
        for step in game.history:
            fresh.play(step.move)
        assert fresh.table == game.table


CLI_WORDS = ["show", "play", "stats", "example", "chain", "klondike", "quarrel", "poker",
             "--seed", "--deck", "--option", "--json", "--deals", "--workers", "--strategy",
             "--dask", "--list", "1", "-1", "0", "3", "x", "AS 2H", "self=x", "aux_row=at-start",
             "deck_uses=rounds", "variant=standard", "random", "garbage", "", "—", "9" * 30]


@settings(SETTINGS, max_examples=150)
@given(argv=st.lists(st.sampled_from(CLI_WORDS), max_size=7))
def test_the_command_line_never_shows_a_traceback(argv: list[str]) -> None:
    from solitaire_widgets import cli

    if "stats" in argv and ("--dask" in argv or "--workers" in argv):
        return  # a cluster or process pool is beyond a unit test's budget
    if "stats" in argv and "9" * 30 not in argv:
        argv = [*argv, "--deals", "2"]
    try:
        status = cli.main(argv)
    except SystemExit as exit_:
        status = exit_.code  # type: ignore[assignment]
    assert status in (0, 2)
