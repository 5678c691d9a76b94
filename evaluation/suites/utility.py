"""Suite 6 — utility: what one agent learned saves another from asking again, while each agent's
private memory stays its own.

Per synthetic person (``utility_people``), two work agents learn ``utility_facts`` continuity facts
from the person in separate sessions (Spanish and English wordings), and each also keeps private
working notes. A third agent that was never told anything then asks recall one question per
fact (bounded to 3 items). A fact it receives from the collective layer is a *repetition
avoided* — without the layer it would have to ask the person again. Its answers must never hold
the other agents' private notes (hard), and each original agent must still find its own notes
first (specialisation is not diluted by the shared layer).
"""

from __future__ import annotations

from evaluation.metrics import SuiteResult, ratio
from evaluation.runtime import Run
from evaluation.synth import remember
from memory.services.briefing import briefing
from memory.services.recall import recall

PURPOSE = "essential.service"


def run(run: Run) -> SuiteResult:
    result = SuiteResult("utility", "Utility: repetitions avoided, private memory kept private")
    synth = run.synth
    a, b = synth.agent("utl-a", role="planner"), synth.agent("utl-b", role="support", domain="support")
    newcomer = synth.agent("utl-new", role="reviewer")
    people, per_person = run.params["utility_people"], run.params["utility_facts"]
    run.progress.start("utility", people)
    total = avoided = promoted = 0
    private_leaks = 0
    own_hits = own_total = own_in_budget = 0
    briefed = 0
    for p in range(people):
        ref = synth.ref("utl")
        facts = synth.facts_for_person(per_person)
        for n, fact in enumerate(facts):
            for i, agent in enumerate((a, b)):
                lang = "es" if (p + n + i) % 2 == 0 else "en"
                remember(agent, ref, synth.wording(fact, i % 2, lang), session=f"utl-{p}-{i}-{n % 2}",
                         origin=f"utl-utt-{p}-{n}-{i}", predicate=fact.predicate, value=fact.value)
        notes = {}
        for agent, text in ((a, "Nota de planificación: revisar el tablero {m} antes de proponer fechas"),
                            (b, "Support note: ticket queue {m} is where this person's requests go")):
            marker = synth.code()
            notes[agent.slug] = marker
            remember(agent, ref, text.format(m=marker), session=f"utl-note-{p}", origin=f"utl-note-{p}-{agent.slug}",
                     key="working_note", category="user.behavior", asserted_by="agent")
        run.embed()
        run.consolidate(ref)
        current = {f.key: f for f in run.current(ref)}
        promoted += sum(1 for f in facts if f.predicate in current)
        # Before its first question: what changed about this person that the newcomer should know.
        _, brief = briefing(agent=newcomer, subject_ref=ref)
        ids = {str(f.pk) for f in current.values()}
        briefed += sum(1 for item in brief if item.id in ids)
        private_leaks += sum(1 for item in brief for m in notes.values() if m in item.text)
        for n, fact in enumerate(facts):
            total += 1
            query = fact.query_es if (p + n) % 2 == 0 else fact.query_en
            items = recall(agent=newcomer, subject_ref=ref, query=query, purpose=PURPOSE, session_id=f"new-{p}",
                           max_items=3).items
            wanted = current.get(fact.predicate)
            avoided += int(wanted is not None and any(i.id == str(wanted.pk) for i in items))
            private_leaks += sum(1 for i in items for m in notes.values() if m in i.text)
        for agent, query in ((a, "¿qué tablero reviso antes de proponer fechas?"),
                             (b, "which ticket queue handles this person's requests?")):
            own_total += 1
            items = recall(agent=agent, subject_ref=ref, query=query, purpose=PURPOSE, session_id=f"own-{p}").items
            position = next((k for k, i in enumerate(items) if notes[agent.slug] in i.text), None)
            own_hits += int(position is not None and position < 3)
            own_in_budget += int(position is not None)
            other = notes[b.slug if agent is a else a.slug]
            private_leaks += sum(1 for i in items if other in i.text)
        run.progress.step()
    run.progress.finish()
    result.add("facts_needed", total, unit="facts", description="facts the newcomer needed")
    result.add("facts_promoted", ratio(promoted, total), 0.9, ">=", unit="ratio",
               description="share of the learned facts corroborated into the collective layer")
    result.add("repetitions_avoided", avoided, unit="facts",
               description="needed facts the newcomer got from recall (top 3) instead of asking again")
    result.add("repetitions_avoided_rate", ratio(avoided, total), 0.8, ">=", unit="ratio",
               description="baseline without the collective layer: 0")
    result.add("briefing_coverage", ratio(briefed, promoted), 0.9, ">=", unit="ratio",
               description="promoted facts the newcomer's briefing announces")
    result.add("own_notes_in_top3", ratio(own_hits, own_total), 0.9, ">=", unit="ratio",
               description="an agent's own private note (asserted by the agent, so 'inferred') is among its top 3 "
                           "recall answers to a question about it: specialisation is not crowded out")
    result.add("own_notes_in_budget", ratio(own_in_budget, own_total), 1.0, ">=", unit="ratio",
               description="... among the default 10 recall items")
    result.add("private_leaks", private_leaks, 0, "<=", hard=True, unit="leaks",
               description="another agent's private note in recall or briefing")
    return result
