"""Who performs a state change. Every service takes a required ``actor`` and audits it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Actor:
    """An identity, by kind and id only (never a name or any personal text)."""

    kind: str  # "agent" | "user" | "system"
    id: str

    @classmethod
    def system(cls, component: str) -> Actor:
        return cls(kind="system", id=component)

    @classmethod
    def for_user(cls, user: Any) -> Actor:
        return cls(kind="user", id=str(user.pk))

    @classmethod
    def for_agent(cls, agent: Any) -> Actor:
        return cls(kind="agent", id=str(agent.pk))
