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
is on each side and whether a sentence end lies between, the words between the cue and the token,
whether the token opens a chat turn under a line naming a credential. So "uses X as its admin
password", "la del wifi es X" and "la contraseña X" are read by one model rather than by three
frames; a sku, a version, a file name or a constant in the same note stay below the threshold
because their shapes and neighbours differ.

Not read by the model: a cue that is said *about* a credential (``described_cue``: "password hint",
"política de contraseñas", "clave de rastreo", "method=password"); a text that says its value is
public, an example or an id, or gives advice about passwords in general (``_DISCLAIMER_RE``); a PEM
block's body; bare numbers (the PIN finders in ``codes`` judge those); hex; truncated displays.
The fortieth round's rule beside the model (the first token of a chat turn right under a question
naming a credential) is read since round 41 by the one chat-answer finder, ``answers.find_chat_answers``.

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
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

import numpy as np

from memory.scrubbing.kinds import PLACEHOLDER_RE, _Span
from memory.scrubbing.not_credentials import truncated_display
from memory.scrubbing.value_shape import TRAILING_PUNCT, not_a_credential_shape, shape_score

logger = logging.getLogger(__name__)

MODEL_PATH: Final = Path(__file__).resolve().with_name("token_scores.npz")
#: Hash buckets (a power of two).
BUCKETS: Final = 1 << 16
_KIND: Final = "password"

#: Words that put a text in a credential context (matched on the lower-cased reading).
CUE_RE: Final = re.compile(
    r"(?<![a-z])(?:pass(?:word|wd|phrase|code|w)?s?|contrase(?:ñ|n)as?|claves?|pins?|frases?[ \t]+(?:de[ \t]+)?(?:paso|acceso|secreta)"
    r"|wi-?fi|wlan|log[ \t-]?in|sign[ \t-]?in|admin\w*|root|vpn|psk|credencial\w*|credentials?"
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
    r"|no[ \t]+son[ \t]+claves|thumbprint|fingerprint|huella|hash|checksum|sha\d*|commit|ids?|placeholder"
    # Advice about passwords in general: what one must not be, examples of a bad one.
    r"|must[ \t]+not|should[ \t]+not|shouldn't|mustn't|never[ \t]+use|don't[ \t]+use|avoid|such[ \t]+as|e\.g"
    r"|no[ \t]+(?:debe|deber[ií]a|puede)[ \t]+(?:ser|contener|llevar)|nunca[ \t]+uses|no[ \t]+uses|evita\w*|p\.[ \t]?ej)(?![a-z])")
_PEM_RE: Final = re.compile(r"-----BEGIN [A-Z ]+-----.*?(?:-----END [A-Z ]+-----|\Z)", re.S)
_SENTENCE_END_RE: Final = re.compile(r"[.!?;](?:\s|$)|\n")
_HEX_RE: Final = re.compile(r"[0-9a-fA-F]{12,}")
#: Words that say something about a credential rather than give it (``described_cue``), and the
#: small words skipped between them and the cue.
_DESCRIBES: Final = frozenset(
    """hint hints pista pistas policy política politica format formato formatos length longitud strength fuerza
    requirements requisitos requisito rules reglas folder carpeta carpetas entry entrada vault manager gestor
    name nombre llama called named rastreo seguimiento sitio site día dia catastro catastral asignatura pedido factura
    referencia expediente""".split())
_LINKS: Final = frozenset("de del la el las los the for of a an se your my su mi tu".split())
_LABEL_RE: Final = re.compile(r"[^\W\d][\w.\-]{0,30}[=:]")
#: A chat turn's prefix: an optional [time] and a speaker's name with a colon.
TURN_PREFIX_RE: Final = re.compile(r"\s*(?:\[[^\]\n]{1,20}\]\s*)?[^\s:]{1,24}(?:\s[^\s:]{1,24})?:\s*")
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


def described_cue(lower: str, start: int, end: int) -> bool:
    """Is the cue at ``lower[start:end]`` something said about a credential, not a credential: a
    hint, a policy, a format, a folder *of* passwords, a password's name, or a "clave" that is a
    record's code ("clave de rastreo", "clave del sitio")?"""
    before = [w for w in _WORD_RE.findall(lower[max(0, start - 40):start]) if w not in _LINKS][-1:]
    after = [w for w in _WORD_RE.findall(lower[end:end + 40]) if w not in _LINKS][:2]
    if start and lower[start - 1] == "=":
        return True  # "method=password": a field's value naming a kind of credential
    return any(w in _DESCRIBES for w in before) or any(w in _DESCRIBES for w in after)


