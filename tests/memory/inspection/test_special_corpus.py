"""The detector's figures on the hand-written issue-15 corpus (evaluation.special_corpus.measure):
the development split keeps the floors reached while tuning, the held-out split the floors it
reached when measured (docs/privacy.md, "Special categories from content") — never above."""

from __future__ import annotations

import pytest

from evaluation.special_corpus import DEV, HELDOUT, measure


@pytest.fixture(scope="module")
def dev() -> dict:
    return measure(DEV)


def test_dev_split_floors(dev: dict) -> None:
    assert dev["overall"]["n_special"] == 125 and dev["overall"]["n_ordinary"] == 114
    assert dev["lexical"]["recall"] >= 1.0
    assert dev["lexical"]["fpr"] <= 0.0
    assert dev["overall"]["recall"] >= 1.0
    assert dev["overall"]["fpr"] <= 0.01


def test_dev_split_every_category_and_form(dev: dict) -> None:
    assert set(dev["by_category"]) == {"health", "genetic", "biometric", "religion", "politics", "trade_union",
                                       "sex_life_orientation", "race_ethnicity", "criminal"}
    assert all(c["recall"] >= 1.0 for c in dev["by_category"].values())
    special_forms = {f: v for f, v in dev["by_form"].items() if v["special"]}
    assert set(special_forms) == {"explicit", "indirect", "euphemism", "hidden_clause", "obfuscated"}
    assert all(v["rate"] >= 1.0 for v in special_forms.values())
    assert dev["by_form"]["near_miss"]["rate"] <= 0.0


def test_heldout_split_floors_as_measured() -> None:
    figures = measure(HELDOUT)
    assert figures["overall"]["n_special"] == 131 and figures["overall"]["n_ordinary"] == 112
    assert figures["lexical"]["recall"] >= 0.90
    assert figures["lexical"]["fpr"] <= 0.018
    assert figures["overall"]["recall"] >= 0.931
    assert figures["overall"]["fpr"] <= 0.036
    assert all(isinstance(i, str) for i in figures["misses"] + figures["false_positives"])
