"""Klondike, Polish rules: one test for every rule sentence of the Polish text.

Each test is named after its sentence (without diacritics) and quotes it in
its docstring; the positions are crafted with stacked decks
(:func:`solitaire_widgets.games.klondike.examples.deck_for`). Then the readings of
the chapter's "Where the text is unclear" (``book/texts/klondike_unclear.md``), the
words, and every kind of illegal move.
"""

from __future__ import annotations

import pytest

from solitaire_widgets import Card, Game, IllegalMoveError, Move, new_game
from solitaire_widgets.cards import full_deck, parse_cards
from solitaire_widgets.controller import Controller
from solitaire_widgets.examples import get_example
from solitaire_widgets.games.klondike import (
    COLUMNS,
    DEAD_REASON,
    SHIFTS_ONLY_REASON,
    KlondikeRules,
)
from solitaire_widgets.games.klondike.examples import deck_for
from solitaire_widgets.games.klondike.solver.search import solve_position
from solitaire_widgets.games.klondike.solver.state import from_table, mode_of
from solitaire_widgets.rules import Context
from solitaire_widgets.stats import run_stats
from solitaire_widgets.strategies import get_strategy, play_out
from solitaire_widgets.table import Pile, Table

# -- helpers ----------------------------------------------------------------------


def game_with(columns: list[str] | tuple[str, ...] = (), stock: str = "") -> Game:
    """A game dealt from a deck that puts the named cards at the ends of the columns."""
    return new_game("klondike", deck=deck_for(columns, stock))


def cards(game: Game, pile: str) -> list[str]:
    return [str(card) for card in game.pile(pile).cards]


def face_up(game: Game, pile: str) -> list[str]:
    p = game.pile(pile)
    return [str(card) for card in p.cards[p.down:]]


def assert_illegal(game: Game, move: str, *words: str) -> str:
    """``move`` raises IllegalMoveError naming ``words``, and changes nothing."""
    before = game.table.copy()
    history = list(game.history)
    with pytest.raises(IllegalMoveError) as caught:
        game.play(move)
    reason = str(caught.value)
    for word in words:
        assert word in reason, reason
    assert game.table == before
    assert game.history == history
    assert not game.is_legal(move)
    return reason


def turn_all(game: Game) -> None:
    while game.pile("s").cards:
        game.play("turn")


#: A deck that plays out to the foundations card by card: clubs and diamonds
#: come out of the columns in order, hearts and spades from the hand.
WINNING_DECK = deck_for(
    [
        "7C 6C 5C 4C 3C 2C AC",
        "KC QC JC TC 9C 8C",
        "5D 4D 3D 2D AD",
        "9D 8D 7D 6D",
        "QD JD TD",
        "AH KD",
        "2H",
    ],
    stock="3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
)


def play_up(game: Game) -> None:
    """Play to the foundations whenever possible, otherwise turn a card."""
    for _ in range(200):
        if game.is_over:
            return
        moves = game.legal_moves()
        up = [m for m in moves if m.dst.startswith("f")]
        if not up and Move("turn") not in moves:
            return
        game.play(up[0] if up else Move("turn"))


# -- paragraph 1: the deal, the foundations, the goal --------------------------------


def test_w_rzedzie_pionowym_kladziemy_szesc_kart_zakrytych_i_siodma_odkryta() -> None:
    """'W rzędzie pionowym kładziemy sześć kart zakrytych i siódmą odkrytą.'

    The first column: the first seven cards of the hand, six face down and the
    seventh face up.
    """
    game = new_game("klondike", seed=7)
    first = game.pile("t1")
    assert first.cards == list(game.deck[:7])
    assert first.down == 6
    assert [first.face_up(i) for i in range(7)] == [False] * 6 + [True]


def test_nastepnym_rzedem_nakrywamy_do_polowy_rzad_wyzszy() -> None:
    """'Następnym rzędem nakrywamy do połowy rząd wyższy.'

    The next column is dealt after the first is complete (column by column, not
    row by row): its cards are the next ones of the hand, and every event of
    the deal fills one column before the next.
    """
    game = new_game("klondike", seed=7)
    assert game.pile("t2").cards == list(game.deck[7:13])
    order = [event.dst for event in game.opening if event.kind == "move"]
    assert order == [c for c, n in zip(COLUMNS, range(7, 0, -1), strict=True) for _ in range(n)]
    # The text's "row" is a column: the piles lie side by side, left to right.
    assert [p.id for p in game.piles if p.kind == "tableau"] == list(COLUMNS)


def test_ukladamy_w_nim_piec_kart_zakrytych_i_szosta_odkryta() -> None:
    """'Układamy w nim pięć kart zakrytych i szóstą odkrytą.'"""
    game = new_game("klondike", seed=8)
    second = game.pile("t2")
    assert len(second.cards) == 6 and second.down == 5
    assert second.top == game.deck[12]


def test_i_tak_az_do_momentu_kiedy_polozymy_w_siodmym_rzedzie_tylko_jedna_karte_odkryta() -> None:
    """'I tak aż do momentu, kiedy położymy w siódmym rzędzie poziomym tylko jedną kartę odkrytą.'

    Our reading ("How the cards are dealt"): however the text's rows are pictured,
    the table is seven columns of 7, 6, ..., 1 cards from left to right, each with
    only its last card face up.
    """
    for seed in (0, 1, 2):
        game = new_game("klondike", seed=seed)
        columns = [game.pile(c) for c in COLUMNS]
        assert [len(p.cards) for p in columns] == [7, 6, 5, 4, 3, 2, 1]
        assert [p.down for p in columns] == [6, 5, 4, 3, 2, 1, 0]
        assert game.pile("t7").cards == [game.deck[27]]
        assert sum(len(p.cards) for p in columns) == 28


