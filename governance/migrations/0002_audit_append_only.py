"""The audit table is append-only, enforced by the database itself.

UPDATE and DELETE are refused row by row; TRUNCATE is refused unless the session set
``quorum.allow_audit_truncate = on`` (only the test settings do, so the test runner can flush).
"""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION governance_audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' AND current_setting('quorum.allow_audit_truncate', true) = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'governance_auditevent is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER governance_auditevent_append_only
    BEFORE UPDATE OR DELETE ON governance_auditevent
    FOR EACH ROW EXECUTE FUNCTION governance_audit_append_only();
CREATE TRIGGER governance_auditevent_no_truncate
    BEFORE TRUNCATE ON governance_auditevent
    FOR EACH STATEMENT EXECUTE FUNCTION governance_audit_append_only();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS governance_auditevent_no_truncate ON governance_auditevent;
DROP TRIGGER IF EXISTS governance_auditevent_append_only ON governance_auditevent;
DROP FUNCTION IF EXISTS governance_audit_append_only();
"""


class Migration(migrations.Migration):
    dependencies = [("governance", "0001_initial")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
