"""Every request to the in-page tables gets an answer, whatever the page (or anyone) sends.

The worker's entry point (``worker_api.call``) takes JSON text and must
always give JSON back: a table's view, or an error in a player's words,
never an exception (the page would show a dead table). ``PageSession.handle``
raises only the package's own errors, and a refused request changes nothing.
A view sends only what changed in the move list; the drawings a table keeps
for the page are bounded; a table's name never reaches an SVG id unchecked.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from solitaire_widgets import new_game
from solitaire_widgets.errors import RequestError, SolitaireError
from solitaire_widgets.web import worker_api
from solitaire_widgets.web.session import MAX_STATICS, PageSession, ReplaySession, check_request
from solitaire_widgets.web.worker_api import call

# The slow ones (the solver, a whole auto-finish) are tried in tests/test_web.py.
FAST_OPS = ["play", "undo", "redo", "hint", "finishstep", "finishstop", "new", "press", "move",
            "release", "leave", "key", "view", "state", "legal", "save", "open", "replay",
            "frames", "frobnicate", ""]
FIELDS = ["move", "played", "seed", "x", "y", "t", "key", "game", "save", "options", "width",
          "title", "index", "count"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)


def _field_value(field: str) -> st.SearchStrategy[Any]:
    good = {"move": st.sampled_from(["turn", "redeal", "t1>f1", "l5>fh", "fill", "aux"]),
            "seed": st.integers(0, 50) | st.just("7") | st.just(""),
            "x": st.floats(0, 800), "y": st.floats(0, 500), "key": st.sampled_from(
                ["ArrowLeft", "Enter", "f", "u", "Escape"]),
            "game": st.sampled_from(["chain", "quarrel", "klondike", "poker"])}
    return good.get(field, st.nothing()) | json_values | st.sampled_from(
        [float("inf"), float("-inf"), float("nan"), 10**400, 1e308, -1, True, "abc", None, []])


requests = st.builds(
    lambda op, table, extra: {"op": op, "table": table, **dict(extra)},
    st.sampled_from(FAST_OPS) | json_values,
    st.sampled_from(["fuzz", "none-such", 'x"<svg onload=alert(1)>']) | json_values,
    st.lists(st.sampled_from(FIELDS).flatmap(
        lambda field: st.tuples(st.just(field), _field_value(field))), max_size=4),
)


def _check_answer(text: str) -> Any:
    answer = json.loads(text)
    if isinstance(answer, dict) and answer.get("error"):
        assert isinstance(answer["message"], str) and answer["message"]
        assert "could not answer" not in answer["message"], answer["message"]
    return answer


@pytest.fixture(autouse=True)
def _fresh_worker():
    worker_api._tables.clear()
    worker_api._replays.clear()
    yield
    worker_api._tables.clear()
    worker_api._replays.clear()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
@example(float("inf")).via("a number that is not finite")
@example([[[]]]).via("a list")
def test_any_json_value_gets_a_json_answer(value: Any) -> None:
    answer = _check_answer(call(json.dumps(value)))
    assert answer["error"] and answer["refused"]


@pytest.mark.parametrize("text", [
    "null", "[]", "5", '"x"', "{not json", "", "[" * 100_000, '{"a":' * 50_000,
    '{"op": "open", "game": "chain", "seed": Infinity}',
    '{"op": "open", "game": "chain", "seed": 1e400}',
    '{"op": "open", "game": "chain", "seed": NaN}',
    '{"op": "open", "game": "chain", "seed": ' + "9" * 5000 + "}",
    '{"op": "replay", "save": "{}", "width": -Infinity}',
    '{"op": "open", "table": "t", "game": "chain", "options": {"a": [1]}}',
    json.dumps({"op": "open", "table": "t", "save": "x" * 5_000_000}),
])
def test_malformed_requests_are_refused_in_words(text: str) -> None:
    answer = _check_answer(call(text))
    assert answer["error"] and answer["refused"] and answer["message"].endswith(".")


@pytest.mark.parametrize("width", [0, -5, float("nan"), float("inf"), 1e9, "720", None])
def test_a_replay_width_is_refused_up_front(width: Any) -> None:
    game = new_game("chain", seed=5)
    game.play(game.legal_moves()[0])
    answer = _check_answer(call(json.dumps({"op": "replay", "table": "r", "save": game.to_json(),
                                            "width": width})))
    assert answer["error"] and ("width" in answer["message"]
                                or "only finite numbers" in answer["message"])
    assert "r" not in worker_api._replays
    with pytest.raises(RequestError, match="width"):
        ReplaySession(game.to_json(), width)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(requests, min_size=1, max_size=6))
def test_the_worker_answers_every_request_with_json(batch: list[dict[str, Any]]) -> None:
    call(json.dumps({"op": "open", "table": "fuzz", "game": "chain", "seed": 3}))
    for request in batch:
        answer = _check_answer(call(json.dumps(request)))
        assert isinstance(answer, (dict, list, str))
        if isinstance(answer, dict) and "cards" in answer:   # a view: the page can draw it
            assert {"history", "statics", "defs", "message", "error"} <= set(answer)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["chain", "quarrel", "klondike"]), st.lists(requests, max_size=5))
def test_handle_raises_only_the_packages_errors_and_a_refusal_changes_nothing(
        name: str, batch: list[dict[str, Any]]) -> None:
    session = PageSession(name, seed=2)
    for request in batch:
        before = (session.game, session.game.to_json(), session.message)
        try:
            view = session.handle(request)
        except RequestError:
            assert (session.game, session.game.to_json(), session.message) == before
        except SolitaireError:
            pass
        else:
            assert isinstance(view, dict)


def test_a_request_is_checked_field_by_field() -> None:
    refused = [
        ({"op": "press", "x": "a", "y": 1}, "the pointer's x should be a number, not 'a'"),
        ({"op": "press", "x": 10**400, "y": 1}, "the pointer's x should be a number from"),
        ({"op": "press", "x": 1, "y": None}, "the pointer's y should be a number, not null"),
        ({"op": "new", "seed": "abc"}, "a deal number is a whole number from 0 to"),
        ({"op": "new", "seed": 1.5}, "a deal number is a whole number"),
        ({"op": "new", "seed": True}, "a deal number is a whole number"),
        ({"op": "finishstep", "played": None}, "the moves auto-finish played should be"),
        ({"op": "finishstep", "played": -1}, "the moves auto-finish played should be"),
        ({"op": "play", "move": 5}, "the move should be text, not 5"),
        ({"op": "play", "move": "x" * 1000}, "the move is 1,000 characters long"),
        ({"op": "key", "key": ["Enter"]}, "the key's name should be text, not a list"),
        ({"op": 5}, "the request's op should be text, not 5"),
        ({"op": "table"}, "there is no request 'table'"),
        ({"op": "play", "table": {}}, "the table's name should be text, not an object"),
    ]
    for request, words in refused:
        with pytest.raises(RequestError, match="^" + re.escape(words)):
            check_request(request)
    assert check_request({"op": "new", "seed": "17"})["seed"] == 17
    assert check_request({"op": "new", "seed": None})["seed"] is None
    assert check_request({"op": "finishstep", "played": 3.0})["played"] == 3
    assert "t" not in check_request({"op": "press", "x": 1, "y": 2, "t": None})


def test_a_bad_request_to_a_table_answers_its_view_with_the_reason() -> None:
    call(json.dumps({"op": "open", "table": "t", "game": "chain", "seed": 54}))
    before = worker_api._tables["t"].game.to_json()
    for request in ({"op": "press", "table": "t", "x": "a"},
                    {"op": "finishstep", "table": "t", "played": None},
                    {"op": "new", "table": "t", "seed": "abc"}):
        view = _check_answer(call(json.dumps(request)))
        assert "cards" in view and view["error"] and not view["played"], request
        assert view["message"][0].isupper() and view["message"].endswith(".")
    view = _check_answer(call('{"op": "play", "table": "t", "move": Infinity}'))
    assert view["error"] and view["message"] == "A request holds only finite numbers, not Infinity."
    assert worker_api._tables["t"].game.to_json() == before, "a refused request changes nothing"


def test_a_table_name_never_reaches_an_svg_id_unchecked() -> None:
    for name in ('x" onload="alert(1)', "a b", "<svg>", "", "é", "-x", "1x"):
        view = _check_answer(call(json.dumps({"op": "open", "table": name, "game": "chain",
                                              "seed": 5})))
        prefix = worker_api._tables[name].prefix
        assert prefix.startswith("sw-") and prefix.replace("-", "").isalnum(), name
        assert all(card[4].startswith(prefix + "-") for card in view["cards"])
        assert name not in view["defs"] or name == ""
    view = _check_answer(call(json.dumps({"op": "open", "table": "sw-table3", "game": "chain",
                                          "seed": 5})))
    assert 'id="sw-table3-sw-' in view["defs"], "a safe name is used as it is"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["chain", "quarrel", "klondike"]), st.integers(0, 10**6),
       st.lists(st.sampled_from(["play", "play", "play", "undo", "redo", "new"]),
                max_size=30))
def test_the_page_keeps_the_move_list_from_what_each_view_says_changed(
        name: str, seed: int, ops: list[str]) -> None:
    session = PageSession(name, seed=seed % 100)
    rng = random.Random(seed)
    page = list(session.view()["history"]["added"])
    for op in ops:
        if op == "play" and session.game.legal_moves():
            request: dict[str, Any] = {"op": "play",
                                       "move": str(rng.choice(session.game.legal_moves()))}
        elif op == "new":
            request = {"op": "new", "seed": rng.randrange(100)}
        else:
            request = {"op": op}
        change = session.handle(request)["history"]
        assert 0 <= change["kept"] <= len(page)
        page = page[:change["kept"]] + change["added"]
        assert page == [str(step.move) for step in session.game.history]
        if op in ("play", "redo"):
            assert len(change["added"]) <= 1, "one move sends at most one move"


def test_a_quarrel_table_keeps_a_bounded_number_of_drawings() -> None:
    session = PageSession("quarrel", seed=1)
    rng = random.Random(4)
    page: dict[str, str] = {}
    for number in range(400):
        if session.game.is_over:
            view = session.handle({"op": "new", "seed": number})
        elif rng.random() < 0.2 and session.game.can_undo:
            view = session.handle({"op": "undo"})
        else:
            view = session.handle({"op": "play",
                                   "move": str(rng.choice(session.game.legal_moves()))})
        view = json.loads(json.dumps(view))   # as the page gets it: numbers as keys are text
        page.update(view["statics"])
        assert len(session._statics) <= 2 * MAX_STATICS + 2
        # The page draws the drawing the view names, from what it was sent.
        assert all(page[str(part)] in session._statics for part in view["static"])
    assert len(page) <= MAX_STATICS + 1, "the page keeps no more drawings than the table"
