"""Quarrel's rules, sentence by sentence of the Russian text, on stacked decks.

Each test is named after the sentence it checks (an English slug) and quotes
it in its docstring; then come the readings of the chapter's "Where the text is
unclear" (``book/texts/quarrel_unclear.md``), the steps of its rules in order,
illegal moves, words, examples and the random-play invariants.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from solitaire_widgets import IllegalMoveError, OptionError, load_game, new_game
from solitaire_widgets.cards import CARD, CODE, Card, full_deck, parse_cards
from solitaire_widgets.examples import Example
from solitaire_widgets.game import Game
from solitaire_widgets.games.quarrel import (
    FOUNDATIONS,
    LEFT,
    MOVE_BOUND,
    RIGHT,
    ROWS,
    VOID_DEAL_MOVES,
    needs,
)
from solitaire_widgets.moves import Move
from solitaire_widgets.strategies import RandomStrategy

FULL = Counter(full_deck(2))


def no_hit(cards: list[Card], named: int) -> list[Card]:
    """``cards`` in dealing order so that none is named correctly, the count going on
    from ``named`` (as long as every card goes to the rows)."""
    rest = list(cards)
    order: list[Card] = []
    count = named
    while rest:
        count = count % 13 + 1
        pool = Counter(c.rank for c in rest if c.rank != count)
        if not pool:
            order.extend(rest)
            break
        rank = max(pool, key=lambda r: (pool[r], r))
        card = next(c for c in rest if c.rank == rank)
        rest.remove(card)
        order.append(card)
    return order


def stacked(first: str, named: int = 0) -> str:
    """Two packs: ``first``, then the rest so that no later card dealt to the rows
    is named correctly (counting on from ``named``, the last rank named before it)."""
    chosen = parse_cards(first)
    rest = full_deck(2)
    for card in chosen:
        rest.remove(card)
    return " ".join(str(c) for c in chosen + no_hit(rest, named))


def rig(game: Game, *tops: str, named: int = 0) -> None:
    """Stack the game's next reshuffles: the k-th puts ``tops[k]`` on top (dealt
    first), the rest below it with no card named correctly after ``tops[k]`` is
    dealt to the rows (counting on from ``named``)."""
    queue = [parse_cards(top) for top in tops]

    def shuffle(cards):
        top = queue.pop(0)
        rest = list(cards)
        for card in top:
            rest.remove(card)
        return list(reversed(top + no_hit(rest, named)))

    # A private hook: where a game draws the order of a reshuffle played now (on
    # the game's model, the model's shuffler, which draws from the codes).
    game._fresh_shuffle = shuffle  # type: ignore[method-assign]
    if game._model is not None:
        game._model.shuffler = lambda codes, number: [
            CODE[card] for card in shuffle([CARD[code] for code in codes])]


def game_of(first: str, named: int = 0, **options: str) -> Game:
    # The seed fixes the reshuffles' orders.
    return new_game("quarrel", seed=0, deck=stacked(first, named), **options)


def play(game: Game, *moves: str) -> None:
    for move in moves:
        game.play(move)


def cards(game: Game, pile: str) -> list[str]:
    return [str(c) for c in game.pile(pile).cards]


def kept(game: Game) -> bool:
    return Counter(game.table.cards()) == FULL


# The text's own opening: "ace, two, three, four" meet nothing, "five" meets a five.
FIVES = "9H 5D 6C 5S 5C 5H 4D 5C 7S 5D"


def fives() -> Game:
    """Base five found at the fifth card; five auxiliary cards down; 5C waits in h."""
    game = game_of(FIVES, named=5)
    play(game, *["deal"] * 5)
    return game


# An ace found at once: base ace, one auxiliary card (the king of diamonds).
ACES = "AC KD"


def aces(first: str = "", named: int = 1, **options: str) -> Game:
    """Base ace at the first card, its single auxiliary card, the ace put right."""
    game = game_of(f"{ACES} {first}", named=named, **options)
    play(game, "deal", "h>rc")
    return game


QUIET_TO_KING = "KS KS QS QS JS JS TS TS 9S 9S 8S 8S"  # named two .. king, none hit


# -- The text, sentence by sentence ------------------------------------------------


def test_cards_are_taken_from_the_deck_one_at_a_time() -> None:
    """«Из колоды берут карты по одной.»"""
    game = game_of("9H 5D")
    assert game.legal_moves() == [game.legal_moves()[0]] and str(game.legal_moves()[0]) == "deal"
    step = game.play("deal")
    assert cards(game, "r1") == ["9H"] and len(game.pile("s").cards) == 103
    assert [e.cards for e in step.events if e.kind == "move"] == [(Card.parse("9H"),)]


def test_the_player_counts_ace_two_three_four() -> None:
    """«В это время игрок должен перечислять: туз, двойка, тройка, четверка…»"""
    game = game_of("9H 5D 6C 7S")
    named = []
    for _ in range(4):
        game.play("deal")
        named.append(game.table.facts["count"])
    assert named == [1, 2, 3, 4]
    assert "two, three, four" in game.status


def test_cards_go_face_up_in_one_row_until_one_is_named_correctly() -> None:
    """«Карты выкладывают в один ряд картинкой вверх до тех пор, пока какая-либо из карт не
    будет названа правильно.»"""
    game = game_of(FIVES, named=5)
    play(game, *["deal"] * 4)
    for i in range(1, 5):
        pile = game.pile(f"r{i}")
        assert pile.kind == "tableau" and pile.face_up(0) and len(pile.cards) == 1
    assert game.table.facts["phase"] == "search" and not game.table.facts["hit"]
    game.play("deal")
    assert game.table.facts["hit"] and game.table.facts["phase"] == "base"


def test_saying_five_when_a_five_turns_up_stops_the_count_and_fives_become_base_cards() -> None:
    """«Например, если вдруг, когда вы сказали «пятерка», из колоды действительно выпала
    пятерка, перечисление прекращается, а пятерки, в свою очередь, становятся базовыми картами
    для восьми серий.»"""
    game = fives()
    assert game.table.facts["base"] == 5 and game.table.facts["count"] == 5
    assert not game.is_legal("deal")
    with pytest.raises(IllegalMoveError, match="named correctly and waits"):
        game.play("deal")
    assert "FIVE!" in game.status


def test_the_five_is_taken_out_of_the_row_and_put_aside() -> None:
    """«Пятерку вынимают из ряда и откладывают в сторону.»"""
    game = fives()
    assert cards(game, "h") == ["5C"] and cards(game, "r5") == []
    assert cards(game, "r1") == ["9H"]  # the rows stay


def test_all_fives_are_laid_four_on_each_half_one_of_each_suit() -> None:
    """«В ходе игры из расклада удаляют все пятерки и выкладывают их по четыре каждой масти на
    правой и левой половинах игрового поля.»"""
    game = fives()
    play(game, "h>rc", "r2>ld", "r4>rs", "a1>rh", "a3>lc", "a5>rd")
    for fid in FOUNDATIONS:
        if game.pile(fid).cards:
            assert game.pile(fid).cards[0].rank == 5
            assert game.pile(fid).cards[0].suit == fid[1].upper()
    assert {f for f in FOUNDATIONS if game.pile(f).cards} == set(FOUNDATIONS) - {"lh", "ls"}


def test_right_fives_build_up_and_left_fives_build_down() -> None:
    """«На тех пятерках, которые лежат на правой половине поля, строят серии по возрастающей, а
    на пятерках, лежащих слева, — по убывающей.»"""
    game = fives()
    play(game, "h>rc", "r2>ld", "a5>rd")
    assert game.is_legal("r3>rc")  # six onto five, right: up
    assert game.is_legal("a2>ld")  # four onto five, left: down
    assert not game.is_legal("a2>rd")
    with pytest.raises(IllegalMoveError, match="builds up"):
        game.play("a2>rd")


def test_a_won_game_has_right_series_turned_away_from_left_series() -> None:
    """«Если пасьянс получится, окажется, что серии правой половины поля как бы отвернулись от
    серий левой половины.»"""
    game = new_game("quarrel", seed=next(s for s in range(200) if _wins(s)))
    _play_advice(game)
    assert game.is_won and "turned their backs" in game.result.reason
    base = game.table.facts["base"]
    assert isinstance(base, int)
    for fid in RIGHT:
        ranks = [c.rank for c in game.pile(fid).cards]
        assert ranks[0] == base and ranks[-1] == (base - 2) % 13 + 1 and len(ranks) == 13
    for fid in LEFT:
        ranks = [c.rank for c in game.pile(fid).cards]
        assert ranks[0] == base and ranks[-1] == base % 13 + 1 and len(ranks) == 13
    assert not game.legal_moves()


def test_a_quarrel_of_sorts_names_the_game() -> None:
    """«Своеобразная ссора.»"""
    game = new_game("quarrel", seed=0)
    assert game.rules.title == "Quarrel" and game.rules.packs == 2 and len(game.deck) == 104


def test_a_base_five_brings_five_auxiliary_cards_below_the_layout() -> None:
    """«Так как базовой по воле случая оказалась пятерка, то из колоды вынимают пять
    вспомогательных карт и выкладывают их в один ряд под общим раскладом.»"""
    game = fives()
    assert [cards(game, f"a{i}") for i in range(1, 7)] == [["5H"], ["4D"], ["5C"], ["7S"], ["5D"], []]
    assert game.table.facts["aux"] == 5
    assert cards(game, "r1") == ["9H"]  # under the layout, which stays


def test_a_base_ten_would_bring_ten_auxiliary_cards() -> None:
    """«Соответственно, если бы в начале игры правильно названной картой оказалась десятка, то
    вспомогательных карт было бы десять, а базовыми стали бы все десятки.»"""
    game = game_of("KC KC QC QC JC JC 9C 9C 8C TH", named=10)
    play(game, *["deal"] * 10)
    assert game.table.facts["base"] == 10 and game.table.facts["aux"] == 10
    assert all(game.pile(f"a{i}").cards for i in range(1, 11))
    assert not game.pile("a11").cards


def test_the_half_for_a_base_card_is_the_players_choice() -> None:
    """«Выбор, куда лучше положить базовую карту — на правую половину или же на левую, зависит
    от расклада.»"""
    game = fives()
    assert sorted(map(str, game.legal_moves())) == ["h>lc", "h>rc"]
    left = game.clone()
    left.play("h>lc")
    game.play("h>rc")
    assert cards(left, "lc") == cards(game, "rc") == ["5C"]


THREE_OF_SPADES = "2H KD 3S 4S 9C 5S 3H 7D QC 3S 6S"


def test_suppose_the_base_card_is_the_three_of_spades() -> None:
    """«Допустим, базовой картой стала пиковая тройка.»"""
    game = game_of(THREE_OF_SPADES, named=5)
    play(game, "deal", "deal", "deal")
    assert game.table.facts["base"] == 3 and cards(game, "h") == ["3S"]


def test_study_the_layout_and_the_auxiliary_cards_before_choosing() -> None:
    """«Следует внимательно изучить весь расклад, а также все пять вспомогательных карт.»

    The auxiliary cards are down before the choice; a three brings three of them, not five
    (the text's "five" is a slip carried over from its first example).
    """
    game = game_of(THREE_OF_SPADES, named=5)
    play(game, "deal", "deal", "deal")
    assert game.table.facts["phase"] == "base"
    assert [cards(game, f"a{i}") for i in range(1, 5)] == [["4S"], ["9C"], ["5S"], []]


def test_with_the_four_or_five_of_spades_in_sight_the_three_goes_right() -> None:
    """«Если среди этих карт есть четверка или еще, что вообще хорошо, пятерка пик, тройку,
    естественно, перемещают на правую половину, так как именно правые серии строятся по
    возрастающему принципу и четверку и пятерку можно будет сразу подключить к этой серии.»"""
    game = game_of(THREE_OF_SPADES, named=5)
    play(game, "deal", "deal", "deal", "h>rs")
    assert game.is_legal("a1>rs")
    play(game, "a1>rs", "a3>rs")
    assert cards(game, "rs") == ["3S", "4S", "5S"]


def test_free_places_get_new_cards_from_the_deck() -> None:
    """«На те места, которые стали свободными, кладут новые карты из колоды.»"""
    game = game_of(THREE_OF_SPADES, named=5)
    play(game, "deal", "deal", "deal", "h>rs", "a1>rs")
    assert cards(game, "a1") == ["3H"]
    play(game, "a3>rs")
    assert cards(game, "a3") == ["7D"]


def test_another_three_is_placed_the_same_way() -> None:
    """«Если снова появится тройка, вопрос, куда ее положить, решается точно так же, как было
    описано выше.»"""
    game = game_of(THREE_OF_SPADES, named=5)
    play(game, "deal", "deal", "deal", "h>rs", "a1>rs", "a3>rs")
    assert {str(m) for m in game.legal_moves() if m.src == "a1"} == {"a1>lh", "a1>rh"}
    play(game, "a1>lh", "r1>lh", "deal")
    # The second three of spades: its right-hand place is taken.
    assert [str(m) for m in game.legal_moves() if m.src == "r4"] == ["r4>ls"]


def test_at_a_dead_end_cards_are_laid_out_from_the_deck() -> None:
    """«Если игра зашла в тупик, продолжают выкладывать карты из колоды.»

    Under ``deal="when-stuck"`` the sentence is a rule: dealing on is legal only once
    no card can go to a series. (The default reading is the next test.)"""
    game = game_of(FIVES, named=5, deal="when-stuck")
    play(game, *["deal"] * 5, "h>rc")
    assert not game.is_legal("deal") and "r3>rc" in {str(m) for m in game.legal_moves()}
    before = game.table.copy()
    with pytest.raises(IllegalMoveError, match="only when no card can go to a series"):
        game.play("deal")
    assert game.table == before
    while any(m.action == "move" for m in game.legal_moves()):
        game.play(next(m for m in game.legal_moves() if m.action == "move"))
    # The dead end: nothing can go up, and now the cards are laid out from the deck.
    assert game.legal_moves() == [Move("deal")]
    game.play("deal")
    assert game.pile("r6").cards and game.table.facts["count"] == 6


def test_reading_deal_any_time_dealing_stays_legal_while_plays_remain() -> None:
    """The default reading of «Если игра зашла в тупик…»: the sentence tells the order of
    play, and the player may deal on whenever a card is left in the stock."""
    game = fives()
    play(game, "h>lc")
    assert game.options["deal"] == "any-time"
    assert game.is_legal("deal") and len(game.legal_moves()) > 1
    game.play("deal")
    assert cards(game, "r6") and game.table.facts["count"] == 6


def test_after_thirteen_cards_a_new_row_begins() -> None:
    """«Но когда число карт в ряду достигает тринадцати, начинают составлять следующий ряд.»"""
    game = game_of("9H 9H 8H 8H 7H 7H 6H 6H 4H 4H 3H 3H 2H 2H")
    play(game, *["deal"] * 14)
    assert game.rules.pile_name(game.table, "r13") == "row 1, place 13"
    assert game.rules.pile_name(game.table, "r14") == "row 2, place 1"
    assert cards(game, "r14") == ["2H"]
    assert "row 2, place 1" in game.history[-1].text


def test_a_row_is_thirteen_places_dealt_and_its_gaps_are_not_refilled() -> None:
    """«…когда число карт в ряду достигает тринадцати…»: our reading counts the places
    dealt in the row, not the cards left in it, so a card that leaves the row does not
    make room for another."""
    game = fives()
    play(game, "h>rc", "r3>rc", "r2>ld", "r4>rs")  # three cards leave the first row
    while int(game.table.facts["dealt"] or 0) < 13:
        game.play("deal")
    assert sum(bool(game.pile(f"r{i}").cards) for i in range(1, 14)) < 13
    step = game.play("deal")
    assert game.table.facts["dealt"] == 14 and game.pile("r14").cards
    assert "row 2, place 1" in step.text
    assert not game.pile("r3").cards


def test_the_count_runs_ace_to_king_and_again_from_ace() -> None:
    """«Выкладывая одну за другой карты из колоды, не стоит забывать постоянно перечислять
    названия от туза до короля, начиная затем опять с туза.»"""
    game = game_of("9H 9H 8H 8H 7H 7H 6H 6H 4H 4H 3H 3H 2H AH")
    play(game, *["deal"] * 13)
    assert game.table.facts["count"] == 13
    game.play("deal")  # 'ace' again: and the ace of hearts is a hit
    assert game.table.facts["count"] == 1 and game.table.facts["base"] == 1


def test_a_correctly_named_card_gathers_and_shuffles_the_whole_layout() -> None:
    """«Когда появляется правильно названная карта, весь расклад, в том числе и
    вспомогательные ряды, собирают в колоду и перетасовывают.»"""
    game = aces("5H 3S", named=3)
    play(game, "deal")
    step = game.play("deal")  # 'three!': the three of spades
    assert [e.kind for e in step.events].count("shuffle") == 1
    assert not any(game.pile(f"r{i}").cards for i in range(1, 105))
    assert game.table.facts["round"] == 2 and game.table.facts["dealt"] == 0
    assert [bool(game.pile(f"a{i}").cards) for i in range(1, 5)] == [True, True, True, False]
    assert len(game.pile("s").cards) == 104 - 1 - 3 and kept(game)


def test_series_already_built_are_not_touched() -> None:
    """«Те серии, которые уже построены на пятерках, не трогают.»"""
    game = aces("5H 3S", named=3)
    play(game, "deal", "deal")
    assert cards(game, "rc") == ["AC"]


def test_no_card_moves_between_the_right_and_the_left_half() -> None:
    """«Также нельзя менять местами карты возрастающей серии на карты убывающей серии (и
    наоборот), одним словом, запрещается перемещать карты с правого поля на левое или с
    левого на правое.»"""
    game = fives()
    play(game, "h>rc")
    before = game.table.copy()
    for move in ("rc>lc", "rc>ld"):
        with pytest.raises(IllegalMoveError, match="one half to the other"):
            game.play(move)
    with pytest.raises(IllegalMoveError, match="stays there"):
        game.play("rc>rd")
    assert game.table == before


def test_then_the_cards_are_laid_out_again() -> None:
    """«Далее карты заново выкладывают из колоды.»"""
    game = aces("5H 3S", named=3)
    rig(game, "KS QS JS 9H", named=4)  # three auxiliary cards, then 'four': the nine of hearts
    play(game, "deal", "deal", "deal")
    assert cards(game, "r1") == ["9H"] and not game.pile("r2").cards


def test_a_nine_named_correctly_brings_nine_auxiliary_cards() -> None:
    """«Допустим, верно названной картой оказалась девятка.» «Следовательно, в этом туре
    вспомогательный ряд будет включать в себя девять карт.»"""
    game = aces("KS KS QS QS JS JS TS 9S", named=9)
    play(game, *["deal"] * 8)
    assert game.table.facts["aux"] == 9 and game.table.facts["round"] == 2
    assert [bool(game.pile(f"a{i}").cards) for i in range(1, 11)] == [True] * 9 + [False]


def test_an_auxiliary_card_that_fits_goes_to_its_series_and_is_replaced() -> None:
    """«Если же какой-либо из них можно будет достроить одну из серий, ее вынимают из расклада
    и отправляют в соответствующую серию, а на ее место кладут новую карту.»"""
    game = fives()
    play(game, "h>rc", "r2>ld", "a2>ld")
    assert cards(game, "ld") == ["5D", "4D"]
    assert game.pile("a2").cards  # refilled at once, without counting
    assert game.table.facts["count"] == 5


def test_an_ace_named_correctly_brings_a_single_auxiliary_card() -> None:
    """«В случае если верно названной картой оказывается туз, значит, вспомогательный ряд
    состоит всего лишь из одной карты.»"""
    game = aces(QUIET_TO_KING + " AH", named=1)
    play(game, *["deal"] * 13)  # 'two' .. 'king', then 'ace!' with the ace of hearts
    assert game.table.facts["phase"] == "hit"  # a base card with two free halves
    game.play("h>rh")
    assert game.table.facts["aux"] == 1 and game.table.facts["round"] == 2
    assert game.pile("a1").cards and not game.pile("a2").cards


def test_the_next_round_lays_cards_in_a_row_or_rows() -> None:
    """«В следующем туре карты снова выкладывают в ряд или же в ряды, в зависимости от их
    количества.»"""
    game = aces("5H 3S", named=3)
    rig(game, "KS QS JS", named=3)
    play(game, "deal", "deal", *["deal"] * 14)
    assert game.table.facts["round"] == 2
    assert game.pile("r14").cards and game.table.facts["dealt"] == 14


def test_the_series_go_on_being_built() -> None:
    """«Серии продолжают достраиваться.»"""
    game = aces("5H 3S", named=3)
    rig(game, "KS QS JS 9H 2C", named=5)  # aux, then 'four': 9H, 'five': 2C
    play(game, "deal", "deal", "deal", "deal")
    assert game.table.facts["round"] == 2 and cards(game, "r2") == ["2C"]
    game.play("r2>rc")
    assert cards(game, "rc") == ["AC", "2C"]


def test_a_card_named_correctly_interrupts_the_game_again() -> None:
    """«Если же очередная карта названа правильно, игра снова прерывается.»

    The round ends at once: the two of clubs could still go onto the ace of
    clubs, but the hit comes first and it is gathered with the rest.
    """
    game = game_of("AC 2C 3H 3S", named=3)  # 'ace!' AC; aux 2C; 'two' 3H; 'three!' 3S
    play(game, "deal", "h>rc", "deal")
    assert game.is_legal("a1>rc")
    game.play("deal")
    assert cards(game, "rc") == ["AC"] and game.table.facts["round"] == 2


def test_and_so_on_until_the_deck_is_used_up() -> None:
    """«И так далее до тех пор, пока колода не закончится.»"""
    game = aces("5H 3S", named=3)
    rig(game, "KS QS JS 4H", "QS JS TS KS 5D", named=5)  # 'four!', then 'five!'
    play(game, "deal", "deal")
    assert game.table.facts["round"] == 2 and game.table.facts["uses"] == 2
    _finish_round(game)
    assert game.table.facts["round"] == 3 and game.table.facts["uses"] == 1
    _finish_round(game)
    assert game.is_over and "three times" in game.result.reason


def test_eight_fives_lie_in_their_places_after_a_successful_first_round() -> None:
    """«Как раз такая ситуация и показана на рисунке Все восемь пятерок уже собраны и лежат на
    своих местах.» «Как видно, первый тур был довольно-таки удачным.»"""
    game = load_game(_at(27))
    assert sum(1 for f in FOUNDATIONS for c in game.pile(f).cards if c.rank == 5) == 8
    assert cards(game, "rc") == ["5C", "6C"]
    assert sum(len(game.pile(f).cards) for f in FOUNDATIONS) > 8


def test_a_three_named_at_the_second_layout_brings_three_auxiliary_cards() -> None:
    """«При втором раскладе правильно была названа тройка.» «Следовательно, из колоды
    выбирают три вспомогательные карты.»"""
    game = load_game(_at(28))
    assert game.table.facts["round"] == 2 and game.table.facts["aux"] == 3
    assert [cards(game, f"a{i}") for i in range(1, 5)] == [["9D"], ["7C"], ["KC"], []]
    assert game.table.facts["count"] == 3


def test_the_auxiliary_cards_are_taken_from_the_deck_not_picked() -> None:
    """«…из колоды выбирают три вспомогательные карты.»: *выбирают* read as "take": the
    auxiliary cards are the top cards of the shuffled stock, in order, with no choice."""
    game = aces("5H 3S", named=3)
    play(game, "deal")
    step = game.play("deal")  # 'three!' ends the round
    shuffled = next(e for e in step.events if e.kind == "shuffle").cards
    assert [cards(game, f"a{i}") for i in range(1, 4)] == [[str(c)] for c in shuffled[:-4:-1]]
    assert game.legal_moves() and all(m.action in ("deal", "move") for m in game.legal_moves())
    assert all(m.src != "s" for m in game.legal_moves())


def test_look_whether_any_series_can_be_built_in_the_new_layout() -> None:
    """«Теперь внимательно посмотрите, можно ли в этом раскладе строить какую-либо из серий.»"""
    game = load_game(_at(28))
    assert [str(m) for m in game.legal_moves()] == ["a2>rc", "deal"]


def test_the_seven_of_clubs_goes_onto_the_six_of_clubs_on_the_right() -> None:
    """«Например, семерку треф перекладывают на шестерку треф, которая находится на правой
    половине.»"""
    game = load_game(_at(28))
    assert game.describe("a2>rc").startswith(
        "the seven of clubs goes onto the six of clubs, right half")
    game.play("a2>rc")
    assert cards(game, "rc") == ["5C", "6C", "7C"]


def test_a_new_card_takes_the_place_of_the_seven() -> None:
    """«А вместо ушедшей семерки во вспомогательный ряд выкладывают новую карту.»"""
    game = load_game(_at(29))
    assert cards(game, "a2") == ["QH"]


def test_when_moves_are_exhausted_the_count_goes_on_from_where_it_stopped() -> None:
    """«Если все ходы исчерпаны, следует продолжать снимать из колоды карты и перечислять
    названия в возрастающем порядке (начиная с того места, на котором вы остановились):
    четверка, пятерка, шестерка, семерка, восьмерка, девятка, десятка, валет, дама, король,
    туз, двойка, тройка… и так до тех пор, пока не появится верно названная карта.»"""
    game = load_game(_at(29))
    game.play("deal")
    assert game.table.facts["count"] == 4 and "'four'" in game.history[-1].text


def test_a_two_named_correctly_leaves_two_auxiliary_cards() -> None:
    """«Ею может оказаться и двойка.» «В этом случае, после того, как весь расклад будет снова
    собран (исключая базовые карты и построенные на них серии), на столе останутся две
    вспомогательные карты.»"""
    game = load_game(_at(48))
    assert game.table.facts["round"] == 3 and game.table.facts["aux"] == 2
    assert [cards(game, f"a{i}") for i in range(1, 4)] == [["3H"], ["8C"], []]
    assert "TWO!" in game.status


def test_the_deck_may_be_used_only_three_times() -> None:
    """«Колоду можно использовать только три раза.»"""
    game = aces("5H 3S", named=3)
    assert game.table.facts["round"] == 1 and game.table.facts["uses"] == 3
    assert "Round 1 of 3" in game.status


def test_if_it_has_not_come_out_after_that_you_have_lost() -> None:
    """«Если после этого пасьянс не получился, значит, вы проиграли.»"""
    game = aces("5H 3S", named=3)
    play(game, "deal", "deal")
    _finish_round(game)
    _finish_round(game)
    assert game.is_over and not game.is_won and not game.legal_moves()
    assert game.status.startswith("Lost: the third round is over")


def test_if_no_card_is_named_correctly_the_deal_starts_over() -> None:
    """«Если вдруг случится (что бывает крайне редко); что при начальном раскладе ни одна карта
    не была правильно названа, следует собрать карты в колоду и начать пасьянс заново.»"""
    game = game_of("", named=0)
    for _ in range(103):
        game.play("deal")
    # The preview names no hidden card; the step's own words tell what happened.
    assert game.describe("deal") == "deal the next card to the rows, naming 'king'"
    step = game.play("deal")
    assert "void" in step.text
    assert [e.kind for e in step.events].count("shuffle") == 1
    facts = game.table.facts
    assert facts["count"] == 0 and facts["dealt"] == 0 and facts["base"] == 0
    assert facts["round"] == 1 and facts["uses"] == 3 and facts["phase"] == "search"
    assert len(game.pile("s").cards) == 104 and game.legal_moves() == [game.legal_moves()[0]]


# -- The readings (book/texts/quarrel_unclear.md) -------------------------------------


def test_reading_the_defaults_are_the_books_readings() -> None:
    game = new_game("quarrel", seed=1)
    assert game.options == {"deal": "any-time", "hit_card": "to-series"}


def test_reading_three_rounds_in_all_there_is_no_stock_runs_option() -> None:
    """The other reading of «Колоду можно использовать только три раза» (only a stock that
    runs out uses the deck) cannot be lost, so it is not offered: see the next test."""
    with pytest.raises(OptionError, match="deck_uses"):
        new_game("quarrel", seed=1, deck_uses="stock-runs")


@pytest.mark.parametrize("options", [{}, {"deal": "when-stuck"}, {"hit_card": "gathered"}],
                         ids=str)
def test_reading_the_stock_never_runs_out_with_nothing_to_play(options: dict[str, str]) -> None:
    """The proof on the page: with the stock out, every card off the series is in sight, and
    each unfinished series' next card is among them (two packs hold two of each card; the
    other series of its suit can hold only one). Checked at every step of random play."""
    from solitaire_widgets.games.quarrel.strategies import TextAdvice

    advice = TextAdvice()
    emptied = won_after = 0
    for seed in range(80):
        game = new_game("quarrel", seed=seed, **options)
        rng = random.Random(seed)
        # Random play on odd deals, the text's advice on even ones, random after the run-out.
        while not game.is_over:
            facts = game.table.facts
            if facts["base"]:
                # The lemma, at every step: each unfinished series' next card is off the series.
                off = Counter(c for p in game.table.piles.values() if p.kind != "foundation"
                              for c in p.cards)
                for fid in FOUNDATIONS:
                    need = needs(game.pile(fid).cards, fid in RIGHT, int(facts["base"]))
                    assert not need or off[Card(need, fid[1].upper())] > 0
            if facts["phase"] == "play" and not game.pile("s").cards:
                emptied += 1
                assert any(m.action == "move" for m in game.legal_moves())
                rnd = facts["round"]
                while not game.is_over:
                    game.play(rng.choice(game.legal_moves()))
                    assert game.table.facts["round"] == rnd
                won_after += game.is_won
                break
            move = rng.choice(game.legal_moves()) if seed % 2 else advice.choose(game)
            assert move is not None
            game.play(move)
    assert emptied > 0 and won_after == emptied


def test_reading_a_later_hit_card_is_gathered_under_the_other_reading() -> None:
    """«Когда появляется правильно названная карта, весь расклад … собирают в колоду»: the
    text gathers the layout; under ``hit_card="gathered"`` the hit card goes with it even
    when it fits a series."""
    for hit_card, on_series in (("to-series", ["AC", "2C"]), ("gathered", ["AC"])):
        game = aces("2C", named=2, hit_card=hit_card)  # 'two!' meets the two of clubs
        step = game.play("deal")
        assert cards(game, "rc") == on_series and game.table.facts["round"] == 2
        assert kept(game)
        assert ("gathered with the rest" in step.text) == (hit_card == "gathered")


def test_reading_the_first_hit_does_not_end_the_round() -> None:
    game = fives()
    assert game.table.facts["round"] == 1 and cards(game, "r1") == ["9H"]
    assert not any(e.kind == "shuffle" for step in game.history for e in step.events)


def test_reading_the_count_never_restarts_after_a_gather() -> None:
    game = aces("5H 3S", named=3)
    rig(game, "KS QS JS 9H", named=4)
    play(game, "deal", "deal")
    assert game.table.facts["count"] == 3
    assert game.describe("deal") == "deal the next card to the rows, naming 'four'"
    assert game.play("deal").text.startswith("deal: 'four' — the nine of hearts")
    assert game.table.facts["count"] == 4


def test_reading_a_new_round_lays_its_auxiliary_row_first_then_counts_on() -> None:
    """Unclear-text page, "The order of a new round": after a later hit the layout is
    gathered and shuffled, the new round's auxiliary row (as many cards as the hit rank) is
    laid at once from the top of the shuffled deck without counting, and only then are the
    rows dealt, the count going on from the rank after the hit."""
    game = aces("5H 3S", named=3)
    rig(game, "KS QS JS 9H", named=4)
    game.play("deal")
    step = game.play("deal")  # 'three!' meets the three of spades
    assert any(e.kind == "shuffle" for e in step.events)
    assert [cards(game, f"a{i}") for i in range(1, 5)] == [["KS"], ["QS"], ["JS"], []]
    assert all(not game.pile(row).cards for row in ROWS)
    assert game.table.facts["dealt"] == 0 and game.table.facts["count"] == 3
    assert cards(game, "rc") == ["AC"] and kept(game)
    game.play("deal")
    assert cards(game, "r1") == ["9H"]


def test_reading_a_row_gap_is_not_refilled_but_an_auxiliary_gap_is() -> None:
    game = fives()
    play(game, "h>rc", "r3>rc", "a1>rh")
    assert cards(game, "r3") == [] and game.pile("a1").cards
    game.play("deal")
    assert cards(game, "r3") == [] and game.pile("r6").cards


def test_reading_a_later_hit_ends_the_round_before_any_play() -> None:
    game = game_of("AC 2C 3H 3S", named=3)
    play(game, "deal", "h>rc", "deal", "deal")
    assert cards(game, "rc") == ["AC"] and game.table.facts["round"] == 2


# -- The rules, step by step ------------------------------------------------------------


def test_step1_deal_naming_the_next_rank_a_match_is_a_hit() -> None:
    game = game_of("9H 2S")
    game.play("deal")
    assert game.table.facts["hit"] is False
    assert game.play("deal").text == "deal: 'two!' — the two of spades is a hit: the twos become the base cards; it is set aside and 2 auxiliary cards are dealt"


def test_step2_first_hit_fixes_base_rank_and_deals_n_auxiliary_cards() -> None:
    game = fives()
    facts = game.table.facts
    assert (facts["base"], facts["aux"], facts["phase"], facts["round"]) == (5, 5, "base", 1)


def test_step3_second_base_card_of_a_suit_goes_to_the_other_half() -> None:
    game = fives()
    play(game, "h>rc")
    assert [str(m) for m in game.legal_moves() if m.src == "a3"] == ["a3>lc"]
    before = game.table.copy()
    with pytest.raises(IllegalMoveError, match="goes to the left half"):
        game.play("a3>rc")
    assert game.table == before


def test_step4_any_available_next_card_may_be_played() -> None:
    game = fives()
    play(game, "h>rc", "r2>ld")
    moves = {str(m) for m in game.legal_moves()}
    assert {"r3>rc", "a2>ld", "r4>ls", "r4>rs", "deal"} <= moves


def test_step5_deal_on_continuing_the_count() -> None:
    game = fives()
    play(game, "h>rc", "deal")
    assert game.table.facts["count"] == 6


def test_step6_a_later_hit_card_that_fits_goes_to_its_series_by_itself() -> None:
    game = aces("2C", named=2)
    step = game.play("deal")  # 'two!': the two of clubs fits onto the ace of clubs
    assert cards(game, "rc") == ["AC", "2C"]
    assert "it goes onto the ace of clubs" in step.text
    assert game.table.facts["round"] == 2 and game.table.facts["aux"] == 2


def test_step6_a_later_hit_card_that_fits_two_series_waits_for_a_choice() -> None:
    game = aces(QUIET_TO_KING + " AH", named=1)
    play(game, *["deal"] * 13)
    assert sorted(str(m) for m in game.legal_moves()) == ["h>lh", "h>rh"]
    assert "fits both halves" in game.status
    with pytest.raises(IllegalMoveError):
        game.play("deal")
    game.play("h>lh")
    assert cards(game, "lh") == ["AH"] and game.table.facts["round"] == 2


def test_step7_with_the_stock_out_every_card_is_in_sight_and_play_runs_to_a_win() -> None:
    """When the stock runs out with no hit, every card off the series is in sight, and
    each series' next card is always among them: the round plays out to a win."""
    game = game_of("AH KD", named=1)
    play(game, "deal", "h>rh")
    while game.is_legal("deal"):
        game.play("deal")
        assert not game.table.facts["hit"]
    assert not game.pile("s").cards and game.table.facts["round"] == 1
    while not game.is_over:
        game.play(game.legal_moves()[0])
        assert game.table.facts["round"] == 1
    assert game.is_won


