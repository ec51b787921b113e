"""Numbers as pupils write them beyond digits: number words and short calculations.

Used by :mod:`kaskaria.lessons.answers` (pure Python, no Jupyter). Two things are read here:

**Number words**, English and German, turned into digits (:func:`words_to_digits`):

- whole numbers: ``four``, ``twenty-six``, ``twenty six``, ``twentysix`` (an English compound
  written as one word is read as its hyphenated form), ``a hundred and five``,
  ``vier``, ``sechsundzwanzig``, ``hundertzwanzig``, ``zweitausend``; a scale after a number:
  ``10.08 million``, ``2 Millionen``, ``3 thousand``;
- fractions: ``a half``, ``half``, ``three quarters``, ``a third``, ``one twenty-seventh``,
  ``ein Viertel``, ``drei Viertel``, ``dreiviertel``, ``die Hälfte``, ``ein Siebenundzwanzigstel``;
  mixed numbers: ``one and a half``, ``4 and a half``, ``zweieinhalb``, ``anderthalb``;
- ``one in nine``, ``vier von neun`` become ``1 in 9``, ``4 von 9`` (the ratio rules of
  :mod:`~kaskaria.lessons.answers` read those), ``vierzig Prozent`` becomes ``40 prozent``.

A word that is no number is left as it is (the caller may then drop it as a unit), except an
English number word misspelt (``fourty``, ``twentyfiveth``: :func:`looks_like_number`), which the
caller never drops.

**Short calculations** (:func:`calculate`): numbers (with a decimal point or comma, optionally
followed by ``%``), ``+ - * / : x × ·``, powers ``^`` / ``**``, factorials ``!`` (of a whole number
from 0 to :data:`MAX_FACTORIAL`) and brackets, evaluated exactly with
Fractions by a small recursive-descent parser: nothing is ever passed to ``eval``. Limits keep a
pupil from hanging or crashing it: at most :data:`MAX_TOKENS` tokens, numbers of at most
:data:`MAX_DIGITS` digits, brackets at most :data:`MAX_DEPTH` deep, whole exponents of at most
:data:`MAX_POWER`, and no intermediate value whose numerator or denominator has more than
:data:`MAX_SIZE_DIGITS` digits. Anything outside them, a division by 0 or a stray sign reads as
nothing (``None``), never as an error.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "MAX_FACTORIAL", "MAX_POWER", "MAX_SIZE_DIGITS", "MAX_TOKENS"]
__all__ += ["calculate"]
__all__ += ["looks_like_number", "words_to_digits"]

MAX_TOKENS = 40
MAX_DIGITS = 15
MAX_DEPTH = 8
MAX_POWER = 12
MAX_SIZE_DIGITS = 60
MAX_FACTORIAL = 20

# ---------------------------------------------------------------------------------------------
# number words
# ---------------------------------------------------------------------------------------------
_EN_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_EN_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_EN_SCALES = {"thousand": 1000, "million": 10**6}
#: ordinals that name a fraction's denominator (``third`` -> 3); compounds are built from them
_EN_ORDINALS = {
    "half": 2, "halve": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6,
    "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
    "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17,
    "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40,
    "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90,
    "hundredth": 100, "thousandth": 1000,
}  # fmt: skip
#: the last part of a compound ordinal (``twenty-first``), not fractions on their own
_EN_ORDINAL_UNITS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9,
}  # fmt: skip

_DE_UNITS = {
    "null": 0, "ein": 1, "eins": 1, "eine": 1, "einen": 1, "einer": 1, "zwei": 2, "zwo": 2, "drei": 3,
    "vier": 4, "fünf": 5, "fuenf": 5, "funf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9,
    "zehn": 10, "elf": 11, "zwölf": 12, "zwoelf": 12, "dreizehn": 13, "vierzehn": 14,
    "fünfzehn": 15, "fuenfzehn": 15, "funfzehn": 15, "sechzehn": 16, "siebzehn": 17, "achtzehn": 18,
    "neunzehn": 19,
}  # fmt: skip
_DE_TENS = {
    "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50,
    "fuenfzig": 50, "funfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90,
}  # fmt: skip
_DE_SCALES = {"tausend": 1000, "million": 10**6, "millionen": 10**6, "mio": 10**6}
#: German fraction words whose stem is not simply the number: drittel, siebtel, achtel
_DE_FRACTIONS = {"drittel": 3, "siebtel": 7, "achtel": 8, "hälfte": 2, "haelfte": 2}
_DE_HALF = ("halb", "halbe", "halben")
#: words that stand for 1 in front of a fraction word (``a quarter``, ``die Hälfte``)
_ONE_BEFORE_FRACTION = {"a", "an", "one", "ein", "eine", "einen"}
_SCALES = {**_EN_SCALES, **_DE_SCALES}

_NUMBER_TOKEN = re.compile(r"^\d+(?:[.,]\d+)?$")


def _de_below_100(word: str) -> int | None:
    if word in _DE_UNITS:
        return _DE_UNITS[word] if word not in ("eine", "einen", "einer") else 1
    if word in _DE_TENS:
        return _DE_TENS[word]
    unit, sep, tens = word.partition("und")
    if sep and tens in _DE_TENS and unit in _DE_UNITS and 1 <= _DE_UNITS[unit] <= 9:
        if unit in ("eins", "eine", "einen", "einer"):  # "einundzwanzig", never "einsundzwanzig"
            return None
        return _DE_UNITS[unit] + _DE_TENS[tens]
    return None


def _de_below_1000(word: str) -> int | None:
    if not word:
        return None
    left, sep, right = word.partition("hundert")
    if not sep:
        return _de_below_100(word)
    hundreds = 1 if not left else _de_below_100(left)
    rest = 0 if not right else _de_below_100(right)
    if hundreds is None or rest is None or not 1 <= hundreds <= 9:
        return None
    return hundreds * 100 + rest


def _de_number(word: str) -> int | None:
    """A German number written as one word (``sechsundzwanzig``, ``zweitausendeins``)."""
    if len(word) > 60:
        return None
    left, sep, right = word.partition("tausend")
    if not sep:
        return _de_below_1000(word)
    thousands = 1 if not left else _de_below_1000(left)
    rest = 0 if not right else _de_below_1000(right)
    if thousands is None or rest is None:
        return None
    return thousands * 1000 + rest


def _de_denominator(word: str) -> int | None:
    """The denominator a German fraction word names (``viertel`` 4, ``zwanzigstel`` 20)."""
    if word in _DE_FRACTIONS:
        return _DE_FRACTIONS[word]
    for suffix in ("stel", "tel"):
        if word.endswith(suffix):
            number = _de_number(word[: -len(suffix)])
            if number is None:
                continue  # "sechstel" is "sechs" + "tel", not "sech" + "stel"
            # 3-19 take "tel", 20 and up "stel" (a fourth is "viertel", not "vierstel")
            if (suffix == "tel") == (4 <= number <= 19) and number not in (7, 8):
                return number
    return None


def _en_denominator(word: str) -> int | None:
    """The denominator an English ordinal names (``quarters`` 4, ``twenty-sevenths`` 27)."""
    if word.endswith("ves"):  # halves
        word = word[:-3] + "ve"
    elif word.endswith("s"):
        word = word[:-1]
    if word in _EN_ORDINALS:
        return _EN_ORDINALS[word]
    tens, sep, unit = word.partition("-")
    if sep and tens in _EN_TENS and unit in _EN_ORDINAL_UNITS:
        return _EN_TENS[tens] + _EN_ORDINAL_UNITS[unit]
    return None


def _denominator(word: str) -> int | None:
    return _en_denominator(word) or _de_denominator(word)


def _en_run(tokens: list[str], start: int) -> tuple[int | None, int]:
    """An English whole number in words from ``tokens[start]``: (its value, tokens used)."""
    total = current = 0
    last = ""  # what came last: "unit", "teen", "tens", "hundred", "scale"
    i = start
    while i < len(tokens):
        token = tokens[i]
        if (
            token in ("a", "an")
            and i + 1 < len(tokens)
            and tokens[i + 1] in ("hundred", *_EN_SCALES)
        ):
            if last:
                break
            current, last, i = 1, "unit", i + 1
            continue
        if token == "and" and last in ("hundred", "scale") and i + 1 < len(tokens):
            following = tokens[i + 1].split("-")[0]
            if following in _EN_UNITS or following in _EN_TENS:
                i += 1
                continue
            break
        parts = token.split("-")
        step_ok = True
        for part in parts:
            if part in _EN_UNITS:
                value = _EN_UNITS[part]
                if last in ("unit", "teen") or (last == "tens" and not 1 <= value <= 9):
                    step_ok = False
                    break
                current += value
                last = "unit" if value < 10 else "teen"
            elif part in _EN_TENS:
                if last in ("unit", "teen", "tens"):
                    step_ok = False
                    break
                current += _EN_TENS[part]
                last = "tens"
            elif part == "hundred":
                if last not in ("unit", "teen") and last != "":
                    step_ok = False
                    break
                current = (current or 1) * 100
                last = "hundred"
            elif part in _EN_SCALES:
                if last == "scale":
                    step_ok = False
                    break
                total += (current or 1) * _EN_SCALES[part]
                current, last = 0, "scale"
            else:
                step_ok = False
                break
        if not step_ok:
            break
        i += 1
    if i == start or not last:
        return None, 0
    return total + current, i - start


def _number_at(tokens: list[str], i: int) -> tuple[Fraction | None, int]:
    """A number at ``tokens[i]``: in English words (several tokens), one German word (with
    ``einhalb``), or digits; (value, tokens used)."""
    value, used = _en_run(tokens, i)
    if value is not None:
        return Fraction(value), used
    word = tokens[i]
    if word == "anderthalb":
        return Fraction(3, 2), 1
    if word.endswith("einhalb") and len(word) > len("einhalb"):
        whole = _de_number(word[: -len("einhalb")])
        if whole is not None:
            return whole + Fraction(1, 2), 1
    german = _de_number(word)
    if german is not None:
        return Fraction(german), 1
    if _NUMBER_TOKEN.match(word):
        return None, 0  # digits stay digits: the decimal rules read them
    return None, 0


def _digits(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    whole, part = divmod(value.numerator, value.denominator)
    if whole:
        return f"{whole} {part}/{value.denominator}"
    return f"{value.numerator}/{value.denominator}"


_DIGIT_WORDS = {
    **{w: v for w, v in _EN_UNITS.items() if v < 10},
    **{w: v for w, v in _DE_UNITS.items() if v < 10 and w not in ("ein", "eine", "einen", "einer")},
}


def _decimals_after(tokens: list[str], i: int) -> tuple[str, int]:
    """The digits after "point" / "Komma" from ``tokens[i]`` (``point four five``): (the digits,
    tokens used), or ("", 0)."""
    if i + 1 >= len(tokens) or tokens[i] not in ("point", "komma", "comma"):
        return "", 0
    digits: list[str] = []
    j = i + 1
    while j < len(tokens) and len(digits) < 12:
        if tokens[j] in _DIGIT_WORDS:
            digits.append(str(_DIGIT_WORDS[tokens[j]]))
        elif tokens[j].isdigit() and len(tokens[j]) <= 12:
            digits.append(tokens[j])
        else:
            break
        j += 1
    return ("".join(digits), j - i) if digits else ("", 0)


def _half_after(tokens: list[str], i: int) -> int:
    """How many tokens from ``i`` say "and a half" (``and a half``, ``und ein halb``), or 0."""
    if i + 2 < len(tokens) and tokens[i] in ("and", "und"):
        if tokens[i + 1] in ("a", "one", "ein", "eine") and tokens[i + 2] in (
            "half",
            *_DE_HALF,
        ):
            return 3
    return 0


#: an English compound number or ordinal written as one word (``twentyfive``, ``twentyfifths``):
#: read as its hyphenated form (``twenty-five``, ``twenty-fifths``)
_EN_GLUED = re.compile(
    "^(" + "|".join(_EN_TENS) + ")("
    + "|".join(w for w, v in {**_EN_UNITS, **_EN_ORDINAL_UNITS}.items() if 1 <= v <= 9)
    + ")(s?)$"
)  # fmt: skip
#: an English number word misspelt: a tens word with more after it (``fourty``,
#: ``twentyfiveth``, ``sixtyeleven``) or a unit with an ending of a number (``fiveth``,
#: ``twoteen``, ``sixhundred``); such a word is no unit to leave out (``4 out of fourty`` is not 4)
_EN_NUMBER_LIKE = re.compile(
    "^(?:(?:" + "|".join([*_EN_TENS, "fourty"]) + r")\w*|(?:" + "|".join(_EN_UNITS)
    + r")(?:ths?|teen\w*|ty\w*|tie\w*|hundred\w*|thousand\w*))$"
)  # fmt: skip


def _hyphenated(token: str) -> str:
    """An English compound written as one word, hyphenated: ``twentysix`` -> ``twenty-six``."""
    glued = _EN_GLUED.match(token)
    return f"{glued[1]}-{glued[2]}{glued[3]}" if glued else token


def looks_like_number(word: str) -> bool:
    """Is ``word`` (lower case) an English number word misspelt (``fourty``, ``twentyfiveth``,
    ``fiveth``)? Such a word is never a unit after a number: the answer it is in cannot be read
    (no try is used), rather than be marked as a different number. A number word that is read
    (``twenty-six``, ``twentysix``, ``twenty-fifths``, ``sixtieth``) is not misspelt, nor is a
    plural such as ``twenties``."""
    word = word.strip(".,;:!?")
    if not _EN_NUMBER_LIKE.match(word) or _denominator(_hyphenated(word)) is not None:
        return False
    if word.endswith("ies") and word[:-3] + "y" in _EN_TENS:
        return False  # "twenties"
    value, _ = _en_run([_hyphenated(word)], 0)
    return value is None


def words_to_digits(text: str) -> str:
    """``text`` (cleaned: lower case, single spaces) with its number words written in digits:
    ``three quarters`` -> ``3/4``, ``ein viertel`` -> ``1/4``, ``twenty-six gold`` -> ``26 gold``,
    ``twentysix`` -> ``26`` (as ``twenty-six``), ``one and a half`` -> ``1 1/2``,
    ``2.5 million`` -> ``2500000``."""
    tokens = _joined_tens([_hyphenated(t) for t in text.split(" ")])
    if len(tokens) == 1 and (tokens[0] in ("quarter", "viertel") or tokens[0] in _DE_FRACTIONS):
        return f"1/{_denominator(tokens[0])}"  # "quarter", "Drittel" alone: one of them
    out: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        # "ein Dreiviertel" is three quarters (not one and three quarters)
        if token in ("ein", "eine", "einen") and i + 1 < len(tokens):
            joined = _joined_fraction(tokens[i + 1])
            if joined is not None and 0 < joined < 1:
                out.append(_digits(joined))
                i += 2
                continue
        # a fraction word on its own or after "a", "ein", "die": "a quarter", "die hälfte"
        if token in _ONE_BEFORE_FRACTION and i + 1 < len(tokens):
            if tokens[i + 1] in _DE_HALF and i + 2 == len(tokens):  # "ein halb" is 1/2
                out.append("1/2")
                i += 2
                continue
            below = _denominator(tokens[i + 1])
            if below is not None:
                out.append(f"1/{below}")
                i += 2
                continue
        if token == "die" and i + 1 < len(tokens) and tokens[i + 1] in ("hälfte", "haelfte"):
            out.append("1/2")
            i += 2
            continue
        if token in ("half", "halb", "hälfte", "haelfte"):
            out.append("1/2")
            i += 1
            continue
        # one word that is a fraction: "dreiviertel", "einviertel"
        joined = _joined_fraction(token)
        if joined is not None:
            out.append(_digits(joined))
            i += 1
            continue
        value, used = _number_at(tokens, i)
        if value is None and _NUMBER_TOKEN.match(token):
            number = Fraction(token.replace(",", "."))
            if i + 1 < len(tokens) and tokens[i + 1] in _SCALES:
                out.append(_digits(number * _SCALES[tokens[i + 1]]))
                i += 2
                continue
            value, used = None, 0
            half = _half_after(tokens, i + 1)
            below = _denominator(tokens[i + 1]) if i + 1 < len(tokens) else None
            if half and number.denominator == 1:
                out.append(_digits(number + Fraction(1, 2)))
                i += 1 + half
                continue
            if below is not None and number.denominator == 1:
                out.append(f"{number.numerator}/{below}")
                i += 2
                continue
            decimals, taken = _decimals_after(tokens, i + 1)
            if taken and number.denominator == 1:  # "5 Komma 4", "5 point 4"
                out.append(f"{number.numerator}.{decimals}")
                i += 1 + taken
                continue
            out.append(token)
            i += 1
            continue
        if value is None:
            out.append(token)
            i += 1
            continue
        i += used
        decimals, taken = _decimals_after(tokens, i)
        if taken and value.denominator == 1:
            out.append(f"{value.numerator}.{decimals}")
            i += taken
            continue
        if i < len(tokens) and tokens[i] in _SCALES and value.denominator == 1:
            value *= _SCALES[tokens[i]]
            i += 1
        half = _half_after(tokens, i)
        if half and value.denominator == 1:
            value += Fraction(1, 2)
            i += half
        elif i < len(tokens) and value.denominator == 1:
            below = _denominator(tokens[i])
            if below is not None:
                out.append(f"{value.numerator}/{below}")
                i += 1
                continue
        out.append(_digits(value))
    return " ".join(out)


def _joined_tens(tokens: list[str]) -> list[str]:
    """German tens written apart, ``sechs und zwanzig`` as ``sechsundzwanzig`` (the same 26
    whether read as one number or as a sum)."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        unit = tokens[i]
        if (
            i + 2 < len(tokens)
            and tokens[i + 1] == "und"
            and tokens[i + 2] in _DE_TENS
            and unit in _DE_UNITS
            and 1 <= _DE_UNITS[unit] <= 9
        ):
            out.append(("ein" if _DE_UNITS[unit] == 1 else unit) + "und" + tokens[i + 2])
            i += 3
            continue
        out.append(unit)
        i += 1
    return out