def test_reszta_kart_zostaje_w_reku() -> None:
    """'Reszta kart zostaje w ręku.' The other 24 cards are the hand (the stock)."""
    game = new_game("klondike", seed=9)
    stock = game.pile("s")
    assert len(stock.cards) == 24
    assert stock.top == game.deck[28]  # the next card dealt is the next of the deck
    assert game.status == "First pass: 24 cards in the hand"
    assert all(not game.pile(p).cards for p in ("w", "fc", "fd", "fh", "fs"))


def test_asy_jezeli_sa_odkryte_przekladamy_nad_rzad_gorny() -> None:
    """'Asy - jeżeli są odkryte - przekładamy nad rząd górny.'

    A face-up ace goes above the columns to its own foundation (a player's
    move); a face-down ace cannot be moved.
    """
    game = game_with(["AD KS", "", "", "", "", "", "AS"])
    assert Move.parse("t7>fs") in game.legal_moves()
    assert game.pile("fs").cards == []  # not moved by itself
    step = game.play("t7>fs")
    assert cards(game, "fs") == ["AS"] and cards(game, "t7") == []
    assert step.text == "the ace of spades goes up to start the spades foundation, from column 7"
    assert_illegal(game, "t1:2>fd", "face-down")


def test_na_asach_tych_ukladac_bedziemy_ciagi_rosnace_w_kolorze() -> None:
    """'Na asach tych układać będziemy ciągi rosnące w kolorze.'

    Up by suit from the ace: the two of spades on the ace of spades; not the
    two of hearts, not the three of spades, and no foundation starts without
    its ace.
    """
    game = game_with(["", "", "3S", "2H", "2S", "AS", "4D"])
    assert_illegal(game, "t5>fs", "starts with its ace")
    game.play("t6>fs")
    assert_illegal(game, "t4>fs", "the two of hearts can only go onto the hearts foundation")
    assert_illegal(game, "t3>fs", "needs the two next, not the three")
    game.play("t5>fs")
    game.play("t3>fs")
    assert cards(game, "fs") == ["AS", "2S", "3S"]


def test_pasjans_wychodzi_kiedy_na_stole_zostana_ulozone_cztery_stosy_zakonczone_krolami() -> None:
    """'Pasjans wychodzi, kiedy na stole zostaną ułożone cztery stosy zakończone królami.'"""
    game = new_game("klondike", deck=WINNING_DECK)
    play_up(game)
    assert game.is_over and game.is_won
    assert [game.pile(f).top for f in ("fc", "fd", "fh", "fs")] == parse_cards("KC KD KH KS")
    assert all(len(game.pile(f).cards) == 13 for f in ("fc", "fd", "fh", "fs"))
    assert game.result.reason == "four piles topped by kings: every card is on its foundation"
    assert game.status.startswith("Won: ")
    assert game.legal_moves() == []


# -- paragraph 2: building on the columns ----------------------------------------------


def test_rozgrywke_prowadzimy_przekladajac_karty_mlodsze_zawsze_czarne_na_czerwone_lub_czerwone_na_czarne() -> None:  # noqa: E501
    """'Rozgrywkę prowadzimy przekładając na dolne, odkryte w poszczególnych rzędach
    pionowych karty, karty młodsze - lecz zawsze czarne na czerwone lub czerwone na czarne.'

    A card one rank lower and of the other colour goes onto the face-up end
    card of a column.
    """
    game = game_with(["", "", "8H", "7C", "7D", "6C", "9C"])
    assert_illegal(game, "t5>t3", "colours must alternate")
    assert_illegal(game, "t6>t3", "one rank at a time", "only a seven")
    assert_illegal(game, "t7>t3", "one rank at a time")
    game.play("t4>t3")
    assert face_up(game, "t3") == ["8H", "7C"]
    # and red on black:
    game = game_with(["", "", "", "", "", "8S", "7H"])
    game.play("t7>t6")
    assert face_up(game, "t6") == ["8S", "7H"]


def test_na_te_dolne_karty_mamy_prawo_przenosic_karty_pojedyncze_lub_cale_sekwensy() -> None:
    """'Na te dolne karty mamy prawo przenosić karty pojedyncze, pasujące tam punktacją i
    kolorem lub całe sekwensy, ułożone już na innym rzędzie.'
    """
    game = game_with(["", "", "TD", "9S", "8H", "7C", "JC"])
    game.play("t4>t3")  # a single card
    game.play("t5>t3")
    game.play("t6>t3")
    assert face_up(game, "t3") == ["TD", "9S", "8H", "7C"]
    step = game.play("t3:4>t7")  # the whole sequence
    assert face_up(game, "t7") == ["JC", "TD", "9S", "8H", "7C"]
    assert step.text.startswith("the ten of diamonds and the 3 cards on it go onto the jack "
                                "of clubs in column 7, from column 3")


def test_oczywiscie_tylko_sekwensy_zaczynajace_sie_od_samego_dolu_tego_rzedu_pionowego() -> None:
    """'Oczywiście tylko sekwensy zaczynające się od samego dołu tego rzędu pionowego.'

    A move always takes the cards at the open end of a column (``t3:2`` is
    its last two cards); it can never reach past the face-up cards.
    """
    game = game_with(["", "", "TD", "9S", "8H", "", "JC"])
    game.play("t4>t3")
    game.play("t5>t3")
    assert_illegal(game, "t3:4>t7", "face-down")
    assert_illegal(game, "t3:9>t7", "holds only 7 cards")
    # Every move the rules offer takes the column's last cards.
    for move in game.legal_moves():
        if move.action == "move" and move.src.startswith("t") and move.count > 1:
            pile = game.pile(move.src)
            assert len(pile.cards) - move.count >= pile.down


