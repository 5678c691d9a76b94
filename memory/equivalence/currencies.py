"""The currency a note names, as the ISO 4217 codes it may be, from the Unicode CLDR (issue 16, stop 51).

Two notes that keep, pay or count money in different currencies state different facts, and share
every other word: the embedder places "savings in euros" as close to "savings in dollars" as to a
paraphrase. The same currency is often written several ways ("dollars", "dólares", "US dollars",
"USD", "$"), and a short name may be several currencies ("dollars": the US, Canadian, Australian…;
"pesos": the Mexican, Argentine…). CLDR, read through Babel as :mod:`.cldr` reads languages and
countries, names every ISO 4217 currency in Spanish and English, singular and plural, with each
region's symbol; nothing here is written from a pair.

A *mention* is the set of codes a phrase may name, never a guess among them:

* a currency's full display name, singular or plural ("libras esterlinas", "US dollars": one code);
* its *head noun* — an English display name's last word, a Spanish one's first ("dollar" of "US
  Dollar", "dólar" of "dólar estadounidense") — standing for every currency whose name has that head
  ("dollars": 27 codes). A head that is first an ordinary word (:data:`_ORDINARY`: Spanish "peso"
  *weight*, "real" *royal*, "sol" *sun*; English "pound", "mark", "won"…) counts only right after a
  number ("200 pesos") or, in the plural, after "in" / "en" ("paid in pounds", "en libras");
* an ISO code written in capitals next to a number ("500 USD");
* a symbol, standing for every code some Spanish or English locale writes with it ("$": the dollars
  and the pesos; "€"; "£").

:func:`currency` folds a note's mentions into one set (a mention that shares a code with the others
narrows it: "$" then "USD"), or None when the note names none or two that share no code (two
currencies: a conversion, not one). :func:`different_currencies` says True when each note names one
and no code is in both — "dollars" / "euros" differ whichever dollar it is; "dollars" / "Canadian
dollars" / "$" do not (they may be one), so an ambiguous name abstains rather than guesses.

Tables are built once per process; a note with no currency word costs one set intersection
(:func:`currency` is memoised per note). Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from babel import Locale, localedata
from babel.numbers import get_currency_name

from memory.equivalence.memo import per_text
from memory.equivalence.normalise import fold

LOCALES = ("es", "en")
#: Heads of a currency's display name that are first an ordinary word of Spanish or English; they
#: name a currency only after a number.
_ORDINARY = frozenset({
    "peso", "pesos", "libra", "libras", "real", "reales", "reals", "sol", "soles", "corona", "coronas", "franco",
    "francos", "escudo", "escudos", "colon", "colones", "colons", "cordoba", "cordobas", "austral", "australes",
    "australs", "balboa", "antiguo", "antiguos", "nuevo", "nuevos", "pound", "pounds", "mark", "marks", "won",
    "unit", "units", "value", "account", "gold", "rand", "tala", "kina", "lei", "ley", "som", "dram", "kip", "lek",
    "cupon", "sucre", "dong", "bat",
})
_IN = frozenset({"in", "en"})  # "paid in pounds", "en libras": the plural names money
_WORDS = re.compile(r"[a-z]+")
_TOKENS = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+|[^\w\s]+")
_LONGEST = 4


class _Tables(NamedTuple):
    names: dict[tuple[str, ...], frozenset[str]]  # a full display name or a head (folded words) -> codes
    firsts: frozenset[str]  # the words a name can start with: most words of a note start none
    symbols: dict[str, frozenset[str]]  # a currency symbol as written -> codes
    codes: frozenset[str]


def _words(label: str) -> tuple[str, ...]:
    """A display name's folded words, without a dated qualifier ("Peseta (1868–1993)")."""
    return tuple(_WORDS.findall(fold(re.sub(r"\(.*?\)", "", label))))


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    full: dict[tuple[str, ...], set[str]] = {}
    heads: dict[tuple[str, ...], set[str]] = {}
    codes: set[str] = set()
    for lang in LOCALES:
        locale = Locale.parse(lang)
        for code, label in locale.currencies.items():
            if code.startswith("X"):  # precious metals, funds, testing codes: no currency a note keeps
                continue
            codes.add(code)
            for name in {label, get_currency_name(code, count=1, locale=lang),
                         get_currency_name(code, count=2, locale=lang)}:
                words = _words(name)
                if not words:
                    continue
                full.setdefault(words, set()).add(code)
                head = words[-1] if lang == "en" else words[0]
                heads.setdefault((head,), set()).add(code)
    names = {key: frozenset(value) for key, value in heads.items()}
    names.update({key: frozenset(value) for key, value in full.items() if len(key) > 1})
    symbols: dict[str, set[str]] = {}
    for identifier in localedata.locale_identifiers():
        if identifier.split("_")[0] not in LOCALES:
            continue
        for code, symbol in Locale.parse(identifier).currency_symbols.items():
            if code in codes and not any(c.isalpha() for c in symbol):
                symbols.setdefault(symbol, set()).add(code)  # "$", "€", "£", "¥"; not "US$" (read as "$")
    return _Tables(names, frozenset(key[0] for key in names),
                   {key: frozenset(value) for key, value in symbols.items()}, frozenset(codes))


def _mentions(text: str) -> list[frozenset[str]]:
    tables = _tables()
    raw = _TOKENS.findall(text)
    found: list[frozenset[str]] = []
    i = 0
    while i < len(raw):
        token = raw[i]
        after_number = i > 0 and raw[i - 1][0].isdigit()
        as_money = after_number or (i > 0 and fold(raw[i - 1]) in _IN and token.endswith("s"))
        if token in tables.codes and (after_number or (i + 1 < len(raw) and raw[i + 1][0].isdigit())):
            found.append(frozenset({token}))
            i += 1
            continue
        symbol = next((s for s in tables.symbols if s in token), None) if not token[0].isalnum() else None
        if symbol is not None:
            found.append(tables.symbols[symbol])
            i += 1
            continue
        word = fold(token)
        if word not in tables.firsts:
            i += 1
            continue
        for n in range(min(_LONGEST, len(raw) - i), 0, -1):
            key = tuple(fold(t) for t in raw[i:i + n])
            named = tables.names.get(key)
            if named is not None and (n > 1 or word not in _ORDINARY or as_money):
                found.append(named)
                i += n
                break
        else:
            i += 1
    return found


@lru_cache(maxsize=1)
def _prefilter() -> tuple[frozenset[str], tuple[str, ...]]:
    tables = _tables()
    return tables.firsts | {c.lower() for c in tables.codes}, tuple(tables.symbols)


@per_text  # read for both notes of every pair a note is in: once per note (memo.py)
def currency(text: str) -> frozenset[str] | None:
    """The codes the one currency a note names may be (module docstring), or None."""
    words, symbols = _prefilter()
    if words.isdisjoint(_WORDS.findall(fold(text))) and not any(s in text for s in symbols):
        return None  # most notes name no currency: one set intersection
    named: frozenset[str] | None = None
    for mention in _mentions(text):
        if named is None:
            named = mention
        elif named & mention:
            named &= mention
        else:
            return None  # two currencies in one note: a conversion or a comparison, not one currency
    return named


def different_currencies(a: str, b: str) -> bool:
    """Each note names one currency, and no currency can be both (module docstring)."""
    x = currency(a)
    if x is None:
        return False
    y = currency(b)
    return y is not None and x.isdisjoint(y)
