"""The operator overview flags one lineage writing the same claim in many sessions (issue 16)."""

from __future__ import annotations

import pytest

from dashboard.selectors import LINEAGE_REPEAT_SESSIONS, ops_lineage_repeats
from tests.memory.consolidation.support import remember

pytestmark = pytest.mark.django_db
SECRET_WORDING = "Prefiere informes breves, dijo Ana en el ascensor"


@pytest.fixture
def puppets(make_agent):  # noqa: ANN001, ANN201 - pytest fixture
    agents = [make_agent(f"puppet-{i}", lineage="one-operator")[0] for i in range(5)]
    for i, agent in enumerate(agents):
        remember(agent, SECRET_WORDING, session=f"s{i}", origin=f"u{i}", predicate="preference.report_length",
                 value="short")
    return agents


def test_one_lineage_in_many_sessions_is_flagged_with_counts_and_slugs_only(puppets, make_agent):
    honest = [make_agent(f"honest-{i}")[0] for i in range(2)]
    for i, agent in enumerate(honest):  # two lineages, one session each: nothing to flag
        remember(agent, "Prefiere informes breves", session=f"h{i}", origin=f"h{i}",
                 predicate="preference.report_length", value="short")
    remember(puppets[0], "Cuaderno", session="s-free-1", origin="f1", key="ana-cuaderno-privado",
             category="user.behavior")
    for s in range(2, 2 + LINEAGE_REPEAT_SESSIONS):
        remember(puppets[s - 1], f"Cuaderno {s}", session=f"s-free-{s}", origin=f"f{s}",
                 key="ana-cuaderno-privado", category="user.behavior")
    flags = ops_lineage_repeats()
    assert [(f["lineage"], f["key"], f["people"], f["sessions"], f["agents"]) for f in flags] == [
        ("one-operator", "preference.report_length", 1, 5, 5), ("one-operator", "", 1, 4, 4)]
    assert flags[0]["agent_slugs"] == [f"puppet-{i}" for i in range(5)]


def test_below_the_threshold_nothing_is_flagged(make_agent):
    agent = make_agent("steady", lineage="l1")[0]
    for s in range(LINEAGE_REPEAT_SESSIONS - 1):
        remember(agent, "Prefiere informes breves", session=f"s{s}", origin=f"u{s}",
                 predicate="preference.report_length", value="short")
    assert ops_lineage_repeats() == []


def test_the_overview_shows_the_flag_without_personal_text(puppets, client, django_user_model):
    operator = django_user_model.objects.create_superuser("op", "op@example.org", "pw-for-tests-only")
    client.force_login(operator)
    html = client.get("/ops/").content.decode()
    assert "One lineage repeating a claim" in html and 'class="lineage-repeat"' in html
    assert "one-operator" in html and "puppet-4" in html and "preference.report_length" in html
    assert "ascensor" not in html and "Prefiere informes" not in html


def test_the_agents_page_names_a_shared_lineage(make_agent, client, django_user_model):
    make_agent("grouped-1", lineage="acme-pipeline")
    make_agent("alone-1")
    client.force_login(django_user_model.objects.create_superuser("op2", "op2@example.org", "pw-for-tests-only"))
    html = client.get("/ops/agents/").content.decode()
    assert "lineage acme-pipeline" in html and "lineage alone-1" not in html
