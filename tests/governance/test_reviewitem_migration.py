"""Migration 0011 gives existing review items UUID ids and keeps everything else, old id included."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("governance", "0010_dsr_failed")]
AFTER = [("governance", "0011_reviewitem_public_id")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_existing_review_items_keep_their_rows_and_get_random_uuid_ids():
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = migrate(BEFORE).get_model("governance", "ReviewItem")
        subject = uuid.uuid4()
        created = [old.objects.create(kind="promotion", subject_id=subject, refs={"a": str(uuid.uuid4())},
                                      reason=f"r{n}", status="open", created_at=timezone.now())
                   for n in range(3)]
        before = {item.pk: (item.reason, item.refs) for item in created}
        assert all(isinstance(pk, int) for pk in before)

        new = migrate(AFTER).get_model("governance", "ReviewItem")
        after = {item.legacy_id: (item.pk, item.reason, item.refs) for item in new.objects.all()}
        assert set(after) == set(before)
        for legacy_id, (pk, reason, refs) in after.items():
            assert isinstance(pk, uuid.UUID) and pk.version == 4
            assert (reason, refs) == before[legacy_id]
        assert len({pk for pk, _, _ in after.values()}) == 3
        fresh = new.objects.create(kind="quarantine", subject_id=subject, reason="x", created_at=timezone.now())
        assert isinstance(fresh.pk, uuid.UUID) and fresh.legacy_id is None
    finally:
        migrate(leaves)
