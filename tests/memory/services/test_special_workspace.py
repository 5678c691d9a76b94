"""Workspace sharing (``@workspace`` events, statuses and decisions other agents receive without
corroboration) skips a note whose content revealed a special category."""

from __future__ import annotations

import pytest

from config.actors import Actor
from memory.services.briefing import briefing
from memory.services.embedding_backfill import memory_embed_pending
from memory.services.memories import memory_record
from memory.services.recall import recall

pytestmark = pytest.mark.django_db


def test_a_flagged_workspace_note_reaches_no_other_agent(make_agent):
    writer, reader = make_agent("ws-writer")[0], make_agent("ws-reader")[0]
    for content in ("El despliegue de Atlas es el jueves", "Luis del equipo Atlas tiene diabetes"):
        memory_record(actor=Actor.for_agent(writer), agent=writer, subject_ref="@workspace", kind="event",
                      content=content, session_id="ws-1")
    memory_embed_pending()
    _, brief = briefing(agent=reader, subject_ref="@workspace")
    items = recall(agent=reader, subject_ref="@workspace", query="equipo Atlas", purpose="essential.service",
                   session_id="ws-r").items
    for texts in ([i.text for i in brief], [i.text for i in items]):
        assert "El despliegue de Atlas es el jueves" in texts  # the ordinary event is shared
        assert not any("diabetes" in t for t in texts)
