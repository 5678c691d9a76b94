"""(b2) Normalised values of a free-text statement: the numbers it states, however they are written.

The similarity judge vetoes a pair whose numbers differ ("2 vs 3", "5 vs 15", "10:00 vs 10 pm"),
but a paraphrase often writes the same number another way: "3" / "tres" / "three", "35" /
"treinta y cinco", "7:30" / "siete y media", "12" / "noon" / "mediodía", "twice" / "dos veces",
"a pair of" / "un par de", "half an hour" / "30 minutos", "20th" / "20", "2 pm" / "14:00". Each
number is read as a small set of readings (an hour without am/pm after "a las"/"at"/"until" may
be morning or afternoon: {3, 15}); two statements state the same numbers when every number of
each side has a reading the other side shares. "One" / "un" / "una" / "a" is left out: in both
languages it is mostly an article ("una hoja de Excel", "an Excel spreadsheet").

Pure Python, no Django; nothing here keeps or logs text.
"""

from __future__ import annotations

import re

from memory.equivalence.normalise import _stem, fold

_UNITS = {
    "cero": 0, "zero": 0, "dos": 2, "two": 2, "tres": 3, "three": 3, "cuatro": 4, "four": 4, "cinco": 5,
    "five": 5, "seis": 6, "six": 6, "siete": 7, "seven": 7, "ocho": 8, "eight": 8, "nueve": 9, "nine": 9,
    "diez": 10, "ten": 10, "eleven": 11, "doce": 12, "twelve": 12, "trece": 13, "thirteen": 13,
    "catorce": 14, "fourteen": 14, "quince": 15, "fifteen": 15, "dieciseis": 16, "sixteen": 16,
    "diecisiete": 17, "seventeen": 17, "dieciocho": 18, "eighteen": 18, "diecinueve": 19, "nineteen": 19,
    "veinte": 20, "veintiuno": 21, "veintiun": 21, "veintiuna": 21, "veintidos": 22, "veintitres": 23,
    "veinticuatro": 24, "veinticinco": 25, "veintiseis": 26, "veintisiete": 27, "veintiocho": 28,
    "veintinueve": 29, "dozen": 12, "docena": 12, "pair": 2, "par": 2, "couple": 2, "twice": 2,
}
# Ordinals from the second (the first is left out: "his first grandchild" / "became a grandfather"
# says it without a number), both languages; "cuarto", "cuarta" (a room, a quarter) and "quinta" (a
# country house) are left out as ambiguous.
_ORDINALS = {
    **dict.fromkeys(("second", "segundo", "segunda"), 2), **dict.fromkeys(("third", "tercero", "tercera", "tercer"), 3),
    "fourth": 4, **dict.fromkeys(("fifth", "quinto"), 5), **dict.fromkeys(("sixth", "sexto", "sexta"), 6),
    **dict.fromkeys(("seventh", "septimo", "septima"), 7), **dict.fromkeys(("eighth", "octavo", "octava"), 8),
    **dict.fromkeys(("ninth", "noveno", "novena"), 9), **dict.fromkeys(("tenth", "decimo", "decima"), 10),
    "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
    "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
}
_NOT_COUNTED_AFTER = frozenset({"hand", "mano", "home", "residencia", "vivienda", "opinion"})
# The ordinals left out above as ambiguous do count beside a storey noun: "la cuarta planta", "planta
# cuarta" is "floor 4" (the nouns are the "floor" unit class below)
_AMBIGUOUS_ORDINALS = {"cuarto": 4, "cuarta": 4, "quinta": 5}
# A decade said as a plural ("the seventies"), as "los años 80" / "del año 72" (a year's two last
# digits) or "the 1970s": each reads as the century's two digits and the whole year.
_DECADES = {"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60, "seventies": 70,
            "eighties": 80, "nineties": 90}
