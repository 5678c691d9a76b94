"""A time said for every occasion against a part of the day or the week (issue 16, round 49).

"No screens after 10 p.m. on weeknights" is not "… every night of the week"; "Avoids caffeine at
all times" is not "… in the evening". The class is grammatical: a universal over time — an adverb
of every occasion ("always", "siempre", "never", "nunca", "at all times", "en todo momento") or
"every"/"each"/"todos los"/"cada" before a unit of time ("every day", "every night of the week",
"todas las noches") — on one side, and on the other a part of the day (morning; afternoon, evening
or night, one class: "por la tarde" translates either) or a part of the week (weekdays, weeknights,
the weekend) that the universal side does not say. The universal side's own parts count as said
("every night" is at night, so "por las noches" narrows nothing), and a note that quantifies over
every occasion itself narrows nothing ("Gym every morning at 6" / "at 6 a.m. daily": the clock
says the part; in sample, reading both universal sides cost 6 merged equivalents for none). Folded, padded text in (" word ");
pure Python, no Django.
"""

from __future__ import annotations

import re

from memory.equivalence.poles import WEEKDAYS, WEEKEND

# a universal over time said by an adverb: every occasion, or none
_ADVERBS = ("always", "siempre", "never", "nunca", "jamas", "at all times", "all the time", "at any time",
            "en todo momento", "a todas horas", "a cualquier hora", "en ningun momento", "at no time",
            "day and night", "dia y noche", "round the clock", "around the clock", "24/7", "24 7",
            "las 24 horas", "24 hours a day", "seven days a week", "7 days a week", "los siete dias de la semana",
            "toda la semana", "all week", "daily", "a diario", "diariamente", "nightly")
_UNITS = r"(?:day|days|night|nights|morning|mornings|evening|evenings|afternoon|afternoons|dia|dias|noche|noches|" \
         r"manana|mananas|tarde|tardes)"
# "every"/"each"/"todos los"/"cada" before a unit of time ("every other" is the alternate modality's)
_QUANTIFIED = re.compile(r" (?:every|each|todos los|todas las|cada) " + _UNITS + " ")

# the parts a note may narrow a time to; afternoon, evening and night are one class
_PARTS: dict[str, tuple[str, ...]] = {
    "morning": ("morning", "mornings", "mananas", "la manana", "de manana", "por la manana", "cada manana",
                "breakfast", "desayuno"),
    "later": ("afternoon", "afternoons", "evening", "evenings", "night", "nights", "tonight", "la tarde",
              "las tardes", "cada tarde", "la noche", "las noches", "cada noche", "noches", "tardes", "weeknight",
              "weeknights", "bedtime", "dinner", "cena"),
    # the week axis's two parts (``poles``), plus its nights and the range said by its ends
    # ("daily, Monday to Friday")
    "weekdays": (*WEEKDAYS, "weeknight", "weeknights", "school night", "school nights", "laborable",
                 "monday to friday", "monday through friday", "mon fri", "lunes a viernes"),
    "weekend": WEEKEND,
}


def universal(padded: str) -> bool:
    """The note quantifies over every occasion (or none): "always", "every night", "cada día"."""
    return any(f" {phrase} " in padded for phrase in _ADVERBS) or _QUANTIFIED.search(padded) is not None


def parts(padded: str) -> frozenset[str]:
    """The parts of the day or the week the note names."""
    return frozenset(part for part, phrases in _PARTS.items() if any(f" {p} " in padded for p in phrases))


# an hour said on the universal side places it in a part of the day already ("todos los días laborables
# a las 16:30" / "de lunes a viernes … de la tarde")
_HOURS = "one two three four five six seven eight nine ten eleven twelve una dos tres cuatro cinco seis siete " \
         "ocho nueve diez once doce".split()
_CLOCK = re.compile(r" (?:\d{1,2}:\d\d|(?:at|a las|a la) (?:\d{1,2}|" + "|".join(_HOURS) + r")) ")
_DAY_PARTS = frozenset({"morning", "later"})


def universal_against_part(padded_a: str, padded_b: str) -> bool:
    """One note says a time for every occasion, the other a part of the day or week it does not."""
    for one, other in ((padded_a, padded_b), (padded_b, padded_a)):
        if not universal(one) or universal(other):
            continue
        narrower = parts(other) - parts(one)
        if _CLOCK.search(one):
            narrower -= _DAY_PARTS
        if narrower:
            return True
    return False
