"""Nicknames a projector shows as they are: normalised, without invisible characters, one alphabet,
and never a look-alike of a nickname already in the class.

A nickname is normalised (Unicode NFKC, runs of spaces made one), so a full-width "Ａｎｎａ" is
"Anna". Its letters may carry marks (accents, and the vowel signs and viramas of the scripts of
India and South-East Asia: "प्रिया", "ศรีสุดา"), at most :data:`MAX_MARKS` on one letter and each
of the letter's script; an apostrophe stands between two letters ("O'Brien",
:data:`NAME_JOINERS`), the signs some names write stand where they write them (the Hawaiian
ʻokina "Kaʻiulani", the Catalan "Gal·la", the Hebrew geresh "ג׳ורג׳", the katakana middle dot
"マリー・アントワネット": :func:`_name_sign`), and so may the zero-width joiner or non-joiner
in the scripts that write them (:data:`JOIN_CONTROLS`: the Persian "علی‌رضا", the Sinhala
"ශ්‍රී", the Malayalam "കിരണ്‍"). It is refused when it
holds another character that shows nothing (a format character, a filler such as U+3164,
Unicode's default-ignorable code points, the blank Braille pattern), mixes alphabets (a Cyrillic
"А" in a Latin "Anna"; Japanese, Chinese and Korean writing mix as they are written, but not
with Latin letters: :data:`MIXES`; a digit other than 0-9 among letters of another script,
:func:`_digit_scripts`; a number sign that is no digit, :func:`_letter_or_digit`), has no letter
but those that draw a bare line (:data:`LINE_LETTERS`), or looks like a nickname already in the
class or a word the screens show in a player's place ("free seat"). Looks are compared by
*skeleton*: accents and every other mark left out ("Anná" is "Anna", the Znamenny sign in
"Ti𜼼m" is "Tim") but a script's own vowel
signs (:func:`_own_sign`: "राम" and "रमा" are two names), each character replaced by the
plainest character Unicode's confusables data (through ``confusable-homoglyphs``) says it can be
mistaken for, case ignored, spaces, ``-_.``, apostrophes, those signs and join controls left
out, a Malayalam chillu read as its consonant and virama, a Hebrew geresh also read as the yod
it draws like, the digits
that pass for letters read as those letters (:data:`DIGIT_LOOKS`: "b0b" is "bob";
:data:`LETTER_LOOKS`: "вов" is "bob"), small capitals and Canadian syllabics read as the capital
they are drawn as (:func:`letter_shapes`: "ᴀɴɴᴀ" is "ANNA", "ᗅᗷᗴ" is "ABE"), and letter pairs
that pass for one letter read as it (:func:`pair_looks`: "Tirn" is "Tim"). A letter drawn like a
capital I (a small "l", the Lisu "ꓲ") among capitals is read as that I too (:func:`_capital_i`:
"NlCK" is "NICK", so "Nick").

A nickname's letters and digits are of Unicode's recommended scripts for identifiers (UAX #31,
table 5: :data:`EVERYDAY_SCRIPTS`): the alphabets children's names are written in. Old scripts
(Old Italic, Coptic) and scripts of limited use (Lisu, Cherokee, Canadian syllabics) are refused:
no pupil here writes their name in them, and their letters are where look-alikes come from that
no list catches ("ⲁⲛⲛⲁ" for "Anna"). Within them, each letter and digit is one Unicode
recommends for identifiers (UTS #39, :func:`recommended`): not the turned "Ʌ" of "Ʌnna", nor
the letters of old and phonetic writing, nor a mark that goes on any letter but is no accent
(the musical stem of "Bi𝅥𝅥"). (A script's own marks follow their script's rules above: the
Hebrew vowel points of "נֹעָה", which the recommended list leaves out, stay.)
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from functools import lru_cache
from typing import Any

from .identifier_allowed import ALLOWED

__all__ = ["NameRefused", "check_name", "everyday", "skeleton", "skeletons"]

#: The shortest and longest nickname (characters, after normalising): one letter names nobody
#: on the board.
MIN_NAME = 2
MAX_NAME = 20
#: Digits a projector shows much like a letter (Unicode's confusables data lists 0 and O, but
#: not the rest, which children use on purpose: "8ob" for "Bob", "5am" for "Sam"), each read as
#: that letter in a skeleton.
DIGIT_LOOKS = {"0": "o", "1": "l", "8": "b", "5": "s"}
#: Small letters that pass for a Latin letter but that Unicode's confusables data does not lead
#: to it (its capitals it does: "В" for "B"), read as it in a skeleton: the Cyrillic "в" (which
#: the data gives as the small capital "ʙ": "Вов" for "Bob"), the turned "ʍ" ("ʍia" for
#: "Mia"), the tone six "ƅ" ("Boƅ" for "Bob") and the Cherokee "Ꮎ" (a barred O: "ᏞᎬᎾ" for "Leo",
#: whose other two letters the data leads to L and E); the kra "ĸ" ("ĸim" for "kim"); the
#: letters of :data:`LIVING_LETTERS` and the letters with a stroke or a tail, read as the plain
#: letter they are drawn from, as an accent is left out ("Ɓello" beside "Bello", "Łena" beside
#: "Lena", "Søren" beside "Soren", "Ŋina" beside "Nina"; the data gives "ɲ" as "ņ", and both
#: schwas "ə" and "ǝ" as "ǝ": read as "n" and "e").
LETTER_LOOKS = {
    "ʙ": "b", "в": "b", "ʍ": "m", "ƅ": "b", "Ꮎ": "o", "ȷ": "j", "ĸ": "k",
    "ɓ": "b", "ɗ": "d", "ƙ": "k", "ƴ": "y", "ɛ": "e", "ɔ": "c",
    "đ": "d", "ð": "d", "ħ": "h", "ł": "l", "ŋ": "n", "ø": "o", "ŧ": "t", "þ": "p",
    "ɖ": "d", "ƒ": "f", "ǝ": "e", "ņ": "n",
}  # fmt: skip
#: Canadian syllabics shaped like a Latin capital that Unicode's confusables data does not lead to
#: it (it does for "ᗅ" and "ᗷ"): "ᗅᗷᗴ" for "ABE", "ᔕᗩᘻ" for "SAM". Read as that capital before
#: anything else, as the small capitals are (:func:`letter_shapes`).
SYLLABIC_LOOKS = {"ᗩ": "A", "ᑕ": "C", "ᗴ": "E", "ᘻ": "M", "ᑎ": "N", "ᔕ": "S", "ᗯ": "W"}
#: Strokes of Chinese, Japanese and Korean writing drawn like a Latin capital, which the
#: confusables data does not lead to it: a nickname of them alone passes for a name in capitals
#: ("レヨロ" for "LEO", "乙口ヨ" for "ZOE", "工工" for "II"). Read as that capital when names are
#: compared, as the syllabics above are (a real name of them, "工藤", stays as it is written).
STROKE_LOOKS = {
    "工": "I", "エ": "I", "丨": "I", "ㅣ": "I", "亅": "J", "乙": "Z", "レ": "L", "ㄥ": "L",
    "乚": "L", "ㄴ": "L", "ᄂ": "L", "ヨ": "E", "彐": "E", "ロ": "O", "口": "O", "囗": "O",
    "〇": "O", "ㅇ": "O", "丅": "T", "丁": "T", "ㄒ": "T", "凵": "U", "ㄩ": "U", "匚": "C",
    "匸": "C", "ㄈ": "C", "丫": "Y", "ㄚ": "Y", "乂": "X", "メ": "X", "卄": "H", "廾": "H",
    "ㅐ": "H", "卩": "P", "尺": "R", "ㄨ": "X", "㐅": "X", "𠃊": "L",
}  # fmt: skip
#: Latin letters of old inscriptions drawn like a plain capital ("ꟾ", the I longa, for "I"), and
#: capitals of other alphabets the confusables data does not lead to the Latin one they draw
#: (the Armenian "Լ" for "L": "ԼՍԼՍ" beside "LULU").
CAPITAL_LOOKS = {"ꟾ": "I", "ꟷ": "I", "ꟻ": "F", "ꟼ": "P", "ꟽ": "M", "ꟿ": "M", "Լ": "L"}
#: The blocks of the small kana ("ェ", "ㇾ"): those drawn like a Latin capital as their full-size
#: kana are (:data:`STROKE_LOOKS`) read as that capital when names are compared.
_SMALL_KANA_BLOCKS = ((0x3040, 0x3100), (0x31F0, 0x3200))
#: The blocks that hold Latin small capitals: IPA and phonetic extensions, Latin extended-D, -F
#: and -G.
_SMALL_CAPITAL_BLOCKS = (
    (0x0250, 0x02B0),
    (0x1D00, 0x1DC0),
    (0xA720, 0xA800),
    (0x10780, 0x107C0),
    (0x1DF00, 0x1E000),
)
#: Letter pairs that pass for one letter besides those Unicode's confusables data lists ("rn" for
#: "m"): "vv" for "w", "cl" for "d".
EXTRA_PAIRS = {"vv": "w", "cl": "d"}
#: Punctuation a nickname may hold besides letters, digits and single spaces.
NAME_MARKS = " -_."
#: Punctuation a nickname may hold only between two letters, as names are written ("O'Brien",
#: "D’Angelo", "Anne‐Marie" with Unicode's own hyphen, the Tibetan "བཀྲ་ཤིས" with the tsheg that
#: parts its syllables): the straight and the curly apostrophe, the hyphen U+2010 (NFKC makes
#: the non-breaking one it) and the tsheg U+0F0B. Skeletons leave them out as they leave out
#: :data:`NAME_MARKS`, so "O'Brien", "O’Brien", "O-Brien" and "OBrien" look alike.
NAME_JOINERS = "'\u2019\u2010\u0f0b"
#: The Hawaiian ʻokina (U+02BB, "Kaʻiulani", "ʻIolani"): a letter of Latin names (it may begin a
#: name), left out of skeletons as an apostrophe is, so "Kaʻiulani", "Ka'iulani" and
#: "Kaiulani" look alike.
OKINA = "\u02bb"
#: The Catalan middle dot, between two l's only ("Gal·la", "Marcel·la"; NFKC makes "ŀ" one).
MIDDLE_DOT = "\u00b7"
#: The Hebrew geresh (U+05F3) and the apostrophes written for it: after a Hebrew letter, also at
#: the end of a name ("ג׳ורג׳", "ג'ורג'").
GERESH = "\u05f3'\u2019"
#: The katakana middle dot, between two katakana ("マリー・アントワネット"; NFKC makes the
#: half-width one it).
KATAKANA_DOT = "\u30fb"
#: What a skeleton leaves out of those: each stands beside letters without making a new name.
_NAME_SIGNS = OKINA + MIDDLE_DOT + GERESH + KATAKANA_DOT
#: The zero-width non-joiner and joiner (Unicode's join controls): invisible, but the Persian
#: "علی‌رضا" needs the first to part two letters and the Sinhala "ශ්‍රී" the second after its
#: virama. A nickname may hold one between two letters (or a letter and a mark) of a script that
#: writes them (:data:`JOIN_CONTROL_SCRIPTS`, as Unicode's identifiers allow them, UAX #31), and
#: a joiner after a virama at the end of a word (UAX #31's rule B: the Malayalam "കിരണ്‍", a
#: chillu as older keyboards type it), never in a Latin, Greek or Cyrillic one ("An‌na");
#: skeletons leave them out, so "An‌na" would look like "Anna" all the same.
JOIN_CONTROLS = "\u200c\u200d"
#: The scripts whose names are written with :data:`JOIN_CONTROLS`: Arabic (and Persian in it),
#: the scripts of India and Sri Lanka.
JOIN_CONTROL_SCRIPTS = frozenset(
    {
        "ARABIC",
        "BENGALI",
        "DEVANAGARI",
        "GUJARATI",
        "GURMUKHI",
        "KANNADA",
        "MALAYALAM",
        "ORIYA",
        "SINHALA",
        "TAMIL",
        "TELUGU",
    }
)
#: Marks (Unicode Mn and Mc: accents, and the vowel signs and viramas of the scripts of India and
#: South-East Asia, "प्रिया", "ศรีสุดา") one letter may carry: a name needs at most two or three,
#: a pile of them ("Zalgo" text) draws over the nicknames beside it.
MAX_MARKS = 3
#: Letters that draw like two plain letters, read as the second one too (a skeleton reads them
#: as the first): the sharp s as the "B" it draws like (and as "ss", as case folds it: "ßob"
#: beside "Bob"), Ewe's "ʋ" as a rounded "v" (and as "u": "Keʋin" beside "Kevin"), the gamma
#: "ɣ" as a "v" with a loop (and as "y": "Ɣilas" beside "Vilas").
SECOND_LOOKS = {"ß": "B", "ẞ": "B", "ʋ": "v", "Ʋ": "V", "ɣ": "v", "Ɣ": "V"}
#: The most letters of :data:`SECOND_LOOKS` in one nickname: each is read both ways in every mix
#: ("Gʋstaʋ" beside "Gustav"), 2 ** 4 readings at most; a nickname with more is refused.
MOST_SECOND_LOOKS = 4
#: Letters of living African alphabets that Unicode's recommended set for identifiers leaves
#: out (:func:`recommended`): the hooked letters of Hausa and Fula ("Ɓello", "Ɗanjuma"), the
#: open e and o of Akan, Ewe and Dinka ("Ɔkyere", "Ɛsi"), Ewe's "ɖ", "ƒ" and "ʋ" ("Ɖeladem",
#: "Ʋiwo"), the gamma of Kabyle and Ewe ("Ɣilas"), Bambara's "ɲ" ("Ɲuma") and the turned e
#: of Kabyle and Pan-Nigerian writing ("Ǝlla").
LIVING_LETTERS = frozenset("ɓƁɗƊƙƘƴƳɛƐɔƆɖƉƒƑʋƲɣƔɲƝǝƎ")
#: Where a nickname's Latin letters may come from: Basic Latin, Latin-1, Latin Extended-A and -B,
#: IPA and the modifier letters (the ʻokina), and Latin Extended Additional (Vietnamese, and
#: the accented letters of Welsh, Yoruba...). The later blocks (Extended-C to -G) hold the
#: letters of old, phonetic and technical writing, some of them recommended for identifiers
#: ("Ꟁ", the Old Polish O, "𝼉"); no pupil's name needs them.
LATIN_BLOCKS = ((0x0000, 0x02FF), (0x1E00, 0x1EFF))
#: The alphabets one nickname may mix: Japanese writes Han with Hiragana and Katakana, Chinese
#: Han with Bopomofo, Korean Han with Hangul (Unicode's TR39 allows each with Latin letters too,
#: at its "highly restrictive" level; a nickname does not: a stroke such as "丨" or "ㄒ" passes
#: for a Latin letter, in a word or on its own: "Tom ㄒ" beside "Tom T").
MIXES = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "BOPOMOFO"}),
    frozenset({"HAN", "HANGUL"}),
)
#: The scripts a nickname's letters and digits may be of: Unicode's recommended scripts for
#: identifiers (UAX #31, table 5), as the script data of ``confusable-homoglyphs`` (Unicode's
#: Scripts.txt) names them; COMMON and INHERITED (digits, marks) go with any.
EVERYDAY_SCRIPTS = frozenset(
    {
        "COMMON",
        "INHERITED",
        "ARABIC",
        "ARMENIAN",
        "BENGALI",
        "BOPOMOFO",
        "CYRILLIC",
        "DEVANAGARI",
        "ETHIOPIC",
        "GEORGIAN",
        "GREEK",
        "GUJARATI",
        "GURMUKHI",
        "HAN",
        "HANGUL",
        "HEBREW",
        "HIRAGANA",
        "KANNADA",
        "KATAKANA",
        "KHMER",
        "LAO",
        "LATIN",
        "MALAYALAM",
        "MYANMAR",
        "ORIYA",
        "SINHALA",
        "TAMIL",
        "TELUGU",
        "THAANA",
        "THAI",
        "TIBETAN",
    }
)
#: The scripts of :data:`EVERYDAY_SCRIPTS` whose marks go on their own letters only.
_SCRIPTS_OF_THEIR_OWN = EVERYDAY_SCRIPTS - {"COMMON", "INHERITED"}
#: Unicode's categories of marks: non-spacing, spacing and enclosing; a nickname's letters may
#: carry the first two.
_MARKS = ("Mn", "Mc", "Me")
_LETTER_MARKS = ("Mn", "Mc")
#: The first words of Unicode's names that say a letter's alphabet another way.
_SCRIPT_WORDS = {"CJK": "HAN", "IDEOGRAPHIC": "HAN", "KATAKANA-HIRAGANA": "KATAKANA"}

#: Unicode's default-ignorable code points (DerivedCoreProperties) and other characters that draw
#: nothing: fillers, blank patterns, variation selectors, tags.
_INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


class NameRefused(Exception):
    """A nickname refused: ``key`` names the words that say why (the ``classroom`` domain)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def invisible(char: str) -> bool:
    """Does ``char`` draw nothing (or change how others draw)?"""
    code = ord(char)
    if any(lo <= code <= hi for lo, hi in _INVISIBLE_RANGES):
        return True
    return unicodedata.category(char) in ("Cf", "Cc", "Co", "Cn", "Cs", "Zl", "Zp")