def _joined_fraction(word: str) -> Fraction | None:
    """A German fraction written as one word: ``dreiviertel`` -> 3/4."""
    if len(word) > 60:
        return None
    for cut in range(2, len(word) - 2):
        top, bottom = word[:cut], word[cut:]
        below = _de_denominator(bottom)
        if below is None:
            continue
        number = _de_number(top)
        if number is not None:
            return Fraction(number, below)
    return None


# ---------------------------------------------------------------------------------------------
# short calculations
# ---------------------------------------------------------------------------------------------
_TOKEN = re.compile(r"\s*(?:(\d+(?:[.,]\d+)?)\s*(%)?|(\*\*|[-+*/:x×·⋅∙✕^()!]))")
_TIMES = {"*", "x", "×", "·", "⋅", "∙", "✕"}


class _Unreadable(Exception):
    """The calculation cannot be read (or leaves the limits)."""


def _tokens(text: str) -> list[str | Fraction]:
    out: list[str | Fraction] = []
    position = 0
    text = text.strip()
    while position < len(text):
        found = _TOKEN.match(text, position)
        if not found or found.end() == position:
            raise _Unreadable
        position = found.end()
        if found[1] is not None:
            digits = found[1]
            if len(digits.replace(",", "").replace(".", "")) > MAX_DIGITS:
                raise _Unreadable
            number = Fraction(digits.replace(",", "."))
            out.append(number / 100 if found[2] else number)
        else:
            sign = found[3]
            out.append("*" if sign in _TIMES else "/" if sign == ":" else sign)
        if len(out) > MAX_TOKENS:
            raise _Unreadable
    return out


