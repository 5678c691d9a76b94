"""``manage.py reviewer_grant --username U (--subject REF | --all)``: who may review whose items."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandError, CommandParser
from guardian.shortcuts import assign_perm

from config.actors import Actor
from config.audit import audit
from config.usernames import normalise_username
from memory.selectors.subjects import subject_get_by_ref


class Command(BaseCommand):
    help = "Grant a dashboard user the reviewer permission for one person (object permission) or all."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", required=True)
        group = parser.add_mutually_exclusive_group(required=True)
        group.add_argument("--subject")
        group.add_argument("--all", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=normalise_username(options["username"])).first()
        if user is None:
            raise CommandError("not_found: no such user")
        if options["all"]:
            user.user_permissions.add(Permission.objects.get(codename="review_subject", content_type__app_label="memory"))
            audit(actor=Actor.system("cli"), action="reviewer.granted_all", object_type="user", object_id=user.pk)
            self.stdout.write(f"{user.get_username()} may review every person")
            return
        subject = subject_get_by_ref(external_ref=options["subject"])
        if subject is None:
            raise CommandError("not_found: no such subject")
        assign_perm("memory.review_subject", user, subject)
        audit(actor=Actor.system("cli"), action="reviewer.granted", object_type="subject", object_id=subject.pk,
              data={"user": user.pk})
        self.stdout.write(f"{user.get_username()} may review this person's items")
