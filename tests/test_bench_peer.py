"""The peer benchmark hands pyksolve our deals card for card (skipped without pyksolve)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bench_peer as peer  # type: ignore[import-not-found]  # noqa: E402


def test_the_deck_string_deals_columns_row_by_row_then_the_stock_from_its_top() -> None:
    game = peer.our_deal(0)
    deck = peer.deck_string(game)
    cards = [deck[i:i + 3] for i in range(0, len(deck), 3)]
    assert len(cards) == 52 and len(set(cards)) == 52
    shortest = next(game.table.piles[f"t{i}"] for i in range(1, 8)
                    if len(game.table.piles[f"t{i}"].cards) == 1)
    longest = next(game.table.piles[f"t{i}"] for i in range(1, 8)
                   if len(game.table.piles[f"t{i}"].cards) == 7)

    def code(card: object) -> str:
        text = str(card)
        return f"{peer.RANKS.index(text[0]) + 1:02d}{peer.SUIT_DIGITS[text[1]]}"

    assert cards[0] == code(shortest.cards[0])          # column 1's one card
    assert cards[6] == code(longest.cards[0])           # the bottom of column 7
    assert cards[27] == code(longest.cards[-1])         # the last card dealt, face up
    assert cards[28] == code(game.table.piles["s"].cards[-1])  # the stock's top
    assert cards[51] == code(game.table.piles["s"].cards[0])


@pytest.mark.parametrize("seed", [0, 1, 7, 23, 39])
def test_pyksolve_lays_out_our_deal_card_for_card(seed: int) -> None:
    pytest.importorskip("pyksolve")
    game = peer.our_deal(seed)
    loaded = peer.peer_game(game)
    assert peer.peer_layout(loaded) == peer.our_layout(game)
    # The peer's own deck string is the one it was given.
    assert loaded.get_solitaire() == peer.deck_string(game)


def test_the_solvers_agree_on_a_few_deals() -> None:
    pytest.importorskip("pyksolve")
    result = peer.compare([0, 2], 20_000, 200_000)
    assert result["disagreements"] == []
    assert [row["ours"] for row in result["deals"]] == ["won", "won"]
    assert [row["peer"] for row in result["deals"]] == ["won", "won"]
