"""Recall's result cache (memory.services.recall_cache): a repeat is served from memory only while
nothing that could change the answer happened, and writes its read log exactly like a miss.

Every change test first proves the repeat *is* a hit (so the cache is in play), then makes one
change and asserts the very next recall sees it. Runs with real commits (``transaction=True``):
the change log is written by row and statement triggers, and a recall inside an outer transaction never uses
the cache."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from agents_registry.services.agents import agent_update
from config.actors import Actor
from governance.models import Policy
from governance.services.dsr import dsr_submit
from governance.services.restrictions import restriction_apply, restriction_lift
from memory.models import CollectiveFact, ReadLog
from memory.services import recall_cache
from memory.services.memories import memory_record
from memory.services.recall import recall

pytestmark = pytest.mark.django_db(transaction=True)
PERSON = Actor(kind="user", id="portal-1")
PURPOSE = "essential.service"


@pytest.fixture(autouse=True)
def empty_cache():
    recall_cache.clear()
    yield
    recall_cache.clear()


@pytest.fixture
def world(report_world):
    return report_world(with_event=True)


def ask(agent, *, purpose: str = PURPOSE, query: str = "informes", session_id: str = ""):
    """(layer → ids, was it a hit)."""
    before = recall_cache.HITS
    result = recall(agent=agent, subject_ref="ana", query=query, purpose=purpose, session_id=session_id)
    out: dict[str, list[str]] = {}
    for item in result.items:
        out.setdefault(item.layer, []).append(item.id)
    return out, recall_cache.HITS > before


def warm(agent, **kwargs) -> dict[str, list[str]]:
    """Ask twice; the second must be a hit with the same answer."""
    first, hit = ask(agent, **kwargs)
    assert not hit
    again, hit = ask(agent, **kwargs)
    assert hit and again == first
    return first


def test_a_repeat_is_a_hit_equal_to_a_fresh_recall_and_writes_the_read_log(world, settings):
    fact = world["fact"]
    answer = warm(world["x"], session_id="turn-1")
    assert answer["collective"] == [str(fact.pk)] and answer["private"]
    for _ in range(3):
        assert ask(world["x"], session_id="turn-1") == (answer, True)
    # Every recall, hit or miss, logged the served fact version (anti-echo depends on it).
    reads = ReadLog.objects.filter(fact=fact, agent=world["x"], session_id="turn-1", purpose=PURPOSE)
    assert reads.count() == 5
    # The hit's check-and-log statement is prepared on the connection (no planning per hit).
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
                       ["%FROM memory_recallchange%INSERT INTO memory_readlog%"])
        assert cursor.fetchone()[0] == 1
    settings.QUORUM_RECALL_CACHE = False
    assert ask(world["x"], session_id="turn-1") == (answer, False)  # the off switch; the same answer
    assert reads.count() == 6


def test_every_parameter_is_part_of_the_key(world):
    warm(world["x"])
    assert not ask(world["x"], session_id="other")[1]
    assert not ask(world["x"], query="informes breves")[1]
    assert not ask(world["x"], purpose="functional.service")[1]
    assert not ask(world["y"])[1]
    assert not recall_cache.HITS == 0 and ask(world["x"])[1]  # the original entry is still there


def test_a_new_private_memory_is_seen_by_the_next_recall(world):
    before = warm(world["x"])
    new = memory_record(actor=Actor.for_agent(world["x"]), agent=world["x"], subject_ref="ana", kind="event",
                        content="Quiere los informes en PDF", session_id="s4").memory
    after, hit = ask(world["x"])
    assert not hit and str(new.pk) in after["private"] and str(new.pk) not in before["private"]


def test_an_agent_pause_and_its_lifting_are_seen_by_the_next_recall(world):
    assert warm(world["z"]).get("collective") == [str(world["fact"].pk)]
    paused = restriction_apply(actor=PERSON, subject_id=world["subject"].pk, kind="agent", target=str(world["z"].pk))
    assert ask(world["z"]) == ({}, False)
    restriction_lift(actor=PERSON, restriction=paused)
    assert ask(world["z"]) == ({"collective": [str(world["fact"].pk)]}, False)


def test_a_fact_restriction_and_an_objection_are_seen_by_the_next_recall(world):
    fact, subject = world["fact"], world["subject"]
    assert warm(world["z"]).get("collective") == [str(fact.pk)]
    restriction_apply(actor=PERSON, subject_id=subject.pk, kind="fact", target=str(fact.lineage))
    assert ask(world["z"]) == ({}, False)
    assert warm(world["x"], purpose="functional.service")
    restriction_apply(actor=PERSON, subject_id=subject.pk, kind="purpose", target="functional.service",
                      basis="objection")
    assert ask(world["x"], purpose="functional.service") == ({}, False)


def test_an_erasure_is_seen_by_the_next_recall(world):
    assert warm(world["x"])["private"]
    dsr_submit(actor=PERSON, subject_id=world["subject"].pk, type="erasure", scope={"all": True}, verified=True)
    assert ask(world["x"]) == ({}, False)


def test_a_fact_change_is_seen_by_the_next_recall(world):
    fact = world["fact"]
    assert warm(world["z"]) == {"collective": [str(fact.pk)]}
    CollectiveFact.objects.filter(pk=fact.pk).update(status="retracted")
    assert ask(world["z"]) == ({}, False)


def test_a_policy_change_is_seen_by_the_next_recall(world):
    assert warm(world["z"]) == {"collective": [str(world["fact"].pk)]}
    active = Policy.objects.get(active=True)
    active.rules = {**active.rules, "receiving_purposes": ["functional.service"]}
    active.save()
    assert ask(world["z"]) == ({}, False)


def test_an_agent_settings_change_is_seen_by_the_next_recall(world):
    z = world["z"]
    assert warm(z) == {"collective": [str(world["fact"].pk)]}
    z = agent_update(actor=Actor.system("tests"), agent=z, role=z.role, domain="health", purposes=z.purposes)
    assert ask(z) == ({}, False)  # work evidence never reaches a health reader


def test_an_old_entry_is_not_served(world, settings):
    warm(world["x"])
    settings.QUORUM_RECALL_CACHE_SECONDS = 0.05
    connection.cursor().execute("SELECT pg_sleep(0.1)")
    assert not ask(world["x"])[1]


def test_no_cache_inside_an_outer_transaction(world):
    warm(world["x"])
    with transaction.atomic():
        new = memory_record(actor=Actor.for_agent(world["x"]), agent=world["x"], subject_ref="ana", kind="event",
                            content="Quiere los informes en papel", session_id="s5").memory
        answer, hit = ask(world["x"])
        assert not hit and str(new.pk) in answer["private"]  # its own uncommitted memory is seen


def test_a_change_committed_after_the_entry_by_an_older_transaction_is_seen(world):
    """The race a shared counter read at the wrong moment would miss: a writer whose transaction
    began (and got its id) before the cached answer's snapshot, but commits after it."""
    import psycopg  # local import: a second, independent connection to the same database

    z, subject = world["z"], world["subject"]
    params = connection.get_connection_params()
    with psycopg.connect(**{k: v for k, v in params.items() if k != "cursor_factory"}) as other:
        other.execute("SELECT pg_current_xact_id()")  # the writer's transaction id is taken now …
        with connection.cursor() as cursor:  # … and a younger transaction completes before the entry,
            cursor.execute("SELECT pg_current_xact_id()")  # so the writer's id is below the snapshot's xmax
        assert warm(z) == {"collective": [str(world["fact"].pk)]}  # the entry's snapshot: writer in progress
        other.execute("INSERT INTO governance_restriction (subject_id, kind, target, basis, created_at,"
                      " created_by) VALUES (%s, 'agent', %s, 'restriction', now(), 'user:t')",
                      [subject.pk, str(z.pk)])
        assert ask(z)[1]  # not committed yet: the answer stands
        other.commit()
    assert ask(z) == ({}, False)


