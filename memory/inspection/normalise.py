"""One normalisation for inspection (issue 15): what detectors read, never what is stored.

``fold(text)`` returns the text as a detector should see it, with a map back to the writer's
characters so a finding can be redacted where it really is:

1. Unicode NFKC per character (fullwidth ``ｇｈｐ`` → ``ghp``, ligatures, superscripts);
2. format characters removed (zero-width spaces and joiners, bidi controls, soft hyphens:
   Unicode category ``Cf``);
3. confusable letters folded to the ASCII letter they imitate (Cyrillic ``а`` → ``a``), from
   the Unicode confusables table that ``confusable_homoglyphs`` ships (UTS #39 data);
4. accents and other combining marks removed (``contrasen\u0303a`` → ``contrasena``), the rest
   transliterated by ``Unidecode`` (``ß`` → ``ss``, ``ł`` → ``l``);
5. case-folded;
6. spaced-out words joined (``m e z q u i t a`` → ``mezquita``, ``V.I.H`` → ``vih``): four or
   more single letters separated by single spaces, or three or more separated by dots, hyphens or
   underscores (so "plan A y B" — Spanish has one-letter words — stays as it is);
7. leet digits inside words read as letters (``d3pr3sion`` → ``depresion``, ``h1v`` → ``hiv``):
   only in a token that mixes letters and digits and has more letters than digits, so numbers,
   dates, versions and ids stay as they are.

Stored text keeps the writer's form; only a detector's finding (a secret) changes what is stored.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from confusable_homoglyphs import confusables
from unidecode import unidecode
from memory.text_caches import text_cache

# Leet digits and symbols read as letters inside a word.
_LEET = {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a", "$": "s"}
_SPACED_SEPARATORS = frozenset(" .-_")
_WORD = re.compile(r"[a-z0-9@$]+")


@dataclass(frozen=True)
class Folded:
    """The folded ``text`` and, for each of its characters, the index of the source character."""

    text: str
    offsets: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The source span ``[a, b)`` covering folded characters ``[start, end)``."""
        if start >= end or not self.offsets:
            return (0, 0)
        return (self.offsets[start], self.offsets[end - 1] + 1)


@lru_cache(maxsize=1)
def _confusable_ascii() -> dict[str, str]:
    """Each non-ASCII character whose confusable is one ASCII letter or digit → that character.

    The table's prototype for every capital I look-alike is ``l`` (UTS #39 folds ``I`` and ``l``
    together), so an upper-case letter that imitates ``I`` (Cyrillic ``І``, Greek ``Ι``) is read as
    the ``i`` a capital I case-folds to: ``НІV`` is ``hiv``, not ``hlv``."""
    table: dict[str, str] = {}
    for char, entries in confusables.confusables_data.items():
        if len(char) != 1 or char.isascii():
            continue
        for entry in entries:
            target = entry.get("c", "")
            if len(target) == 1 and target.isascii() and target.isalnum():
                table[char] = "i" if target == "l" and char.isupper() else target
                break
    return table


@lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    """Steps 1–5 for one character (its folded form may be empty or several characters)."""
    if char.isascii():
        return char.lower()
    out = []
    for part in unicodedata.normalize("NFKC", char):
        if unicodedata.category(part) == "Cf":
            continue
        if part.isascii():
            out.append(part)
            continue
        ascii_twin = _confusable_ascii().get(part)
        if ascii_twin is not None:
            out.append(ascii_twin)
            continue
        decomposed = "".join(c for c in unicodedata.normalize("NFKD", part) if not unicodedata.combining(c))
        if decomposed.isascii():
            out.append(decomposed)
        elif unicodedata.category(part).startswith("L") or unicodedata.category(part).startswith("N"):
            out.append(unidecode(decomposed) or part)
        else:
            out.append(part if not unicodedata.combining(part) else "")
    return "".join(out).casefold()


