"""A page table's review, in the worker: the requests and what the view says of it.

The page presses Review (``{"op": "review"}``), then asks for one search at a
time (``reviewstep``) while the view's ``review.running`` is true, drawing the
progress between them; ``reviewstop`` (the button, now "Stop", or any other
request of the table) stops it between two searches. ``reviewjump``
(``position``) shows a position of the game reviewed (a click on the strip).
The work is :class:`~solitaire_widgets.review_run.ReviewRun`'s, the
strip's HTML :func:`~solitaire_widgets.review_run.strip_html`, as in the
GameWidget.

>>> from solitaire_widgets.web.session import PageSession
>>> session = PageSession("chain", seed=5)
>>> session.handle({"op": "review"})["review"]["enabled"]
False
>>> session.message
'Play a move first: a review looks back over the moves played.'
"""

from __future__ import annotations

from typing import Any

from ..controller import Change
from ..i18n import _
from ..review import can_review
from ..review_run import ReviewRun, strip_html

__all__ = ["REVIEW_OPS", "review_request", "review_view"]

#: The table requests of a review.
REVIEW_OPS = ("review", "reviewstep", "reviewstop", "reviewjump")


def review_request(review: ReviewRun, op: str, request: dict[str, Any]) -> Change:
    """Carry out a review request; the change to draw."""
    if op == "review":
        if review.running:
            review.stop()
            return Change()
        if review.begin():
            return _step(review)
        return Change(ok=False)
    if op == "reviewstep":
        return _step(review) if review.running else Change()
    if op == "reviewstop":
        review.stop()
        return Change()
    return review.jump(request["position"])


def _step(review: ReviewRun) -> Change:
    if review.step():
        return Change()
    return review.finish() if review.result is not None else Change()


def review_view(review: ReviewRun) -> dict[str, Any]:
    """The view's ``review``: the button (``label``, ``enabled``, ``title``),
    ``running``, ``progress`` (0 to 1) and the strip (``html``; empty without one)."""
    game = review.table.game
    running = review.running
    strip = review.strip()
    return {
        "label": _("Stop") if running else _("Review"),
        "title": _("Where could the game no longer be won, and what would have kept the win?"),
        "enabled": running or bool(can_review(game) and game.moves_played),
        "shown": can_review(game),
        "running": running,
        "progress": review.progress,
        "html": strip_html(strip),
    }
