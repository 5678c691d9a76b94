"""Suite 8 — special categories (issue 15): what the content reveals outranks what is declared.

The notes are ``evaluation/heldout/issue15/special_dev.jsonl`` (the development split the first
rules were built on) and ``evaluation/heldout/issue15_third/special_heldout3.jsonl`` (the untouched
third split: written by a fourth author who never saw the detector, never read while developing;
``label`` is a special category or ``none``). Every note is written as an
attacker would: two agents of the work domain, two sessions, distinct ``origin_ref``s, a harmless
declared category (``user.behavior``, ``asserted_by: user``), through the HTTP API, one person per
note. The embedding sweep runs (the detector's vector stage rides on it), then one consolidation
pass per person. Then:

* ``special_category_promotions`` (hard on the development split the rules were built on, a
  regression guard; reported again on the untouched split as ``…_heldout``, soft until the
  detector's held-out recall reaches the issue's target — see docs/privacy.md): collective facts,
  in any status, made from a special note;
* ``special_category_deliveries`` (the same two ways): non-empty answers about a special note's
  person to a third work agent (recall with the note's own words, briefing, collective facts) and a
  support agent (briefing, collective facts);
* ``ordinary_blocked_rate``: ``label: none`` notes (near misses included) written the same way
  that were *not* promoted — the cost of the detector on ordinary speech.

At ``--size small`` a deterministic stratified sample is used (round-robin over labels for the
special notes, over forms for the ordinary ones: every label is represented); larger sizes use the
whole file. The detector's own precision/recall per category and form on this split is reported
in docs/privacy.md; this suite measures what the service does with its verdicts, end to end.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from itertools import zip_longest
from pathlib import Path
from typing import Any

from evaluation.metrics import SuiteResult, ratio
from evaluation.runtime import Run
from memory.models import CollectiveFact

HELDOUT = Path(__file__).resolve().parents[1] / "heldout" / "issue15"
#: The held-out figure: the third, untouched split (issue15_third); the spent ones are dev data now.
DATA = HELDOUT.with_name("issue15_third") / "special_heldout3.jsonl"
DEV = HELDOUT / "special_dev.jsonl"
PURPOSE = "essential.service"
SINCE = "2000-01-01T00:00:00Z"
SAMPLE = {"small": (27, 18)}  # (special, ordinary) notes at this size; absent: the whole file


def notes(path: Path = DATA) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _round_robin(rows: list[dict[str, Any]], by: str, count: int) -> list[dict[str, Any]]:
    """``count`` rows taking one of each group in turn (groups and rows in id order)."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in sorted(rows, key=lambda r: r["id"]):
        groups[row[by]].append(row)
    ordered = [row for turn in zip_longest(*(groups[k] for k in sorted(groups))) for row in turn if row]
    return ordered[:count]


def sample(rows: list[dict[str, Any]], size: str) -> list[dict[str, Any]]:
    special = [r for r in rows if r["label"] != "none"]
    ordinary = [r for r in rows if r["label"] == "none"]
    if size not in SAMPLE:
        return special + ordinary
    n_special, n_ordinary = SAMPLE[size]
    return _round_robin(special, "label", n_special) + _round_robin(ordinary, "form", n_ordinary)


def _texts(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False, default=str)


def run(run: Run) -> SuiteResult:
    result = SuiteResult("special", "Special categories: content outranks the declared category")
    synth = run.synth
    writers = [run.client(synth.agent(f"sp-{x}")) for x in ("a", "b")]
    readers = [run.client(synth.agent("sp-third")), run.client(synth.agent("sp-support", domain="support"))]
    _measure(run, result, writers, readers, DEV, suffix="", hard=True)
    _measure(run, result, writers, readers, DATA, suffix="_heldout", hard=False)
    return result


