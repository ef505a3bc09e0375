"""The Klondike solver: wins replay in the engine, losses are proved, budgets are honoured."""

from __future__ import annotations

import pytest

from solitaire_widgets import IllegalMoveError, new_game
from solitaire_widgets.cards import Card, parse_cards
from solitaire_widgets.game import Game
from solitaire_widgets.games.klondike import DEAD_REASON
from solitaire_widgets.games.klondike.examples import deck_for
from solitaire_widgets.games.klondike.solver import (
    Config,
    can_win,
    dead_ends,
    next_move,
    search,
    solve,
    solve_deal,
)
from solitaire_widgets.games.klondike.solver import moves as gen
from solitaire_widgets.games.klondike.solver import state as st
from solitaire_widgets.games.klondike.solver.config import DEFAULT


def deal_deck(columns: list[list[str]], talon: list[str]) -> list[Card]:
    """The deck (dealing order) that lays ``columns`` (bottom to top) and ``talon``.

    The deal goes column by column, so column 1's cards come first, bottom
    card first; the talon's first card is the first one turned.
    """
    assert [len(c) for c in columns] == [7, 6, 5, 4, 3, 2, 1]
    return parse_cards([card for column in columns for card in column] + talon)


def layered(cards: list[str]) -> list[list[str]]:
    """Columns whose top cards are ``cards[0:7]``, the cards under them ``cards[7:13]``..."""
    columns: list[list[str]] = [[] for _ in range(7)]
    it = iter(cards)
    for layer in range(7):
        for column in range(7 - layer):
            columns[column].insert(0, next(it))
    return columns


# Every heart and spade lies in the columns lowest card on top, the rest in the hand.
_HS = [f"{r}{s}" for r in "A23456789TJQK" for s in "HS"]
EASY = deal_deck(layered(_HS + ["QD", "KD"]),
                 [f"{r}C" for r in "A23456789TJQK"] + [f"{r}D" for r in "A23456789TJ"])