def _script(char: str) -> str | None:
    """The alphabet of a letter (from its Unicode name: LATIN, CYRILLIC, GREEK, HAN...); None
    for digits, spaces and marks, which go with any."""
    if not char.isalpha():
        return None
    if char == OKINA:
        return "LATIN"
    name = unicodedata.name(char, "")
    word = name.split(" ", 1)[0] if name else None
    return _SCRIPT_WORDS.get(word, word) if word else None


def _refused_letters(name: str) -> str | None:
    """Why a character of ``name`` cannot be in a nickname (the key of the words that say so), or
    None. A join control (:data:`JOIN_CONTROLS`) follows a letter (or its marks) of a script
    that writes it and comes before a letter of that script or a mark (a joiner after a virama
    also at the end of a word), or it is an invisible character. A mark (Mn, Mc) follows a
    letter of its script (or is of Unicode's "inherited" marks, as accents are), at most
    :data:`MAX_MARKS` on one letter; :data:`NAME_JOINERS` stand between two letters, and the
    signs of :func:`_name_sign` where their names write them; every other character is a
    letter, a digit or one of :data:`NAME_MARKS`."""
    from confusable_homoglyphs import categories

    letter: str | None = None  # the script of the letter the marks so far follow
    marks = 0
    for i, char in enumerate(name):
        if char in JOIN_CONTROLS:
            after = name[i + 1 : i + 2]
            # before a mark, the mark's own rules follow (on this letter, of its script)
            mark = after != "" and unicodedata.category(after) in _LETTER_MARKS
            # UAX #31 rule B: a joiner after a virama, here at a word's end (a chillu)
            chillu = char == "\u200d" and after in ("", " ") and _virama(name[i - 1 : i])
            if letter not in JOIN_CONTROL_SCRIPTS or not (
                mark or chillu or (after.isalpha() and categories.alias(after) == letter)
            ):
                return "name_invisible"
            continue  # between a letter and what follows it, as if it were not there
        if _name_sign(name, i):
            letter, marks = None, 0
            continue
        if unicodedata.category(char) in _LETTER_MARKS:
            marks += 1
            script = categories.alias(char)
            if letter is None or marks > MAX_MARKS or script not in (letter, "INHERITED", "COMMON"):
                return "name_marks"
            continue
        marks = 0
        between = letter is not None and name[i + 1 : i + 2].isalpha()
        letter = categories.alias(char) if char.isalpha() else None
        # (an ʻokina here stands where no name writes it: before no letter)
        plain = _letter_or_digit(char) and char != OKINA
        if not (plain or char in NAME_MARKS or (char in NAME_JOINERS and between)):
            # an old script's numeral ("𐌠") is refused for its script, as its letters are
            return "name_script" if char.isnumeric() and not everyday(char) else "name_chars"
    return None