def test_w_razie_potrzeby_mozemy_przeniesc_tylko_dolna_czesc_sekwensu() -> None:
    """'W razie potrzeby możemy przenieść tylko dolną część sekwensu.'"""
    game = game_with(["4D", "4H", "3C", "2D", "", "", "5S"])
    game.play("t3>t2")
    game.play("t4>t2")
    assert face_up(game, "t2") == ["4H", "3C", "2D"]
    assert Move.parse("t2:2>t1") in game.legal_moves()  # the lower part
    assert Move.parse("t2:3>t7") in game.legal_moves()  # or the whole
    game.play("t2:2>t1")
    assert face_up(game, "t2") == ["4H"]
    assert face_up(game, "t1") == ["4D", "3C", "2D"]
    # The example replays the same rule.
    example = get_example("klondike-partial-sequence").play()
    assert Move.parse("t2:2>t1") in [step.move for step in example.history]


def test_co_sie_da_przenosimy_z_sekwensow_na_asy_ktore_w_miare_ukazywania_sie_przenosimy_na_gore() -> None:  # noqa: E501
    """'Co się da przenosimy z sekwensów na asy, które w miarę ukazywania się przenosimy na górę.'

    The end card of a sequence goes onto its foundation; an ace turned up
    later goes up too.
    """
    game = game_with(["", "", "AH 3C", "2H", "", "", ""])
    game.play("t4>t3")  # 2H onto 3C: a sequence; column 4's next card turns up
    assert_illegal(game, "t3:2>fh", "one at a time")  # a sequence never goes up whole
    assert_illegal(game, "t3>fh", "starts with its ace")
    # Bring up the ace that lies under the three of clubs.
    game = game_with(["", "", "AH 3C", "2H", "4H", "", ""])
    game.play("t4>t3")  # 2H onto 3C
    game.play("t3:2>t5")  # 3C 2H onto 4H: the ace of hearts comes to light
    assert face_up(game, "t3") == ["AH"]
    game.play("t3>fh")
    game.play("t5>fh")  # the two of hearts, from the end of a sequence
    assert cards(game, "fh") == ["AH", "2H"]
    assert face_up(game, "t5") == ["4H", "3C"]


def test_nie_gardzimy_przy_tym_i_pojedynczymi_kartami() -> None:
    """'Nie gardzimy przy tym i pojedynczymi kartami'

    Single cards go up too: a lone card of a column and the top card of the
    waste.
    """
    game = game_with(["", "", "", "", "", "", "AC"], stock="AD 2C")
    game.play("t7>fc")
    game.play("turn")
    assert Move.parse("w>fd") in game.legal_moves()
    game.play("w>fd")
    game.play("turn")
    step = game.play("w>fc")
    assert step.text == "the two of clubs goes onto the ace of clubs on the clubs foundation, from the waste"
    assert cards(game, "fc") == ["AC", "2C"] and cards(game, "fd") == ["AD"]


# -- paragraph 3: turning up, empty columns ---------------------------------------------


def test_kiedy_dolna_karta_rzedu_pionowego_jest_karta_zakryta_karte_te_odkrywamy() -> None:
    """'Kiedy dolną kartą rzędu pionowego jest karta zakryta, to znaczy, kiedy z rzędu tego
    zdjęliśmy już leżące poniżej karty odkryte, kartę tę odkrywamy i normalnie wprowadzamy do
    rozgrywki.'

    The face-down card left at the end is turned up in the same step, and is
    then played like any other.
    """
    game = game_with(["", "", "", "AS 9H", "", "", "TC"])
    step = game.play("t4>t7")
    assert [event.kind for event in step.events] == ["move", "flip"]
    assert step.text.endswith("; the face-down card beneath is turned up")
    assert game.pile("t4").down == 2 and face_up(game, "t4") == ["AS"]
    game.play("t4>fs")
    assert face_up(game, "t4") == [str(game.deck[19])]


def test_jezeli_uzyskamy_wolne_miejsce_mamy_prawo_przeniesc_tylko_samego_krola_lub_z_sekwensem() -> None:  # noqa: E501
    """'Jeżeli uzyskamy wolne miejsce, czyli jakiś rząd pionowy rozładujemy zupełnie, to na
    miejsce to mamy prawo przenieść tylko samego króla lub z leżącym na nim sekwensem.'
    """
    game = game_with(["", "", "KH", "QS", "QD", "", "JD"], stock="KC")
    game.play("t4>t3")
    game.play("t7>t3")
    assert cards(game, "t7") == []
    assert_illegal(game, "t5>t7", "an empty column takes only a king", "not the queen of diamonds")
    # A king with its sequence ...
    assert Move.parse("t3:3>t7") in game.legal_moves()
    assert_illegal(game, "t3:2>t7", "only a king")
    game.play("t3:3>t7")
    assert face_up(game, "t7") == ["KH", "QS", "JD"]
    example = get_example("klondike-king-to-empty").play()
    assert face_up(example, "t7") == ["KH", "QS", "JD"]


