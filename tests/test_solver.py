"""The Klondike solver: wins replay in the engine, losses are proved, budgets are honoured."""

from __future__ import annotations

import pytest

from solitaire_widgets import IllegalMoveError, new_game
from solitaire_widgets.cards import Card, parse_cards
from solitaire_widgets.game import Game
from solitaire_widgets.solver import can_win, next_move, solve, solve_deal
from solitaire_widgets.solver import klondike as core


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


@pytest.mark.parametrize("variant", ["polish", "standard"])
def test_easy_deal_is_won_and_replays(variant: str) -> None:
    game = new_game("klondike", deck=EASY, variant=variant)
    solution = solve(game)
    assert solution.status == "won"
    assert solution.nodes < 1000
    fresh = new_game("klondike", deck=EASY, variant=variant)
    assert replay_wins(fresh, list(solution.moves))


@pytest.mark.parametrize("variant", ["polish", "standard"])
def test_seeded_deals_replay_to_a_win(variant: str) -> None:
    wins = 0
    for seed in range(4):
        solution = solve_deal(seed, variant=variant, max_nodes=8_000)
        if solution.status == "won":
            wins += 1
            game = new_game("klondike", seed=seed, variant=variant)
            assert replay_wins(game, list(solution.moves)), seed
    assert wins >= 2


@pytest.mark.parametrize("variant", ["polish", "standard"])
def test_locked_deal_is_lost(variant: str) -> None:
    game = new_game("klondike", deck=LOCKED, variant=variant)
    assert solve(game).status == "lost"
    assert can_win(game) is False
    assert next_move(game) is None


@pytest.mark.parametrize("std", [False, True])
def test_locked_deal_is_lost_by_search_alone(std: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    # With the relaxed dead-end check switched off, the exhaustive search
    # still proves the loss (the check is only a short cut).
    monkeypatch.setattr(core, "hopeless", lambda state: False)
    game = new_game("klondike", deck=LOCKED, variant="standard" if std else "polish")
    state, _ = core.from_table(game.table)
    root = core.auto(state, std)
    status, _, nodes = core.search(root, core.moves(root, std), std, 200_000, None)
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


@pytest.mark.parametrize("variant", ["polish", "standard"])
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
    other.history = []
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
                                               ("standard", 24), ("polish", 0), ("standard", 1)])
def test_move_filters_do_not_change_answers(variant: str, seed: int,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # The filters that put moves off are sound; on deals small enough to solve
    # both ways, switching them off gives the same answer.
    pruned = solve_deal(seed, variant=variant, max_nodes=5_000).status
    monkeypatch.setattr(core, "PRUNE", False)
    unpruned = solve_deal(seed, variant=variant, max_nodes=5_000).status
    assert pruned == unpruned != "unresolved"


def test_move_filters_do_not_change_the_waste_limited_loss(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "PRUNE", False)
    game = new_game("klondike", deck=WASTE_LIMITED, variant="polish")
    assert solve(game, max_nodes=50_000).status == "lost"
