"""Chain ("ЦЕПОЧКА"): one test for every sentence of the source text, and for
every reading in the Chain chapter's "Where the text is unclear" section
(``book/texts/chain_unclear.md``), on stacked decks.

A test is named after its sentence (in English) and quotes the Russian in its
docstring. Decks are given in dealing order: the first 24 cards are the first
layout ``l1``..``l24`` (three rows of eight), then the stock in the order it
is turned.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from solitaire_widgets import DeckError, Game, IllegalMoveError, load_game, new_game
from solitaire_widgets.cards import Card, full_deck, parse_cards
from solitaire_widgets.examples import get_example
from solitaire_widgets.games.chain import MOVE_BOUND
from solitaire_widgets.games.chain.examples import stacked_deck
from solitaire_widgets.moves import Move
from solitaire_widgets.rules import Context
from solitaire_widgets.strategies import RandomStrategy
from solitaire_widgets.table import Event

SERIES = ("fc", "fd", "fh", "fs")
PLACES_1 = [f"l{i}" for i in range(1, 25)]
PLACES_2 = [f"l{i}" for i in range(1, 19)]
AUX = ["a1", "a2", "a3", "a4"]

#: Twenty-four cards with no two among them: a first layout that is stuck at once.
DEAD_LAYOUT = " ".join(f"{rank}{suit}" for rank in "345678" for suit in "CDHS")


def _rest_order(card: Card) -> tuple[int, str]:
    # The stock's unnamed cards come aces and kings first, twos last, so none of
    # them fits a series before the cards a test names.
    return (-(14 if card.rank == 1 else card.rank), card.suit)


def deck(first: str) -> str:
    """A 52-card deck in dealing order: ``first``, then the rest, high cards first."""
    chosen = parse_cards(first)
    assert len(set(chosen)) == len(chosen), "a test deck names a card twice"
    rest = sorted((c for c in full_deck() if c not in chosen), key=_rest_order)
    return " ".join(str(c) for c in chosen + rest)


#: Cards that fill a layout around the named ones: kings down to eights first, so none of
#: them moves unless a test builds a series that far.
FILLERS = [Card(rank, suit) for rank in range(13, 2, -1) for suit in "CDHS"]


def layout_deck(places: dict[int, str] | None = None, stock: str = "") -> str:
    """A deck whose first layout holds ``places`` (place number -> card), fillers elsewhere,
    and whose stock starts with ``stock``."""
    named = {index: Card.parse(card) for index, card in (places or {}).items()}
    stock_cards = parse_cards(stock)
    used = set(named.values()) | set(stock_cards)
    fillers = iter(c for c in FILLERS if c not in used)
    layout = [named[i] if i in named else next(fillers) for i in range(1, 25)]
    return deck(" ".join(str(c) for c in layout + stock_cards))


def chain(first: str, **options: str) -> Game:
    # A fixed deal number too: the redeal's reshuffle is drawn from it.
    return new_game("chain", seed=0, deck=deck(first), **options)


def cards(game: Game, pile: str) -> list[str]:
    return [str(c) for c in game.pile(pile).cards]


def moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def refused(game: Game, move: str) -> str:
    table, history = game.table.copy(), list(game.history)
    with pytest.raises(IllegalMoveError) as caught:
        game.play(move)
    assert game.table == table and game.history == history
    return str(caught.value)


def redeal_with(game: Game, dealt_first: str = "") -> Game:
    """Play ``redeal`` with a recorded shuffle that deals ``dealt_first`` first.

    The other cards gathered follow, high cards first. Returns the loaded game.
    """
    assert "redeal" in moves(game)
    gathered = [c for pile in game.piles if pile.kind != "foundation" for c in pile.cards]
    chosen = parse_cards(dealt_first)
    rest = list(gathered)
    for card in chosen:
        rest.remove(card)
    dealt = chosen + sorted(rest, key=_rest_order)
    data: dict[str, Any] = game.to_dict()
    # The stock's top (the end of the list) is dealt first.
    data["moves"].append({"move": "redeal", "shuffles": [[str(c) for c in reversed(dealt)]]})
    return load_game(json.dumps(data))


# -- the title ----------------------------------------------------------------------


def test_a_solitaire_for_one_pack_of_52_cards() -> None:
    """«ЦЕПОЧКА Пасьянс для одной колоды из 52 карт»"""
    game = new_game("chain", seed=1)
    assert len(game.deck) == 52 and Counter(game.deck) == Counter(full_deck())
    with pytest.raises(DeckError, match="52 cards"):
        new_game("chain", deck=full_deck()[:51])
    with pytest.raises(DeckError, match="52 cards"):
        new_game("chain", deck=full_deck(2))


# -- the first layout ---------------------------------------------------------------


def test_the_deck_is_held_face_down_from_the_start() -> None:
    """«С самого начала колоду карт держат рубашкой вверх.»"""
    game = chain(DEAD_LAYOUT)
    stock = game.pile("s")
    assert stock.kind == "stock" and len(stock.cards) == 28
    # The stock's top is the next card turned: the 25th card of the deck.
    assert stock.top == game.deck[24]
    start = game.start
    assert [str(c) for c in reversed(start.piles["s"].cards)] == [str(c) for c in game.deck]
    assert all(not p.cards for p in start.piles.values() if p.id != "s")


def test_part_of_the_deck_is_laid_face_up_in_three_rows_of_eight() -> None:
    """«Одну часть колоды раскладывают картинкой вверх в три горизонтальных ряда так,
    чтобы в каждом было по восемь карт.»"""
    game = chain(DEAD_LAYOUT)
    layout = parse_cards(DEAD_LAYOUT)
    for index, place in enumerate(PLACES_1):
        pile = game.pile(place)
        assert pile.cards == [layout[index]] and pile.face_up(0)
    assert game.table.facts["deal"] == 1
    names = [game.rules.pile_name(game.table, p) for p in ("l1", "l8", "l9", "l24")]
    assert names == ["row 1, place 1", "row 1, place 8", "row 2, place 1", "row 3, place 8"]
    assert "three rows of eight" in game.status


def test_twos_dealt_are_laid_out_in_a_row_above_the_layout() -> None:
    """«Двойки, которые выпали при раскладе, выкладывают в отдельный ряд над основным
    раскладом.»"""
    layout = parse_cards(DEAD_LAYOUT)
    layout[0], layout[9], layout[23] = parse_cards("2H 2C 2S")
    game = chain(" ".join(map(str, layout)))
    assert cards(game, "fh") == ["2H"] and cards(game, "fc") == ["2C"]
    assert cards(game, "fs") == ["2S"] and cards(game, "fd") == []
    # Each two leaves a gap in the layout, where it was dealt.
    assert [p for p in PLACES_1 if not game.pile(p).cards] == ["l1", "l10", "l24"]
    assert [p.id for p in game.piles[:4]] == list(SERIES)
    assert all(p.kind == "foundation" for p in game.piles[:4])


def test_twos_go_up_after_all_24_cards_are_down() -> None:
    """Our reading ("The twos in the first deal"): the twos are removed after the 24 cards are down (the figure shows
    them still in the layout), not skipped during the deal."""
    layout = parse_cards(DEAD_LAYOUT)
    layout[0], layout[23] = parse_cards("2D 2C")
    game = chain(" ".join(map(str, layout)))
    card_moves = [e for e in game.opening if e.kind == "move"]
    assert [(e.src, e.dst) for e in card_moves[:24]] == [("s", p) for p in PLACES_1]
    assert [(e.src, e.dst, e.cards) for e in card_moves[24:]] == [
        ("l1", "fd", (Card.parse("2D"),)),
        ("l24", "fc", (Card.parse("2C"),)),
    ]
    # The layout is dealt straight through: the place of a two is not refilled at once.
    assert len(game.pile("s").cards) == 28


def test_the_open_cards_that_continue_a_series_on_the_twos_can_be_played() -> None:
    """«Далее надо посмотреть, есть ли среди уже открытых карт подходящие для продолжения
    возрастающих серий на базе двоек.»"""
    game = chain("2S 3S 4S KD 3H 4H 9C 9D " + " ".join(DEAD_LAYOUT.split()[8:]))
    # 2S went up; 3S can follow; 3H and 4H cannot (no two of hearts yet).
    assert moves(game) == ["l2>fs", "fill"]
    step = game.play("l2>fs")
    assert step.events[0] == Event("move", "l2", "fs", (Card.parse("3S"),))
    assert "l3>fs" in moves(game)
    assert step.text == "the three of spades goes onto the two of spades, from row 1, place 2"


def test_the_spades_series_climbs_from_the_two_up_to_the_ace() -> None:
    """«Например, для двойки пик это будут, соответственно, тройка пик, четверка пик,
    пятерка, шестерка и так далее, вплоть до пикового туза.»"""
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    game = chain(spades)
    for place in range(2, 14):
        game.play(f"l{place}>fs")
    assert cards(game, "fs") == spades.split()
    assert cards(game, "fs")[-1] == "AS", "the ace is the top of its series, not its base"


def test_the_same_rule_holds_for_every_other_suit() -> None:
    """«Это же правило действует и для всех остальных мастей.»"""
    for suit in "CDH":
        series = " ".join(f"{r}{suit}" for r in "23456789TJQKA")
        game = chain(series)
        for place in range(2, 14):
            game.play(f"l{place}>f{suit.lower()}")
        assert len(game.pile(f"f{suit.lower()}").cards) == 13
        assert game.pile(f"f{suit.lower()}").top == Card(1, suit)


def test_a_series_can_only_be_built_starting_from_a_two() -> None:
    """«Не стоит забывать, что возрастающую серию можно строить, только начиная с двойки.»"""
    game = new_game("chain", seed=0, deck=layout_deck({1: "AS", 2: "3C", 3: "KH", 4: "2D"}))
    # No two of spades, clubs or hearts is dealt: nothing starts those series.
    assert cards(game, "fd") == ["2D"]
    for place in ("l1", "l2", "l3"):
        assert not any(m.startswith(place + ">") for m in moves(game))
    assert "a series starts only with its two" in refused(game, "l1>fs")
    assert "a series starts only with its two" in refused(game, "l2>fc")


def test_a_three_of_diamonds_has_no_force_until_the_two_of_diamonds_appears() -> None:
    """«Например, тройка бубен не имеет никакой силы до тех пор, пока не появится двойка
    бубен.»"""
    layout = DEAD_LAYOUT.split()
    layout.remove("3D")
    game = chain("3D " + " ".join(layout[:23]) + " 2D")
    # The two of diamonds is the first stock card: until it appears, 3D cannot move.
    assert "l1>fd" not in moves(game)
    message = refused(game, "l1>fd")
    # The two is not named: it is still face down in the stock.
    assert message == ("a series starts only with its two: the three of diamonds has no force "
                       "until the two of its suit appears")
    # Stuck; the auxiliary row brings the two out of the stock and 3D gets its force.
    assert moves(game) == ["aux", "redeal"]
    game.play("aux")
    assert cards(game, "a1") == ["2D"]
    game.play("a1>fd")
    game.play("l1>fd")
    assert cards(game, "fd") == ["2D", "3D"]


def test_new_stock_cards_go_to_the_freed_places_or_straight_onto_their_series() -> None:
    """«Новые карты из колоды кладут на освободившиеся в основном раскладе места или же
    сразу используют для продолжения серии, если соответствуют по масти и числу.»"""
    layout = DEAD_LAYOUT.split()
    layout.remove("3H")
    game = chain("2H " + " ".join(layout[:23]) + " 9C 3H")
    assert moves(game) == ["fill"]
    step = game.play("fill")  # 9C fits nothing: into the freed place
    assert [(e.src, e.dst) for e in step.events if e.kind == "move"] == [("s", "l1")]
    assert cards(game, "l1") == ["9C"]
    assert step.text == "fill: the nine of clubs comes from the stock into row 1, place 1"
    game2 = chain("2H " + " ".join(layout[:23]) + " 3H 9C")
    step = game2.play("fill")  # 3H fits: straight onto the hearts series
    assert [(e.src, e.dst) for e in step.events if e.kind == "move"] == [("s", "fh")]
    assert cards(game2, "fh") == ["2H", "3H"] and cards(game2, "l1") == []
    assert step.text == ("fill: the three of hearts comes from the stock and goes straight onto "
                         "the two of hearts")


def test_several_stock_cards_in_a_row_can_continue_a_series_bypassing_the_layout() -> None:
    """«(Иногда получается и так, что несколько карт, вынутых подряд из колоды, могут
    составлять продолжение серии, минуя расклад.)»"""
    game = new_game("chain", seed=0, deck=layout_deck({1: "2H"}, "3H 4H 5H 9C"))
    for _ in range(3):
        step = game.play("fill")
        assert [(e.src, e.dst) for e in step.events if e.kind == "move"] == [("s", "fh")]
        assert cards(game, "l1") == [], "the gap waits for the next card"
    assert cards(game, "fh") == ["2H", "3H", "4H", "5H"]
    game.play("fill")
    assert cards(game, "l1") == ["9C"]


@pytest.mark.parametrize("aux_row", ["when-stuck", "at-start"])
def test_reading_a_stock_card_that_fits_goes_up_as_it_would_from_the_freed_place(
        aux_row: str) -> None:
    """Unclear-text page, "A card from the stock that fits goes straight up": the other
    reading puts the card in the freed place first. There it can go up at once, and while it
    lies there play is not stuck (no auxiliary row, no redeal); played up, it leaves the very
    table the engine's one move leaves. Checked at every such fill of random games."""
    checked = 0
    for seed in range(40):
        game = new_game("chain", seed=seed, aux_row=aux_row)
        player = RandomStrategy(seed)
        while not game.is_over:
            move = player.choose(game)
            assert move is not None
            before = game.table.copy()
            step = game.play(move)
            sent = [e.dst for e in step.events if e.kind == "move" and e.src == "s"]
            if move.action != "fill" or not sent[0].startswith("f"):
                continue
            other = before.copy()
            gap = next(p for p in (PLACES_1 if before.facts["deal"] == 1 else PLACES_2)
                       if not before.piles[p].cards)
            other.piles[gap].cards.append(other.piles["s"].cards.pop())
            legal = game.rules.legal_moves(other)
            up = Move("move", gap, sent[0])
            assert up in legal and {"aux", "redeal"}.isdisjoint(m.action for m in legal)
            game.rules.apply(other, up, Context(other, list))
            assert other == game.table, seed
            checked += 1
    assert checked > 20


