"""The Apertium exchanges of the free-text deep pass: how many, through which pipeline, asked by which
check, for which kind of text, and what each pipeline stage's CPU per exchange is (perf50a, issue 16).

Run from the root of the tree to measure, on the database a ``QUORUM_BENCH_FREETEXT=0.3
QUORUM_BENCH_SUBJECTS=64 python -m benchmarks consolidation`` run populated (``QUORUM_DATABASE_NAME``):
the pass's chain judgments are re-judged as ``profile_deep_pass.py --chain-only`` re-judges them
(every per-text cache emptied first, one ``texts_memoised`` scope a run), with the pipelines started
beforehand so their start-up is not counted. Prints, ids and counts only (never a text):

* per pipeline (analysis, translation stages, the tagger's surface forms; each direction): the
  exchanges and each stage's CPU over them (``/proc/<pid>/schedstat``, nanoseconds: clock ticks are
  10 ms, coarser than an exchange);
* the exchanges by the kind of text sent: a note in its own language or the other one, a translated
  reading, "She"/"He" put before a note, a single word, anything else;
* the exchanges by the chain of equivalence functions that asked for them.

``--stages N``: instead, each stage's CPU per exchange on fixed sentences written here (nobody's
data), N rounds of them back to back ("warm") and with 3 ms of Python work touching ≈ 24 MB between
exchanges ("cold", as in a pass, where the pool process runs the chain between two exchanges).

    python scripts/apertium_exchanges.py
    python scripts/apertium_exchanges.py --stages 15
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path.cwd()  # the tree to measure is the working directory's
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

#: Sentences for ``--stages`` (written for this script).
ENGLISH = ("Walks the dog every morning before work", "Is allergic to cats and dogs",
           "Her brother lives in Madrid with two dogs", "Prefers short reports in the morning",
           "Takes ibuprofen after dinner", "Works at the hospital on Fridays",
           "Plays tennis with his sister on Sundays", "Rents a room from a neighbour",
           "Speaks English only at work", "Has finished two tournaments this year")
SPANISH = ("Pasea al perro cada mañana antes del trabajo", "Es alérgica a los gatos y a los perros",
           "Su hermano vive en Madrid con dos perros", "Prefiere informes cortos por la mañana",
           "Toma paracetamol antes de cenar", "Trabaja en el hospital los viernes",
           "Juega al tenis con su hermana los domingos", "Alquila una habitación a un vecino",
           "Solo habla inglés en el trabajo", "Ha terminado dos torneos este año")
_UNESCAPE = re.compile(r"\\(.)")
_SKIP_FRAMES = {"bilingual.py", "memo.py", "text_caches.py"}


def _kind(pipeline: Any) -> str:
    command = pipeline.command
    direction = "spa-eng" if "/spa-eng." in command else "eng-spa"
    if "lrx-proc" in command:
        return f"translation stages {direction}"
    if "apertium-tagger -z -g -p" in command:
        return f"surface forms {direction}"
    return f"analysis {direction}"


def _stage_cpu(pipeline: Any) -> list[tuple[str, float]]:
    """Each stage process of a running pipeline with its CPU so far (ms), in pipeline order."""
    import psutil

    out = []
    for child in sorted(psutil.Process(pipeline.process.pid).children(recursive=True), key=lambda c: c.pid):
        with open(f"/proc/{child.pid}/schedstat") as fh:
            out.append((child.name(), int(fh.read().split()[0]) / 1e6))
    return out


def _caller() -> str:
    """The equivalence functions between the chain and the exchange, outermost first."""
    frame, names = sys._getframe(2), []
    while frame is not None and not frame.f_code.co_filename.endswith("chain.py"):
        path = Path(frame.f_code.co_filename)
        if "equivalence" in path.parts and path.name not in _SKIP_FRAMES:
            names.append(f"{path.stem}.{frame.f_code.co_name}")
        frame = frame.f_back
    return " > ".join(reversed(names[-8:])) or "(bilingual only)"


def pass_exchanges() -> None:
    import django

    django.setup()
    from governance.selectors.predicates import predicate_cardinalities
    from memory.equivalence import bilingual, default_chain, texts_memoised, translation, warm
    from memory.equivalence.analysis import _analyse
    from profile_deep_pass import _caches_clear, group_judgments

    runs, memories = group_judgments()
    pairs = [[(memories[a], memories[b], score) for a, b, score in run] for run in runs.values()]
    notes = {m.text: _analyse(m.text).lang for m in memories.values()}
    chain = default_chain(cardinality=predicate_cardinalities().get)
    warm._start_pipelines()  # started before: a pass in a warmed-up worker does not pay the start
    any_note = next(iter(memories.values()))
    chain.judge(any_note, any_note, similarity=0.9)
    _caches_clear()

    translated: set[str] = set()
    by_pipeline: Counter[str] = Counter()
    by_origin: Counter[tuple[str, str]] = Counter()
    by_caller: Counter[tuple[str, str]] = Counter()
    exchange, translate = bilingual._Pipeline.exchange, translation.translate

    def origin(kind: str, payload: str) -> str:
        if kind.startswith("translation"):
            return "a note's analysis stream, translated"
        text = _UNESCAPE.sub(r"\1", payload.removesuffix("\0").removesuffix(".[][\n]"))
        if text in notes:
            own = "es" if "spa-eng" in kind else "en"
            return "a note, its own language" if notes[text] == own else "a note, the other language"
        if text in translated:
            return "a translated reading"
        head, _, rest = text.partition(" ")
        if head in ("She", "He") and (rest in notes or rest[:1].upper() + rest[1:] in notes):
            return '"She"/"He" put before a note'
        return "a single word" if " " not in text.strip() else "other"

    def counted_exchange(self: Any, payload: str) -> str:
        kind = _kind(self)
        by_pipeline[kind] += 1
        by_origin[(kind, origin(kind, payload))] += 1
        by_caller[(kind, _caller())] += 1
        return exchange(self, payload)

    def noted_translate(lang: str, text: str) -> str | None:
        out = translate(lang, text)
        if out:
            translated.add(out)
        return out

    before = {key: _stage_cpu(p) for key, p in bilingual._PIPELINES.items() if p.process is not None}
    bilingual._Pipeline.exchange = counted_exchange  # type: ignore[method-assign]
    translation.translate = noted_translate  # type: ignore[assignment]
    started = time.process_time()
    try:
        for run in pairs:
            with texts_memoised():
                for a, b, score in run:
                    chain.judge(a, b, similarity=score)
    finally:
        bilingual._Pipeline.exchange = exchange  # type: ignore[method-assign]
        translation.translate = translate
    cpu = time.process_time() - started
    print(f"{sum(map(len, pairs)):,} chain judgments, in-process CPU {cpu:.2f} s, load {os.getloadavg()[0]:.1f}")
    total = 0.0
    for key, pipeline in bilingual._PIPELINES.items():
        kind = _kind(pipeline)
        now = _stage_cpu(pipeline)  # stage names repeat (two lt-proc): paired by position
        per_stage = [(name, ms - old) for (name, ms), (_, old) in zip(now, before[key])] if key in before else now
        spent = sum(ms for _, ms in per_stage)
        total += spent
        n = max(by_pipeline[kind], 1)
        print(f"  {kind:<28} {by_pipeline[kind]:5d} exchanges  {spent / 1000:.3f} s of its processes' CPU "
              f"({spent / n:.3f} ms an exchange: " + ", ".join(f"{name} {ms / n:.3f}" for name, ms in per_stage) + ")"
              + ("" if key in before else "  [started during the pass: its start-up included]"))
    print(f"  all pipelines {total / 1000:.3f} s for {sum(by_pipeline.values()):,} exchanges")
    print("by the text sent:")
    for (kind, what), n in sorted(by_origin.items()):
        print(f"  {n:5d}  {kind:<28} {what}")
    print("by the functions that asked (outermost first):")
    for (kind, caller), n in by_caller.most_common():
        print(f"  {n:5d}  {kind:<28} {caller}")


def stages(rounds: int) -> None:
    from memory.equivalence import bilingual, translation

    junk = list(range(3_000_000))

    def work(ms: float) -> None:  # Python work between two exchanges, as the chain's between two asks
        end = time.process_time() + ms / 1000
        total = 0
        while time.process_time() < end:
            for i in range(0, len(junk), 97):
                total += junk[i]

    for texts, direction in ((SPANISH, "spa-eng"), (ENGLISH, "eng-spa")):
        analysis = bilingual._pipeline(direction)
        stages_ = bilingual._pipeline(direction, translation._stages(direction))
        streams = [analysis.ask(t) for t in texts]
        stages_.exchange(streams[0] + "\0")
        for mode, gap in (("warm", 0.0), ("cold", 3.0), ("warm", 0.0), ("cold", 3.0)):
            for name, pipeline, payloads in (("analysis", analysis, None), ("translation stages", stages_, streams)):
                before = _stage_cpu(pipeline)
                for _ in range(rounds):
                    for k, text in enumerate(texts):
                        if payloads is None:
                            pipeline.ask(text)
                        else:
                            pipeline.exchange(payloads[k] + "\0")
                        if gap:
                            work(gap)
                n = rounds * len(texts)
                spent = [(stage, (ms - old) / n) for (stage, ms), (_, old) in zip(_stage_cpu(pipeline), before)]
                print(f"{direction} {mode} {name}: {sum(ms for _, ms in spent):.3f} ms an exchange ("
                      + ", ".join(f"{stage} {ms:.3f}" for stage, ms in spent) + f"); load {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stages", type=int, default=0)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    if args.stages:
        stages(args.stages)
    else:
        pass_exchanges()


if __name__ == "__main__":
    main()
