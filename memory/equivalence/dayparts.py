"""Two notes that put one clock hour in different parts of the day (issue 16, stop 39).

"The plumber comes at 9 a.m. tomorrow" / "El fontanero viene mañana a las 9 de la noche" passed the
number check of :mod:`.values`: it reads a part of the day for the whole text and only *adds* the
afternoon reading ("9 de la noche" may be 9 or 21), so 9 a.m. still met 9. This check reads each
clock hour of a note with the part of the day said *at* it, in either language, and only then on the
24-hour clock:

* a suffix: "9 a.m.", "9pm", "9 p. m.";
* a phrase right after it (nothing but "o'clock"/"en punto"/"horas" between): "de la mañana",
  "de la madrugada", "del mediodía", "de la tarde", "de la noche", "in the morning", "in the
  afternoon", "in the evening", "at night";
* a phrase right before it ("at"/"a las"/"sobre"/"around" between): "por la mañana a las 9",
  "tomorrow morning at 9", "esta noche a las 10", "tonight at 10", "this evening around 8";
* a 24-hour time: "21:00", "21 h", "09:00" (an hour written with a leading zero or above 12).

An hour with none of these stays ambiguous (both readings), so "at 9" never clashes with "9 de la
noche" (that pair says less on one side, not another time); a part of the day said elsewhere in
the note is not applied to it ("de 9 a 5 de la tarde" starts at 9 in the morning). The check fires
only when an hour of one note has no reading among the other note's hours *and* the other note
states the same hour on the 12-hour face: the same number, in another part of the day ("9 a.m." /
"9 p.m.", "at 8 in the morning" / "a las 8 de la tarde", "21:00" / "9 de la mañana"). Different
numbers are :mod:`.values`' business. "21:00" / "9 p.m." / "9 de la noche" are one time.

"Noche" and "night" reach past midnight: an hour from 1 to 5 "de la noche" / "at night" is read in
the early morning (Spanish also says "las 2 de la noche"), 12 at night is midnight. Closed lists of
the parts of the day, both languages; no Django, nothing logged.
"""

from __future__ import annotations

import re

from memory.equivalence.normalise import fold
from memory.equivalence.values import _UNITS
from memory.text_caches import text_cache

#: Words of :data:`.values._UNITS` that count but are not clock hours.
_NOT_CARDINAL = frozenset({"dozen", "docena", "pair", "par", "couple", "twice"})

#: The parts of the day, as phrases said right after an hour ("a las 9 de la noche").
_AFTER = {
    "morning": ("de la manana", "in the morning", "por la manana", "en la manana", "de la madrugada",
                "in the early morning", "por la madrugada"),
    "afternoon": ("de la tarde", "in the afternoon", "por la tarde", "del mediodia", "in the evening",
                  "this evening"),
    "night": ("de la noche", "at night", "por la noche", "tonight"),
}
#: …and right before one ("tomorrow morning at 9", "esta noche a las 10").
_BEFORE = {
    "morning": ("por la manana", "esta manana", "la manana", "de manana", "cada manana", "las mananas",
                "por las mananas", "morning", "mornings", "in the morning", "madrugada"),
    "afternoon": ("por la tarde", "esta tarde", "la tarde", "cada tarde", "las tardes", "por las tardes",
                  "afternoon", "afternoons", "evening", "evenings", "in the afternoon", "in the evening"),
    "night": ("por la noche", "esta noche", "la noche", "cada noche", "las noches", "por las noches",
              "night", "nights", "tonight", "at night"),
}
#: Words that may stand between an hour and the part of the day said after it.
_CLOCK_WORDS = frozenset({"o", "clock", "oclock", "en", "punto", "horas", "hrs", "h", "sharp", "y", "media", "cuarto",
                          "half", "past", "and"})
#: Words that may stand between a part of the day said first and its hour.
_LEAD_WORDS = frozenset({"at", "a", "las", "la", "around", "about", "sobre", "hacia", "eso", "de", "from", "desde",
                         "by", "until", "hasta", "till", "before", "antes", "after", "despues", "approx",
                         "approximately", "aproximadamente", "on"})
#: Spelled hours after "a las" / "at" ("a las nueve", "at nine"): the cardinals 2–12 of the number
#: check's table (:data:`.values._UNITS`, not its "pair" / "dozen" words), plus the three words that
#: are an hour only after such a lead ("a la una", "at one", "a las once"), which that table leaves
#: out as ambiguous in running text.
_HOURS = {**{word: n for word, n in _UNITS.items() if 2 <= n <= 12 and word not in _NOT_CARDINAL},
          "una": 1, "one": 1, "once": 11}