def test_when_stuck_the_layout_is_gathered_shuffled_with_the_stock_and_dealt_again() -> None:
    """«Если же получилось так, что продолжить дальнейшую перекладку невозможно и новые карты
    не могут продолжить соответствующую серию и не сочетаются с другими картами из расклада,
    следует собрать расклад, перемешать его с другими картами колоды и разложить снова.»"""
    game = chain(DEAD_LAYOUT)
    assert "redeal" in moves(game)
    step = game.play("redeal")
    gathered = [e for e in step.events if e.kind == "move" and e.dst == "s"]
    assert {e.src for e in gathered} == set(PLACES_1)
    shuffles = [e for e in step.events if e.kind == "shuffle"]
    assert len(shuffles) == 1 and shuffles[0].src == "s"
    assert Counter(shuffles[0].cards) == Counter(full_deck())
    # Gathered, then shuffled, then dealt: in that order.
    kinds = [(e.kind, e.dst) for e in step.events]
    assert kinds.index(("shuffle", "")) > max(i for i, k in enumerate(kinds) if k == ("move", "s"))
    assert game.table.facts["deal"] == 2
    assert step.text == ("the layout is gathered, shuffled with the stock and dealt in three rows "
                         "of six; any twos among them go up to their series")


def test_the_row_of_twos_and_the_series_built_on_them_stay_in_place() -> None:
    """«Ряд из двоек и серии, которые построены на них, конечно же, надо оставить на своих
    местах.»"""
    game = new_game("chain", seed=0, deck=layout_deck({1: "2S", 2: "3S", 3: "4S", 4: "2C"}))
    game.play("l2>fs")
    game.play("l3>fs")
    while "fill" in moves(game):
        game.play("fill")
    assert moves(game) == ["aux", "redeal"]
    step = game.play("redeal")
    assert cards(game, "fs") == ["2S", "3S", "4S"] and cards(game, "fc") == ["2C"]
    assert not any(e.src in SERIES for e in step.events if e.kind == "move")


