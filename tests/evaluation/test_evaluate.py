"""``manage.py evaluate``: the small scorecard passes, and a broken build fails naming the invariant.

Inside pytest the command runs ``--in-place`` on the test database it is given (it refuses any
database that is not a throwaway one); one test runs the real command in a subprocess to cover
the throwaway database it creates and drops on its own.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from evaluation.runner import SUITES

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(transaction=True)
@pytest.mark.timeout(900)  # every suite end to end (~2-4 min on a quiet 2-core box): more than the default 300 s
def test_small_scorecard_exits_zero_with_all_eight_suites(tmp_path):
    out_json, out_html = tmp_path / "out.json", tmp_path / "out.html"
    stdout = StringIO()
    muted = [logging.getLogger(name) for name in ("config.queueing", "memory.services.recall")]
    levels = [logger.level for logger in muted]
    call_command("evaluate", "--size", "small", "--in-place", "--quiet", "--json", str(out_json),
                 "--html", str(out_html), stdout=stdout)
    assert [logger.level for logger in muted] == levels  # the expected-warning mute ends with the run
    card = json.loads(out_json.read_text())
    assert card["ok"] is True and card["failed_invariants"] == []
    assert set(card["suites"]) == set(SUITES) and len(SUITES) == 11
    for name, suite in card["suites"].items():
        assert suite["error"] == "", name
        assert suite["metrics"], name
        for metric in suite["metrics"]:
            assert {"name", "value", "target", "pass", "hard", "unit"} <= set(metric), (name, metric)
            assert metric["value"] is not None, (name, metric["name"])
        assert any(m["target"] is not None for m in suite["metrics"]), name
    hard = {m["name"] for s in card["suites"].values() for m in s["metrics"] if m["hard"]}
    assert {"echo_promotions", "verbatim_leaks", "cross_person_leaks", "restricted_deliveries",
            "special_category_promotions", "erasure_residue", "private_leaks", "instructions_promoted",
            "dev_misleading_merged", "dev_false_promoted"} <= hard
    assert card["suites"]["promotion"]["tables"]["threshold_sweep"]
    assert "All hard invariants hold." in stdout.getvalue()
    page = out_html.read_text()
    assert page.startswith("<!doctype html>") and "<svg" in page and "http" not in page.split("<body>")[0]
    embedded = page.split("<script type='application/json' id='scorecard'>", 1)[1].split("</script>", 1)[0]
    assert json.loads(embedded) == card  # the data block is the JSON itself, as a browser's textContent reads it


@pytest.mark.django_db(transaction=True)
def test_a_build_without_the_echo_rule_fails_naming_the_invariant(monkeypatch, tmp_path):
    from memory.consolidation import echo

    # The deliberately broken build: the read-log and timing echo rules are gone (their seams in
    # step 6 find no read and no receivable lineage).
    monkeypatch.setattr(echo, "first_reads", lambda ctx, lineage, members: {})
    monkeypatch.setattr(echo, "readable_since", lambda ctx, lineage: {})
    # ...and so are the rules that read what the writer's lineage was served in any session.
    monkeypatch.setattr(echo, "served_before", lambda served, memory, lineage, value: False)
    monkeypatch.setattr(echo, "restates_served", lambda served, memory, exclude_lineage=None: False)
    stdout = StringIO()
    out_json = tmp_path / "broken.json"
    with pytest.raises(CommandError, match="echo_promotions"):
        call_command("evaluate", "--suite", "independence", "--size", "small", "--in-place", "--quiet",
                     "--json", str(out_json), stdout=stdout)
    assert "echo_promotions" in stdout.getvalue() and "FAIL (hard)" in stdout.getvalue()
    card = json.loads(out_json.read_text())
    assert card["ok"] is False and "independence.echo_promotions" in card["failed_invariants"]


@pytest.mark.django_db(transaction=True)
def test_builds_counting_agents_not_lineages_or_trusting_declarations_fail(monkeypatch, tmp_path):
    from memory.consolidation import corroborate, echo

    # Broken twice: every agent is its own lineage, and only the same-session read counts as an echo.
    monkeypatch.setattr(corroborate, "lineage_of", lambda memory: str(memory.agent_id))
    monkeypatch.setattr(echo, "served_before", lambda served, memory, lineage, value: False)
    monkeypatch.setattr(echo, "restates_served", lambda served, memory, exclude_lineage=None: False)
    out_json = tmp_path / "broken.json"
    with pytest.raises(CommandError, match="lineage_sock_puppet_promotions"):
        call_command("evaluate", "--suite", "independence", "--size", "small", "--in-place", "--quiet",
                     "--json", str(out_json), stdout=StringIO())
    failed = set(json.loads(out_json.read_text())["failed_invariants"])
    assert {"independence.lineage_sock_puppet_promotions", "independence.laundering_new_facts",
            "independence.invented_root_support_raised"} <= failed
    assert "independence.two_lineages_promoted" not in failed


@pytest.mark.django_db(transaction=True)
def test_a_build_where_every_agent_is_one_lineage_fails_the_positive_control(monkeypatch, tmp_path):
    from memory.consolidation import corroborate

    monkeypatch.setattr(corroborate, "lineage_of", lambda memory: "everyone")  # nothing can corroborate
    out_json = tmp_path / "broken.json"
    with pytest.raises(CommandError, match="two_lineages_promoted"):
        call_command("evaluate", "--suite", "independence", "--size", "small", "--in-place", "--quiet",
                     "--json", str(out_json), stdout=StringIO())
    assert "independence.lineage_sock_puppet_promotions" not in json.loads(out_json.read_text())["failed_invariants"]


@pytest.mark.django_db(transaction=True)
def test_a_gate_that_lets_special_categories_through_fails(monkeypatch):
    from governance.policy import SharingPolicy

    from memory.consolidation import gate

    monkeypatch.setattr(SharingPolicy, "category_shareable", lambda self, category: (True, "continuity_category"))
    monkeypatch.setattr(gate, "special_reason", lambda cluster: "")  # the content check gone as well
    with pytest.raises(CommandError, match="special_category_promotions"):
        call_command("evaluate", "--suite", "isolation", "--size", "small", "--in-place", "--quiet",
                     stdout=StringIO())


@pytest.mark.django_db
def test_in_place_refuses_a_database_that_is_not_throwaway(monkeypatch):
    monkeypatch.setitem(connection.settings_dict, "NAME", "quorum")
    with pytest.raises(CommandError, match="throwaway"):
        call_command("evaluate", "--suite", "temporality", "--in-place", "--quiet", stdout=StringIO())


def test_the_command_creates_and_drops_its_own_database(tmp_path):
    """The real command, as an operator runs it: a throwaway database, dropped afterwards."""
    out = tmp_path / "t.json"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.dev"}
    env.pop("QUORUM_DATABASE_NAME", None)
    done = subprocess.run([sys.executable, "manage.py", "evaluate", "--suite", "temporality", "--size", "small",
                           "--json", str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    card = json.loads(out.read_text())
    assert card["database"] == "throwaway" and card["ok"] is True
    check = subprocess.run([sys.executable, "-c", (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings.dev'; django.setup();"
        "from django.db import connection;"
        "c = connection.cursor(); c.execute(\"SELECT count(*) FROM pg_database WHERE datname LIKE 'quorum_eval_%%'\");"
        "print(c.fetchone()[0])")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert check.stdout.strip().splitlines()[-1] == "0", check.stderr[-2000:]


@pytest.mark.django_db(transaction=True)
def test_private_search_that_ignores_the_agent_fails_with_leaks(monkeypatch, tmp_path):
    """The deliberately broken build: private search returns every agent's memories about the person."""
    from agents_registry.models import Agent
    from memory.services import recall as recall_module
    from memory.services import search as search_module

    real_search_own = search_module.search_own

    def search_everyones(*, agent, limit, **kwargs):  # noqa: ANN001, ANN202
        hits = [hit for other in Agent.objects.all() for hit in real_search_own(agent=other, limit=limit, **kwargs)]
        return sorted(hits, key=lambda hit: hit.score, reverse=True)[:limit]

    def everyones(sql: str) -> str:  # recall's one statement, scoped to no agent's space
        leaky = sql.replace("s.agent_id = %(agent)s AND ", "").replace("m.space_id = (SELECT id FROM space)",
                                                                        "m.space_id IN (SELECT id FROM space)")
        assert leaky != sql
        return leaky

    monkeypatch.setattr(search_module, "search_own", search_everyones)
    monkeypatch.setattr(recall_module, "RECALL_SQL", everyones(recall_module.RECALL_SQL))
    monkeypatch.setattr(recall_module, "PRIVATE_SQL", everyones(recall_module.PRIVATE_SQL))
    out_json = tmp_path / "leaky.json"
    with pytest.raises(CommandError, match="verbatim_leaks"):
        call_command("evaluate", "--suite", "isolation", "--suite", "utility", "--size", "small", "--in-place",
                     "--quiet", "--json", str(out_json), stdout=StringIO())
    failed = json.loads(out_json.read_text())["failed_invariants"]
    assert {"isolation.verbatim_leaks", "utility.private_leaks"} <= set(failed)


