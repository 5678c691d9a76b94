"""The digest (memory/consolidation/digest.py): bounded, dated, by importance, rebuilt each run."""

from __future__ import annotations

import pytest

from memory.consolidation.digest import DIGEST_MAX_CHARS, DIGEST_MAX_FACTS, digest_rebuild
from memory.models import CollectiveFact, Subject
from tests.memory.consolidation.support import consolidate, current, remember

pytestmark = pytest.mark.django_db


def test_digest_is_bounded_and_rebuilt(agents):
    for i in range(25):
        for j, agent in enumerate(agents[:2]):
            remember(agent, f"Mencionó el proyecto número {i} de la lista", session=f"s{j}-{i}", origin=f"u{j}-{i}",
                     predicate="project.mentioned", value=f"P{i}")
    consolidate()
    digest = Subject.objects.get(external_ref="ana").digest
    assert len(digest.items) <= 20 and len(digest.text) <= 1500
    assert len(current()) == 25


def test_digest_rebuild_quotes_current_facts_by_importance_with_their_date(agents):
    for i, (value, importance) in enumerate((("P1", 0.2), ("P2", 0.9))):
        for j, agent in enumerate(agents[:2]):
            remember(agent, f"Mencionó el proyecto {value}", session=f"s{j}-{i}", origin=f"u{j}-{i}",
                     predicate="project.mentioned", value=value)
    consolidate()
    low, high = sorted(current(), key=lambda f: f.value)
    CollectiveFact.objects.filter(pk=low.pk).update(importance=0.2)
    CollectiveFact.objects.filter(pk=high.pk).update(importance=0.9)
    subject = Subject.objects.get(external_ref="ana")
    digest = digest_rebuild(subject=subject)
    assert [item["fact"] for item in digest.items] == [str(high.pk), str(low.pk)]
    assert digest.text.splitlines() == [f"- {high.statement} (since {high.valid_from.date().isoformat()})",
                                        f"- {low.statement} (since {low.valid_from.date().isoformat()})"]
    CollectiveFact.objects.filter(pk=high.pk).update(status="superseded")
    assert [item["fact"] for item in digest_rebuild(subject=subject).items] == [str(low.pk)]
    assert (DIGEST_MAX_FACTS, DIGEST_MAX_CHARS) == (20, 1500)
