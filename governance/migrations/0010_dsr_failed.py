"""A request that cannot finish becomes ``failed`` (bounded attempts); open erasures are indexed.

The lifecycle trigger of 0009 gains: in_progress → failed, and from failed an operator may retry
(→ in_progress) or reject. completed and rejected stay final.
"""

from django.db import migrations, models

FORWARD = """
CREATE OR REPLACE FUNCTION governance_dsr_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = OLD.status THEN
        RETURN NEW;
    END IF;
    IF (OLD.status = 'received' AND NEW.status IN ('verified', 'rejected'))
       OR (OLD.status = 'verified' AND NEW.status IN ('in_progress', 'rejected'))
       OR (OLD.status = 'in_progress' AND NEW.status IN ('completed', 'rejected', 'failed'))
       OR (OLD.status = 'failed' AND NEW.status IN ('in_progress', 'rejected')) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'illegal data-subject request transition % -> %', OLD.status, NEW.status
        USING ERRCODE = 'check_violation';
END;
$$;
"""
BACKWARD = """
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
"""


class Migration(migrations.Migration):

    dependencies = [
        ('governance', '0009_dsr_transitions'),
    ]

    operations = [
        migrations.AddField(
            model_name='datasubjectrequest',
            name='attempts',
            field=models.PositiveSmallIntegerField(default=0, help_text='executions that ended in an error'),
        ),
        migrations.AlterField(
            model_name='datasubjectrequest',
            name='status',
            field=models.CharField(choices=[('received', 'Received'), ('verified', 'Verified'), ('in_progress', 'In progress'), ('completed', 'Completed'), ('rejected', 'Rejected'), ('failed', 'Failed (operator action needed)')], default='received', max_length=16),
        ),
        migrations.AddIndex(
            model_name='datasubjectrequest',
            index=models.Index(condition=models.Q(('status__in', ['verified', 'in_progress', 'failed']), ('type', 'erasure')), fields=['subject_id'], name='dsr_erasure_pending'),
        ),
        migrations.RunSQL(FORWARD, BACKWARD),
    ]
