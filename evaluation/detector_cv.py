"""How the content detectors generalise to authors who never saw them (issue 15).

Two modes:

* ``python -m evaluation.detector_cv`` — **leave one author out** over the labelled sources
  (``evaluation.train_special.SOURCES``, six for special categories; secrets: ``SECRET_SOURCES``,
  a hundred and two authors A1–CW, every one of them spent, i.e. development data). Special categories: for each source, both learned stages (vector, n-gram) are
  trained on the other five, with their thresholds and the n-gram veto of lexicon hits chosen by
  the same out-of-author procedure nested inside those five (``train_special.train``), and the whole
  detector ((lexicon AND NOT vetoed) OR n-gram OR vector) is measured on the held-out source. The
  hand-written lexicon is fixed: it was written with A1–D in view (in sample there); source E
  (``issue15_fourth``) has never been used to change it, so E's fold is out of sample for every
  part of the detector (see docs/privacy.md). ``--before`` measures the previous round's procedure
  the same way (no veto). Secrets: the per-author figures are the shipped scrubber on each author's
  strings; its one learned part, the token scorer (fortieth round), is trained on all 72 authors, so
  they are in sample (its out-of-author figures: ``python -m evaluation.train_secret_scorer``); ``--secrets-only`` prints only those (twenty
  authors, with a pooled per-kind table), and ``--secrets-only --ablation`` adds, for each finder
  family switched off alone, the positives each author loses and the false redactions it no longer
  makes (how many authors a rule rests on).
* ``python -m evaluation.detector_cv --special-spent`` — the **shipped** special-category detector
  on every spent special set (``SPECIAL_SPENT``: the six sources and every set read once untouched
  since, 77 authors A1–BX76), per author and pooled, with the ids missed and flagged.
* ``python -m evaluation.detector_cv --special PATH --secrets PATH`` — the **shipped** detectors
  (both stages of ``memory.inspection.special`` with the committed models; ``memory.scrubbing.scrub``)
  on any file in the format of ``evaluation/heldout/issue15*/`` (either option alone works), with
  the special-category false positives also listed by the part that flags each (``lexicon``: the
  write path's rules; ``n-gram`` and ``vector``: a learned stage, both when both do).
  ``--models DIR`` (with ``--special`` or ``--special-spent``) runs the same detector with the two
  learned stages' files from ``DIR`` instead of the committed ones (candidate files written by
  ``python -m evaluation.train_special --out-dir DIR``), so a retrain is measured as it would ship.

Figures: recall on special notes / false positives on ordinary ones, per author and pooled, per
label, per form; secrets recall per kind and false redaction. Misses and false positives are
listed by id only (never text). ``--cache FILE.npz`` keeps embeddings between runs; ``--json``
prints the figures as JSON instead of tables. Takes ~5 minutes on two loaded cores.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from evaluation import train_special as ts

SECRET_SOURCES: dict[str, Path] = {
    "A1": ts.HELDOUT / "issue15" / "secrets_dev.jsonl",
    "A2": ts.HELDOUT / "issue15" / "secrets_heldout.jsonl",
    "B": ts.HELDOUT / "issue15_fresh" / "secrets_heldout2.jsonl",
    "C": ts.HELDOUT / "issue15_dev2" / "secrets_dev2.jsonl",
    "D": ts.HELDOUT / "issue15_third" / "secrets_heldout3.jsonl",
    "E": ts.HELDOUT / "issue15_fourth" / "secrets_untouched4.jsonl",
    "F": ts.HELDOUT / "issue15_fifth" / "secrets_untouched5.jsonl",
    "G": ts.HELDOUT / "issue15_seventh" / "secrets_untouched7.jsonl",
    "H": ts.HELDOUT / "issue15_eighth" / "secrets_untouched8.jsonl",
    "I": ts.HELDOUT / "issue15_ninth" / "secrets_untouched9.jsonl",
    # Only this file of its directory is spent: the directory also holds an untouched set.
    "J": ts.HELDOUT / "issue15_tenth" / "secrets_untouched10.jsonl",
    # Likewise: issue15_eleventh also holds an untouched special-categories set.
    "K": ts.HELDOUT / "issue15_eleventh" / "secrets_untouched11.jsonl",
    "L": ts.HELDOUT / "issue15_twelfth" / "secrets_untouched12.jsonl",
    "M": ts.HELDOUT / "issue15_thirteenth" / "secrets_untouched13.jsonl",
    "N": ts.HELDOUT / "issue15_fifteenth" / "secrets_untouched14.jsonl",
    "O": ts.HELDOUT / "issue15_seventeenth" / "secrets_untouched15.jsonl",
    # Read untouched once in stop 32 on the fifteenth secrets round, spent since.
    "P": ts.HELDOUT / "issue15_nineteenth" / "secrets_untouched16.jsonl",
    "Q": ts.HELDOUT / "issue15_twentyfirst" / "secrets_untouched17.jsonl",
    # Read untouched once in stop 32 on the sixteenth secrets round, spent since.
    "R": ts.HELDOUT / "issue15_twentysecond" / "secrets_untouched18.jsonl",
    "S": ts.HELDOUT / "issue15_twentythird" / "secrets_untouched19.jsonl",
    # Read untouched once at the start of stop 33, spent since.
    "T": ts.HELDOUT / "issue15_twentysixth" / "secrets_untouched20.jsonl",
    # Read untouched once in stop 33 on the merged seventeenth secrets round, spent since.
    "U": ts.HELDOUT / "issue15_twentyseventh" / "secrets_untouched21.jsonl",
    # Read untouched once in stop 33 on the merged eighteenth secrets round, spent since.
    "V": ts.HELDOUT / "issue15_thirtysecond" / "secrets_untouched22.jsonl",
    # Read untouched once each in stop 33 on the merged nineteenth secrets round, spent since.
    "W": ts.HELDOUT / "issue15_thirtythird" / "secrets_untouched23.jsonl",
    "X": ts.HELDOUT / "issue15_thirtyfourth" / "secrets_untouched24.jsonl",
    "Y": ts.HELDOUT / "issue15_thirtyfifth" / "secrets_untouched25.jsonl",
    # Read untouched once each in stop 34 on the merged twentieth secrets round, spent since.
    "Z": ts.HELDOUT / "issue15_thirtyninth" / "secrets_untouched26.jsonl",
    "AA": ts.HELDOUT / "issue15_fortieth" / "secrets_untouched27.jsonl",
    # Read untouched once each in stop 34 on the twenty-first secrets round, spent since.
    "AB": ts.HELDOUT / "issue15_fortysecond" / "secrets_untouched28.jsonl",
    "AC": ts.HELDOUT / "issue15_fortythird" / "secrets_untouched29.jsonl",
    # Read untouched once each in stop 34 on the twenty-second secrets round, spent since.
    "AD": ts.HELDOUT / "issue15_fortyfourth" / "secrets_untouched30.jsonl",
    "AE": ts.HELDOUT / "issue15_fortyfifth" / "secrets_untouched31.jsonl",
    "AF": ts.HELDOUT / "issue15_fortysixth" / "secrets_untouched32.jsonl",
    "AG": ts.HELDOUT / "issue15_fortyseventh" / "secrets_untouched33.jsonl",
    "AH": ts.HELDOUT / "issue15_fortyninth" / "secrets_untouched34.jsonl",
    "AI": ts.HELDOUT / "issue15_fiftieth" / "secrets_untouched35.jsonl",
    "AJ": ts.HELDOUT / "issue15_fiftyfirst" / "secrets_untouched36.jsonl",
    "AK": ts.HELDOUT / "issue15_fiftysecond" / "secrets_untouched37.jsonl",
    "AL": ts.HELDOUT / "issue15_fiftythird" / "secrets_untouched38.jsonl",
    "AM": ts.HELDOUT / "issue15_fiftyfourth" / "secrets_untouched39.jsonl",
    "AN": ts.HELDOUT / "issue15_fiftyseventh" / "secrets_untouched40.jsonl",
    "AO": ts.HELDOUT / "issue15_fiftyeighth" / "secrets_untouched41.jsonl",
    "AP": ts.HELDOUT / "issue15_sixtyfirst" / "secrets_untouched42.jsonl",
    "AQ": ts.HELDOUT / "issue15_sixtysecond" / "secrets_untouched43.jsonl",
    "AR": ts.HELDOUT / "issue15_sixtythird" / "secrets_untouched44.jsonl",
    "AS": ts.HELDOUT / "issue15_sixtyfourth" / "secrets_untouched45.jsonl",
    "AT": ts.HELDOUT / "issue15_sixtyfifth" / "secrets_untouched46.jsonl",
    "AU": ts.HELDOUT / "issue15_sixtysixth" / "secrets_untouched47.jsonl",
    "AV": ts.HELDOUT / "issue15_sixtyninth" / "secrets_untouched48.jsonl",
    "AW": ts.HELDOUT / "issue15_seventieth" / "secrets_untouched49.jsonl",
    "AX": ts.HELDOUT / "issue15_seventythird" / "secrets_untouched50.jsonl",
    "AY": ts.HELDOUT / "issue15_seventyfourth" / "secrets_untouched51.jsonl",
    "AZ": ts.HELDOUT / "issue15_seventyfifth" / "secrets_untouched52.jsonl",
    "BA": ts.HELDOUT / "issue15_seventysixth" / "secrets_untouched53.jsonl",
    "BB": ts.HELDOUT / "issue15_seventyseventh" / "secrets_untouched54.jsonl",
    "BC": ts.HELDOUT / "issue15_seventyeighth" / "secrets_untouched55.jsonl",
    "BD": ts.HELDOUT / "issue15_seventyninth" / "secrets_untouched56.jsonl",
    "BE": ts.HELDOUT / "issue15_eightieth" / "secrets_untouched57.jsonl",
    "BF": ts.HELDOUT / "issue15_eightyfirst" / "secrets_untouched58.jsonl",
    "BG": ts.HELDOUT / "issue15_eightysecond" / "secrets_untouched59.jsonl",
    "BH": ts.HELDOUT / "issue15_eightyfifth" / "secrets_untouched60.jsonl",
    "BI": ts.HELDOUT / "issue15_eightysixth" / "secrets_untouched61.jsonl",
    "BJ": ts.HELDOUT / "issue15_eightyninth" / "secrets_untouched62.jsonl",
    "BK": ts.HELDOUT / "issue15_ninetieth" / "secrets_untouched63.jsonl",
    "BL": ts.HELDOUT / "issue15_ninetythird" / "secrets_untouched64.jsonl",
    "BM": ts.HELDOUT / "issue15_ninetyfourth" / "secrets_untouched65.jsonl",
    # read once at the start of stop 40 (main 63bab7d); spent since
    "BN": ts.HELDOUT / "issue15_ninetyseventh" / "secrets_untouched66.jsonl",
    "BO": ts.HELDOUT / "issue15_ninetyeighth" / "secrets_untouched67.jsonl",
    # read once at the end of stop 40 on the thirty-eighth round (5088f3c); spent since
    "BP": ts.HELDOUT / "issue15_hundredth" / "secrets_untouched68.jsonl",
    "BQ": ts.HELDOUT / "issue15_hundred_second" / "secrets_untouched69.jsonl",
    "BR": ts.HELDOUT / "issue15_hundred_third" / "secrets_untouched70.jsonl",
    "BS": ts.HELDOUT / "issue15_hundred_sixth" / "secrets_untouched71.jsonl",
    "BT": ts.HELDOUT / "issue15_hundred_ninth" / "secrets_untouched72.jsonl",
    "BU": ts.HELDOUT / "issue15_hundred_tenth" / "secrets_untouched73.jsonl",
    "BV": ts.HELDOUT / "issue15_hundred_thirteenth" / "secrets_untouched74.jsonl",
    "BW": ts.HELDOUT / "issue15_hundred_fourteenth" / "secrets_untouched75.jsonl",
    "BX": ts.HELDOUT / "issue15_hundred_seventeenth" / "secrets_untouched76.jsonl",
    "BY": ts.HELDOUT / "issue15_hundred_eighteenth" / "secrets_untouched77.jsonl",
    "BZ": ts.HELDOUT / "issue15_hundred_twentieth" / "secrets_untouched78.jsonl",
    "CA": ts.HELDOUT / "issue15_hundred_twentysecond" / "secrets_untouched79.jsonl",
    "CB": ts.HELDOUT / "issue15_hundred_twentyfourth" / "secrets_untouched80.jsonl",
    "CC": ts.HELDOUT / "issue15_hundred_twentysixth" / "secrets_untouched81.jsonl",
    "CD": ts.HELDOUT / "issue15_hundred_twentyeighth" / "secrets_untouched82.jsonl",
    "CE": ts.HELDOUT / "issue15_hundred_thirtieth" / "secrets_untouched83.jsonl",
    "CF": ts.HELDOUT / "issue15_hundred_thirtysecond" / "secrets_untouched84.jsonl",
    "CG": ts.HELDOUT / "issue15_hundred_thirtyfourth" / "secrets_untouched85.jsonl",
    "CH": ts.HELDOUT / "issue15_hundred_thirtysixth" / "secrets_untouched86.jsonl",
    "CI": ts.HELDOUT / "issue15_hundred_thirtyeighth" / "secrets_untouched87.jsonl",
    "CJ": ts.HELDOUT / "issue15_hundred_fortieth" / "secrets_untouched88.jsonl",
    "CK": ts.HELDOUT / "issue15_hundred_fortysecond" / "secrets_untouched89.jsonl",
    "CL": ts.HELDOUT / "issue15_hundred_fortyfourth" / "secrets_untouched90.jsonl",
    "CM": ts.HELDOUT / "issue15_hundred_fortysixth" / "secrets_untouched91.jsonl",
    "CN": ts.HELDOUT / "issue15_hundred_fortyeighth" / "secrets_untouched92.jsonl",
    "CO": ts.HELDOUT / "issue15_hundred_fiftieth" / "secrets_untouched93.jsonl",
    "CP": ts.HELDOUT / "issue15_hundred_fiftysecond" / "secrets_untouched94.jsonl",
    "CQ": ts.HELDOUT / "issue15_hundred_fiftyfourth" / "secrets_untouched95.jsonl",
    "CR": ts.HELDOUT / "issue15_hundred_fiftysixth" / "secrets_untouched96.jsonl",
    "CS": ts.HELDOUT / "issue15_hundred_fiftyeighth" / "secrets_untouched97.jsonl",
    "CT": ts.HELDOUT / "issue15_hundred_sixtieth" / "secrets_untouched98.jsonl",
    "CU": ts.HELDOUT / "issue15_hundred_sixtysecond" / "secrets_untouched99.jsonl",
    "CV": ts.HELDOUT / "issue15_hundred_sixtyfourth" / "secrets_untouched100.jsonl",
    "CW": ts.HELDOUT / "issue15_hundred_sixtysixth" / "secrets_untouched101.jsonl",
}
#: Every spent special-category set, one entry per author (defined beside the training script, which
#: trains on them with ``--all-spent``; see ``train_special.SPECIAL_SPENT``).
SPECIAL_SPENT = ts.SPECIAL_SPENT
LABELS = ("health", "genetic", "biometric", "religion", "politics", "trade_union", "sex_life_orientation",
          "race_ethnicity", "criminal")


def _pct(hit: int, of: int) -> str:
    return f"{hit}/{of} ({hit / of * 100:.1f} %)" if of else "—"


def special_table(rows: list[dict[str, Any]], flags: np.ndarray) -> dict[str, Any]:
    """Recall / false positives overall, per label and per form, and the ids missed or flagged."""
    special = np.array([r["label"] != "none" for r in rows])
    labels = np.array([r["label"] for r in rows])
    forms = np.array([r["form"] for r in rows])
    out: dict[str, Any] = {
        "recall": [int(flags[special].sum()), int(special.sum())],
        "false_positives": [int(flags[~special].sum()), int((~special).sum())],
        "by_label": {l: [int(flags[labels == l].sum()), int((labels == l).sum())] for l in LABELS if (labels == l).any()},
        "by_form": {f: [int(flags[forms == f].sum()), int((forms == f).sum())] for f in sorted(set(forms))},
        "misses": [r["id"] for r, s, f in zip(rows, special, flags, strict=True) if s and not f],
        "false_positive_ids": [r["id"] for r, s, f in zip(rows, special, flags, strict=True) if not s and f],
    }
    return out


def secrets_table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    from memory.scrubbing import scrub  # local import: needs Django settings (set up in main)

    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses, false = [], []
    found = positives = negatives = 0
    for row in rows:
        out = scrub(row["text"])
        if row["has_secret"]:
            hit = row["secret"] not in out.text
            positives += 1
            found += hit
            kinds[row["kind"]][0] += hit
            kinds[row["kind"]][1] += 1
            if not hit:
                misses.append(row["id"])
        else:
            negatives += 1
            if out.count:
                false.append(row["id"])
    return {"recall": [found, positives], "false_redaction": [len(false), negatives],
            "by_kind": dict(sorted(kinds.items())), "misses": misses, "false_positive_ids": false}


def loao_secrets() -> dict[str, Any]:
    """The scrubber on each author's strings (nothing is trained, so leaving an author out changes
    nothing but which rows are counted), plus the pooled figures and the per-kind table."""
    result: dict[str, Any] = {name: secrets_table(ts.read_rows(path)) for name, path in SECRET_SOURCES.items()}
    tables = list(result.values())
    result["pooled"] = {k: _pool(tables, k) for k in ("recall", "false_redaction", "by_kind")}
    return result


def secrets_ablation() -> dict[str, dict[str, list[int]]]:
    """Which finder each author's results rest on: for every finder family of the scrubber, per
    author, [positives lost when it alone is switched off, false redactions that go with it,
    positives it finds when it runs alone, false redactions it makes alone]. A rule that finds only
    one author's strings is a rule fitted to that author."""
    from memory.scrubbing import driver  # local import: needs Django settings (set up in main)

    rows = {name: ts.read_rows(path) for name, path in SECRET_SOURCES.items()}
    full = {name: secrets_table(r) for name, r in rows.items()}
    families: dict[str, list[Any]] = defaultdict(list)
    for finder in driver._FINDERS:
        families[finder.__name__].append(finder)
    shipped = driver._FINDERS
    result: dict[str, dict[str, list[int]]] = {}
    try:
        for family, finders in families.items():
            effect = {}
            for name, r in rows.items():
                driver._FINDERS = tuple(f for f in shipped if f not in finders)
                without = secrets_table(r)
                driver._FINDERS = tuple(finders)
                alone = secrets_table(r)
                lost = len(set(without["misses"]) - set(full[name]["misses"]))
                removed = len(set(full[name]["false_positive_ids"]) - set(without["false_positive_ids"]))
                figures = [lost, removed, alone["recall"][0], len(alone["false_positive_ids"])]
                if any(figures):
                    effect[name] = figures
            result[family] = effect
    finally:
        driver._FINDERS = shipped
    return result


