"""The pool process's warm-up (:mod:`memory.equivalence.warm`): it starts the Apertium pipelines and
never raises, and a broken Apertium is a warning that names no text."""

from __future__ import annotations

import logging
import os
import shutil

import pytest

from memory.equivalence import bilingual, translation, warm


@pytest.fixture
def fresh_pipelines(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    """This test's own pipeline table and ``available()`` readings, the process's restored after."""
    monkeypatch.setattr(bilingual, "_PIPELINES", {})
    bilingual.available.cache_clear()
    translation.available.cache_clear()
    yield
    bilingual.available.cache_clear()
    translation.available.cache_clear()


def _running(direction: str, command: str | None = None) -> bool:
    pipeline = bilingual._PIPELINES.get((direction, command))
    return pipeline is not None and pipeline.process is not None and pipeline.process.poll() is None \
        and pipeline.pid == os.getpid()


@pytest.mark.usefixtures("apertium_installed", "fresh_pipelines")
def test_the_warm_up_starts_every_pipeline_the_chain_keeps() -> None:
    done = warm.warm_up()
    assert done.ok and done.apertium
    assert 0 < done.apertium_seconds <= done.seconds
    for direction in ("spa-eng", "eng-spa"):
        assert _running(direction)
        assert _running(direction, translation._stages(direction))


@pytest.mark.usefixtures("fresh_pipelines")
def test_apertium_switched_off_is_no_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUORUM_APERTIUM", "off")
    bilingual.available.cache_clear()
    done = warm.warm_up()
    assert done.ok and not done.apertium
    assert bilingual._PIPELINES == {}


@pytest.mark.usefixtures("fresh_pipelines")
def test_a_broken_apertium_is_a_warning_without_text(monkeypatch: pytest.MonkeyPatch, tmp_path, caplog) -> None:  # noqa: ANN001
    """The dictionaries are there by name but unreadable: the pipeline dies, the warm-up goes on."""
    if not all(shutil.which(b) for b in bilingual._BINARIES):
        pytest.skip("Apertium's binaries are not installed")
    for name in ("spa-eng.autobil.bin", "eng-spa.autobil.bin", "spa-eng.automorf.bin", "eng-spa.automorf.bin"):
        (tmp_path / name).write_bytes(b"not a transducer")
    monkeypatch.setenv("QUORUM_APERTIUM_DIR", str(tmp_path))
    bilingual.available.cache_clear()
    with caplog.at_level(logging.WARNING):
        done = warm.warm_up()
    assert not done.ok and not done.apertium
    messages = [r.getMessage() for r in caplog.records if r.name == "memory.equivalence.warm"]
    assert messages == ["warm-up: the Apertium pipelines did not start (OSError); the ES-EN checks will retry on use"]
    probe_words = {w for pair in warm.PROBES for text in pair for w in text.split() if len(w) > 3}
    probe_words |= {"prueba", "test"}
    assert not any(w in r.getMessage() for r in caplog.records for w in probe_words)


def test_a_failing_chain_is_a_warning_and_no_exception(monkeypatch: pytest.MonkeyPatch, caplog) -> None:
    def broken(**kwargs: object) -> None:
        raise RuntimeError("Is allergic to cats")  # a failure that carries text: it must not be logged

    monkeypatch.setattr(warm, "default_chain", broken)
    monkeypatch.setattr(warm, "_start_pipelines", lambda: False)
    with caplog.at_level(logging.WARNING, logger="memory.equivalence.warm"):
        done = warm.warm_up()
    assert not done.ok
    assert [r.getMessage() for r in caplog.records] == ["warm-up: the equivalence chain's probes failed (RuntimeError)"]