def test_step8_three_rounds_then_lost() -> None:
    game = aces("5H 3S", named=3)
    play(game, "deal", "deal")
    _finish_round(game)
    assert game.table.facts["round"] == 3
    _finish_round(game)
    assert game.is_over and not game.is_won


def test_step9_won_when_all_104_cards_are_on_the_series() -> None:
    seed = next(s for s in range(200) if _wins(s))
    game = new_game("quarrel", seed=seed)
    _play_advice(game)
    assert game.is_won and sum(len(game.pile(f).cards) for f in FOUNDATIONS) == 104


def test_step10_a_void_first_pass_is_not_a_round() -> None:
    game = game_of("", named=0)
    for _ in range(104):
        game.play("deal")
    assert game.table.facts["round"] == 1 and game.table.facts["uses"] == 3 and kept(game)


# -- Illegal moves: a reason in a player's words, and nothing changes ---------------


@pytest.mark.parametrize(("move", "reason"), [
    ("deal", "waits to one side"),
    ("r1>rh", "waits to one side"),
    ("h>rd", "can only go onto a clubs series"),
    ("h>a6", "can only go onto a series"),
    ("s>rc", "only with 'deal'"),
    ("r5>rc", "is empty"),
    ("x9>rc", "no pile called 'x9'"),
    ("turn", "not a move in Quarrel"),
    ("h:2>rc", "one at a time"),
])
def test_illegal_while_the_base_card_waits(move: str, reason: str) -> None:
    game = fives()
    before = game.table.copy()
    with pytest.raises(IllegalMoveError, match=reason):
        game.play(move)
    assert game.table == before and not game.is_legal(move)