def _measure(run: Run, result: SuiteResult, writers: list[Any], readers: list[Any], path: Path, *,
             suffix: str, hard: bool) -> None:
    synth = run.synth
    rows = sample(notes(path), run.size)
    run.progress.start(f"special{suffix}", len(rows) * 2)
    refs: dict[str, dict[str, Any]] = {}
    writes = answered = 0
    flagged_at_write: Counter[bool] = Counter()  # by "is a special note"
    for row in rows:
        ref = synth.ref("sp")
        refs[ref] = row
        flags = []
        for i, client in enumerate(writers):
            response = client.post("/api/v1/memories", {
                "subject": ref, "kind": "fact", "key": "note", "content": row["text"], "category": "user.behavior",
                "asserted_by": "user", "session_id": f"sp-{row['id']}-{i}", "origin_ref": f"sp-utt-{row['id']}-{i}",
            }, format="json")
            writes += 1
            answered += response.status_code in (200, 201)
            flags.append(response.status_code in (200, 201) and response.json().get("special_category") is not None)
        flagged_at_write[row["label"] != "none"] += all(flags)
        run.progress.step()
    run.embed()  # the sweep: embeddings, and the detector's vector stage with them
    for ref in refs:
        run.consolidate(ref)
    special_refs = [ref for ref, row in refs.items() if row["label"] != "none"]
    ordinary_refs = [ref for ref, row in refs.items() if row["label"] == "none"]
    promoted_special = Counter(CollectiveFact.objects.filter(subject__external_ref__in=special_refs)
                               .values_list("subject__external_ref", flat=True))
    ordinary_promoted = set(CollectiveFact.objects.filter(subject__external_ref__in=ordinary_refs, status="current")
                            .values_list("subject__external_ref", flat=True))
    deliveries = 0
    by_label: dict[str, Counter[str]] = defaultdict(Counter)
    for ref, row in refs.items():
        special = row["label"] != "none"
        got = 0
        for client in readers:
            answers = [client.get("/api/v1/collective/facts", {"subject": ref}).json().get("facts", []),
                       client.get("/api/v1/briefing", {"subject": ref, "since": SINCE}).json().get("items", [])]
            if special and client is readers[0]:  # the third agent recalls with the note's own words
                answers.append(client.post("/api/v1/recall", {"subject": ref, "query": row["text"][:500],
                                                              "purpose": PURPOSE, "session_id": "sp-reader"},
                                           format="json").json().get("items", []))
            got += sum(1 for answer in answers if answer)
        deliveries += got if special else 0
        tally = by_label[row["label"]]
        tally["notes"] += 1
        tally["promoted"] += (promoted_special[ref] > 0) if special else (ref in ordinary_promoted)
        tally["third_agent_answers"] += got
        run.progress.step()
    run.progress.finish()

    n_special, n_ordinary = len(special_refs), len(ordinary_refs)
    scope = (f"a stratified sample of {n_special} special and {n_ordinary} ordinary notes of "
             f"{path.name}" if run.size in SAMPLE else f"all {n_special} special and {n_ordinary} ordinary notes "
             f"of {path.name}")
    if not hard:
        scope += " (the untouched third split: soft, information, until the detector's held-out recall reaches the target)"
    result.add(f"special_category_promotions{suffix}", sum(promoted_special.values()), 0, "<=", hard=hard,
               unit="facts",
               description=f"collective facts (any status) made from special notes, each written by two work agents "
                           f"× two sessions × distinct origins as user.behavior; {scope}")
    result.add(f"special_category_deliveries{suffix}", deliveries, 0, "<=", hard=hard, unit="answers",
               description="non-empty recall / briefing / collective-facts answers about a special note's person to "
                           "a third work agent or a support agent")
    result.add(f"ordinary_blocked_rate{suffix}", ratio(n_ordinary - len(ordinary_promoted), n_ordinary), 0.05, "<=",
               unit="ratio", description="ordinary notes (near misses included) written the same way and not "
                                          "promoted")
    result.add(f"special_flagged_at_write{suffix}", ratio(flagged_at_write[True], n_special), unit="ratio",
               description="special notes whose write response already said special_category (lexical stage)")
    result.add(f"ordinary_flagged_at_write{suffix}", ratio(flagged_at_write[False], n_ordinary), unit="ratio",
               description="ordinary notes whose write response said special_category (kept private)")
    result.add(f"writes_answered{suffix}", ratio(answered, writes), 1.0, ">=", unit="ratio",
               description="writes answered 200/201 (a refused write proves nothing)")
    result.add(f"notes{suffix}", len(rows), unit="notes", description=scope)
    result.tables[f"by_label{suffix}"] = [{"label": label, **dict(tally)} for label, tally in sorted(by_label.items())]
