"""Suite 2 — independence: repetition, shared sources and echoes never manufacture consensus.

Per synthetic person (``independence_people``):

* duplicated sessions — one agent repeats a fact in five sessions (and three times in one);
* shared source — three agents record the same utterance (one origin root);
* sock puppets — one agent opens six sessions, each claiming a fresh utterance, while two other
  agents only *infer* the fact (asserted by the agent);
  none of these may promote (``uncorroborated_promotions``, hard);
* seeded echoes, after a fact was legitimately promoted by two agents — a third agent is served
  the fact by the real recall service and then (a) restates it verbatim, (b) restates a paraphrase
  under the same predicate, (c) launders it through a session-end summary; (d) *revival*: one of
  the two original supports is disputed by the person while an echo of the fact exists — the
  version must close as unsupported rather than survive on its echo; (e) a 20-round feedback loop
  (read → restate → consolidate). Any echo evidence counted, support raised or version kept
  alive is an ``echo_promotions`` failure (hard);
* a legitimate re-confirmation (a new utterance from an agent never served the fact) must count.
"""

from __future__ import annotations

from collections import Counter

from evaluation.metrics import SuiteResult, ratio
from evaluation.runtime import Run
from evaluation.synth import ACTOR, remember
from memory.models import CollectiveFact, Evidence
from memory.services.recall import recall
from memory.services.memories import memory_dispute
from memory.services.sessions import session_end

PURPOSE = "essential.service"


