"""``manage.py evaluate``: the scorecard of DESIGN §10 (see docs/evaluation.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluation.render import render_html, render_json, render_text
from evaluation.runner import SUITES, evaluate
from evaluation.suites.freetext import load as load_pairs_file


class Command(BaseCommand):
    help = "Run the synthetic evaluation suites in a throwaway database and print a scorecard."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--suite", action="append", choices=list(SUITES),
                            help="run only this suite (repeatable); default: all seven")
        parser.add_argument("--size", choices=["small", "default"], default="default")
        parser.add_argument("--json", dest="json_path", type=Path, help="write every metric as JSON here")
        parser.add_argument("--html", dest="html_path", type=Path, help="write a self-contained HTML report here")
        parser.add_argument("--seed", type=int, default=20260, help="seed of the synthetic data generator")
        parser.add_argument("--pairs", type=Path, help="freetext suite: run this JSONL pairs file (a, b, label, "
                            "kind, lang) instead of the bundled issue-16 splits; see evaluation/suites/freetext.py")
        parser.add_argument("--quiet", action="store_true", help="no progress bar")
        parser.add_argument("--in-place", action="store_true",
                            help="internal (tests): run on the current database, which must be a test database")

    def handle(self, *args: Any, **options: Any) -> None:
        progress = not options["quiet"] and options["verbosity"] > 0 and sys.stderr.isatty()
        pairs = options["pairs"]
        if pairs is not None:
            if not pairs.is_file():
                raise CommandError(f"--pairs: no such file: {pairs}")
            try:
                load_pairs_file("pairs", pairs)
            except (ValueError, UnicodeDecodeError) as exc:
                raise CommandError(f"--pairs: {exc}") from exc
        card = evaluate(suites=options["suite"] or list(SUITES), size=options["size"], seed=options["seed"],
                        in_place=options["in_place"], progress=progress, pairs=pairs)
        self.stdout.write(render_text(card))
        if options["json_path"]:
            options["json_path"].write_text(render_json(card), encoding="utf-8")
        if options["html_path"]:
            options["html_path"].write_text(render_html(card), encoding="utf-8")
        if card.failed_invariants:
            raise CommandError("hard invariant failed: " + ", ".join(card.failed_invariants))
