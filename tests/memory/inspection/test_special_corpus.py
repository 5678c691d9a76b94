"""The detector's figures on the hand-written issue-15 corpus (evaluation.special_corpus.measure):
the first development split keeps the floors reached while tuning; the untouched third split
(``issue15_third``, a fourth author) the floors it reached when measured once with the rules final
(docs/privacy.md, "Special categories from content") — never above, and never tuned on. The other
development splits (spent, fresh, dev2) are reported by ``python -m evaluation.special_corpus <split>``
and leave-one-author-out by ``python -m evaluation.train_special --check``."""

from __future__ import annotations

import pytest

from evaluation.special_corpus import DEV, HELDOUT, SPLITS, measure


@pytest.fixture(scope="module")
def dev() -> dict:
    return measure(DEV)


def test_dev_split_floors(dev: dict) -> None:
    assert dev["overall"]["n_special"] == 125 and dev["overall"]["n_ordinary"] == 114
    assert dev["lexical"]["recall"] >= 1.0
    assert dev["lexical"]["fpr"] <= 0.0
    assert dev["overall"]["recall"] >= 1.0
    assert dev["overall"]["fpr"] <= 0.0088  # one near miss, flagged by the model stage


def test_dev_split_every_category_and_form(dev: dict) -> None:
    assert set(dev["by_category"]) == {"health", "genetic", "biometric", "religion", "politics", "trade_union",
                                       "sex_life_orientation", "race_ethnicity", "criminal"}
    assert all(c["recall"] >= 1.0 for c in dev["by_category"].values())
    special_forms = {f: v for f, v in dev["by_form"].items() if v["special"]}
    assert set(special_forms) == {"explicit", "indirect", "euphemism", "hidden_clause", "obfuscated"}
    assert all(v["rate"] >= 1.0 for v in special_forms.values())
    assert dev["by_form"]["near_miss"]["rate"] <= 0.0244


def test_the_splits_are_the_documented_files() -> None:
    assert set(SPLITS) == {"dev", "spent", "fresh", "dev2", "heldout"}
    assert SPLITS["heldout"] == HELDOUT and HELDOUT.parent.name == "issue15_third"
    assert all(path.exists() for path in SPLITS.values())


def test_third_split_floors_as_measured_once() -> None:
    figures = measure(HELDOUT)
    assert figures["overall"]["n_special"] == 180 and figures["overall"]["n_ordinary"] == 180
    assert figures["lexical"]["recall"] >= 0.7944
    assert figures["lexical"]["fpr"] <= 0.0778
    assert figures["overall"]["recall"] >= 0.8778
    assert figures["overall"]["fpr"] <= 0.1111
    assert all(isinstance(i, str) for i in figures["misses"] + figures["false_positives"])