@pytest.mark.parametrize(("move", "reason"), [
    ("r1>rh", "series starts only with a base card"),
    ("a4>rs", "needs the six next, not the seven"),
    ("a2>rd", "builds up"),
    ("a3>rc", "already has its base card"),
    ("rc>lc", "one half to the other"),
])
def test_illegal_plays(move: str, reason: str) -> None:
    game = fives()
    play(game, "h>rc", "r4>rs", "r2>rd")
    before = game.table.copy()
    with pytest.raises(IllegalMoveError, match=reason):
        game.play(move)
    assert game.table == before


def test_illegal_before_the_base_rank_is_known() -> None:
    game = game_of("9H 9H")
    game.play("deal")
    with pytest.raises(IllegalMoveError, match="no base rank yet"):
        game.play("r1>rh")


def test_illegal_third_base_card_of_a_suit() -> None:
    game = fives()
    play(game, "h>rc", "a3>lc")
    table = game.table.copy()
    table.piles["r1"].cards = [Card.parse("5C")]  # as if a third five of clubs were dealt
    reason = game.rules.why_illegal(table, Move("move", "r1", "rc"))
    assert "both clubs series already have their base card" in reason


def test_illegal_deal_on_an_empty_stock_says_why() -> None:
    game = fives()
    table = game.table.copy()
    table.piles["h"].cards = []
    table.piles["s"].cards = []
    assert "stock is empty" in game.rules.why_illegal(table, Move("deal"))


