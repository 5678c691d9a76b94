"""Suite 3 — contradiction and temporality: change without rewriting the past.

Per synthetic person (``temporality_people``), two or four agents and the real write,
consolidation and as-of services:

* legitimate change — a value valid since 60 days ago is promoted, then both agents hear a new
  value: the old version closes (``superseded``, ``valid_to`` set, value untouched) and the new
  one revises it;
* stale information — two other agents then report the *old* value with its old validity: the
  current value must stay;
* as-of reconstruction — what was believed before the change (``as_of``), what held 30 days ago
  as believed then (``valid_at``), and what is believed now;
* conflicts recency cannot settle — a high-impact predicate (``project.current`` marked
  high-impact in the throwaway registry) changes: the new value waits in review, the old stays
  current; an agent's inference against a verified record is kept beside it as a trust conflict,
  surfaced by recall, never silently resolved.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from evaluation.metrics import SuiteResult, ratio
from evaluation.runtime import Run
from evaluation.synth import FACTS, PROJECTS, project_fact, remember
from governance.models import Predicate, ReviewItem
from memory.models import CollectiveFact, Memory
from memory.selectors.collective import fact_versions_as_of
from memory.services.recall import recall


def run(run: Run) -> SuiteResult:
    result = SuiteResult("temporality", "Contradiction and temporality")
    people = run.params["temporality_people"]
    synth = run.synth
    # tmp-a is also a registered verified channel: its system records are the verified ones below.
    a, b, c, d = (synth.agent(f"tmp-{x}", verified_channel=x == "a") for x in "abcd")
    run.progress.start("temporality", people)
    changes = stale_ok = asof_ok = asof_checks = review_ok = values_untouched = conflicts_ok = 0
    Predicate.objects.filter(key="project.current").update(high_impact=True)
    try:
        for p in range(people):
            old_t, new_t = _pair_of_values(synth, p)
            ref = synth.ref("tmp")
            long_ago = timezone.now() - timedelta(days=60)
            for i, agent in enumerate((a, b)):
                remember(agent, ref, synth.wording(old_t, i % 2), session=f"t-old-{p}-{i}", origin=f"t-old-utt-{p}-{i}",
                         predicate=old_t.predicate, value=old_t.value, valid_from=long_ago)
            run.embed()
            run.consolidate(ref)
            before = run.current(ref)
            moment_before = timezone.now()
            for i, agent in enumerate((a, b)):
                remember(agent, ref, synth.wording(new_t, i % 2), session=f"t-new-{p}-{i}", origin=f"t-new-utt-{p}-{i}",
                         predicate=new_t.predicate, value=new_t.value)
            run.embed()
            run.consolidate(ref)
            after = run.current(ref)
            old = CollectiveFact.objects.filter(pk=before[0].pk).first() if len(before) == 1 else None
            changed = (old is not None and old.status == "superseded" and old.valid_to is not None
                       and len(after) == 1 and after[0].value == new_t.value and after[0].revises_id == old.pk)
            changes += changed
            values_untouched += int(old is not None and old.value == old_t.value)
            # as-of reconstruction
            checks = [
                [f.pk for f in fact_versions_as_of(subject_ref=ref, as_of=moment_before)] == [f.pk for f in before],
                [f.pk for f in fact_versions_as_of(subject_ref=ref, as_of=moment_before,
                                                   valid_at=timezone.now() - timedelta(days=30))]
                == [f.pk for f in before],
                [f.pk for f in fact_versions_as_of(subject_ref=ref, as_of=timezone.now())] == [f.pk for f in after],
            ]
            asof_checks += len(checks)
            asof_ok += sum(checks) if before else 0
            # stale information arrives late with its old validity
            for i, agent in enumerate((c, d)):
                remember(agent, ref, synth.wording(old_t, i % 2, "en"), session=f"t-stale-{p}-{i}",
                         origin=f"t-stale-utt-{p}-{i}", predicate=old_t.predicate, value=old_t.value,
                         valid_from=long_ago - timedelta(days=30))
            run.embed()
            run.consolidate(ref)
            now = run.current(ref)
            stale_ok += int(len(now) == 1 and now[0].value == new_t.value)

            # high impact: recency does not decide
            ref_hi = synth.ref("tmp-hi")
            first, second = project_fact(PROJECTS[p % len(PROJECTS)]), project_fact(PROJECTS[(p + 1) % len(PROJECTS)])
            for step, fact in enumerate((first, second)):
                for i, agent in enumerate((a, b)):
                    remember(agent, ref_hi, synth.wording(fact, i % 2), session=f"hi-{p}-{step}-{i}",
                             origin=f"hi-utt-{p}-{step}-{i}", predicate=fact.predicate, value=fact.value)
                run.embed()
                run.consolidate(ref_hi)
            current = run.current(ref_hi)
            pending = CollectiveFact.objects.filter(subject__external_ref=ref_hi, status="pending_review")
            subject_id = Memory.objects.filter(subject__external_ref=ref_hi).values_list("subject_id", flat=True)[0]
            review_ok += int(len(current) == 1 and current[0].value == first.value and pending.count() == 1
                             and ReviewItem.objects.filter(subject_id=subject_id, reason="high_impact_change").exists())

            # trust conflict: an inference never silently replaces a verified record
            ref_tc = synth.ref("tmp-tc")
            lang = FACTS[p % 2]
            other = FACTS[(p + 1) % 2]
            verified = remember(a, ref_tc, synth.wording(lang, 0), session=f"tc-{p}", origin=f"crm:{p}",
                                predicate=lang.predicate, value=lang.value, asserted_by="system", trust="verified")
            challenger = remember(a, ref_tc, synth.wording(other, 0), session=f"tc-{p}-2",
                                  predicate=other.predicate, value=other.value, asserted_by="agent")
            verified.refresh_from_db()
            run.embed()
            items = recall(agent=a, subject_ref=ref_tc, query=lang.query_es, purpose="essential.service",
                           session_id=f"tc-r-{p}").items
            surfaced = any(i.id == str(challenger.pk) and i.conflict == str(verified.pk) for i in items) or any(
                i.id == str(verified.pk) and i.conflict == str(challenger.pk) for i in items)
            conflicts_ok += int(verified.status == "active" and surfaced)
            run.progress.step()
    finally:
        Predicate.objects.filter(key="project.current").update(high_impact=False)
    run.progress.finish()
    result.add("people", people, unit="people")
    result.add("legitimate_changes_applied", ratio(changes, people), 1.0, ">=", unit="ratio",
               description="newer value supersedes; old version closed with valid_to, linked by revises")
    result.add("past_values_rewritten", people - values_untouched, 0, "<=", hard=True, unit="versions",
               description="closed versions whose value changed (values are never updated in place)")
    result.add("stale_information_rejected", ratio(stale_ok, people), 1.0, ">=", unit="ratio",
               description="a late report of an older value does not replace the current one")
    result.add("as_of_reconstruction", ratio(asof_ok, asof_checks), 1.0, ">=", unit="ratio",
               description="as_of / valid_at queries return what was believed / valid then")
    result.add("high_impact_to_review", ratio(review_ok, people), 1.0, ">=", unit="ratio",
               description="a high-impact change waits for a reviewer; recency does not decide")
    result.add("trust_conflicts_surfaced", ratio(conflicts_ok, people), 1.0, ">=", unit="ratio",
               description="an inference against a verified record is kept beside it and flagged in recall")
    return result


def _pair_of_values(synth, p: int):  # noqa: ANN001, ANN202
    """An old and a new value of one single-valued predicate (from the synthetic templates)."""
    pairs = [(FACTS[i], FACTS[i + 1]) for i in range(0, len(FACTS), 2)]
    old, new = pairs[p % len(pairs)]
    return (old, new) if p % 2 == 0 else (new, old)
