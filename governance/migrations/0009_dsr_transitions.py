"""Data-subject requests may only move along their lifecycle (enforced by the database)."""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION governance_dsr_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = OLD.status THEN
        RETURN NEW;
    END IF;
    IF (OLD.status = 'received' AND NEW.status IN ('verified', 'rejected'))
       OR (OLD.status = 'verified' AND NEW.status IN ('in_progress', 'rejected'))
       OR (OLD.status = 'in_progress' AND NEW.status IN ('completed', 'rejected')) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'illegal data-subject request transition % -> %', OLD.status, NEW.status
        USING ERRCODE = 'check_violation';
END;
$$;
CREATE TRIGGER governance_dsr_transition BEFORE UPDATE OF status ON governance_datasubjectrequest
    FOR EACH ROW EXECUTE FUNCTION governance_dsr_transition();
"""
BACKWARD = """
DROP TRIGGER IF EXISTS governance_dsr_transition ON governance_datasubjectrequest;
DROP FUNCTION IF EXISTS governance_dsr_transition();
"""


class Migration(migrations.Migration):
    dependencies = [("governance", "0008_dsr_receipt_suppression")]
    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
