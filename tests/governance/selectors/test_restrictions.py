"""``governance.selectors.restrictions``: a person's active restrictions as the read paths test them."""

from __future__ import annotations

import pytest

from config.actors import Actor
from governance.selectors.restrictions import restrictions_active, restrictions_open
from governance.services.restrictions import restriction_apply, restriction_lift
from memory.services.memories import subject_get_or_create

pytestmark = pytest.mark.django_db
ACTOR = Actor.system("tests")


def test_active_restrictions_are_the_unlifted_ones_of_that_person():
    ana, bea = subject_get_or_create(external_ref="ana"), subject_get_or_create(external_ref="bea")
    restriction_apply(actor=ACTOR, subject_id=ana.pk, kind="agent", target="7")
    restriction_apply(actor=ACTOR, subject_id=ana.pk, kind="purpose", target="marketing")
    lifted = restriction_apply(actor=ACTOR, subject_id=ana.pk, kind="fact", target="lineage-1")
    restriction_apply(actor=ACTOR, subject_id=bea.pk, kind="fact", target="lineage-2")
    restriction_lift(actor=ACTOR, restriction=lifted)
    active = restrictions_active(subject_id=ana.pk)
    assert active.blocks_agent(7) and not active.blocks_agent(8)
    assert active.blocks_purpose("marketing.email") and not active.blocks_purpose("marketingx")
    assert not active.blocks_fact("lineage-1") and not active.blocks_fact("lineage-2")
    assert active.blocks_reader(agent_id=8, purpose="marketing") and not active.blocks_reader(agent_id=8, purpose=None)
    assert list(restrictions_open(subject_id=ana.pk, kind="fact", target="lineage-1")) == []
    assert [r.target for r in restrictions_open(subject_id=bea.pk, kind="fact", target="lineage-2")] == ["lineage-2"]


def test_active_restrictions_compiled_once_are_the_querysets():
    """perf52b: for a UUID the statement compiled once a process (config.db.CompiledOnce); the same
    restrictions as the queryset (a string id still goes through it), person by person, either order."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from governance.models import Restriction
    from governance.selectors import restrictions

    people = [subject_get_or_create(external_ref=ref) for ref in ("ana", "bea", "cai")]
    restriction_apply(actor=ACTOR, subject_id=people[0].pk, kind="agent", target="7")
    restriction_apply(actor=ACTOR, subject_id=people[0].pk, kind="purpose", target="marketing")
    restriction_lift(actor=ACTOR, restriction=restriction_apply(actor=ACTOR, subject_id=people[1].pk,
                                                                kind="fact", target="lineage-1"))
    restriction_apply(actor=ACTOR, subject_id=people[1].pk, kind="fact", target="lineage-2")
    for person in people + people[::-1]:
        with CaptureQueriesContext(connection) as compiled:
            active = restrictions_active(subject_id=person.pk)
        with CaptureQueriesContext(connection) as plain:
            rows = set(Restriction.objects.filter(subject_id=person.pk, lifted_at__isnull=True)
                       .values_list("kind", "target"))
        assert active == restrictions_active(subject_id=str(person.pk))
        assert {("agent", t) for t in active.agents} | {("fact", t) for t in active.lineages} | {
            ("purpose", t) for t in active.purposes} == rows
        assert [q["sql"] for q in compiled] == [q["sql"] for q in plain]
    assert restrictions_active(subject_id=people[1].pk).lineages == {"lineage-2"}
    assert restrictions._ACTIVE._compiled is not None
