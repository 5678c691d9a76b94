"""How often a special-category lexicon term occurs only inside a longer word (issue 15, sp33).

The lexicon's patterns start at a word boundary, so a term joined to a prefix or written as the head
of a compound ("hemo" + "dialisis", "pre" + "diabetico", "hidro" + "terapia") is not read. Before the
lexicon reads such words this measures, over the spent special-category authors
(``evaluation.train_special.SPECIAL_SPENT``), what each candidate prefix would gain and cost:

* **discovery** — every lexicon pattern with its opening word boundary dropped, on the notes the
  write-path stage (``special_category_in``) leaves alone: the letters before the term in its word,
  counted in special notes (would be gained) and in ordinary notes (would be flagged);
* **families** — for each candidate prefix (``FAMILIES``), the mechanism of
  ``special_morphology`` with that prefix alone (``prefix_reading(reading, (prefix,))``): the
  special and ordinary notes where the lexicon fires only on the reading with the prefix split off, and of those the ones the detector missed / did not flag before (``--baseline FILE``:
  ``detector_cv --special-spent --json`` of the detector without prefixes; else the write path);
* **suffixes** — notes holding a word with a medical suffix (``SUFFIXES``) that the write path leaves
  alone, special and ordinary.

Run: ``python -m evaluation.lexicon_morphology [--exclude BI61,BJ62] [--baseline FILE] [--json]``. Ids and counts only,
never note text.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from typing import Any

from evaluation import train_special as ts

#: Candidate prefixes and first elements of compounds, Spanish and English (folded, no accents).
FAMILIES = (
    "hemo", "hema", "pre", "pro", "neuro", "hipo", "hypo", "hiper", "hyper", "post", "pos", "anti", "ex", "auto",
    "peri", "para", "pseudo", "semi", "sub", "super", "micro", "poli", "poly", "multi", "bi", "co", "re", "des",
    "in", "non", "no", "ultra", "trans", "intra", "inter", "cardio", "gastro", "psico", "psycho", "fisio", "hidro",
    "hydro", "endo", "onco", "nefro", "neumo", "uro", "gineco", "osteo", "inmuno", "immuno", "ciber", "cyber",
    "tele", "radio", "quimio", "bio", "mini", "mega", "self", "under", "over", "mal", "dis", "mis", "un",
)
SUFFIXES = {
    "ectomy": r"[a-z]{3,}ectom(?:ia|ias|y|ies)\b",
    "itis": r"[a-z]{3,}itis\b",
    "pathy": r"[a-z]{3,}(?:patia|patias|pathy|pathies)\b",
    "ologist": r"[a-z]{3,}(?:ologo|ologa|ologos|ologas|ologist|ologists)\b",
    "therapy": r"[a-z]{2,}(?:terapia|terapias|therapy|therapies)\b",
    "emia": r"[a-z]{3,}(?:emia|aemia)\b",
    "osis": r"[a-z]{3,}osis\b",
    "plasty": r"[a-z]{3,}(?:plastia|plasty)\b",
    "scopy": r"[a-z]{3,}(?:scopia|scopy)\b",
}


def _relaxed() -> list[tuple[str, re.Pattern[str]]]:
    from memory.inspection.special_lexicon import RULES  # local import: needs Django settings (set up in main)

    out = []
    for rule in RULES:
        source = rule.pattern.pattern
        if source.startswith(r"\b"):
            out.append((rule.label, re.compile(r"(?<=[a-z])" + source[2:])))
    return out


def measure(exclude: set[str], baseline: dict[str, Any] | None) -> dict[str, Any]:
    from memory.inspection import special_morphology  # local import: needs Django settings (set up in main)
    from memory.inspection.normalise import fold_text  # local import: as above
    from memory.inspection.special import _special_readings, lexical_rule, special_category_in  # local import: as above

    relaxed = _relaxed()
    special_morphology.PREFIXES, special_morphology.LIMITED = (), {}  # without the mechanism; one family at a time below
    suffixes = {name: re.compile(r"\b" + p) for name, p in SUFFIXES.items()}
    discovery: dict[str, Counter[str]] = {"special": Counter(), "ordinary": Counter()}
    families: dict[str, dict[str, list[str]]] = defaultdict(lambda: {"gained": [], "flagged": [], "special": [], "ordinary": []})
    suffix_counts: dict[str, Counter[str]] = {"special": Counter(), "ordinary": Counter()}
    notes = 0
    for author, path in ts.SPECIAL_SPENT.items():
        if author in exclude:
            continue
        missed = set(baseline[author]["misses"]) if baseline else None
        false_pos = set(baseline[author]["false_positive_ids"]) if baseline else None
        for row in ts.read_rows(path):
            notes += 1
            side = "ordinary" if row["label"] == "none" else "special"
            if baseline is not None:
                caught = row["id"] in false_pos if side == "ordinary" else row["id"] not in missed
            else:
                caught = special_category_in([("content", row["text"])]) is not None
            folded = fold_text(row["text"])
            readings = _special_readings(row["text"])
            plain: str | None | bool = False  # not read yet
            for prefix in FAMILIES:
                if not re.search(rf"\b{prefix}[a-z]{{3}}", folded):
                    continue
                splits = [s for s in (special_morphology.prefix_reading(r, (prefix,)) for r in readings) if s not in readings]
                if not splits:
                    continue
                plain = lexical_rule(row["text"]) if plain is False else plain
                if not plain and any(lexical_rule(split) for split in splits):
                    tag = f"{author}:{row['id']}"
                    families[prefix][side].append(tag)
                    if not caught:
                        families[prefix]["gained" if side == "special" else "flagged"].append(tag)
            if caught:
                continue
            seen: set[str] = set()
            for label, pattern in relaxed:
                for match in pattern.finditer(folded):
                    head = match.start()
                    while head > 0 and folded[head - 1].isalpha():
                        head -= 1
                    seen.add(f"{folded[head:match.start()]}+{label}")
            discovery[side].update(seen)
            for name, pattern in suffixes.items():
                if pattern.search(folded):
                    suffix_counts[side][name] += 1
    return {"notes": notes, "discovery": {k: v.most_common(60) for k, v in discovery.items()},
            "families": {p: families[p] for p in FAMILIES if families[p]["special"] or families[p]["ordinary"]},
            "suffixes": {k: dict(v) for k, v in suffix_counts.items()}}


def main(argv: list[str]) -> int:
    ts.setup()
    exclude = set(argv[argv.index("--exclude") + 1].split(",")) if "--exclude" in argv else set()
    baseline = None
    if "--baseline" in argv:  # ``python -m evaluation.detector_cv --special-spent --json`` of the detector before
        baseline = json.loads(open(argv[argv.index("--baseline") + 1], encoding="utf-8").read())["special_spent"]
    figures = measure(exclude, baseline)
    if "--json" in argv:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"notes read: {figures['notes']} (excluded: {', '.join(sorted(exclude)) or 'none'})")
    for side in ("special", "ordinary"):
        print(f"discovery, {side} notes the write path leaves alone (prefix+label: notes):")
        print("  " + "; ".join(f"{k}: {n}" for k, n in figures["discovery"][side]))
    print("families (a term joined to the prefix): special / ordinary notes with such a hit;"
          " of them, special notes gained / ordinary notes newly flagged")
    for prefix, ids in figures["families"].items():
        print(f"  {prefix}-: {len(ids['special'])} / {len(ids['ordinary'])}; {len(ids['gained'])} / {len(ids['flagged'])}"
              f"  gained: {' '.join(ids['gained'])}  flagged: {' '.join(ids['flagged'])}")
    print(f"suffixes, notes the write path leaves alone: {figures['suffixes']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
