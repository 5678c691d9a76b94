"""``governance.selectors.conflicts``: the open trust conflicts recall marks, on real rows."""

from __future__ import annotations

import uuid

import pytest

from config.actors import Actor
from governance.models import TrustConflict
from governance.selectors.conflicts import trust_conflicts_open_among
from memory.services.memories import memory_record

pytestmark = pytest.mark.django_db


def test_open_conflicts_among_the_given_memories(make_agent):
    agent, _ = make_agent("conflicts-sel", verified_channel=True)

    def write(content, **extra):
        return memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="fact",
                             content=content, session_id="s1", key="home_city", **extra)

    kept = write("Vive en Valencia", asserted_by="system", trust="verified", origin_ref="crm-1").memory
    challenger = write("Vive en Madrid", trust="inferred")
    assert challenger.conflict_id is not None
    pair = (kept.pk, challenger.memory.pk)
    assert trust_conflicts_open_among([kept.pk]) == [pair]
    assert trust_conflicts_open_among([challenger.memory.pk, uuid.uuid4()]) == [pair]
    assert trust_conflicts_open_among([uuid.uuid4()]) == [] and trust_conflicts_open_among([]) == []
    TrustConflict.objects.filter(pk=challenger.conflict_id).update(status=TrustConflict.Status.RESOLVED)
    assert trust_conflicts_open_among([kept.pk]) == []
