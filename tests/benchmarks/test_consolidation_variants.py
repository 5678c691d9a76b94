"""``python -m benchmarks consolidation`` (``make bench``) runs the free-text variant too unless one
variant is named: issue 16's deep-pass line includes claims inference on plain-text notes."""

from __future__ import annotations

import pytest

from benchmarks import consolidation


@pytest.mark.parametrize("raw", [None, "", "  "])
def test_unset_runs_the_structured_variant_then_the_free_text_one(raw):
    assert consolidation.variants(raw) == [0.0, consolidation.DEFAULT_FREETEXT]
    assert 0 < consolidation.DEFAULT_FREETEXT < 1


@pytest.mark.parametrize(("raw", "share"), [("0", 0.0), ("0.3", 0.3), ("0.5", 0.5)])
def test_a_named_share_runs_that_variant_only(raw, share):
    assert consolidation.variants(raw) == [share]


@pytest.mark.parametrize("raw", ["1", "-0.1", "abc", "1.5"])
def test_a_share_outside_zero_to_one_is_refused(raw):
    with pytest.raises(SystemExit, match="share of plain-text notes"):
        consolidation.variants(raw)


def test_main_runs_each_variant_in_order(monkeypatch):
    ran: list[float] = []
    monkeypatch.setattr(consolidation, "setup_django", lambda: None)
    monkeypatch.setattr(consolidation, "_run", ran.append)
    monkeypatch.delenv("QUORUM_BENCH_FREETEXT", raising=False)
    consolidation.main([])
    monkeypatch.setenv("QUORUM_BENCH_FREETEXT", "0.3")
    consolidation.main([])
    assert ran == [0.0, consolidation.DEFAULT_FREETEXT, 0.3]