_HOUR_LEAD = frozenset({"las", "la", "at", "around", "until", "till", "by", "from", "desde", "hasta", "sobre"})
_TOKEN = re.compile(r"\d{1,2}(?::\d{2})?(?:am|pm|h)?|[a-z]+")


def _tokens(text: str) -> list[str]:
    folded = fold(text)
    folded = re.sub(r"\b([ap])\s?\.\s?m\b\.?", r"\1m", folded)  # "9 a.m." / "9 p. m." -> "9 am"
    folded = re.sub(r"(\d)\s+(am|pm)\b", r"\1\2", folded)
    folded = folded.replace("o'clock", "oclock").replace("’", "'")
    return _TOKEN.findall(folded)


def _phrase_at(words: list[str], start: int, phrases: dict[str, tuple[str, ...]]) -> str | None:
    """The part of the day whose phrase starts at ``words[start]``, longest phrase first."""
    best: tuple[int, str] | None = None
    for part, options in phrases.items():
        for phrase in options:
            n = phrase.count(" ") + 1
            if " ".join(words[start:start + n]) == phrase and (best is None or n > best[0]):
                best = (n, part)
    return best[1] if best else None


def _phrase_ending(words: list[str], end: int, phrases: dict[str, tuple[str, ...]]) -> str | None:
    """The part of the day whose phrase ends at ``words[end]`` (inclusive), longest first."""
    best: tuple[int, str] | None = None
    for part, options in phrases.items():
        for phrase in options:
            n = phrase.count(" ") + 1
            if end - n + 1 >= 0 and " ".join(words[end - n + 1:end + 1]) == phrase and (best is None or n > best[0]):
                best = (n, part)
    return best[1] if best else None


def _read(token: str, before: str) -> tuple[int, str | None] | None:
    """An hour token as (hour on its own clock, a part of the day it carries), or None."""
    if token in _HOURS:
        return (_HOURS[token], None) if before in _HOUR_LEAD else None
    if not token[0].isdigit():
        return None
    suffix = token[-2:] if token.endswith(("am", "pm")) else ""
    body = token.removesuffix(suffix).removesuffix("h")
    hours, _, minutes = body.partition(":")
    hour = int(hours)
    if not (0 <= hour <= 24) or (minutes and int(minutes) > 59):
        return None
    if suffix:
        return hour, "morning" if suffix == "am" else "afternoon"
    if minutes or token.endswith("h"):
        # "21:00", "09:00", "21 h": the 24-hour clock when it shows it (above 12, a leading zero, 0)
        if hour > 12 or hour == 0 or hours.startswith("0"):
            return hour, "clock24"
        return hour, None
    return (hour, None) if before in _HOUR_LEAD else None


def _readings(hour: int, part: str | None) -> frozenset[int]:
    """The 24-hour readings of ``hour`` said in ``part`` of the day (None: either half)."""
    if part == "clock24":
        return frozenset({hour % 24})
    face = hour % 12
    if part == "morning":
        return frozenset({face})  # "12 a.m." is midnight; "12 de la mañana" is rare and read so too
    if part == "afternoon":
        return frozenset({face + 12 if hour != 12 else 12})
    if part == "night":
        return frozenset({face} if 1 <= hour <= 5 or hour == 12 else {face + 12})
    return frozenset({face, face + 12}) if hour <= 12 else frozenset({hour % 24})


@text_cache(maxsize=8192)
def clock_times(text: str) -> tuple[tuple[int, frozenset[int]], ...]:
    """Each clock hour ``text`` states as (its 12-hour face, its 24-hour readings) (module docstring)."""
    words = _tokens(text)
    found = []
    for k, word in enumerate(words):
        read = _read(word, words[k - 1] if k else "")
        if read is None:
            continue
        hour, part = read
        if part is None:
            j = k + 1
            while j < len(words) and words[j] in _CLOCK_WORDS and not words[j][0].isdigit():
                j += 1
            part = _phrase_at(words, j, _AFTER)
        if part is None:
            j = k - 1
            while j >= 0 and words[j] in _LEAD_WORDS:
                j -= 1
            part = _phrase_ending(words, j, _BEFORE) if j >= 0 else None
        found.append((hour % 12, _readings(hour, part)))
    return tuple(found)


def other_part_of_day(text_a: str, text_b: str) -> bool:
    """An hour of one note is, on the other, the same hour of another part of the day (module docstring)."""
    a, b = clock_times(text_a), clock_times(text_b)
    if not a or not b:
        return False
    all_a = frozenset().union(*(r for _, r in a))
    all_b = frozenset().union(*(r for _, r in b))
    for mine, other_all, others in ((a, all_b, b), (b, all_a, a)):
        for face, readings in mine:
            if readings & other_all:
                continue
            if any(f == face and not (readings & r) for f, r in others):
                return True
    return False