# Stop 48 (sec48, k98-029): one sense per text. "Clave" is a password and a record's code; when the
# text itself names the code ("la clave catastral", "la clave de rastreo" — a record noun of
# ``_DESCRIBES`` right after it), its other bare "clave"s are that code too ("El campo «clave» … se
# refiere a la clave catastral: …"): a writer who explains which "clave" a field means does not switch
# to the password sense in the same text without another credential word, which stays a cue.
_RECORD_CODES: Final[frozenset[str]] = frozenset(
    "rastreo seguimiento catastro catastral asignatura pedido factura referencia expediente".split())
_CLAVE: Final = frozenset(("clave", "claves"))


def credential_cues(lower: str) -> list[tuple[int, int, str]]:
    """The cues of ``lower`` that name a credential: not said about one (``described_cue``), and no
    "clave" in a text that names its record-code sense (above)."""
    found = [(m.start(), m.end(), m.group()) for m in CUE_RE.finditer(lower)]
    cues = [c for c in found if not described_cue(lower, c[0], c[1])]
    if any(c[2] in _CLAVE for c in cues) and any(
            c[2] in _CLAVE and [w for w in _WORD_RE.findall(lower[c[1]:c[1] + 40]) if w not in _LINKS][:1]
            and [w for w in _WORD_RE.findall(lower[c[1]:c[1] + 40]) if w not in _LINKS][0] in _RECORD_CODES
            for c in found):
        cues = [c for c in cues if c[2] not in _CLAVE]
    return cues


@dataclass(frozen=True)
class _Context:
    """What every candidate of one text reads, indexed once so a text of many tokens stays linear:
    the cues (start, end, word), where words, sentence ends and lines start."""

    cues: list[tuple[int, int, str]]
    cue_starts: list[int]
    cue_ends: list[int]
    word_starts: list[int]
    sentence_ends: list[int]
    newlines: list[int]
    cue_lines: frozenset[int]
    question_lines: frozenset[int]

    @classmethod
    def of(cls, lower: str, cues: list[tuple[int, int, str]]) -> _Context:
        newlines = [i for i, c in enumerate(lower) if c == "\n"]
        cue_lines = frozenset(bisect_right(newlines, start) for start, _, _ in cues)
        question_lines = frozenset(k for k, segment in enumerate(lower.split("\n")) if "?" in segment)
        return cls(cues, [c[0] for c in cues], [c[1] for c in cues],
                   [m.start() for m in _WORD_RE.finditer(lower)],
                   [m.start() for m in _SENTENCE_END_RE.finditer(lower)], newlines, cue_lines, question_lines)

    def words_between(self, start: int, end: int) -> int:
        return max(0, bisect_left(self.word_starts, end) - bisect_left(self.word_starts, start))

    def sentence_ends_between(self, start: int, end: int) -> bool:
        return bisect_left(self.sentence_ends, end) > bisect_left(self.sentence_ends, start)


def candidates(text: str, lower: str) -> list[Candidate]:
    """Every credential-shaped token of ``text`` in a credential context, with its features; empty
    when the text names no credential (the common write pays one regex search)."""
    cues = credential_cues(lower)
    if not cues or _DISCLAIMER_RE.search(lower) is not None:
        return []  # no credential named, or the writer says a value here is public, an example, an id
    context = _Context.of(lower, cues)
    out: list[Candidate] = []
    # A PEM block's body is the private-key finder's to judge (a public key is no secret).
    blocks = [b.span() for b in _PEM_RE.finditer(text)] if "-----BEGIN" in text else []
    for m in _TOKEN_RE.finditer(text):
        if blocks and any(s <= m.start() < e for s, e in blocks):
            continue
        raw = m.group()
        lead = len(raw) - len(raw.lstrip(_LEAD))
        token = raw[lead:].rstrip(_TAIL)
        label = _LABEL_RE.match(token)
        if label is not None:
            # "pwd=…", "user:…": the value is what follows its label; the label is no part of it.
            lead += label.end()
            token = token[label.end():].lstrip(_LEAD)
        if not (_MIN_LEN <= len(token) <= _MAX_LEN) or "[REDACTED:" in raw or PLACEHOLDER_RE.search(raw):
            continue
        # A bare number is the PIN finders' to judge (``codes``): they know years, postcodes, amounts.
        if (not shape_score(token) or not_a_credential_shape(token) or _HEX_RE.fullmatch(token)
                or not any(c.isalpha() for c in token)
                or truncated_display(token, 0, len(token))):
            continue
        start = m.start() + lead
        end = start + len(token)
        out.append(Candidate(start, end, _features(lower, start, end, token, context)))
    return out


