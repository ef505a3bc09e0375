"""A game and an example as kernel-free replays: their frames and their players.

Each builds the :class:`~solitaire_widgets.replay.Replay` of a game or an
example and draws its steps as frames (:func:`game_frames`,
:func:`replay_frames`), which the renderer's
:func:`~solitaire_widgets.render.player.html_player` turns into a
self-contained HTML player (:func:`game_player`, :func:`example_html`).

>>> from solitaire_widgets import new_game
>>> "<button" in game_player(new_game("chain", seed=5))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .i18n import N_, _
from .render.display import replay_still
from .render.player import Frames, frame, html_player
from .replay import Replay

if TYPE_CHECKING:  # pragma: no cover
    from .examples import Example
    from .game import Game

__all__ = ["game_frames", "game_player", "replay_frames", "example_html", "HELD_STEPS",
           "SAVE_LIMIT", "PICTURE_NOTE"]


def _replay_frames(replay: Replay, width: float, four_colour: bool,
                   defs: dict[str, str] | None = None,
                   steps: Sequence[int] | None = None) -> Frames:
    """A frame of each of ``steps`` (every step if None) of ``replay``; with ``defs``,
    the card pictures go there, not in each frame."""
    game = replay.game
    return [frame(game.rules, replay.position(k), replay.caption(k), width, four_colour,
                   replay.title, defs)
            for k in (range(len(replay.steps)) if steps is None else steps)]


def game_frames(game: Game, width: float = 720.0, four_colour: bool = False) -> Frames:
    """``(svg, caption)`` for the opening deal and for each step of ``game.history``.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("chain", seed=5)
    >>> _ = game.play(game.legal_moves()[0])
    >>> [caption[:7] for _svg, caption in game_frames(game, 360)]
    ['The dea', 'Step 1:']
    """
    return _replay_frames(Replay(game, title=_(game.rules.title)), width, four_colour)


#: A game's player holds the deal and at most this many last steps as pictures.
HELD_STEPS = 20
#: A game's save goes with its player (so a page with the in-page engine can
#: show every step) up to this many moves; a longer game shows the held steps.
SAVE_LIMIT = 5000
#: The kernel-free picture of a table says this under it.
PICTURE_NOTE = N_("A picture of the table: with a running Python kernel it is a table "
                  "you can play.")


def game_player(game: Game, title: str = "", width: float = 720.0,
                four_colour: bool = False, held: int = HELD_STEPS, picture: str = "") -> str:
    """The kernel-free player of a game: the deal and the last ``held`` steps as pictures.

    Only the held steps are drawn (the others are only played, which is
    quick), so a long game costs little more than a short one. The save goes
    with it (up to :data:`SAVE_LIMIT` moves), so a page with the in-page
    engine shows every step. A game with no move yet is a picture, no controls.
    ``picture``: what stands where scripts do not run (see :func:`html_player`).

    >>> from solitaire_widgets import new_game
    >>> "<button" in game_player(new_game("chain", seed=5))
    False
    """
    replay = Replay(game, title=_(game.rules.title))
    last = replay.last
    first_held = max(1, last - held + 1)
    defs: dict[str, str] = {}
    held_steps = [0, *range(first_held, last + 1)]
    frames = _replay_frames(replay, width, four_colour, defs, held_steps)
    title = title or f"{_(game.rules.title)}, {game.deal_name}"
    if last == 0:
        return html_player(frames, title, note=_(PICTURE_NOTE), defs=defs, picture=picture)
    return html_player(frames, title, steps=held_steps, count=last + 1,
                       save=game.to_json() if last <= SAVE_LIMIT else None, defs=defs,
                       picture=picture)


def replay_frames(example: Example, width: float = 720.0, four_colour: bool = False) -> Frames:
    """``(svg, caption)`` for an example's deal and each of its steps, with its own words.

    >>> from solitaire_widgets.examples import get_example
    >>> frames = replay_frames(get_example("chain-first-layout"), 360)
    >>> frames[0][1].startswith("The deal")
    True
    """
    return _replay_frames(Replay(example, deal_by_card=True), width, four_colour)


def example_html(example: Example) -> str:
    """An example shown on its own: a kernel-free player of its steps; where
    scripts do not run (a notebook opened untrusted), a picture of its deal.

    >>> from solitaire_widgets.examples import get_example
    >>> "sw-player" in example_html(get_example("chain-first-layout"))
    True
    """
    _svg, picture = replay_still(example.play(), str(example.title))
    return html_player(replay_frames(example), str(example.title), picture=picture)
