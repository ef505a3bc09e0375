"""The source text of Quarrel, in Russian: each sentence with its one English translation.

Gathered with the other games' texts by :mod:`solitaire_widgets.source_texts`, which
quotes and translates them (the registry, ``solitaire_widgets.games``, adds
this folder's ``TEXT``).
"""

from __future__ import annotations

from ...source_texts import SourceText

#: The one translation of «четверка или еще, что вообще хорошо, пятерка пик», used by its
#: sentence and by the phrase quoted out of it.
FOUR_OR_FIVE = "a four, or also (which is very good indeed) a five of spades"

#: The language the text is written in.
LANGUAGE = "ru"

#: The text's paragraphs in order, each a tuple of ``(original, translation)`` sentences.
SENTENCES: tuple[tuple[tuple[str, str], ...], ...] = (
    (
        ('Из колоды берут карты по одной.',
         'Cards are taken from the deck one at a time.'),
        ('В это время игрок должен перечислять: туз, двойка, тройка, четверка…',
         'Meanwhile the player must count them off: ace, two, three, four…'),
        ('Карты выкладывают в один ряд картинкой вверх до тех пор, пока '
         'какая-либо из карт не будет названа правильно.',
         'The cards are laid out in a single row, face up, until one of the cards'
         ' is named correctly.'),
        ('Например, если вдруг, когда вы сказали «пятерка», из колоды '
         'действительно выпала пятерка, перечисление прекращается, а пятерки, в '
         'свою очередь, становятся базовыми картами для восьми серий.',
         'For instance, if by chance, when you said "five", a five really did '
         'turn up from the deck, the counting stops, and the fives in their turn '
         'become the base cards for eight series.'),
        ('Пятерку вынимают из ряда и откладывают в сторону.',
         'The five is taken out of the row and put aside.'),
        ('В ходе игры из расклада удаляют все пятерки и выкладывают их по четыре '
         'каждой масти на правой и левой половинах игрового поля.',
         'In the course of the game all the fives are removed from the layout and'
         ' laid out four apiece, of each suit, on the right and left halves of '
         'the playing field.'),
        ('На тех пятерках, которые лежат на правой половине поля, строят серии по'
         ' возрастающей, а на пятерках, лежащих слева, — по убывающей.',
         'On the fives that lie on the right half of the field the series are '
         'built in ascending order, and on the fives lying on the left, in '
         'descending order.'),
    ),
    (
        ('Если пасьянс получится, окажется, что серии правой половины поля как бы'
         ' отвернулись от серий левой половины.',
         'If the solitaire comes out, it will turn out that the series of the '
         'right half of the field have, as it were, turned their backs on the '
         'series of the left half.'),
        ('Своеобразная ссора.',
         'A quarrel of sorts.'),
    ),
    (
        ('Так как базовой по воле случая оказалась пятерка, то из колоды вынимают'
         ' пять вспомогательных карт и выкладывают их в один ряд под общим '
         'раскладом.',
         'Since, as chance would have it, the base card turned out to be a five, '
         'five auxiliary cards are taken from the deck and laid out in a single '
         'row below the layout as a whole.'),
        ('Соответственно, если бы в начале игры правильно названной картой '
         'оказалась десятка, то вспомогательных карт было бы десять, а базовыми '
         'стали бы все десятки.',
         'Accordingly, if at the start of the game the correctly named card had '
         'turned out to be a ten, there would have been ten auxiliary cards, and '
         'all the tens would have become base cards.'),
    ),
    (
        ('Выбор, куда лучше положить базовую карту — на правую половину или же на'
         ' левую, зависит от расклада.',
         'The choice of where it is better to put a base card, on the right half '
         'or on the left, depends on the layout.'),
        ('Допустим, базовой картой стала пиковая тройка.',
         'Suppose the base card has turned out to be the three of spades.'),
        ('Следует внимательно изучить весь расклад, а также все пять '
         'вспомогательных карт.',
         'You should study the whole layout carefully, and all five auxiliary '
         'cards as well.'),
        ('Если среди этих карт есть четверка или еще, что вообще хорошо, пятерка '
         'пик, тройку, естественно, перемещают на правую половину, так как именно'
         ' правые серии строятся по возрастающему принципу и четверку и пятерку '
         'можно будет сразу подключить к этой серии.',
         'If among these cards there is a four, or also (which is very good '
         'indeed) a five of spades, the three is naturally moved to the right '
         'half, since it is precisely the right-hand series that are built on the'
         ' ascending principle, and the four and the five can then be joined to '
         'that series at once.'),
        ('На те места, которые стали свободными, кладут новые карты из колоды.',
         'New cards from the deck are put on the places that have become free.'),
        ('Если снова появится тройка, вопрос, куда ее положить, решается точно '
         'так же, как было описано выше.',
         'If a three turns up again, the question of where to put it is settled '
         'in exactly the same way as described above.'),
    ),
    (
        ('Если игра зашла в тупик, продолжают выкладывать карты из колоды.',
         'If the game has run into a dead end, you go on laying out cards from '
         'the deck.'),
        ('Но когда число карт в ряду достигает тринадцати, начинают составлять '
         'следующий ряд.',
         'But when the number of cards in a row reaches thirteen, you begin to '
         'make up the next row.'),
    ),
    (
        ('Выкладывая одну за другой карты из колоды, не стоит забывать постоянно '
         'перечислять названия от туза до короля, начиная затем опять с туза.',
         'As you lay out the cards from the deck one after another, do not forget'
         ' to keep counting off the names from ace to king, then starting again '
         'from the ace.'),
        ('Когда появляется правильно названная карта, весь расклад, в том числе и'
         ' вспомогательные ряды, собирают в колоду и перетасовывают.',
         'When a correctly named card appears, the whole layout, the auxiliary '
         'rows included, is gathered into the deck and shuffled.'),
        ('Те серии, которые уже построены на пятерках, не трогают.',
         'The series already built on the fives are not touched.'),
        ('Также нельзя менять местами карты возрастающей серии на карты убывающей'
         ' серии (и наоборот), одним словом, запрещается перемещать карты с '
         'правого поля на левое или с левого на правое.',
         'Nor may the cards of an ascending series be exchanged for the cards of '
         'a descending series (or the other way round); in a word, it is '
         'forbidden to move cards from the right field to the left or from the '
         'left to the right.'),
    ),
    (
        ('Далее карты заново выкладывают из колоды.',
         'Then the cards are laid out from the deck afresh.'),
        ('Допустим, верно названной картой оказалась девятка.',
         'Suppose the correctly named card turned out to be a nine.'),
        ('Следовательно, в этом туре вспомогательный ряд будет включать в себя '
         'девять карт.',
         'Consequently, in this round the auxiliary row will take in nine cards.'),
        ('Если же какой-либо из них можно будет достроить одну из серий, ее '
         'вынимают из расклада и отправляют в соответствующую серию, а на ее '
         'место кладут новую карту.',
         'And if any one of them can be used to build one of the series further, '
         'it is taken out of the layout and sent to its series, and a new card is'
         ' put in its place.'),
        ('В случае если верно названной картой оказывается туз, значит, '
         'вспомогательный ряд состоит всего лишь из одной карты.',
         'Should the correctly named card turn out to be an ace, the auxiliary '
         'row consists of just one card.'),
    ),
    (
        ('В следующем туре карты снова выкладывают в ряд или же в ряды, в '
         'зависимости от их количества.',
         'In the next round the cards are again laid out in a row, or in rows, '
         'depending on how many there are.'),
        ('Серии продолжают достраиваться.',
         'The series go on being built.'),
        ('Если же очередная карта названа правильно, игра снова прерывается.',
         'If the next card is named correctly, the game is interrupted again.'),
        ('И так далее до тех пор, пока колода не закончится.',
         'And so on, until the deck comes to an end.'),
    ),
    (
        ('Как раз такая ситуация и показана на рисунке Все восемь пятерок уже '
         'собраны и лежат на своих местах.',
         'Just such a situation is shown in the figure. All eight fives have '
         'already been gathered and lie in their places.'),
        ('Как видно, первый тур был довольно-таки удачным.',
         'As you can see, the first round was a fairly successful one.'),
    ),
    (
        ('При втором раскладе правильно была названа тройка.',
         'At the second layout a three was named correctly.'),
        ('Следовательно, из колоды выбирают три вспомогательные карты.',
         'Consequently, three auxiliary cards are picked out of the deck.'),
        ('Теперь внимательно посмотрите, можно ли в этом раскладе строить '
         'какую-либо из серий.',
         'Now look carefully: can any of the series be built on in this layout?'),
        ('Например, семерку треф перекладывают на шестерку треф, которая '
         'находится на правой половине.',
         'For example, the seven of clubs is moved onto the six of clubs, which '
         'lies on the right half.'),
        ('А вместо ушедшей семерки во вспомогательный ряд выкладывают новую '
         'карту.',
         'And in place of the seven that has gone, a new card is laid out into '
         'the auxiliary row.'),
    ),
    (
        ('Если все ходы исчерпаны, следует продолжать снимать из колоды карты и '
         'перечислять названия в возрастающем порядке (начиная с того места, на '
         'котором вы остановились): четверка, пятерка, шестерка, семерка, '
         'восьмерка, девятка, десятка, валет, дама, король, туз, двойка, тройка… '
         'и так до тех пор, пока не появится верно названная карта.',
         'When all the moves are exhausted, you should go on taking cards off the'
         ' deck and counting off the names in ascending order (starting from the '
         'place where you stopped): four, five, six, seven, eight, nine, ten, '
         'jack, queen, king, ace, two, three… and so on until a correctly named '
         'card appears.'),
        ('Ею может оказаться и двойка.',
         'It may even turn out to be a two.'),
        ('В этом случае, после того, как весь расклад будет снова собран '
         '(исключая базовые карты и построенные на них серии), на столе останутся'
         ' две вспомогательные карты.',
         'In that case, after the whole layout has been gathered up again (except'
         ' the base cards and the series built on them), two auxiliary cards will'
         ' remain on the table.'),
    ),
    (
        ('Колоду можно использовать только три раза.',
         'The deck can be used only three times.'),
        ('Если после этого пасьянс не получился, значит, вы проиграли.',
         'If after that the solitaire has not come out, it means you have lost.'),
    ),
    (
        ('Если вдруг случится (что бывает крайне редко); что при начальном '
         'раскладе ни одна карта не была правильно названа, следует собрать карты'
         ' в колоду и начать пасьянс заново.',
         'If it should happen (which is extremely rare) that in the initial '
         'layout not a single card was named correctly, you should gather the '
         'cards into the deck and start the solitaire over again.'),
    ),
)