_YEAR_NOUNS = frozenset({"ano", "anos", "decada", "decade"})
# "una década", "two decades": ten years, a count (not "la década de 1980", which names one)
_DECADE_NOUNS = frozenset({"decada", "decadas", "decade", "decades"})
_TENS = {
    "twenty": 20, "thirty": 30, "treinta": 30, "forty": 40, "cuarenta": 40, "fifty": 50, "cincuenta": 50,
    "sixty": 60, "sesenta": 60, "seventy": 70, "setenta": 70, "eighty": 80, "ochenta": 80, "ninety": 90,
    "noventa": 90,
}
_HUNDREDS = {
    "cien": 100, "ciento": 100, "doscientos": 200, "doscientas": 200, "trescientos": 300, "trescientas": 300,
    "cuatrocientos": 400, "quinientos": 500, "seiscientos": 600, "setecientos": 700, "ochocientos": 800,
    "novecientos": 900,
}
# Spanish "billón" is a million millions, English "billion" a thousand millions ("mil millones")
_BIG = {"million": 1_000_000, "millions": 1_000_000, "millon": 1_000_000, "millones": 1_000_000,
        "billion": 1_000_000_000, "billions": 1_000_000_000, "billon": 10**12, "billones": 10**12,
        "trillion": 10**12, "trillions": 10**12}
_TEN_YEARS = {"decada": 10, "decadas": 10, "decade": 10, "decades": 10}  # "dos décadas" is twenty years
_SCALES = {"hundred": 100, "thousand": 1000, "mil": 1000, **_BIG, **_TEN_YEARS}
_DIGIT_SCALES = {"mil": 1000, "thousand": 1000, "k": 1000, "m": 1_000_000, **_BIG, **_TEN_YEARS}
_ONE = frozenset({"un", "una", "uno", "a", "an", "one", "once"})  # "once": ES 11, EN "one time"
_NOON = {"noon": 12, "mediodia": 12, "midday": 12, "midnight": 0, "medianoche": 0}
# Words before a number that make it a clock hour (so it may be am or pm).
_AT_HOUR = frozenset({"las", "la", "at", "until", "till", "til", "by", "before", "after", "from", "between",
                      "desde", "hasta", "entre", "sobre", "around", "antes", "despues", "tras"})
_AFTERNOON = ("de la tarde", "de la noche", "in the afternoon", "in the evening", "at night", "por la tarde",
              "por la noche")
# …and the words that keep it before noon ("a las 8 de la mañana" is not "at 8 pm")
_MORNING = ("de la manana", "por la manana", "in the morning", "de la madrugada", "en la manana")
# the two as :func:`numbers` looks for them among the padded words, built once
_AFTERNOON_PROBES = tuple(f" {phrase} " for phrase in _AFTERNOON)
_MORNING_PROBES = tuple(f" {phrase} " for phrase in _MORNING)
_TOKEN = re.compile(r"\d+(?:[.,:]\d+)*(?:st|nd|rd|th|am|pm|h|º|ª)?|[a-z]+")
_THOUSANDS = re.compile(r"(?<=\d)[.,](?=\d{3}\b)")

Readings = frozenset[float]


def is_number_word(word: str) -> bool:
    """A word (folded) that only writes a number: "3", "tres", "forty", "7:30", "20th"."""
    return bool(word) and (word[0].isdigit() or word in _UNITS or word in _TENS or word in _HUNDREDS
                           or word in _SCALES or word in _NOON or word in _ORDINALS)


_SPACED_AM_PM = re.compile(r"(\d)\s+(am|pm)\b")


def _words(text: str) -> list[str]:
    folded = fold(text)
    if "." in folded:  # each of the four spellings replaced has a full stop
        folded = folded.replace("p.m.", "pm").replace("a.m.", "am").replace("p.m", "pm").replace("a.m", "am")
    if "am" in folded or "pm" in folded:  # as every match of _SPACED_AM_PM has
        folded = _SPACED_AM_PM.sub(r"\1\2", folded)
    return _TOKEN.findall(_THOUSANDS.sub("", folded) if "." in folded or "," in folded else folded)


