"""Fixtures shared by the recall tests of this package."""

from __future__ import annotations

import pytest

from config.actors import Actor
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.models import CollectiveFact, Subject
from memory.services.embedding_backfill import memory_embed_pending
from memory.services.memories import memory_record

PURPOSE = "essential.service"


@pytest.fixture
def report_world(make_agent):
    """Build it: agents x, y, z (purposes essential + functional service); x and y each assert, in
    their own session and with their own origin, that ana prefers short reports, which is promoted
    (``fact``); ``with_event`` adds a private event of x about ana. Everything is embedded."""

    def build(*, with_event: bool = False) -> dict[str, object]:
        agents = {slug: make_agent(slug, purposes=[PURPOSE, "functional.service"])[0] for slug in ("x", "y", "z")}
        for slug, session in (("x", "s1"), ("y", "s2")):
            memory_record(actor=Actor.for_agent(agents[slug]), agent=agents[slug], subject_ref="ana", kind="fact",
                          content="Prefiere informes breves", predicate="preference.report_length", value="short",
                          asserted_by="user", session_id=session, origin_ref=f"u-{slug}")
        if with_event:
            memory_record(actor=Actor.for_agent(agents["x"]), agent=agents["x"], subject_ref="ana", kind="event",
                          content="Pidió los informes del trimestre", session_id="s3")
        memory_embed_pending()
        subject = Subject.objects.get(external_ref="ana")
        consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
        return {**agents, "subject": subject, "fact": CollectiveFact.objects.get(status="current")}

    return build