def test_the_series_cards_take_no_part_in_the_second_deal() -> None:
    """«Эти карты в повторном раскладе не участвуют.»"""
    game = new_game("chain", seed=0, deck=layout_deck({1: "2S", 2: "3S", 3: "2C"}))
    game.play("l2>fs")
    while "fill" in moves(game):
        game.play("fill")
    step = game.play("redeal")
    shuffled = next(e for e in step.events if e.kind == "shuffle").cards
    assert len(shuffled) == 52 - 3
    assert not set(parse_cards("2S 3S 2C")) & set(shuffled)
    dealt = [c for p in PLACES_2 for c in game.pile(p).cards] + game.pile("s").cards
    assert not set(parse_cards("2S 3S 2C")) & set(dealt)


def test_the_second_time_the_cards_are_laid_in_three_rows_of_six() -> None:
    """«Во второй раз карты раскладывают снова в три ряда, но на сей раз уже не по восемь,
    а по шесть карт в каждом ряду.»"""
    second = "KC KD KH KS QC QD QH QS JC JD JH JS TC TD TH TS 9C 2S"
    game = redeal_with(chain(DEAD_LAYOUT), second)
    assert game.table.facts["deal"] == 2 and not game.is_over
    # The two dealt 18th went up to its series; the other places hold one card each.
    assert [cards(game, p) for p in PLACES_2] == [[c] for c in second.split()[:17]] + [[]]
    assert cards(game, "fs") == ["2S"]
    assert all(not game.pile(f"l{i}").cards for i in range(19, 25))
    assert len(game.pile("s").cards) == 52 - 18
    names = [game.rules.pile_name(game.table, p) for p in ("l6", "l7", "l18")]
    assert names == ["row 1, place 6", "row 2, place 1", "row 3, place 6"]
    assert "three rows of six" in game.status
    deal_moves = [(e.src, e.dst) for e in game.history[-1].events
                  if e.kind == "move" and e.src == "s"]
    assert deal_moves == [("s", p) for p in PLACES_2]