def _clock(token: str) -> tuple[float, bool] | None:
    """A digit token's value and whether it was written as a literal clock time (10:00, 7:30, 10pm)."""
    body = re.sub(r"(st|nd|rd|th|º|ª)$", "", token)
    pm, am = body.endswith("pm"), body.endswith("am")
    body = body.removesuffix("pm").removesuffix("am").removesuffix("h")
    if ":" in body:
        hours, _, minutes = body.partition(":")
        if not (hours.isdigit() and minutes.isdigit()):
            return None
        value = int(hours) + int(minutes) / 60
        literal = True
    else:
        try:
            value = float(body.replace(",", "."))
        except ValueError:
            return None
        literal = pm or am or token.endswith("h")
    return twelve_hour(value, am=am, pm=pm), literal


def twelve_hour(value: float, *, am: bool, pm: bool) -> float:
    """An hour said on the twelve-hour clock on the 24-hour one: 7 p.m. is 19, 12 p.m. noon (12),
    12 a.m. (12:30 a.m.) just after midnight (0, 0.5). The one place both clock readers (this
    module's and ``analysis``' a.m./p.m. token) apply the convention."""
    if pm and value < 12:
        return value + 12
    if am and 12 <= value < 13:
        return value - 12
    return value


def _spelled(words: list[str], k: int) -> tuple[int, int] | None:
    """A number written in words starting at ``words[k]``: (value, words used), or None."""
    total, used, value = 0, 0, None
    word = words[k]
    if word in _HUNDREDS:
        total, used = _HUNDREDS[word], 1
    elif word in _TENS:
        total, used = _TENS[word], 1
        if k + 2 < len(words) and words[k + 1] == "y" and words[k + 2] in _UNITS and _UNITS[words[k + 2]] < 10:
            total, used = total + _UNITS[words[k + 2]], 3
        elif k + 1 < len(words) and words[k + 1] in _UNITS and _UNITS[words[k + 1]] < 10:
            total, used = total + _UNITS[words[k + 1]], 2
    elif word in _UNITS:
        total, used = _UNITS[word], 1
    if used == 0:
        return None
    value = total
    rest = k + used
    while rest < len(words) and words[rest] in _SCALES:  # "dos mil millones": 2 × 1,000 × 1,000,000
        value, used = value * _SCALES[words[rest]], used + 1
        rest += 1
    if word in _HUNDREDS and rest < len(words) and words[rest] in _TENS | _UNITS:
        more = _spelled(words, rest)
        if more is not None:
            value, used = value + more[0], used + more[1]
    return value, used


# English words ending in "s" that may follow "once" without being what it counts ("once was", "once
# his", "once this"): "once" is Spanish eleven only before a plural noun or after "las"/"a las".
_NOT_COUNTED_BY_ONCE = frozenset("was is has his hers its this as always perhaps less yes thus".split())


def _eleven(before: str, after: str) -> bool:
    """"once nietos", "a las once": Spanish eleven, not English "once" (one time)."""
    return before in ("las", "los", "de") or (
        len(after) > 3 and after.endswith("s") and not after.endswith("ss") and after not in _NOT_COUNTED_BY_ONCE)


# "half a year", "medio año": the half in the next smaller unit (as "half an hour" is 30 minutes)
_HALF_OF = {"year": 6.0, "ano": 6.0, "day": 12.0, "dia": 12.0}


def _hour_word(words: list[str], k: int) -> tuple[float, int] | None:
    """An hour of the clock (1–12) written at ``words[k]``, digits or words: (value, words used)."""
    if k >= len(words):
        return None
    word = words[k]
    if word.isdigit():
        value = float(word)
        return (value, 1) if 1 <= value <= 12 else None
    if word == "once":
        return 11.0, 1  # after "past"/"to" it tells the hour: "half past eleven" is never "one time"
    spelled = _spelled(words, k) if word in _UNITS or word in _TENS else None
    if spelled is None or not 1 <= spelled[0] <= 12 or word in ("pair", "par", "couple", "twice", "dozen", "docena"):
        return None
    return float(spelled[0]), spelled[1]