def test_illegal_onto_a_finished_series() -> None:
    game = fives()
    table = game.table.copy()
    table.piles["rd"].cards = [Card(r % 13 + 1, "D") for r in range(4, 17)]
    table.piles["h"].cards = []
    table.piles["a5"].cards = [Card.parse("5D")]
    assert "finished" in game.rules.why_illegal(table, Move("move", "a5", "rd"))


# -- Words ---------------------------------------------------------------------------


def test_words_of_moves_and_status() -> None:
    game = fives()
    assert game.describe("h>rc") == "the five of clubs starts the clubs series on the right half (built up)"
    assert game.status.startswith("… three, four, FIVE! The fives are the base cards")
    play(game, "h>rc")
    assert game.describe("r3>rc") == "the six of clubs goes onto the five of clubs, right half, from row 1, place 3"
    assert game.status == ("Round 1 of 3 (uses of the deck left: 3); base rank: five; 5 auxiliary "
                           "cards; count: … three, four, FIVE! (next: six); 94 cards in the stock")
    names = {p: game.rules.pile_name(game.table, p) for p in ("lh", "a3", "h", "s", "r27")}
    assert names == {"lh": "the hearts series on the left half", "a3": "auxiliary place 3",
                     "h": "the place to one side for the card named correctly",
                     "s": "the stock", "r27": "row 3, place 1"}