def _virama(char: str) -> bool:
    """Is ``char`` a virama (Unicode's combining class 9: the sign that takes a consonant's
    vowel away)?"""
    return char != "" and unicodedata.combining(char) == 9


def _name_sign(name: str, i: int) -> bool:
    """Is ``name[i]`` a sign that stands where names write it: the ʻokina (:data:`OKINA`) before
    a letter, the Catalan middle dot between two l's, the Hebrew geresh (or an apostrophe) after
    a Hebrew letter and before a letter, a space or the end, the katakana middle dot between
    two katakana?"""
    char = name[i]
    before, after = name[i - 1 : i] if i else "", name[i + 1 : i + 2]
    if char == OKINA:
        return after.isalpha() and after != OKINA
    if char == MIDDLE_DOT:
        return before.casefold() == "l" and after.casefold() == "l"
    if char in GERESH:
        base = name[:i].rstrip("".join(c for c in name[:i] if unicodedata.category(c) == "Mn"))
        return _script(base[-1:]) == "HEBREW" and (after in ("", " ") or after.isalpha())
    if char == KATAKANA_DOT:
        return _script(before) == "KATAKANA" and _script(after) == "KATAKANA"
    return False


def _digit_scripts(name: str) -> set[str]:
    """The scripts of the digits of ``name`` that are not 0-9 (a Khmer zero, a Devanagari nine,
    a Persian one): such a digit belongs to its script's names, not to a Latin one, where it
    passes for a letter ("Bob០" beside "Bobo")."""
    out = set()
    for c in name:
        if c.isdigit() and not c.isascii():
            word = unicodedata.name(c, "").split(" ")
            script = "ARABIC" if "ARABIC-INDIC" in word else word[0]
            out.add(_SCRIPT_WORDS.get(script, script))
    return out