def _checked(value: Fraction) -> Fraction:
    limit = 10**MAX_SIZE_DIGITS
    if abs(value.numerator) >= limit or value.denominator >= limit:
        raise _Unreadable
    return value


class _Parser:
    def __init__(self, tokens: list[str | Fraction]) -> None:
        self.tokens = tokens
        self.at = 0
        self.depth = 0

    def peek(self) -> str | Fraction | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str | Fraction:
        token = self.peek()
        if token is None:
            raise _Unreadable
        self.at += 1
        return token

    def expression(self) -> Fraction:
        value = self.term()
        while self.peek() in ("+", "-"):
            sign = self.take()
            right = self.term()
            value = _checked(value + right if sign == "+" else value - right)
        return value

    def term(self) -> Fraction:
        value = self.unary()
        while self.peek() in ("*", "/"):
            sign = self.take()
            right = self.unary()
            if sign == "/":
                if right == 0:
                    raise _Unreadable
                value = _checked(value / right)
            else:
                value = _checked(value * right)
        return value

    def unary(self) -> Fraction:
        if self.peek() in ("-", "+"):
            sign = self.take()
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Unreadable
            value = self.unary()
            self.depth -= 1
            return -value if sign == "-" else value
        return self.power()

    def power(self) -> Fraction:
        base = self.atom()
        while self.peek() == "!":  # 9! = 9 x 8 x ... x 1, for a whole number up to MAX_FACTORIAL
            self.take()
            if base.denominator != 1 or not 0 <= base <= MAX_FACTORIAL:
                raise _Unreadable
            base = Fraction(math.factorial(int(base)))
        if self.peek() in ("^", "**"):
            self.take()
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Unreadable
            exponent = self.unary()
            self.depth -= 1
            if exponent.denominator != 1 or abs(exponent) > MAX_POWER:
                raise _Unreadable
            if base == 0 and exponent < 0:
                raise _Unreadable
            return _checked(base ** int(exponent))
        return base

    def atom(self) -> Fraction:
        token = self.take()
        if isinstance(token, Fraction):
            return token
        if token == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _Unreadable
            value = self.expression()
            if self.take() != ")":
                raise _Unreadable
            self.depth -= 1
            return value
        raise _Unreadable


def calculate(text: str) -> Fraction | None:
    """The exact value of a short calculation (``7+7+4``, ``1 - 1/4``, ``2/6 x 2/6 x 2/6``,
    ``(2/6)^3``), or None when ``text`` is no calculation with at least one operation, cannot be
    read or leaves the limits (see the module's docstring)."""
    if not isinstance(text, str) or len(text) > 4 * MAX_TOKENS:
        return None
    try:
        tokens = _tokens(text)
        if not any(isinstance(t, str) and t not in "()" for t in tokens):
            return None
        parser = _Parser(tokens)
        value = parser.expression()
        if parser.peek() is not None:
            return None
        return value
    except (_Unreadable, ZeroDivisionError, OverflowError, ValueError, RecursionError):
        return None
