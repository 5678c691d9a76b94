"""Suite 5 — rights: inspection, rectification and erasure traced to every derivative.

Per synthetic person (``rights_people``): three work agents corroborate a fact carrying a unique
marker and a continuity fact; one keeps a private note with another marker; another agent is
served the facts (read log, briefing). Then, through the real request service and the function
the rights worker runs (``dsr_submit`` + ``dsr_execute``):

* inspection — the access export lists every private memory, every fact version, every read;
  the PROV export names every lineage;
* rectification — the continuity fact is corrected: the old version closes as ``rectified``, the
  person's version is current, supporting memories are disputed, recall serves the correction
  and ``as_of`` before still shows what was believed; a later pass keeps the correction;
* erasure of one fact — receipt with counts, residue scan 0, and an independent residue scan of
  the marker over every text/JSON column and Redis; then the agents learn the same fact again
  from new utterances: it must not be promoted again (suppression);
* erasure of the whole person — residue 0 for every marker and the reference; re-learning after
  it must not resurrect the fact either.

``erasure_residue`` and ``resurrections`` are hard invariants.
"""

from __future__ import annotations

import json

from django.utils import timezone

from config.actors import Actor
from evaluation.metrics import SuiteResult, ratio
from evaluation.runtime import Run
from evaluation.synth import ACTOR, remember
from governance.errors import ResidueFound
from governance.models import DataSubjectRequest
from governance.selectors.exports import access_export, access_prov
from governance.services.dsr import dsr_execute, dsr_submit
from governance.services.residue import residue_scan
from memory.models import CollectiveFact, Memory, ReadLog, Subject
from memory.selectors.collective import fact_versions_as_of
from memory.services.briefing import briefing
from memory.services.recall import recall

PURPOSE = "essential.service"


def _request(subject_id, type_: str, scope: dict, payload: dict | None = None) -> DataSubjectRequest:  # noqa: ANN001
    request = dsr_submit(actor=ACTOR, subject_id=subject_id, type=type_, scope=scope, payload=payload, verified=True)
    try:
        dsr_execute(actor=Actor.system("rights"), request_id=request.pk)  # what the rights worker runs
    except ResidueFound as exc:
        # The erasure rolled back and the request stays open: count what the scan found.
        request.refresh_from_db()
        request.result = {"residue": exc.residue}
        return request
    request.refresh_from_db()
    return request