def _print_secrets(figures: dict[str, Any]) -> None:
    for name, t in figures.items():
        print(f"secrets {name}: recall {_pct(*t['recall'])}, false redaction {_pct(*t['false_redaction'])}")
        if "misses" not in t:  # the pooled row: every kind, found or not
            print("    by kind: " + "; ".join(f"{k} {_pct(*v)}" for k, v in sorted(t["by_kind"].items())))
            continue
        print("    by kind: " + "; ".join(f"{k} {_pct(*v)}" for k, v in t["by_kind"].items() if v[0] < v[1])
              + " (others all found)")
        print(f"    misses: {' '.join(t['misses'])}; false redactions: {' '.join(t['false_positive_ids'])}")


def _pool(tables: list[dict[str, Any]], key: str) -> Any:
    first = tables[0][key]
    if isinstance(first, list):
        return [sum(t[key][0] for t in tables), sum(t[key][1] for t in tables)]
    pooled: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for t in tables:
        for name, (hit, of) in t[key].items():
            pooled[name][0] += hit
            pooled[name][1] += of
    return dict(pooled)


def _print_special(name: str, t: dict[str, Any]) -> None:
    print(f"  {name}: recall {_pct(*t['recall'])}, false positives {_pct(*t['false_positives'])}")


def _print_breakdown(t: dict[str, Any], keys: tuple[str, ...]) -> None:
    for key in keys:
        print(f"    {key}: " + "; ".join(f"{n} {_pct(*v)}" for n, v in t[key].items()))