def _bare_jamo(char: str) -> bool:
    """Is ``char`` a Korean letter on its own, outside a syllable block (the conjoining jamo
    NFKC did not compose, the compatibility jamo "ㄴ")? Names are written in syllables; a bare
    jamo is a stroke ("ᄂ" passes for "L")."""
    return 0x1100 <= ord(char) <= 0x11FF or 0x3130 <= ord(char) <= 0x318F


def _letter_or_digit(char: str) -> bool:
    """Is ``char`` a letter or a decimal digit? Not another number sign (a Hangzhou numeral
    "〡", tally marks, counting rods, fraction signs: they belong to no script, and "Bi〡〡"
    passed beside "Bill"); Roman numerals and superscripts are letters and digits after NFKC."""
    return char.isalpha() or unicodedata.category(char) == "Nd"


def _one_writing(scripts: set[str]) -> bool:
    """Do letters of ``scripts`` make one way of writing (one alphabet, or Japanese, Chinese or
    Korean writing: :data:`MIXES`)?"""
    return len(scripts) <= 1 or any(scripts <= mix for mix in MIXES)


_ALLOWED_FIRST = [first for first, _ in ALLOWED]


def recommended(char: str) -> bool:
    """Does Unicode recommend ``char`` for identifiers (UTS #39: Identifier_Status=Allowed,
    :mod:`kaskaria.identifier_allowed`), a Latin letter of :data:`LATIN_BLOCKS`, or is it a
    letter of :data:`LIVING_LETTERS`? Not the letters of old, phonetic or technical writing
    ("Ʌ", "ɐ", "ꞔ"), which no list of look-alikes leads to a plain letter."""
    code = ord(char)
    if _script(char) == "LATIN" and not any(lo <= code <= hi for lo, hi in LATIN_BLOCKS):
        return False
    i = bisect.bisect_right(_ALLOWED_FIRST, code) - 1
    return (i >= 0 and code <= ALLOWED[i][1]) or char in LIVING_LETTERS


