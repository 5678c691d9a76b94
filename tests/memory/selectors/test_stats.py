"""``stats_for_agent``: the caller's own memories about one subject by kind and status, and the
facts it may receive (the HTTP side is in tests/memory/test_read_apis.py)."""

from __future__ import annotations

import pytest

from config.actors import Actor
from memory.selectors.stats import AgentStats, stats_for_agent
from memory.services.memories import memory_record

pytestmark = pytest.mark.django_db


def rec(agent, **kwargs):
    defaults = {"actor": Actor.for_agent(agent), "agent": agent, "subject_ref": "person-1", "kind": "event",
                "content": "Asked for the Q3 report", "session_id": "s1"}
    defaults.update(kwargs)
    return memory_record(**defaults)


def test_counts_only_the_callers_own_memories_by_kind_and_status(make_agent):
    mine, other = make_agent("mine")[0], make_agent("other")[0]
    rec(mine, content="Asked for the Q3 report")
    rec(mine, content="Asked for the Q4 report", session_id="s2")
    rec(mine, kind="fact", predicate="preference.report_length", content="Prefers long reports",
        asserted_by="user")
    rec(mine, kind="fact", predicate="preference.report_length", content="Prefers short reports",
        asserted_by="user", session_id="s2")
    rec(other, content="Asked for the Q1 report")
    rec(mine, subject_ref="person-2", content="Asked for the Q2 report")

    assert stats_for_agent(agent=mine, subject_ref="person-1") == AgentStats(
        memories={"event": {"active": 2}, "fact": {"active": 1, "superseded": 1}}, collective_facts=0)
    assert stats_for_agent(agent=other, subject_ref="person-1") == AgentStats(
        memories={"event": {"active": 1}}, collective_facts=0)


def test_unknown_subject_counts_nothing(make_agent):
    agent = make_agent("mine")[0]
    rec(agent)
    assert stats_for_agent(agent=agent, subject_ref="nobody") == AgentStats(memories={}, collective_facts=0)
