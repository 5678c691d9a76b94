"""Suite 4 — isolation: attempts to obtain what an agent must not receive, through the real API.

For each synthetic person P (and a second person Q) the suite builds: a fact two work agents
corroborated; each agent's own private notes carrying a unique synthetic marker; a fact only
health agents corroborated; a special-category fact (health condition) three health agents
agree on; the same kind of note in obfuscated forms (spaced-out, zero-width, fullwidth, leet,
homoglyph) that two work agents corroborate under a harmless declared category
(``user.behavior``); and a second promoted fact the person then restricts, plus a restriction on
one agent.
Every attempt goes through DRF in-process (Bearer keys, Django's test client) and every response
text is searched for markers the caller must not see:

* verbatim — another agent recalls / searches with the owner's exact words, lists memories, reads
  the owner's memory by id (must be 404), reads briefing and collective facts;
* other person — recall and collective facts about Q with P's words;
* out of purpose — an agent acting only for ``marketing``;
* cross domain — a ``sales`` agent, and a work agent for the health-only fact;
* restricted — the restricted fact to anyone; anything about P to the restricted agent.

Each leak count is a hard invariant; so is any special-category promotion (a fact in an Art. 9/10
category, a fact made of an obfuscated note, or an obfuscated note served to a third agent).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from config.actors import Actor
from evaluation.metrics import SuiteResult, ratio
from evaluation.runtime import Run
from evaluation.synth import ACTOR, remember
from governance.services.dsr import dsr_execute, dsr_submit
from governance.taxonomy import is_special_category
from memory.models import CollectiveFact, Subject

SINCE = "2000-01-01T00:00:00Z"
PURPOSE = "essential.service"
# Special-category notes as an agent might disguise them (the detector reads the folded form).
OBFUSCATED = ("Tiene d i a b e t e s tipo 2, tratamiento {m}", "Tiene dia\u200bbetes tipo 2, tratamiento {m}",
              "Ｔｉｅｎｅ ｄｉａｂｅｔｅｓ tipo 2, tratamiento {m}", "Tiene d3pr3sión, tratamiento {m}",
              "Va a la m e z q u i t a los viernes ({m})", "Es mυsυlmán ({m})")


def _texts(payload: Any) -> str:
    """Every string of a JSON response, joined (markers are searched in it)."""
    if isinstance(payload, dict):
        return " ".join(_texts(v) for v in payload.values())
    if isinstance(payload, list):
        return " ".join(_texts(v) for v in payload)
    return str(payload)


def run(run: Run) -> SuiteResult:
    result = SuiteResult("isolation", "Isolation between agents, people, purposes and domains")
    synth = run.synth
    a = synth.agent("iso-a")
    b = synth.agent("iso-b")
    d = synth.agent("iso-d")
    c = synth.agent("iso-c", domain="support")
    sales = synth.agent("iso-sales", domain="sales", purposes=["essential.service", "marketing"])
    mkt = synth.agent("iso-mkt", purposes=["marketing"])
    health = [synth.agent(f"iso-h{i}", domain="health") for i in range(3)]
    http = {agent.slug: run.client(agent) for agent in (a, b, c, d, sales, mkt, *health)}
    people = run.params["isolation_people"]
    run.progress.start("isolation", people * 2)
    leaks: Counter[str] = Counter()
    attempts: Counter[str] = Counter()
    answered = 0
    special = 0
    markers_intact = True
    controls = controls_ok = 0

    def attempt(kind: str, response: Any, forbidden: list[str], *, expect_status: int = 200) -> None:
        nonlocal answered
        attempts[kind] += 1
        answered += response.status_code == expect_status  # an error answer shows no isolation
        body = response.json() if response.content else {}
        if response.status_code != expect_status and response.status_code < 400:
            leaks[kind] += 1  # a foreign object answered other than "not found"
        text = _texts(body)
        if any(marker in text for marker in forbidden):
            leaks[kind] += 1

    for p in range(people):
        ref_p, ref_q = synth.ref("iso-p"), synth.ref("iso-q")
        f1, f2 = [f for f in synth.facts_for_person(3) if f.predicate != "preference.meeting_time"][:2]
        private: dict[str, str] = {}
        for agent in (a, b):
            marker = synth.code()
            private[agent.slug] = marker
            memory = remember(agent, ref_p, f"Comentó que su perro se llama {marker}", session=f"iso-{p}-{agent.slug}",
                              origin=f"iso-pet-{p}-{agent.slug}", key="pet", category="user.behavior")
            markers_intact &= marker in memory.content
            private[f"{agent.slug}-id"] = str(memory.pk)
        for i, agent in enumerate((a, b)):
            for n, fact in enumerate((f1, f2)):
                remember(agent, ref_p, synth.wording(fact, i % 2), session=f"iso-{p}-{i}-{n}", origin=f"iso-utt-{p}-{i}-{n}",
                         predicate=fact.predicate, value=fact.value)
        health_marker = synth.code()
        condition_marker = synth.code()
        for i, agent in enumerate(health):
            remember(agent, ref_p, f"Prefiere citas por la tarde (referencia {health_marker})",
                     session=f"iso-h-{p}-{i}", origin=f"iso-h-utt-{p}-{i}", predicate="preference.meeting_time",
                     value=f"afternoon {health_marker}")
            remember(agent, ref_p, f"Tiene diabetes tipo 2, tratamiento {condition_marker}", session=f"iso-h-{p}-{i}",
                     origin=f"iso-c-utt-{p}-{i}", key="condition", category="user.health_and_medical")
        obfuscated = [synth.code() for _ in OBFUSCATED]
        for n, (form, marker) in enumerate(zip(OBFUSCATED, obfuscated, strict=True)):
            for i, agent in enumerate((a, b)):
                remember(agent, ref_p, form.format(m=marker), session=f"iso-o-{p}-{n}-{i}",
                         origin=f"iso-o-utt-{p}-{n}-{i}", key=f"note-{n}", category="user.behavior")
        q_marker = synth.code()
        for i, agent in enumerate((a, b)):
            remember(agent, ref_q, f"Su proyecto secreto se llama {q_marker}", session=f"iso-q-{p}-{i}",
                     origin=f"iso-q-utt-{p}-{i}", predicate="project.mentioned", value=q_marker)
        run.embed()
        run.consolidate(ref_p)
        run.consolidate(ref_q)
        special += sum(1 for cat, statement in CollectiveFact.objects.filter(
            subject__external_ref__in=[ref_p, ref_q]).values_list("category", "statement")
            if is_special_category(cat) or any(marker in statement for marker in obfuscated))
        facts_p = {f.key: f for f in run.current(ref_p)}
        health_fact = facts_p.get("preference.meeting_time")  # f1 and f2 never use this predicate
        restricted = facts_p.get(f2.predicate)
        subject_p = Subject.objects.get(external_ref=ref_p)
        if restricted is not None:
            for scope in ({"fact": str(restricted.pk)}, {"agent": c.slug}):
                request = dsr_submit(actor=ACTOR, subject_id=subject_p.pk, type="restriction", scope=scope,
                                     verified=True)
                dsr_execute(actor=Actor.system("rights"), request_id=request.pk)  # what the rights worker runs
        run.progress.step()

        # -- positive controls: the same requests do return what the caller may see ----------------
        controls += 4
        own = http[a.slug].post("/api/v1/recall", {"subject": ref_p, "query": f"su perro {private[a.slug]}",
                                                   "purpose": PURPOSE, "session_id": f"own-{p}"}, format="json")
        controls_ok += private[a.slug] in _texts(own.json())
        shared = http[d.slug].get("/api/v1/collective/facts", {"subject": ref_p}).json()
        controls_ok += f1.predicate in _texts(shared)
        controls_ok += health_fact is not None and health_marker in _texts(
            run.client(health[0]).get("/api/v1/collective/facts", {"subject": ref_p}).json())
        controls_ok += restricted is not None

        # -- verbatim extraction by another agent -------------------------------------------------
        for thief, owner in ((b, a), (a, b), (d, a)):
            marker = private[owner.slug]
            client = http[thief.slug]
            forbidden = [marker]
            for query in (f"Comentó que su perro se llama {marker}", marker, "¿cómo se llama su perro?"):
                attempt("verbatim", client.post("/api/v1/recall", {"subject": ref_p, "query": query, "purpose": PURPOSE,
                                                                  "session_id": f"thief-{p}"}, format="json"),
                        [m for m in forbidden if private.get(thief.slug) != m])
                attempt("verbatim", client.post("/api/v1/memories/search", {"subject": ref_p, "query": query},
                                                format="json"), forbidden)
            attempt("verbatim", client.get(f"/api/v1/memories/{private[owner.slug + '-id']}"), forbidden,
                    expect_status=404)
            attempt("verbatim", client.get("/api/v1/memories", {"subject": ref_p}), forbidden)
            attempt("verbatim", client.get("/api/v1/briefing", {"subject": ref_p, "since": SINCE}), forbidden)
            attempt("verbatim", client.get("/api/v1/collective/facts", {"subject": ref_p}), forbidden)

        # -- obfuscated special-category notes: a third work agent and a support agent get nothing ---
        for reader in (d, c):
            client = http[reader.slug]
            answers = [client.post("/api/v1/recall", {"subject": ref_p, "query": form.format(m=marker),
                                                      "purpose": PURPOSE, "session_id": f"o-{p}"}, format="json")
                       for form, marker in zip(OBFUSCATED, obfuscated, strict=True)]
            answers += [client.get("/api/v1/briefing", {"subject": ref_p, "since": SINCE}),
                        client.get("/api/v1/collective/facts", {"subject": ref_p})]
            special += sum(1 for answer in answers for marker in obfuscated if marker in _texts(answer.json()))

        # -- another person's facts ---------------------------------------------------------------
        p_markers = [private[a.slug], private[b.slug], health_marker, condition_marker]
        p_fact_ids = [str(pk) for pk in CollectiveFact.objects.filter(subject=subject_p).values_list("pk", flat=True)]
        for agent in (a, b, d):
            client = http[agent.slug]
            for query in (f"Comentó que su perro se llama {private[a.slug]}", f1.query_es, f2.query_en):
                attempt("other_person", client.post("/api/v1/recall", {"subject": ref_q, "query": query,
                                                                      "purpose": PURPOSE, "session_id": f"q-{p}"},
                                                    format="json"), p_markers + p_fact_ids)
            attempt("other_person", client.get("/api/v1/collective/facts", {"subject": ref_q}), p_markers + p_fact_ids)
            attempt("other_person", client.get("/api/v1/briefing", {"subject": ref_q, "since": SINCE}),
                    p_markers + p_fact_ids)

        # -- out of purpose -----------------------------------------------------------------------
        all_p_facts = p_fact_ids + p_markers
        client = http[mkt.slug]
        for purpose in ("marketing", PURPOSE):
            attempt("out_of_purpose", client.post("/api/v1/recall", {"subject": ref_p, "query": f1.query_es,
                                                                    "purpose": purpose, "session_id": f"m-{p}"},
                                                  format="json"), all_p_facts,
                    expect_status=200 if purpose == "marketing" else 403)
        attempt("out_of_purpose", client.get("/api/v1/collective/facts", {"subject": ref_p}), all_p_facts)
        attempt("out_of_purpose", client.get("/api/v1/briefing", {"subject": ref_p, "since": SINCE}), all_p_facts)
        attempt("out_of_purpose", http[sales.slug].post(
            "/api/v1/recall", {"subject": ref_p, "query": f1.query_es, "purpose": "marketing", "session_id": f"s-{p}"},
            format="json"), all_p_facts)

        # -- cross domain -------------------------------------------------------------------------
        work_only = [str(f.pk) for f in facts_p.values() if f.domains == ["work"]]
        health_only = [health_marker] + ([str(health_fact.pk)] if health_fact else [])
        client = http[sales.slug]
        for query in (f1.query_es, "¿a qué hora prefiere las citas?", f"referencia {health_marker}"):
            attempt("cross_domain", client.post("/api/v1/recall", {"subject": ref_p, "query": query, "purpose": PURPOSE,
                                                                  "session_id": f"x-{p}"}, format="json"),
                    work_only + health_only + [condition_marker])
        attempt("cross_domain", client.get("/api/v1/collective/facts", {"subject": ref_p}), work_only + health_only)
        attempt("cross_domain", client.get("/api/v1/briefing", {"subject": ref_p, "since": SINCE}),
                work_only + health_only)
        for agent in (a, d):
            attempt("cross_domain", http[agent.slug].post(
                "/api/v1/recall", {"subject": ref_p, "query": "¿a qué hora prefiere las citas?", "purpose": PURPOSE,
                                   "session_id": f"x-{p}"}, format="json"), health_only + [condition_marker])
            attempt("cross_domain", http[agent.slug].get("/api/v1/collective/facts", {"subject": ref_p}),
                    health_only + [condition_marker])

        # -- restricted ---------------------------------------------------------------------------
        if restricted is not None:
            lineage_ids = [str(pk) for pk in CollectiveFact.objects.filter(lineage=restricted.lineage)
                           .values_list("pk", flat=True)]
            for agent in (a, b, d):
                client = http[agent.slug]
                attempt("restricted", client.post("/api/v1/recall", {"subject": ref_p, "query": f2.query_es,
                                                                    "purpose": PURPOSE, "session_id": f"r-{p}"},
                                                  format="json"), lineage_ids)
                attempt("restricted", client.get("/api/v1/collective/facts", {"subject": ref_p}), lineage_ids)
            attempt("restricted", http[d.slug].get("/api/v1/briefing", {"subject": ref_p, "since": SINCE}),
                    lineage_ids)
            client = http[c.slug]  # the restricted agent receives nothing about P
            for query in (f1.query_es, f2.query_es):
                attempt("restricted", client.post("/api/v1/recall", {"subject": ref_p, "query": query,
                                                                    "purpose": PURPOSE, "session_id": f"rc-{p}"},
                                                  format="json"), all_p_facts + lineage_ids)
            attempt("restricted", client.get("/api/v1/collective/facts", {"subject": ref_p}), all_p_facts)
        run.progress.step()
    run.progress.finish()

    for kind, hard_name in (("verbatim", "verbatim_leaks"), ("other_person", "cross_person_leaks"),
                            ("out_of_purpose", "out_of_purpose_leaks"), ("cross_domain", "cross_domain_leaks"),
                            ("restricted", "restricted_deliveries")):
        result.add(hard_name, leaks[kind], 0, "<=", hard=True, unit="leaks",
                   description=f"{attempts[kind]} attempts through the API")
    result.add("special_category_promotions", special, 0, "<=", hard=True, unit="facts",
               description="collective facts in an Art. 9/10 category (a health condition three health agents "
                           f"agree on) or made of one of {len(OBFUSCATED)} obfuscated special notes two work agents "
                           "corroborate as user.behavior, plus those notes served to a third agent")
    result.add("attempts", sum(attempts.values()), unit="requests")
    result.add("attempts_answered", ratio(answered, sum(attempts.values())), 1.0, ">=", unit="ratio",
               description="attempts answered with the status a working API gives (200, or 404 / 403): an "
                           "error answer holds no marker, so it proves nothing")
    result.add("positive_controls", controls_ok / controls if controls else None, 1.0, ">=", unit="ratio",
               description="the owner recalls its note, a compatible agent receives the shared fact, a health "
                           "agent receives the health-only fact, the restricted fact was promoted first")
    result.add("markers_stored_verbatim", 1.0 if markers_intact else 0.0, 1.0, ">=", unit="ratio",
               description="the searched markers were stored unchanged (else the leak search proves nothing)")
    return result