def test_jezeli_uzyskamy_wolne_miejsce_krol_sam() -> None:
    """The same sentence: 'tylko samego króla' - a king alone goes into a free place."""
    game = game_with(["", "", "", "", "", "QS", "JD"], stock="KC")
    game.play("t7>t6")
    game.play("turn")
    step = game.play("w>t7")
    assert step.text == "the king of clubs goes into the empty column 7, from the waste"
    assert face_up(game, "t7") == ["KC"]


# -- paragraph 4: the hand, the waste, the second pass ----------------------------------


def test_po_wyczerpaniu_wszystkich_kombinacji_szukamy_pomocy_w_kartach_z_reki() -> None:
    """'Po wyczerpaniu wszystkich kombinacji szukamy pomocy w kartach z ręki, wykładając je po
    kolei i w razie możliwości wprowadzając do rozgrywki.'

    ``turn`` lays the cards of the hand one after another, face up; a card that
    fits is brought into play.
    """
    game = game_with(["", "", "", "", "", "", "8S"], stock="5C 7H")
    step = game.play("turn")
    assert step.text == "the next card of the hand is turned face up onto the waste"
    assert cards(game, "w") == ["5C"] and game.pile("w").down == 0
    game.play("turn")
    assert cards(game, "w") == ["5C", "7H"]
    game.play("w>t7")
    assert face_up(game, "t7") == ["8S", "7H"]
    assert len(game.pile("s").cards) == 22


def test_reading_po_wyczerpaniu_turning_from_the_hand_stays_legal_while_moves_remain() -> None:
    """The reading of 'Po wyczerpaniu wszystkich kombinacji…' (the book's "Where the text is
    unclear"): the sentence gives the order of play, not a rule; 'all combinations' never run
    out (cards can go back and forth between columns), so turning is legal at any time."""
    game = game_with(["", "", "", "", "", "7H", "8S"], stock="5C")
    legal = {str(m) for m in game.legal_moves()}
    assert "t6>t7" in legal and "turn" in legal
    game.play("turn")
    assert cards(game, "w") == ["5C"]


def test_karty_ktore_w_danym_momencie_sie_nie_nadaja_ukladamy_w_stos_przed_soba() -> None:
    """'Karty, które w danym momencie się nie nadają, układamy w stos przed sobą.'

    The unplayable cards pile up on the waste; its top card stays playable
    later ("The top of the waste is playable on both passes"), and only its top card.
    """
    game = game_with(["", "", "", "", "", "9D", "7H"], stock="5C 8C")
    game.play("turn")
    game.play("turn")
    assert cards(game, "w") == ["5C", "8C"]
    assert_illegal(game, "w:2>t6", "only the top card of the waste")
    game.play("w>t6")  # 8C fits on 9D only now that it lies on top
    game.play("t7>t6")
    assert cards(game, "w") == ["5C"]
    assert game.status == "First pass: 22 cards in the hand, 1 on the waste"


def test_po_jednorazowym_przelozeniu_wszystkich_kart_mamy_prawo_wziac_stos_lezacy_przed_nami() -> None:  # noqa: E501
    """'Po jednorazowym przełożeniu wszystkich kart, to znaczy wtedy, kiedy w ręku nie mamy już
    żadnej karty a pasjans jeszcze nie wyszedł, mamy prawo wziąć stos leżący przed nami i
    starać się go rozładować, co wolno zrobić tylko po warunkiem, że na ponownie rosnącym
    stosie, a powstającym z kart nie nadających się aktualnie do rozgrywki, nie będzie w
    żadnym momencie leżało więcej niż trzy karty.'
    """
    game = new_game("klondike", seed=11)
    assert_illegal(game, "redeal", "only when the hand is empty", "24 cards still in the hand")
    first_pass = []
    while game.pile("s").cards:
        game.play("turn")
        first_pass.append(game.pile("w").top)
    assert len(game.pile("w").cards) == 24  # no limit in the first pass
    assert game.status == ("First pass: the hand is used up; the waste (24 cards) may be "
                           "turned over once")
    assert Move("redeal") in game.legal_moves()
    step = game.play("redeal")
    assert "second and last pass" in step.text
    assert game.table.facts["pass"] == 2 and game.table.facts["waste_limit"] is True
    assert cards(game, "w") == [] and len(game.pile("s").cards) == 24
    # The pile is turned over: the cards come again in the same order.
    assert game.pile("s").top == first_pass[0]
    second_pass = []
    for held in (1, 2, 3):
        game.play("turn")
        second_pass.append(game.pile("w").top)
        assert game.status == f"Second pass: {24 - held} cards in the hand; the waste holds {held} of its 3 cards"
    assert second_pass == first_pass[:3]
    assert not game.table.facts["forced"]


def test_jezeli_jestesmy_zmuszeni_polozyc_tam_czwarta_pasjans_nie_wyszedl() -> None:
    """'Jeżeli jesteśmy zmuszeni położyć tam czwartą - pasjans nie wyszedł.'"""
    game = get_example("klondike-fourth-waste-card").play()
    assert game.is_over and not game.is_won
    assert game.result.reason.startswith("a fourth card would go on the waste in the second pass")
    assert "the seven of diamonds" in game.result.reason
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("t1>t2")
    # It was lost at the moment the fourth card was turned, with no move between.
    assert [step.move for step in game.history[-4:]] == [Move("turn")] * 4


# -- the readings in book/texts/klondike_unclear.md -------------------------------------

#: No card of the hand fits anywhere except the queen of diamonds (onto the
#: king of clubs), the fourth card turned.
FORCED_DECK = deck_for(
    ["AC AD AH AS QC 2C", "QH QS 2D", "2H", "2S", "KC", "KD", "KH"],
    stock="9H 5S 8D QD 7D",
)


