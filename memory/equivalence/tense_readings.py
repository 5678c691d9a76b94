"""Tense and time read as paraphrases write them (issue 16, stop 50, eq74; used by :mod:`.signature`).

The signature's tense axis (past, future) is read from closed classes of function words and verb
endings; these readings keep a mark that says no other time from splitting two notes: a relative
clause's verb (it describes a thing, :func:`without_relatives`), "next to"/"próxima a", "going to the
gym", "ir a" + infinitive of a habit (:func:`habit`), "a partir de las diez", "left-handed"
(:func:`reread`); and, between two notes, the start of a state both say still holds or a birth both
speak of (:func:`same_time_said`), an intention against the plain future of the same act
(:func:`planned`). Pure Python, no Django.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from memory.equivalence.lexicon import _MONTHS, _WEEKDAYS

# a relative clause describes a thing the statement names; its verb is not the statement's tense
# ("Restaura la bici que era de su abuelo" is a present, "Follows a vegan diet, which she started in
# 2018" too): after a determiner and its noun, or after a comma.
_RELATIVE_NP = re.compile(r"\b((?:el|la|los|las|un|una|unos|unas|su|sus|mi|mis|the|an|her|his|its|their|my)\s+"
                          r"(?:[^\W\d_]+\s+){0,2}?[^\W\d_]+)\s+(?:que(?! vienen?\b)|which|who|where|donde)\s[^,.;]*",
                          re.IGNORECASE)
_RELATIVE_COMMA = re.compile(r"(?<=\w)\s*,\s*(?:which|who|whom|donde|where|que(?! vienen?\b))\b[^.;]*",
                             re.IGNORECASE)
# ("el año que viene" is next year, a date, not a relative clause)


def without_relatives(text: str) -> str:
    """``text`` without its relative clauses (the noun they describe kept)."""
    return _RELATIVE_COMMA.sub(" ", _RELATIVE_NP.sub(r"\1", text))


# "next to", "próxima a" place a thing beside another; they are not "next week", "el próximo año"
_ADJACENT = re.compile(r" (?:next to|next door to|proxim[oa]s? (?:a|al)) ")
# "going to" before an article, a possessive or a place said bare is moving there, no future
_GOING_PLACE = re.compile(r" going to (?=(?:the|a|an|his|her|their|my|our|your|this|that|work|school|bed|church|"
                          r"class|lunch|dinner|town) )")
# "ir a" + infinitive said of a habit is going somewhere to do it ("Cada martes va a buscar a su
# hija", "A las 17:00 va a buscar a su hija"), the Spanish future only of one occasion: a frequency, a
# plural weekday, or a clock time with no day, month or year of its own
_HABIT = re.compile(r" (?:cada|todos los|todas las|a diario|diariamente|entre semana|de lunes a viernes|suele|"
                    r"suelen|normalmente|habitualmente|siempre|los (?:lunes|martes|miercoles|jueves|viernes|"
                    r"sabados|domingos|fines de semana)) ")
_CLOCK = re.compile(r" a las (?:\d|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)")
# (one weekday: the first Spanish name of each day in the lexicon's table; every Spanish month name)
_ONE_OCCASION = re.compile(r" (?:el (?:" + "|".join(es.split("|")[0] for _, es, _ in _WEEKDAYS[:7])
                           + r")|tomorrow|today|este|esta|proximo|proxima|"
                           + "|".join(es for _, es, _ in _MONTHS) + r"|\d{4}) ")


# "a partir de las diez" is a time of day, not "a partir de mañana"; "left-handed" is no "left" (gone)
_FROM_CLOCK = re.compile(r" a partir de las (?=\d|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)")
_HANDED = re.compile(r" left (?:handed|footed|hander) ")


def habit(padded: str) -> bool:
    """The note says a habit (:data:`_HABIT`), or a clock time of no one occasion."""
    return bool(_HABIT.search(padded) or (_CLOCK.search(padded) and not _ONE_OCCASION.search(padded)))




def reread(padded: str) -> str:
    """``padded`` with "next to"/"próxima a" (beside), "going to" a place (motion), "a partir de las N"
    (a time of day) and "left-handed" read as words that mark no tense."""
    padded = _GOING_PLACE.sub(" going towards ", _ADJACENT.sub(" beside ", padded))
    return _FROM_CLOCK.sub(" desde las ", _HANDED.sub(" lefthanded ", padded))


_SINCE = re.compile(r"\b(?:since|desde)\b", re.IGNORECASE)
#: A state said to go on after what started it ("Moved to Berlin in 2023 and still lives there", "Dejó
#: la carne en 2019 y no ha vuelto a comerla"), as the padded words are searched
_STILL = tuple(f" {w} " for w in ("still", "sigue", "siguen", "todavia", "aun", "now", "ahora", "continues",
                                   "continua", "has stayed", "have stayed", "ha seguido", "no ha vuelto a",
                                   "no han vuelto a", "has not gone back", "has not looked back"))
_BORN = re.compile(r"\b(?:(?:was|were) born|naci[oó]|nacieron|vino al mundo)\b", re.IGNORECASE)
_BIRTH = re.compile(r"\b(?:born|birth|birthday|births|natal|nacimiento|naci[oó]|nacieron|cumplea[nñ]os|"
                    r"natural de|native of|vino al mundo)\b", re.IGNORECASE)


def born(text: str, tense: frozenset[str], tense_of: Callable[[str], frozenset[str]]) -> bool:
    """The note's past is only its being born: without the birth verb no past is left."""
    return "past" in tense and bool(_BORN.search(text)) and "past" not in tense_of(_BORN.sub(" ", text))


def since(text: str) -> bool:
    """A state dated from a time up to now: "since 2019", "desde marzo"."""
    return bool(_SINCE.search(text))


def still(padded: str) -> bool:
    """A state said to go on (:data:`_STILL`)."""
    return any(map(padded.__contains__, _STILL))


def birth(text: str) -> bool:
    """The note speaks of a birth (:data:`_BIRTH`)."""
    return bool(_BIRTH.search(text))


def planned(intent: Any, future: Any) -> bool:
    """An intention against the plain future of the same act (eq74): "Plans to visit Japan in October" /
    "Will visit Japan in October", "Tiene previsto renovar el pasaporte" / "Va a renovar el pasaporte".
    A want ("Quiere mudarse") against a future stays a modality mismatch."""
    return intent.intent and "future" in future.tense and "desire" not in future.modality


def same_time_said(past: Any, present: Any) -> bool:
    """``past`` differs from ``present`` by a past mark that says no other time (eq74): the start of a
    state both say holds now ("Se mudó a Bilbao en 2020 y sigue allí" / "Vive en Bilbao desde 2020",
    "Went vegetarian in 2019 and still is" / "Has been vegetarian since 2019"), or a birth the other
    side also speaks of ("Nació en Rosario" / "Su ciudad natal es Rosario", "Was born on 3 March" /
    "Her birthday is on 3 March"). The numbers and dates are compared later, as for every pair."""
    if past.tense - present.tense != {"past"} or present.tense - past.tense:
        return False
    return (past.still and present.since and "past" not in present.tense) or (past.born and present.birth)
