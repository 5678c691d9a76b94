"""``manage.py consolidate [--subject REF] [--deep] [--sync]``: run consolidation now."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from memory.consolidation.schedule import subjects_due
from memory.models import ConsolidationRun, Subject
from memory.tasks import consolidation_subject_task


class Command(BaseCommand):
    help = "Consolidate one subject or every marked subject (or all, with --deep)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--subject", help="the subject's external reference")
        parser.add_argument("--deep", action="store_true", help="deep pass (all subjects when no --subject)")
        parser.add_argument("--sync", action="store_true", help="run in this process and print a summary")

    def handle(self, *args: Any, **options: Any) -> None:
        mode = ConsolidationRun.Mode.DEEP if options["deep"] else ConsolidationRun.Mode.INCREMENTAL
        if options["subject"]:
            subject = Subject.objects.filter(external_ref=options["subject"]).first()
            if subject is None:
                raise CommandError(f"not_found: no subject {options['subject']!r}")
            subject_ids = [subject.pk]
        elif options["deep"]:
            subject_ids = list(Subject.objects.values_list("pk", flat=True))
        else:
            subject_ids = subjects_due(limit=100000)
        if not options["sync"]:
            for subject_id in subject_ids:
                consolidation_subject_task.apply_async(args=[str(subject_id)], kwargs={"mode": mode})
            self.stdout.write(f"queued {len(subject_ids)} {mode} pass(es) on the consolidation queue")
            return
        totals: dict[str, int] = {}
        for n, subject_id in enumerate(subject_ids, 1):
            result = consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject_id, mode=mode)
            for key in ("promoted", "superseded", "unsupported", "review", "confirmed"):
                totals[key] = totals.get(key, 0) + int(result.stats.get(key, 0))
            totals[result.status] = totals.get(result.status, 0) + 1
            if len(subject_ids) > 1 and (n % 50 == 0 or n == len(subject_ids)):
                self.stdout.write(f"  {n}/{len(subject_ids)} subjects", ending="\n")
            if len(subject_ids) == 1:
                self.stdout.write(f"run {result.run_id}: {result.status} {result.stats}")
        summary = ", ".join(f"{k} {v}" for k, v in sorted(totals.items()))
        self.stdout.write(f"consolidated {len(subject_ids)} subject(s) ({mode}): {summary or 'nothing to do'}")