def loao_special(before: bool) -> dict[str, Any]:
    from memory.embedding import get_embedder  # local import: needs Django settings (set up in main)
    from memory.inspection.special_ngrams import BUCKETS  # local import: needs Django settings

    cache_path, cache = ts.load_cache(sys.argv)
    embedder = get_embedder()
    authors = {name: ts.load_author(ts.read_rows(path), embedder, cache) for name, path in ts.SOURCES.items()}
    if cache_path:
        np.savez(cache_path, **cache)
    result: dict[str, Any] = {}
    for held, test in authors.items():
        train = [a for name, a in authors.items() if name != held]
        stages = ts.train(train, BUCKETS, veto_share=0.0 if before else ts.VETO_SHARE)
        tables = {"lexicon": special_table(test.rows, test.lexicon),
                  "detector": special_table(test.rows, stages.detector(test))}
        result[held] = tables
    for stage in ("lexicon", "detector"):
        tables = [result[a][stage] for a in authors]
        result.setdefault("pooled", {})[stage] = {k: _pool(tables, k) for k in
                                                  ("recall", "false_positives", "by_label", "by_form")}
    return result


def use_models(directory: Path) -> None:
    """Point both learned stages at the model files in ``directory`` for the rest of the process
    (``--models``): the same file names as the committed ones; a missing or unreadable file stops
    the run rather than measuring a detector without that stage."""
    from memory.inspection import special_model, special_ngrams  # local import: needs Django settings

    special_model.MODEL_PATH = directory / special_model.MODEL_PATH.name
    special_ngrams.MODEL_PATH = directory / special_ngrams.MODEL_PATH.name
    special_model._load.cache_clear()
    special_ngrams.load.cache_clear()
    if special_model._load() is None or special_ngrams.load() is None:
        raise SystemExit(f"no readable special_model.npz and special_ngrams.npz in {directory}")