def second_pass(deck: str, turns: int) -> Game:
    game = new_game("klondike", deck=deck)
    turn_all(game)
    game.play("redeal")
    for _ in range(turns):
        game.play("turn")
    return game


def test_reading_a_card_turned_onto_the_full_waste_must_leave_it_at_once() -> None:
    """Our reading ("The waste on the second pass"): a card turned onto a full (3-card) waste must leave it at once (to a
    foundation or the tableau); if it cannot, the game is lost at that moment."""
    game = second_pass(FORCED_DECK, 3)
    step = game.play("turn")
    assert "full waste" in step.text
    assert cards(game, "w") == ["9H", "5S", "8D", "QD"]
    assert game.table.facts["forced"] is True and not game.is_over
    assert game.legal_moves() == [Move.parse("w>t5")]
    assert game.status == ("Second pass: the card just turned lies fourth on the waste and "
                           "must leave it now")
    assert_illegal(game, "turn", "the queen of diamonds", "must leave the waste at once")
    assert_illegal(game, "t1>t2", "must leave the waste at once")
    assert_illegal(game, "w>t6", "colours must alternate")
    game.play("w>t5")
    assert game.table.facts["forced"] is False
    assert game.status == "Second pass: 20 cards in the hand; the waste holds 3 of its 3 cards"
    game.play("turn")  # the seven of diamonds cannot leave: lost at once
    assert game.is_over and not game.is_won
    assert "the seven of diamonds cannot be played" in game.result.reason


def test_reading_the_waste_top_is_playable_on_both_passes() -> None:
    """Our reading: the waste's top card is playable on both passes."""
    game = second_pass(deck_for(["", "", "", "", "", "", "9S"], stock="5C 8H"), 2)
    assert Move.parse("w>t7") in game.legal_moves()  # the eight of hearts again
    game.play("w>t7")
    assert cards(game, "w") == ["5C"]


def test_reading_no_third_pass() -> None:
    """Our reading: no third pass. The waste cannot be turned over again, even with a
    move still left in the columns."""
    stock = "3H 3S " + " ".join(f"{r}C" for r in "A23456789TJQK") + " " + " ".join(
        f"{r}D" for r in "A23456789"
    )
    deck = deck_for(["TD JD QD KD 5H", "5S", "9H", "9S", "KH", "KS", "8H"], stock=stock)
    game = new_game("klondike", deck=deck)
    play_up(game)
    game.play("redeal")
    game.play("turn")
    game.play("turn")
    assert not game.is_over and not game.pile("s").cards
    assert game.legal_moves() == [Move.parse("t7>t4")]  # the eight of hearts onto the nine of spades
    assert_illegal(game, "redeal", "only once", "no third pass")
    assert Move("redeal") not in game.legal_moves()


def test_reading_no_third_pass_when_stuck() -> None:
    """Our reading: no third pass; a position with no move left is lost, in words."""
    # Clubs and diamonds up to the nine come out of the hand; the three of
    # hearts and the three of spades fit nowhere, and nothing in the columns moves.
    stock = "3H 3S " + " ".join(f"{r}C" for r in "A23456789TJQK") + " " + " ".join(
        f"{r}D" for r in "A23456789"
    )
    deck = deck_for(["TD JD QD KD 5H", "5S", "9H", "9S", "KH", "KS", "7H"], stock=stock)
    game = new_game("klondike", deck=deck)
    assert [game.pile(c).top for c in COLUMNS] == parse_cards("5H 5S 9H 9S KH KS 7H")
    play_up(game)
    assert not game.is_over
    assert cards(game, "w") == ["3H", "3S"] and not game.pile("s").cards
    assert_illegal(game, "turn", "the hand is empty", "redeal")
    game.play("redeal")
    game.play("turn")
    game.play("turn")
    assert game.is_over and not game.is_won
    assert game.result.reason == (
        "no move is left: the hand is used up, the waste may not be turned over again "
        "(there is no third pass), and nothing can be played"
    )


def test_reading_a_stuck_game_is_lost() -> None:
    """Brief: when no legal move is left the game is lost, with the reason in words."""
    stock = " ".join(f"{r}C" for r in "A23456789TJQK") + " " + " ".join(
        f"{r}D" for r in "A23456789TJ"
    )
    deck = deck_for(["QD KD 5H", "5S", "9H", "9S", "KH", "KS", "7H"], stock=stock)
    game = new_game("klondike", deck=deck)
    play_up(game)
    assert game.is_over and not game.is_won
    assert not game.pile("s").cards and not game.pile("w").cards
    assert game.result.reason == "no move is left: the stock is used up and nothing can be played"


def test_reading_foundation_cards_do_not_come_back() -> None:
    """The chapter's rules: foundation cards do not come back."""
    game = game_with(["", "", "", "", "", "2H", "AS"])
    game.play("t7>fs")
    assert_illegal(game, "fs>t6", "stay there", "never come back")
    assert_illegal(game, "fs>t7", "never come back")


def test_reading_the_deal_is_seven_piles_of_seven_to_one() -> None:
    """The deal ("How the cards are dealt"): every reading of the text's geometry
    gives seven piles of 7..1 cards, only the last face up; the deal example says so."""
    example = get_example("klondike-deal")
    assert "7, 6, 5, 4, 3, 2 and 1" in example.summary
    dealt = example.play().position_at(0)
    assert [len(dealt.piles[c].cards) for c in COLUMNS] == [7, 6, 5, 4, 3, 2, 1]
    assert [dealt.piles[c].down for c in COLUMNS] == [6, 5, 4, 3, 2, 1, 0]


