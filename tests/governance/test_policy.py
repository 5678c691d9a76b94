"""The policy's default candidate floor: where the default chain can first act, and what installs get."""

from __future__ import annotations

import pytest

from governance.policy import (
    CANDIDATE_SIMILARITY,
    DEFAULT_RULES,
    DEFAULT_VERSION,
    PREVIOUS_CANDIDATE_SIMILARITY,
    SharingPolicy,
    policy_current,
)
from memory.equivalence import default_chain
from memory.equivalence.similarity import SimilarityJudge


def test_the_floor_is_where_the_default_chains_similarity_judge_first_acts():
    """Its lowest threshold minus its review band: below it the judge answers neither EQUIVALENT nor
    UNSURE. If its thresholds move, the floor must be looked at again (governance.policy)."""
    (judge,) = [j for j in default_chain().judges if isinstance(j, SimilarityJudge)]
    assert CANDIDATE_SIMILARITY == pytest.approx(min(judge.same_language, judge.cross_language) - judge.review_band)
    assert PREVIOUS_CANDIDATE_SIMILARITY < CANDIDATE_SIMILARITY < DEFAULT_RULES["review_similarity"]


def test_the_defaults_carry_the_floor():
    assert DEFAULT_RULES["candidate_similarity"] == CANDIDATE_SIMILARITY == 0.85
    assert SharingPolicy.from_rules("x", {}).candidate_similarity == 0.85
    assert SharingPolicy.from_rules("x", {"candidate_similarity": 0.8}).candidate_similarity == 0.8


@pytest.mark.django_db
def test_a_fresh_database_is_at_the_new_floor():
    policy = policy_current(fresh=True)
    assert (policy.version, policy.candidate_similarity) == (DEFAULT_VERSION, 0.85)