def _past_to(words: list[str], k: int) -> tuple[float, int] | None:
    """English clock fractions: "half past four" (4:30), "quarter past nine" (9:15), "quarter to ten"
    (9:45): (value, words used), or None."""
    word = words[k]
    after = words[k + 1] if k + 1 < len(words) else ""
    if word not in ("half", "quarter") or after not in ("past", "to") or (word, after) == ("half", "to"):
        return None
    hour = _hour_word(words, k + 2)
    if hour is None:
        return None
    offset = 0.5 if word == "half" else 0.25 if after == "past" else -0.25
    return hour[0] + offset, 2 + hour[1]


# How long a unit lasts, in days, for a rate said either way: "every four months" is "three times a year"
_PERIOD_DAYS = {
    **dict.fromkeys(("hour", "hours", "hora", "horas"), 1 / 24), **dict.fromkeys(("day", "days", "dia", "dias"), 1.0),
    **dict.fromkeys(("week", "weeks", "semana", "semanas"), 7.0),
    **dict.fromkeys(("month", "months", "mes", "meses"), 365.25 / 12),
    **dict.fromkeys(("quarter", "quarters", "trimestre", "trimestres"), 365.25 / 4),
    **dict.fromkeys(("year", "years", "ano", "anos"), 365.25),
}
_TIMES = frozenset({"times", "veces"})
_PER = frozenset({"a", "an", "per", "each", "every", "al", "por", "cada"})


def _period(words: list[str], k: int, used: int, before: str, value: float) -> float | None:
    """The period, in days, of a rate that the number ``value`` at ``words[k]`` (``used`` words)
    states: "every six months" / "cada seis meses" (six months), "three times a year" / "tres veces al
    año", "twice a year" (a year over the count); None when it states no rate."""
    rest = words[k + used:k + used + 3]
    if before in ("every", "cada") and rest and rest[0] in _PERIOD_DAYS:
        return round(value * _PERIOD_DAYS[rest[0]], 2)
    if rest and rest[0] in _TIMES:
        rest = rest[1:]  # "tres veces al año", "3 times a week"
    elif words[k] != "twice":
        return None
    if len(rest) >= 2 and rest[0] in _PER and rest[1] in _PERIOD_DAYS and value:
        return round(_PERIOD_DAYS[rest[1]] / value, 2)
    return None


#: Every word at which :func:`numbers` can read a number (besides a digit token): the words its branches
#: test for. Any other word falls through them all to ``_spelled``, which reads nothing from it, so
#: skipping it gives the same answer ("un", "una", "a", "an" are skipped by their own branch anyway).
_NUMBER_STARTS = frozenset({"half", "quarter", "medio", "media", "once", "uno", "one", "first", "primero", "mil",
                            *_DECADES, *_DECADE_NOUNS, *_AMBIGUOUS_ORDINALS, *_NOON, *_ORDINALS, *_BIG,
                            *_HUNDREDS, *_TENS, *_UNITS})