def test_standard_variant_draws_one_with_unlimited_passes_and_no_waste_limit() -> None:
    """Option ``variant="standard"``: for comparison with published numbers."""
    game = new_game("klondike", seed=4, variant="standard")
    assert game.status == "Pass 1: 24 cards in the hand, 0 on the waste"
    for number in (2, 3, 4):
        turn_all(game)
        assert len(game.pile("w").cards) == 24
        game.play("redeal")
        assert game.table.facts["pass"] == number
        assert game.table.facts["waste_limit"] is False
    for _ in range(5):
        game.play("turn")
    assert len(game.pile("w").cards) == 5 and not game.table.facts["forced"]
    assert game.status == "Pass 4: 19 cards in the hand, 5 on the waste"


def test_draw_three_variant_turns_three_cards_as_one_packet() -> None:
    """Option ``variant="draw-three"``: standard Klondike turning three at a time.

    The packet lands as three cards turned one by one would: the third on top.
    """
    one = new_game("klondike", seed=4, variant="standard")
    three = new_game("klondike", seed=4, variant="draw-three")
    assert three.describe("turn") == ("the next 3 cards of the hand are turned over together "
                                      "onto the waste; only the last of them can be played")
    three.play("turn")
    for _ in range(3):
        one.play("turn")
    assert cards(three, "w") == cards(one, "w") and len(cards(three, "w")) == 3
    assert cards(three, "s") == cards(one, "s")
    # The move is one step: undo takes the whole packet back.
    three.undo()
    assert cards(three, "w") == [] and len(cards(three, "s")) == 24


def test_draw_three_last_packet_may_be_short_and_passes_are_unlimited() -> None:
    game = new_game("klondike", deck=deck_for(stock="7C 2D AH"), variant="draw-three")
    hand = list(reversed(cards(game, "s")))  # in the order they are turned
    for number in (2, 3):
        for _ in range(8):  # 24 cards: eight packets of three
            game.play("turn")
        assert cards(game, "w") == hand and cards(game, "s") == []
        assert_illegal(game, "turn", "hand is empty", "redeal")
        game.play("redeal")
        assert game.table.facts["pass"] == number and not game.table.facts["waste_limit"]
    game.play("turn")
    game.play("w>fh")  # the ace of hearts, last of the first packet, goes up
    assert cards(game, "w") == ["7C", "2D"]
    for _ in range(7):
        game.play("turn")
    # 23 cards in the pass: seven packets of three, then the last two.
    assert len(cards(game, "s")) == 0 and len(cards(game, "w")) == 23
    game.play("redeal")
    for _ in range(7):
        game.play("turn")
    assert game.describe("turn") == "the next 2 cards of the hand are turned over together onto the waste; only the last of them can be played"
    game.play("turn")
    assert cards(game, "w") == [c for c in hand if c != "AH"]
    assert_illegal(game, "s>t1", "three at a time")


def test_the_variant_option_is_checked() -> None:
    from solitaire_widgets import OptionError

    with pytest.raises(OptionError, match="variant"):
        new_game("klondike", seed=1, variant="vegas")
    assert new_game("klondike", seed=1).options == {"variant": "polish", "worrying_back": "no"}


# -- words --------------------------------------------------------------------------------


def test_pile_names() -> None:
    game = new_game("klondike", seed=1)
    rules = game.rules
    names = {p: rules.pile_name(game.table, p) for p in ("t3", "w", "s", "fs", "fh")}
    assert names == {"t3": "column 3", "w": "the waste", "s": "the stock",
                     "fs": "the spades foundation", "fh": "the hearts foundation"}


def test_describe_move_in_words() -> None:
    game = game_with(["", "", "7C", "", "8H", "", ""])
    assert game.describe("t3>t5") == (
        "the seven of clubs goes onto the eight of hearts in column 5, from column 3; "
        "the face-down card beneath is turned up"
    )
    game = game_with(["", "", "", "", "", "", "8H"], stock="7C")
    game.play("turn")
    assert game.describe("w>t7") == "the seven of clubs goes onto the eight of hearts in column 7, from the waste"


# -- illegal moves: a reason in a player's words, and nothing changes ----------------------


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("t1>t1", "already on"),
        ("zz>t1", "no pile called 'zz'"),
        ("t1>q9", "no pile called 'q9'"),
        ("s>w", "'turn'"),
        ("s>t1", "'turn'"),
        ("t1>s", "never go back into the hand"),
        ("t1>w", "only cards turned from the hand go onto the waste"),
        ("w>t1", "the waste is empty"),
        ("t7:2>t1", "holds only 1 card"),
        ("t2:2>t6", "face-down"),
        ("t3>fh", "starts with its ace"),
        ("t3>fs", "can only go onto the hearts foundation"),
        ("t3>t4", "colours must alternate"),
        ("t3>t6", "one rank at a time"),
        ("redeal", "only when the hand is empty"),
        ("deal", "not a move in Klondike"),
        ("fs>t1", "never come back"),
    ],
)
def test_illegal_moves_say_why_and_change_nothing(move: str, words: str) -> None:
    game = game_with(["", "", "7H", "8D", "", "9S", "KC"])
    assert_illegal(game, move, words)