def test_pinned_deals() -> None:
    assert [str(c) for c in new_game("quarrel", seed=1).deck[:5]] == PINNED[1]
    assert [str(c) for c in new_game("quarrel", seed=2024).deck[:5]] == PINNED[2024]


PINNED = {1: ["QD", "AH", "2S", "AD", "7D"], 2024: ["9C", "AS", "8C", "8D", "QH"]}


# -- Examples ------------------------------------------------------------------------


def test_examples_replay_and_keep_every_card() -> None:
    for name in ("quarrel-eight-fives", "quarrel-three-of-spades"):
        example = _example(name)
        game = example.play()
        assert kept(game) and not game.is_over
        assert len(example.steps) == len(game.history)
        assert example.source and example.translation
        assert any("«" in words for words in example.words)


def test_three_of_spades_example_goes_right() -> None:
    game = _example("quarrel-three-of-spades").play()
    assert cards(game, "rs") == ["3S", "4S", "5S", "6S"] and cards(game, "ls") == ["3S"]
    assert cards(game, "lh") == ["3H", "2H"]


# -- Invariants under random play ----------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"deal": "when-stuck"}, {"hit_card": "gathered"}],
                         ids=str)
def test_random_play_keeps_every_card_and_ends(options: dict[str, str]) -> None:
    for seed in range(40):
        game = new_game("quarrel", seed=seed, **options)
        rng = random.Random(seed)
        moves = 0
        while not game.is_over:
            legal = game.legal_moves()
            assert legal and len(set(legal)) == len(legal)
            game.play(rng.choice(legal))
            moves += 1
            assert moves < 20_000
        assert kept(game) and not game.legal_moves()
        if seed % 10 == 0:
            again = load_game(game.to_json())
            assert again.table == game.table
            game.undo()
            game.redo()
            assert game.table == again.table