def test_in_the_second_deal_series_are_built_and_freed_places_filled_as_in_the_first() -> None:
    """«Соответствующими картами достраивают серии, как это было в первом туре, а на
    освободившиеся места кладут новые карты из оставшейся колоды.»"""
    game = redeal_with(chain(DEAD_LAYOUT), "2S 3S 9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD "
                       "QH QS 4S 5S KC")
    assert cards(game, "fs") == ["2S"]  # the two went up in the second deal too
    assert moves(game) == ["l2>fs", "fill"]
    game.play("l2>fs")
    step = game.play("fill")  # 4S goes straight to its series
    assert [(e.src, e.dst) for e in step.events if e.kind == "move"] == [("s", "fs")]
    game.play("fill")  # 5S too
    game.play("fill")  # KC into the first gap of the 3 x 6 layout
    assert cards(game, "l1") == ["KC"]
    assert cards(game, "fs") == ["2S", "3S", "4S", "5S"]


def test_this_time_the_solitaire_must_come_out_every_card_reaching_its_series() -> None:
    """«На этот раз пасьянс должен сойтись, то есть все карты из колоды должны постепенно
    перейти в расклад, а из него уже в соответствующие серии.»"""
    rank_major = " ".join(f"{r}{s}" for r in "23456789TJQKA" for s in "CDHS")
    game = redeal_with(chain(DEAD_LAYOUT), rank_major)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.is_won and game.result.reason == "all 52 cards are on the four series"
    assert all(len(game.pile(f).cards) == 13 for f in SERIES)
    assert game.status.startswith("Won: ")
    assert game.legal_moves() == []


