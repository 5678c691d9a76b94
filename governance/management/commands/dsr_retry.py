"""``manage.py dsr_retry REQUEST_ID`` (or ``--list``): run a ``failed`` data-subject request again.

For an erasure that ended ``failed``: read the stores named in its result (``--list``), clear
or fix what holds the value there, then retry. The request gets a fresh attempt budget.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.actors import Actor
from config.errors import QuorumError
from governance.selectors.requests import requests_failed
from governance.services.dsr import dsr_retry


class Command(BaseCommand):
    help = "Retry a failed data-subject request, or list the failed ones with the stores they name."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("request_id", nargs="?")
        parser.add_argument("--list", action="store_true", help="list failed requests (ids, error, stores)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["list"] or not options["request_id"]:
            for request in requests_failed():
                where = ", ".join(request.result.get("residue", {}).get("where", [])) \
                    or request.result.get("exception", "")
                self.stdout.write(f"{request.pk} {request.type} {request.error} attempts={request.attempts} {where}")
            if not options["request_id"]:
                return
        try:
            request = dsr_retry(actor=Actor.system("cli"), request_id=options["request_id"])
        except QuorumError as exc:
            raise CommandError(f"{exc.code}: {exc.message}") from exc
        self.stdout.write(f"{request.pk} queued again ({request.status})")
