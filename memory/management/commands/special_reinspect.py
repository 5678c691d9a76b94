"""``manage.py special_reinspect [--subject REF]``: run the special-category detector again over
stored memories (after an upgrade of the detector, or for memories written before it existed).

Newly flagged memories' subjects are marked for consolidation: the next pass (the beat sweep, or
``manage.py consolidate``) stops sharing any fact they supported.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.actors import Actor
from memory.models import Subject
from memory.services.special_category import memory_special_reinspect


class Command(BaseCommand):
    help = "Re-inspect stored memories for special categories (one subject, or all)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--subject", help="the subject's external reference")

    def handle(self, *args: Any, **options: Any) -> None:
        subject_id = None
        if options["subject"]:
            subject = Subject.objects.filter(external_ref=options["subject"]).first()
            if subject is None:
                raise CommandError(f"not_found: no subject {options['subject']!r}")
            subject_id = subject.pk
        flagged = memory_special_reinspect(actor=Actor.system("special_reinspect"), subject_id=subject_id)
        self.stdout.write(f"flagged {flagged} memor{'y' if flagged == 1 else 'ies'}; their subjects are marked "
                          "for consolidation")
