"""(b) local rules: analysis of one statement.

The phrase table built from :mod:`memory.equivalence.lexicon`, tokenisation, phrase merging, word
classification, times/bounds/names, and :func:`_analyse`, which turns a text into the
:class:`_Features` the comparison reads. Also the direction-pair extraction ("de X a Y").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

from memory.equivalence import cldr
from memory.equivalence.lexicon import (
    _AFTER_WORDS,
    _ARTICLES,
    _BEFORE_WORDS,
    _COMPARATIVE_FORMS,
    _DAYPART_SHIFT,
    _DISJUNCTIONS,
    _ENTITIES,
    _FROM_MARKERS,
    _FUTURE,
    _IGNORE_PHRASES,
    _LEXICON,
    _MONTHS,
    _NEGATORS_CONCORD,
    _NEGATORS_PRIMARY,
    _NUMBER_WORDS,
    _ONLY,
    _ORDER_MARKERS,
    _PAST,
    _PREFER_ORDER_MARKERS,
    _RELATIVE_DATES,
    _REPORTS_TO_SUBJECTS,
    _STOP_EN,
    _STOP_ES,
    _STOPWORDS,
    _TIME_PREFIX,
    _TO_MARKERS,
    _UNITS,
    _WEEKDAYS,
    _Concept,
)
from memory.equivalence.memo import per_text
from memory.equivalence.normalise import _stem, fold
from memory.equivalence.values import twelve_hour


@dataclass(frozen=True)
class _Entry:
    kind: str  # concept | entity | weekday | month | date | neg | only | past | future | ignore
    key: str = ""
    concept: _Concept | None = None
    lang: str | None = None


def _build_lexicon() -> tuple[dict[tuple[str, ...], _Entry], set[str], set[str], int]:
    """Phrase table keyed by token tuples, plus per-language word sets for language guessing."""
    table: dict[tuple[str, ...], _Entry] = {}
    es_words: set[str] = set(_STOP_ES)
    en_words: set[str] = set(_STOP_EN)
    stems: list[tuple[str, _Entry]] = []

    def add(forms: str, entry: _Entry, lang: str) -> None:
        for form in filter(None, (f.strip() for f in forms.split("|"))):
            tokens = tuple(fold(form).split())
            table.setdefault(tokens, entry)
            if len(tokens) == 1 and entry.kind == "concept":
                # names of days, months, places and languages get no stem:
                # "Marta" must not become "martes"
                stems.append((_stem(tokens[0]), entry))
            (es_words if lang == "es" else en_words).update(tokens)

    for concept, es, en in _LEXICON:
        add(es, _Entry("concept", concept.id, concept, "es"), "es")
        add(en, _Entry("concept", concept.id, concept, "en"), "en")
    for kind, rows in (("entity", _ENTITIES), ("weekday", _WEEKDAYS), ("month", _MONTHS)):
        for key, es, en in rows:
            add(es, _Entry(kind, key, None, "es"), "es")
            add(en, _Entry(kind, key, None, "en"), "en")
    # Stems only after every listed form, so a stem never shadows a real word.
    for stem, entry in stems:
        table.setdefault((stem,), entry)
    for phrase, key in _RELATIVE_DATES.items():
        table.setdefault(tuple(phrase.split()), _Entry("date", "rel:" + key))
    for kind, phrases in (("neg", _NEGATORS_PRIMARY), ("only", _ONLY), ("past", _PAST), ("future", _FUTURE),
                          ("ignore", _IGNORE_PHRASES)):
        for phrase in phrases:
            table[tuple(phrase.split())] = _Entry(kind, phrase)
    longest = max(len(k) for k in table)
    shared = es_words & en_words
    return table, es_words - shared, en_words - shared, longest


_TABLE, _ES_ONLY, _EN_ONLY, _LONGEST_PHRASE = _build_lexicon()
#: The first words of the lexicon's phrases (entries of two words or more): a word that opens none
#: cannot start a merge, so :func:`_merge_phrases` tries no window there.
_PHRASE_STARTS = frozenset(key[0] for key in _TABLE if len(key) > 1)

_TOKEN_RE = re.compile(
    r"""
    (?P<iso>\d{4}-\d{1,2}-\d{1,2})
  | (?P<dmy>\d{1,2}/\d{1,2}(?:/\d{2,4})?)
  | (?P<ampm>\d{1,2}(?::\d{2})?\s*(?:a\.?\s?m\.?|p\.?\s?m\.?)(?![^\W\d_]))
  | (?P<time>\d{1,2}(?::|h)\d{2}(?!\d))
  | (?P<num>\d+(?:[.,]\d+)*(?:st|nd|rd|th|º|ª|h)?(?![^\W\d_]))
  | (?P<numword>\d+)
  | (?P<arrow>->|=>|→|⇒|⟶|➔|➝)
  | (?P<word>[^\W\d_]+(?:['’][^\W\d_]+)*)
  | (?P<sym>[€$%])
  | (?P<punct>[.,;:!?¿¡()\[\]"“”«»…]|\n)
    """,
    re.VERBOSE,
)
_SENTENCE_BREAK = {".", "!", "?", "¿", "¡", ":", ";", "\n", "…"}
_THOUSANDS = re.compile(r"^\d{1,3}(?:[.,]\d{3})+$")
_NT_BASES = {"ca": "can", "wo": "will", "sha": "shall"}
_APOSTROPHE = re.compile(r"['’]")
_MAX_TOKENS = 400  # memories are short; bound the work on pathological input


@dataclass(slots=True)
class _Tok:
    """One token after phrase merging; ``key`` is what content comparison uses."""

    norm: str
    kind: str  # word | stop | residual | num | time | date | arrow | punct | concept | entity | ...
    key: str | None = None
    concept: _Concept | None = None
    capital: bool = False
    sentence_start: bool = False
    lang: str | None = None
    raw: str = ""
    acronym: bool = False


Pair = tuple[frozenset[str], frozenset[str]]


@dataclass
class _Features:
    """Everything the rules compare, language-independent where possible."""

    tokens: list[_Tok] = field(default_factory=list)
    concepts: dict[str, _Concept] = field(default_factory=dict)
    residual: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    numbers: set[str] = field(default_factory=set)
    dates: set[str] = field(default_factory=set)
    weekdays: set[str] = field(default_factory=set)
    months: set[str] = field(default_factory=set)
    pairs: list[Pair] = field(default_factory=list)
    neg_scopes: list[str] = field(default_factory=list)  # what each negator applies to
    raw_neg: int = 0  # every negator counts: equality of this is required to merge
    logical_neg: int = 0  # concord-aware: its parity is the statement's polarity
    tense: frozenset[str] = frozenset()
    only: bool = False
    disjunction: bool = False  # "lunes o martes" is not "lunes y martes"
    comparative: bool = False  # "más cortas" / "shorter" is not "cortas"
    es_hits: int = 0
    en_hits: int = 0

    @property
    def lang(self) -> str | None:
        if self.es_hits > self.en_hits:
            return "es"
        if self.en_hits > self.es_hits:
            return "en"
        return None

    def copy(self) -> _Features:
        """A copy whose tokens and sets can be changed without touching this one."""
        return replace(self, tokens=[replace(t) for t in self.tokens], concepts=dict(self.concepts),
                       residual=set(self.residual), entities=set(self.entities), numbers=set(self.numbers),
                       dates=set(self.dates), weekdays=set(self.weekdays), months=set(self.months),
                       pairs=list(self.pairs), neg_scopes=list(self.neg_scopes))

    def poles(self) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for concept in self.concepts.values():
            if concept.axis and concept.pole:
                out.setdefault(concept.axis, set()).add(concept.pole)
        return out

    def concept_ids(self) -> set[str]:
        return {c.id for c in self.concepts.values() if not c.optional}

    def core_keys(self) -> set[str]:
        """Topic of the statement: axes instead of poles, so "breve" and "extenso" share LENGTH."""
        keys = {c.axis or c.id for c in self.concepts.values() if not c.optional}
        return keys | self.residual

    def value_seq(self) -> list[str]:
        """Names and interchangeable objects in text order (for "X over Y" checks)."""
        return [t.key for t in self.tokens if t.key and (
            t.kind == "entity" or (t.kind == "concept" and t.concept is not None and t.concept.value))]

    def content_seq(self) -> list[str]:
        """Every content key in text order (for compound statements)."""
        return [t.key for t in self.tokens if t.key and t.kind not in ("stop", "punct") and not (
            t.concept is not None and t.concept.optional)]


def _raw_tokens(text: str) -> list[_Tok]:
    tokens: list[_Tok] = []
    at_start = True
    for match in _TOKEN_RE.finditer(text):
        if len(tokens) >= _MAX_TOKENS:
            break
        group = match.lastgroup or ""
        raw = match.group()
        if group == "punct":
            tokens.append(_Tok(raw, "punct", raw=raw))
            if raw in _SENTENCE_BREAK:
                at_start = True
            continue
        if group == "word":
            if "'" not in raw and "’" not in raw:
                # one part, the common case, as the loop below reads it (letters only: an ASCII
                # word folds to its lower case)
                norm = raw.lower() if raw.isascii() else fold(raw)
                if norm:
                    tokens.append(_Tok("té" if norm == "te" and raw.casefold() == "té" else norm, "word",
                                       capital=raw[:1].isupper(), sentence_start=at_start, raw=raw,
                                       acronym=len(raw) >= 2 and raw.isupper()))
                at_start = False
                continue
            parts = _APOSTROPHE.split(raw)
            norm_first = fold(parts[0])
            if len(parts) == 2 and fold(parts[1]) == "t" and norm_first.endswith("n"):
                # can't / doesn't / won't: the base word, then a negator
                base = _NT_BASES.get(norm_first[:-1], norm_first[:-1])
                tokens.append(_Tok(base, "word", capital=raw[0].isupper(), sentence_start=at_start, raw=raw))
                tokens.append(_Tok("n't", "word", raw="n't"))
            else:
                # "user's" -> "user"; clitic halves ("'ll", "'re") carry no content
                first = True
                for k, part in enumerate(parts):
                    norm = norm_first if k == 0 else fold(part)  # the first part is already folded
                    if not norm or (not first and norm in {"s", "re", "ll", "ve", "d", "m"}):
                        continue
                    tok = _Tok(norm, "word", capital=part[:1].isupper(), sentence_start=at_start and first,
                               raw=part, acronym=len(part) >= 2 and part.isupper())
                    if norm == "te" and part.casefold() == "té":
                        tok.norm = "té"  # tea; plain "te" is a pronoun
                    tokens.append(tok)
                    first = False
            at_start = False
            continue
        if group == "iso":
            y, m, d = (int(x) for x in raw.split("-"))
            tokens.append(_Tok(raw, "date", key=f"date:{y:04d}-{m:02d}-{d:02d}", raw=raw))
        elif group == "dmy":
            tokens.append(_Tok(raw, "date", key="date:" + "/".join(str(int(x)) for x in raw.split("/")), raw=raw))
        elif group == "ampm":
            digits = re.match(r"(\d{1,2})(?::(\d{2}))?", raw)
            hour = int(digits.group(1)) if digits else 0
            minute = int(digits.group(2) or 0) if digits else 0
            pm = "p" in raw.casefold()
            hour = int(twelve_hour(hour, am=not pm, pm=pm))
            tokens.append(_Tok(raw, "time", key=f"t{hour}:{minute:02d}", raw=raw))
        elif group == "time":
            hour_s, minute_s = re.split(r"[:h]", raw)
            tokens.append(_Tok(raw, "time", key=f"t{int(hour_s)}:{int(minute_s):02d}", raw=raw))
        elif group in ("num", "numword"):
            tokens.append(_number_token(raw))
        elif group == "arrow":
            tokens.append(_Tok("->", "arrow", raw=raw))
        elif group == "sym":
            tokens.append(_Tok(raw, "word", raw=raw))
        at_start = False
    return tokens


def _number_token(raw: str) -> _Tok:
    cleaned = re.sub(r"(st|nd|rd|th|º|ª)$", "", raw)
    if re.fullmatch(r"\d{1,2}h", cleaned):
        return _Tok(raw, "time", key=f"t{int(cleaned[:-1])}:00", raw=raw)
    cleaned = cleaned.rstrip("h")
    if _THOUSANDS.match(cleaned):
        cleaned = re.sub(r"[.,]", "", cleaned)  # 1.500 / 1,500
    else:
        cleaned = cleaned.replace(",", ".")  # 1,5
    try:
        number = Decimal(cleaned)
    except InvalidOperation:
        return _Tok(raw, "word", raw=raw)
    text = format(number.normalize(), "f") if number else "0"
    if number == number.to_integral_value() and 1900 <= number <= 2099 and "." not in cleaned:
        return _Tok(text, "date", key=f"year:{int(number)}", raw=raw)
    return _Tok(text, "num", key=f"n{text}", raw=raw)


def _merge_phrases(tokens: list[_Tok]) -> list[_Tok]:
    """Greedy longest-match of lexicon phrases over word tokens."""
    out: list[_Tok] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.kind != "word" or tok.norm not in _PHRASE_STARTS:
            out.append(tok)
            i += 1
            continue
        for size in range(min(_LONGEST_PHRASE, len(tokens) - i), 1, -1):
            window = tokens[i : i + size]
            if any(t.kind != "word" for t in window):
                continue
            entry = _TABLE.get(tuple(t.norm for t in window))
            if entry is None:
                continue
            if entry.key == "REPORTS_TO" and out and not (
                    out[-1].norm in _REPORTS_TO_SUBJECTS or out[-1].kind == "punct"
                    or (out[-1].capital and not out[-1].sentence_start)):
                continue  # "sends weekly reports to ..." is the noun
            merged = _Tok(" ".join(t.norm for t in window), "word", capital=tok.capital,
                          sentence_start=tok.sentence_start, raw=" ".join(t.raw for t in window))
            _apply_entry(merged, entry)
            out.append(merged)
            i += size
            break
        else:
            out.append(tok)
            i += 1
    return out


def _apply_entry(tok: _Tok, entry: _Entry) -> None:
    tok.kind = entry.kind
    tok.lang = entry.lang
    if entry.kind == "concept":
        tok.concept = entry.concept
        tok.key = entry.key
    elif entry.kind in ("entity", "weekday", "month", "date"):
        tok.key = entry.key


def _lookup_word(norm: str) -> _Entry | None:
    """Lexicon entry for a word: its listed form, or a plural/gender variant of a non-verb.

    Verbs match listed forms only: stripping endings off "vivirá" or
    "trabajará" would land on "vivir"/"trabajar" and erase the tense.
    """
    entry = _TABLE.get((norm,))
    if entry is not None:
        return entry
    for candidate in (norm[:-1] if norm.endswith("s") else None,
                      norm[:-2] if norm.endswith("es") else None, _stem(norm)):
        if candidate:
            entry = _TABLE.get((candidate,))
            if entry is not None and not (entry.concept is not None and entry.concept.verb):
                return entry
    return None


_ARTICLE_BEFORE_DAYPART = {"la", "las", "por", "de", "cada", "esta", "una"}


def _classify_words(tokens: list[_Tok]) -> None:
    """Give single word tokens their meaning, resolving the few context-dependent words."""
    for i, tok in enumerate(tokens):
        if tok.kind != "word":
            continue
        prev = tokens[i - 1].norm if i > 0 else ""
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        norm = tok.norm
        if norm == "té":
            _apply_entry(tok, _TABLE[("tea",)])
            tok.lang = "es"
        elif norm == "manana":  # morning after an article, otherwise "tomorrow"
            if prev in _ARTICLE_BEFORE_DAYPART:
                _apply_entry(tok, _TABLE[("mananas",)])
            else:
                _apply_entry(tok, _Entry("date", "rel:tomorrow", None, "es"))
        elif norm == "tarde":  # afternoon after an article, otherwise "late"
            _apply_entry(tok, _TABLE[("tardes",)] if prev in _ARTICLE_BEFORE_DAYPART else _TABLE[("tardio",)])
            tok.lang = "es"
        elif norm == "may":  # the month only when it looks like a date, else the modal
            near_number = (nxt is not None and nxt.kind in ("num", "time")) or (
                i > 0 and tokens[i - 1].kind == "num")
            if tok.capital and not tok.acronym and (near_number or not tok.sentence_start):
                _apply_entry(tok, _Entry("month", "MAY", None, "en"))
            else:
                _apply_entry(tok, _TABLE[("might",)])
        elif norm in ("mas", "more", "less", "menos") and nxt is not None and nxt.norm in ("que", "than"):
            tok.kind = "stop"  # "más que" / "more than" is an order marker, not a quantity
        elif norm in ("mas", "more", "less", "menos") and nxt is not None and (
                (c := nxt.concept or _concept_of(nxt.norm)) is not None and c.axis not in (None, "QUANTITY")):
            # comparatives: "más breves" is comparative-short; "menos extensos"
            # (less long) is read as a negated "long"
            tok.kind = "comparative" if norm in ("mas", "more") else "neg"
        elif norm in ("over", "above") and _next_is_amount(tokens, i):
            _apply_entry(tok, _TABLE[("more",)])  # "over 30 minutes" is an amount, not "X over Y"
        elif norm == "antes":
            tok.kind = "stop" if nxt is not None and nxt.norm in {"de", "que"} else "past"
        elif norm in _NUMBER_WORDS:
            tok.kind, tok.key, tok.norm = "num", f"n{_NUMBER_WORDS[norm]}", str(_NUMBER_WORDS[norm])
        elif (entry := _lookup_word(norm)) is not None and not (
                tok.capital and not tok.sentence_start and not tok.acronym and entry.kind == "concept"
                and (norm,) not in _TABLE):
            # (a capitalised word inside a sentence only matches a listed
            # form, never a stem: "Corta" in "Villa Corta" is a name)
            _apply_entry(tok, entry)
        elif norm in _STOPWORDS:
            tok.kind = "stop"
        else:
            tok.kind = "residual"
            tok.key = _stem(norm)


def _next_is_amount(tokens: list[_Tok], i: int) -> bool:
    for nxt in tokens[i + 1 : i + 3]:
        if nxt.kind in ("num", "time"):
            return True
        if nxt.norm not in _ARTICLES:
            return False
    return False


def _concept_of(norm: str) -> _Concept | None:
    entry = _lookup_word(norm)
    return entry.concept if entry is not None else None


def _promote_times(tokens: list[_Tok]) -> list[_Tok]:
    """Clock times from context: "a las 9" / "at 9" / "a las 9.30"; "9 de la tarde" is 21:00.

    Also undoes the year guess for amounts: "2000 dollars" is money.
    """
    out: list[_Tok] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        prev = tokens[i - 1] if i > 0 else None
        if tok.kind == "date" and (tok.key or "").startswith("year:") and (
                (nxt is not None and nxt.kind == "concept" and nxt.concept is not None and not nxt.concept.verb)
                or (prev is not None and prev.norm in ("$", "€"))):
            tok.kind, tok.key = "num", f"n{tok.norm}"  # "2000 dollars" is money, not a year
        if tok.kind == "num" and prev is not None and prev.norm in _TIME_PREFIX:
            clock = re.fullmatch(r"(\d{1,2})(?:[.,](\d{2}))?", tok.raw)
            if clock and int(clock.group(1)) <= 24:
                tok.kind, tok.key = "time", f"t{int(clock.group(1))}:{clock.group(2) or '00'}"
        if tok.kind == "num" and tok.key:
            # "500 euros" vs "500 dollars", "1 hora" vs "1 minuto": the unit is part of the amount
            unit = nxt.concept.id if nxt is not None and nxt.concept is not None else None
            if unit in _UNITS:
                tok.key = f"{tok.key}:{unit}"
            elif prev is not None and prev.norm in ("$", "€"):
                tok.key = f"{tok.key}:{'USD' if prev.norm == '$' else 'EUR'}"
        out.append(tok)
        i += 1
        if tok.kind != "time" or not tok.key:
            continue
        window = tokens[i : i + 3]
        if len(window) == 3 and window[0].norm in ("de", "in") and window[1].norm in ("la", "the") \
                and window[2].key in _DAYPART_SHIFT:
            hour_s, minute_s = tok.key[1:].split(":")
            hour = int(hour_s)
            if hour < 12:
                hour += _DAYPART_SHIFT[window[2].key or ""]
            tok.key = f"t{hour}:{minute_s}"
            i += 3
    return out


def _mark_bounds(tokens: list[_Tok], range_endpoints: set[int]) -> None:
    """Prefix times/amounts qualified by before/after words with "<" or ">"."""
    for i, tok in enumerate(tokens):
        if tok.kind not in ("num", "time") or not tok.key or i in range_endpoints:
            continue
        j = i - 1
        while j >= 0 and tokens[j].norm in _ARTICLES:
            j -= 1
        if j < 0:
            continue
        one = (tokens[j].norm,)
        two = (tokens[j - 1].norm, tokens[j].norm) if j > 0 else one
        if one in _BEFORE_WORDS or two in _BEFORE_WORDS:
            tok.key = "<" + tok.key
        elif one in _AFTER_WORDS or two in _AFTER_WORDS:
            tok.key = ">" + tok.key


def _mark_names(tokens: list[_Tok]) -> None:
    """Turn capitalised words inside a sentence into names (entity keys are the folded word).

    At the start of a sentence capitals prove nothing, so such a word stays a
    plain word (and is promoted later if the other statement names it).
    Capitalised common nouns ("Usa Teams", "Google Meet", "Office") are
    product or organisation names too - unless the whole text is Title Case.
    """
    words = [t for t in tokens if t.raw[:1].isalpha()]
    title_case = len(words) > 2 and sum(t.capital for t in words) > len(words) / 2
    for tok in tokens:
        if tok.kind == "residual" and tok.key and ((tok.capital and not tok.sentence_start) or tok.acronym):
            tok.kind, tok.key = "entity", tok.norm
        elif (tok.kind == "concept" and tok.concept is not None and tok.capital and not tok.sentence_start
              and not tok.concept.verb and not title_case):
            tok.kind, tok.key, tok.concept = "entity", tok.norm, None


@per_text
def _analyse(text: str) -> _Features:
    """Tokenise and interpret one statement. Pure; within a :func:`.memo.texts_memoised` scope
    computed once per text and shared, so callers must not change what it returns (a fraction of a
    millisecond a note, read several times per pair and by every pair a note is in)."""
    tokens = _raw_tokens(text if isinstance(text, str) else "")
    tokens = _merge_phrases(tokens)
    _classify_words(tokens)
    tokens = _promote_times(tokens)
    _mark_names(tokens)
    pairs, range_endpoints = _direction_pairs(tokens)
    _mark_bounds(tokens, range_endpoints)
    feats = _Features(tokens=tokens, pairs=pairs)
    negated_in_sentence = False
    tense: set[str] = set()
    for i, tok in enumerate(tokens):
        if tok.kind == "punct":
            if tok.norm in _SENTENCE_BREAK:
                negated_in_sentence = False
            continue
        if tok.norm in _ES_ONLY or tok.lang == "es":
            feats.es_hits += 1
        elif tok.norm in _EN_ONLY or tok.lang == "en":
            feats.en_hits += 1
        if tok.kind == "neg" or (tok.concept is not None and tok.concept.negates):
            feats.raw_neg += 1
            if not (negated_in_sentence and tok.norm in _NEGATORS_CONCORD):
                feats.logical_neg += 1
            negated_in_sentence = True
            feats.neg_scopes.append(_negation_scope(tokens, i))
            if tok.kind == "neg":
                continue
        if tok.norm in _DISJUNCTIONS:
            feats.disjunction = True
        if tok.kind == "comparative" or tok.norm in _COMPARATIVE_FORMS:
            feats.comparative = True
        if tok.kind == "only":
            feats.only = True
        elif tok.kind in ("past", "future"):
            tense.add(tok.kind)
        elif tok.kind == "concept" and tok.concept is not None:
            feats.concepts.setdefault(f"{tok.concept.id}:{tok.concept.pole}", tok.concept)
            if tok.concept.tense:
                tense.add(tok.concept.tense)
        elif tok.kind == "entity" and tok.key:
            feats.entities.add(tok.key)
        elif tok.kind == "weekday" and tok.key:
            feats.weekdays.add(tok.key)
        elif tok.kind == "month" and tok.key:
            feats.months.add(tok.key)
        elif tok.kind == "date" and tok.key:
            feats.dates.add(tok.key)
        elif tok.kind in ("num", "time") and tok.key:
            feats.numbers.add(tok.key)
        elif tok.kind == "residual" and tok.key:
            feats.residual.add(tok.key)
    feats.tense = frozenset(tense)
    feats.neg_scopes.sort()
    _named_by_cldr(feats, text if isinstance(text, str) else "")
    return feats


def _named_by_cldr(feats: _Features, text: str) -> None:
    """Countries and languages are one entity however they are written ("Reino Unido" / "United
    Kingdom", "gallego" / "Galician"): their words become one key, ``country:GB``, ``lang:gl``."""
    for prefix, named in (("country", cldr.countries(text)), ("lang", cldr.languages(text))):
        for code, words in named.items():
            feats.entities.difference_update(words)
            feats.residual.difference_update(words)
            feats.entities.add(f"{prefix}:{code}")


def _negation_scope(tokens: list[_Tok], i: int) -> str:
    """The content word a negator applies to: "no puede" -> CAN, "can't" -> CAN, "sin cámara" -> CAMERA."""
    tok = tokens[i]
    if tok.concept is not None:
        return tok.concept.id  # "dislikes", "cannot", "ocupado"
    if tok.norm == "n't" and i > 0 and tokens[i - 1].key:
        return tokens[i - 1].key or ""
    for nxt in tokens[i + 1 :]:
        if nxt.kind == "punct":
            break
        if nxt.key:
            return nxt.key
    return "_"


def _endpoint_key(tok: _Tok) -> str | None:
    if tok.kind in ("entity", "weekday", "month", "date", "num", "time", "residual"):
        return tok.key
    if tok.kind == "concept" and tok.concept is not None and not tok.concept.verb:
        return tok.concept.id
    return None


_IDENTIFIER_KINDS = {"entity", "weekday", "month", "date", "num", "time"}


def _endpoint(tokens: Sequence[_Tok]) -> frozenset[str]:
    """Keys naming one end of a relation; names, numbers and dates outrank common words.

    "the 9:00 meeting" vs "the 10:00 one": the clock times identify the
    ends, the shared word "meeting" must not make the two ends look alike.
    """
    idents = {t.key for t in tokens if t.key and (t.kind in _IDENTIFIER_KINDS or (
        t.kind == "concept" and t.concept is not None and t.concept.value))}
    if idents:
        return frozenset(idents)
    return frozenset(k for t in tokens if (k := _endpoint_key(t)) is not None)


def _collect_forward(tokens: list[_Tok], start: int, limit: int = 3) -> tuple[frozenset[str], list[int]]:
    used: list[int] = []
    i = start
    while i < len(tokens) and tokens[i].kind == "stop" and tokens[i].norm not in _FROM_MARKERS:
        i += 1  # skip leading articles: "to the office"
    while i < len(tokens) and len(used) < limit and _endpoint_key(tokens[i]) is not None:
        used.append(i)
        i += 1
    return _endpoint([tokens[k] for k in used]), used


def _collect_backward(tokens: list[_Tok], end: int, limit: int = 3) -> frozenset[str]:
    used: list[_Tok] = []
    i = end
    while i >= 0 and tokens[i].kind == "stop":
        i -= 1
    while i >= 0 and len(used) < limit and _endpoint_key(tokens[i]) is not None:
        used.append(tokens[i])
        i -= 1
    return _endpoint(used)


def _span_keys(tokens: list[_Tok]) -> frozenset[str] | None:
    """Keys of a "from X to" span: only content and articles, 1-3 content tokens."""
    content: list[_Tok] = []
    for tok in tokens:
        if tok.kind in ("punct", "arrow", "neg"):
            return None
        if _endpoint_key(tok) is not None:
            content.append(tok)
        elif tok.kind != "stop":
            return None
    return _endpoint(content) if 1 <= len(content) <= 3 else None


def _direction_pairs(tokens: list[_Tok]) -> tuple[list[Pair], set[int]]:
    """Ordered (first, second) endpoint pairs: from/to, arrows, before/after, "prefers X over Y".

    Also returns the indices of from/to range endpoints ("de 9 a 17"), whose
    numbers are points of a range rather than bounds.
    """
    pairs: list[Pair] = []
    used_to: set[int] = set()
    endpoints: set[int] = set()
    norms = [t.norm for t in tokens]
    for i, tok in enumerate(tokens):
        if tok.norm in _FROM_MARKERS:
            for j in range(i + 2, min(i + 6, len(tokens))):
                if tokens[j].norm in _TO_MARKERS:
                    x = _span_keys(tokens[i + 1 : j])
                    y, y_at = _collect_forward(tokens, j + 1)
                    if x and y:
                        pairs.append((x, y))
                        used_to.add(j)
                        endpoints.update(range(i + 1, j), y_at)
                    break
                if tokens[j].kind == "punct":
                    break
            else:
                if tok.norm in {"desde", "from"}:
                    # "vuela a Florida desde Nueva York": the to-part comes first
                    for j in range(i - 1, max(i - 6, -1), -1):
                        if tokens[j].norm in _TO_MARKERS:
                            y_span = _span_keys(tokens[j + 1 : i])
                            x_fwd, x_at = _collect_forward(tokens, i + 1)
                            if x_fwd and y_span:
                                pairs.append((x_fwd, y_span))
                                used_to.add(j)
                                endpoints.update(range(j + 1, i), x_at)
                            break
                        if tokens[j].kind == "punct":
                            break
        elif tok.kind == "arrow":
            x = _collect_backward(tokens, i - 1)
            y, _ = _collect_forward(tokens, i + 1)
            if x and y:
                pairs.append((x, y))
    said = set(norms)
    for marker, reverse in _ORDER_MARKERS:
        if marker[0] not in said:
            continue  # the marker's first word is nowhere in the note
        size = len(marker)
        for i in range(len(tokens) - size + 1):
            if norms[i] != marker[0] or tuple(norms[i : i + size]) != marker or tokens[i].kind == "concept":
                continue
            x = _collect_backward(tokens, i - 1)
            y, _ = _collect_forward(tokens, i + size)
            if x and y:
                pairs.append((y, x) if reverse else (x, y))
    # "prefiere el té al café" / "prefers tea to coffee"
    for i, tok in enumerate(tokens):
        if tok.concept is None or tok.concept.axis != "VALENCE":
            continue
        for j in range(i + 2, min(i + 6, len(tokens))):
            if tokens[j].kind == "punct":
                break
            if tokens[j].norm in _PREFER_ORDER_MARKERS and j not in used_to:
                x = _span_keys(tokens[i + 1 : j])
                y, _ = _collect_forward(tokens, j + 1)
                if x and y:
                    pairs.append((x, y))
                break
    return pairs, endpoints
