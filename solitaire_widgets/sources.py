"""The three source texts, sentence by sentence, each with its one English translation.

This is the one place where a source sentence is translated: the book's pages
name the sentences and its build prints these translations beside the
originals (``book/_ext/source_texts.py``), and the examples' captions quote the
originals with them through :func:`quote`. ``SENTENCES[game]`` holds the text's paragraphs in
order, each a tuple of ``(original, translation)`` sentences; ``PHRASES[game]``
the few words quoted out of a sentence, each translated as it is in its
sentence.

>>> translate("chain", "Третий раз не разрешается.")
'A third time is not allowed.'
>>> quote("chain", "Третий раз не разрешается.", "No third deal.")
'«Третий раз не разрешается.» (A third time is not allowed.) No third deal.'

A reader of another language gets the translation into it, from the
``texts`` catalog (context ``source:<game>``, the original as the message);
a reader of the text's own language gets the original itself:

>>> translate("chain", "Третий раз не разрешается.", "pl")
'Trzeci raz jest niedozwolony.'
>>> quote("chain", "Третий раз не разрешается.", language="ru")
'«Третий раз не разрешается.»'
"""

from __future__ import annotations

import functools
import re

from .i18n import check_language, current_language, translations

__all__ = ["SENTENCES", "PHRASES", "FOUR_OR_FIVE", "translate", "quote",
           "quoted", "translated", "Said", "sentences", "source_language"]

#: The one translation of «четверка или еще, что вообще хорошо, пятерка пик», used by its
#: sentence and by the phrase quoted out of it.
FOUR_OR_FIVE = "a four, or also (which is very good indeed) a five of spades"

SENTENCES: dict[str, tuple[tuple[tuple[str, str], ...], ...]] = {
    'chain': (
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
    ),
    'klondike': (
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
    ),
    'quarrel': (
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
    ),
}

#: Words quoted out of a sentence, with their translation as the sentence has it.
PHRASES: dict[str, dict[str, str]] = {
    "chain": {
        "двойка и тройка треф": "the two and three of clubs",
        "двойка, тройка, четверка и пятерка пик": "the two, three, four and five of spades",
        "в раскладе освободится много мест": "many places will be freed in the layout",
        "четыре любые карты": "any four cards",
        "Новые карты из колоды кладут на освободившиеся в основном раскладе места":
            "New cards from the deck are put on the places that have been freed in the main "
            "layout",
    },
    "klondike": {
        "mamy prawo wziąć stos leżący przed nami i starać się go rozładować, co wolno zrobić "
        "tylko po warunkiem, że na ponownie rosnącym stosie, a powstającym z kart nie "
        "nadających się aktualnie do rozgrywki, nie będzie w żadnym momencie leżało więcej niż "
        "trzy karty.":
            "we have the right to take the pile lying in front of us and try to unload it, which "
            "may be done only on condition that on the pile growing once again, the one that "
            "forms from the cards not fit for play at the moment, there will at no moment lie "
            "more than three cards.",
    },
    "quarrel": {
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
    },
}

#: The letters that tell the texts' languages apart.
_LETTERS = {"ru": re.compile("[а-яё]", re.IGNORECASE), "pl": re.compile("[ąćęłńśźż]", re.IGNORECASE)}


@functools.cache
def source_language(game: str) -> str:
    """The language ``game``'s text is written in, told by its letters.

    >>> source_language("chain")
    'ru'
    >>> source_language("klondike")
    'pl'
    """
    text = " ".join(sentences(game))
    return max(_LETTERS, key=lambda language: len(_LETTERS[language].findall(text)))


_ELLIPSIS = "…"
_ONE_SENTENCE = re.compile(r"(?<=[.!?…»)])\s+(?=[«(A-ZА-ЯŁŚŻ\"'])")


def sentences(game: str) -> dict[str, str]:
    """Every sentence of ``game``'s text, original to translation."""
    return {original: english for paragraph in SENTENCES[game] for original, english in paragraph}


@functools.cache
def _by_words(game: str) -> dict[str, str]:
    """``sentences(game)`` keyed by their words, one space between each."""
    return {" ".join(original.split()): english for original, english in sentences(game).items()}


@functools.cache
def _in_language(game: str, language: str) -> dict[str, str]:
    """Every sentence and phrase of ``game``'s text, keyed by its words, in ``language``
    (the ``texts`` catalog's translation; English where the catalog has none)."""
    catalog = translations(language)
    said = {}
    for original, english in [*sentences(game).items(), *PHRASES[game].items()]:
        translated = catalog.pgettext(f"source:{game}", original)
        said[" ".join(original.split())] = english if translated == original else translated
    return said


def _one(game: str, words: str, language: str = "en") -> str:
    table = _by_words(game) if language == "en" else _in_language(game, language)
    if words in table:
        return table[words]
    phrase = PHRASES[game].get(words)
    if phrase is not None:
        return phrase
    bracketed = table.get(f"({words})")
    if bracketed is not None:  # a sentence the text puts in brackets, quoted without them
        return bracketed[1:-1]
    raise KeyError(f"{words!r} is not a sentence of the {game} text, nor a phrase of one")


