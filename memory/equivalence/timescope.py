"""A time said for every occasion against a part of the day or the week (issue 16, round 49), or
against a count of occasions (round 66).

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

Round 66 (:func:`rate_against_universal`): "todos los viernes" / "un viernes al mes", "every day" / "five
days a week", "every Friday" / "the occasional Friday". The universal is "every"/"each"/"cada"/
"todos los" before a recurring unit (a part of the day, a day, a weekday, a week or weekend, a month,
a year or season), "always"/"siempre" before a plural one, or an adverb of recurrence ("daily",
"semanalmente"); the other note says a count per period ("once a month", "dos veces por semana",
"two Fridays a month") that is fewer than the universal's (count × the unit's days < the period's
days: "four Fridays a month" is every one, "once a week" is every Friday), or "some"/"algunos"/"the
occasional" of the same unit. A negated or "almost" universal is none; a note that says a universal
and a count or "some" itself (or two universals) is left alone. Raw texts in, each read once per note.
"""

from __future__ import annotations

import re

from memory.equivalence.memo import per_text
from memory.equivalence.normalise import fold
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


#: :data:`_ADVERBS` and :data:`_PARTS` as the padded phrases looked for, built once, not once per call (perf53b).
_ADVERB_PROBES = tuple(f" {phrase} " for phrase in _ADVERBS)
_PART_PROBES = tuple((part, tuple(f" {p} " for p in phrases)) for part, phrases in _PARTS.items())


@per_text  # asked of both notes of every pair the signature's mismatch reaches it with: once per note
def universal(padded: str) -> bool:
    """The note quantifies over every occasion (or none): "always", "every night", "cada día"."""
    return any(probe in padded for probe in _ADVERB_PROBES) or _QUANTIFIED.search(padded) is not None


@per_text  # as universal(): once per note within a scope (memo.py)
def parts(padded: str) -> frozenset[str]:
    """The parts of the day or the week the note names."""
    return frozenset(part for part, probes in _PART_PROBES if any(probe in padded for probe in probes))


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


# Round 66: a counted rate against a universal over the same recurring time ("todos los viernes" / "un
# viernes al mes", "every day" / "five days a week", "every Friday" / "some Fridays"). Each unit of
# time with the days one recurrence spans (a month as four weeks, so "four Fridays a month" is every one).
_SPAN = {**{u: 1 for u in "day days night nights morning mornings evening evenings afternoon afternoons dia dias "
            "noche noches manana mananas tarde tardes".split()},
         **{u: 7 for u in "week weeks weekend weekends semana semanas finde findes monday mondays tuesday tuesdays "
            "wednesday wednesdays thursday thursdays friday fridays saturday saturdays sunday sundays lunes martes "
            "miercoles jueves viernes sabado sabados domingo domingos".split()},
         "fin de semana": 7, "fines de semana": 7,
         **{u: 28 for u in "month months mes meses".split()},
         **{u: 364 for u in "year years ano anos summer summers winter winters verano veranos invierno "
            "inviernos".split()}}
_UNIT = "(?:" + "|".join(sorted(map(re.escape, _SPAN), key=len, reverse=True)) + ")"
_COUNTS = {"once": 1, "one": 1, "a": 1, "an": 1, "un": 1, "una": 1, "uno": 1, "twice": 2, "two": 2, "dos": 2,
           "thrice": 3, "three": 3, "tres": 3, "four": 4, "cuatro": 4, "five": 5, "cinco": 5, "six": 6, "seis": 6}
_COUNT = "(?:" + "|".join(_COUNTS) + r"|\d{1,2})"
# "un viernes al mes", "two Fridays a month", "dos veces por semana", "once a month", "3 days a week"
_RATE = re.compile(rf" (?P<n>{_COUNT}) (?:(?:{_UNIT}|times|vez|veces) )?(?:a|an|per|al|a la|por|cada|every) "
                   rf"(?P<period>day|week|month|year|dia|semana|mes|ano)(?= )")
# "some Fridays", "the occasional Tuesday", "algunos viernes", "algún fin de semana", "a few evenings"
_SOME = re.compile(r" (?:some|a few|several|the occasional|an occasional|occasional|algun que otro|alguna que otra|"
                   r"algunos|algunas|algun|alguna|unos cuantos|unas cuantas|varios|varias) "
                   rf"(?P<unit>{_UNIT})(?= )")
