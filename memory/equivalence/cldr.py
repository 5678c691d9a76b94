"""Languages and countries named in a note, as codes, from the Unicode CLDR (via Babel).

Two notes that name a language or a country must name the same one for their facts to be one,
and the same one is often written two ways: "Se muda a Alemania" / "Is moving to Germany", "habla
gallego" / "speaks Galician". A hand-written gazetteer covers what its writer thought of; CLDR (the
Unicode Common Locale Data Repository, read through `Babel <https://babel.pocoo.org>`_) names every
ISO 639-1 language and every ISO 3166 country in Spanish and English, maintained upstream.

* :func:`languages` — ISO 639-1 codes of the language names in a text: Spanish names in any case
  ("portugués"), English ones capitalised ("Portuguese"), a few ordinary words that are also
  language names left out (:data:`_NOT_LANGUAGES`: Spanish "cree" *believes*, "ido" *gone*,
  "venda" *bandage*…).
* :func:`countries` — ISO 3166 alpha-2 codes of the country names among a text's capitalised
  words ("Reino Unido", "United Kingdom"), and the folded words that named them.

Everything is folded (case, accents) as :func:`memory.equivalence.normalise.fold` does; tables are
built once per process (about 0.1 s). No text is logged or kept.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from babel import Locale

from memory.equivalence.memo import per_text
from memory.equivalence.normalise import fold

LOCALES = ("es", "en")
# Language names that are first an ordinary word in Spanish or English.
_NOT_LANGUAGES = frozenset({"afar", "cree", "ido", "venda", "ewe", "corso", "twi", "lao", "komi", "pali", "odia",
                            "sango", "manx", "avar", "mongol"})
# Common names CLDR does not list under the language's code.
_LANGUAGE_ALIASES = {"castellano": "es", "castilian": "es", "vasco": "eu", "valenciano": "ca", "valencian": "ca",
                     "mandarin": "zh", "cantonese": "zh", "cantones": "zh", "farsi": "fa", "flemish": "nl"}
_WORDS = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_LONGEST = 4
_NAME_WORD = re.compile(r"[^\W\d_][\w'-]*")
_INSIDE_NAMES = frozenset({"de", "del", "of", "the", "and", "y", "la", "las", "los"})


class _Names(NamedTuple):
    """Names (folded word tuples) -> code, and the words a name can start with (most words of a
    note start none, so the scan skips them without building a tuple)."""

    codes: dict[tuple[str, ...], str]
    firsts: frozenset[str]


def _names(codes: dict[tuple[str, ...], str]) -> _Names:
    return _Names(codes, frozenset(key[0] for key in codes))


@lru_cache(maxsize=1)
def _tables() -> tuple[_Names, _Names, _Names]:
    """(Spanish language names, English language names, country names in both)."""
    langs: dict[str, dict[tuple[str, ...], str]] = {name: {} for name in LOCALES}
    places: dict[tuple[str, ...], str] = {}
    for name in LOCALES:
        locale = Locale.parse(name)
        for code, label in locale.languages.items():
            key = tuple(_WORDS.findall(fold(label)))
            if len(code) == 2 and key and not (len(key) == 1 and key[0] in _NOT_LANGUAGES):
                langs[name][key] = code
        for code, label in locale.territories.items():
            key = tuple(_WORDS.findall(fold(label)))
            if len(code) == 2 and code.isalpha() and key:
                places[key] = code
    for alias, code in _LANGUAGE_ALIASES.items():
        for table in langs.values():
            table[(alias,)] = code
    return _names(langs["es"]), _names(langs["en"]), _names(places)


def _scan(words: list[str], table: _Names) -> dict[str, set[str]]:
    """Code -> the words that named it, longest name first at each position."""
    found: dict[str, set[str]] = {}
    if table.firsts.isdisjoint(words):
        return found  # no word a name starts with (most notes): the loop below would find none
    i = 0
    while i < len(words):
        if words[i] not in table.firsts:
            i += 1
            continue
        for n in range(min(_LONGEST, len(words) - i), 0, -1):
            code = table.codes.get(tuple(words[i:i + n]))
            if code is not None:
                found.setdefault(code, set()).update(words[i:i + n])
                i += n
                break
        else:
            i += 1
    return found


@per_text  # read by both lookups below: once per note (memo.py)
def _capitalised_runs(text: str) -> list[list[str]]:
    """Runs of capitalised words (folded), with the function words inside a name ("Isle of Man")."""
    runs: list[list[str]] = []
    current: list[str] = []
    for raw in _NAME_WORD.findall(text):
        if raw[:1].isupper():
            current.append(fold(raw))
        elif current:
            folded = fold(raw)  # folded once, for the test and the run
            if folded in _INSIDE_NAMES:
                current.append(folded)
            else:
                runs.append(current)
                current = []
    if current:
        runs.append(current)
    return runs


@per_text  # read by the analysis and by the signature of the same note: once per note (memo.py)
def languages(text: str) -> dict[str, frozenset[str]]:
    """ISO 639-1 codes of the languages a text names, each with the folded words naming it: Spanish
    names in any case ("gallego"), English ones capitalised as English writes them ("Portuguese";
    "polish the CV" is no language)."""
    es, en, _ = _tables()
    found = _scan(_WORDS.findall(fold(text)), es)
    for run in _capitalised_runs(text):
        for code, words in _scan(run, en).items():
            found.setdefault(code, set()).update(words)
    return {code: frozenset(words) for code, words in found.items()}


@per_text  # as languages(): once per note within a scope; callers do not mutate the answer
def countries(text: str) -> dict[str, frozenset[str]]:
    """ISO 3166 codes of the countries named by capitalised words, each with the folded words naming it.

    Only capitalised runs count ("Chad", "Reino Unido"), so "turkey" the bird or "jersey" the
    sweater is no country.
    """
    found: dict[str, set[str]] = {}
    for run in _capitalised_runs(text):
        for code, words in _scan(run, _tables()[2]).items():
            found.setdefault(code, set()).update(words)
    return {code: frozenset(words) for code, words in found.items()}