def false_positives_by_stage(rows: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The ids of the ordinary notes each part of the shipped detector flags: ``lexicon`` (the write
    path's rules, after the n-gram veto), ``n-gram`` (the write path's n-gram stage, lexicon silent)
    and ``vector`` (the vector stage as the backfill runs it); a note both learned stages flag is
    under both. Ids only."""
    from memory.embedding import get_embedder  # local import: needs Django settings (set up in main)
    from memory.inspection.special import special_category_in, vector_stage  # local import: as above

    ordinary = [r for r in rows if r["label"] == "none"]
    vectors = get_embedder().embed_passages([r["text"] for r in ordinary])
    parts: dict[str, list[str]] = {"lexicon": [], "n-gram": [], "vector": []}
    for row, vector in zip(ordinary, vectors, strict=True):
        write = special_category_in([("content", row["text"])])
        if write is not None:
            parts["n-gram" if write.rule.startswith("ngram.") else "lexicon"].append(row["id"])
        if vector_stage(np.asarray(vector, dtype=np.float32), row["text"]) is not None:
            parts["vector"].append(row["id"])
    return parts


def spent_special() -> dict[str, Any]:
    """The shipped detector on every spent special set (``SPECIAL_SPENT``), per author and pooled:
    how many authors a change helps and how many it costs."""
    from evaluation.special_corpus import flags  # local import: needs Django settings (set up in main)

    result: dict[str, Any] = {}
    for name, path in SPECIAL_SPENT.items():
        rows = ts.read_rows(path)
        result[name] = special_table(rows, flags(rows))
    result["pooled"] = {k: _pool(list(result.values()), k) for k in ("recall", "false_positives", "by_label", "by_form")}
    return result


def main(argv: list[str]) -> int:
    ts.setup()
    as_json = "--json" in argv
    figures: dict[str, Any] = {}
    if "--models" in argv:
        use_models(Path(argv[argv.index("--models") + 1]))
    if "--special" in argv or "--secrets" in argv:
        if "--special" in argv:
            from evaluation.special_corpus import flags  # local import: needs Django settings (above)

            rows = ts.read_rows(Path(argv[argv.index("--special") + 1]))
            figures["special"] = special_table(rows, flags(rows))
            figures["special"]["false_positives_by_stage"] = false_positives_by_stage(rows)
        if "--secrets" in argv:
            figures["secrets"] = secrets_table(ts.read_rows(Path(argv[argv.index("--secrets") + 1])))
    elif "--special-spent" in argv:
        figures["special_spent"] = spent_special()
    elif "--secrets-only" in argv:
        figures["secrets_by_author"] = loao_secrets()
        if "--ablation" in argv:
            figures["secrets_ablation"] = secrets_ablation()
    else:
        figures["special_loao"] = loao_special("--before" in argv)
        figures["secrets_by_author"] = loao_secrets()
    if as_json:
        print(json.dumps(figures, indent=1))
        return 0
    if "special" in figures:
        print("special categories (shipped detector):")
        _print_special("all", figures["special"])
        _print_breakdown(figures["special"], ("by_label", "by_form"))
        print(f"    misses: {' '.join(figures['special']['misses'])}")
        print(f"    false positives: {' '.join(figures['special']['false_positive_ids'])}")
        for part, ids in figures["special"]["false_positives_by_stage"].items():
            print(f"      flagged by the {part}: {' '.join(ids)}")
    if "special_spent" in figures:
        print("special categories, shipped detector on each spent set:")
        for name, t in figures["special_spent"].items():
            _print_special(name, t)
            if "misses" in t:
                print(f"    misses: {' '.join(t['misses'])}; false positives: {' '.join(t['false_positive_ids'])}")
        _print_breakdown(figures["special_spent"]["pooled"], ("by_label", "by_form"))
    if "special_loao" in figures:
        print("special categories, leave one author out" + (" (previous round's procedure)" if "--before" in argv else ""))
        for held, tables in figures["special_loao"].items():
            print(f" held out {held}:")
            for stage, t in tables.items():
                _print_special(stage, t)
        _print_breakdown(figures["special_loao"]["pooled"]["detector"], ("by_label", "by_form"))
    _print_secrets({"file": figures["secrets"]} if "secrets" in figures else figures.get("secrets_by_author", {}))
    if "secrets_ablation" in figures:
        print("secrets ablation, per author: switched off -> positives lost/false redactions removed; "
              "alone -> positives found/false redactions")
        for family, effect in figures["secrets_ablation"].items():
            print(f"  {family}: " + "; ".join(f"{a} off -{lost}/-{removed} alone {hit}/{false}"
                                             for a, (lost, removed, hit, false) in effect.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
