"""A note's cached readings live for the task or request that made them (memory.text_caches)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import memory.equivalence
import memory.inspection
from config.celery import app as celery_app
from memory import text_caches
from memory.equivalence import bilingual, signature, translation
from memory.inspection import normalise

#: Parameter names that carry a whole note (or one side of a pair) in these packages; single words
#: (``word``, ``noun``, ``adjective``, ``english`` in the word-level lookups) are not notes.
NOTE_PARAMETERS = {"text", "text_a", "text_b"}
#: Process caches of a text that is not a note: the detectors' verdicts on identifier strings (key,
#: predicate, category, origin_ref, session id; at most ``IDENTIFIER_CACHE_CHARS``), kept by design.
NOT_NOTES = {"memory.inspection.special._identifier_rule"}


def _cached_functions():
    for package in (memory.equivalence, memory.inspection):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                own = getattr(value, "__module__", "") == module.__name__
                if callable(value) and hasattr(value, "cache_info") and own:
                    yield f"{module.__name__}.{name}", value


def test_every_process_cache_keyed_by_a_note_is_registered() -> None:
    registered = {id(f) for f in text_caches.registered()}
    found = []
    for qualified, function in _cached_functions():
        parameters = set(inspect.signature(function.__wrapped__).parameters)
        if parameters & NOTE_PARAMETERS and qualified not in NOT_NOTES:
            found.append(qualified)
            assert id(function) in registered, f"{qualified} caches a note's text but is not a text_cache"
    assert len(found) >= 19  # the scan reaches the caches (it would pass vacuously on an empty walk)


def _fill() -> None:
    signature.signature("Prefiere informes breves")
    normalise.fold("Prefiere informes breves")
    bilingual.analyse("es", "Prefiere informes breves")
    translation.translate("es", "Prefiere informes breves")


def _sizes() -> dict[str, int]:
    return {f.__name__: f.cache_info().currsize for f in text_caches.registered()}


def test_a_task_ends_with_the_caches_empty() -> None:
    _fill()
    assert _sizes()["signature"] >= 1 and _sizes()["fold"] >= 1

    @celery_app.task(name="tests.text_caches.noop")
    def noop() -> int:
        return 1

    assert noop.apply().get() == 1
    assert set(_sizes().values()) == {0}


@pytest.mark.django_db
def test_a_request_ends_with_the_caches_empty(client) -> None:
    _fill()
    assert _sizes()["signature"] >= 1
    client.get("/healthz")
    assert set(_sizes().values()) == {0}


def test_forget_texts_empties_each_registered_cache() -> None:
    _fill()
    text_caches.forget_texts(sender=None)
    assert set(_sizes().values()) == {0}