def test_illegal_moves_later_in_a_game() -> None:
    game = game_with(["", "", "", "", "QH", "KS", "JC"], stock="AC 2C")
    # an empty column takes only a king
    game.play("t5>t6")
    game.play("t7>t6")
    assert_illegal(game, "t6:2>t7", "only a king", "not the queen of hearts")
    # cards go up one at a time, and a finished foundation takes nothing more
    game.play("turn")
    game.play("w>fc")
    game.play("turn")
    game.play("w>fc")
    assert_illegal(game, "t6:3>fs", "one at a time")
    # the hand used up: no card to turn
    turn_all(game)
    assert_illegal(game, "turn", "the hand is empty")
    game.play("redeal")
    turn_all_possible(game)


def turn_all_possible(game: Game) -> None:
    while not game.is_over and game.pile("s").cards:
        if game.table.facts["forced"]:
            game.play(game.legal_moves()[0])
        else:
            game.play("turn")


def test_a_face_up_run_that_is_not_a_sequence_cannot_move_together() -> None:
    """Play never makes one, but a crafted table shows the reason's words."""
    rules = KlondikeRules()
    table = Table(rules.piles(), {"over": False, "won": False, "reason": "", "pass": 1,
                                  "waste_limit": False, "forced": False})
    table.piles["t1"].cards = parse_cards("9S 7H")
    table.piles["t2"].cards = parse_cards("TD")
    assert Move.parse("t1:2>t2") not in rules.legal_moves(table)
    reason = rules.why_illegal(table, Move.parse("t1:2>t2"))
    assert "only a sequence can be moved together" in reason
    table.piles["fs"].cards = [Card(r, "S") for r in range(1, 14)]
    table.piles["t3"].cards = parse_cards("KS")
    assert "complete" in rules.why_illegal(table, Move.parse("t3>fs"))


def test_a_face_down_ace_cannot_go_up_and_empty_waste_has_nothing_to_redeal() -> None:
    rules = KlondikeRules()
    table = Table([Pile(p.id, p.kind) for p in rules.piles()],
                  {"over": False, "won": False, "reason": "", "pass": 1,
                   "waste_limit": False, "forced": False})
    assert "nothing to turn over" in rules.why_illegal(table, Move("redeal"))
    assert rules.legal_moves(table) == []


# -- the same deal everywhere ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "first"),
    [
        (1, "3H 9D KH 6D QS 5H 5C JS"),
        (2024, "QC 3C 2C 8S 4C 6H 9D AH"),
        (123456, "TC 4D AC QC 5H 4C KH 3H"),
    ],
)
def test_pinned_deals(seed: int, first: str) -> None:
    """The same deal number gives the same deal on every machine (and in every widget)."""
    game = new_game("klondike", seed=seed)
    assert sorted(game.deck) == sorted(full_deck())
    assert [str(c) for c in game.deck[:8]] == first.split()
    assert game.pile("t1").cards == parse_cards(first)[:7]


# -- a game that can no longer change ---------------------------------------------------------


def play_then_turn_stubbornly(seed: int, variant: str) -> Game:
    """Deal ``seed``, played by the package's player until it gives up, then only turned:
    the hand and the waste, over and over, for three whole passes at most."""
    game = new_game("klondike", seed=seed, variant=variant)
    play_out(game, get_strategy("klondike"))
    for _ in range(3 * (24 + 1)):
        if game.is_over:
            break
        turning = [m for m in game.legal_moves() if m.action in ("turn", "redeal")]
        if not turning:
            break
        game.play(turning[0])
    return game


@pytest.mark.parametrize("variant", ["standard", "draw-three"])
def test_reading_a_game_is_lost_when_no_move_is_left_even_with_a_hand_to_turn(variant: str) -> None:
    """Unclear-text page, "When no move is left": a game that can no longer change is lost,
    though the hand could still be turned for ever (deals 0-199)."""
    endings: dict[str, int] = {}
    for seed in range(200):
        game = play_then_turn_stubbornly(seed, variant)
        assert game.is_over, f"deal {seed} ({variant}) goes round for ever"
        endings[game.result.reason] = endings.get(game.result.reason, 0) + 1
    assert endings.get(DEAD_REASON, 0) > 50


def test_reading_a_dead_game_is_lost_and_the_solver_agrees() -> None:
    """Every dead position the engine ends is one the solver, searching all lines, finds lost;
    a whole pass that offers nothing but turning is dead."""
    checked = 0
    for variant in ("standard", "draw-three"):
        mode = mode_of(variant)
        for seed in range(40):
            game = play_then_turn_stubbornly(seed, variant)
            if game.result.reason != DEAD_REASON:
                continue
            root, forced = from_table(game.table)
            status, _, _ = solve_position(root, forced, mode, 200_000, None)
            assert status == "lost", (variant, seed)
            checked += 1
    assert checked > 20
    # Deal 17 drawing three: once the aces of hearts and diamonds are up, the packets bring
    # up no card that fits anywhere and nothing moves in the columns.
    game = new_game("klondike", seed=17, variant="draw-three")
    game.play("t2>fh")
    assert not game.is_over
    game.play("t2>fd")
    assert game.result == (True, False, DEAD_REASON)


def shifts_only_table(rules: KlondikeRules) -> Table:
    """The hand used up (the second pass under the Polish rules), a king and a queen alone
    in column 1, a face-down three of clubs under the five of diamonds in column 4, the
    other columns empty: nothing can ever move but the king and the queen."""
    table = Table(rules.piles(), {"over": False, "won": False, "reason": "",
                                  "pass": 2 if rules.polish else 1,
                                  "waste_limit": rules.polish, "forced": False})
    table.piles["t1"].cards = parse_cards("KH QS")
    table.piles["t4"].cards = parse_cards("3C 5D")
    table.piles["t4"].down = 1
    table.piles["fc"].cards = parse_cards("AC 2C")
    table.piles["w"].cards = parse_cards("9C") if rules.polish else []
    return table


