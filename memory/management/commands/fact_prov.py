"""``manage.py fact_prov --fact ID [--format json|turtle]``: PROV export of one fact's lineage."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.ids import parse_uuid
from memory.models import CollectiveFact
from memory.provenance import check_lineage_document, fact_lineage_document, fact_lineage_prov_json, fact_lineage_prov_o


class Command(BaseCommand):
    help = "Print the W3C PROV lineage of a collective fact (PROV-JSON or PROV-O Turtle)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--fact", required=True, help="any version's id")
        parser.add_argument("--format", choices=["json", "turtle"], default="json")

    def handle(self, *args: Any, **options: Any) -> None:
        fact_id = parse_uuid(options["fact"])
        fact = CollectiveFact.objects.filter(pk=fact_id).first() if fact_id else None
        if fact is None:
            raise CommandError("not_found: no such fact")
        problems = check_lineage_document(fact_lineage_document(fact))
        if problems:
            raise CommandError("inconsistent lineage: " + "; ".join(problems))
        self.stdout.write(fact_lineage_prov_json(fact) if options["format"] == "json" else fact_lineage_prov_o(fact))
