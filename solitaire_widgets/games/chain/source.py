"""The source text of Chain, in Russian: each sentence with its one English translation.

Gathered with the other games' texts by :mod:`solitaire_widgets.source_texts`, which
quotes and translates them (the registry, ``solitaire_widgets.games``, adds
this folder's ``TEXT``).
"""

from __future__ import annotations

from ...source_texts import SourceText

#: The language the text is written in.
LANGUAGE = "ru"

#: The text's paragraphs in order, each a tuple of ``(original, translation)`` sentences.
SENTENCES: tuple[tuple[tuple[str, str], ...], ...] = (
    (
        ('ЦЕПОЧКА Пасьянс для одной колоды из 52 карт',
         'THE LITTLE CHAIN A solitaire for one deck of 52 cards'),
    ),
    (
        ('С самого начала колоду карт держат рубашкой вверх.',
         'From the very start the deck of cards is held face down.'),
        ('Одну часть колоды раскладывают картинкой вверх в три горизонтальных '
         'ряда так, чтобы в каждом было по восемь карт.',
         'One part of the deck is laid out face up in three horizontal rows, so '
         'that there are eight cards in each.'),
        ('Двойки, которые выпали при раскладе, выкладывают в отдельный ряд над '
         'основным раскладом.',
         'The twos that turned up in the deal are laid out in a separate row '
         'above the main layout.'),
    ),
    (
        ('Далее надо посмотреть, есть ли среди уже открытых карт подходящие для '
         'продолжения возрастающих серий на базе двоек.',
         'Next you should look whether among the cards already turned up there '
         'are any that fit to continue the ascending series on the base of the '
         'twos.'),
        ('Например, для двойки пик это будут, соответственно, тройка пик, '
         'четверка пик, пятерка, шестерка и так далее, вплоть до пикового туза.',
         'For example, for the two of spades these will be, accordingly, the '
         'three of spades, the four of spades, the five, the six and so on, right'
         ' up to the ace of spades.'),
        ('Это же правило действует и для всех остальных мастей.',
         'The same rule holds for all the other suits as well.'),
    ),
    (
        ('Не стоит забывать, что возрастающую серию можно строить, только начиная'
         ' с двойки.',
         'You should not forget that an ascending series can be built only '
         'starting from a two.'),
        ('Например, тройка бубен не имеет никакой силы до тех пор, пока не '
         'появится двойка бубен.',
         'For example, the three of diamonds has no force at all until the two of'
         ' diamonds appears.'),
        ('Новые карты из колоды кладут на освободившиеся в основном раскладе '
         'места или же сразу используют для продолжения серии, если соответствуют'
         ' по масти и числу.',
         'New cards from the deck are put on the places that have been freed in '
         'the main layout, or else used at once to continue a series if they '
         'match in suit and number.'),
        ('(Иногда получается и так, что несколько карт, вынутых подряд из колоды,'
         ' могут составлять продолжение серии, минуя расклад.)',
         '(Sometimes it even happens that several cards taken from the deck one '
         'after another can make up a continuation of a series, bypassing the '
         'layout.)'),
        ('Если же получилось так, что продолжить дальнейшую перекладку невозможно'
         ' и новые карты не могут продолжить соответствующую серию и не '
         'сочетаются с другими картами из расклада, следует собрать расклад, '
         'перемешать его с другими картами колоды и разложить снова.',
         'If, however, it has come about that further moving of cards is '
         'impossible, and the new cards cannot continue the series they belong to'
         ' and do not go together with other cards of the layout, you should '
         'gather up the layout, mix it with the other cards of the deck and lay '
         'it out again.'),
        ('Ряд из двоек и серии, которые построены на них, конечно же, надо '
         'оставить на своих местах.',
         'The row of twos and the series built on them must, of course, be left '
         'in their places.'),
        ('Эти карты в повторном раскладе не участвуют.',
         'These cards take no part in the second layout.'),
    ),
    (
        ('Во второй раз карты раскладывают снова в три ряда, но на сей раз уже не'
         ' по восемь, а по шесть карт в каждом ряду.',
         'The second time the cards are again laid out in three rows, but this '
         'time not eight but six cards to each row.'),
        ('Соответствующими картами достраивают серии, как это было в первом туре,'
         ' а на освободившиеся места кладут новые карты из оставшейся колоды.',
         'The series are built on with the cards that fit, as it was in the first'
         ' round, and new cards from the rest of the deck are put on the freed '
         'places.'),
    ),
    (
        ('На этот раз пасьянс должен сойтись, то есть все карты из колоды должны '
         'постепенно перейти в расклад, а из него уже в соответствующие серии.',
         'This time the solitaire must come out, that is, all the cards of the '
         'deck must gradually pass into the layout, and from it on into their '
         'series.'),
    ),
    (
        ('Если пасьянс зайдет в тупик сразу же после первой раскладки (например, '
         'в раскладе оказалась только одна двойка и нет карт, чтобы можно было '
         'продолжить серию), можно достать из колоды четыре любые карты и '
         'положить их под общим раскладом в отдельный вспомогательный ряд '
         'картинками вверх.',
         'If the solitaire runs into a dead end straight after the first '
         'laying-out (for example, only one two turned up in the layout and there'
         ' are no cards with which the series could be continued), you may take '
         'any four cards from the deck and put them below the layout as a whole, '
         'face up, in a separate auxiliary row.'),
        ('После этого пасьянс продолжится.',
         'After that the solitaire goes on.'),
    ),
    (
        ('Когда после первого тура приходится собирать расклад, чтобы затем '
         'разложить карты заново, этот вспомогательный ряд из четырех '
         'дополнительных карт (если он уже есть) также собирают в общую колоду.',
         'When after the first round the layout has to be gathered up so as to '
         'lay the cards out afresh, this auxiliary row of four additional cards '
         '(if it is there already) is also gathered into the common deck.'),
    ),
    (
        ('Этот пасьянс допускает только два расклада.',
         'This solitaire allows only two layouts.'),
        ('Третий раз не разрешается.',
         'A third time is not allowed.'),
        ('К тому же вспомогательный ряд можно выкладывать только при первой '
         'раскладке.',
         'Besides, the auxiliary row may be laid out only at the first '
         'laying-out.'),
    ),
    (
        # The text's own gap (a space and a no-break space) where the figure's
        # number was probably meant to stand.
        ('На рисунке \u00a0приведен пример первой раскладки.',
         'The figure gives an example of a first laying-out.'),
        ('Чтобы создать серии, можно использовать следующие карты; червовая '
         'двойка, двойка и тройка треф, а также двойка, тройка, четверка и '
         'пятерка пик.',
         'To make series, the following cards can be used; the two of hearts, the'
         ' two and three of clubs, and also the two, three, four and five of '
         'spades.'),
        ('Когда эти карты будут отложены в отдельные серии, в раскладе '
         'освободится много мест, которые следует заполнить другими картами из '
         'колоды.',
         'When these cards have been put aside into separate series, many places '
         'will be freed in the layout, and they should be filled with other cards'
         ' from the deck.'),
        ('Вспомогательный ряд при таком раскладе пока не нужен.',
         'With such a layout the auxiliary row is not needed for the time being.'),
    ),
)

#: Words quoted out of a sentence, with their translation as the sentence has it.
PHRASES: dict[str, str] = {
    "двойка и тройка треф": "the two and three of clubs",
    "двойка, тройка, четверка и пятерка пик": "the two, three, four and five of spades",
    "в раскладе освободится много мест": "many places will be freed in the layout",
    "четыре любые карты": "any four cards",
    "Новые карты из колоды кладут на освободившиеся в основном раскладе места":
        "New cards from the deck are put on the places that have been freed in the main "
        "layout",
}

TEXT = SourceText(LANGUAGE, SENTENCES, PHRASES)