def test_stuck_in_the_second_deal_means_lost() -> None:
    """The chapter's rules: the second deal is the last; stuck again means lost."""
    game = redeal_with(chain(DEAD_LAYOUT), DEAD_LAYOUT)
    assert game.is_over and not game.is_won
    assert game.result.reason == (
        "the second deal is stuck: no card can go to a series and no empty place can be "
        "filled; a third deal is not allowed"
    )
    assert game.legal_moves() == []
    assert "the game is over" in refused(game, "redeal")


# -- the auxiliary row ----------------------------------------------------------------


def test_when_stuck_right_after_the_first_layout_four_cards_may_form_an_auxiliary_row() -> None:
    """«Если пасьянс зайдет в тупик сразу же после первой раскладки (например, в раскладе
    оказалась только одна двойка и нет карт, чтобы можно было продолжить серию), можно
    достать из колоды четыре любые карты и положить их под общим раскладом в отдельный
    вспомогательный ряд картинками вверх.»"""
    # Only one two, and no card to continue it.
    game = new_game("chain", seed=0, deck=layout_deck({6: "2H"}, "9C KD QD JD TD"))
    game.play("fill")  # the two's place is filled: now nothing moves
    assert moves(game) == ["aux", "redeal"]
    step = game.play("aux")
    assert [(e.src, e.dst) for e in step.events if e.kind == "move"] == [
        ("s", a) for a in AUX
    ]
    assert [cards(game, a) for a in AUX] == [["KD"], ["QD"], ["JD"], ["TD"]]
    assert all(game.pile(a).kind == "reserve" and game.pile(a).face_up(0) for a in AUX)
    assert [p.id for p in game.piles].index("a1") > [p.id for p in game.piles].index("l24")
    assert game.table.facts["aux_laid"] is True
    assert "the auxiliary row is laid" in game.status
    assert len(game.pile("s").cards) == 28 - 1 - 4


def test_after_that_the_solitaire_goes_on_with_the_auxiliary_cards_in_play() -> None:
    """«После этого пасьянс продолжится.»"""
    game = chain(DEAD_LAYOUT + " 2S 2H KD 2C")
    game.play("aux")
    assert moves(game) == ["a1>fs", "a2>fh", "a4>fc"]
    game.play("a1>fs")
    assert "l4>fs" in moves(game)  # 3S, in the layout, now follows the aux row's two
    game.play("l4>fs")
    assert cards(game, "fs") == ["2S", "3S"]


def test_the_auxiliary_rows_gaps_are_not_refilled() -> None:
    """Our reading ("Gaps in the auxiliary row"): the auxiliary row's gaps are not refilled."""
    game = chain(DEAD_LAYOUT + " 2S KH KD KC")
    game.play("aux")
    game.play("a1>fs")
    assert cards(game, "a1") == []
    assert moves(game) == ["l4>fs"]  # no fill: the only gap is in the auxiliary row
    assert "no empty place" in refused(game, "fill")
    game.play("l4>fs")
    step = game.play("fill")
    assert [(e.src, e.dst) for e in step.events if e.kind == "move"] == [("s", "l4")]
    assert cards(game, "a1") == []


