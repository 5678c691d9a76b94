"""Process caches of a note's text, emptied after every task and every request.

Some readings of a note are cached per process with :func:`functools.lru_cache` because several
steps read the same text (the equivalence chain's Apertium analyses, translations, signatures; the
inspection's fold). The text and what is derived from it are the person's data: once a note is
erased nothing of it may stay in a process. :func:`text_cache` is ``lru_cache`` for such a function,
registered here; :func:`forget_texts` empties every registered cache, and ``memory.apps`` calls it
when a Celery task ends (``task_postrun``) and when a request ends (``request_finished``). A note's
readings then live for the task or request that made them — one consolidation step, one write —
never across them. Caches of resources (WordNet, the lexicons, CLDR) and of single words are not
registered: they hold no note. Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_REGISTERED: list[Any] = []


def text_cache(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)`` for a function of a note's text, emptied by :func:`forget_texts`."""

    def decorate(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        _REGISTERED.append(cached)
        return cached  # type: ignore[return-value]

    return decorate


def forget_texts(**_: Any) -> None:
    """Empty every registered cache (a signal receiver: its arguments are ignored)."""
    for cached in _REGISTERED:
        cached.cache_clear()


def registered() -> tuple[Any, ...]:
    """The registered caches (for tests)."""
    return tuple(_REGISTERED)