def _token_keys(token: str) -> list[str]:
    """The token's own features: its character classes, shape n-grams, first characters, length."""
    classes = "".join(flag for flag, test in (("U", str.isupper), ("L", str.islower), ("D", str.isdigit))
                      if any(test(c) for c in token)) + ("S" if any(not c.isalnum() for c in token) else "")
    keys = ["cls:" + classes]
    shape = _shape(token)
    keys.append("s:" + shape[:12])
    padded_shape = f"^{shape}$"
    for n in (2, 3):
        keys.extend("sg:" + padded_shape[i:i + n] for i in range(len(padded_shape) - n + 1))
    padded = f"^{token.lower()[:16]}"
    keys.extend("g:" + padded[i:i + 3] for i in range(len(padded) - 2))
    keys.append(f"len:{min(len(token), 24) // 4}")
    if any(ord(c) > 0x7F for c in token):
        keys.append("nonascii")
    return keys


def _features(lower: str, start: int, end: int, token: str, context: _Context) -> np.ndarray:
    keys = _token_keys(token)
    before = _words(lower, max(0, start - 80), start)[-4:]
    after = _words(lower, end, min(len(lower), end + 80))[:3]
    for i, w in enumerate(reversed(before)):
        keys.append(f"p{i}:{w}" if i < 2 else f"pb:{w}")
    for i, w in enumerate(after):
        keys.append(f"n{i}:{w}" if i < 1 else f"nb:{w}")
    prev_char = lower[start - 1] if start else "^"
    keys.append(f"pc:{prev_char if not prev_char.isalnum() else 'w'}")
    line = bisect_right(context.newlines, start)
    line_start = context.newlines[line - 1] + 1 if line else 0
    gap = lower[line_start:start] if start - line_start <= 60 else "x" * 61
    keys.append("first_on_line" if not gap.strip() else "first_in_turn" if TURN_PREFIX_RE.fullmatch(gap) else "inline")
    # The nearest cue on each side, in words; whether a sentence end lies between.
    i = bisect_right(context.cue_ends, start) - 1
    j = bisect_left(context.cue_starts, end)
    same_sentence = False
    if i >= 0:
        c_start, c_end, word = context.cues[i]
        d = context.words_between(c_end, start)
        same_sentence |= not context.sentence_ends_between(c_end, start)
        keys.extend((f"cb:{_distance_bucket(d)}", f"cbw:{word[:6]}:{_distance_bucket(d)}", f"cbw:{word[:6]}"))
        if d <= 12:
            # What the nearest cue before is followed by ("clave de catastro", "wifi network name") and
            # the words between it and the token ("se guardan con", "is now").
            between = _words(lower, c_end, min(start, c_end + 120))
            if between:
                keys.append(f"cn:{word[:6]}:{between[0]}")
            keys.extend(f"bw:{w}" for w in between[:8])
    else:
        keys.append("cb:none")
    if j < len(context.cues):
        c_start, _, word = context.cues[j]
        d = context.words_between(end, c_start)
        same_sentence |= not context.sentence_ends_between(end, c_start)
        keys.extend((f"ca:{_distance_bucket(d)}", f"caw:{word[:6]}:{_distance_bucket(d)}", f"caw:{word[:6]}"))
    else:
        keys.append("ca:none")
    if same_sentence:
        keys.append("same_sentence")
    if line and (line - 1) in context.cue_lines:
        # A chat turn right under a line naming a credential, and under a question naming one.
        keys.append("cue_on_line_before")
        if (line - 1) in context.question_lines:
            keys.append("answers_credential_question")
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


FINDERS: Final = (find_scored_tokens,)