# Column 1 ends with the two of clubs, lying on the ace of clubs and on both
# red threes, the only cards it could go onto: it can never move, so the ace
# of clubs never comes out.
_LOCK_COLUMNS = [
    ["3D", "3H", "AC", "KS", "QH", "JS", "2C"],
    ["KD", "QS", "JH", "TS", "9H", "8S"],
    ["KH", "QC", "JD", "TC", "9D"],
    ["KC", "QD", "JC", "TD"],
    ["AS", "2S", "AH"],
    ["2H", "AD"],
    ["2D"],
]
_LOCK_USED = {card for column in _LOCK_COLUMNS for card in column}
LOCKED = deal_deck(
    _LOCK_COLUMNS,
    [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK" if f"{r}{s}" not in _LOCK_USED],
)

# Deal 5001: the standard rules win it; under the Polish rules it is lost, and
# a standard winning line is stopped by the three-card waste of the second pass.
WASTE_LIMITED = parse_cards(
    "KD AC 4C 8S 3C 5S AD JH 3D JD TD TH 7D 3H 3S AH QD QC 5D 7C 5C 6H 4H AS 6D QS "
    "2S 4S JC 8C 2C 2D 9S 2H TS 6C 8H KH 9H 7S JS 4D KS 7H 8D 9C 9D TC 5H QH KC 6S"
)


def replay_wins(game: Game, moves: list[object]) -> bool:
    for move in moves:
        game.play(move)  # type: ignore[arg-type]
    return game.is_won


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
def test_easy_deal_is_won_and_replays(variant: str) -> None:
    game = new_game("klondike", deck=EASY, variant=variant)
    solution = solve(game)
    assert solution.status == "won"
    assert solution.nodes < 1000
    fresh = new_game("klondike", deck=EASY, variant=variant)
    assert replay_wins(fresh, list(solution.moves))


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
def test_seeded_deals_replay_to_a_win(variant: str) -> None:
    wins = 0
    for seed in range(4):
        solution = solve_deal(seed, variant=variant, max_nodes=8_000)
        if solution.status == "won":
            wins += 1
            game = new_game("klondike", seed=seed, variant=variant)
            assert replay_wins(game, list(solution.moves)), seed
    assert wins >= 2


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
def test_locked_deal_is_lost(variant: str) -> None:
    game = new_game("klondike", deck=LOCKED, variant=variant)
    assert solve(game).status == "lost"
    assert can_win(game) is False
    assert next_move(game) is None


@pytest.mark.parametrize("std", [False, True])
def test_locked_deal_is_lost_by_search_alone(std: bool) -> None:
    # With the relaxed dead-end check switched off, the exhaustive search
    # still proves the loss (the check is only a short cut).
    config = Config(dead_end_check=False)
    game = new_game("klondike", deck=LOCKED, variant="standard" if std else "polish")
    state, _ = st.from_table(game.table)
    root = gen.auto(state, std, config=config)
    status, _, nodes = search.search(root, gen.moves(root, std, config), std, 200_000, None,
                                     config=config)
    assert status == "lost", nodes


def test_the_second_pass_waste_limit_matters() -> None:
    polish = new_game("klondike", deck=WASTE_LIMITED, variant="polish")
    standard = new_game("klondike", deck=WASTE_LIMITED, variant="standard")
    lost = solve(polish)
    won = solve(standard)
    assert lost.status == "lost"
    assert won.status == "won"
    assert replay_wins(new_game("klondike", deck=WASTE_LIMITED, variant="standard"),
                       list(won.moves))
    # The standard line breaks, under the Polish rules, on the full waste.
    game = new_game("klondike", deck=WASTE_LIMITED, variant="polish")
    with pytest.raises(IllegalMoveError, match="three cards|fourth card"):
        for move in won.moves:
            game.play(move)


def test_tiny_budget_is_unresolved() -> None:
    solution = solve_deal(5, variant="standard", max_nodes=2)
    assert solution.status == "unresolved"
    assert solution.moves == []
    assert can_win(new_game("klondike", seed=5, variant="standard"), max_nodes=2) is None
    assert solve_deal(5, variant="standard", max_seconds=0.0).status in ("unresolved", "won")


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
def test_next_move_is_legal_and_stays_winning(variant: str) -> None:
    game = new_game("klondike", deck=EASY, variant=variant)
    for _ in range(5):
        move = next_move(game)
        assert move is not None and game.is_legal(move)
        game.play(move)
    assert can_win(game) is True


def test_mid_game_and_forced_positions() -> None:
    # Play the winning line of the waste-limited deal under Polish rules up to
    # a second-pass position and solve from there: the answer must replay.
    game = new_game("klondike", seed=1, variant="polish")
    solution = solve(game, max_nodes=50_000)
    assert solution.status == "won"
    half = len(solution.moves) // 2
    for move in solution.moves[:half]:
        game.play(move)
    rest = solve(game)
    assert rest.status == "won"
    assert replay_wins(game, list(rest.moves))


def test_forced_turn_onto_full_waste() -> None:
    # Find a second-pass position with three cards on the waste, turn the next
    # card onto it, and check the solver only plays that card, or reports a loss.
    game = new_game("klondike", deck=WASTE_LIMITED, variant="polish")
    for move in solve(new_game("klondike", deck=WASTE_LIMITED, variant="standard")).moves:
        if (game.table.facts["waste_limit"] and len(game.pile("w").cards) == 3
                and game.is_legal("turn")):
            game.play("turn")
            break
        try:
            game.play(move)
        except IllegalMoveError:
            break
    if game.table.facts["forced"] and not game.is_over:
        solution = solve(game)
        assert solution.status in ("won", "lost")
        if solution.status == "won":
            assert solution.moves[0].src == "w"
            assert replay_wins(game, list(solution.moves))


def test_solver_reads_only_the_position() -> None:
    game = new_game("klondike", seed=3, variant="standard")
    before = game.to_json()
    first = solve(game)
    assert game.to_json() == before  # the game is untouched
    again = solve(game)
    assert (first.status, first.moves, first.nodes) == (again.status, again.moves, again.nodes)
    # Another game in the same position (different seed, history thrown away)
    # gets the same answer: nothing but the table is read.
    other = game.clone()
    other.seed = 999
    other.deck = tuple(reversed(other.deck))
    del other._steps[1:]  # the moves played (step 0 is the deal)
    third = solve(other)
    assert (third.status, third.moves, third.nodes) == (first.status, first.moves, first.nodes)


def test_finished_games() -> None:
    game = new_game("klondike", deck=EASY, variant="standard")
    for move in solve(game).moves:
        game.play(move)
    assert solve(game).status == "won" and solve(game).moves == []
    with pytest.raises(ValueError):
        solve(new_game("chain", seed=1))


@pytest.mark.parametrize(("variant", "seed"), [("polish", 19), ("polish", 22), ("standard", 19),
                                               ("standard", 24), ("polish", 0), ("standard", 1),
                                               ("draw-three", 1), ("draw-three", 17),
                                               ("draw-three", 36)])
def test_move_filters_do_not_change_answers(variant: str, seed: int) -> None:
    # The filters that put moves off are sound; on deals small enough to solve
    # both ways, switching them off gives the same answer.
    pruned = solve_deal(seed, variant=variant, max_nodes=5_000).status
    unpruned = solve_deal(seed, variant=variant, max_nodes=5_000,
                          config=Config(move_filters=False)).status
    assert pruned == unpruned != "unresolved"


def test_move_filters_do_not_change_the_waste_limited_loss() -> None:
    game = new_game("klondike", deck=WASTE_LIMITED, variant="polish")
    assert solve(game, max_nodes=50_000, config=Config(move_filters=False)).status == "lost"


# -- the pruning rules added for loss proofs: each cuts what it should, none changes an answer --

_RANKS = "A23456789TJQK"


def _code(text: str) -> int:
    return st.card_code(Card.parse(text))


_PLAIN = Config(strong_dead_ends=False)
_NO_RUN_HEADS = Config(run_heads=False)


def _col(down: int, cards: str) -> bytes:
    return bytes([down] + [_code(c) for c in cards.split()])


def test_dead_end_talon_parent_that_can_never_be_laid() -> None:
    # Five of hearts on the face-down four of hearts (and the seven under that).
    # Its places: the six of clubs (up) and the six of spades, which is in the
    # talon and could only be laid on the seven of diamonds (up) or the seven of
    # hearts (under the five). So the four of hearts never comes out.
    rest = [f"{r}H" for r in "689TJQK"] + [f"{r}S" for r in "6789TJQK"]
    state: st.State = ((13, 13, 3, 5), (_col(2, "7H 4H 5H"),) + (b"\x00",) * 6,
                         bytes(_code(c) for c in rest), 0, 1)
    assert dead_ends.hopeless(state)
    assert not dead_ends.hopeless(state, config=_PLAIN)  # the plain reckoning took the talon six as a place


def test_dead_end_king_needs_an_empty_column() -> None:
    # The queen of spades lies on the face-down jack of spades; its places are
    # the king of diamonds (up) and the king of hearts, in the talon: a king can
    # only be laid in an empty column, and no column can ever be emptied (the
    # six others stand for columns whose bottom card is a king that has to stay:
    # the king of spades, which can only go up after the queen).
    cols = (_col(1, "JS QS"),) + tuple(_col(0, "KS") for _ in range(6))
    state: st.State = ((13, 13, 12, 10), cols, bytes([_code("KH")]), 0, 1)
    assert dead_ends.hopeless(state)
    assert not dead_ends.hopeless(state, config=_PLAIN)


def test_dead_end_column_blocked_through_its_sequence() -> None:
    # The two of clubs lies on the three of diamonds, over the face-down ace
    # and four of clubs. The two can only go up after the ace, or onto a red
    # three: the three of hearts is up and the three of diamonds is the card
    # under it. The three could carry it onto a black four: the four of spades
    # is up and the four of clubs is under them. So the ace never comes out,
    # though the plain reckoning let the two leave "with the cards under it".
    placed = {"AC", "4C", "3D", "2C", "AD", "2D"} | {f"{r}H" for r in _RANKS[:7]} | {
        f"{r}S" for r in _RANKS[:6]}
    talon = [f"{r}{s}" for s in "CDHS" for r in _RANKS if f"{r}{s}" not in placed]
    state: st.State = ((0, 2, 7, 6), (_col(2, "AC 4C 3D 2C"),) + (b"\x00",) * 6,
                         bytes(_code(c) for c in talon), 0, 1)
    assert len(talon) == 52 - 4 - 15
    assert dead_ends.hopeless(state)
    assert not dead_ends.hopeless(state, config=_NO_RUN_HEADS)


def test_dead_end_blocked_across_columns() -> None:
    # From deal 49 (standard). The ace of diamonds lies face down under the
    # six of hearts, which can only go onto the seven of clubs (the seven of
    # spades is up; its own foundation needs the five of hearts under it).
    # The six of diamonds lies on that seven and can leave it only for its
    # foundation, after the ace, or for the seven of spades (up). Moving the
    # whole sequence from the eight of diamonds takes the six along: the
    # seven stays covered, so the ace never comes out.
    cols = (_col(0, "KC QH"), b"\x00", _col(3, "AD KH 5H 6H"),
            _col(0, "KS QD JC TD 9S 8D 7C 6D 5C"), _col(0, "9D 8C 7D 6C 5D 4C"),
            _col(0, "KD QC JD TC 9H"), b"\x00")
    talon = bytes(_code(c) for c in "QS 4D 9C 2D 8H TS 3D JS 3C JH TH 7H".split())
    state: st.State = ((2, 0, 4, 8), cols, talon, 0, 1)
    assert dead_ends.hopeless(state)
    assert not dead_ends.hopeless(state, config=_NO_RUN_HEADS)


def test_two_rank_safe_autoplay() -> None:
    # The five of diamonds may go up: the black fours (the only cards it could
    # take) could only take the red threes, which are up, and can go up
    # themselves since the black threes are.
    state: st.State = ((3, 4, 3, 3), (_col(0, "KC 5D"),) + (b"\x00",) * 6, b"", 0, 1)
    assert gen.auto(state, True)[0] == (3, 5, 3, 3)
    assert gen.auto(state, True, config=Config(safe_plus=False))[0] == (3, 4, 3, 3)
    # Not safe when the other red three is not up yet (a black four may be
    # needed to hold it).
    state = ((3, 4, 2, 3), (_col(0, "KC 5D"),) + (b"\x00",) * 6, b"", 0, 1)
    assert gen.auto(state, True)[0] == (3, 4, 2, 3)


def test_talon_cards_are_laid_only_with_a_card_onto_them() -> None:
    game = new_game("klondike", seed=31, variant="standard")
    state = gen.auto(st.from_table(game.table)[0], True)
    chained = gen.moves(state, True)
    lays = [m for m in chained if m[0] in (st.TAL_T, st.CHAIN)]
    assert all(m[0] == st.CHAIN for m in lays)
    for m in lays:
        # A chain lays talon cards, then ends with a card moved onto the last one.
        parts = [m[i:i + 4] for i in range(1, len(m), 4)]
        assert parts[0][0] == st.TAL_T and len(parts) >= 2
        after = st.play(state, m)
        assert len(after[1][parts[0][2]]) > len(state[1][parts[0][2]]) + 1
    plain = gen.moves(state, True, Config(lay_chains=False))
    assert {m[1:5] for m in lays} <= {m for m in plain if m[0] == st.TAL_T}


@pytest.mark.parametrize("flag", ["strong_dead_ends", "safe_plus", "lay_chains", "run_heads",
                                  "splits"])
@pytest.mark.parametrize(("variant", "seed"), [("standard", 191), ("standard", 1),
                                               ("standard", 19), ("polish", 19),
                                               ("draw-three", 95),
                                               ("draw-three", 16),
                                               ("polish", 0)])
def test_new_rules_do_not_change_answers(flag: str, variant: str, seed: int) -> None:
    on = solve_deal(seed, variant=variant, max_nodes=20_000)
    off = solve_deal(seed, variant=variant, max_nodes=20_000, config=Config(**{flag: False}))
    assert on.status == off.status != "unresolved"
    if on.status == "won":
        assert replay_wins(new_game("klondike", seed=seed, variant=variant), list(on.moves))


@pytest.mark.parametrize(("variant", "seed"), [("standard", 191), ("polish", 19),
                                               ("polish", 0), ("draw-three", 95)])
def test_checking_dead_ends_after_shifts_too_changes_no_answer(variant: str, seed: int) -> None:
    # The solver skips the dead-end check after a move that only shifts a
    # sequence; checking there too proves the same.
    on = solve_deal(seed, variant=variant, max_nodes=20_000)
    off = solve_deal(seed, variant=variant, max_nodes=20_000, config=Config(shift_checks=True))
    assert on.status == off.status != "unresolved"


@pytest.mark.parametrize("seed", [63, 226, 231, 245, 263, 401, 777, 938])
def test_dead_end_rule_does_not_change_losses(seed: int) -> None:
    # Deals the plain reckoning proves lost by search: the stronger dead-end
    # rule proves the same, in no more positions.
    on = solve_deal(seed, variant="standard", max_nodes=20_000)
    off = solve_deal(seed, variant="standard", max_nodes=20_000, config=_NO_RUN_HEADS)
    assert on.status == off.status == "lost"
    assert on.nodes <= off.nodes


# -- draw-three Klondike: which talon cards are within reach -------------------------------


def _engine_reach(game: Game) -> set[str]:
    """The cards the engine's own turns and redeals bring to the top of the waste."""
    probe = game.clone()
    seen: set[str] = set()
    states: set[tuple[int, int]] = set()
    while True:
        top = probe.pile("w").top
        if top is not None:
            seen.add(str(top))
        state = (len(probe.pile("w").cards), len(probe.pile("s").cards))
        if state in states:
            return seen
        states.add(state)
        probe.play("turn" if probe.pile("s").cards else "redeal")


def _random_draw_three_positions(count: int) -> list[Game]:
    """Draw-three positions reached by random legal play, often after a waste card left."""
    import random

    rnd = random.Random(3)
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        game = new_game("klondike", seed=seed, variant="draw-three")
        seed += 1
        for _ in range(rnd.randrange(5, 120)):
            legal = [m for m in game.legal_moves() if not game.is_over]
            if not legal:
                break
            waste = [m for m in legal if m.src == "w"]
            game.play(rnd.choice(waste) if waste and rnd.random() < 0.7 else rnd.choice(legal))
        if not game.is_over and (game.pile("s").cards or game.pile("w").cards):
            found.append(game)
    return found


def test_draw_three_reach_is_what_turns_and_redeals_bring_up() -> None:
    # The solver's reckoning of the talon agrees with the engine's own play,
    # on and off the cycle (after a card was taken from the waste); and the
    # turns it records bring each card to the top.
    off_cycle = 0
    for game in _random_draw_three_positions(60):
        state, _ = st.from_table(game.table)
        talon, pos = state[2], state[3]
        reach = st.reach(talon, pos, state[4], st.DRAW_THREE)
        names = {_name(talon[j]) for j in reach}
        assert names == _engine_reach(game)
        off_cycle += pos % 3 != 0 and pos != len(talon)
        for j in reach:
            rec: list[object] = []
            st.turns(rec, talon, pos, j, 3)  # type: ignore[arg-type]
            probe = game.clone()
            for move in rec:
                probe.play(move)  # type: ignore[arg-type]
            assert probe.pile("w").top == Card.parse(_name(talon[j]))
    assert off_cycle >= 10


def _name(code: int) -> str:
    return _RANKS[code % 13] + "CDHS"[code // 13]


def test_draw_three_positions_on_the_cycle_share_a_key() -> None:
    game = new_game("klondike", seed=4, variant="draw-three")
    keys = set()
    for _ in range(20):  # round the talon more than twice
        state, _ = st.from_table(game.table)
        keys.add(st.key(state, st.DRAW_THREE))
        game.play("turn" if game.pile("s").cards else "redeal")
    assert len(keys) == 1
    # Off the cycle (a card taken from the waste) the split is part of the key.
    game = new_game("klondike", deck=_D3_DECK, variant="draw-three")
    game.play("turn")
    game.play("w>fh")
    state, _ = st.from_table(game.table)
    assert state[3] == 2
    assert st.key(state, st.DRAW_THREE) != st.key((*state[:3], 0, state[4]),
                                                        st.DRAW_THREE)


_D3_DECK = deck_for(stock="7C 2D AH")


def test_a_deal_won_drawing_one_is_lost_drawing_three() -> None:
    # Deal 17: drawing one it comes out at once; drawing three, once the aces
    # of hearts and diamonds have gone up, no card the packets bring up (every third card of
    # the hand) can be played anywhere and nothing moves in the columns, so
    # the packets would go round for ever: the game is dead, and ends lost.
    assert solve_deal(17, variant="standard").status == "won"
    lost = solve_deal(17, variant="draw-three")
    assert lost.status == "lost"
    game = new_game("klondike", seed=17, variant="draw-three")
    game.play("t2>fh")
    assert not game.is_over
    game.play("t2>fd")
    assert game.result == (True, False, DEAD_REASON)


def test_draw_three_keeps_talon_cards_out_of_automatic_moves() -> None:
    # A safe card in the talon is not sent up automatically drawing three:
    # taking it out changes which cards later packets bring up.
    game = new_game("klondike", seed=12, variant="draw-three")
    state, _ = st.from_table(game.table)
    talon = state[2]
    found = (0, 0, 0, 0)
    aces = [j for j, c in enumerate(talon) if c % 13 == 0]
    assert aces
    plain = (found, state[1], talon, state[3], state[4])
    assert gen.auto(plain, st.DRAW_THREE)[2] == talon
    assert len(gen.auto(plain, st.DRAW_ONE)[2]) < len(talon)


def test_draw_three_loss_proved_by_drawing_one() -> None:
    # Deal 31 is lost even drawing one, which the draw-one search proves in a
    # few thousand positions; the draw-three search alone does not finish.
    assert solve_deal(31, variant="standard", max_nodes=60_000).status == "lost"
    assert solve_deal(31, variant="draw-three", max_nodes=60_000).status == "lost"
    assert solve_deal(31, variant="draw-three", max_nodes=20_000,
                      config=Config(relax_share=0.0)).status == "unresolved"


@pytest.mark.parametrize("seed", [0, 16, 36])
def test_draw_three_eager_and_full_search_both_win(seed: int) -> None:
    # The streamliner's wins replay like the full search's.
    eager = solve_deal(seed, variant="draw-three", max_nodes=40_000)
    full = solve_deal(seed, variant="draw-three", max_nodes=40_000,
                      config=Config(restart_share=0.0))
    for solution in (eager, full):
        assert solution.status == "won"
        assert replay_wins(new_game("klondike", seed=seed, variant="draw-three"),
                           list(solution.moves))


def test_draw_three_dead_end_talon_cards_that_never_come_up() -> None:
    # Deal 17 drawing three, after its two aces went up: no card the packets
    # bring up has anywhere to go, so the others never come up and can never
    # go up. Drawing one, every talon card is within reach and the same
    # position is not a dead end.
    game = new_game("klondike", seed=17, variant="draw-three")
    game.play("t2>fh")
    game.play("t2>fd")
    state, _ = st.from_table(game.table)
    assert dead_ends.hopeless(state, st.DRAW_THREE)
    assert not dead_ends.hopeless(state, st.DRAW_ONE)
    # Swap the first card the packets bring up with a card that could go up
    # (an ace or a two that fits, from the columns): now it may leave the
    # talon, every card after it may come up, and the check no longer says lost.
    cols = list(state[1])
    ready = [_code(c) for c in ("AC", "AS", "2D", "2H")]
    holder, ace = next((i, c) for i, col in enumerate(cols) for c in col[1:] if c in ready)
    first = st.reach(state[2], state[3], state[4], st.DRAW_THREE)[0]
    swapped = state[2][first]
    cols[holder] = cols[holder][:1] + bytes(swapped if c == ace else c
                                            for c in cols[holder][1:])
    talon = bytes(ace if j == first else c for j, c in enumerate(state[2]))
    opened = (state[0], tuple(cols), talon, state[3], state[4])
    assert not dead_ends.hopeless(opened, st.DRAW_THREE)


def test_draw_three_dead_end_check_proves_losses_sooner() -> None:
    on = solve_deal(95, variant="draw-three", max_nodes=20_000)
    assert on.status == "lost" and on.nodes < 100


def test_draw_three_restarts_find_a_win_the_ordered_search_misses() -> None:
    # Deal 23 drawing three (with both twin parents tried, as solver 6 did):
    # the first restart wins at once; the search in its usual order needs
    # some 150,000 positions. Restarts are seeded by their number, so the
    # answer is the same every time.
    both = Config(twin_targets=False)
    first = solve_deal(23, variant="draw-three", max_nodes=20_000, config=both)
    assert first.status == "won" and first.nodes < 1_000
    assert replay_wins(new_game("klondike", seed=23, variant="draw-three"), list(first.moves))
    again = solve_deal(23, variant="draw-three", max_nodes=20_000, config=both)
    assert (again.moves, again.nodes) == (first.moves, first.nodes)
    assert solve_deal(23, variant="draw-three", max_nodes=20_000,
                      config=Config(restart_share=0.0, twin_targets=False)).status == "unresolved"



def test_draw_one_restarts_find_a_win_the_ordered_search_misses() -> None:
    # Deal 268 drawing one: the first restart wins within a few dozen
    # positions; the search in its usual order is still unresolved after
    # 20,000 positions (deal 1263, the example of solver version 6, is won by
    # the ordered search from version 8 on).
    first = solve_deal(268, variant="standard", max_nodes=20_000)
    assert first.status == "won" and first.nodes < 200
    assert replay_wins(new_game("klondike", seed=268, variant="standard"), list(first.moves))
    assert solve_deal(268, variant="standard", max_nodes=20_000,
                      config=Config(restarts_drawing_one=False)).status == "unresolved"


def test_the_polish_rules_have_no_restarts() -> None:
    # Measured to resolve no more Polish deals for the same budget: the search
    # there is the ordered one, position for position, whatever the switch says.
    on = solve_deal(1263, variant="polish", max_nodes=3_000)
    off = solve_deal(1263, variant="polish", max_nodes=3_000,
                     config=Config(restarts_drawing_one=False))
    assert (on.status, on.nodes, on.moves) == (off.status, off.nodes, off.moves)

# -- hints: answers in words within a time budget ------------------------------------------


def test_hint_answers_in_words_and_says_when_the_budget_ran_out() -> None:
    from solitaire_widgets.games.klondike.solver import hint

    game = new_game("klondike", deck=EASY, variant="polish")
    won = hint(game, max_seconds=30)
    assert won.status == "won" and won.move is not None and game.is_legal(won.move)
    assert won.answer.startswith("Yes") and won.advice.startswith("Next move")
    lost = hint(new_game("klondike", deck=LOCKED, variant="standard"), max_seconds=30)
    assert lost.status == "lost" and lost.move is None and lost.answer.startswith("No")
    short = hint(new_game("klondike", seed=4, variant="polish"), max_nodes=2)
    assert short.status == "unresolved" and short.move is None
    assert "could not tell within its budget" in short.answer
    assert "does not mean there is none" in short.advice
    other = hint(new_game("chain", seed=1))
    assert other.status == "unresolved" and "Klondike only" in other.answer


def test_polish_loss_proved_by_drawing_one() -> None:
    # Deal 263 is lost drawing one, which the draw-one search proves in a
    # few thousand positions; every Polish line is a draw-one line, so it is
    # lost under the Polish rules too. The Polish search alone does not finish.
    assert solve_deal(263, variant="standard", max_nodes=20_000).status == "lost"
    assert solve_deal(263, variant="polish", max_nodes=20_000).status == "lost"
    assert solve_deal(263, variant="polish", max_nodes=20_000,
                      config=Config(relax_share=0.0)).status == "unresolved"


def test_a_hint_followed_is_answered_at_once_from_its_line() -> None:
    from solitaire_widgets.games.klondike.solver import hint

    game = new_game("klondike", seed=1, variant="polish")
    first = hint(game, max_seconds=60)
    assert first.status == "won" and first.nodes > 0
    for _ in range(10):
        answer = hint(game, max_seconds=60)
        assert answer.status == "won" and answer.nodes == 0  # from the line, no search
        assert answer.move is not None
        game.play(answer.move)
    assert solve(game).status == "won"


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
def test_quick_automatic_moves_look_only_where_a_move_can_have_made_one(variant: str) -> None:
    # From every position the search lists moves at (each played out by the
    # automatic moves), each child settled() calls settled is one auto()
    # leaves as it is; and the search expands the same positions either way.
    mode = st.mode_of(variant)
    parents: list[st.State] = []
    real = gen.moves

    def spy(position: st.State, mode: int, config: Config = DEFAULT) -> list[st.Macro]:
        parents.append(position)
        return real(position, mode, config)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "moves", spy)
        solve_deal(54, variant=variant, max_nodes=1_500,
                   config=Config(quick_auto=False, restarts_drawing_one=False))
    quick = looked = 0
    for parent in parents:
        if gen.auto(parent, mode) != parent:
            continue  # a forced root: not played out
        for mv in gen.moves(parent, mode):
            child = st.play(parent, mv)
            if gen.settled(child, mv, mode):
                quick += 1
                assert gen.auto(child, mode) == child, (parent, mv)
            elif mv[0] in (st.COL_T, st.TAL_T):
                looked += 1
                assert gen.auto(child, mode) != child
    assert quick > 150 and looked > 0, (quick, looked)
    for seed in (4, 51):
        on = solve_deal(seed, variant=variant, max_nodes=3_000)
        off = solve_deal(seed, variant=variant, max_nodes=3_000, config=Config(quick_auto=False))
        assert (on.status, on.nodes, on.moves) == (off.status, off.nodes, off.moves)


#: Deals lost drawing one on which the talon dominance skips positions.
_OUTDONE_DEALS = [70, 263, 641, 999, 1261, 1382, 1506, 1863]


@pytest.mark.parametrize("layouts", [True, False])
def test_talon_dominance_changes_no_answer(layouts: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # Drawing one, a position that one proved lost outdoes (a column's end card
    # back in the talon) is skipped; with and without it the same deals are
    # proved lost, and it does skip positions. Without merged layouts a
    # sequence moves back and forth between twins, so positions are met again
    # on their own path (the proof of loss must wait for the whole cycle).
    skipped = 0
    real = search.talon_dominated

    def spy(*args: object) -> bool:
        nonlocal skipped
        outdone = real(*args)  # type: ignore[arg-type]
        skipped += outdone
        return outdone

    monkeypatch.setattr(search, "talon_dominated", spy)
    on = Config(merge_layouts=layouts)
    off = Config(merge_layouts=layouts, talon_dominance=False)
    for seed in _OUTDONE_DEALS:
        assert solve_deal(seed, variant="standard", max_nodes=60_000, config=on).status == "lost"
        assert solve_deal(seed, variant="standard", max_nodes=60_000, config=off).status == "lost"
    assert skipped >= 200


@pytest.mark.parametrize("seed", [163, 345, 377])
def test_positions_skipped_as_outdone_are_lost(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # On deals won drawing one (where a wrong skip could hide a win), each
    # position the dominance skipped, searched again without it: lost.
    skipped: list[st.State] = []
    real = search.talon_dominated

    def spy(position: st.State, *args: object) -> bool:
        outdone = real(position, *args)  # type: ignore[arg-type]
        if outdone:
            skipped.append(position)
        return outdone

    monkeypatch.setattr(search, "talon_dominated", spy)
    assert solve_deal(seed, variant="standard", max_nodes=20_000).status == "won"
    monkeypatch.setattr(search, "talon_dominated", real)
    assert len(skipped) >= 30
    off = Config(talon_dominance=False)
    for position in skipped[::len(skipped) // 10][:10]:
        assert search.solve_position(position, False, st.DRAW_ONE, 60_000, None,
                                     config=off)[0] == "lost"


#: The full search that passes over positions lost drawing one, almost alone.
CHECKED = Config(checked_share=0.95, checked_after=0, relax_share=0.0, restart_share=0.0)


@pytest.mark.parametrize(("variant", "seed"), [("draw-three", 75), ("draw-three", 90),
                                               ("draw-three", 141)])
def test_positions_passed_over_as_lost_drawing_one_are_lost(
        variant: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # On deals the checked search wins (where a wrong pass could hide a win),
    # each position it passed over, searched again drawing one with another
    # plan (no talon dominance, nothing remembered): lost.
    passed: list[st.State] = []
    real = search.RelaxedChecks.lost

    def spy(self: search.RelaxedChecks, position: st.State, room: int) -> bool:
        gone = real(self, position, room)
        if gone:
            passed.append(position)
        return gone

    monkeypatch.setattr(search.RelaxedChecks, "lost", spy)
    assert solve_deal(seed, variant=variant, max_nodes=20_000, config=CHECKED).status == "won"
    monkeypatch.setattr(search.RelaxedChecks, "lost", real)
    assert len(passed) >= 20
    off = Config(talon_dominance=False)
    for position in passed[::len(passed) // 10][:10]:
        assert search.solve_position(position, False, st.DRAW_ONE, 60_000, None,
                                     config=off)[0] == "lost"


@pytest.mark.parametrize(("variant", "seed", "answer"), [
    ("draw-three", 628, "lost"), ("draw-three", 86, "won"), ("draw-three", 119, "lost"),
    ("draw-three", 191, "lost")])
def test_the_checked_search_changes_no_answer(variant: str, seed: int, answer: str) -> None:
    # The stored studies' answers (the plain searches'), found again by the
    # checked search alone; 628 drawing three took the plain searches more
    # than 1,000,000 positions.
    assert solve_deal(seed, variant=variant, max_nodes=60_000, config=CHECKED).status == answer


def test_the_checked_search_starts_late(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[st.State] = []
    real = search.RelaxedChecks.lost

    def spy(self: search.RelaxedChecks, position: st.State, room: int) -> bool:
        asked.append(position)
        return real(self, position, room)

    monkeypatch.setattr(search.RelaxedChecks, "lost", spy)
    # Decided within DEFAULT.checked_after positions: no draw-one check made,
    # and the same positions searched as without the checked search.
    early = solve_deal(75, variant="draw-three", max_nodes=200_000)
    assert early.nodes < DEFAULT.checked_after and not asked
    assert solve_deal(75, variant="draw-three", max_nodes=200_000,
                      config=Config(checked_share=0.0)).nodes == early.nodes
    # Not decided by then: the checked search takes its turns, and its checks
    # keep within the budget.
    budget = DEFAULT.checked_after + 50_000
    late = solve_deal(54, variant="draw-three", max_nodes=budget)
    assert late.status == "unresolved" and late.nodes <= budget
    assert asked