def numbers(text: str) -> tuple[Readings, ...]:
    """Every number the text states, each as its possible readings (see the module docstring)."""
    words = _words(text)
    if _NUMBER_STARTS.isdisjoint(words) and not any(w[0].isdigit() for w in words):
        return ()  # no word a number can be read from (most notes): what the loop below finds
    padded = f" {' '.join(words)} "
    # "1-2pm", "de 5 a 7 de la tarde": the marker reads for every hour of the text
    afternoon = any(map(padded.__contains__, _AFTERNOON_PROBES)) or any(
        w[0].isdigit() and w.endswith("pm") for w in words)
    morning = not afternoon and (any(map(padded.__contains__, _MORNING_PROBES)) or any(
        w[0].isdigit() and w.endswith("am") for w in words))
    found: list[Readings] = []
    k = 0
    while k < len(words):
        word = words[k]
        if word not in _NUMBER_STARTS and not word[0].isdigit():
            k += 1  # nothing to read here (see _NUMBER_STARTS)
            continue
        before = words[k - 1] if k else ""
        after = words[k + 1] if k + 1 < len(words) else ""
        value: float | None = None
        literal = False
        used = 1
        composed = False  # an hour and a fraction said in words: "half past four", "las dos y media"
        past_to = _past_to(words, k)
        if past_to is not None:
            value, used = past_to  # "half past four", "a quarter to ten": a clock time, hourish
            composed, before = True, "at"
        elif word[0].isdigit():
            parsed = _clock(word)
            if parsed is not None:
                value, literal = parsed
        elif word in _DECADES:
            value = float(_DECADES[word])  # "the seventies"
            before = "ano"
        elif word in _DECADE_NOUNS:
            # "una década", "a decade": ten years; "la década de 1980" names one (read from its year)
            nxt = words[k + 2] if k + 2 < len(words) else ""
            if not (after in ("de", "of") and (nxt[:1].isdigit() or nxt in ("los", "the"))):
                found.append(frozenset({10.0}))
            k += 1
            continue
        elif word in _AMBIGUOUS_ORDINALS and "floor" in (_UNIT_CLASSES.get(after), _UNIT_CLASSES.get(before)):
            found.append(frozenset({float(_AMBIGUOUS_ORDINALS[word])}))  # "la cuarta planta"
            k += 1
            continue
        elif word in ("half", "medio") and after in ("a", "an") and k + 2 < len(words) \
                and words[k + 2] in _HALF_OF:
            found.append(frozenset({0.5, _HALF_OF[words[k + 2]]}))  # "half a year": six months
            k += 3
            continue
        elif word == "medio" and after in _HALF_OF and after != "dia":
            found.append(frozenset({0.5, _HALF_OF[after]}))  # "medio año" ("medio día" may be noon)
            k += 2
            continue
        elif word in _NOON:
            found.append(frozenset({float(_NOON[word]), float(_NOON[word] + 12)}))
            k += 1
            continue
        elif word in _ORDINALS:
            # "second-hand", "segunda mano", "second-in-command", "a second home" and "every second
            # Friday" (alternate ones) count nothing
            in_command = after == "in" and k + 2 < len(words) and words[k + 2] == "command"
            if after not in _NOT_COUNTED_AFTER and not in_command and before not in ("every", "each", "cada"):
                found.append(frozenset({float(_ORDINALS[word])}))
            k += 1
            continue
        elif word in ("half", "media", "medio") and ("hour" in words[k + 1:k + 3] or after == "hora"):
            found.append(frozenset({0.5, 30.0}))
            k += 2 if after == "hora" else 3
            continue
        elif word == "once" and _eleven(before, after):
            value = 11.0  # round 47: Spanish "once" counting a plural noun or telling the hour
        elif (word in ("uno", "one") and before in ("dia", "day")) or (
                word in ("first", "primero") and before in ("the", "el") and after in ("of", "de")):
            value = 1.0  # the day of the month: "el día uno", "the first of each month" (the 1st)
        elif word in _ONE:
            k += 1
            continue
        elif word in _BIG or (word == "mil" and after in _BIG):
            value, used = float(_SCALES[word]), 1  # "un billón", "a billion", "mil millones"
            while k + used < len(words) and words[k + used] in _BIG:
                value, used = value * _BIG[words[k + used]], used + 1
        else:
            spelled = _spelled(words, k)
            if spelled is not None:
                value, used = float(spelled[0]), spelled[1]
        if value is None:
            k += 1
            continue
        if word[0].isdigit() and not literal and k + 1 < len(words) and words[k + 1] in _DIGIT_SCALES:
            value, used = value * _DIGIT_SCALES[words[k + 1]], 2  # "50 mil", "15k", "2 million"
            while k + used < len(words) and words[k + used] in _BIG:  # "3 mil millones"
                value, used = value * _BIG[words[k + used]], used + 1
        following = words[k + used] if k + used < len(words) else ""
        if following in ("y", "and") and k + used + 1 < len(words) and words[k + used + 1] in ("media", "half"):
            value, used, composed = value + 0.5, used + 2, True
        elif following == "y" and k + used + 1 < len(words) and words[k + used + 1] == "cuarto":
            value, used, composed = value + 0.25, used + 2, True
        elif following == "menos" and k + used + 1 < len(words) and words[k + used + 1] == "cuarto" \
                and value.is_integer() and 1 <= value <= 12:
            value, used, composed = value - 0.25, used + 2, True  # "las diez menos cuarto": 9:45
        readings = {value}
        period = _period(words, k, used, before, value)
        if period is not None:
            readings.add(period)  # "twice a year" and "every six months" both come round every 182.6 days
        hourish = before in _AT_HOUR or following in ("pm", "am", "oclock", "o", "horas")
        # an hour with its fraction said in words ("las dos y media de la tarde") is on the twelve-hour
        # clock as a whole one is: 2:30 or 14:30
        if not literal and not morning and (value.is_integer() or composed) and 1 <= value < 13 \
                and (hourish or afternoon):
            readings.add(value + 12)
        if value.is_integer() and not literal and (after == "s" or before in _YEAR_NOUNS):
            # a decade or a year said by its last two digits ("los años 80", "del año 72", "the 80s"):
            # also the whole year, either century; "the 1970s" reads as 1970 already
            if 0 <= value < 100:
                readings |= {1900 + value, 2000 + value}
        if "hour" in following or "hora" in following:
            readings.add(value * 60)
        found.append(frozenset(readings))
        k += used
    return tuple(found)


