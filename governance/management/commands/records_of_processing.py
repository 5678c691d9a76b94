"""``manage.py records_of_processing``: Art. 30 records as JSON, generated from configuration."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand

from governance.selectors.processing_records import records_of_processing


class Command(BaseCommand):
    help = "Print the records of processing (agents × purposes × categories × retention × recipients)."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(json.dumps(records_of_processing(), indent=2, default=str))
