"""The audit hook that every app's services call, without importing ``governance`` directly.

``agents_registry`` must not import the other apps (DESIGN §2), yet its services must audit in
their own transaction. ``governance`` registers its ``audit_event_record`` service here when the
app registry is ready; calling :func:`audit` before that is a programming error and fails loudly
(never silently skips an audit row).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from config.actors import Actor

_recorder: Callable[..., Any] | None = None


def register_recorder(recorder: Callable[..., Any]) -> None:
    global _recorder
    _recorder = recorder


def audit(*, actor: Actor, action: str, object_type: str, object_id: str | int,
          data: Mapping[str, Any] | None = None) -> Any:
    """Append one audit event in the caller's transaction. ``data``: ids, counts, hashes only."""
    if _recorder is None:
        raise RuntimeError("no audit recorder registered (is the governance app installed?)")
    return _recorder(actor=actor, action=action, object_type=object_type, object_id=str(object_id),
                     data=dict(data or {}))
