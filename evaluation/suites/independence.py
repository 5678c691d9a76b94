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

Lineages and echoes nobody declares (issue 16), all through the HTTP API (``POST memories``,
``GET collective/facts``) and the real consolidation:

* sock puppets of one lineage — five agents of one lineage in five sessions, and ten agents of one
  operator in ten, each with a "fresh" utterance of one claim: nothing may promote
  (``lineage_sock_puppet_promotions``, hard);
* the positive control — the same claim from agents of two lineages must promote, with
  ``lineages`` = 2 (``two_lineages_promoted``, hard: the suite fails both ways);
* summary laundering — two agents served four facts each write "Resumen semanal: …, Además: …":
  no new collective fact (``laundering_new_facts``, hard); the same note from agents never served
  anything does promote (``laundering_control_promoted``, soft: it shows the rule is about what
  the writers were served);
* an invented root after a read — an agent served the fact restates it in a new session with
  ``asserted_by=user`` and an ``origin_ref`` nobody can check: support unchanged
  (``invented_root_support_raised``, hard).
"""

from __future__ import annotations

from collections import Counter

from typing import Any

from agents_registry.models import Agent
from agents_registry.services.agents import agent_create
from evaluation.metrics import SuiteResult, ratio
from evaluation.runtime import Run
from evaluation.synth import ACTOR, FactTemplate, remember
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
    run.progress.start("independence", people * (5 + rounds))
    uncorroborated = 0
    attempts = 0
    echo_failures: Counter[str] = Counter()
    echo_served = 0
    reconfirm_counted = 0
    loop_support_drift = 0
    lineage_totals: Counter[str] = Counter()
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
        _lineage_scenarios(run, result, p, lineage_totals)
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
    result.add("lineage_sock_puppet_promotions", lineage_totals["puppet_promotions"], 0, "<=", hard=True,
               unit="facts", description="facts promoted from 5 agents of one lineage in 5 sessions and 10 agents "
                                         f"of one operator in 10 sessions, each with a fresh origin ({people} people)")
    result.add("two_lineages_promoted", ratio(lineage_totals["control_ok"], people), 1.0, ">=", hard=True,
               unit="ratio", description="the positive control: one fact with lineages = 2 from agents of two "
                                         "lineages (the suite fails both ways)")
    result.add("laundering_new_facts", lineage_totals["laundered"], 0, "<=", hard=True, unit="facts",
               description="new collective facts from a weekly summary by two agents served the facts it restates")
    result.add("laundering_control_promoted", ratio(lineage_totals["laundering_control"], people), 1.0, ">=",
               unit="ratio", description="the same note from two agents never served anything promotes (the rule "
                                         "reads what was served, not the text alone)")
    result.add("invented_root_support_raised", lineage_totals["invented_raised"], 0, "<=", hard=True,
               unit="facts", description="support raised by a restatement with asserted_by=user and an invented "
                                         "origin_ref, in a new session after a read")
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


# -- lineages and undeclared echoes (issue 16), through the HTTP API ---------------------------------


def _lineage_scenarios(run: Run, result: SuiteResult, p: int, totals: Counter[str]) -> None:
    synth = run.synth
    fact_a, fact_b, fact_c, fact_d = synth.facts_for_person(4)
    counts = result.tables.setdefault("lineage_scenarios", [])

    # Sock puppets: one lineage, many agents, many sessions, "fresh" utterances every time.
    puppet_promotions = 0
    for size, fact in ((5, fact_a), (10, fact_b)):
        ref = synth.ref(f"puppets{size}")
        for i in range(size):
            client = run.client(_agent(run, f"puppet{size}-{p}-{i}", lineage=f"operator{size}-{p}"))
            _post(client, ref, synth.wording(fact, i % 2, ["es", "en"][i // 2 % 2]), fact, session=f"pup-{p}-{i}",
                  origin=f"pup-utt-{size}-{p}-{i}")
        run.embed()
        run.consolidate(ref)
        promoted = CollectiveFact.objects.filter(subject__external_ref=ref).count()
        puppet_promotions += promoted
        counts.append({"scenario": f"{size} agents, one lineage, {size} sessions", "facts": promoted})

    # The positive control: two lineages (two agents of one, one of another) promote.
    ref = synth.ref("two-lineages")
    for i, lineage in enumerate((f"op-x-{p}", f"op-x-{p}", f"op-y-{p}")):
        _post(run.client(_agent(run, f"two-{p}-{i}", lineage=lineage)), ref, synth.wording(fact_c, i % 2, "es"),
              fact_c, session=f"two-{p}-{i}", origin=f"two-utt-{p}-{i}")
    run.embed()
    run.consolidate(ref)
    control = run.current(ref)
    control_ok = len(control) == 1 and control[0].support_lineages == 2 and control[0].support_agents == 3
    counts.append({"scenario": "two lineages (2 + 1 agents)", "facts": len(control)})

    # Summary laundering: served four facts, two agents write the week's summary.
    laundered, control_promoted = _laundering(run, p, synth.facts_for_person(4))
    counts.append({"scenario": "laundering summary (served)", "facts": laundered})
    counts.append({"scenario": "same note, writers never served", "facts": control_promoted})

    # An invented root after a read.
    ref = synth.ref("invented-root")
    sources = [_agent(run, f"root-src-{p}-{i}", lineage=f"root-src-{p}-{i}") for i in range(2)]
    for i, agent in enumerate(sources):
        _post(run.client(agent), ref, synth.wording(fact_d, i, "es"), fact_d, session=f"root-{p}-{i}",
              origin=f"root-utt-{p}-{i}")
    run.embed()
    run.consolidate(ref)
    raised = 0
    before = run.current(ref)
    if before:
        reader = run.client(_agent(run, f"root-reader-{p}", lineage=f"root-reader-{p}"))
        reader.get("/api/v1/collective/facts", {"subject": ref, "session_id": f"monday-{p}", "purpose": PURPOSE})
        _post(reader, ref, before[0].statement, fact_d, session=f"tuesday-{p}", origin=f"invented-utt-{p}")
        run.embed()
        run.consolidate(ref)
        after = run.current(ref)
        raised = int(not after or (after[0].support_roots, after[0].support_agents) >
                     (before[0].support_roots, before[0].support_agents))
    else:
        result.add(f"invented_root_baseline_promoted_{p}", 0, 1, ">=", description="a corroborated fact to restate")
    counts.append({"scenario": "invented root after a read (support raised)", "facts": raised})

    totals.update({"puppet_promotions": puppet_promotions, "control_ok": int(control_ok), "laundered": laundered,
                   "laundering_control": control_promoted, "invented_raised": raised})


def _laundering(run: Run, p: int, facts: list[FactTemplate]) -> tuple[int, int]:
    """(new facts from the served writers' summary, new facts from the never-served writers')."""
    outcomes = []
    for label, served in (("launder", True), ("diary", False)):
        ref = run.synth.ref(label)
        sources = [_agent(run, f"{label}-src-{p}-{i}", lineage=f"{label}-src-{p}-{i}") for i in range(2)]
        for i, agent in enumerate(sources):
            for fact in facts:
                _post(run.client(agent), ref, run.synth.wording(fact, i, "es"), fact, session=f"{label}-{p}-{i}",
                      origin=f"{label}-utt-{p}-{i}-{fact.predicate}")
        run.embed()
        run.consolidate(ref)
        base = CollectiveFact.objects.filter(subject__external_ref=ref, status="current").count()
        summary = ("Resumen semanal: " + ", ".join(run.synth.wording(f, 1, "es").lower() for f in facts)
                   + ". Además: prefiere el café solo por la tarde.")
        for i in range(2):
            writer = run.client(_agent(run, f"{label}-writer-{p}-{i}", lineage=f"{label}-writer-{p}-{i}"))
            if served:
                writer.get("/api/v1/collective/facts", {"subject": ref, "session_id": f"{label}-read-{p}-{i}",
                                                        "purpose": PURPOSE})
            response = writer.post("/api/v1/memories", {
                "subject": ref, "kind": "fact", "content": summary, "asserted_by": "user",
                "session_id": f"{label}-week-{p}-{i}", "origin_ref": f"{label}-weekly-{p}-{i}", "key": "weekly-summary",
                "category": "user.behavior"}, format="json")
            assert response.status_code == 201, response.status_code
        run.embed()
        run.consolidate(ref)
        outcomes.append(CollectiveFact.objects.filter(subject__external_ref=ref, status="current").count() - base)
    return outcomes[0], outcomes[1]


def _agent(run: Run, label: str, *, lineage: str) -> Agent:
    """An agent of ``lineage`` (created once per run; its key kept for the HTTP client)."""
    slug = f"{run.synth.prefix}-{label}"[:64]
    existing = Agent.objects.filter(slug=slug).first()
    if existing is not None:
        return existing
    created = agent_create(actor=ACTOR, slug=slug, role="planner", domain="work", purposes=[PURPOSE],
                           lineage=f"{run.synth.prefix}-{lineage}"[:64])
    run.synth.keys[slug] = created.key
    return created.agent


def _post(client: Any, ref: str, content: str, fact: FactTemplate, *, session: str, origin: str) -> None:
    response = client.post("/api/v1/memories", {
        "subject": ref, "kind": "fact", "content": content, "asserted_by": "user", "session_id": session,
        "origin_ref": origin, "predicate": fact.predicate, "value": fact.value}, format="json")
    assert response.status_code == 201, response.status_code
