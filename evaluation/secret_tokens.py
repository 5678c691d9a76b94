"""Features and scoring of a learned scrubbing stage over the tokens the hand rules left in place
(issue 15, stop 38) — **measured, not wired into the pipeline** (docs/privacy.md, "A learned stage
over the tokens the hand rules leave"; docs/decisions/0018-learned-scrubbing-stage-not-wired.md).

Thirty-odd rounds of hand rules each closed their own authors' cases while the next authors wrote
new forms (chat turns, implied labels, announced disguises). This stage reads every token of the
text the hand rules return (placeholders excluded) and scores it with a logistic regression over
hashed features of

* its **shape**: length, character classes, a compressed class pattern (``Aa9s``), Shannon entropy,
  digit, upper-case and vowel shares, symbols, its character 3-grams and, for a short token, the
  token itself (so common words are learned as ordinary);
* its **context**: the words one and two before and after it (by position; the punctuation that
  closes the word before), the bags of the six words before and four after and of the words from
  seven to sixteen before, and where it sits on its line; words are lower-cased with accents
  dropped, so Spanish and English share one space.

A token scoring above the threshold would be redacted (adjacent flagged tokens as one span,
``TokenModel.spans``). ``evaluation.train_secrets`` trains it and measures it leave authors out
and on the last ten readings with the scrubber as it was then; it raised recall by about one secret
for every one to two ordinary strings it altered, so the scrubber does not run it. The module is
written as a write-path stage would be (numpy only, ``crc32`` hashing, cached shapes), so wiring it
is a move to ``memory/scrubbing`` plus a call after the driver's passes. Nothing here keeps or logs
the text.
"""

from __future__ import annotations

import math
import re
import unicodedata
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np

#: Hash buckets (a power of two).
BUCKETS: Final = 1 << 18
_MASK: Final = BUCKETS - 1
#: Shorter tokens are never candidates (a PIN has four digits).
MIN_LENGTH: Final = 4

_PIECE = re.compile(r"\[REDACTED:[a-z0-9_]{1,40}\]|\n|[^\s]+")
_LEAD = "\"'“”‘’«»([{<¿¡`*"
_TRAIL = "\"'“”‘’«»)]}>.,;:?!`*"
_NEWLINE = "<nl>"
_REDACTED = "<red>"
_VOWELS = frozenset("aeiouáéíóúü")


@dataclass(frozen=True)
class Candidate:
    """One token the stage may redact: its core's span in the text and its features."""

    start: int
    end: int
    features: np.ndarray


@lru_cache(maxsize=65536)
def _word(piece: str) -> str:
    """A context word: lower-cased, accents dropped, surrounding punctuation stripped (a token of
    punctuation alone, ``->`` or ``/``, stays itself)."""
    stripped = piece.strip(_LEAD + _TRAIL)
    word = (stripped or piece).lower()
    if not word.isascii():
        word = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    return word


@lru_cache(maxsize=65536)
def _hash(text: str) -> int:
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def _slot(h: int, tag: int) -> int:
    """The bucket of feature ``tag`` (a small integer naming the template) on value hash ``h``."""
    return ((h ^ (tag * 0x9E3779B1)) * 0x85EBCA6B >> 7) & _MASK


def _class(c: str) -> str:
    if c.isdigit():
        return "9"
    if c.isalpha():
        return "A" if c.isupper() else "a"
    return "s"


def _bucket(value: float, edges: tuple[float, ...]) -> int:
    for i, edge in enumerate(edges):
        if value < edge:
            return i
    return len(edges)