def _chars(text: str) -> tuple[list[str], list[int]]:
    chars: list[str] = []
    offsets: list[int] = []
    for index, char in enumerate(text):
        for folded in _fold_char(char):
            chars.append(folded)
            offsets.append(index)
    return chars, offsets


def _join_spaced(chars: list[str], offsets: list[int]) -> tuple[list[str], list[int]]:
    """Step 6: drop the separators of a run of single letters (``m e z q u i t a``)."""
    n = len(chars)
    drop = [False] * n
    i = 0
    while i < n:
        if chars[i].isalpha() and (i == 0 or not chars[i - 1].isalnum()):
            j, letters, separators = i, [i], []
            while (j + 2 < n and chars[j + 1] in _SPACED_SEPARATORS and chars[j + 2].isalpha()
                   and (j + 3 >= n or not chars[j + 3].isalnum())):
                separators.append(j + 1)
                letters.append(j + 2)
                j += 2
            spaced_by_blanks = any(chars[s] == " " for s in separators)
            if len(letters) >= (4 if spaced_by_blanks else 3):
                for s in separators:
                    drop[s] = True
                i = j + 1
                continue
        i += 1
    kept = [k for k in range(n) if not drop[k]]
    return [chars[k] for k in kept], [offsets[k] for k in kept]


def _unleet(text: str) -> str:
    """Step 7: same length as ``text`` (one character for one), so offsets still hold."""
    def word(match: re.Match[str]) -> str:
        token = match.group(0)
        letters = sum(c.isalpha() for c in token)
        others = len(token) - letters
        if letters == 0 or others == 0 or letters <= others:
            return token
        return "".join(_LEET.get(c, c) for c in token)

    return _WORD.sub(word, text)


@text_cache(maxsize=2048)
def fold(text: str, *, words: bool = True) -> Folded:
    """The inspection form of ``text`` with its map back to the source (see the module docstring).

    ``words=False`` stops after step 5 (characters only): what a secret detector reads, since a
    credential's digits and spacing are part of it. Memoised: a write's strings are read by three
    detectors (secrets, instructions, special categories), folded once."""
    chars, offsets = _chars(text)
    if not words:
        return Folded("".join(chars), tuple(offsets))
    chars, offsets = _join_spaced(chars, offsets)
    return Folded(_unleet("".join(chars)), tuple(offsets))


def fold_text(text: str, *, words: bool = True) -> str:
    """Only the folded text."""
    return fold(text, words=words).text


# Detection-only extra readings of a folded text, for detectors that read words (not secrets).
_SHORT_SPACED = re.compile(r"(?<=\b\w) (?=\w\b)")
_DIGITS_IN_WORD = re.compile(r"\b(?=\w*[a-z])(?=\w*[0-9])\w{3,}\b")
_LEET_TABLE = str.maketrans(_LEET)


def readings(text: str) -> list[str]:
    """The folded text, then — only where they differ — two bolder readings the shared fold
    leaves out because ordinary text would suffer: every digit inside a word read as a letter
    (``D3l3g4d4``: the fold keeps tokens whose digits are half or more, like ids), and single
    letters between spaces joined however short the run (``t u s``: the fold joins four or more,
    since Spanish has one-letter words). For the word-reading detectors (special categories,
    instructions); secrets read ``fold(text, words=False)``."""
    folded = fold_text(text)
    forms = [folded]
    for alternative in (_DIGITS_IN_WORD.sub(lambda m: m.group(0).translate(_LEET_TABLE), folded),
                        _SHORT_SPACED.sub("", folded)):
        if alternative not in forms:
            forms.append(alternative)
    return forms


#: Identifier strings (key, predicate, category, origin_ref, session_id, the person's reference)
#: repeat from write to write: the detectors' verdicts on them are kept per process
#: (``functools.lru_cache``) for strings up to this length. Content is never kept.
IDENTIFIER_CACHE_CHARS = 200