def run(run: Run) -> SuiteResult:
    result = SuiteResult("independence", "Independence of evidence and anti-echo")
    people = run.params["independence_people"]
    rounds = run.params["echo_rounds"]
    synth = run.synth
    a, b, c, d = (synth.agent(f"ind-{x}") for x in "abcd")
    echo = synth.agent("ind-echo", role="explorer")
    run.progress.start("independence", people * (4 + rounds))
    uncorroborated = 0
    attempts = 0
    echo_failures: Counter[str] = Counter()
    echo_served = 0
    reconfirm_counted = 0
    loop_support_drift = 0
    for p in range(people):
        fact_a, fact_b, fact_c, fact_d = synth.facts_for_person(4)

        # -- duplicated sessions, shared source, sock puppets: nothing may promote --------------
        ref = synth.ref("ind")
        for s in range(5):
            remember(a, ref, synth.wording(fact_a, s % 2, "es"), session=f"dup-{p}-{s}", origin=f"dup-utt-{p}-{s}",
                     predicate=fact_a.predicate, value=fact_a.value)
        for _ in range(3):
            remember(a, ref, synth.wording(fact_a, 0, "en"), session=f"dup-{p}-same", origin=f"dup-utt-{p}-same",
                     predicate=fact_a.predicate, value=fact_a.value)
        for i, agent in enumerate((b, c, d)):
            remember(agent, ref, synth.wording(fact_b, i % 2), session=f"shared-{p}-{i}", origin=f"shared-utt-{p}",
                     predicate=fact_b.predicate, value=fact_b.value)
        for s in range(6):
            remember(a, ref, synth.wording(fact_c, s % 2), session=f"puppet-{p}-{s}", origin=f"puppet-utt-{p}-{s}",
                     predicate=fact_c.predicate, value=fact_c.value)
        for i, agent in enumerate((b, c)):
            remember(agent, ref, synth.wording(fact_c, i % 2), session=f"infer-{p}-{i}", predicate=fact_c.predicate,
                     value=fact_c.value, asserted_by="agent")
        run.embed()
        run.consolidate(ref)
        attempts += 3
        uncorroborated += CollectiveFact.objects.filter(subject__external_ref=ref).exclude(
            status__in=["rejected"]).values("lineage").distinct().count()
        run.progress.step()

        # -- seeded echoes -----------------------------------------------------------------------
        ref = synth.ref("echo")
        base = _promote(run, ref, (a, b), fact_d)
        if base is None:
            result.add(f"baseline_promoted_{p}", 0, 1, ">=", description="a corroborated fact to echo")
            continue

        def served(session: str) -> bool:
            items = recall(agent=echo, subject_ref=ref, query=fact_d.query_es, purpose=PURPOSE,
                           session_id=session).items
            return any(i.layer == "collective" and i.id in _version_ids(ref) for i in items)

        # (a) direct restatement
        echo_served += served(f"echo-direct-{p}")
        direct = remember(echo, ref, base.statement, session=f"echo-direct-{p}", predicate=fact_d.predicate,
                          value=fact_d.value)
        # (b) paraphrased restatement
        echo_served += served(f"echo-para-{p}")
        para = remember(echo, ref, synth.wording(fact_d, 1, "en"), session=f"echo-para-{p}",
                        predicate=fact_d.predicate, value=fact_d.value)
        # (c) laundering through a session summary
        echo_served += served(f"echo-summary-{p}")
        summary = session_end(agent=echo, subject_ref=ref, session_id=f"echo-summary-{p}",
                              done="Prepared the weekly status update for the person",
                              went_well="The person's preferences were already known from memory",
                              went_wrong="I asked twice for the format before checking the notes",
                              improve="Search memory for known preferences before asking the person again",
                              relevant_for_others=[synth.wording(fact_d, 0, "es")])
        run.embed()
        run.consolidate(ref)
        echo_ids = [direct.pk, para.pk] + [m.pk for m in getattr(summary, "candidates", [])]
        if _echo_counted(ref, echo_ids, expected_agents=2):
            echo_failures["restatement"] += 1
        run.progress.step()

        # (e) 20-round feedback loop
        for r in range(rounds):
            session = f"loop-{p}-{r}"
            echo_served += served(session)
            current = run.current(ref)
            # Alternate wordings so each round is a new private memory (an identical one would
            # be deduplicated, and a new one supersedes the agent's previous version of the key).
            text = [current[0].statement if current else base.statement, synth.wording(fact_d, 0, "es"),
                    synth.wording(fact_d, 1, "en")][r % 3]
            echo_ids.append(remember(echo, ref, text, session=session, predicate=fact_d.predicate,
                                     value=fact_d.value).pk)
            run.consolidate(ref)
            run.progress.step()
        if _echo_counted(ref, echo_ids, expected_agents=2):
            echo_failures["feedback_loop"] += 1
        versions = CollectiveFact.objects.filter(subject__external_ref=ref).count()
        loop_support_drift += int(versions != 1)

        # (f) a legitimate re-confirmation counts
        remember(c, ref, synth.wording(fact_d, 0, "en"), session=f"reconfirm-{p}", origin=f"reconfirm-utt-{p}",
                 predicate=fact_d.predicate, value=fact_d.value)
        run.embed()
        run.consolidate(ref)
        now = run.current(ref)
        reconfirm_counted += int(bool(now) and now[0].support_agents == 3)
        run.progress.step()

        # (d) revival: an echo must not keep a fact alive once its real support falls
        ref = synth.ref("revive")
        base = _promote(run, ref, (a, b), fact_d)
        if base is not None:
            echo_served += served(f"revive-{p}")
            remember(echo, ref, base.statement, session=f"revive-{p}", predicate=fact_d.predicate,
                     value=fact_d.value)
            supports = list(Evidence.objects.filter(fact=base, agent=b).values_list("memory_id", flat=True))
            memory_dispute(actor=ACTOR, memory_ids=supports)
            run.embed()
            run.consolidate(ref)
            if run.current(ref):
                echo_failures["revival"] += 1
        else:  # the revival scenario did not run: say so, or echo_promotions passes untested
            result.add(f"revival_baseline_promoted_{p}", 0, 1, ">=", description="a corroborated fact to revive")
        run.progress.step()
    run.progress.finish()

    result.add("uncorroborated_promotions", uncorroborated, 0, "<=", hard=True, unit="facts",
               description="facts promoted from duplicated sessions, one shared source or sock puppets "
                           f"({attempts} attempts)")
    result.add("echo_promotions", sum(echo_failures.values()), 0, "<=", hard=True, unit="scenarios",
               description="echo scenarios in which echo evidence was counted, raised support or kept a "
                           "version alive")
    for kind in ("restatement", "feedback_loop", "revival"):
        result.add(f"echo_{kind}_failures", echo_failures[kind], 0, "<=", unit="scenarios")
    result.add("echo_reads_served", echo_served, unit="reads",
               description="times the echoing agent was really served the fact before restating it")
    result.add("feedback_loop_version_drift", loop_support_drift, 0, "<=", unit="people",
               description=f"people whose fact gained versions over {rounds} echo rounds")
    result.add("legitimate_reconfirmation_counted", ratio(reconfirm_counted, people), 1.0, ">=", unit="ratio",
               description="a new utterance from an agent never served the fact counts (no false discard)")
    reasons = Counter(Evidence.objects.filter(counted=False).values_list("discount_reason", flat=True))
    result.tables["discounted_evidence"] = [{"reason": r, "evidence": n} for r, n in sorted(reasons.items())]
    return result


def _promote(run: Run, ref: str, agents, fact) -> CollectiveFact | None:  # noqa: ANN001
    for i, agent in enumerate(agents):
        remember(agent, ref, run.synth.wording(fact, i % 2), session=f"base-{ref}-{i}", origin=f"base-utt-{ref}-{i}",
                 predicate=fact.predicate, value=fact.value)
    run.embed()
    run.consolidate(ref)
    current = run.current(ref)
    return current[0] if current else None


def _version_ids(ref: str) -> set[str]:
    return {str(pk) for pk in CollectiveFact.objects.filter(subject__external_ref=ref).values_list("pk", flat=True)}


def _echo_counted(ref: str, echo_memory_ids: list[int], *, expected_agents: int) -> bool:
    counted = Evidence.objects.filter(memory_id__in=echo_memory_ids, counted=True).exists()
    current = CollectiveFact.objects.filter(subject__external_ref=ref, status="current")
    raised = any(f.support_agents > expected_agents for f in current)
    return counted or raised