#: Words quoted out of a sentence, with their translation as the sentence has it.
PHRASES: dict[str, str] = {
    "четверка или еще, что вообще хорошо, пятерка пик": FOUR_OR_FIVE,
    "Если игра зашла в тупик": "If the game has run into a dead end",
    "а пятерки, в свою очередь, становятся базовыми картами для восьми серий.":
        "and the fives in their turn become the base cards for eight series.",
    "Если все ходы исчерпаны, следует продолжать снимать из колоды карты и перечислять "
    "названия":
        "When all the moves are exhausted, you should go on taking cards off the deck and "
        "counting off the names",
    "Если все ходы исчерпаны, следует продолжать снимать из колоды карты и перечислять "
    "названия в возрастающем порядке (начиная с того места, на котором вы остановились): "
    "четверка, пятерка, шестерка, семерка, восьмерка, девятка, десятка, валет, дама, король, "
    "туз, двойка, тройка":
        "When all the moves are exhausted, you should go on taking cards off the deck and "
        "counting off the names in ascending order (starting from the place where you "
        "stopped): four, five, six, seven, eight, nine, ten, jack, queen, king, ace, two, "
        "three",
    "Если все ходы исчерпаны, следует продолжать снимать из колоды карты и перечислять "
    "названия в возрастающем порядке (начиная с того места, на котором вы остановились): "
    "четверка, пятерка, шестерка":
        "When all the moves are exhausted, you should go on taking cards off the deck and "
        "counting off the names in ascending order (starting from the place where you "
        "stopped): four, five, six",
    "Если среди этих карт есть четверка или еще, что вообще хорошо, пятерка пик, тройку, "
    "естественно, перемещают на правую половину, так как именно правые серии строятся по "
    "возрастающему принципу":
        f"If among these cards there is {FOUR_OR_FIVE}, the three is naturally moved to the "
        "right half, since it is precisely the right-hand series that are built on the "
        "ascending principle",
    "и четверку и пятерку можно будет сразу подключить к этой серии.":
        "and the four and the five can then be joined to that series at once.",
    # The name this book gives the game, quoted in running text.
    "Своеобразная ссора": "a quarrel of sorts",
    # The text runs two sentences together here (no full stop after «рисунке»).
    "Все восемь пятерок уже собраны и лежат на своих местах.":
        "All eight fives have already been gathered and lie in their places.",
}

TEXT = SourceText(LANGUAGE, SENTENCES, PHRASES)