# -- helpers ---------------------------------------------------------------------------


def _finish_round(game: Game) -> None:
    """Play the current round to its end: every card that can go, then deal."""
    rnd = game.table.facts["round"]
    while not game.is_over and game.table.facts["round"] == rnd:
        moves = game.legal_moves()
        game.play(moves[0])


def _play_advice(game: Game) -> None:
    from solitaire_widgets.games.quarrel.strategies import TextAdvice
    from solitaire_widgets.strategies import play_out

    play_out(game, TextAdvice(), max_moves=1_000_000)


def _wins(seed: int) -> bool:
    game = new_game("quarrel", seed=seed)
    _play_advice(game)
    return game.is_won


def _example(name: str) -> Example:
    from solitaire_widgets.games.quarrel.examples import EXAMPLES

    return next(e for e in EXAMPLES if e.name == name)


def _at(steps: int) -> str:
    """The eight-fives example's save after its first ``steps`` steps."""
    data = _example("quarrel-eight-fives").save_data()
    data["moves"] = data["moves"][:steps]
    return json.dumps(data)


# -- The words: every step says what it did --------------------------------------------


def test_words_a_hit_that_ends_the_third_round_says_the_game_is_lost() -> None:
    game = aces("5H 3S", named=3)
    play(game, "deal", "deal")
    _finish_round(game)
    assert game.table.facts["round"] == 3
    while not game.is_over:
        moves = game.legal_moves()
        step = game.play(moves[0])
    assert "the third round is over" in step.text and "the game is lost" in step.text
    assert "gathered" not in step.text and "next one gets" not in step.text


