"""Erasing one fact also removes it from the person's digest (found by ``manage.py evaluate``)."""

from __future__ import annotations

import pytest

from config.actors import Actor
from governance.models import DataSubjectRequest
from governance.errors import ResidueFound
from governance.services.dsr import dsr_execute, dsr_submit
from memory.models import CollectiveFact, Digest, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.services.memories import memory_record

pytestmark = pytest.mark.django_db

WORD = "Su palabra de proyecto favorita es Bazorimuto"


def erase(subject: Subject, scope: dict) -> DataSubjectRequest:
    """A verified erasure request, run as the rights worker runs it."""
    request = dsr_submit(actor=Actor.system("tests"), subject_id=subject.pk, type="erasure", scope=scope,
                         verified=True)
    dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
    request.refresh_from_db()
    return request


def test_erasing_one_fact_rebuilds_the_digest_and_leaves_no_residue(make_agent):
    agents = [make_agent(f"digest-{i}")[0] for i in range(2)]
    for i, agent in enumerate(agents):
        for key, content in (("favourite_word", WORD), ("report", "Prefiere informes breves")):
            memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="fact", content=content,
                          session_id=f"s{i}", origin_ref=f"u{i}-{key}", key=key, category="user.behavior",
                          asserted_by="user")
    subject = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    fact = CollectiveFact.objects.get(status="current", key="favourite_word")
    assert WORD in Digest.objects.get(subject=subject).text
    request = erase(subject, {"fact_id": str(fact.pk)})
    assert request.status == DataSubjectRequest.Status.COMPLETED
    assert request.result["residue"]["matches"] == 0
    digest = Digest.objects.get(subject=subject)
    assert WORD not in digest.text and "report length: short" in digest.text  # the other fact, as its claim


def test_residue_rolls_the_erasure_back_and_the_error_carries_the_report(make_agent, monkeypatch):
    from memory.consolidation import digest as consolidation

    agents = [make_agent(f"residue-{i}")[0] for i in range(2)]
    for i, agent in enumerate(agents):
        memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="fact", content=WORD,
                      session_id=f"s{i}", origin_ref=f"u{i}", key="favourite_word", category="user.behavior",
                      asserted_by="user")
    subject = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    fact = CollectiveFact.objects.get(status="current", key="favourite_word")
    monkeypatch.setattr(consolidation, "digest_rebuild", lambda *, subject: None)  # the defect this file guards
    request = dsr_submit(actor=Actor.system("tests"), subject_id=subject.pk, type="erasure",
                         scope={"fact_id": str(fact.pk)}, verified=True)
    with pytest.raises(ResidueFound) as raised:
        dsr_execute(actor=Actor.system("rights"), request_id=request.pk)
    assert raised.value.residue["matches"] == 1 and raised.value.residue["where"] == ["memory_digest.text"]
    assert "Bazorimuto" not in str(raised.value)  # counts and store names, never values
    request.refresh_from_db()
    assert request.status == DataSubjectRequest.Status.IN_PROGRESS
    assert CollectiveFact.objects.filter(pk=fact.pk).exists()


def test_a_value_other_people_share_does_not_block_erasing_a_person(make_agent):
    """Common structured values ("morning") stay in other people's rows: not residue (found by evaluate)."""
    agents = [make_agent(f"shared-{i}")[0] for i in range(2)]
    for ref in ("ana", "bea"):
        for i, agent in enumerate(agents):
            memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref=ref, kind="fact",
                          content=f"Prefiere reuniones por la mañana ({ref})", session_id=f"{ref}-s{i}",
                          origin_ref=f"{ref}-u{i}", predicate="preference.meeting_time", value="morning",
                          asserted_by="user")
        consolidation_run_subject(actor=CONSOLIDATOR, subject_id=Subject.objects.get(external_ref=ref).pk)
    assert CollectiveFact.objects.filter(status="current", value="morning").count() == 2
    ana = Subject.objects.get(external_ref="ana")
    request = erase(ana, {"all": True})
    assert request.status == DataSubjectRequest.Status.COMPLETED
    assert request.result["residue"]["matches"] == 0 and request.result["residue"]["shared_values_not_searched"] >= 1
    assert not Subject.objects.filter(external_ref="ana").exists()
    assert CollectiveFact.objects.filter(subject__external_ref="bea", status="current").count() == 1


def test_erasing_what_one_agent_knows_checks_shared_values_too(make_agent):
    agents = [make_agent(f"scope-{i}")[0] for i in range(2)]
    for i, agent in enumerate(agents):
        memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="fact",
                      content=f"Prefiere reuniones por la mañana, nota {i}", session_id=f"s{i}", origin_ref=f"u{i}",
                      predicate="preference.meeting_time", value="morning", asserted_by="user")
    ana = Subject.objects.get(external_ref="ana")
    request = erase(ana, {"agent": agents[0].slug})
    assert request.status == DataSubjectRequest.Status.COMPLETED and request.result["residue"]["matches"] == 0
    assert request.result["counts"]["memories"] == 1


def test_a_sentence_inside_another_persons_note_does_not_block_erasure(make_agent):
    agent = make_agent("substring")[0]
    for ref, content in (("ana", "Prefiere informes breves"), ("bea", "Dijo que Prefiere informes breves los lunes")):
        memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref=ref, kind="fact", content=content,
                      session_id=f"{ref}-s", origin_ref=f"{ref}-u", key="report", category="user.behavior",
                      asserted_by="user")
    marker = "Bazorimuto es la palabra secreta"
    memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref="ana", kind="fact", content=marker,
                  session_id="ana-s2", origin_ref="ana-u2", key="word", category="user.behavior", asserted_by="user")
    ana = Subject.objects.get(external_ref="ana")
    request = erase(ana, {"all": True})
    assert request.status == DataSubjectRequest.Status.COMPLETED
    residue = request.result["residue"]
    assert residue["matches"] == 0 and residue["shared_values_not_searched"] == 1
    assert residue["values_searched"] == 1  # the marker was still searched