def test_the_auxiliary_row_may_be_laid_at_any_stuck_point_of_the_first_deal() -> None:
    """Our reading (the default, aux_row="when-stuck"): the auxiliary row may be laid at
    any stuck point of the first deal, also after cards have been played."""
    game = new_game("chain", seed=0, deck=layout_deck({5: "2S", 4: "3S"}, "9C 9D"))
    assert game.options == {"aux_row": "when-stuck"}
    game.play("l4>fs")
    game.play("fill")
    game.play("fill")
    assert moves(game) == ["aux", "redeal"]
    game.play("aux")
    assert game.table.facts["aux_laid"] is True


def test_at_start_reading_the_auxiliary_row_only_before_any_card_is_played() -> None:
    """The other reading, option aux_row="at-start": only before any card has been played."""
    game = new_game("chain", seed=0, deck=layout_deck({5: "2S", 4: "3S"}, "9C 9D"), aux_row="at-start")
    game.play("l4>fs")
    game.play("fill")
    game.play("fill")
    assert moves(game) == ["redeal"]
    assert refused(game, "aux") == ("under the at-start reading the auxiliary row may be laid "
                                    "only before any card has been played")
    fresh = chain(DEAD_LAYOUT, aux_row="at-start")
    assert moves(fresh) == ["aux", "redeal"]


def test_at_start_reading_a_stock_card_sent_straight_to_its_series_is_a_card_played() -> None:
    """Under aux_row="at-start", a card that ``fill`` sends straight onto its series has been
    played as surely as one from the layout: the auxiliary row is no longer available."""
    game = new_game("chain", seed=0, deck=layout_deck({1: "2H"}, "3H 9C"), aux_row="at-start")
    step = game.play("fill")  # the three of hearts goes straight onto the two
    assert cards(game, "fh") == ["2H", "3H"] and "straight onto" in step.text
    game.play("fill")  # the nine of clubs fills the two's place: now nothing moves
    assert moves(game) == ["redeal"]
    assert "only before any card has been played" in refused(game, "aux")
    default = new_game("chain", seed=0, deck=layout_deck({1: "2H"}, "3H 9C"))
    default.play("fill")
    default.play("fill")
    assert moves(default) == ["aux", "redeal"]


def test_at_the_regathering_the_auxiliary_row_goes_back_into_the_deck_too() -> None:
    """«Когда после первого тура приходится собирать расклад, чтобы затем разложить карты
    заново, этот вспомогательный ряд из четырех дополнительных карт (если он уже есть) также
    собирают в общую колоду.»"""
    game = chain(DEAD_LAYOUT + " 9C 9D 9H 9S")
    game.play("aux")
    step = game.play("redeal")
    gathered = {e.src for e in step.events if e.kind == "move" and e.dst == "s"}
    assert set(AUX) <= gathered
    assert all(not game.pile(a).cards for a in AUX)
    shuffled = next(e for e in step.events if e.kind == "shuffle").cards
    assert set(parse_cards("9C 9D 9H 9S")) <= set(shuffled)
    assert Counter(game.table.cards()) == Counter(full_deck())


def test_this_solitaire_allows_only_two_deals() -> None:
    """«Этот пасьянс допускает только два расклада.»"""
    game = chain(DEAD_LAYOUT)
    assert game.table.facts["deal"] == 1 and "First deal" in game.status
    game = redeal_with(game, "2S 3S")
    assert game.table.facts["deal"] == 2
    assert game.status == "Second and last deal, three rows of six; 34 cards in the stock"
    assert "redeal" not in moves(game)


def test_a_third_deal_is_not_allowed() -> None:
    """«Третий раз не разрешается.»"""
    game = redeal_with(chain(DEAD_LAYOUT), "2S 3S")
    assert not game.is_over
    assert "redeal" not in moves(game)
    assert refused(game, "redeal") == "this is the last deal: a third deal is not allowed"
    game.play("l2>fs")
    while not game.is_over:
        assert "redeal" not in moves(game)
        game.play(game.legal_moves()[0])
    assert "a third deal is not allowed" in game.result.reason


def test_the_auxiliary_row_may_be_laid_only_in_the_first_deal() -> None:
    """«К тому же вспомогательный ряд можно выкладывать только при первой раскладке.»"""
    game = redeal_with(chain(DEAD_LAYOUT), "2S 3S")
    assert "aux" not in moves(game)
    assert refused(game, "aux") == "the auxiliary row may be laid only during the first deal"


# -- the text's example ----------------------------------------------------------------


def _series_starters(layout: list[Card]) -> set[str]:
    """Cards of ``layout`` that start a series or extend one built from the layout alone."""
    found = set()
    for suit in "CDHS":
        rank = 2
        while Card(rank, suit) in layout:
            found.add(Card(rank, suit).display)
            rank = 1 if rank == 13 else rank + 1
            if rank == 2:
                break
    return found