def _held_to_recommended(char: str) -> bool:
    """Must ``char`` be one :func:`recommended` says? Letters and digits, and the marks of no
    script of their own (Unicode's "inherited" and "common" marks, which go on any letter: the
    musical stem in "Bi𝅥𝅥" draws like "ll", the small "m" above in "Tiͫ" like an m). A script's
    own marks (the Hebrew vowel points, the vowel signs of India) keep their script's rules."""
    kind = unicodedata.category(char)[0]
    if kind in "LN":
        return True
    if kind != "M":
        return False
    from confusable_homoglyphs import categories

    return categories.alias(char) in ("INHERITED", "COMMON")


@lru_cache(maxsize=4096)
def everyday(char: str) -> bool:
    """Is ``char`` of a script of :data:`EVERYDAY_SCRIPTS` (by Unicode's Scripts.txt)?"""
    from confusable_homoglyphs import categories

    return categories.alias(char) in EVERYDAY_SCRIPTS


@lru_cache(maxsize=1)
def _confusables() -> dict[str, list[dict[str, str]]]:
    from confusable_homoglyphs import confusables

    return dict(confusables.confusables_data)


#: The Malayalam chillu letters (a consonant without its vowel) and the consonant and virama
#: that older keyboards type for each (with a joiner, left out): "കിരൺ" looks like "കിരണ്‍".
MALAYALAM_CHILLUS: dict[str, str] = {
    "\u0d54": "\u0d2e\u0d4d",
    "\u0d55": "\u0d2f\u0d4d",
    "\u0d56": "\u0d34\u0d4d",
    "\u0d7a": "\u0d23\u0d4d",
    "\u0d7b": "\u0d28\u0d4d",
    "\u0d7c": "\u0d30\u0d4d",
    "\u0d7d": "\u0d32\u0d4d",
    "\u0d7e": "\u0d33\u0d4d",
    "\u0d7f": "\u0d15\u0d4d",
}

