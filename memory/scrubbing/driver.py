"""The driver: run every detector, merge overlapping spans, replace them, repeat until stable; fail closed."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.codes import CODE_FINDERS
from memory.scrubbing.cues import cue_view
from memory.scrubbing.said import FINDERS as SAID_FINDERS
from memory.scrubbing.answers import FINDERS as ANSWER_FINDERS
from memory.scrubbing.announced import FINDERS as ANNOUNCED_FINDERS
from memory.scrubbing.dictated import FINDERS as DICTATED_FINDERS
from memory.scrubbing.bare_values import FINDERS as BARE_VALUE_FINDERS
from memory.scrubbing.used_phrases import FINDERS as USED_PHRASE_FINDERS
from memory.scrubbing.broad_frames import FINDERS as BROAD_FRAME_FINDERS
from memory.scrubbing.changed import FINDERS as CHANGED_FINDERS
from memory.scrubbing.disguises import FINDERS as DISGUISE_FINDERS
from memory.scrubbing.entropy import _find_high_entropy
from memory.scrubbing.folding import folded_view
from memory.scrubbing.glued import glued_view
from memory.scrubbing.handover import FINDERS as HANDOVER_FINDERS
from memory.scrubbing.jwt import _find_jwts
from memory.scrubbing.phrases import PHRASE_FINDERS
from memory.scrubbing.keywords import _find_keyword_values, _find_option_values
from memory.scrubbing.long_labels import FINDERS as LONG_LABEL_FINDERS
from memory.scrubbing.logins import FINDERS as LOGIN_FINDERS
from memory.scrubbing.unworded import FINDERS as UNWORDED_FINDERS
from memory.scrubbing.kinds import (
    PLACEHOLDER_RE,
    _PRIORITY,
    _UNSCANNABLE,
    ScrubResult,
    _Finder,
    _Span,
    placeholder,
)
from memory.scrubbing.other_values import other_value
from memory.scrubbing.places import is_manager_name
from memory.scrubbing.private_keys import _find_private_keys
from memory.scrubbing.public_values import public_value
from memory.scrubbing.described import described_value
from memory.scrubbing.separated import SEPARATED_FINDERS
from memory.scrubbing.prose import (
    _find_after_aside,
    _find_reverse_passwords,
    _find_set_off_values,
    _find_spaced_keywords,
    _find_typed_to_enter,
)
from memory.scrubbing.shapes import SHAPE_FINDERS
from memory.scrubbing.typing_notes import FINDERS as TYPING_NOTE_FINDERS
from memory.scrubbing.token_scorer import FINDERS as TOKEN_SCORER_FINDERS
from memory.scrubbing.pieces import FINDERS as PIECE_FINDERS
from memory.scrubbing.not_credentials import not_a_credential
from memory.scrubbing.not_values import no_value
from memory.scrubbing.stand_ins import (
    cut_template,
    inside_published_example,
    fingerprint_body,
    is_stand_in,
    pinned_version,
    published_example_spans,
    required_variable_spans,
    resource_name_spans,
    store_path,
    template_userinfo,
)
from memory.scrubbing.urls import _find_auth_headers, _find_url_credentials
from memory.scrubbing.vendor_tokens import find_vendor_tokens


_FINDERS: Final[tuple[_Finder, ...]] = (
    _find_private_keys,
    find_vendor_tokens,
    _find_jwts,
    _find_url_credentials,
    _find_auth_headers,
    _find_keyword_values,
    _find_option_values,
    _find_reverse_passwords,
    _find_set_off_values,
    _find_after_aside,
    _find_spaced_keywords,
    _find_typed_to_enter,
    *LONG_LABEL_FINDERS,
    *SHAPE_FINDERS,
    *CODE_FINDERS,
    *PHRASE_FINDERS,
    *TYPING_NOTE_FINDERS,
    *SEPARATED_FINDERS,
    *DICTATED_FINDERS,
    *HANDOVER_FINDERS,
    *DISGUISE_FINDERS,
    *BROAD_FRAME_FINDERS,
    *ANSWER_FINDERS,
    *ANNOUNCED_FINDERS,
    *SAID_FINDERS,
    *TOKEN_SCORER_FINDERS,
    *PIECE_FINDERS,
    *LOGIN_FINDERS,
    *UNWORDED_FINDERS,
    *CHANGED_FINDERS,
    *BARE_VALUE_FINDERS,
    *USED_PHRASE_FINDERS,
    _find_high_entropy,
)


# Length-preserving lower-casing (str.lower can change lengths, e.g. "İ"), so
# offsets found in the lowered text are valid in the original.
_LOWER_TABLE: Final = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÑÜ", "abcdefghijklmnopqrstuvwxyzáéíóúñü"
)


def _merge(spans: list[_Span]) -> list[_Span]:
    """Union overlapping spans; keep the most specific kind."""
    spans.sort(key=lambda s: (s[0], -s[1]))
    merged: list[_Span] = []
    for start, end, kind in spans:
        if merged and start < merged[-1][1]:
            p_start, p_end, p_kind = merged[-1]
            best = kind if _PRIORITY[kind] < _PRIORITY[p_kind] else p_kind
            merged[-1] = (p_start, max(p_end, end), best)
        else:
            merged.append((start, end, kind))
    return merged


def _overlaps_any(start: int, end: int, protected: list[tuple[int, int]]) -> bool:
    """Does [start, end) intersect one of the sorted, disjoint ``protected`` spans?"""
    # Only the last protected span starting before ``end`` can intersect, as
    # placeholders never overlap each other.
    i = bisect_right(protected, (end, -1)) - 1
    return i >= 0 and protected[i][1] > start


def _detect(text: str, lower: str) -> Iterator[_Span]:
    """Every finder's spans over ``text`` (``lower`` is its same-length lower-cased twin)."""
    for finder in _FINDERS:
        for start, end, kind in finder(text, lower):
            if end > start:
                yield start, end, kind


