"""``manage.py audit_verify``: verifies the audit hash chain; exits non-zero on tampering."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from governance.services.audit import audit_chain_verify


class Command(BaseCommand):
    help = "Verify the append-only audit hash chain."

    def handle(self, *args: Any, **options: Any) -> None:
        report = audit_chain_verify()
        if not report.ok:
            raise CommandError(
                f"audit chain BROKEN at event #{report.first_bad_id}: {report.problem} "
                f"({report.checked} event(s) checked)"
            )
        self.stdout.write(self.style.SUCCESS(f"audit chain OK: {report.checked} event(s) verified"))
