"""Secrets in every field of a memory write (issue 15): redact what describes, refuse what identifies.

* ``content``, ``reasoning`` and every string of ``value`` (keys and values, at every depth) are
  scrubbed (:func:`memory.scrubbing.scrub`, which also reads the inspection fold).
* A value under a key that names a secret (``password``, ``contraseña``, ``api_key``, ``token``,
  ``client_secret``, ``pin``, ``credentials``…, compared on the folded key: fullwidth, zero-width,
  homoglyph, accented and leet spellings alike) is replaced whole by a placeholder; the key stays.
  Numbers are redacted only under PIN-like and password keys (``"tokens": 1500`` is a count).
* Identifiers (``key``, ``origin_ref``, ``session_id``, ``derived_from``) that carry a secret are
  refused with 400 ``secret_in_identifier`` naming the field, never the value: redacting one would
  break the identity it carries. Only a named detector counts here; the high-entropy fallback alone
  does not, since opaque ids (``sess_9fK2mPq7Zx1vRt8L``) look random by design.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from config.parsers import NestingTooDeep
from config.parsers import max_depth as max_json_depth
from memory.errors import SecretInIdentifier
from memory.inspection.normalise import IDENTIFIER_CACHE_CHARS, fold
from memory.scrubbing.driver import scrub
from memory.scrubbing.kinds import PLACEHOLDER_RE, ScrubResult, placeholder
from memory.scrubbing.stand_ins import is_stand_in
from memory.scrubbing.measures import DESCRIBING_WORDS

#: Identifiers checked by :func:`refuse_secret_identifiers`, in the order they are reported.
IDENTIFIERS: Final = ("subject", "key", "origin_ref", "session_id", "derived_from")

# Folded key words that name a secret, with the placeholder kind their value gets.
_SECRET_WORDS: Final[dict[str, str]] = {
    **dict.fromkeys(
        "password passwords passwd pwd passphrase passcode contrasena contrasenas clave claves "
        "senha pin pins puk cvv cvc otp mnemonic".split(), "password"),
    **dict.fromkeys("token tokens".split(), "token"),
    **dict.fromkeys(
        "secret secrets secreto secretos credential credentials credencial credenciales".split(),
        "secret"),
    "apikey": "api_key", "apikeys": "api_key", "privatekey": "private_key",
}
# Two words that name a secret together ("api key", "secret key", "seed phrase").
_SECRET_PAIRS: Final[dict[tuple[str, str], str]] = {
    ("api", "key"): "api_key", ("access", "key"): "api_key", ("secret", "key"): "secret",
    ("private", "key"): "private_key", ("signing", "key"): "secret", ("encryption", "key"): "secret",
    ("seed", "phrase"): "password", ("recovery", "phrase"): "password", ("seed", "words"): "password",
}
# Kinds whose values may be numbers (PIN codes are).
_NUMERIC_KINDS: Final = frozenset({"password"})
_CAMEL_RE: Final = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_WORD_SPLIT_RE: Final = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True)
class CleanFields:
    """The describing fields with their secrets redacted, and how many placeholders were written."""

    content: ScrubResult
    reasoning: ScrubResult
    value: Any
    value_redactions: int

    @property
    def redactions(self) -> int:
        return self.content.count + self.reasoning.count + self.value_redactions


def _key_words(key: str, *, words: bool) -> list[str]:
    return [w for w in _WORD_SPLIT_RE.split(fold(_CAMEL_RE.sub("_", key), words=words).text) if w]


def _kind_in(words: list[str]) -> str | None:
    if not words or words[-1] in DESCRIBING_WORDS:
        return None
    for i, word in enumerate(words):
        kind = _SECRET_WORDS.get(word)
        if kind is not None and not (word.startswith("clave") and i and words[i - 1].startswith("palabra")):
            return kind
        if i and (words[i - 1], word) in _SECRET_PAIRS:
            return _SECRET_PAIRS[(words[i - 1], word)]
    return None


@lru_cache(maxsize=2048)  # JSON keys repeat across writes (they are a schema, not the content)
def secret_key_kind(key: str) -> str | None:
    """The placeholder kind when the JSON key ``key`` names a secret, else ``None``.

    Compared on the inspection fold, characters only and then with spaced-out and leet words
    joined (``p4ssw0rd``); camelCase humps count as words (``clientSecret``)."""
    if not key or len(key) > 200:
        return None
    return _kind_in(_key_words(key, words=False)) or _kind_in(_key_words(key, words=True))


def _redact_whole(item: Any, kind: str) -> tuple[Any, int]:
    if item is None or isinstance(item, bool) or item == "" or item == [] or item == {}:
        return item, 0
    if isinstance(item, str) and PLACEHOLDER_RE.fullmatch(item):
        return item, 0  # already redacted (idempotent)
    if isinstance(item, str) and is_stand_in(item):
        return item, 0  # "[FILTERED]", "********", "${DB_PASSWORD}": no secret to redact
    if isinstance(item, int | float) and kind not in _NUMERIC_KINDS:
        return item, 0
    return placeholder(kind), 1


def scrub_value(value: Any, depth: int = 0) -> tuple[Any, int]:
    """Scrub every string inside a JSON value and redact values under secret-named keys.

    Returns the clean value and the number of placeholders written. Bounded: a value nested deeper
    than ``QUORUM_JSON_MAX_DEPTH`` containers is refused (400 ``nesting_too_deep``)."""
    if isinstance(value, str):
        result = scrub(value)
        return result.text, result.count
    if isinstance(value, list | dict) and depth >= max_json_depth():
        raise NestingTooDeep(extra={"max_depth": max_json_depth()})
    if isinstance(value, list):
        cleaned = [scrub_value(v, depth + 1) for v in value]
        return [c for c, _ in cleaned], sum(n for _, n in cleaned)
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        total = 0
        for k, v in value.items():
            clean_key, n_key = scrub_value(str(k), depth + 1)
            kind = secret_key_kind(str(k))
            if kind is not None and not isinstance(v, list | dict):
                out[clean_key], n = _redact_whole(v, kind)
            elif kind is not None:
                # Still bounded: a container under a secret key is checked for depth first.
                scrub_value(v, depth + 1)
                out[clean_key], n = _redact_whole(v, kind)
            else:
                out[clean_key], n = scrub_value(v, depth + 1)
            total += n + n_key
        return out, total
    return value, 0


def identifier_secret(text: str) -> bool:
    """Does the identifier ``text`` carry a secret a named detector recognises?"""
    if not text:
        return False
    if len(text) <= IDENTIFIER_CACHE_CHARS:
        return _identifier_secret_cached(text)
    return _identifier_secret(text)


def _identifier_secret(text: str) -> bool:
    return any(kind != "high_entropy" for kind in scrub(text).redactions)


@lru_cache(maxsize=4096)
def _identifier_secret_cached(text: str) -> bool:
    return _identifier_secret(text)


def refuse_secret_identifiers(**identifiers: str) -> None:
    """Raise 400 ``secret_in_identifier`` (``extra.field`` names the first offender) when an
    identifier carries a secret; nothing has been stored when it is raised."""
    for name, text in identifiers.items():
        if isinstance(text, str) and identifier_secret(text):
            raise SecretInIdentifier(extra={"field": name})


def inspect_secrets(*, content: str, reasoning: str, value: Any, subject: str = "", key: str = "",
                    origin_ref: str = "", session_id: str = "", derived_from: str = "") -> CleanFields:
    """The write path's one call: refuse secret-carrying identifiers (the person's reference
    included: it is stored as the subject row), then redact the rest."""
    refuse_secret_identifiers(subject=subject, key=key, origin_ref=origin_ref, session_id=session_id,
                              derived_from=derived_from)
    clean_value, value_redactions = scrub_value(value)
    return CleanFields(content=scrub(content), reasoning=scrub(reasoning), value=clean_value,
                       value_redactions=value_redactions)