def _mask(lower: str, text: str) -> str:
    """``lower`` with ``text``'s placeholders blanked out, so no keyword or hint is found inside one
    ("[REDACTED:bearer_token] 0000000A" must not read as "token 0000000A" on a second pass)."""
    if "[REDACTED:" not in text:
        return lower
    chars = list(lower)
    for m in PLACEHOLDER_RE.finditer(text):
        chars[m.start():m.end()] = "\0" * (m.end() - m.start())
    return "".join(chars)


def _scrub_once(text: str) -> tuple[str, list[str]]:
    """One detection pass: find (in the writer's text and in its folded view), merge, replace."""
    protected = (
        [m.span() for m in PLACEHOLDER_RE.finditer(text)] if "[REDACTED:" in text else []
    )
    spans: list[_Span] = list(_detect(text, _mask(text.translate(_LOWER_TABLE), text)))
    lowered = text.translate(_LOWER_TABLE)
    for view_of in (glued_view, cue_view):
        # A password word glued to what it opens ("diskpass for …: …") reads as the word alone; a cue
        # that does a password word's job ("teclea:" after "cuando pida la frase") reads as one.
        rewritten = view_of(text, lowered)
        if rewritten is not None:
            other, label_end = rewritten
            spans.extend(s for s in _detect(other, _mask(other.translate(_LOWER_TABLE), other))
                         if s[0] >= label_end)
    view = folded_view(text)
    if view is not None:
        # Disguised secrets (fullwidth, zero-width, homoglyphs, combining accents) are found in
        # the view and redacted at the writer's characters they came from.
        for start, end, kind in _detect(view.text, _mask(view.lower, view.text)):
            spans.append((*view.source_span(start, end), kind))
    if protected:
        spans = [s for s in spans if not _overlaps_any(s[0], s[1], protected)]
    userinfo, braces = "@" in text or "-u" in text, "{" in text  # once per text, not per span (a long note)
    spans = [s for s in spans if not is_stand_in(text[s[0]:s[1]]) and not is_manager_name(text[s[0]:s[1]])
             and not fingerprint_body(text, s[0], s[1])
             and not (userinfo and template_userinfo(text, s[0], s[1]))
             and not pinned_version(text, s[0], s[1]) and not other_value(text, s[0], s[1])
             and not store_path(text, s[0], s[1]) and not public_value(text, s[0], s[1])
             and not described_value(text, s[0], s[1]) and not not_a_credential(text, s[0], s[1])
             and not no_value(text, s[0], s[1])
             and not (braces and cut_template(text, s[0], s[1]))]
    examples = published_example_spans(text) + resource_name_spans(text) + required_variable_spans(text)
    if examples:
        spans = [s for s in spans if not inside_published_example(text, s[0], s[1], examples)]
    if not spans:
        return text, []
    out: list[str] = []
    kinds: list[str] = []
    cursor = 0
    for start, end, kind in _merge(spans):
        out.append(text[cursor:start])
        out.append(placeholder(kind))
        kinds.append(kind)
        cursor = end
    out.append(text[cursor:])
    return "".join(out), kinds


# Removing one secret can change the context of its neighbours (e.g. the
# tail after a vendor key becomes a standalone high-entropy token), so passes
# repeat until nothing new is found; that is what makes ``scrub`` idempotent.
# Each changing pass strictly shrinks the non-placeholder text, so the loop
# always ends; the cap only bounds the cost of adversarial input.
_MAX_PASSES: Final = 8


def _scrub(text: str) -> ScrubResult:
    kinds: list[str] = []
    for _ in range(_MAX_PASSES):
        text, found = _scrub_once(text)
        if not found:
            break
        kinds.extend(found)
    return ScrubResult(text, tuple(kinds))


def scrub(text: str) -> ScrubResult:
    """Replace every recognised secret in ``text`` with ``[REDACTED:<kind>]``.

    ``redactions`` lists one kind per placeholder written, in detection order
    (positional order within each pass).  Pure and deterministic.  Never
    raises for ``str`` input; on an unexpected internal error the whole text
    is withheld (fail closed) instead of being returned unscrubbed.
    """
    if not isinstance(text, str):
        raise TypeError(f"scrub() expects str, got {type(text).__name__}")
    if not text:
        return ScrubResult("", ())
    try:
        return _scrub(text)
    except Exception:  # noqa: BLE001 - fail closed, never leak the input
        return ScrubResult(placeholder(_UNSCANNABLE), (_UNSCANNABLE,))