@lru_cache(maxsize=65536)
def shape_features(core: str) -> tuple[int, ...]:
    """The hashed shape features of one token core (cached: the same token recurs)."""
    n = len(core)
    classes = [_class(c) for c in core]
    pattern: list[str] = []
    for c in classes:
        if not pattern or pattern[-1] != c:
            pattern.append(c)
    counts = {k: classes.count(k) for k in "9Aas"}
    letters = counts["A"] + counts["a"]
    vowels = sum(1 for c in core.lower() if c in _VOWELS)
    freq: dict[str, int] = {}
    for c in core:
        freq[c] = freq.get(c, 0) + 1
    entropy = -sum(k / n * math.log2(k / n) for k in freq.values())
    signature = "".join(k for k in "9Aas" if counts[k])
    length = _bucket(n, (5, 6, 7, 8, 10, 12, 16, 24, 40))
    values = [
        f"len{length}", f"cls{signature}", f"lc{length}{signature}", f"pat{''.join(pattern[:8])}",
        f"plen{min(len(pattern), 9)}", f"ent{_bucket(entropy, (2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0))}",
        f"dig{_bucket(counts['9'] / n, (0.01, 0.2, 0.5, 0.99))}",
        f"upr{_bucket(counts['A'] / max(letters, 1), (0.01, 0.2, 0.5, 0.99))}",
        f"vow{_bucket(vowels / letters, (0.15, 0.25, 0.35, 0.5)) if letters else 9}",
        f"sym{min(counts['s'], 3)}",
    ]
    lowered = _word(core)
    if n <= 20:
        values.append("t:" + lowered)
    padded = f"^{lowered[:40]}$"
    values += ["g:" + padded[i:i + 3] for i in range(len(padded) - 2)]
    return tuple(_slot(_hash(v), 1) for v in values)


def _pieces(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in _PIECE.finditer(text)]


def candidates(text: str) -> Iterator[Candidate]:
    """Every token of ``text`` the stage scores (placeholders and short tokens are not), with its
    features: distinct buckets, as the trainer and the stage both read them."""
    pieces = _pieces(text)
    words = [_NEWLINE if p == "\n" else _REDACTED if p.startswith("[REDACTED:") else _word(p) for _, _, p in pieces]
    hashes = [_hash(w) for w in words]
    for i, (start, end, piece) in enumerate(pieces):
        if words[i] in (_NEWLINE, _REDACTED):
            continue
        core = piece.lstrip(_LEAD).rstrip(_TRAIL)
        if len(core) < MIN_LENGTH or "[REDACTED:" in core:
            continue
        lead = len(piece) - len(piece.lstrip(_LEAD))
        keys = set(shape_features(core))
        before = [j for j in range(max(0, i - 16), i)]
        after = [j for j in range(i + 1, min(len(pieces), i + 5))]
        if before:
            keys.add(_slot(hashes[before[-1]], 2))
            tail = pieces[before[-1]][2][-1]
            keys.add(_slot(_hash(tail if not tail.isalnum() else "w"), 3))
            if len(before) > 1:
                keys.add(_slot(hashes[before[-2]], 4))
                keys.add(_slot(hashes[before[-2]] * 31 + hashes[before[-1]], 5))
        else:
            keys.add(_slot(0, 2))
        if after:
            keys.add(_slot(hashes[after[0]], 6))
            if len(after) > 1:
                keys.add(_slot(hashes[after[1]], 7))
        else:
            keys.add(_slot(0, 6))
        keys.update(_slot(hashes[j], 8) for j in before[-6:])
        keys.update(_slot(hashes[j], 9) for j in before[:-6])
        keys.update(_slot(hashes[j], 10) for j in after)
        first = not before or words[before[-1]] == _NEWLINE
        last = not after or words[after[0]] == _NEWLINE
        keys.add(_slot(first * 2 + last, 11))
        keys.add(_slot(_hash(piece[:lead] + "|" + piece[lead + len(core):]), 12))
        yield Candidate(start + lead, start + lead + len(core), np.fromiter(keys, dtype=np.int64, count=len(keys)))


@dataclass(frozen=True)
class TokenModel:
    weights: np.ndarray
    bias: float
    threshold: float

    def score(self, features: np.ndarray) -> float:
        """The logit of one candidate (binary features, L2-normalised)."""
        return float(self.weights[features].sum()) / math.sqrt(len(features)) + self.bias

    def spans(self, text: str) -> list[tuple[int, int]]:
        """The spans to redact: flagged tokens, neighbours joined over the blanks between them."""
        spans: list[tuple[int, int]] = []
        for candidate in candidates(text):
            if self.score(candidate.features) > self.threshold:
                if spans and not text[spans[-1][1]:candidate.start].strip():
                    spans[-1] = (spans[-1][0], candidate.end)
                else:
                    spans.append((candidate.start, candidate.end))
        return spans