def test_the_figure_shows_an_example_of_a_first_layout() -> None:
    """«На рисунке приведен пример первой раскладки.»"""
    example = get_example("chain-first-layout")
    assert example.game == "chain"
    game = new_game("chain", deck=example.deck)
    assert game.table.facts["deal"] == 1
    assert all(len(game.pile(p).cards) <= 1 for p in PLACES_1)
    assert "На рисунке" in example.source


def test_chain_first_layout_the_cards_to_build_series_with_are_exactly_those_named() -> None:
    """«Чтобы создать серии, можно использовать следующие карты; червовая двойка, двойка и
    тройка треф, а также двойка, тройка, четверка и пятерка пик.»"""
    example = get_example("chain-first-layout")
    layout = parse_cards(example.deck)[:24]
    assert _series_starters(layout) == {"2♥", "2♣", "3♣", "2♠", "3♠", "4♠", "5♠"}
    for absent in ("2D", "3H", "4C", "6S"):
        assert Card.parse(absent) not in layout
    game = new_game("chain", deck=example.deck)
    assert [cards(game, f) for f in SERIES] == [["2C"], [], ["2H"], ["2S"]]
    played = []
    while any(m.action == "move" for m in game.legal_moves()):
        move = next(m for m in game.legal_moves() if m.action == "move")
        played.append(game.pile(move.src).top.display)  # type: ignore[union-attr]
        game.play(move)
    assert sorted(played) == sorted(["3♣", "3♠", "4♠", "5♠"])


def test_chain_first_layout_many_freed_places_are_filled_from_the_deck() -> None:
    """«Когда эти карты будут отложены в отдельные серии, в раскладе освободится много мест,
    которые следует заполнить другими картами из колоды.»"""
    example = get_example("chain-first-layout")
    game = example.play()
    fills = [s for s in game.history if s.move.action == "fill"]
    into_places = [s for s in fills if s.events[0].dst.startswith("l")]
    assert len(into_places) == 7
    assert all(s.events[0].src == "s" for s in fills)
    assert all(len(game.pile(p).cards) == 1 for p in PLACES_1)
    assert len(game.pile("s").cards) == 28 - len(fills)
    # Two stock cards went straight onto their series, "минуя расклад".
    assert [cards(game, f) for f in SERIES] == [["2C", "3C"], ["2D"], ["2H", "3H"],
                                                 ["2S", "3S", "4S", "5S"]]


def test_chain_first_layout_the_auxiliary_row_is_not_needed_yet() -> None:
    """«Вспомогательный ряд при таком раскладе пока не нужен.»: at the figure's last step a
    card can still go to a series, and play goes on a long while without the auxiliary row."""
    game = get_example("chain-first-layout").play()
    assert game.table.facts["aux_laid"] is False
    assert all(not game.pile(a).cards for a in AUX)
    assert not any(s.move.action == "aux" for s in game.history)
    assert any(m.action not in ("aux", "redeal") for m in game.legal_moves())
    line = 0
    while not game.is_over:
        moves = [m for m in game.legal_moves() if m.action not in ("aux", "redeal")]
        if not moves:
            break
        game.play(next((m for m in moves if m.action == "move"), moves[0]))
        line += 1
    assert line >= 20 and game.table.facts["aux_laid"] is False


def test_chain_first_layout_the_deal_is_shown_card_by_card_then_the_twos_go_up() -> None:
    """«Двойки, которые выпали при раскладе, выкладывают в отдельный ряд над основным
    раскладом.»: the figure's replay deals the 24 cards one by one, the twos in their
    places, and only then sends the twos up."""
    from solitaire_widgets.html_replays import replay_frames

    example = get_example("chain-first-layout")
    game = example.play()
    moves = [e for e in game.opening if e.kind == "move"]
    assert [(e.src, e.dst) for e in moves[:24]] == [("s", p) for p in PLACES_1]
    assert {e.cards[-1].rank for e in moves[24:]} == {2} and len(moves) == 27
    frames = replay_frames(example, 300)
    captions = [caption for _svg, caption in frames]
    assert len(frames) == 24 + 1 + len(example.steps)
    for number, caption in enumerate(captions[:24], start=1):
        assert caption.startswith(f"The deal, card {number} of 24: ")
    assert "the two of spades, row 1, place 2" in captions[1]
    assert captions[24].startswith("«Двойки") and "go up" in captions[24]
    assert captions[25].startswith("Step 1: ")


# -- illegal moves, in a player's words ----------------------------------------------------


def test_illegal_a_card_onto_the_wrong_series() -> None:
    game = chain("2S 3S 2H")
    assert refused(game, "l2>fh") == "the three of spades can only go onto the spades series"


