"""Session close (seed 001 ``/sessionend``): a structured, honest reflection.

``done``, ``went_well``, ``went_wrong``, ``improve``, ``relevant_for_others``. "All good" is not
a reflection: empty or trivial ``went_wrong``/``improve`` is refused with a helpful message. The
reflection is stored as a decision in the caller's space (scrubbed like any write); each item
relevant for others becomes candidate evidence (``inferred``, asserted by the agent, so it can
never by itself corroborate a collective fact); the session's ephemeral memories expire.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from django.db import transaction

from agents_registry.models import Agent
from config.actors import Actor
from config.audit import audit
from memory.errors import ContentTooLong, ReflectionTooShallow
from memory.models import Memory
from memory.services.memories import MAX_CONTENT_CHARS, memory_expire_session, memory_record

TRIVIAL = {
    "todo bien", "nada", "n/a", "na", "n.a.", "all good", "nothing", "none", "ninguno", "ninguna", "ok", "okay",
    "bien", "no", "nope", "nothing to improve", "nada que mejorar", "sin problemas", "no issues", "no problems",
    "everything went well", "todo fue bien", "todo correcto", "nothing went wrong", "nada salio mal", "-", "--",
    "...", "?", "tbd", "idk", "no se", "nothing really", "nada especial", "todo ok", "all fine", "fine",
    "perfecto", "perfect", "great", "genial", "keep going", "seguir asi", "same as before", "igual",
}
MIN_WORDS = 4


@dataclass(frozen=True)
class SessionEndResult:
    decision: Memory
    candidates: list[Memory]
    expired: int


def _normal(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()
    return re.sub(r"[\s.!¡¿?,;:]+", " ", text).strip()


def is_shallow(text: str) -> bool:
    normal = _normal(text)
    return not normal or normal in TRIVIAL or len(re.findall(r"\w+", normal)) < MIN_WORDS


@transaction.atomic
def session_end(*, agent: Agent, subject_ref: str, session_id: str, done: str, went_well: str, went_wrong: str,
                improve: str, relevant_for_others: list[str]) -> SessionEndResult:
    shallow = [name for name, value in (("went_wrong", went_wrong), ("improve", improve)) if is_shallow(value)]
    if shallow:
        raise ReflectionTooShallow(extra={"fields": shallow, "min_words": MIN_WORDS,
                                          "example": "went_wrong: 'I asked for the budget twice because I did "
                                                     "not check the earlier notes'; improve: 'search memory for "
                                                     "open questions before asking'"})
    actor = Actor.for_agent(agent)
    summary = (f"Session {session_id} — done: {done.strip()}\nWent well: {went_well.strip()}\n"
               f"Went wrong: {went_wrong.strip()}\nImprove: {improve.strip()}")
    if len(summary) > MAX_CONTENT_CHARS:
        raise ContentTooLong(extra={"max_chars": MAX_CONTENT_CHARS, "chars": len(summary)})
    decision = memory_record(actor=actor, agent=agent, subject_ref=subject_ref, kind=Memory.Kind.DECISION,
                             content=summary, reasoning=f"{went_wrong.strip()}\n{improve.strip()}",
                             session_id=session_id, asserted_by=Memory.AssertedBy.AGENT,
                             trust=Memory.Trust.INFERRED, importance=0.6).memory
    candidates = [
        memory_record(actor=actor, agent=agent, subject_ref=subject_ref, kind=Memory.Kind.FACT, content=item,
                      session_id=session_id, asserted_by=Memory.AssertedBy.AGENT, trust=Memory.Trust.INFERRED,
                      origin_ref=f"session-end:{session_id}").memory
        for item in relevant_for_others if item.strip()
    ]
    expired = memory_expire_session(actor=actor, agent=agent, session_id=session_id)
    audit(actor=actor, action="session.ended", object_type="memory", object_id=decision.pk,
          data={"candidates": len(candidates), "expired": expired})
    return SessionEndResult(decision=decision, candidates=candidates, expired=expired)