@pytest.mark.parametrize("options", [{}, {"deal": "when-stuck"}, {"hit_card": "gathered"}],
                         ids=str)
def test_words_every_steps_words_say_what_it_did(options: dict[str, str]) -> None:
    """Over many played deals (random play and the text's advice): a step that ends the
    round says so and what comes next, one that ends the game says how, a card said to
    go onto a series is there, a card said to take a place is there."""
    from solitaire_widgets.games.quarrel.strategies import TextAdvice

    advice = TextAdvice()
    seen: Counter[str] = Counter()
    for seed in range(40):
        game = new_game("quarrel", seed=seed, **options)
        rng = random.Random(seed)
        while not game.is_over:
            before = game.table.copy()
            move = rng.choice(game.legal_moves()) if seed % 2 else advice.choose(game)
            assert move is not None
            step = game.play(move)
            text, facts = step.text, game.table.facts
            new_round = facts["round"] != before.facts["round"]
            ended = game.is_over and before.facts["phase"] != "search"
            assert ("the round ends" in text) == new_round, text
            assert ("the game is lost" in text) == (game.is_over and not game.is_won), text
            assert ("the game is won" in text) == game.is_won, text
            if new_round:
                assert f"gets {facts['aux']} auxiliary card" in text, text
                seen["round"] += 1
            if ended:
                seen["end"] += 1
            if move.action == "move":
                card = before.piles[move.src].cards[-1]
                assert game.pile(move.dst).cards[-1] == card or new_round or game.is_over
                if move.src.startswith("a") and not new_round and not game.is_over:
                    refill = game.pile(move.src).cards
                    assert (f"{refill[-1].name} takes its place" in text if refill
                            else "stays empty" in text), text
            elif facts["hit"] and not new_round and not game.is_over:
                assert "waits to one side" in text or "become the base cards" in text, text
    assert seen["round"] > 20 and seen["end"] > 20