_DAY_COUNTED = frozenset({"dias", "days", "mananas", "tardes", "noches", "mornings", "afternoons", "evenings",
                          "nights", "veces", "times"})


def days_counted(text: str, weekdays: int) -> frozenset[float]:
    """``weekdays`` (how many weekdays the text names) when a number of the text counts those days:
    "tres días: lunes, miércoles y viernes", "twice a week, on Tuesdays and Thursdays" — the same fact
    as the days named alone; else empty."""
    if weekdays < 2:
        return frozenset()
    words = _words(text)
    for k, word in enumerate(words):
        after = words[k + 1] if k + 1 < len(words) else ""
        spelled = _spelled(words, k) if word in _UNITS else None
        value = float(word) if word.isdigit() else float(spelled[0]) if spelled else None
        if value == weekdays and (word == "twice" or after in _DAY_COUNTED):
            return frozenset({value})
    return frozenset()


def numbers_differ(a: tuple[Readings, ...], b: tuple[Readings, ...]) -> bool:
    """True when a number of one side has no reading the other side states."""
    flat_a = frozenset().union(*a) if a else frozenset()
    flat_b = frozenset().union(*b) if b else frozenset()
    return any(not (r & flat_b) for r in a) or any(not (r & flat_a) for r in b)


# Units a number may be counted in, both languages: "eight months" is not "ocho años".
_UNIT_CLASSES: dict[str, str] = {
    **dict.fromkeys(("min", "mins", "minuto", "minutos", "minute", "minutes"), "minute"),
    **dict.fromkeys(("h", "hora", "horas", "hour", "hours", "hr", "hrs"), "hour"),
    **dict.fromkeys(("dia", "dias", "day", "days"), "day"),
    **dict.fromkeys(("semana", "semanas", "week", "weeks"), "week"),
    **dict.fromkeys(("mes", "meses", "month", "months"), "month"),
    **dict.fromkeys(("ano", "anos", "year", "years"), "year"),
    **dict.fromkeys(("km", "kms", "kilometro", "kilometros", "kilometre", "kilometres", "kilometer", "kilometers"), "km"),
    **dict.fromkeys(("m", "metro", "metros", "metre", "metres", "meter", "meters"), "metre"),
    **dict.fromkeys(("milla", "millas", "mile", "miles"), "mile"),
    **dict.fromkeys(("pie", "pies", "foot", "feet", "ft"), "foot"),
    **dict.fromkeys(("m2", "sqm"), "square_metre"),
    **dict.fromkeys(("sqft",), "square_foot"),
    **dict.fromkeys(("kg", "kilo", "kilos", "kilogramo", "kilogramos", "kilogram", "kilograms"), "kg"),
    **dict.fromkeys(("euro", "euros", "eur"), "eur"),
    **dict.fromkeys(("dolar", "dolares", "dollar", "dollars", "usd"), "usd"),
    **dict.fromkeys(("libra", "libras", "pound", "pounds", "gbp"), "gbp"),
    **dict.fromkeys(("vez", "veces", "time", "times"), "times"),
    **dict.fromkeys(("piso", "pisos", "planta", "floor", "floors", "storey"), "floor"),
}
_COUNTED_ONE = frozenset({"one", "un", "una", "uno", "a", "an"})  # one as a count, where a noun follows it
_RATE_UNITS = frozenset({"minute", "hour", "day", "week", "month", "year"})
_SKIP_AFTER_NUMBER = frozenset({"de", "of", "mas", "more", "extra"})