#: the Arabic script's tatweel: a stretch of the line between letters, not a letter of its own
TATWEEL = "\u0640"
#: letters that draw a bare line (the tatweel, Japanese's long-vowel mark, the Han stroke "丨"): a
#: name needs a letter besides them
LINE_LETTERS = frozenset({TATWEEL, "\u30fc", "\u4e28"})

#: Letters of the Arabic script that keyboards for different languages type differently for one
#: letter (Persian and Urdu keyboards, an Arabic one) and that draw alike in a name, led to one
#: form when names are compared: the yeh and the alef maksura, the kaf and the keheh, the heh
#: and its Urdu forms, the Arabic-Indic digits and the Persian ones (as the Persian ones, which
#: the confusables data leads on to the Latin letters they pass for: "Bil١" and "Bil۱" beside
#: "Bill"); the tatweel (a stretch of the line between letters) is left out.
ARABIC_FORMS: dict[str, str] = {
    "\u06cc": "\u064a",  # FARSI YEH -> YEH
    "\u0649": "\u064a",  # ALEF MAKSURA -> YEH
    "\u06d2": "\u064a",  # YEH BARREE -> YEH
    "\u06a9": "\u0643",  # KEHEH -> KAF
    "\u06aa": "\u0643",  # SWASH KAF -> KAF
    "\u06be": "\u0647",  # HEH DOACHASHMEE -> HEH
    "\u06c1": "\u0647",  # HEH GOAL -> HEH
    "\u06d5": "\u0647",  # AE -> HEH
    TATWEEL: "",
    **{chr(0x0660 + d): chr(0x06F0 + d) for d in range(10)},  # Arabic-Indic -> Persian digits
}


@lru_cache(maxsize=1)
def letter_shapes() -> dict[int, str]:
    """Characters drawn as a Latin capital, and that capital (a table for ``str.translate``):
    every "LATIN LETTER SMALL CAPITAL A" (and the other letters, by their Unicode names: "ᴀɴɴᴀ"
    for "ANNA"; the confusables data leads few of them to their letter),
    :data:`SYLLABIC_LOOKS`, :data:`STROKE_LOOKS` and :data:`CAPITAL_LOOKS`, the small kana as
    their full-size ones where those draw a capital; and the Arabic
    script's letters typed differently for one letter (:data:`ARABIC_FORMS`) and the Malayalam
    chillus (:data:`MALAYALAM_CHILLUS`)."""
    shapes = {}
    for code in (c for start, end in _SMALL_CAPITAL_BLOCKS for c in range(start, end)):
        parts = unicodedata.name(chr(code), "").rsplit(" ", 1)
        if parts[0] in ("LATIN LETTER SMALL CAPITAL", "MODIFIER LETTER SMALL CAPITAL") and (
            len(parts[1]) == 1
        ):
            shapes[code] = parts[1]
    for looks in (SYLLABIC_LOOKS, STROKE_LOOKS, CAPITAL_LOOKS):
        shapes.update({ord(c): capital for c, capital in looks.items()})
    # a small kana whose full-size one draws a Latin capital, as that capital ("ㇾェㇾロ" for
    # "LILO"); the others stay small: "いっき" and "いつき" are two names
    for code in (c for start, end in _SMALL_KANA_BLOCKS for c in range(start, end)):
        name = unicodedata.name(chr(code), "")
        if " SMALL " in name:
            try:
                full = unicodedata.lookup(name.replace(" SMALL ", " "))
            except KeyError:
                continue
            if full in STROKE_LOOKS:
                shapes[code] = STROKE_LOOKS[full]
    shapes.update({ord(c): form for c, form in ARABIC_FORMS.items()})
    shapes.update({ord(c): form for c, form in MALAYALAM_CHILLUS.items()})
    return shapes