def test_example_the_five_of_spades_goes_right_with_neither_neighbour_in_sight() -> None:
    """The caption of ``quarrel-eight-fives`` step 10 says what the table shows: neither the
    six nor the four of spades is in sight, so the text's advice does not decide."""
    example = _example("quarrel-eight-fives")
    game = example.play()
    table = game.position_at(9)
    move, words = example.steps[9]
    assert move == "r4>rs" and "Neither the six nor the four of spades" in words
    in_sight = [p.cards[-1] for pid, p in table.piles.items()
                if p.cards and p.kind in ("tableau", "reserve")]
    assert Card.parse("6S") not in in_sight and Card.parse("4S") not in in_sight
    assert "text's own example" not in words


def test_example_the_second_row_begins_after_thirteen_places_not_thirteen_cards() -> None:
    """Step 25 of ``quarrel-eight-fives`` quotes «когда число карт в ряду достигает
    тринадцати»; its words say what the engine does: the first row holds six cards, but
    its thirteen places have been dealt."""
    example = _example("quarrel-eight-fives")
    game = example.play()
    before = game.position_at(24)
    left = sum(bool(before.piles[f"r{i}"].cards) for i in range(1, 14))
    assert left == 6 and before.facts["dealt"] == 13
    assert "only six cards" in example.steps[24][1] and "thirteen places" in example.steps[24][1]
    assert game.history[24].events[0].dst == "r14"


def test_the_four_or_five_of_spades_has_one_translation_used_by_the_example_and_the_book() -> None:
    """«…четверка или еще, что вообще хорошо, пятерка пик…»: one translation, in one place."""
    from pathlib import Path

    from solitaire_widgets.games.quarrel.examples import FOUR_OR_FIVE
    from solitaire_widgets.source_texts import SENTENCES

    example = _example("quarrel-three-of-spades")
    assert f"there is {FOUR_OR_FIVE}, the three" in example.translation
    assert any(f"there is {FOUR_OR_FIVE}, the three" in words for words in example.words)
    book = Path(__file__).resolve().parents[1] / "book"
    text = " ".join((book / "texts" / "quarrel_text.md").read_text(encoding="utf-8").split())
    # The book prints the paragraph from the same place (book/_ext/source_texts.py).
    assert "```{source-pair} quarrel 4 " in text and FOUR_OR_FIVE not in text
    assert f"there is {FOUR_OR_FIVE}, the three" in " ".join(
        english for _, english in SENTENCES["quarrel"][3])
    for words in (text, example.translation, *example.words):
        assert "better still" not in words


@pytest.mark.parametrize("options", [{"deal": "when-stuck"}, {"hit_card": "gathered"}], ids=str)
def test_examples_play_the_same_under_every_reading(options: dict[str, str]) -> None:
    """The book says which reading its figures use: both replay, move for move and to the
    same table, under the other reading of each switch."""
    for name in ("quarrel-eight-fives", "quarrel-three-of-spades"):
        example = _example(name)
        data = example.save_data()
        data["options"] = options
        again = load_game(json.dumps(data))
        assert again.table == example.play().table


@pytest.mark.parametrize("options", [{}, {"deal": "when-stuck", "hit_card": "gathered"}])
def test_the_deck_may_be_used_only_three_times_so_every_game_ends(options: dict[str, str]) -> None:
    """«Колоду можно использовать только три раза»: every move uses up a card of the stock
    or puts a card on a series for good, so a game ends within MOVE_BOUND moves, and
    VOID_DEAL_MOVES more for each void deal (random players, any order of moves)."""
    longest = 0
    for seed in range(120):
        game = new_game("quarrel", seed=seed, **options)
        player = RandomStrategy(seed)
        voids = 0
        while not game.is_over:
            searching = game.table.facts["phase"] == "search"
            move = player.choose(game)
            assert move is not None
            step = game.play(move)
            voids += bool(searching and step.shuffles)
            assert len(game.history) - 1 <= MOVE_BOUND + VOID_DEAL_MOVES * voids, seed
        longest = max(longest, len(game.history) - 1)
    assert longest > 150  # random players make long games: the bound is not idle


def test_the_counting_stops_at_the_first_hit_and_goes_on_from_where_it_stopped() -> None:
    """«…перечисление прекращается…»: the count pauses while the base card is set aside and
    the auxiliary cards are dealt (uncounted), then takes up at the rank after the hit."""
    game = fives()
    assert game.table.facts["count"] == 5 and game.table.facts["base"] == 5
    assert game.legal_moves() and all(m.src == "h" for m in game.legal_moves())
    game.play(game.legal_moves()[0])
    assert game.describe("deal") == "deal the next card to the rows, naming 'six'"
    game.play("deal")
    assert game.table.facts["count"] == 6


def test_series_turn_the_corner_and_a_game_comes_out_with_all_104_cards_up() -> None:
    """«…строят серии по возрастающей… по убывающей»: a right series on a five goes on past
    the king to the ace; a left one past the ace to the king."""
    assert needs([Card(r, "C") for r in (5, 6, 7, 8, 9, 10, 11, 12, 13)], True, 5) == 1
    assert needs([Card(r, "C") for r in (5, 4, 3, 2, 1)], False, 5) == 13
    assert needs([Card(r, "C") for r in (5, 4, 3, 2, 1, 13, 12, 11, 10, 9, 8, 7, 6)],
                 False, 5) == 0