# "every Friday", "cada viernes", "todos los viernes", "each morning"; "always" / "siempre" with a plural unit
_EVERY = re.compile(rf" (?:every|each|cada|todos los|todas las) (?P<unit>{_UNIT})(?= )")
# (a plural unit only: "siempre llega tarde" is late, not every afternoon)
_ALWAYS = re.compile(rf" (?:always|siempre|without fail|sin falta)(?: [a-z]+){{0,3}} (?:on |los |las )?"
                     rf"(?P<unit>{_UNIT})(?<=s)(?= )")
# adverbs of every recurrence ("daily" is every day)
_EVERY_ADVERB = {"daily": "day", "a diario": "dia", "diariamente": "dia", "nightly": "night", "weekly": "week",
                 "semanalmente": "semana", "monthly": "month", "mensualmente": "mes"}
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")
_NEGATED = re.compile(r" (?:no|not|never|nunca|doesn t|don t|didn t|isn t|casi|almost|nearly) ")


_WEEKDAYS = (("monday", "lunes"), ("tuesday", "martes"), ("wednesday", "miercoles"), ("thursday", "jueves"),
             ("friday", "viernes"), ("saturday", "sabado"), ("sunday", "domingo"))


def _weekday(unit: str) -> int | None:
    return next((i for i, names in enumerate(_WEEKDAYS) if unit.rstrip("s") in names or unit in names), None)


def _same_unit(x: str, y: str) -> bool:
    """One recurring unit in either language ("viernes" / "Friday"): the same span and weekday."""
    return _SPAN[x] == _SPAN[y] and _weekday(x) == _weekday(y)


def _universal_unit(padded: str) -> str | None:
    """The recurring unit a note says every one of ("todos los viernes": viernes), or None."""
    if _NEGATED.search(padded):
        return None  # "no todos los viernes", "almost every day": not every one
    match = _EVERY.search(padded) or _ALWAYS.search(padded)
    if match:
        return match.group("unit")
    return next((unit for adverb, unit in _EVERY_ADVERB.items() if f" {adverb} " in padded), None)


#: Words one of which every reading below needs (a period, a universal, "some", an adverb of recurrence).
_TRIGGERS = frozenset("day week month year dia semana mes ano every each cada todos todas always siempre fail falta "
                      "some few several occasional algun alguna algunos algunas unos unas varios varias daily diario "
                      "diariamente nightly weekly semanalmente monthly mensualmente".split())


@per_text
def _recurrence(text: str) -> tuple[str | None, tuple[tuple[int, int], ...], tuple[str, ...]]:
    """One note's recurring times, read once per note within a scope (:mod:`.memo`): the unit it says
    every one of, its counted rates as (count, days of the period), and the units it says only some of."""
    padded = f" {_NOT_ALNUM.sub(' ', fold(text))} "
    if _TRIGGERS.isdisjoint(padded.split()):
        return None, (), ()  # most notes say no recurrence: no regular expression is run
    rates = tuple((int(m.group("n")) if m.group("n").isdigit() else _COUNTS[m.group("n")], _SPAN[m.group("period")])
                  for m in _RATE.finditer(padded))
    return _universal_unit(padded), rates, tuple(m.group("unit") for m in _SOME.finditer(padded))


def rate_against_universal(text_a: str, text_b: str) -> bool:
    """One note says every one of a recurring time, the other a count of them per longer period that
    is fewer ("un viernes al mes", "five days a week") or only some of them ("some Fridays"); a
    note that says both a universal and a count or "some" itself is left out, and so is a pair
    where both say a universal."""
    ra, rb = _recurrence(text_a), _recurrence(text_b)
    for (unit, own_rates, own_some), (other_unit, rates, some) in ((ra, rb), (rb, ra)):
        if unit is None or other_unit is not None or own_rates or own_some:
            continue
        if any(count * _SPAN[unit] < period for count, period in rates):
            return True  # "un viernes al mes": 1 × 7 days < 28
        if any(_same_unit(unit, x) for x in some):
            return True  # "todos los viernes" / "algunos viernes"
    return False
