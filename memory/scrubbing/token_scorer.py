"""Fortieth secrets round: a learned scorer for password-shaped tokens in a credential context.

Thirty-nine rounds of frames ("the password is X", "X as the password", "la del wifi es X", a chat
answer to a question …) each needed the writer to use the frame a rule expected; a new author says
the same thing another way and the value passes. This finder drops the frame. It asks two things:

* a **credential context** somewhere in the text (``CUE_RE``: password, contraseña, clave, PIN,
  passphrase, wifi, login, admin, vpn, credentials, …, in the note or in a chat line before), and
* a **candidate** that is shaped like a credential rather than a word (``value_shape.shape_score``:
  letters with digits, a symbol, an inner capital; not a link, path, address or version),

and a logistic regression over hashed features of the candidate decides: character n-grams of the
token and of its shape (``Aaaa#00``), the words right before and after it, how far the nearest cue
is and in which direction, whether the cue was asked on the line before. So "uses X as its admin
password", "la del wifi es X" and a reply line under "what's the wifi one?" are read by one model
rather than by three frames; a sku, a version, a file name or a constant in the same note stay
below the threshold because their shapes and neighbours differ.

Weights come from ``token_scores.npz`` beside this module, written by
``python -m evaluation.train_secret_scorer`` on the spent authors' labelled strings (deterministic);
its ``threshold`` was chosen leave one author out (docs/privacy.md, "The fortieth secrets round").
The file holds ``w`` (float16, ``BUCKETS`` hash buckets), ``b`` and ``threshold``. A missing or
unreadable file is no finder: the rules still run. Nothing here keeps or logs the text.
"""

from __future__ import annotations

import logging
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

import numpy as np

from memory.scrubbing.kinds import PLACEHOLDER_RE, _Span
from memory.scrubbing.value_shape import TRAILING_PUNCT, not_a_credential_shape, shape_score

logger = logging.getLogger(__name__)

MODEL_PATH: Final = Path(__file__).resolve().with_name("token_scores.npz")
#: Hash buckets (a power of two).
BUCKETS: Final = 1 << 16
_KIND: Final = "password"

#: Words that put a text in a credential context (matched on the lower-cased reading).
CUE_RE: Final = re.compile(
    r"(?<![a-z])(?:pass(?:word|wd|phrase|code|w)?s?|contrase(?:ñ|n)as?|claves?|pins?|frases?[ \t]+(?:de[ \t]+)?(?:paso|acceso|secreta)"
    r"|wi-?fi|wlan|ssid|log[ \t-]?in|sign[ \t-]?in|admin\w*|root|vpn|psk|credencial\w*|credentials?"
    r"|secret[ao]?s?|unlock\w*|desbloque\w*|master|maestra|pwd|pw)(?![a-z])")
#: A bare candidate: a run of non-space characters (its leading quotes and brackets, its trailing
#: sentence punctuation and quotes stay outside).
_TOKEN_RE: Final = re.compile(r"\S+")
_LEAD: Final = "\"'`“”‘’«»([{¿¡<"
_TAIL: Final = TRAILING_PUNCT + "\"'`“”‘’«»>"
_WORD_RE: Final = re.compile(r"[^\W_]+")
#: Words by which a text says its value is no secret (a public key, an example, an id).
_DISCLAIMER_RE: Final = re.compile(
    r"(?<![a-z])(?:p[uú]blic[oa]?s?|publishable|publicable|example|ejemplo|not[ \t]+a[ \t]+secret|no[ \t]+es[ \t]+secret[oa]"
    r"|no[ \t]+son[ \t]+claves|thumbprint|fingerprint|huella|hash|checksum|sha\d*|commit|ids?|placeholder)(?![a-z])")
_PEM_RE: Final = re.compile(r"-----BEGIN [A-Z ]+-----.*?(?:-----END [A-Z ]+-----|\Z)", re.S)
_SENTENCE_END_RE: Final = re.compile(r"[.!?;](?:\s|$)|\n")
_HEX_RE: Final = re.compile(r"[0-9a-fA-F]{12,}")
#: A shortened display of a secret, not the secret: an ellipsis or mask dots inside, a "(hidden)".
_TRUNCATED_RE: Final = re.compile(r"…|•|\.\.\.|\*{3}|\((?:oculta|oculto|hidden|truncated|cortad[ao])\)", re.I)
_MIN_LEN: Final = 4
_MAX_LEN: Final = 40


@dataclass(frozen=True)
class Candidate:
    """One token the scorer reads: its span in the text and its hashed feature buckets."""

    start: int
    end: int
    buckets: np.ndarray


def _shape(token: str) -> str:
    """``Aaaa#00``: case and digit classes, symbols as themselves, runs kept to two."""
    out: list[str] = []
    for c in token:
        s = "A" if c.isupper() else "a" if c.isalpha() else "0" if c.isdigit() else c
        if len(out) >= 2 and out[-1] == s and out[-2] == s:
            continue
        out.append(s)
    return "".join(out)


def _bucket(key: str) -> int:
    return zlib.crc32(key.encode()) & (BUCKETS - 1)


def _distance_bucket(d: int) -> str:
    return str(d) if d <= 3 else "4-6" if d <= 6 else "7-12" if d <= 12 else "far"


def _words(lower: str, start: int, end: int) -> list[str]:
    return [w if not w.isdigit() else "#" for w in _WORD_RE.findall(lower[start:end])]


