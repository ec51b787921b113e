"""Nicknames as children write them: real names in every everyday script join (with their vowel
signs, viramas and accents, an apostrophe between two letters), piles of marks do not, and the
look-alike rules hold for names with marks and for look-alikes in capitals."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaskaria.names import MAX_MARKS, NameRefused, check_name, skeleton, skeletons

#: Real first names (and a few full ones) in the everyday scripts, as children type them.
REAL_NAMES = [
    # Latin, with accents and the punctuation names are written with
    "Jürgen Groß",
    "Çağla",
    "Şükrü",
    "İbrahim",
    "Łukasz",
    "Małgorzata",
    "Søren",
    "Þórdís",
    "Đorđe",
    "Ævar",
    "Ɔkyere",  # Akan's open o, Hausa's hooked b: letters Unicode's identifier list leaves out
    "Ɓello",
    "Ɣilas",  # Kabyle's gamma, Bambara's ɲ, Ewe's ɖ and ʋ
    "Ɲuma",
    "Ɖeladem",
    "Ʋiwo",
    "Əli",  # Azerbaijani's schwa
    "Nguyễn Văn An",
    "Trần Thị Hằng",
    "O'Brien",
    "D’Angelo",
    "Anne-Marie",
    "Zoë",
    "Kaʻiulani",  # the Hawaiian ʻokina, also at a name's start
    "ʻIolani",
    "Gal·la",  # the Catalan middle dot between two l's
    "Marcel·la",
    # Greek, Cyrillic, Armenian, Georgian, Ethiopic
    "Νίκος",
    "Наташа",
    "Айгерім",
    "Արամ",
    "ნინო",
    "ሰላም",
    # Arabic (Sorani too), Hebrew, Thaana
    "محمد",
    "ئارام",
    "נועה",
    "נֹעָה",  # with its vowel points
    "ג'ורג'",  # George: the geresh, as an apostrophe or as itself, also at the end
    "ג׳ורג׳ה",
    "އަހުމަދު",
    # the scripts of India and Sri Lanka, whose vowel signs and viramas are marks
    "प्रिया",
    "राहुल",
    "अर्जुन",
    "ਗੁਰਪ੍ਰੀਤ",
    "প্রিয়াঙ্কা",
    "தமிழ்செல்வி",
    "శ్రీనివాస్",
    "ಅನನ್ಯ",
    "അനുശ്രീ",
    "ગીતા",
    "ସୁଭଶ୍ରୀ",
    "සුනිල්",
    "ශ්‍රී",  # Sri: the joiner after the virama draws the two letters joined
    "കിരണ്‍",  # Kiran: a chillu as older keyboards type it, a joiner after the virama
    "علی‌رضا",  # Alireza (Persian): the non-joiner parts "علی" from "رضا"
    # South-East Asia and Tibet
    "ศรีสุดา",
    "สมชาย",
    "ສົມພອນ",
    "សុភា",
    "မောင်မောင်",
    "བཀྲ་ཤིས",
    # Chinese, Japanese, Korean
    "王小明",
    "山田たろう",
    "민준",
    "マリー・アントワネット",  # the katakana middle dot between two names
    # small kana stay small: each of these pairs is two names
    "いつき",
    "いっき",
    "イツキ",
    "イッキ",
    "ちよこ",
    "ちょこ",
]


@pytest.mark.parametrize("name", [*REAL_NAMES, "Anne\u2010Marie", "Ji\u2019n"])
def test_a_real_name_in_an_everyday_script_is_kept_as_written(name):
    assert check_name(name) == unicodedata.normalize("NFKC", name)


def test_real_names_join_one_class_and_none_passes_for_another():
    taken: dict[str, str] = {}
    for name in REAL_NAMES:
        kept = check_name(name, taken)
        taken.update(dict.fromkeys(skeletons(kept), kept))
    # each again, or with one more mark beside it, is the same nickname or its look-alike
    for name in REAL_NAMES:
        with pytest.raises(NameRefused) as no:
            check_name(name, taken)
        assert no.value.key == "name_taken", name


@pytest.mark.parametrize(
    ("name", "beside"),
    [
        ("राहुल\u093c", "राहुल"),  # a nukta added to the last letter
        ("प्रिया\u0951", "प्रिया"),  # a stress sign
        ("Anna\u0301", "Anna"),  # an accent on the last letter
        ("A\u0308nna", "Anna"),
        ("Tim\u0323", "Tim"),
        ("ศรีสุดา\u0e48", "ศรีสุดา"),  # a Thai tone mark
        ("OBrien", "O'Brien"),  # apostrophes and hyphens alike, or left out
        ("O’Brien", "O'Brien"),
        ("O-Brien", "O’Brien"),
        ("Anne\u2010Marie", "Anne-Marie"),
        ("AnneMarie", "Anne-Marie"),
        ("Ti\U0001cf3cm", "Tim"),  # a Znamenny musical mark (combining class 0)
        ("Ti\u1ce1m", "Tim"),  # Vedic signs
        ("Ti\u1cf7m", "Tim"),
        ("राहुुल", "राहुल"),  # a vowel sign twice draws as once
        ("علیرضا", "علی\u200cرضا"),  # the same name without its join control, and with one
        ("ශ්රී", "ශ්\u200dරී"),
        ("क\u200cमल", "कमल"),
        # the signs names write between letters, with and without them
        ("Kaiulani", "Kaʻiulani"),
        ("Ka'iulani", "Kaʻiulani"),
        ("Galla", "Gal·la"),
        ("גורג", "ג'ורג'"),
        ("ג׳ורג׳", "ג'ורג'"),
        ("マリーアントワネット", "マリー・アントワネット"),
        ("കിരൺ", "കിരണ്\u200d"),  # the chillu letter and the older way to type it
        ("കിരണ്", "കിരണ്\u200d"),
    ],
)
def test_a_name_with_a_mark_or_an_apostrophe_more_is_a_look_alike(name, beside):
    refused_beside(name, beside)


def refused_beside(name: str, first: str) -> None:
    """``name`` is refused as a look-alike of ``first``, a nickname already in the class."""
    taken = dict.fromkeys(skeletons(first), first)
    with pytest.raises(NameRefused) as no:
        check_name(name, taken)
    assert no.value.key == "name_lookalike" and no.value.params == {"other": first}


@pytest.mark.parametrize(
    ("name", "beside"),
    [
        ("ΤΙΜ", "Tim"),  # Greek
        ("ТІМ", "Tim"),  # Cyrillic
        ("ΚΙΜ", "Kim"),
        ("ΜΙΑ", "Mia"),
        ("ΝΙΝΑ", "Nina"),
        ("ΚΑΙ", "Kai"),
        ("КАІ", "Kai"),
        ("ΝΙΚ", "Nik"),
        ("ТІМО", "Timo"),
        ("ΤΟΜ", "Tom"),
        ("NlCK", "Nick"),
        # the Arabic script's letters that Persian, Urdu and Arabic keyboards type differently
        ("علی", "على"),  # farsi yeh, alef maksura
        ("علي", "علی"),  # yeh
        ("کریم", "كريم"),  # keheh and farsi yeh, kaf and yeh
        ("كـريم", "كريم"),  # a tatweel stretches the line
        ("علی۱", "علی١"),  # Persian and Arabic-Indic digits
        # strokes of Chinese, Japanese and Korean writing drawn like Latin capitals
        ("レヨロ", "LEO"),
        ("乙口ヨ", "ZOE"),
        ("レ凵匚丫", "LUCY"),
        ("工工", "II"),
        ("亅口", "JO"),
        ("エ藤", "工藤"),
        ("レ彐彐", "LEE"),  # twins of those strokes, and more of them
        ("匸レヨ囗", "CLEO"),
        ("卩ヨ丅ヨ尺", "PETER"),
        ("廾口レレ丫", "HOLLY"),
        ("ㇾェㇾロ", "LILO"),  # small kana, read as the full-size ones
        ("ㄥㄩㄨ", "LUX"),
        ("口𠃊𠃊丨", "OLLI"),
        ("ԼՍԼՍ", "LULU"),  # the Armenian capital liwn
        ("ՏՕԼ", "SOL"),
        ("Benȷamin", "Benjamin"),  # the dotless j
        ("Biꟾꟾ", "Bill"),  # the I longa of old inscriptions
        ("ꟾvy", "Ivy"),
        # a geresh or an apostrophe after a Hebrew letter draws like a yod
        ("דנ׳", "דני"),
        ("דנ'", "דני"),
        ("ג׳ורג׳", "גיורגי"),
    ],
)
def test_a_look_alike_in_capitals_of_another_alphabet_is_refused_in_either_order(name, beside):
    for first, then in ((beside, name), (name, beside)):
        refused_beside(then, first)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("\u0301Anna", "name_marks"),  # a mark with no letter before it
        ("Ann 1\u0301", "name_marks"),  # a mark on a digit
        ("Anna\u0947", "name_marks"),  # a Devanagari vowel sign on a Latin letter
        ("राहुल\u0e34", "name_marks"),  # a Thai vowel sign on a Devanagari letter
        ("Jaq" + "\u0301" * (MAX_MARKS + 1), "name_marks"),  # a pile of marks
        ("Z\u0336\u0353\u0345\u0360a\u0351\u035eck", "name_marks"),  # Zalgo
        ("Z\u0489ack", "name_chars"),  # an enclosing mark draws around its neighbours
        ("'Ann", "name_chars"),  # an apostrophe goes between two letters
        ("Ann'", "name_chars"),
        ("O''Brien", "name_chars"),
        ("O' Brien", "name_chars"),
        ("Mia<b>", "name_chars"),
        ("Mia!", "name_chars"),
        ("\u0640\u0640\u0640", "bad_name"),  # tatweels alone: a bare line, no letter
        ("ーー", "bad_name"),  # so are Japanese long-vowel marks
        ("ー ー", "bad_name"),
        # a digit of another script among Latin letters passes for a letter ("Bil۱" for Bill)
        ("Bil۱", "name_mixed"),
        ("Bil١", "name_mixed"),
        ("Mo۱۱y", "name_mixed"),
        ("Ali ۷", "name_mixed"),
        ("Bob០", "name_mixed"),  # Khmer
        ("Bob༠", "name_mixed"),  # Tibetan
        ("Bob९", "name_mixed"),  # Devanagari
        # Chinese, Bopomofo and Korean shapes within a Latin word pass for Latin letters
        ("ㄒOM", "name_mixed"),
        ("Bi丨丨", "name_mixed"),
        ("丨vy", "name_mixed"),
        ("MA乂", "name_mixed"),
        ("乙OE", "name_mixed"),
        ("工AN", "name_mixed"),
        ("ㄥILY", "name_mixed"),
        ("ᄂILY", "name_mixed"),
        ("Aーna", "name_mixed"),
        # ... and so do they as words of their own beside Latin ones ("Tom ㄒ" beside "Tom T")
        ("Tom ㄒ", "name_mixed"),
        ("Sam 丨", "name_mixed"),
        ("Ken 丨丨", "name_mixed"),
        ("Ken 山田", "name_mixed"),
        ("丨丨", "bad_name"),  # strokes alone: a bare line
        ("ᄂᄂ", "name_script"),  # Korean letters outside a syllable
        ("ㅋㅋ", "name_script"),
        # number signs that are not digits belong to no script, and pass for letters
        ("Bi〡〡", "name_chars"),  # Hangzhou numerals
        ("Bi𝍷𝍷", "name_chars"),  # tally marks
        ("Bi৷৷", "name_chars"),  # Bengali currency numerators
        ("〡vy", "name_chars"),
        ("Mi\u200ba", "name_invisible"),  # the invisible characters as before
        ("Mi\u034fa", "name_invisible"),  # the combining grapheme joiner draws nothing
        # join controls: never in an alphabet that does not write them, nor at an end, twice,
        # or beside a digit, a space or a letter of another script
        ("An\u200cna", "name_invisible"),
        ("An\u200dna", "name_invisible"),
        ("Νί\u200cκος", "name_invisible"),
        ("Ната\u200dша", "name_invisible"),
        ("\u200dශ්රී", "name_invisible"),
        ("ශ්රී\u200d", "name_invisible"),
        ("ශ්\u200d\u200dරී", "name_invisible"),
        ("علی\u200c\u200cرضا", "name_invisible"),
        ("علی\u200c 2", "name_invisible"),
        ("कमल\u200c1", "name_invisible"),
        ("कम\u200cලා", "name_invisible"),
        ("ශ්\u200d\u093cරී", "name_marks"),  # after one, a mark of another script
        ("കിരണ\u200d", "name_invisible"),  # a joiner at the end after no virama
        # the signs names write only where they write them
        ("Kaʻ", "name_chars"),  # the ʻokina before no letter
        ("ʻʻAna", "name_chars"),
        ("Тʻим", "name_mixed"),  # nor in a Cyrillic name
        ("Ga·la", "name_chars"),  # the middle dot between two l's only
        ("Gal·", "name_chars"),
        ("Ann׳", "name_chars"),  # the geresh after a Hebrew letter only
        ("ג׳׳", "name_chars"),
        ("マリー・", "name_chars"),  # the katakana dot between two katakana
        ("Ann・Mia", "name_chars"),
    ],
)
def test_marks_and_signs_where_no_name_has_them_are_refused_with_their_own_words(name, key):
    with pytest.raises(NameRefused) as no:
        check_name(name)
    assert no.value.key == key


def test_as_many_marks_on_one_letter_as_a_name_needs_are_kept():
    kept = "Jaq" + "\u0301" * MAX_MARKS
    assert check_name(kept) == kept


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(REAL_NAMES),
    st.lists(st.sampled_from(["\u0301", "\u0308", "\u0323", "\u093c", "\u0bcd"]), max_size=6),
    st.integers(0, 30),
)
def test_marks_added_to_a_real_name_never_make_a_new_one_that_passes(name, marks, at):
    """Marks added at any place: refused, or a name the class sees as the first one or as
    another name, never one that shows the same and is not caught."""
    name = unicodedata.normalize("NFKC", name)
    taken = dict.fromkeys(skeletons(name), name)
    at = at % (len(name) + 1)
    changed = name[:at] + "".join(marks) + name[at:]
    try:
        kept = check_name(changed, taken)
    except NameRefused as no:
        # (a name that writes a joiner, as Malayalam's chillu after a virama: a mark put between
        # the two leaves the joiner out of its place, an invisible character)
        refusals = ("name_marks", "name_chars", "name_lookalike", "name_taken")
        assert no.key in refusals or (no.key == "name_invisible" and "\u200d" in name), no.key
        return
    # kept: it differs from the name by a mark no skeleton leaves out (a virama)
    assert kept != name and skeletons(kept).isdisjoint(skeletons(name))
    assert "\u0bcd" in kept


def test_a_mark_between_a_virama_and_its_joiner_is_refused_as_an_invisible_character():
    # Kiran in Malayalam ends in a chillu (a virama and a zero-width joiner); an accent put
    # between the two leaves the joiner after an accent, where no name writes one
    kiran = "\u0d15\u0d3f\u0d30\u0d23\u0d4d\u200d"
    assert check_name(kiran) == kiran
    with pytest.raises(NameRefused) as no:
        check_name(kiran[:5] + "\u0301" + kiran[5:], dict.fromkeys(skeletons(kiran), kiran))
    assert no.value.key == "name_invisible"


def test_names_that_differ_by_a_vowel_sign_of_their_script_are_two_names():
    # "Ram" and "Rama", "Kamal" and "Kamala": the vowel sign is the difference
    for first, then in (("राम", "रमा"), ("कमल", "कमला"), ("கமல்", "கமலா")):
        taken = dict.fromkeys(skeletons(first), first)
        assert check_name(then, taken) == then


def test_no_mark_of_unicode_makes_a_look_alike_that_passes():
    """Every mark (Mn, Mc, Me) put into "Tim", "Anna" and "Mia" beside the name: refused, as a
    look-alike or as a mark no name has there (before, 213 marks of combining class 0 passed:
    the Znamenny musical marks, two Vedic signs)."""
    marks = [c for c in map(chr, range(0x300, 0x110000)) if unicodedata.category(c)[0] == "M"]
    assert len(marks) > 2000
    passed = []
    for name in ("Tim", "Anna", "Mia"):
        taken = dict.fromkeys(skeletons(name), name)
        for mark in marks:
            try:
                passed.append(check_name(name[:2] + mark + name[2:], taken))
            except NameRefused as no:
                assert no.key in (
                    "name_lookalike",
                    "name_marks",
                    "name_chars",
                    "name_invisible",
                    "name_script",  # a mark that is no accent (not recommended for identifiers)
                )
    assert passed == []


@pytest.mark.parametrize(
    "name",
    [
        "Ʌnna",  # the turned V, beside "Anna" (an attack run's)
        "ʌnna",
        "ɐnna",  # the turned a
        "ſara",  # the long s: NFKC makes it an s, so it is kept as "sara"
        "Aꞔa",  # Latin Extended-D: a c with a palatal hook
        "Ꟁla",  # the Old Polish O, recommended for identifiers but of no living alphabet
        "Ti\U0001df09m",  # Latin Extended-G, phonetic letters
        "Bi\U0001d165\U0001d165",  # marks that go on any letter but are no accent: a musical
        "Ti\u036b",  # stem (drawn like "ll"), the small letters above ("Tiͫ" for "Tim")
        "Le\u0366",
    ],
)
def test_a_latin_letter_of_old_or_technical_writing_is_refused(name):
    if name == "ſara":
        assert check_name(name) == "sara"
        return
    with pytest.raises(NameRefused) as no:
        check_name(name)
    assert no.value.key == "name_script"


@pytest.mark.parametrize(
    ("name", "beside"),
    [
        ("ĸim", "kim"),  # the kra
        ("Łena", "Lena"),  # letters with a stroke or a tail read as the plain letter
        ("Søren", "Soren"),
        ("Đorđe", "Dorde"),
        ("Ħanna", "Hanna"),
        ("Ŋina", "Nina"),
        ("Þór", "Pór"),
        ("Ɓello", "Bello"),  # the hooked letters of Hausa and Fula
        ("Ɗan", "Dan"),
        ("Ɛsi", "Esi"),  # the open e
        ("Ɖan", "Dan"),  # Ewe's d, the turned e, Bambara's n
        ("Ǝlla", "Ella"),
        ("Əli", "Eli"),
        ("Ɲina", "Nina"),
        ("Điệp", "Diệp"),  # two Vietnamese names: the stroke is read as an accent is
        ("ßob", "Bob"),  # the sharp s drawn like a B
        ("ẞEN", "BEN"),
        ("Keʋin", "Kevin"),  # Ewe's v drawn round, read as u and as v
        ("Sʋen", "Sven"),
        ("Iʋo", "Ivo"),
        ("Ʋiwo", "Uiwo"),
        ("Ɣilas", "Vilas"),  # the gamma, read as y and as v
        ("Ɣilas", "Yilas"),
        ("Gʋstaʋ", "Gustav"),  # each such letter read either way, in every mix
        ("Keʋin Lʋkas", "Kevin Lukas"),
        ("Ʋʋa", "Uva"),
        ("Eʋa Ruß", "Eva Russ"),
    ],
)
def test_a_latin_letter_drawn_from_a_plain_one_is_its_look_alike_in_either_order(name, beside):
    for first, then in ((beside, name), (name, beside)):
        refused_beside(then, first)


def test_every_latin_letter_a_nickname_may_hold_reads_as_a_plain_letter_but_a_closed_few():
    """Each Latin letter a nickname may hold (after NFKC) is read as plain letters a-z, but
    for the few that are a letter of their own and draw like none ("Æ", "Œ", "ǯ"): before,
    about 500 rare letters passed ("Ʌnna" beside "Anna")."""
    own = []
    for code in range(0x20000):
        char = chr(code)
        if unicodedata.category(char)[0] != "L" or not unicodedata.name(char, "").startswith(
            "LATIN"
        ):
            continue
        try:
            check_name(char + "na")
        except NameRefused:
            continue
        if not skeleton(char + "na").isascii():
            own.append(unicodedata.normalize("NFKC", char).casefold())
    assert sorted(set(own)) == sorted(set("æœǣǯǽ")), own


def test_the_table_of_letters_recommended_for_identifiers_is_ordered_ranges():
    """kaskaria/identifier_allowed.py as tools/identifier_allowed.c writes it: ranges in order,
    apart, holding the letters of everyday names and not the turned "Ʌ" or "ɐ", nor the long s
    (which NFKC makes an s)."""
    from kaskaria.identifier_allowed import ALLOWED
    from kaskaria.names import recommended

    assert all(first <= last for first, last in ALLOWED)
    assert all(a[1] + 1 < b[0] for a, b in zip(ALLOWED, ALLOWED[1:], strict=False))
    assert all(recommended(c) for c in "azAZ09äßłøĸəअ王민ノ")
    assert not any(recommended(c) for c in "Ʌʌɐſ")


def test_a_nickname_with_more_letters_of_two_readings_than_are_read_is_refused():
    """Each letter of SECOND_LOOKS doubles the readings compared; past MOST_SECOND_LOOKS of them
    the nickname is refused rather than compared in part."""
    from kaskaria.names import MOST_SECOND_LOOKS

    assert check_name("ß" * MOST_SECOND_LOOKS + "a") == "ß" * MOST_SECOND_LOOKS + "a"
    with pytest.raises(NameRefused) as no:
        check_name("ß" * (MOST_SECOND_LOOKS + 1) + "a")
    assert no.value.key == "name_script"