_COORDINATION = frozenset({"y", "e", "o", "u", "and", "or"})


def _is_count(word: str) -> bool:
    return word[0].isdigit() or word in _UNITS or word in _TENS


def _bound(text: str) -> list[tuple[float, str]]:
    """Each number with what it counts: the unit class, else the next word's crude stem
    (``normalise._stem``: "two cats" → (2, "cat"); "ocho años" → (8, "year"))."""
    words = _words(text.replace("€", " euros ").replace("£", " pounds "))
    out: list[tuple[float, str]] = []
    for k, word in enumerate(words):
        value: float | None = None
        if word[0].isdigit():
            parsed = _clock(word)
            value = parsed[0] if parsed and not parsed[1] else None
        elif word in _COUNTED_ONE:
            if word in ("a", "an") and k + 1 < len(words) and _UNIT_CLASSES.get(words[k + 1]) in _RATE_UNITS:
                continue  # "once a month", "3 times a week": a rate, not one month counted
            value = 1.0
        elif word in _UNITS or word in _TENS:
            spelled = _spelled(words, k)
            value = float(spelled[0]) if spelled else None
        if value is None or k + 1 >= len(words):
            continue
        j = k + 1
        # numbers coordinated share what the last one counts: "de 5 y 8 años" is 5 years and 8 years
        while j + 1 < len(words) and words[j] in _COORDINATION and _is_count(words[j + 1]):
            j += 2
        if j >= len(words):
            continue
        if words[j] in _SKIP_AFTER_NUMBER and j + 1 < len(words):
            j += 1
        nxt = words[j]
        if nxt[0].isdigit() or nxt in _UNITS or nxt in _TENS:
            continue
        unit = _UNIT_CLASSES.get(nxt)
        after = words[j + 1] if j + 1 < len(words) else ""
        if nxt == "square" and _UNIT_CLASSES.get(after) in ("metre", "foot"):
            unit = f"square_{_UNIT_CLASSES[after]}"  # "90 square feet" is not "90 metros cuadrados"
        elif unit in ("metre", "foot") and after in ("cuadrado", "cuadrados", "squared"):
            unit = f"square_{unit}"
        out.append((value, unit or _stem(nxt)))  # the shared crude stem: "canaries" is "canary"
    return out


def counts_differ(text_a: str, text_b: str) -> bool:
    """The same number counts different things: a unit changed ("8 months" / "ocho años"), or two
    numbers swap what they count ("two cats and one dog" / "one cat and two dogs", "10 km three
    times" / "3 km ten times")."""
    a, b = _bound(text_a), _bound(text_b)
    units_a = {v: u for v, u in a if u in _UNIT_CLASSES.values()}
    units_b = {v: u for v, u in b if u in _UNIT_CLASSES.values()}
    if any(v in units_b and units_b[v] != u for v, u in units_a.items()):
        return True
    da, db = dict(a), dict(b)
    return any(x != y and da[x] != da[y] and db.get(y) == da[x] and db.get(x) == da[y]
               for x in da for y in da)
