"""Little Golf's text: our own short account of the game, written in German.

The game is ours (in the family of Golf), and so is the text; it is written
in a language the package has no catalog for, so a reader of any edition
meets the English translation beside the German original.
"""

from __future__ import annotations

from solitaire_widgets.source_texts import SourceText

__all__ = ["TEXT"]

TEXT = SourceText(
    language="de",
    sentences=(
        (
            ("Man legt fünf Reihen zu je fünf Karten offen aus.",
             "Five columns of five cards each are laid out face up."),
            ("Die erste Karte des Stapels beginnt die Ablage.",
             "The first card of the stock starts the foundation."),
        ),
        (
            ("Die letzte Karte einer Reihe darf auf die Ablage, wenn sie um eins höher "
             "oder um eins niedriger ist als deren oberste Karte.",
             "The last card of a column may go onto the foundation if it is one higher "
             "or one lower than the foundation's top card."),
            ("Vom König geht es nicht weiter zum Ass.",
             "There is no going on from the king to the ace."),
            ("Jederzeit darf man statt dessen die nächste Karte des Stapels auf die Ablage legen.",
             "At any time the next card of the stock may go onto the foundation instead."),
        ),
        (
            ("Das Spiel ist gewonnen, wenn alle Reihen abgeräumt sind.",
             "The game is won when every column is cleared."),
            ("Ist kein Zug mehr möglich, so ist es verloren.",
             "When no move is left, it is lost."),
        ),
    ),
    phrases={"um eins höher oder um eins niedriger": "one higher or one lower"},
)