def test_illegal_a_card_out_of_turn_on_its_series() -> None:
    game = chain("2S 5S")
    assert refused(game, "l2>fs") == "the spades series needs the three next, not the five"


def test_illegal_a_card_taken_from_a_series() -> None:
    game = chain("2S 3S")
    assert refused(game, "fs>l1") == "cards on a series stay there"


def test_illegal_a_card_onto_a_layout_place() -> None:
    game = chain(DEAD_LAYOUT)
    assert refused(game, "l1>l2") == "in Chain a card can only go onto its series above the layout"


def test_illegal_a_second_auxiliary_row() -> None:
    game = chain(DEAD_LAYOUT + " 9C 9D 9H 9S")
    game.play("aux")
    assert refused(game, "aux") == "the auxiliary row has been laid already; it is laid only once"


def test_illegal_the_auxiliary_row_when_not_stuck() -> None:
    game = chain("2S 3S")
    assert refused(game, "aux") == "the auxiliary row may be laid only when play is stuck"


def test_illegal_redeal_when_not_stuck() -> None:
    game = chain("2S 3S")
    assert refused(game, "redeal") == (
        "you may gather and deal again only when play is stuck: a card can still go to a "
        "series, or an empty place can be filled from the stock"
    )


def test_illegal_stock_cards_are_taken_with_fill() -> None:
    game = chain("2S 3S")
    assert "fill" in refused(game, "s>fs")
    assert "no empty place" in refused(chain(DEAD_LAYOUT), "fill")


def test_illegal_several_cards_at_once_and_unknown_piles_and_words() -> None:
    game = chain("2S 3S")
    assert refused(game, "l2:2>fs") == "in Chain cards are played one at a time"
    assert refused(game, "zz>fs") == "there is no pile called 'zz' in Chain"
    assert "is not a move in Chain" in refused(game, "turn")


def test_illegal_a_place_outside_the_second_deals_layout() -> None:
    game = redeal_with(chain(DEAD_LAYOUT), "2S 3S")
    assert refused(game, "l20>fs") == "place l20 is not part of this deal's layout"


def test_stacked_deck_helper_from_the_examples_module() -> None:
    """The examples' ``stacked_deck`` puts the named cards first, the rest in pack order."""
    game = new_game("chain", deck=stacked_deck("KH QH"))
    assert cards(game, "l1") == ["KH"] and cards(game, "l2") == ["QH"]
    assert cards(game, "l3") == ["AC"]
    assert cards(game, "fc") == ["2C"]  # AC 2C ... are dealt next: the two goes up


@pytest.mark.parametrize("aux_row", ["when-stuck", "at-start"])
def test_words_every_steps_words_say_what_it_did(aux_row: str) -> None:
    """Over many deals of random play: a card said to go somewhere is there afterwards."""
    import random

    for seed in range(60):
        game = new_game("chain", seed=seed, aux_row=aux_row)
        rng = random.Random(seed)
        while not game.is_over:
            move = rng.choice(game.legal_moves())
            before = game.table.copy()
            text = game.play(move).text
            assert ("the game is won" in text) == game.is_won, text
            if move.action == "fill":
                card = before.piles["s"].cards[-1]
                assert text.startswith(f"fill: {card.name} comes from the stock"), text
                if "straight onto" in text or "to start its series" in text:
                    assert game.pile(f"f{card.suit.lower()}").cards[-1] == card
                else:
                    place = next(p for p in PLACES_1 if game.pile(p).cards == [card])
                    assert game.rules.pile_name(game.table, place) in text
            elif move.action == "aux":
                for place in AUX:
                    assert game.pile(place).cards[-1].name in text
            elif move.action == "move":
                card = before.piles[move.src].cards[-1]
                assert text.startswith(card.name) and game.pile(move.dst).cards[-1] == card


@pytest.mark.parametrize("aux_row", ["when-stuck", "at-start"])
def test_this_solitaire_allows_only_two_deals_so_every_game_ends(aux_row: str) -> None:
    """«Этот пасьянс допускает только два расклада»: every move uses up a card of the stock,
    puts a card on its series for good, or is the one auxiliary row or the one redeal, so a
    game ends within MOVE_BOUND moves (random players, any order of moves)."""
    longest = 0
    for seed in range(300):
        game = new_game("chain", seed=seed, aux_row=aux_row)
        player = RandomStrategy(seed)
        while not game.is_over:
            move = player.choose(game)
            assert move is not None
            game.play(move)
            assert len(game.history) - 1 <= MOVE_BOUND, seed
        longest = max(longest, len(game.history) - 1)
    assert longest > MOVE_BOUND // 2
