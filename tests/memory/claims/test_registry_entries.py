"""``memory.claims.registry``: pure; the seeded registry reads exactly the bundled exemplars."""

from __future__ import annotations

from governance.seed import PREDICATES, VALUE_SETS
from memory.claims.exemplars import EXEMPLARS, TOPICS
from memory.claims.registry import registry_entries

SEEDED = [{"key": key, "active": True, "values": VALUE_SETS.get(key, []), "exemplars": {}} for key, *_ in PREDICATES]


def test_the_seeded_registry_gives_the_bundled_exemplars_unchanged():
    entries, topics = registry_entries(SEEDED)
    assert entries == EXEMPLARS  # same entries, same order: inference is unchanged for a fresh install
    assert topics == TOPICS


def test_inactive_and_missing_predicates_contribute_nothing():
    rows = [{**r, "active": r["key"] != "preference.report_length"} for r in SEEDED
            if r["key"] != "communication.language"]
    entries, topics = registry_entries(rows)
    keys = {e.predicate for e in entries}
    assert "preference.report_length" not in keys and "communication.language" not in keys
    assert "preference.report_length" not in topics and "preference.meeting_time" in keys


def test_operator_phrasings_derive_cues_per_value_and_merge_into_bundled_ones():
    rows = [*SEEDED, {"key": "travel.seat", "active": True, "values": ["window", "aisle"], "exemplars": {
        "window": {"es": ["Prefiere ventanilla"], "en": ["Prefers a window seat"]},
        "aisle": {"es": ["Prefiere pasillo"], "en": ["Prefers an aisle seat"], "cues": ["Pasillo", "aisle"]},
        "middle": {"es": ["Prefiere el asiento del medio"]},  # outside the value set: ignored
    }}]
    rows = [r if r["key"] != "preference.report_length" else
            {**r, "exemplars": {"short": {"es": ["Lo quiere en una página"]}}} for r in rows]
    entries, topics = registry_entries(rows)
    by = {(e.predicate, e.value): e for e in entries}
    assert ("travel.seat", "middle") not in by
    assert by[("travel.seat", "window")].cues == ("venta", "windo")  # its own words, not the shared ones
    assert by[("travel.seat", "aisle")].cues == ("pasillo", "aisle")  # given cues win (folded)
    assert "prefi" in topics["travel.seat"] and "seat" in topics["travel.seat"]
    short = by[("preference.report_length", "short")]
    assert short.sentences[-1] == "Lo quiere en una página" and short.cues == next(
        e.cues for e in EXEMPLARS if (e.predicate, e.value) == ("preference.report_length", "short"))
