"""Shared helpers of the embedding tests: leak checks and a scriptable fake OpenAI-compatible server."""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from memory.embedding import DIM, OpenAIEmbedder

# Text that must never appear in an error message.
SECRET = "Mi número de cuenta secreto es 4242-XYZ"

PERSON_MEMORIES = [
    "Prefiere informes breves",
    "Vive en Valencia",
    "Tiene dos gatos",
    "Trabaja en el proyecto Atlas",
    "Le gusta el café solo",
    "Su cumpleaños es en marzo",
    "Usa Linux en el trabajo",
]


def assert_unit_rows(mat: np.ndarray, n: int) -> None:
    assert isinstance(mat, np.ndarray)
    assert mat.shape == (n, DIM)
    assert mat.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(mat, axis=1), 1.0, atol=1e-5)


def assert_no_leak(err: BaseException, text: str = SECRET) -> None:
    """The error, its repr and the full printed traceback (including any
    chained exception, which is what a logger would print) are free of the text."""
    assert text not in str(err)
    assert text not in repr(err)
    assert text not in "".join(traceback.format_exception(err))
    assert err.__cause__ is None
    assert err.__context__ is None or err.__suppress_context__


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class FakeServer:
    """State shared with the handler; tests set ``respond`` to script it."""

    base_url: str = ""
    requests: list[Recorded] = field(default_factory=list)
    # respond(call_number, parsed_body) -> (status, payload, headers)
    respond: Callable[[int, Any], tuple[int, Any, dict[str, str]]] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


def fake_vector(text: str, dim: int = DIM) -> list[float]:
    """Deterministic, text-derived, deliberately non-normalised vector."""
    seed = sum(text.encode("utf-8")) + 31 * len(text)
    vec = [0.0] * dim
    vec[seed % dim] = 3.0
    vec[(seed * 7 + 1) % dim] += 4.0
    return vec


def ok_payload(body: Any, dim: int = DIM, reverse: bool = True) -> dict[str, Any]:
    data = [
        {"object": "embedding", "index": i, "embedding": fake_vector(t, dim)}
        for i, t in enumerate(body["input"])
    ]
    if reverse:  # servers may answer out of order; "index" is authoritative
        data.reverse()
    return {"object": "list", "data": data, "model": body["model"]}


def expected_rows(texts: Sequence[str]) -> np.ndarray:
    m = np.array([fake_vector(t) for t in texts], dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def make_client(server: FakeServer, **kwargs: Any) -> OpenAIEmbedder:
    kwargs.setdefault("backoff", 0.01)
    return OpenAIEmbedder(server.base_url, "text-embedding-test", **kwargs)
