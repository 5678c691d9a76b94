"""Tokens written one character at a time with a separator ("A.K.I.A.Q.7.Z.P…", "g-h-p-_-…",
"s k _ l i v e _ …"): the run is joined and read by the vendor rules and the high-entropy fallback;
when they find the joined token (most of it), the whole run is redacted.

A spelled-out word ("m e z q u i t a", "V.I.H") joins into letters that no vendor rule and no
entropy test takes, so ordinary text is untouched.

Fifteenth round: a vendor token written in chunks — read out in groups ("AKIA NYEL PQDS R2TJ
RAZS"), broken across a line ("AKIAUTVEEPWQ⏎6FGZJG4L"), pasted in pieces ("sk_live_ 4f9K 2pQz …"),
or joined by a plus sign (twenty-eighth round: "sk_live_9Tb + Wm7Lx…", concatenated pieces).
A run that starts with a vendor's published prefix (the vendor rules' own literal hints), followed
by chunks separated by spaces or one line break, each later chunk holding a digit or a capital, is
joined chunk by chunk; the longest join that one vendor rule matches *exactly* (``whole_token_kind``:
no widening, so no prose word is swallowed) and that holds a digit after the prefix is redacted.
Two chunks at least: a whole token is the vendor rules' own business.

Twenty-sixth round: a token in groups of a fixed width, cut by width and not at its prefix ("glpa
t-Dy FNms …", "ghp_M WEjIA tuxaa …": the first group is a proper beginning of a vendor prefix or
starts with one, every group but the last has its width, a group need not hold a digit or a
capital); joined and read the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.entropy import _find_high_entropy
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import _has_digit
from memory.scrubbing.vendor_tokens import _LONG_HINTS, find_vendor_tokens, whole_token_kind

# Sixteen or more single characters, each pair separated by the same one separator. Twenty-third
# round: with a space between them, the token's own hyphen is spelled out as one of the characters
# ("x o x b - 3 3 9 …", a Slack token written to dodge a bot).
_SEPARATED_RE: Final = re.compile(
    r"(?<![\w.\-·])[A-Za-z0-9_]([.\-· ])[A-Za-z0-9_](?:\1(?:[A-Za-z0-9_]|(?<= )-(?= ))){14,}(?<!-)(?![\w])")


def _find_separated_tokens(text: str, lower: str) -> Iterator[_Span]:
    if len(text) < 31:
        return
    for m in _SEPARATED_RE.finditer(text):
        joined = m.group(0).replace(m.group(1), "")
        found = list(find_vendor_tokens(joined, joined.lower()))
        kind = found[0][2] if found else None
        if not found:
            found = list(_find_high_entropy(joined, joined.lower()))
            kind = "high_entropy" if found else None
        if kind is not None and sum(e - s for s, e, _ in found) * 5 >= len(joined) * 4:
            yield m.start(), m.end(), kind


# The vendor rules' case-sensitive literal prefixes that start with a letter and are not a short
# word ("KEY", "pat": four characters or more, or a separator in them).
_PREFIXES: Final = tuple(sorted((h for h in _LONG_HINTS[0] if len(h) >= 3 and h[0].isalpha()
                                 and (len(h) >= 4 or not h.isalpha())), key=len, reverse=True))
_PREFIX_RE: Final = re.compile(r"(?<![\w\-.])(?:" + "|".join(map(re.escape, _PREFIXES)) + r")")
_CHUNK_RE: Final = re.compile(r"[A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)*")
# Twenty-eighth round: a plus sign between two chunks joins them too ("sk_live_9Tb + Wm7Lx…", the
# concatenation operator of code and of notes that paste a key in two pieces so no scanner sees it
# whole), spaced or not; the joined run is read exactly as a spaced one is.
_GAP_RE: Final = re.compile(r"[ \t]*\+[ \t]*|[ \t]+|[ \t]*\r?\n[ \t]*")
_MAX_CHUNKS: Final = 12


def _chunks(text: str, start: int) -> list[tuple[int, int]]:
    """The chunks of a run starting at ``start``: the first one, then each one after a gap that holds
    a digit or a capital (a prose word ends the run)."""
    first = _CHUNK_RE.match(text, start)
    if first is None:
        return []
    spans = [first.span()]
    while len(spans) < _MAX_CHUNKS:
        gap = _GAP_RE.match(text, spans[-1][1])
        chunk = _CHUNK_RE.match(text, gap.end()) if gap is not None else None
        if chunk is None or not any(c.isdigit() or c.isupper() for c in chunk.group()):
            break
        if chunk.end() < len(text) and not (text[chunk.end()].isspace() or text[chunk.end()] in ".,;:)]}\"'"):
            break  # the run goes on with other characters: not a chunk of a token
        spans.append(chunk.span())
    return spans


_BY_HEAD: Final[dict[str, tuple[str, ...]]] = {}
for _prefix in _PREFIXES:
    _BY_HEAD[_prefix[:3]] = (*_BY_HEAD.get(_prefix[:3], ()), _prefix)


def _find_split_tokens(text: str, lower: str) -> Iterator[_Span]:
    """A vendor token written in chunks, or in groups of a fixed width (see the module docstring).
    One pass over the words finds both kinds of start (a set look-up on each word's first three
    characters first)."""
    if " " not in text and "\n" not in text:
        return
    prefixed = False
    heads: set[str] = set()
    for w in text.split():
        by_head = _BY_HEAD.get(w[:3])
        if by_head is None:
            continue
        if w.startswith(by_head):
            prefixed = True
            if len(w) <= _MAX_WIDTH:
                heads.add(w)
        elif len(w) <= _MAX_WIDTH and w in _SPLIT_HEADS:
            heads.add(w)
    if heads:
        yield from _grouped_tokens(text, heads)
    if not prefixed:
        return
    for m in _PREFIX_RE.finditer(text):
        spans = _chunks(text, m.start())
        for count in range(len(spans), 1, -1):
            joined = "".join(text[a:b] for a, b in spans[:count])
            kind = whole_token_kind(joined) if _has_digit(joined[m.end() - m.start():]) else None
            if kind is not None:
                yield spans[0][0], spans[count - 1][1], kind
                break


# Twenty-sixth round: a token read out or written in groups of a fixed width ("glpa t-Dy FNms xcUe
# rUI8 D9Lr yM", a GitLab token in fours) is cut by width, not at its prefix, so the prefix itself may
# be split across the first gap, or the first group may run past it into a group of the body
# without a digit or a capital ("ghp_M WEjIA tuxaa …", which ``_find_split_tokens`` stops at). A word
# that is a proper beginning of a vendor prefix (three characters or more) or starts with one, then
# groups of the same width (eight characters at most, three groups at least) separated by one gap (the
# last one may be shorter), is joined; the longest join (the whole run, or up to four groups fewer:
# same-width words may follow the token) that starts with that prefix, holds a digit after it and is
# exactly one token of a published format (``whole_token_kind``) is redacted. The equal widths are
# what makes it a grouping: a prose word of another length ends the run. Cost is bounded per run, not
# per word: the prefix is read on the first groups only, a run's own groups start no other run.
_SPLIT_HEADS: Final = frozenset(p[:k] for p in _PREFIXES for k in range(3, len(p)))
_GROUP_RE: Final = re.compile(r"[A-Za-z0-9_\-.]+")
_MAX_GROUPS: Final = 32
_DIGIT_RE: Final = re.compile(r"[0-9]")
_TRAILING: Final = 4
# Groups people read out or write are short (threes to sixes; eight at most), and a run of groups has
# three at least: a whole token and the next word are no grouping.
_MAX_WIDTH: Final = 8
_MIN_GROUPS: Final = 3


def _groups(text: str, start: int, end: int, limit: int = _MAX_GROUPS) -> list[tuple[int, int]]:
    """The equal-width groups (``limit`` at most) of a run whose first group is ``text[start:end]``."""
    width = end - start
    spans = [(start, end)]
    while len(spans) < limit:
        gap = _GAP_RE.match(text, spans[-1][1])
        group = _GROUP_RE.match(text, gap.end()) if gap is not None else None
        if group is None or len(group.group()) > width:
            break
        if group.end() < len(text) and not (text[group.end()].isspace() or text[group.end()] in ".,;:)]}\"'"):
            break
        spans.append(group.span())
        if len(group.group()) < width:
            break  # a shorter group is the last one
    return spans


def _grouped_tokens(text: str, heads: set[str]) -> Iterator[_Span]:
    """A vendor token in groups of a fixed width, its prefix split too (see above), for each word of
    ``heads`` (at most ``_MAX_WIDTH`` long: a whole token followed by a word is no first group)."""
    for head in heads:
        prefixes = [p for p in _BY_HEAD[head[:3]] if p.startswith(head) or head.startswith(p)]
        # Enough groups to hold the longest of those prefixes, read first: a run of short words that
        # spells no prefix costs two or three group matches, however long it goes on.
        lead = -(-max(map(len, prefixes)) // len(head)) + 1
        read_to = -1
        for m in re.finditer(r"(?<![\w\-.])" + re.escape(head) + r"(?=[ \t\r\n])", text):
            if m.start() < read_to:
                continue  # a group of a run already read
            spans = _groups(text, m.start(), m.end(), lead)
            start = "".join(text[a:b] for a, b in spans)
            prefix = next((p for p in prefixes if start.startswith(p)), None)
            if prefix is None:
                continue
            spans = _groups(text, m.start(), m.end())
            read_to = spans[-1][1]
            if len(spans) < _MIN_GROUPS:
                continue
            full = "".join(text[a:b] for a, b in spans)
            digit = _DIGIT_RE.search(full, len(prefix))
            if digit is None:
                continue  # a digit after the prefix, in every join that is a token
            length = len(full)
            # The whole run, or the run without the last few groups (words of the same width after the
            # token: "… D9Lr yM and she"): _TRAILING joins at most.
            for count in range(len(spans), max(_MIN_GROUPS, len(spans) - _TRAILING) - 1, -1):
                joined = full[:length]
                length -= spans[count - 1][1] - spans[count - 1][0]
                if len(joined) > digit.start() and (kind := whole_token_kind(joined)):
                    yield spans[0][0], spans[count - 1][1], kind
                    break


# Thirty-second round: a password typed with a space between its characters so that a filter or a
# bot does not catch it ("L i m o n e r o _ 8 4 2", "p a s s 2 0 2 4 !"): eight to forty single
# characters, each pair separated by one space, that join into a password's shape — a run of three
# letters or more and a digit, mixed with a symbol or a capital or two digits or more. A word spelled
# out ("m e z q u i t a", "V I H"), a list of grades or options ("A B B C", "1 2 3 4 5 6 7 8") and
# an initialism with a number ("I V A 2 1") have no such shape and stay.
_SPACED_RE: Final = re.compile(r"(?<![\w!@#$%&*.\-])[A-Za-z0-9_!@#$%&*.\-](?: [A-Za-z0-9_!@#$%&*.\-]){7,39}(?![\w!@#$%&*\-])")
_LETTER_RUN_RE: Final = re.compile(r"[A-Za-z]{3,}")


def _password_shaped(joined: str) -> bool:
    digits = sum(c.isdigit() for c in joined)
    return (_LETTER_RUN_RE.search(joined) is not None and digits >= 1
            and (digits >= 2 or any(c.isupper() for c in joined) or any(not c.isalnum() for c in joined)))


def _find_spaced_passwords(text: str, lower: str) -> Iterator[_Span]:
    """A password typed one character at a time with single spaces (see above)."""
    if len(text) < 15 or " " not in text:
        return
    for m in _SPACED_RE.finditer(text):
        if _password_shaped(m.group(0).replace(" ", "")):
            yield m.start(), m.end(), "password"


SEPARATED_FINDERS: Final = (_find_separated_tokens, _find_split_tokens, _find_spaced_passwords)
