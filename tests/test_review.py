"""The review of a game (``solitaire_widgets.review``) against positions of known status.

Small Klondike positions are settled by brute force (``tests/solver_support.py``,
every legal move tried), so every verdict of a review of a game played on
from one is checked, each position searched again on its own and replayed
from the start rather than taken back; the turning point must be exact:
winnable before it, lost after it, and its better move a real win. Whole
deals are checked against the stored studies (``benchmarks/data``): the
review's verdict on the opening deal is the study's.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.game import Game
from solitaire_widgets.review import Review, Reviewer, naive_review, review
from solitaire_widgets.strategies import RandomStrategy, get_strategy, play_out
from tests.solver_support import brute_force, small_position

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"


def _replayed(start: Game, game: Game, index: int) -> Game:
    """``start`` with the first ``index`` moves of ``game`` played on it (not taken back)."""
    copy = start.clone()
    for step in game.history[:index]:
        copy.play(step.move)
    return copy


def _played_on(start: Game, rnd: random.Random, moves: int) -> Game:
    game = start.clone()
    player = RandomStrategy(rnd.randrange(1 << 30))
    for _ in range(moves):
        if game.is_over:
            break
        move = player.choose(game)
        if move is None:
            break
        game.play(move)
    return game


def _check_turning_point(game: Game, result: Review) -> None:
    """Winnable before the turning point, lost after it, and its better move wins."""
    k = result.turning_point
    assert k is not None
    assert result.verdicts[: k + 1] == ["won"] * (k + 1)
    assert result.verdicts[k + 1:] == ["lost"] * (len(result.verdicts) - k - 1)
    assert result.better is not None and result.better != game.history[k].move
    assert result.line[0] == result.better
    at = Reviewer(game).game_at(k)
    for move in result.line:
        at.play(move)
    assert at.is_won


#: The most positions a brute force may see with worrying back (cards come back, so
#: its searches are long); a position it cannot settle so is left out.
LIMIT = 2_000


def _truth(game: Game, worrying_back: str) -> bool | None:
    return brute_force(game, LIMIT) if worrying_back == "yes" else brute_force(game)


@cache
def _small_games(variant: str, worrying_back: str) -> list[tuple[Game, Game]]:
    """(start, game played on from it by a random player) for winnable small positions:
    four whose win was thrown away, two still winnable or won. With worrying back a
    small position that can be won cannot be thrown away (every card can come back):
    there, four still winnable or won, and the turning points are checked on whole
    deals (:func:`test_the_verdict_on_the_opening_is_the_studys`)."""
    rnd = random.Random(f"review {variant} {worrying_back}")
    thrown: list[tuple[Game, Game]] = []
    kept: list[tuple[Game, Game]] = []
    wanted, still = (0, 4) if worrying_back == "yes" else (4, 2)
    while len(thrown) < wanted or len(kept) < still:
        start = small_position(variant, rnd, loose_cards=(5, 9), hand=(1, 4),
                               worrying_back=worrying_back)
        if not start.legal_moves() or not _truth(start, worrying_back):
            continue
        game = _played_on(start, rnd, rnd.randint(3, 20))
        end = True if game.is_won else _truth(game, worrying_back)
        if end is None:
            continue
        pile = kept if end else thrown
        if len(pile) < (still if pile is kept else wanted):
            pile.append((start, game))
    return thrown + kept


@pytest.mark.parametrize("variant,worrying_back", [
    ("polish", "no"), ("standard", "no"), ("draw-three", "no"), ("standard", "yes"),
    ("draw-three", "yes")])
def test_every_verdict_equals_brute_force_and_the_turning_point_is_exact(
        variant: str, worrying_back: str) -> None:
    turning_points = 0
    for start, game in _small_games(variant, worrying_back):
        result = review(game)
        for i, verdict in enumerate(result.verdicts):
            known = _truth(_replayed(start, game, i), worrying_back)
            if known is not None:
                assert verdict == ("won" if known else "lost"), (i, game.to_json())
        assert "unknown" not in result.verdicts
        if game.is_won or result.verdicts[-1] == "won":
            assert result.turning_point is None
        else:
            assert result.verdicts[0] == "won"
            _check_turning_point(game, result)
            turning_points += 1
    assert turning_points == (0 if worrying_back == "yes" else 4)


def test_the_review_shares_what_it_learns_and_searches_fewer_positions() -> None:
    for _start, game in _small_games("polish", "no"):
        result = review(game)
        assert result.verdicts == naive_review(game)
        assert result.searched <= max(1, (game.moves_played + 1).bit_length() + 1)


def _study(name: str) -> dict[int, dict[str, Any]]:
    data = json.loads((DATA / f"klondike_study_{name}.json").read_text())
    return {row["seed"]: row for row in data["deals"]}


#: Deals the built-in player loses whose status the studies settled in few nodes
#: (so their reviews are short): for each study, two the solver wins (the review
#: must find an exact turning point) and two it cannot win.
STUDY_DEALS = {
    "polish": {"won": (109, 267), "lost": (40, 152)},
    "standard": {"won": (96, 213), "lost": (40, 159)},
    "draw-three": {"won": (216, 73), "lost": (40, 152)},
    "standard-wb": {"won": (96, 213), "lost": (40, 159)},
    "draw-three-wb": {"won": (216, 73), "lost": (40, 152)},
}
#: Enough for every deal above; the studies searched up to 800,000.
STUDY_BUDGET = 20_000


def _lost_by_the_player(study_name: str, seed: int) -> Game:
    game = new_game("klondike", seed=seed, variant=study_name.removesuffix("-wb"),
                    worrying_back="yes" if study_name.endswith("-wb") else "no")
    play_out(game, get_strategy("klondike"))
    assert not game.is_won, seed
    return game


@pytest.mark.parametrize("study_name", list(STUDY_DEALS))
def test_the_verdict_on_the_opening_is_the_studys(study_name: str) -> None:
    study = _study(study_name)
    for status, seeds in STUDY_DEALS[study_name].items():
        for seed in seeds:
            assert study[seed]["status"] == status and study[seed]["nodes"] < 100, seed
            game = _lost_by_the_player(study_name, seed)
            result = review(game, max_nodes=STUDY_BUDGET)
            assert "unknown" not in result.verdicts, seed
            assert result.verdicts[0] == status, seed
            if status == "won":
                _check_turning_point(game, result)
            else:
                assert result.turning_point is None and set(result.verdicts) == {"lost"}


def test_worrying_back_drawing_three_says_so_when_its_budget_cannot_settle() -> None:
    # Deal 284 can be won (the study), and the opening is proved so within the
    # budget, but one position (after move 10) of the player's game is not settled: the review
    # says it does not know rather than naming a turning point.
    assert _study("draw-three-wb")[284]["status"] == "won"
    game = _lost_by_the_player("draw-three-wb", 284)
    result = review(game, max_nodes=3_000)
    assert result.verdicts[0] == "won" and result.verdicts[-1] == "lost"
    assert "unknown" in result.verdicts and result.turning_point is None
    assert result.between == (9, 10)
    assert result.better is None and "could not settle" in result.summary()


def test_a_won_game_needs_no_search() -> None:
    game = new_game("klondike", seed=0)
    play_out(game, get_strategy("klondike"))
    assert game.is_won
    result = review(game)
    assert set(result.verdicts) == {"won"} and result.searched == 0
    assert result.turning_point is None and result.to_dict()["turning_point"] is None


def _bound_study(game: str) -> dict[int, str]:
    data = json.loads((DATA / f"{game}_bound.json").read_text())["readings"]["book"]
    columns = data["columns"]
    return {row[0]: row[columns.index("status")] for row in data["deals"]}


def test_chain_verdicts_are_the_bound_studys_and_every_position_is_settled() -> None:
    study = _bound_study("chain")
    turning = 0
    # The first deals, and two the built-in player loses though the study wins them.
    for seed in [*range(30), 471, 960]:
        game = new_game("chain", seed=seed)
        play_out(game, get_strategy("chain"))
        result = review(game)
        assert "unknown" not in result.verdicts
        assert result.verdicts[0] == study[seed], seed
        assert result.verdicts == naive_review(game)
        if study[seed] == "won" and not game.is_won:
            _check_turning_point(game, result)
            turning += 1
    assert turning >= 2


def test_quarrel_says_so_when_its_search_cannot_settle() -> None:
    study = _bound_study("quarrel")
    seed = next(s for s in range(50) if study[s] == "won")
    game = new_game("quarrel", seed=seed)
    play_out(game, get_strategy("quarrel"))
    assert not game.is_won
    starved = review(game, max_nodes=1)
    assert "unknown" in starved.verdicts and starved.turning_point is None
    assert starved.verdicts[-1] == "lost"  # the end is lost without a search
    full = review(game, max_nodes=200_000)
    assert full.verdicts[0] == "won"
    _check_turning_point(game, full)


def test_a_budget_leaves_positions_unknown_and_says_where_the_win_was_lost() -> None:
    game = new_game("klondike", seed=2)
    play_out(game, get_strategy("klondike"))
    result = review(game, max_nodes=1)
    assert result.turning_point is None and "unknown" in result.verdicts
    data: dict[str, Any] = result.to_dict()
    assert data["turning_point"] is None and data["steps"][-1]["verdict"] == "lost"
    assert "could not settle" in result.summary()


def test_progress_is_reported_and_a_review_can_be_stopped() -> None:
    game = new_game("klondike", seed=2)
    play_out(game, get_strategy("klondike"))
    shares: list[float] = []

    def stop_after_one(share: float) -> bool:
        shares.append(share)
        return False

    stopped = review(game, progress=stop_after_one)
    assert len(shares) == 1 and 0 < shares[0] < 1
    assert not stopped.complete and stopped.searched == 1
    done: list[float] = []
    full = review(game, progress=done.append)
    assert full.complete and done == sorted(done) and done[-1] == 1.0


def test_bad_budgets_are_refused_in_words() -> None:
    game = new_game("klondike", seed=2)
    with pytest.raises(ValueError, match="budget"):
        review(game, max_nodes=0)
    with pytest.raises(ValueError, match="budget"):
        review(game, max_nodes="many")  # type: ignore[arg-type]


@cache
def _lost_game() -> Game:
    """Deal 2 under the Polish rules as the built-in player loses it (the solver wins it)."""
    game = new_game("klondike", seed=2)
    play_out(game, get_strategy("klondike"))
    assert not game.is_won
    return game


@cache
def _lost_review() -> Review:
    """The review of :func:`_lost_game`, shared by the tests that only read it."""
    return review(_lost_game())


def test_the_command_reviews_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_widgets.cli import main

    game = _lost_game()
    save = tmp_path / "lost.json"
    save.write_text(game.to_json())
    expected = _lost_review()
    assert main(["review", str(save), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["turning_point"] == expected.turning_point is not None
    assert [step["verdict"] for step in data["steps"]] == expected.verdicts[1:]
    assert data["start"] == "won" and len(data["steps"]) == game.moves_played
    assert data["better_move"] == str(expected.better) and data["winning_line"]
    assert main(["review", str(save), "--line"]) == 0
    text = capsys.readouterr().out
    assert "<- the turning point" in text and expected.summary() in text
    assert main(["--language", "pl", "review", str(save)]) == 0
    assert "Rozdanie dało się wygrać do ruchu" in capsys.readouterr().out
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    save.write_text("{}")
    assert main(["review", str(save), "--json"]) == 2


def test_a_page_table_reviews_step_by_step_jumps_and_refuses_in_words() -> None:
    from solitaire_widgets.web.session import PageSession

    game = _lost_game()
    expected = _lost_review()
    session = PageSession(game.clone())
    view = session.handle({"op": "review"})
    steps = 0
    while view["review"]["running"]:
        assert 0 < view["review"]["progress"] < 1 and view["review"]["label"] == "Stop"
        view = session.handle({"op": "reviewstep"})
        steps += 1
    assert steps >= 2
    assert session.game.moves_played == expected.turning_point
    assert view["message"].startswith(expected.summary())
    assert view["review"]["html"].count("sw-review-cell") == game.moves_played + 1
    view = session.handle({"op": "reviewjump", "position": 3})
    assert session.game.moves_played == 3 and view["message"].startswith("After move 3")
    view = session.handle({"op": "reviewjump", "position": 1000})
    assert view["error"] and session.game.moves_played == 3
    # Another move there leaves the history reviewed: the strip goes.
    other = next(m for m in session.game.legal_moves() if m != game.history[3].move)
    view = session.handle({"op": "play", "move": str(other)})
    assert view["review"]["html"] == ""
    # Any other request stops a review going on.
    session.handle({"op": "review"})
    view = session.handle({"op": "undo"})
    assert not view["review"]["running"]