@pytest.mark.django_db(transaction=True)
def test_an_erasure_that_leaves_the_digest_fails_even_when_its_receipt_says_clean(monkeypatch, tmp_path):
    """Broken twice: the one-fact erasure no longer rebuilds the digest, and the receipt's scan is
    blind (every erased text counts as shared with other rows, so none is searched). The suite's
    own scan of the marker must still find it."""
    from memory.consolidation import digest
    from memory.services import erasure

    real_erase, real_rebuild = erasure.subject_erase, digest.digest_rebuild

    def erase_without_rebuilding_the_digest(**kwargs):  # noqa: ANN003, ANN202
        digest.digest_rebuild = lambda *, subject: None
        try:
            return real_erase(**kwargs)
        finally:
            digest.digest_rebuild = real_rebuild

    monkeypatch.setattr(erasure, "subject_erase", erase_without_rebuilding_the_digest)
    monkeypatch.setattr(erasure, "_held_elsewhere", lambda values, **kwargs: set(values))
    out_json = tmp_path / "residue.json"
    with pytest.raises(CommandError, match="erasure_residue"):
        call_command("evaluate", "--suite", "rights", "--size", "small", "--in-place", "--quiet",
                     "--json", str(out_json), stdout=StringIO())
    card = json.loads(out_json.read_text())
    assert "rights.erasure_residue" in card["failed_invariants"]
    metrics = {m["name"]: m["value"] for m in card["suites"]["rights"]["metrics"]}
    assert metrics["erasure_receipts"] == 1.0  # the receipts alone said clean
    locations = card["suites"]["rights"]["tables"]["residue_locations"]
    assert {"store": "memory_digest.text", "scans_finding_residue": 1} in locations


@pytest.mark.django_db(transaction=True)
def test_a_consolidator_that_forgets_erasures_fails_with_resurrections(monkeypatch):
    from memory.consolidation import gate

    monkeypatch.setattr(gate, "suppressed_keys", lambda ctx, clusters: set())
    with pytest.raises(CommandError, match="resurrections"):
        call_command("evaluate", "--suite", "rights", "--size", "small", "--in-place", "--quiet", stdout=StringIO())