def test_every_table_recall_reads_logs_its_changes():
    with connection.cursor() as cursor:
        cursor.execute("SELECT c.relname, t.tgname, t.tgtype FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                       " WHERE t.tgname LIKE 'memory\\_recall\\_changed%%' AND t.tgenabled = 'O'")
        triggers = cursor.fetchall()
    # tgtype bits: 1 row-level, 4 insert, 8 delete, 16 update (pg_trigger.h)
    events: dict[str, int] = {}
    for table, _, tgtype in triggers:
        events[table] = events.get(table, 0) | (tgtype & (4 | 8 | 16))
    assert events == dict.fromkeys(
        ["memory_memory", "memory_memoryspace", "memory_collectivefact", "memory_subject", "memory_evidence",
         "governance_restriction", "governance_datasubjectrequest", "governance_trustconflict",
         "governance_policy"], 4 | 8 | 16)
    per_statement = {table for table, _, tgtype in triggers if not tgtype & 1}
    assert per_statement == {"memory_evidence", "memory_collectivefact"}  # 0011: the tables written in bulk


def test_evidence_and_trust_conflict_changes_are_logged_for_their_person(world):
    from governance.models import TrustConflict  # local import: governance's table, read by name in recall

    subject = world["subject"]

    def changes() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM memory_recallchange WHERE subject_id = %s", [subject.pk])
            return cursor.fetchone()[0]

    before = changes()
    world["fact"].evidence.all()[:1].get().delete()
    assert changes() == before + 1
    memories = list(subject.memories.values_list("pk", flat=True)[:2])
    TrustConflict.objects.create(space_id=subject.spaces.first().pk, subject_id=subject.pk, key="k",
                                 kept_memory_id=memories[0], challenger_memory_id=memories[1])
    assert changes() == before + 2


def test_evidence_written_in_one_statement_is_logged_once_for_its_person(world):
    """0011's statement triggers: a multi-row delete, insert or update of evidence (consolidation
    writes a run's evidence in one statement) logs the fact's person once per statement, and a
    cached answer that relied on it is not served again."""
    from memory.models import Evidence  # local import: the table 0011 moved to statement triggers

    subject, fact, z = world["subject"], world["fact"], world["z"]

    def changes() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM memory_recallchange WHERE subject_id = %s", [subject.pk])
            return cursor.fetchone()[0]

    rows = list(Evidence.objects.filter(fact=fact))
    assert len(rows) >= 2  # several rows in each statement below
    before = changes()
    warm(z)
    Evidence.objects.filter(fact=fact).delete()
    assert changes() == before + 1
    assert not ask(z)[1]
    for row in rows:
        row.pk = None
    Evidence.objects.bulk_create(rows)
    assert changes() == before + 2
    warm(z)
    assert Evidence.objects.filter(fact=fact).update(counted=False) == len(rows)
    assert changes() == before + 3
    assert not ask(z)[1]
    assert Evidence.objects.filter(pk=-1).update(counted=True) == 0  # a statement that changes nothing
    assert changes() == before + 3


def test_the_change_log_is_pruned_only_below_a_watermark_old_enough(world):
    """Run 1 records a watermark (the snapshot's xmin); a run before it is old enough deletes
    nothing; a later run deletes exactly the rows below it — and a write after it still
    invalidates a live entry."""
    from config.redis import get_redis  # local import: the watermark lives in Valkey

    get_redis().delete(recall_cache.WATERMARK_KEY)

    def rows(below: str | None = None) -> int:
        with connection.cursor() as cursor:
            if below is None:
                cursor.execute("SELECT count(*) FROM memory_recallchange")
            else:
                cursor.execute("SELECT count(*) FROM memory_recallchange WHERE txid < %s::xid8", [below])
            return cursor.fetchone()[0]

    before = rows()
    assert before > 0  # the world's writes were logged
    t0 = 1_000_000.0
    assert recall_cache.recall_changes_prune(now=t0) == 0  # first run: only records the watermark
    watermark = get_redis().get(recall_cache.WATERMARK_KEY).decode().partition("@")[0]
    prunable = rows(below=watermark)
    assert prunable > 0 and rows() == before
    too_soon = t0 + recall_cache._max_age() + recall_cache.PRUNE_MARGIN_SECONDS - 1
    assert recall_cache.recall_changes_prune(now=too_soon) == 0
    assert rows() == before
    warm(world["x"])  # a live entry, computed after the watermark
    memory_record(actor=Actor.for_agent(world["x"]), agent=world["x"], subject_ref="ana", kind="event",
                  content="Quiere los informes los lunes", session_id="s6")
    late = t0 + recall_cache._max_age() + recall_cache.PRUNE_MARGIN_SECONDS + 1
    assert recall_cache.recall_changes_prune(now=late) == prunable
    assert rows(below=watermark) == 0 and rows() == before - prunable + 1  # the new write's row stays …
    assert not ask(world["x"])[1]  # … and still invalidates the live entry


def test_stale_entries_are_dropped_when_another_is_stored(world, settings):
    warm(world["x"])
    settings.QUORUM_RECALL_CACHE_SECONDS = 0.05
    connection.cursor().execute("SELECT pg_sleep(0.1)")
    ask(world["y"])  # stores y's answer; x's, past its age, goes
    assert len(recall_cache._ENTRIES) == 1
