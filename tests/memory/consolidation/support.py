"""Shared writers for the consolidation tests: memories through the real write service, runs
through the real entry."""

from __future__ import annotations

from typing import Any

from config.actors import Actor
from memory.consolidation.run import CONSOLIDATOR, RunResult, consolidation_run_subject
from memory.models import CollectiveFact, Memory, Subject
from memory.services.memories import memory_record


def remember(agent: Any, content: str, *, session: str, origin: str = "", predicate: str = "", value: Any = None,
             asserted_by: str = "user", trust: str | None = None, subject: str = "ana", derived_from: str = "",
             key: str = "", category: str = "", valid_from: Any = None) -> Memory:
    return memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref=subject, kind="fact",
                         content=content, session_id=session, origin_ref=origin, predicate=predicate,
                         value=value, asserted_by=asserted_by, trust=trust, derived_from=derived_from,
                         key=key, category=category, valid_from=valid_from).memory


def corroborate_short_reports(agents: list[Any]) -> list[Memory]:
    """Two agents, two sessions, two distinct utterances: enough to promote once consolidated."""
    return [remember(agent, "Prefiere informes breves", session=f"s{i + 1}", origin=f"u{i + 1}",
                     predicate="preference.report_length", value="short") for i, agent in enumerate(agents[:2])]


def consolidate(subject: str = "ana", **kwargs: Any) -> RunResult:
    return consolidation_run_subject(subject_id=Subject.objects.get(external_ref=subject).pk, actor=CONSOLIDATOR,
                                     **kwargs)


def current(subject: str = "ana") -> list[CollectiveFact]:
    return list(CollectiveFact.objects.filter(subject__external_ref=subject, status="current"))
