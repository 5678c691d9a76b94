"""Recall's change log, written once per statement for the two tables consolidation fills in bulk.

``0010_recall_changes`` logs each change from a row trigger: for ``memory_evidence`` that is, per
row, a look-up of the fact's person and an ``INSERT … ON CONFLICT DO NOTHING`` — most of the cost
of writing a fact's evidence (a run writes every new version's evidence in one statement). Here
``memory_evidence`` and ``memory_collectivefact`` log from statement triggers over their transition
tables instead: one look-up and one insert per statement, the same rows in ``memory_recallchange``
(one per transaction and person). PostgreSQL allows a transition table only on a single-event
trigger, so each table has three (``…_ins``, ``…_upd``, ``…_del``); the other tables keep 0010's
row trigger.
"""

from django.db import migrations

#: The tables moved to statement triggers, with how the function finds the person.
TABLES = (("memory_evidence", "evidence"), ("memory_collectivefact", "subject"))

#: Each event with the transition tables its trigger declares.
EVENTS = (("ins", "INSERT", "NEW TABLE AS new_rows"),
          ("upd", "UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
          ("del", "DELETE", "OLD TABLE AS old_rows"))

#: The persons a transition table's evidence rows belong to: the fact's, else the memory's.
_EVIDENCE_SUBJECTS = """
            INSERT INTO memory_recallchange (subject_id, txid)
            SELECT DISTINCT COALESCE(f.subject_id, m.subject_id), pg_current_xact_id()
            FROM {rows} r LEFT JOIN memory_collectivefact f ON f.id = r.fact_id
                 LEFT JOIN memory_memory m ON m.id = r.memory_id
            WHERE COALESCE(f.subject_id, m.subject_id) IS NOT NULL
            ON CONFLICT DO NOTHING;"""

#: The persons of a transition table whose rows carry ``subject_id``.
_ROW_SUBJECTS = """
        INSERT INTO memory_recallchange (subject_id, txid)
        SELECT DISTINCT subject_id, pg_current_xact_id() FROM {rows} r WHERE subject_id IS NOT NULL
        ON CONFLICT DO NOTHING;"""

#: An update's rows before and after (a row moved to another person logs both).
_BOTH = "(SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows)"

FORWARD = f"""
CREATE OR REPLACE FUNCTION memory_recall_changed_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    how text := TG_ARGV[0];
BEGIN
    -- Only the transition tables of this event exist: each branch reads just those.
    IF how = 'evidence' THEN
        IF TG_OP = 'INSERT' THEN{_EVIDENCE_SUBJECTS.format(rows="new_rows")}
        ELSIF TG_OP = 'DELETE' THEN{_EVIDENCE_SUBJECTS.format(rows="old_rows")}
        ELSE{_EVIDENCE_SUBJECTS.format(rows=_BOTH)}
        END IF;
    ELSIF TG_OP = 'INSERT' THEN{_ROW_SUBJECTS.format(rows="new_rows")}
    ELSIF TG_OP = 'DELETE' THEN{_ROW_SUBJECTS.format(rows="old_rows")}
    ELSE{_ROW_SUBJECTS.format(rows=_BOTH)}
    END IF;
    RETURN NULL;
END $$;

""" + "".join(
    f"DROP TRIGGER IF EXISTS memory_recall_changed ON {table};\n"
    + "".join(f"CREATE TRIGGER memory_recall_changed_{suffix} AFTER {event} ON {table}\n"
              f"    REFERENCING {transition} FOR EACH STATEMENT EXECUTE FUNCTION memory_recall_changed_rows('{how}');\n"
              for suffix, event, transition in EVENTS)
    for table, how in TABLES)

BACKWARD = "".join(
    "".join(f"DROP TRIGGER IF EXISTS memory_recall_changed_{suffix} ON {table};\n" for suffix, _, _ in EVENTS)
    + f"CREATE TRIGGER memory_recall_changed AFTER INSERT OR UPDATE OR DELETE ON {table}\n"
      f"    FOR EACH ROW EXECUTE FUNCTION memory_recall_changed('{how}');\n"
    for table, how in TABLES) + "DROP FUNCTION IF EXISTS memory_recall_changed_rows();\n"


class Migration(migrations.Migration):

    dependencies = [
        ("memory", "0010_recall_changes"),
    ]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
