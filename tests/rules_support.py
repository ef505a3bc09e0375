"""What tests share about the games' rules: every allowed combination of a game's options."""

from __future__ import annotations

import itertools

from solitaire_widgets.errors import OptionError
from solitaire_widgets.rules import Rules


def option_sets(rules: type[Rules]) -> list[dict[str, str]]:
    """Every combination of a game's option values that its rules allow.

    >>> from solitaire_widgets.registry import rules_class
    >>> len(option_sets(rules_class("klondike"))) > 1
    True
    """
    names = list(rules.options_allowed)
    out = []
    for values in itertools.product(*(rules.options_allowed[name] for name in names)):
        options = dict(zip(names, values, strict=True))
        try:
            rules.check_options(options)
        except OptionError:
            continue
        out.append(options)
    return out