def run(run: Run) -> SuiteResult:
    result = SuiteResult("rights", "Data-subject rights traced to every derivative")
    synth = run.synth
    agents = [synth.agent(f"rig-{x}") for x in "abc"]
    reader = synth.agent("rig-reader", role="explorer")
    people = run.params["rights_people"]
    run.progress.start("rights", people * 4)
    found = expected = 0
    rect_ok = rect_checks = 0
    residue = 0
    receipts_ok = 0
    resurrections = 0
    erasure_ms: list[float] = []
    where: list[str] = []
    for p in range(people):
        ref = synth.ref("rig")
        word, note = synth.code(), synth.code()
        (fact,) = [f for f in synth.facts_for_person(3) if f.predicate != "project.current"][:1]

        def learn_word(round_: str) -> None:
            for i, agent in enumerate(agents):
                remember(agent, ref, f"Su palabra de proyecto favorita es {word}", session=f"{round_}-{p}-{i}",
                         origin=f"{round_}-utt-{p}-{i}", key="favourite_word", category="user.behavior")

        learn_word("word")
        for i, agent in enumerate(agents[:2]):
            remember(agent, ref, synth.wording(fact, i % 2), session=f"fact-{p}-{i}", origin=f"fact-utt-{p}-{i}",
                     predicate=fact.predicate, value=fact.value)
        remember(agents[0], ref, f"Nota privada: su bicicleta se llama {note}", session=f"note-{p}",
                 origin=f"note-utt-{p}", key="bike", category="user.behavior")
        run.embed()
        run.consolidate(ref)
        recall(agent=reader, subject_ref=ref, query=f"palabra favorita {word}", purpose=PURPOSE, session_id=f"rd-{p}")
        recall(agent=reader, subject_ref=ref, query=fact.query_es, purpose=PURPOSE, session_id=f"rd-{p}")
        briefing(agent=reader, subject_ref=ref, since=timezone.now() - timezone.timedelta(days=1))
        subject = Subject.objects.get(external_ref=ref)
        run.progress.step()

        # -- inspection -------------------------------------------------------------------------
        export = json.dumps(access_export(subject=subject), default=str)
        prov = access_prov(subject=subject).serialize(format="json")
        memory_ids = [str(pk) for pk in Memory.objects.filter(subject=subject).values_list("pk", flat=True)]
        fact_ids = [str(pk) for pk in CollectiveFact.objects.filter(subject=subject).values_list("pk", flat=True)]
        reads = ReadLog.objects.filter(subject=subject).count()
        lineages = {str(x) for x in CollectiveFact.objects.filter(subject=subject).values_list("lineage", flat=True)}
        expected += len(memory_ids) + len(fact_ids) + reads + len(lineages)
        found += sum(1 for i in memory_ids if f'"{i}"' in export) + sum(1 for i in fact_ids if f'"{i}"' in export)
        found += min(reads, len(json.loads(export)["recipients"]))
        found += sum(1 for lineage in lineages if lineage in prov)
        run.progress.step()

        # -- rectification ----------------------------------------------------------------------
        wrong = next((f for f in run.current(ref) if f.key == fact.predicate), None)
        rect_checks += 6
        if wrong is not None:
            before = timezone.now()
            corrected_text = f"Corrección de la persona: {synth.code()}"
            request = _request(subject.pk, "rectification", {"fact_id": str(wrong.pk)},
                               {"statement": corrected_text, "value": f"corrected-{p}"})
            wrong.refresh_from_db()
            current = [f for f in run.current(ref) if f.lineage == wrong.lineage]
            supporting = Memory.objects.filter(evidence__fact=wrong).distinct()
            items = recall(agent=reader, subject_ref=ref, query=fact.query_es, purpose=PURPOSE,
                           session_id=f"rd2-{p}").items
            run.consolidate(ref)
            rect_ok += sum([
                request.status == "completed" and wrong.status == "rectified",
                len(current) == 1 and current[0].subject_asserted and current[0].statement == corrected_text,
                supporting.exists() and all(m.status == "disputed" for m in supporting),
                any(i.text == corrected_text for i in items) and not any(i.id == str(wrong.pk) for i in items),
                wrong.pk in [f.pk for f in fact_versions_as_of(subject_ref=ref, as_of=before)],
                [f.statement for f in run.current(ref) if f.lineage == wrong.lineage] == [corrected_text],
            ])
        run.progress.step()

        # -- erasure of one fact, then re-learning ---------------------------------------------
        word_fact = next((f for f in run.current(ref) if f.key == "favourite_word"), None)
        if word_fact is not None:
            started = timezone.now()
            request = _request(subject.pk, "erasure", {"fact_id": str(word_fact.pk)})
            erasure_ms.append((timezone.now() - started).total_seconds() * 1000)
            receipt = request.result or {}
            receipts_ok += int(request.status == "completed" and receipt.get("counts", {}).get("facts", 0) >= 1)
            residue += int((receipt.get("residue") or {}).get("matches", 1))
            where.extend((receipt.get("residue") or {}).get("where", []))
            residue += _scan([word], where)
            learn_word("relearn")
            run.embed()
            run.consolidate(ref)
            resurrections += sum(1 for f in run.current(ref) if f.key == "favourite_word")
        else:
            residue += 1  # nothing to erase means the scenario failed to set up
        run.progress.step()

        # -- erasure of the whole person, then re-learning --------------------------------------
        started = timezone.now()
        request = _request(subject.pk, "erasure", {"all": True})
        erasure_ms.append((timezone.now() - started).total_seconds() * 1000)
        receipt = request.result or {}
        receipts_ok += int(request.status == "completed" and receipt.get("counts", {}).get("subjects") == 1)
        residue += int((receipt.get("residue") or {}).get("matches", 1))
        where.extend((receipt.get("residue") or {}).get("where", []))
        residue += _scan([word, note, ref], where)
        learn_word("after-all")
        run.embed()
        run.consolidate(ref)
        resurrections += sum(1 for f in run.current(ref) if f.key == "favourite_word")
        run.progress.step()
    run.progress.finish()
    if where:  # store names (table.column, redis type), never values
        result.tables["residue_locations"] = [{"store": w, "scans_finding_residue": where.count(w)}
                                              for w in sorted(set(where))]
    result.add("inspection_completeness", ratio(found, expected), 1.0, ">=", unit="ratio",
               description="private memories, fact versions, reads and lineages present in the access/PROV exports")
    result.add("rectification_traced", ratio(rect_ok, rect_checks), 1.0, ">=", unit="ratio",
               description="old version rectified, person's version current, supports disputed, recall and "
                           "as-of correct, a later pass keeps the correction")
    result.add("erasure_receipts", ratio(receipts_ok, people * 2), 1.0, ">=", unit="ratio",
               description="fact and whole-person erasures completed with a receipt")
    result.add("erasure_residue", residue, 0, "<=", hard=True, unit="matches",
               description="erased values found anywhere (receipt scan + an independent scan, DB and Redis)")
    result.add("resurrections", resurrections, 0, "<=", hard=True, unit="facts",
               description="erased facts promoted again after the agents re-learned them")
    result.add("erasure_max", max(erasure_ms) if erasure_ms else None, 2000, "<=", unit="ms",
               description="request to receipt, residue scan included (slowest run)")
    return result


def _scan(values: list[str], where: list[str]) -> int:
    report = residue_scan(values)
    where.extend(report["where"])
    return int(report["matches"])
