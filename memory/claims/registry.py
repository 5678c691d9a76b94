"""The exemplars claim inference reads: the bundled ones plus what operators wrote in the registry.

Pure Python (no Django). Input: the registry as plain rows (``governance.selectors.predicates.
predicates_for_inference``: key, active, value set, exemplars). Output: the (predicate, value)
entries and per-predicate topic words :class:`memory.claims.infer.ExemplarIndex` is built from.

* An **inactive** predicate contributes nothing (bundled or not): it makes no new claims.
* A predicate the registry lacks contributes nothing (its claims could not be stored).
* An operator's phrasings for a value are added to the bundled ones (``es`` and ``en``); the
  cue words of a value come from its ``cues`` when given, else from the words its phrasings use
  and the predicate's other values' do not (so each value is named by its own words, and a
  sentence naming two values yields no claim); the topic words are all its phrasings' words. Both
  are word starts (the first 5 letters of words of 4 letters or more), so "vegetariana" also finds
  "vegetariano".
* A value outside the predicate's value set is never an entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from memory.claims.exemplars import EXEMPLARS, FUNCTION_WORDS, TOPICS, ValueExemplars
from memory.equivalence.normalise import fold

LANGUAGES = ("es", "en")
STEM = 5  # a derived cue or topic word is its first STEM letters (a word start)
_WORD = re.compile(r"[a-z][a-z'-]+")


def _content_words(sentences: Iterable[str]) -> set[str]:
    return {w for s in sentences for w in _WORD.findall(fold(s)) if len(w) >= 4 and w not in FUNCTION_WORDS}


def _stems(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted({w[:STEM] for w in words}))


def registry_entries(rows: Iterable[Mapping[str, Any]]
                     ) -> tuple[tuple[ValueExemplars, ...], dict[str, tuple[str, ...]]]:
    """(entries, topics) for the active predicates of ``rows`` (see the module docstring)."""
    registry = {row["key"]: row for row in rows}
    active = {key for key, row in registry.items() if row.get("active", True)}
    bundled: dict[tuple[str, str], ValueExemplars] = {(e.predicate, e.value): e for e in EXEMPLARS
                                                      if e.predicate in active}
    entries: dict[tuple[str, str], ValueExemplars] = dict(bundled)
    topics: dict[str, tuple[str, ...]] = {k: v for k, v in TOPICS.items() if k in active}
    for key in sorted(active):
        row = registry[key]
        allowed = {str(v) for v in row.get("values") or []}
        written: dict[str, list[str]] = {}
        explicit_cues: dict[str, tuple[str, ...]] = {}
        for value, entry in sorted((row.get("exemplars") or {}).items()):
            if value not in allowed or not isinstance(entry, Mapping):
                continue
            phrasings = [t.strip() for lang in LANGUAGES for t in entry.get(lang) or [] if isinstance(t, str)]
            if phrasings:
                written[value] = phrasings
            cues = tuple(fold(c).strip() for c in entry.get("cues") or [] if isinstance(c, str) and fold(c).strip())
            if cues:
                explicit_cues[value] = cues
        if not written:
            continue
        words = {value: _content_words(texts) for value, texts in written.items()}
        for value, texts in written.items():
            others = set().union(*(w for v, w in words.items() if v != value))
            old = bundled.get((key, value))
            cues = explicit_cues.get(value) or (old.cues if old else _stems(words[value] - others))
            if old is not None and value in explicit_cues:
                cues = tuple(dict.fromkeys((*old.cues, *explicit_cues[value])))
            sentences = tuple(dict.fromkeys((*(old.sentences if old else ()), *texts)))
            entries[(key, value)] = ValueExemplars(key, value, sentences, cues)
        if key not in topics:  # the predicate's own words: a sentence must use one of them at all
            topics[key] = _stems(set().union(*words.values()))
    order = [(e.predicate, e.value) for e in EXEMPLARS if (e.predicate, e.value) in entries]  # bundled order kept
    order += sorted(set(entries) - set(order))
    return tuple(entries[k] for k in order), topics
