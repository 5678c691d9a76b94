"""Issue 16, independence by lineage and anti-echo without trusting declarations, end to end:
memories through ``POST /api/v1/memories``, facts served through ``collective/facts`` and
``recall`` (which write the read log), then the real consolidation entry."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from memory.models import CollectiveFact, Decision, Evidence
from tests.conftest import auth
from tests.memory.consolidation.support import consolidate, current

pytestmark = pytest.mark.django_db
PURPOSE = "essential.service"
SUMMARY = ("Resumen semanal: informes cortos, reuniones temprano, castellano, proyecto Atlas. "
           "Además: prefiere el café solo por la tarde.")


@pytest.fixture
def agent(make_agent):  # noqa: ANN001, ANN201 - pytest fixture
    """``agent(slug, lineage)`` → an API client authenticated as a new agent of that lineage."""

    def build(slug: str, lineage: str = "", *, verified_channel: bool = False) -> APIClient:
        _, key = make_agent(slug, domain="work", lineage=lineage, verified_channel=verified_channel)
        return auth(APIClient(), key)

    return build


def post(client: APIClient, content: str, *, session: str, origin: str = "", predicate: str = "",
         value: Any = None, asserted_by: str = "user", **extra: Any) -> str:
    body = {"subject": "ana", "kind": "fact", "content": content, "asserted_by": asserted_by,
            "session_id": session, "origin_ref": origin, **extra}
    if predicate:
        body.update(predicate=predicate, value=value)
    response = client.post("/api/v1/memories", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def short_reports(client: APIClient, content: str, *, session: str, origin: str, **extra: Any) -> str:
    return post(client, content, session=session, origin=origin, predicate="preference.report_length",
                value="short", **extra)


def served(client: APIClient, session: str) -> list[dict[str, Any]]:
    response = client.get("/api/v1/collective/facts", {"subject": "ana", "session_id": session, "purpose": PURPOSE})
    assert response.status_code == 200
    return response.json()["facts"]


def corroboration_reason() -> str:
    return Decision.objects.filter(step="corroborate").latest("id").reason


# -- independence by lineage --------------------------------------------------------------------


def test_the_seed_pair_by_two_agents_of_one_lineage_promotes_nothing_and_of_two_lineages_one_fact(agent):
    a, b = agent("op-a", "operator-1"), agent("op-b", "operator-1")
    short_reports(a, "Prefiere informes breves", session="s1", origin="u1")
    short_reports(b, "Solicita resúmenes concisos", session="s2", origin="u2")
    consolidate()
    assert current() == []
    assert corroboration_reason() == "too_few_lineages"
    # The same pair from another lineage's agent: one collective fact, two lineages.
    other = agent("ext-c", "vendor-2")
    short_reports(other, "Solicita resúmenes concisos", session="s3", origin="u3")
    consolidate()
    (fact,) = current()
    assert (fact.support_agents, fact.support_lineages, fact.support_sessions) == (3, 2, 3)
    (item,) = served(other, "read-1")
    assert item["corroboration"]["lineages"] == 2 and item["corroboration"]["agents"] == 3


def test_five_agents_of_one_lineage_never_corroborate_each_other(agent):
    puppets = [agent(f"puppet-{i}", "one-operator") for i in range(5)]
    for i, client in enumerate(puppets):
        short_reports(client, "Prefiere informes breves" if i % 2 else "Pide informes cortos",
                      session=f"puppet-s{i}", origin=f"puppet-u{i}")
    consolidate()
    assert current() == [] and CollectiveFact.objects.count() == 0
    decision = Decision.objects.filter(step="corroborate").latest("id")
    assert decision.reason == "too_few_lineages"
    assert (decision.inputs["agents"], decision.inputs["lineages"], decision.inputs["sessions"]) == (5, 1, 5)


def test_two_agents_without_a_lineage_given_are_two_sources(agent):
    short_reports(agent("plain-a"), "Prefiere informes breves", session="s1", origin="u1")
    short_reports(agent("plain-b"), "Prefiere informes breves", session="s2", origin="u2")
    consolidate()
    (fact,) = current()
    assert fact.support_lineages == 2


# -- anti-echo without trusting declarations ----------------------------------------------------


@pytest.fixture
def promoted(agent):  # noqa: ANN001, ANN201 - pytest fixture
    short_reports(agent("src-a"), "Prefiere informes breves", session="s1", origin="u1")
    short_reports(agent("src-b"), "Pide resúmenes cortos", session="s2", origin="u2")
    consolidate()
    (fact,) = current()
    return fact


def test_an_invented_root_after_a_read_does_not_raise_support(agent, promoted):
    reader = agent("reader", "reader-line")
    assert [f["id"] for f in served(reader, "monday")] == [str(promoted.pk)]
    # A new session, "the user said so", an origin nobody can check: still what it read.
    echo = short_reports(reader, "Prefiere informes breves", session="tuesday", origin="invented-utterance-77")
    consolidate()
    promoted.refresh_from_db()
    assert (promoted.support_roots, promoted.support_agents, promoted.support_lineages) == (2, 2, 2)
    assert Evidence.objects.get(fact=promoted, memory_id=echo).discount_reason == "echo_served"


def test_a_sibling_of_the_reader_cannot_launder_the_read_either(agent, promoted):
    reader, sibling = agent("reader", "pipeline-9"), agent("sibling", "pipeline-9")
    served(reader, "monday")
    echo = short_reports(sibling, "Pide resúmenes cortos", session="wednesday", origin="fresh-origin")
    consolidate()
    promoted.refresh_from_db()
    assert promoted.support_agents == 2
    assert Evidence.objects.get(fact=promoted, memory_id=echo).discount_reason == "echo_served"


def test_a_verified_root_after_a_read_counts(agent, promoted):
    reader = agent("crm-sync", verified_channel=True)
    served(reader, "monday")
    record = short_reports(reader, "CRM: informes breves", session="sync-1", origin="crm:contact-42",
                           asserted_by="tool", trust="verified")
    consolidate()
    (fact,) = current()
    assert Evidence.objects.get(fact=fact, memory_id=record).counted is True
    assert fact.trust == "verified"


def test_an_agent_never_served_the_fact_still_adds_support(agent, promoted):
    short_reports(agent("fresh"), "Prefiere informes breves", session="s3", origin="u3")
    consolidate()
    promoted.refresh_from_db()
    assert (promoted.support_agents, promoted.support_lineages) == (3, 3)


def test_served_an_older_value_then_writing_the_new_one_is_no_echo(agent, promoted):
    reader = agent("reader")
    served(reader, "monday")
    post(reader, "Ahora prefiere informes largos y detallados", session="tuesday", origin="u-new",
         predicate="preference.report_length", value="long")
    post(agent("other"), "Quiere informes extensos", session="s9", origin="u9",
         predicate="preference.report_length", value="long")
    consolidate()
    (fact,) = current()
    assert fact.value == "long" and fact.support_lineages == 2
    assert not Evidence.objects.filter(fact=fact, counted=False).exists()


# -- summary laundering -------------------------------------------------------------------------


def _four_facts(agent) -> None:  # noqa: ANN001
    a, b = agent("src-a"), agent("src-b")
    for i, client in enumerate((a, b)):
        short_reports(client, ["Prefiere informes breves", "Pide resúmenes cortos"][i], session=f"s{i}",
                      origin=f"u-r{i}")
        post(client, ["Prefiere reuniones por la mañana", "Las reuniones mejor a primera hora, temprano"][i],
             session=f"s{i}", origin=f"u-m{i}", predicate="preference.meeting_time", value="morning")
        post(client, ["Pide comunicarse en castellano", "Prefiere que le escriban en español"][i],
             session=f"s{i}", origin=f"u-l{i}", predicate="communication.language", value="es")
        post(client, ["Trabaja en el proyecto Atlas", "Está con el proyecto Atlas"][i], session=f"s{i}",
             origin=f"u-p{i}", predicate="project.current", value="Atlas")
    consolidate()
    assert len(current()) == 4


def test_a_laundering_summary_creates_no_new_collective_fact(agent):
    _four_facts(agent)
    for i, slug in enumerate(("summariser-1", "summariser-2")):
        client = agent(slug)
        assert len(served(client, f"week-{i}")) == 4
        post(client, SUMMARY, session=f"summary-{i}", origin=f"weekly-{i}", key="weekly", category="user.behavior")
    consolidate()
    assert len(current()) == 4 and CollectiveFact.objects.count() == 4
    decision = Decision.objects.filter(step="corroborate", reason="too_few_agents").latest("id")
    assert decision.inputs["agents"] == 0 and len(decision.inputs["memories"]) == 2


def test_the_same_note_from_agents_never_served_anything_does_promote(agent):
    """The control: the summary rule is about what the writers were served, not about the text."""
    _four_facts(agent)
    for i, slug in enumerate(("diarist-1", "diarist-2")):
        post(agent(slug), SUMMARY, session=f"summary-{i}", origin=f"weekly-{i}", key="weekly",
             category="user.behavior")
    consolidate()
    assert len(current()) == 5
