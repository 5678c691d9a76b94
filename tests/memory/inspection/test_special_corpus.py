"""The detector's figures on the hand-written issue-15 corpus (evaluation.special_corpus.measure):
regression floors on two of the six sources, all of which are now training and tuning data
(in sample: these are not generalisation figures). The third split (``issue15_third``) was measured
once untouched (87.8 % / 11.1 %) before it was spent; its floors here are in sample. How the
detector generalises is measured leave one author out by ``python -m evaluation.detector_cv``
(docs/privacy.md, "Leave one author out")."""

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
    # three near misses, flagged by the vector stage of the models trained on all 24 spent authors
    # (the six-source models flagged one; in sample either way: A1 is training data for both)
    assert dev["overall"]["fpr"] <= 0.0264


def test_dev_split_every_category_and_form(dev: dict) -> None:
    assert set(dev["by_category"]) == {"health", "genetic", "biometric", "religion", "politics", "trade_union",
                                       "sex_life_orientation", "race_ethnicity", "criminal"}
    assert all(c["recall"] >= 1.0 for c in dev["by_category"].values())
    special_forms = {f: v for f, v in dev["by_form"].items() if v["special"]}
    assert set(special_forms) == {"explicit", "indirect", "euphemism", "hidden_clause", "obfuscated"}
    assert all(v["rate"] >= 1.0 for v in special_forms.values())
    assert dev["by_form"]["near_miss"]["rate"] <= 0.0732  # 3 of 41 (see above)


def test_the_splits_are_the_documented_files() -> None:
    assert set(SPLITS) == {"dev", "spent", "fresh", "dev2", "heldout", "fourth"}
    assert SPLITS["fourth"].parent.name == "issue15_fourth"
    assert SPLITS["heldout"] == HELDOUT and HELDOUT.parent.name == "issue15_third"
    assert all(path.exists() for path in SPLITS.values())


def test_third_split_floors_in_sample() -> None:
    figures = measure(HELDOUT)
    assert figures["overall"]["n_special"] == 180 and figures["overall"]["n_ordinary"] == 180
    # stop 38 (special_clauses): 'the only brother in the boardroom' (s3-013) is caught by
    # ``only_one_named``, the write path's last miss of D that the vector stage also missed: 175 ->
    # 176/180 on the write path, 179 -> 180/180 overall (pins raised from 0.9333 and 0.9556, which
    # dated from before the learned stages were trained on every spent author; in sample)
    # stop 40: the learned stages retrained on 39 authors (n-gram threshold 0.94 -> 0.957, chosen out
    # of author as before) cost this source, in sample, two write-path finds (176 -> 174/180) and one
    # overall (s3-025: 180 -> 179/180), the trade stop 39 measured for a higher n-gram threshold; on
    # the four authors neither model had seen (AM39-AP42) recall held at 713/720 and false positives
    # fell 31 -> 26/560 (docs/privacy.md), which is why it was taken. Pins at the new figures.
    # stop 41: retrained on 43 authors (to AP42; n-gram threshold 1.063 from the twelve newest
    # authors' out-of-author scores): the same write-path (174/180) and overall (179/180) recall here,
    # and one more false positive overall (s3-207: 2 -> 3/180, at the pin); on the four authors
    # neither model had seen (AQ43-AT46) recall held at 709/720 and false positives fell 38 -> 31/560.
    assert figures["lexical"]["recall"] >= 0.9666  # lexicon + n-gram stage (the write path)
    assert figures["lexical"]["fpr"] <= 0.0167
    assert figures["overall"]["recall"] >= 0.9944
    assert figures["overall"]["fpr"] <= 0.0167
    assert all(isinstance(i, str) for i in figures["misses"] + figures["false_positives"])


def test_every_spent_special_set_is_listed_once_per_author() -> None:
    """``detector_cv --special-spent`` reads every spent special set: the six training sources and
    the eight read once untouched since (the sixteenth directory's set, M13, spent after its reading
    on the merged thirteenth round). Only the listed file of a directory is read."""
    from evaluation.detector_cv import SPECIAL_SPENT
    from evaluation.train_special import SOURCES

    assert list(SPECIAL_SPENT) == [*SOURCES, "F5", "G6", "H7", "I8", "J10", "K11", "L12", "M13", "N14", "O15", "P16", "Q17",
                                 "R18", "S19", "T20", "U21", "V22", "W23", "X24", "Y25", "Z26",
                                 "AA27", "AB28", "AC29", "AD30", "AE31", "AF32", "AG33", "AH34", "AI35", "AJ36", "AK37", "AL38", "AM39", "AN40", "AO41", "AP42", "AQ43", "AR44", "AS45", "AT46", "AU47", "AV48", "AW49", "AX50", "AY51", "AZ52", "BA53", "BB54", "BC55", "BD56", "BE57", "BF58", "BG59", "BH60", "BI61", "BJ62", "BK63", "BL64", "BM65", "BN66", "BO67", "BP68", "BQ69", "BR70", "BS71", "BT72", "BU73", "BV74", "BW75", "BX76"]
    assert SPECIAL_SPENT["M13"].parent.name == "issue15_sixteenth"
    assert SPECIAL_SPENT["R18"].parent.name == "issue15_twentyeighth"
    assert len(set(SPECIAL_SPENT.values())) == len(SPECIAL_SPENT)
    assert all(path.exists() for path in SPECIAL_SPENT.values())