@pytest.mark.parametrize("variant", ["polish", "standard"])
def test_reading_a_game_whose_moves_only_shift_cards_between_columns_is_lost(variant: str) -> None:
    """Unclear-text page, "When no move is left": moving a king and its sequence from one
    empty column to another for ever changes nothing; such a game is lost."""
    rules = KlondikeRules(variant=variant)
    table = shifts_only_table(rules)
    assert rules.legal_moves(table) == [Move.parse(f"t1:2>t{i}") for i in (2, 3, 5, 6, 7)]
    assert rules.dead(table)
    rules.apply(table, Move.parse("t1:2>t2"), Context(table, list))
    assert table.facts["over"] and not table.facts["won"]
    assert table.facts["reason"] == SHIFTS_ONLY_REASON
    # The same table with a black six at the end of a column is not dead: the five of
    # diamonds can go onto it, and the three of clubs beneath be turned up.
    table = shifts_only_table(rules)
    table.piles["t5"].cards = parse_cards("6S")
    assert not rules.dead(table)
    rules.apply(table, Move.parse("t1:2>t2"), Context(table, list))
    assert not table.facts["over"]


def test_reading_the_polish_rules_end_a_game_in_their_own_words() -> None:
    """Under the Polish rules a dead game with a hand left to turn plays on to the text's own
    ending, the fourth card on the waste."""
    game = get_example("klondike-fourth-waste-card").play()
    assert game.result.reason.startswith("a fourth card would go on the waste")
    # Drawing three the same position would have been ended dead as soon as it was reached.
    rules = KlondikeRules(variant="draw-three")
    assert rules.dead(game.position_at(len(game.history) - 5))


def test_reading_a_dead_game_shows_its_reason_in_the_status_and_the_statistics() -> None:
    """The status line (widgets and page) and the statistics read the engine's reason."""
    game = new_game("klondike", seed=17, variant="draw-three")
    game.play("t2>fh")
    game.play("t2>fd")
    verdict, rest = Controller(game).status()
    assert verdict == "Game over: lost."
    assert rest.startswith("No card can be played any more: however often the hand is turned")
    report = run_stats("klondike", 20, options={"variant": "draw-three"})
    assert report.reasons.get(DEAD_REASON, 0) >= 5


def turn_only(rules: KlondikeRules, table: Table, move: Move) -> bool:
    """Turn the hand (``turn``) or the waste over (``redeal``) on ``table``, as the text
    says and nothing more (no test of a dead game); whether the waste was full."""
    piles, ctx = table.piles, Context(table, list)
    if move.action == "turn":
        full = bool(table.facts["waste_limit"]) and len(piles["w"].cards) >= 3
        for _ in range(min(rules.draw, len(piles["s"].cards))):
            ctx.move("s", "w")
        return full
    for _ in range(len(piles["w"].cards)):
        ctx.move("w", "s", face_up=False)
    ctx.set("pass", int(table.facts["pass"] or 1) + 1)
    if rules.polish:
        ctx.set("waste_limit", True)
    return False


@pytest.mark.parametrize("variant", ["standard", "draw-three", "polish"])
def test_reading_the_cards_that_can_come_to_the_top_of_the_waste(variant: str) -> None:
    """The cards the test of a dead game counts on from the hand and the waste are exactly
    those that come to the top of the waste by turning alone, from any point of a pass."""
    rules = KlondikeRules(variant=variant)
    for seed in range(12):
        game = new_game("klondike", seed=seed, variant=variant)
        for _ in range(seed % 7):  # a card or two off the waste cuts the packets anew
            moves = [m for m in game.legal_moves() if m.src == "w"] or [Move("turn")]
            game.play(moves[0])
        expected = rules.talon_tops(game.table)
        seen = set(game.pile("w").cards[-1:])
        # Turning only: the table's own moves, on a copy of the position.
        table = game.table.copy()
        for _ in range(4 * (24 + 1)):
            if table.facts["forced"] or table.facts["over"]:
                break
            turning = [m for m in rules.legal_moves(table) if m.action in ("turn", "redeal")]
            if not turning:
                break
            full = turn_only(rules, table, turning[0])
            seen.update(table.piles["w"].cards[-1:])
            if full:  # the card turned onto a full waste must leave it at once
                break
        assert seen == expected, (variant, seed)


@pytest.mark.parametrize("variant", ["standard", "draw-three"])
def test_reading_a_game_ends_the_moment_it_can_no_longer_change(variant: str) -> None:
    """The engine skips the test after moves that only go round; no dead position slips by.
    A random player opens (taking cards off the waste, so the packets are cut anew), the
    package's player goes on until it gives up, then the hand is only turned."""
    for seed in range(60):
        game = new_game("klondike", seed=seed, variant=variant)
        rules = game.rules
        assert isinstance(rules, KlondikeRules)
        players = [get_strategy("klondike", "random", seed=seed), get_strategy("klondike")]
        for _ in range(600):
            if game.is_over:
                break
            assert not rules.dead(game.table), (variant, seed, len(game.history))
            move = players[len(game.history) >= 40].choose(game)
            turning = [m for m in game.legal_moves() if m.action in ("turn", "redeal")]
            if move is None and not turning:
                break
            game.play(move if move is not None else turning[0])
        assert game.is_over, (variant, seed)