def candidates(text: str, lower: str) -> list[Candidate]:
    """Every credential-shaped token of ``text`` in a credential context, with its features; empty
    when the text names no credential (the common write pays one regex search)."""
    cues = [m for m in CUE_RE.finditer(lower)]
    if not cues:
        return []
    out: list[Candidate] = []
    # A PEM block's body is the private-key finder's to judge (a public key is no secret).
    blocks = [b.span() for b in _PEM_RE.finditer(text)] if "-----BEGIN" in text else []
    if _DISCLAIMER_RE.search(lower) is not None:
        return []  # the writer says a value here is public, an example or an id: the rules decide
    disclaimed = False
    for m in _TOKEN_RE.finditer(text):
        if blocks and any(s <= m.start() < e for s, e in blocks):
            continue
        raw = m.group()
        lead = len(raw) - len(raw.lstrip(_LEAD))
        token = raw[lead:].rstrip(_TAIL)
        if not (_MIN_LEN <= len(token) <= _MAX_LEN) or "[REDACTED:" in raw or PLACEHOLDER_RE.search(raw):
            continue
        if (not shape_score(token) or not_a_credential_shape(token) or _HEX_RE.fullmatch(token)
                or _TRUNCATED_RE.search(token)):
            continue
        start = m.start() + lead
        end = start + len(token)
        out.append(Candidate(start, end, _features(text, lower, start, end, token, cues, disclaimed)))
    return out


def _features(text: str, lower: str, start: int, end: int, token: str,
              cues: list[re.Match[str]], disclaimed: bool) -> np.ndarray:
    keys: list[str] = ["disclaimed"] if disclaimed else []
    classes = "".join(flag for flag, test in (("U", str.isupper), ("L", str.islower), ("D", str.isdigit))
                      if any(test(c) for c in token)) + ("S" if any(not c.isalnum() for c in token) else "")
    keys.append("cls:" + classes)
    if _HEX_RE.fullmatch(token):
        keys.append("hex")
    low = token.lower()
    shape = _shape(token)
    keys.append("s:" + shape[:12])
    padded_shape = f"^{shape}$"
    for n in (2, 3):
        keys.extend("sg:" + padded_shape[i:i + n] for i in range(len(padded_shape) - n + 1))
    padded = f"^{low[:16]}"
    keys.extend("g:" + padded[i:i + 3] for i in range(len(padded) - 2))
    keys.append(f"len:{min(len(token), 24) // 4}")
    if any(ord(c) > 0x7F for c in token):
        keys.append("nonascii")
    before = _words(lower, max(0, start - 80), start)[-4:]
    after = _words(lower, end, min(len(lower), end + 80))[:3]
    for i, w in enumerate(reversed(before)):
        keys.append(f"p{i}:{w}" if i < 2 else f"pb:{w}")
    for i, w in enumerate(after):
        keys.append(f"n{i}:{w}" if i < 1 else f"nb:{w}")
    prev_char = lower[start - 1] if start else "^"
    keys.append(f"pc:{prev_char if not prev_char.isalnum() else 'w'}")
    line_start = lower.rfind("\n", 0, start) + 1
    gap = lower[line_start:start]
    keys.append("first_on_line" if not gap.strip() else "inline")
    # The nearest cue on each side, in words, and whether it was on an earlier line.
    best_before: tuple[int, str] | None = None
    best_after: tuple[int, str] | None = None
    same_sentence = False
    for cue in cues:
        if cue.end() <= start:
            same_sentence |= _SENTENCE_END_RE.search(lower, cue.end(), start) is None
            d = len(_WORD_RE.findall(lower[cue.end():start]))
            if best_before is None or d < best_before[0]:
                best_before = (d, cue.group())
        elif cue.start() >= end:
            same_sentence |= _SENTENCE_END_RE.search(lower, end, cue.start()) is None
            d = len(_WORD_RE.findall(lower[end:cue.start()]))
            if best_after is None or d < best_after[0]:
                best_after = (d, cue.group())
    for side, best in (("cb", best_before), ("ca", best_after)):
        if best is None:
            keys.append(f"{side}:none")
            continue
        d, word = best
        keys.append(f"{side}:{_distance_bucket(d)}")
        keys.append(f"{side}w:{word[:6]}:{_distance_bucket(d)}")
        keys.append(f"{side}w:{word[:6]}")
    if same_sentence:
        keys.append("same_sentence")
    if best_before is not None and "\n" in lower[:line_start] and "?" in lower[max(0, line_start - 200):line_start]:
        keys.append("after_question_line")
    return np.fromiter(sorted({_bucket(k) for k in keys}), dtype=np.int64)


@dataclass(frozen=True)
class TokenModel:
    weights: np.ndarray
    bias: float
    threshold: float

    def score(self, buckets: np.ndarray) -> float:
        """The logit of one candidate (binary features, L2-normalised as in training)."""
        if not len(buckets):
            return self.bias
        return float(self.weights[buckets].sum() / np.sqrt(len(buckets)) + self.bias)


@lru_cache(maxsize=1)
def load(path: Path = MODEL_PATH) -> TokenModel | None:
    """The committed model, or None (no finder) when the file is missing or unreadable."""
    try:
        with np.load(path) as data:
            return TokenModel(data["w"].astype(np.float32), float(data["b"]), float(data["threshold"]))
    except (OSError, KeyError, ValueError):
        logger.warning("token scorer model unavailable; the rule finders still run")
        return None


#: Set by the trainer to measure a candidate model leave one author out; None reads the file.
override: TokenModel | None = None


def find_scored_tokens(text: str, lower: str) -> Iterator[_Span]:
    """Candidates the model scores above its threshold."""
    model = override if override is not None else load()
    if model is None:
        return
    for cand in candidates(text, lower):
        if model.score(cand.buckets) > model.threshold:
            yield cand.start, cand.end, _KIND


def truncated_display(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a shortened display of a secret ("sk_live_…(oculta)…", "ab12••••")?
    What is left of it is no credential, whichever finder took it."""
    return _TRUNCATED_RE.search(text, start, end) is not None


FINDERS: Final = (find_scored_tokens,)