def translate(game: str, original: str, language: str | None = None) -> str:
    """The translation of ``original`` into ``language`` (None: the current one): a
    sentence of the text, several in a row, or a phrase of ``PHRASES``; ``…``
    between them stands for words left out. In the text's own language it is
    the original itself.

    >>> translate("klondike", "Reszta kart zostaje w ręku.")
    'The rest of the cards stay in the hand.'
    >>> translate("klondike", "Reszta kart zostaje w ręku.", "ru")
    'Остальные карты остаются в руке.'
    >>> translate("klondike", "Reszta kart zostaje w ręku.", "pl")
    'Reszta kart zostaje w ręku.'
    """
    language = current_language() if language is None else check_language(language)
    if language == source_language(game):
        return original
    out = []
    for chunk in _ONE_SENTENCE.split(" ".join(original.split())):
        try:
            out.append(_one(game, chunk, language))
            continue
        except KeyError:
            if _ELLIPSIS not in chunk:
                raise
        # Words left out: "…" between two pieces, or at the start or the end.
        pieces = [_one(game, p.strip(), language) if p.strip() else ""
                  for p in chunk.split(_ELLIPSIS)]
        joined = pieces[0]
        for piece in pieces[1:]:
            joined += f" {_ELLIPSIS} {piece}" if joined and piece else _ELLIPSIS + piece
        out.append(joined)
    return " ".join(out)


def quote(game: str, original: str, note: str = "", *, language: str | None = None) -> str:
    """The original in guillemets, its translation in brackets (none in the text's own
    language), then ``note``; ``language``: the reader's (None: the current one).

    A sentence the text puts in brackets is quoted without them.
    """
    language = current_language() if language is None else check_language(language)
    said = translate(game, original, language)
    if original.startswith("(") and original.endswith(")"):
        original, said = original[1:-1], said[1:-1]
    words = f"«{original}»" if language == source_language(game) else f"«{original}» ({said})"
    if not note:
        return words
    # The note is a sentence of its own: a quotation that does not end one is ended.
    ended = original.endswith((".", "!", "?", "…")) if language == source_language(game) else (
        said.rstrip(")»").endswith((".", "!", "?", "…")))
    return f"{words} {note}" if ended else f"{words}. {note}"


#: A part of :class:`Said`: English words (said in the reader's language, from the
#: ``texts`` catalog), or a quotation ``(game, original, note)``.
_Part = str | tuple[str, str, str]


class Said(str):
    """Words of an example (its title, its summary, the words beside a step, which may
    quote the text): said in the reader's language when they are read.

    The examples are module constants, built once; their words keep the
    English and the quoted original, and say them in the current language
    each time they are turned into text (``str()``, ``format()``): the English
    from the ``texts`` catalog, a quotation with its translation into the
    reader's language. As a plain string it holds the English words, and
    joining it to a string (``+``) keeps it a :class:`Said`.

    >>> words = "the twos: " + quoted("chain", "Третий раз не разрешается.")
    >>> str(words)
    'the twos: «Третий раз не разрешается.» (A third time is not allowed.)'
    >>> from solitaire_widgets.i18n import use_language
    >>> with use_language("pl"):
    ...     str(words)
    'the twos: «Третий раз не разрешается.» (Trzeci raz jest niedozwolony.)'
    """

    parts: tuple[_Part, ...]

    def __new__(cls, parts: tuple[_Part, ...]) -> Said:
        made = super().__new__(cls, _say(parts, "en"))
        made.parts = parts
        return made

    def __str__(self) -> str:
        return _say(self.parts, current_language())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __add__(self, other: str) -> Said:
        return Said(self.parts + _parts(other))

    def __radd__(self, other: str) -> Said:
        return Said(_parts(other) + self.parts)

    def __reduce__(self) -> tuple[type[Said], tuple[tuple[_Part, ...]]]:
        return Said, (self.parts,)


def _parts(words: str) -> tuple[_Part, ...]:
    return words.parts if isinstance(words, Said) else (str(words),)


def _say(parts: tuple[_Part, ...], language: str) -> str:
    catalog = translations(language)
    said = []
    for part in parts:
        if isinstance(part, str):
            said.append(catalog.gettext(part) if part.strip() else part)
        else:
            game, original, note = part
            said.append(quote(game, original, catalog.gettext(note) if note else note,
                              language=language))
    return "".join(said)


def translated(words: str) -> Said:
    """English ``words`` (marked for the catalogs where they are written), said in the
    current language when read: for module constants.

    >>> from solitaire_widgets.i18n import use_language
    >>> title = translated("Quarrel: where the base three of spades goes")
    >>> with use_language("pl"):
    ...     str(title)
    'Kłótnia: dokąd trafia bazowa trójka pik'
    """
    return words if isinstance(words, Said) else Said((words,))


def quoted(game: str, original: str, note: str = "") -> Said:
    """:func:`quote`, said when read (in the reader's language): for module constants."""
    return Said(((game, original, note),))
