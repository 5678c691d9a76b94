"""What the thirty-fifth and thirty-sixth secrets rounds' classes reach, in sample and as read (issue 15, stop 38).

``python -m evaluation.rule_reach`` prints, for each class (``memory.scrubbing.answers`` and ``announced``
finders, ``memory.scrubbing.public_values`` and ``described`` filters), the spent rows it fires on — a finder when a span covers
the row's secret (positives) or any span (negatives), a filter when it is true on a span some finder
yields — and then the same over the cases the last ten readings failed **with the scrubber they were
read on** (``train_secrets.AS_READ``: each commit unpacked and run as ``train_secrets --as-read``
does), where a filter is also tried on the spans that scrubber redacted. That second count is "what
the rule would have fixed had it been written before those authors" (a rule firing on a case, not a
re-run of the old scrubber with the rule added). Ids only, never text. About two minutes.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from collections.abc import Callable

from evaluation import train_special as ts
from evaluation.detector_cv import SECRET_SOURCES
from evaluation.train_secrets import AS_READ, _scrub_as_read
from memory.scrubbing import announced, answers, described, driver, keywords, public_values
from memory.scrubbing.kinds import PLACEHOLDER_RE

FILTERS: dict[str, Callable[[str, int, int], bool]] = {
    "obvious_fake": lambda t, s, e: public_values.obvious_fake(t[s:e]),
    "public_identifier": public_values.public_identifier,
    "crypt_hash": public_values.crypt_hash,
    "slack_id": public_values.slack_id,
    # thirty-sixth round (``described``)
    "command_line": described.command_line,
    "quoted_title": described.quoted_title,
    "placeholder_words": lambda t, s, e: described.placeholder_words(t[s:e]),
    "requirement": lambda t, s, e: described.requirement(t[s:e]),
}
#: The finders counted as classes: round 35's (``answers``) and round 36's (``announced``).
CLASS_FINDERS = (*answers.FINDERS, *announced.FINDERS)


def _redacted_spans(text: str, out: str) -> list[tuple[int, int]]:
    """Where ``out`` (``text`` scrubbed) put its placeholders, in ``text``'s offsets."""
    parts = PLACEHOLDER_RE.split(out)
    m = re.fullmatch("(.+?)".join(re.escape(p) for p in parts), text, re.S)
    return [m.span(i) for i in range(1, len(parts))] if m else []


def reach(text: str, secret: str | None, old_out: str | None = None) -> set[str]:
    """The classes that fire on one row (a finder only on the secret of a positive row)."""
    lower = text.translate(driver._LOWER_TABLE)
    fired: set[str] = set()
    for finder in CLASS_FINDERS:
        for start, end, _ in finder(text, lower):
            at = text.find(secret) if secret else -1
            if secret is None or (at >= 0 and start <= at < end):
                fired.add(finder.__name__)
    spans = [(s, e) for f in driver._FINDERS if f.__module__ not in (answers.__name__, announced.__name__)
             for s, e, _ in f(text, lower)]
    if old_out is not None:
        spans += _redacted_spans(text, old_out)
    fired |= {name for name, rule in FILTERS.items() if any(rule(text, s, e) for s, e in spans)}
    boundary = public_values.across_a_boundary
    hits: list[bool] = []
    keywords.across_a_boundary = lambda *a: hits.append(boundary(*a)) or hits[-1]
    try:
        list(keywords._find_keyword_values(text, lower))
    finally:
        keywords.across_a_boundary = boundary
    if any(hits):
        fired.add("across_a_boundary")
    return fired


def main(argv: list[str]) -> int:
    table: dict[tuple[str, str], list[str]] = defaultdict(list)
    for name, path in SECRET_SOURCES.items():
        for row in ts.read_rows(path):
            for rule in reach(row["text"], row.get("secret") if row["has_secret"] else None):
                table[(rule, "positive" if row["has_secret"] else "negative")].append(row["id"])
    print("fires on, every spent row:")
    for (rule, side), ids in sorted(table.items()):
        print(f"  {rule:28} {side:9} {len(ids):4}  {' '.join(ids[:12])}")
    failed = {"miss": 0, "false": 0}
    as_read: dict[str, list[str]] = defaultdict(list)
    for commit in dict.fromkeys(AS_READ.values()):
        names = [n for n, c in AS_READ.items() if c == commit]
        old = _scrub_as_read(commit, [SECRET_SOURCES[n] for n in names])
        for n in names:
            for row in ts.read_rows(SECRET_SOURCES[n]):
                out, text = old[row["id"]], row["text"]
                secret = row.get("secret") if row["has_secret"] else None
                if (secret is not None and secret in out) or (secret is None and out != text):
                    failed["miss" if secret else "false"] += 1
                    for rule in reach(text, secret, out):
                        as_read[rule].append(row["id"])
    print(f"as read: {failed['miss']} misses and {failed['false']} false redactions on the last ten readings")
    for rule, ids in sorted(as_read.items()):
        print(f"  {rule:28} {len(ids):4}  {' '.join(ids)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
