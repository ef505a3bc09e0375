"""The source text of Klondike, in Polish: each sentence with its one English translation.

Gathered with the other games' texts by :mod:`solitaire_widgets.source_texts`, which
quotes and translates them (the registry, ``solitaire_widgets.games``, adds
this folder's ``TEXT``).
"""

from __future__ import annotations

from ...source_texts import SourceText

#: The language the text is written in.
LANGUAGE = "pl"

#: The text's paragraphs in order, each a tuple of ``(original, translation)`` sentences.
SENTENCES: tuple[tuple[tuple[str, str], ...], ...] = (
    (
        ('W rzędzie pionowym kładziemy sześć kart zakrytych i siódmą odkrytą.',
         'In a vertical row we lay six cards face down and a seventh face up.'),
        ('Następnym rzędem nakrywamy do połowy rząd wyższy.',
         'With the next row we cover the higher row halfway.'),
        ('Układamy w nim pięć kart zakrytych i szóstą odkrytą.',
         'In it we lay five cards face down and a sixth face up.'),
        ('I tak aż do momentu, kiedy położymy w siódmym rzędzie poziomym tylko '
         'jedną kartę odkrytą.',
         'And so on, until we lay in the seventh horizontal row only one card, '
         'face up.'),
        ('Reszta kart zostaje w ręku.',
         'The rest of the cards stay in the hand.'),
        ('Asy - jeżeli są odkryte - przekładamy nad rząd górny.',
         'The aces, if they are face up, we move above the top row.'),
        ('Na asach tych układać będziemy ciągi rosnące w kolorze.',
         'On these aces we shall build rising runs in suit.'),
        ('Pasjans wychodzi, kiedy na stole zostaną ułożone cztery stosy '
         'zakończone królami.',
         'The solitaire comes out when four piles ending with kings have been '
         'laid out on the table.'),
    ),
    (
        ('Rozgrywkę prowadzimy przekładając na dolne, odkryte w poszczególnych '
         'rzędach pionowych karty, karty młodsze - lecz zawsze czarne na czerwone'
         ' lub czerwone na czarne.',
         'We carry on the play by moving onto the bottom cards, the face-up ones '
         'in the separate vertical rows, younger cards, but always black on red '
         'or red on black.'),
        ('Na te dolne karty mamy prawo przenosić karty pojedyncze, pasujące tam '
         'punktacją i kolorem lub całe sekwensy, ułożone już na innym rzędzie.',
         'Onto these bottom cards we have the right to move single cards that fit'
         ' there by points and colour, or whole sequences already laid out on '
         'another row.'),
        ('Oczywiście tylko sekwensy zaczynające się od samego dołu tego rzędu '
         'pionowego.',
         'Only, of course, sequences that begin from the very bottom of that '
         'vertical row.'),
        ('W razie potrzeby możemy przenieść tylko dolną część sekwensu.',
         'If need be we may move only the lower part of a sequence.'),
        ('Co się da przenosimy z sekwensów na asy, które w miarę ukazywania się '
         'przenosimy na górę.',
         'Whatever we can, we move from the sequences onto the aces, which, as '
         'they come to light, we move up to the top.'),
        ('Nie gardzimy przy tym i pojedynczymi kartami',
         'Nor, in doing so, do we scorn single cards'),
    ),
    (
        ('Kiedy dolną kartą rzędu pionowego jest karta zakryta, to znaczy, kiedy '
         'z rzędu tego zdjęliśmy już leżące poniżej karty odkryte, kartę tę '
         'odkrywamy i normalnie wprowadzamy do rozgrywki.',
         'When the bottom card of a vertical row is a face-down card, that is, '
         'when we have already taken off that row the face-up cards that lay '
         'below it, we turn this card face up and bring it into play in the '
         'ordinary way.'),
        ('Jeżeli uzyskamy wolne miejsce, czyli jakiś rząd pionowy rozładujemy '
         'zupełnie, to na miejsce to mamy prawo przenieść tylko samego króla lub '
         'z leżącym na nim sekwensem.',
         'If we gain a free place, that is, if we unload some vertical row '
         'completely, then into that place we have the right to move only a king,'
         ' on its own or with the sequence lying on it.'),
    ),
    (
        ('Po wyczerpaniu wszystkich kombinacji szukamy pomocy w kartach z ręki, '
         'wykładając je po kolei i w razie możliwości wprowadzając do rozgrywki.',
         'When all the combinations are exhausted, we look for help in the cards '
         'from the hand, laying them out one after another and, where possible, '
         'bringing them into play.'),
        ('Karty, które w danym momencie się nie nadają, układamy w stos przed '
         'sobą.',
         'The cards that are of no use at the moment we put in a pile in front of'
         ' us.'),
        ('Po jednorazowym przełożeniu wszystkich kart, to znaczy wtedy, kiedy w '
         'ręku nie mamy już żadnej karty a pasjans jeszcze nie wyszedł, mamy '
         'prawo wziąć stos leżący przed nami i starać się go rozładować, co wolno'
         ' zrobić tylko po warunkiem, że na ponownie rosnącym stosie, a '
         'powstającym z kart nie nadających się aktualnie do rozgrywki, nie '
         'będzie w żadnym momencie leżało więcej niż trzy karty.',
         'After all the cards have been gone through once, that is, when we no '
         'longer have a single card in the hand and the solitaire has not yet '
         'come out, we have the right to take the pile lying in front of us and '
         'try to unload it, which may be done only on condition that on the pile '
         'growing once again, the one that forms from the cards not fit for play '
         'at the moment, there will at no moment lie more than three cards.'),
        ('Jeżeli jesteśmy zmuszeni położyć tam czwartą - pasjans nie wyszedł.',
         'If we are forced to put a fourth there, the solitaire has not come out.'),
    ),
)

#: Words quoted out of a sentence, with their translation as the sentence has it.
PHRASES: dict[str, str] = {
    "mamy prawo wziąć stos leżący przed nami i starać się go rozładować, co wolno zrobić "
    "tylko po warunkiem, że na ponownie rosnącym stosie, a powstającym z kart nie "
    "nadających się aktualnie do rozgrywki, nie będzie w żadnym momencie leżało więcej niż "
    "trzy karty.":
        "we have the right to take the pile lying in front of us and try to unload it, which "
        "may be done only on condition that on the pile growing once again, the one that "
        "forms from the cards not fit for play at the moment, there will at no moment lie "
        "more than three cards.",
}

TEXT = SourceText(LANGUAGE, SENTENCES, PHRASES)