@lru_cache(maxsize=4096)
def _plainest(char: str) -> str:
    """The plainest character (ASCII first, then the lowest) of those ``char`` can be mistaken
    for, directly or through others ("I" looks like "l", which looks like "1")."""
    data = _confusables()
    seen = {char}
    todo = [char]
    while todo and len(seen) < 500:
        for h in data.get(todo.pop(), ()):
            c = h["c"]
            if len(c) == 1 and c not in seen:
                seen.add(c)
                todo.append(c)
    return min(seen, key=lambda c: (not c.isascii(), c))


@lru_cache(maxsize=1)
def _stroke_twins() -> dict[int, str]:
    """The characters the confusables data leads the strokes of :data:`STROKE_LOOKS` to (their
    radical forms: "彐" to "⼹"), as the capital the stroke draws: so a twin of a stroke the
    table does not name is read as that capital too."""
    return {ord(_plainest(c)): capital for c, capital in STROKE_LOOKS.items() if _plainest(c) != c}


@lru_cache(maxsize=1)
def pair_looks() -> dict[str, str]:
    """Runs of plain small letters that pass for one letter, and that letter: those of Unicode's
    confusables data ("rn" for "m") and :data:`EXTRA_PAIRS`."""
    pairs = dict(EXTRA_PAIRS)
    for char, looks in _confusables().items():
        if len(char) == 1 and char.isascii() and char.isalpha():
            for h in looks:
                c = h["c"]
                if len(c) > 1 and c.isascii() and c.isalpha():
                    pairs[c.casefold()] = char.casefold()
    return pairs


@lru_cache(maxsize=4096)
def _own_sign(char: str) -> bool:
    """Is the mark ``char`` a sign of one script's own that tells one name from another (the
    Devanagari "ा" tells "राम" from "रमा"), not an accent or a mark that goes on any letter?"""
    from confusable_homoglyphs import categories

    return unicodedata.combining(char) == 0 and categories.alias(char) in _SCRIPTS_OF_THEIR_OWN


