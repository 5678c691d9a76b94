"""Recall's result cache invalidation (issue 17, ``memory.services.recall_cache``): a change log.

Every write that can change a recall answer about a person inserts one row ``(subject_id, txid)``
into ``memory_recallchange`` — at most one per transaction and person (``ON CONFLICT DO NOTHING``
on the primary key), from a row trigger on each table recall reads:

- ``memory_memory``, ``memory_memoryspace``, ``memory_collectivefact``, ``memory_subject`` (the
  person's own rows, by ``subject_id`` / ``id``; an update that moves a row bumps both persons);
- ``memory_evidence`` (the fact's person; the memory's if the fact is gone);
- ``governance_restriction`` (restrictions and objections), ``governance_datasubjectrequest``
  (erasures), ``governance_trustconflict`` (the ``conflict`` field) — by ``subject_id``;
- ``governance_policy`` (global: the all-zero subject id).

A cached answer remembers the snapshot of the statement that computed it
(``pg_current_snapshot()``); it is served only if no change row of its person (or the global one)
has a ``txid`` that snapshot did not see (``pg_visible_in_snapshot``) — exact, whatever the commit
order. Writers never wait for one another: each transaction inserts its own key (no shared counter
row, so no lock between concurrent writes for one person and no deadlock between transactions
touching several persons in different orders).
"""

from django.db import migrations

#: Each table recall reads, with how its trigger finds the person (the function's argument).
TRIGGERS = (
    ("memory_memory", "subject"),
    ("memory_memoryspace", "subject"),
    ("memory_collectivefact", "subject"),
    ("memory_subject", "self"),
    ("memory_evidence", "evidence"),
    ("governance_restriction", "subject"),
    ("governance_datasubjectrequest", "subject"),
    ("governance_trustconflict", "subject"),
    ("governance_policy", "global"),
)

FORWARD = r"""
CREATE TABLE memory_recallchange (
    subject_id uuid NOT NULL,
    txid xid8 NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (subject_id, txid)
);

CREATE OR REPLACE FUNCTION memory_recall_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    how text := TG_ARGV[0];
    subjects uuid[] := '{}';
    found uuid;
BEGIN
    IF how = 'global' THEN
        subjects := ARRAY['00000000-0000-0000-0000-000000000000'::uuid];
    ELSIF how = 'evidence' THEN
        IF TG_OP <> 'INSERT' THEN
            SELECT f.subject_id INTO found FROM memory_collectivefact f WHERE f.id = OLD.fact_id;
            IF found IS NULL THEN
                SELECT m.subject_id INTO found FROM memory_memory m WHERE m.id = OLD.memory_id;
            END IF;
            subjects := subjects || found;
        END IF;
        IF TG_OP <> 'DELETE' THEN
            found := NULL;
            SELECT f.subject_id INTO found FROM memory_collectivefact f WHERE f.id = NEW.fact_id;
            IF found IS NULL THEN
                SELECT m.subject_id INTO found FROM memory_memory m WHERE m.id = NEW.memory_id;
            END IF;
            subjects := subjects || found;
        END IF;
    ELSIF how = 'self' THEN
        IF TG_OP <> 'INSERT' THEN subjects := subjects || OLD.id; END IF;
        IF TG_OP <> 'DELETE' THEN subjects := subjects || NEW.id; END IF;
    ELSE
        IF TG_OP <> 'INSERT' THEN subjects := subjects || OLD.subject_id; END IF;
        IF TG_OP <> 'DELETE' THEN subjects := subjects || NEW.subject_id; END IF;
    END IF;
    INSERT INTO memory_recallchange (subject_id, txid)
    SELECT DISTINCT s, pg_current_xact_id() FROM unnest(subjects) AS s WHERE s IS NOT NULL
    ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;

""" + "".join(f"CREATE TRIGGER memory_recall_changed AFTER INSERT OR UPDATE OR DELETE ON {table}\n"
              f"    FOR EACH ROW EXECUTE FUNCTION memory_recall_changed('{how}');\n" for table, how in TRIGGERS)

BACKWARD = "\n" + "".join(f"DROP TRIGGER IF EXISTS memory_recall_changed ON {table};\n" for table, _ in TRIGGERS) + """\
DROP FUNCTION IF EXISTS memory_recall_changed();
DROP TABLE IF EXISTS memory_recallchange;
"""


class Migration(migrations.Migration):

    dependencies = [
        ("memory", "0009_fulltext"),
        ("governance", "0013_predicate_registry_growth"),
    ]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
