"""One round trip per audit append: the chain's lock, tail read and insert in one SQL function.

``quorum_audit_append`` takes the chain's advisory lock, reads the tail with a snapshot taken
after the lock (a VOLATILE plpgsql function takes a fresh snapshot for each statement), computes
``hash = sha256(prev_hash || '\\n' || canonical content)`` exactly as
``governance.services.audit.chain_hash`` does, and inserts the row. The canonical content is
computed by the caller in Python (``canonical_content``), so ``audit_verify`` is unchanged.
docs/decisions/0013-audit-append-in-one-statement.md.
"""

from django.db import migrations

# Same key as governance.services.audit._CHAIN_LOCK_KEY ("QuorumA").
FORWARD = """
CREATE OR REPLACE FUNCTION quorum_audit_append(
    p_occurred_at timestamptz, p_actor_kind text, p_actor_id text, p_action text, p_object_type text,
    p_object_id text, p_data jsonb, p_content text,
    OUT id bigint, OUT prev_hash text, OUT hash text)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(22928594635681089);
    SELECT a.hash INTO prev_hash FROM governance_auditevent a ORDER BY a.id DESC LIMIT 1;
    prev_hash := coalesce(prev_hash, repeat('0', 64));
    hash := encode(sha256(convert_to(prev_hash || E'\\n' || p_content, 'UTF8')), 'hex');
    INSERT INTO governance_auditevent (occurred_at, actor_kind, actor_id, action, object_type, object_id, data,
                                       prev_hash, hash)
    VALUES (p_occurred_at, p_actor_kind, p_actor_id, p_action, p_object_type, p_object_id, p_data, prev_hash,
            hash)
    RETURNING governance_auditevent.id INTO id;
END;
$$;
"""

BACKWARD = """
DROP FUNCTION IF EXISTS quorum_audit_append(timestamptz, text, text, text, text, text, jsonb, text);
"""


class Migration(migrations.Migration):
    dependencies = [("governance", "0011_reviewitem_public_id")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