def _unaccented(text: str) -> str:
    """``text`` without its accents and other marks ("Anná" -> "Anna", "Ti𜼼m" -> "Tim"), but
    with the signs of a script's own (:func:`_own_sign`), each once where it stands twice in a
    row (two "ी" draw as one)."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.category(char) in _MARKS and (
            not _own_sign(char) or (kept and kept[-1] == char)
        ):
            continue
        kept.append(char)
    return "".join(kept)


#: What a skeleton leaves out besides spaces.
_LEFT_OUT = NAME_MARKS + NAME_JOINERS + JOIN_CONTROLS + _NAME_SIGNS


#: a geresh (or an apostrophe) after a Hebrew letter or its marks: it draws like the letter yod
_HEBREW_GERESH = re.compile(f"(?<=[\u0591-\u05c7\u05d0-\u05ea])[{GERESH}]")


@lru_cache(maxsize=8192)
def skeleton(name: str) -> str:
    """What ``name`` looks like: two nicknames with one skeleton look the same on a screen."""
    text = _unaccented(unicodedata.normalize("NFKC", name)).translate(letter_shapes())
    # each character as its plainest look-alike (Cyrillic "А" -> "A", "I" -> "1" like "l"),
    # then case ignored ("Anna" and "ANNA" are one nickname) and the look-alikes of the small
    # letters taken too ("MIA" -> "m1a", "Mia" -> "mia" -> "m1a")
    plain = "".join(_plainest(c) for c in text if not c.isspace() and c not in _LEFT_OUT)
    plain = plain.translate(_stroke_twins())  # "⼹", where the data led a twin of "ヨ"
    plain = "".join(_plainest(c) for c in _unaccented(plain.casefold()))
    # digits and letters read as the letters they pass for, then pairs of letters read as one
    plain = "".join(DIGIT_LOOKS.get(c) or LETTER_LOOKS.get(c, c) for c in plain)
    for pair, one in pair_looks().items():
        plain = plain.replace(pair, one)
    return plain


def _capital_i(name: str) -> str | None:
    """``name`` with every character as its plainest look-alike and every letter drawn like a
    capital I (those the confusables data leads to "1": a small "l", the Lisu "ꓲ", "|", the
    Greek "Ι") written as "I" (Greek "ΤΙΜ" reads as "TIM"), when its other cased letters are all
    capitals ("NlCK" reads as "NICK"); None when nothing is read another way. Among small
    letters such a letter reads as an l ("Ella" is not "ElIa")."""
    looks = [_plainest(c) for c in name]
    cased = [p for p in looks if p != "1" and p.lower() != p.upper()]
    if "1" not in looks or not cased or not all(p.isupper() for p in cased):
        return None
    # each letter as its plainest look-alike before case is folded: a Greek "Τ" folds to a "τ"
    # that leads to no Latin letter, where its plainest look-alike "T" folds to "t"
    return "".join("I" if p == "1" and c.isalpha() else p for c, p in zip(name, looks, strict=True))


@lru_cache(maxsize=8192)
def _skeletons(name: str) -> frozenset[str]:
    name = name.translate(letter_shapes())  # "ᴛɪᴍ" as "TIM", so as "Tim" too
    keys = {skeleton(name), skeleton(name.casefold())}
    if _HEBREW_GERESH.search(name):  # a geresh left out, and read as the yod it draws like
        keys.add(skeleton(_HEBREW_GERESH.sub("\u05d9", name)))
    for other in _second_readings(name):  # such letters read the other way, in every mix
        keys |= {skeleton(other), skeleton(other.casefold())}
    capitals = _capital_i(name)
    if capitals is not None:
        keys.add(skeleton(capitals.casefold()))
    return frozenset(keys)


def _second_readings(name: str) -> list[str]:
    """``name`` with each of its letters of :data:`SECOND_LOOKS` read either way, in every mix
    but the one as written ("Gʋstaʋ": "Gvstaʋ", "Gʋstav", "Gvstav"); at most
    :data:`MOST_SECOND_LOOKS` such letters (:func:`check_name` refuses more)."""
    at = [i for i, c in enumerate(name) if c in SECOND_LOOKS][:MOST_SECOND_LOOKS]
    readings = []
    for pick in itertools.product((False, True), repeat=len(at)):
        if any(pick):
            chars = list(name)
            for i, second in zip(at, pick, strict=True):
                if second:
                    chars[i] = SECOND_LOOKS[chars[i]]
            readings.append("".join(chars))
    return readings


def skeletons(name: str) -> set[str]:
    """The skeletons of ``name`` as written and in small letters ("MIA" looks like "Mia"
    though a capital "I" looks like "l" and a small "i" does not)."""
    return set(_skeletons(name))


def check_name(
    name: Any, taken: dict[str, str] | None = None, words: dict[str, str] | None = None
) -> str:
    """``name`` as the class keeps it, or :class:`NameRefused`. ``taken``: the skeletons of the
    nicknames already in the class, and their nicknames; ``words``: the skeletons of the words
    screens show in a player's place ("free seat", "easy bot"), and those words."""
    if name.__class__ is not str:
        raise NameRefused("bad_name")
    name = unicodedata.normalize("NFKC", name)
    if any(invisible(c) and c not in JOIN_CONTROLS for c in name):  # those: _refused_letters
        raise NameRefused("name_invisible")
    name = " ".join(name.split())
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise NameRefused("bad_name")
    refused = _refused_letters(name)
    if refused is not None:
        raise NameRefused(refused)
    if sum(c in SECOND_LOOKS for c in name) > MOST_SECOND_LOOKS:  # "ßßßßß": read every way
        raise NameRefused("name_script")
    if sum(_letter_or_digit(c) and c not in LINE_LETTERS for c in name) < MIN_NAME:  # "ـــ"
        raise NameRefused("bad_name")
    if not _one_writing({s for s in map(_script, name) if s is not None} | _digit_scripts(name)):
        raise NameRefused("name_mixed")
    for key in skeletons(name) if words else ():
        word = words.get(key) if words else None
        if word is not None:
            raise NameRefused("name_screen_word", word=word)
    for key in skeletons(name) if taken else ():
        other = taken.get(key) if taken else None
        if other is not None:
            if other.casefold() == name.casefold():
                raise NameRefused("name_taken")
            raise NameRefused("name_lookalike", other=other)
    if not all(everyday(c) and not _bare_jamo(c) for c in name if c.isalnum()):
        raise NameRefused("name_script")
    if not all(recommended(c) for c in name if _held_to_recommended(c)):
        raise NameRefused("name_script")
    return name
