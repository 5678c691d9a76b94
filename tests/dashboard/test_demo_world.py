"""seed_demo builds a world that shows every state the dashboard can show (issue 7, deliver 5)."""

import pytest

from config.demo_world import PERSON
from governance.models import DataSubjectRequest, ErasureReceipt, Restriction, ReviewItem, TrustConflict
from memory.models import CollectiveFact, Subject

pytestmark = pytest.mark.django_db


def test_demo_world_shows_every_state(demo):
    subject = Subject.objects.get(external_ref=PERSON)
    statuses = set(CollectiveFact.objects.filter(subject=subject).values_list("status", flat=True))
    assert {"current", "superseded", "pending_review"} <= statuses
    superseded = CollectiveFact.objects.get(subject=subject, status="superseded")
    assert superseded.key == "preference.meeting_time" and superseded.value == "morning"
    assert CollectiveFact.objects.get(subject=subject, key="preference.meeting_time", status="current").value \
        == "afternoon"
    assert TrustConflict.objects.filter(subject_id=subject.pk, status="open").count() == 1
    kinds = set(ReviewItem.objects.filter(subject_id=subject.pk, status="open").values_list("kind", "reason"))
    assert ("promotion", "high_impact_change") in kinds and ("trust_conflict", "inferred_vs_verified") in kinds
    assert any(kind == "quarantine" for kind, _ in kinds)
    restricted = set(Restriction.objects.filter(subject_id=subject.pk, lifted_at__isnull=True)
                     .values_list("kind", flat=True))
    assert restricted == {"fact", "agent"}
    erasure = DataSubjectRequest.objects.get(subject_id=subject.pk, type="erasure")
    assert erasure.status == "completed"
    receipt = ErasureReceipt.objects.get(request=erasure)
    assert receipt.residue["matches"] == 0 and receipt.counts["facts"] >= 1
    assert not CollectiveFact.objects.filter(subject=subject, key="project.current").exists()
    assert not CollectiveFact.objects.filter(subject=subject, category__startswith="user.health").exists()

