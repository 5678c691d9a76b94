"""Pay a process's one-time costs of the equivalence chain before its first judgment (issue 16).

A fresh Celery pool process that runs its first deep pass starts the Apertium pipelines it keeps
(:mod:`.bilingual`'s analysis and :mod:`.translation`'s stages, both directions: about 0.6–0.9 s of
their CPU while they load their dictionaries) and reads the chain's lazy tables (WordNet, CLDR, the
phrase and verb tables, compiled on first use). :func:`warm_up` does both before the first task:
``config.celery`` calls it once in each pool process as it starts (``QUORUM_WORKER_WARMUP``), so a
pass no longer waits for them. A long-lived worker paid these once per process anyway; the warm-up
moves them from its first task to its start, it does not make them cheaper.

The probes are fixed sentences written for this module (no one's data) judged by a chain without
an LLM; the per-text caches keep their readings, which only hold what the same text would compute
again. Nothing here raises: a missing or broken Apertium leaves the check to abstain as before, and
the warning names only the failure's type. Pure Python, no Django.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from memory.equivalence import bilingual, translation
from memory.equivalence.chain import default_chain
from memory.equivalence.types import Statement

logger = logging.getLogger(__name__)

#: Pairs that walk the chain's Spanish, English and cross-language paths (rules, similarity judge,
#: vetoes, the Apertium noun check and translated readings), at a similarity that reaches them.
PROBES = (
    ("Prefers short reports in the morning", "Prefiere informes cortos por la mañana"),
    ("Is allergic to cats", "Es alérgica a los perros"),
    ("Works at the hospital on Fridays", "No trabaja en el hospital los lunes"),
    ("Her brother lives in Madrid with two dogs", "His sister moved to Lisbon last year"),
    ("Vive en Sevilla y trabaja de enfermera", "Ya no vive en Sevilla, ahora trabaja de profesora"),
    ("Takes ibuprofen after dinner", "Toma paracetamol antes de cenar"),
)
PROBE_SIMILARITIES = (0.93, 0.86)


@dataclass(frozen=True)
class WarmUp:
    """What :func:`warm_up` did: seconds spent and whether every step succeeded."""

    seconds: float
    apertium_seconds: float
    apertium: bool  # the pipelines answered (False when Apertium is not installed, off or broken)
    ok: bool  # no step failed


def _start_pipelines() -> bool:
    """Start both directions' analysis and translation stages and wait for one answer from each."""
    if not bilingual.available():
        return False  # available() has already said why, once per process
    for direction, probe in (("spa-eng", "Una prueba."), ("eng-spa", "A test.")):
        analysed = bilingual._pipeline(direction).ask(probe)
        if "^" not in analysed:  # unreadable dictionaries: the stages exit, and the answer is empty
            raise OSError("the apertium pipeline answered nothing")
        if translation.available():
            bilingual._pipeline(direction, translation._stages(direction)).exchange(analysed + "\0")
    return True


def warm_up() -> WarmUp:
    """Start the Apertium pipelines and load the chain's lazy tables in this process (see module)."""
    started = time.perf_counter()
    ok = True
    try:
        apertium = _start_pipelines()
    except Exception as exc:  # noqa: BLE001 — a warm-up never stops a worker; the type only, no text
        logger.warning("warm-up: the Apertium pipelines did not start (%s); the ES-EN checks will retry on use",
                       type(exc).__name__)
        apertium, ok = False, False
    apertium_seconds = time.perf_counter() - started
    try:
        chain = default_chain()
        for a, b in PROBES:
            for x, y in ((a, b), (b, a)):
                for similarity in PROBE_SIMILARITIES:
                    chain.judge(Statement(x), Statement(y), similarity=similarity)
    except Exception as exc:  # noqa: BLE001 — as above
        logger.warning("warm-up: the equivalence chain's probes failed (%s)", type(exc).__name__)
        ok = False
    return WarmUp(seconds=time.perf_counter() - started, apertium_seconds=apertium_seconds,
                  apertium=apertium, ok=ok)
