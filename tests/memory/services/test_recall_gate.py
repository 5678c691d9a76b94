"""Recall reads the person's gate and the policy stamp in its one statement (issue 17, read path).

The subject gate (restrictions, objections, pending erasures) used to cost three queries before
the candidate statement, and the sharing policy was a per-process copy up to 5 s old. Both now come
from the statement itself, so every change is seen by the very next recall, in every process."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

from config.actors import Actor
from governance.models import Policy
from governance.policy import policy_current
from governance.selectors.restrictions import restrictions_active
from governance.services.dsr import dsr_submit
from governance.services.restrictions import restriction_apply, restriction_lift
from memory.services.embedding_backfill import memory_embed_pending
from memory.services.memories import memory_record
from memory.services.recall import recall
from memory.services.recall_statement import PRIVATE_SQL, RECALL_SQL, split_rows
from memory.services.search import search_params

pytestmark = pytest.mark.django_db
PERSON = Actor(kind="user", id="portal-1")
PURPOSE = "essential.service"


@pytest.fixture
def world(report_world):
    return report_world()


def layers(agent, purpose: str = PURPOSE) -> dict[str, list[str]]:
    result = recall(agent=agent, subject_ref="ana", query="informes", purpose=purpose)
    out: dict[str, list[str]] = {}
    for item in result.items:
        out.setdefault(item.layer, []).append(item.id)
    return out


def statement_gate(sql: str, *, agent, subject_ref: str):
    params = search_params(agent_pk=agent.pk, subject_ref=subject_ref, query="informes", vector=None, limit=20,
                           now=timezone.now(), trusts=None, window=None, with_recency=True)
    connection.ensure_connection()
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params, binary=True)
        return split_rows(cursor.fetchall())[2]


@pytest.mark.parametrize("sql", [RECALL_SQL, PRIVATE_SQL], ids=["recall", "private"])
def test_the_statements_gate_equals_the_restriction_selector(world, sql):
    subject = world["subject"]
    empty = statement_gate(sql, agent=world["x"], subject_ref="ana")
    assert empty.subject_id == subject.pk and empty.pending_erasures == 0
    assert empty.restrictions == restrictions_active(subject_id=subject.pk)
    lifted = restriction_apply(actor=PERSON, subject_id=subject.pk, kind="agent", target=str(world["y"].pk))
    restriction_apply(actor=PERSON, subject_id=subject.pk, kind="agent", target=str(world["z"].pk))
    restriction_apply(actor=PERSON, subject_id=subject.pk, kind="fact", target=str(world["fact"].lineage))
    restriction_apply(actor=PERSON, subject_id=subject.pk, kind="purpose", target="functional.service",
                      basis="objection")
    restriction_lift(actor=PERSON, restriction=lifted)
    gate = statement_gate(sql, agent=world["x"], subject_ref="ana")
    assert gate.restrictions == restrictions_active(subject_id=subject.pk)
    assert gate.restrictions.agents == {str(world["z"].pk)}  # the lifted one is not active
    assert gate.restrictions.lineages == {str(world["fact"].lineage)}
    assert gate.restrictions.purposes == {"functional.service"}
    active = Policy.objects.get(active=True)
    assert gate.policy_stamp.startswith(f"{active.version}:")
    unknown = statement_gate(sql, agent=world["x"], subject_ref="nobody")
    assert unknown.subject_id is None and not unknown.restrictions.agents and unknown.pending_erasures == 0


def test_restrictions_and_their_lifting_are_seen_by_the_next_recall(world):
    fact, subject = world["fact"], world["subject"]
    assert layers(world["z"]).get("collective") == [str(fact.pk)]
    paused = restriction_apply(actor=PERSON, subject_id=subject.pk, kind="agent", target=str(world["z"].pk))
    assert layers(world["z"]) == {}  # nothing at all about the person for the paused agent
    restriction_lift(actor=PERSON, restriction=paused)
    assert layers(world["z"]).get("collective") == [str(fact.pk)]
    restriction_apply(actor=PERSON, subject_id=subject.pk, kind="fact", target=str(fact.lineage))
    assert "collective" not in layers(world["x"]) and layers(world["x"])["private"]
    restriction_apply(actor=PERSON, subject_id=subject.pk, kind="purpose", target="functional.service",
                      basis="objection")
    assert layers(world["x"], purpose="functional.service") == {}


def test_a_verified_erasure_is_seen_by_the_next_recall(world):
    for slug in ("x", "y"):
        memory_record(actor=Actor.for_agent(world[slug]), agent=world[slug], subject_ref="ana", kind="event",
                      content="Pidió los informes del trimestre", session_id="s3")
    memory_embed_pending()
    assert layers(world["x"])["private"]
    dsr_submit(actor=PERSON, subject_id=world["subject"].pk, type="erasure", scope={"agent": world["x"].slug},
               verified=True)
    assert "private" not in layers(world["x"])  # x's own memories are being erased
    assert layers(world["y"])["private"]  # y's are not
    dsr_submit(actor=PERSON, subject_id=world["subject"].pk, type="erasure", scope={"all": True}, verified=True)
    assert layers(world["y"]) == {}


def test_a_policy_change_is_seen_by_the_next_recall_not_five_seconds_later(world):
    fact = world["fact"]
    assert layers(world["x"]).get("collective") == [str(fact.pk)]
    active = Policy.objects.get(active=True)
    before = active.rules
    active.rules = {**before, "receiving_purposes": ["functional.service"]}
    active.save()
    # The governance copy read paths used to rely on is still the old one for up to 5 s …
    assert policy_current().receiving_purposes == frozenset([PURPOSE])
    # … recall is not: the stamp in its statement changed.
    assert "collective" not in layers(world["x"])
    assert layers(world["x"], purpose="functional.service").get("collective") == [str(fact.pk)]
    active.rules = {**before, "shareable_categories": []}  # same version, other rules
    active.save()
    assert "collective" not in layers(world["x"])
    active.rules = before
    active.save()
    assert layers(world["x"]).get("collective") == [str(fact.pk)]
