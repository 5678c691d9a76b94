"""Each note's readings computed once per scope, not once per pair (issue 16, deep-pass speed).

The chain reads the same note many times: a consolidation run judges each note against its three
or more candidates, and one judgment analyses each side up to eight times (the rules' judge and
veto, the similarity judge's languages, its veto, the translated readings). :func:`per_text` marks
a pure function of one note (or a few hashable arguments) whose answer can be shared;
:func:`texts_memoised` opens a scope within which each such answer is computed once. Outside any
scope nothing is kept and every call computes afresh, exactly as before.

The scope is a context variable: one consolidation run (``memory.consolidation.group``) or one
judgment (:meth:`~.chain.JudgeChain.judge` opens one when none is open), so the notes' texts live
in memory only for that run — never in a log, an exception or a trace, and the process caches of a
note's readings (:mod:`memory.text_caches`) are emptied when the task or request ends — and
the memory it takes is bounded by the run (and by :data:`LIMIT` entries, after which the scope
starts afresh). Shared answers must not be mutated by their callers (the analysis' features are
copied before the one step that changes them, ``compare._unify_entities``). Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: Entries one scope keeps before it starts afresh (a subject's pass needs a few per note).
LIMIT = 50_000

_SCOPE: ContextVar[dict[tuple[Any, ...], Any] | None] = ContextVar("equivalence_text_memo", default=None)


@contextmanager
def texts_memoised() -> Iterator[None]:
    """Within the block, each :func:`per_text` answer is computed once; a nested block shares the
    enclosing one's answers; on leaving the outermost block they are dropped."""
    if _SCOPE.get() is not None:
        yield
        return
    token = _SCOPE.set({})
    try:
        yield
    finally:
        _SCOPE.reset(token)


def per_text(function: F) -> F:
    """Memoise a pure function of hashable positional arguments within the open scope (if any)."""

    @wraps(function)
    def memoised(*args: Any) -> Any:
        memo = _SCOPE.get()
        if memo is None:
            return function(*args)
        key = (memoised, *args)
        try:
            return memo[key]
        except KeyError:
            pass
        except TypeError:  # an unhashable argument: nothing to share
            return function(*args)
        value = function(*args)
        if len(memo) >= LIMIT:
            memo.clear()
        memo[key] = value
        return value

    return memoised  # type: ignore[return-value]
