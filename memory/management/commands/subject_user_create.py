"""``manage.py subject_user_create --subject REF --username U --password P``: a portal login for a person.

The username is stored normalised (``config.usernames``); re-running for the same person resets the
password, and a username that (normalised) belongs to any other login is refused.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from config.actors import Actor
from config.audit import audit
from config.usernames import normalise_username
from memory.services.memories import subject_get_or_create


class Command(BaseCommand):
    help = "Create (or reset) the portal login of a data subject and link it to the subject."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--subject", required=True)
        parser.add_argument("--username", required=True)
        parser.add_argument("--password", required=True)

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        if options["subject"] == "@workspace":
            raise CommandError("invalid_subject: the workspace has no portal login")
        username = normalise_username(options["username"])
        if not username:
            raise CommandError("invalid_username: the username is empty")
        subject = subject_get_or_create(external_ref=options["subject"])
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(username=username)
        if subject.user_id not in (None, user.pk):
            raise CommandError("subject_has_user: this subject is already linked to another login")
        if not created and subject.user_id != user.pk:
            # Usernames are compared normalised: ``ＡＮＡ`` or `` Ana `` is the existing ``ana``,
            # which is someone else's login (or an operator's) and is never taken over.
            raise CommandError("username_taken: another login already has this username")
        user.set_password(options["password"])
        user.save()
        subject.user = user
        subject.save(update_fields=["user"])
        audit(actor=Actor.system("cli"), action="subject.user_linked", object_type="subject", object_id=subject.pk,
              data={"user": user.pk, "created": created})
        self.stdout.write(f"portal login {user.get_username()} linked to the subject ({'created' if created else 'updated'})")
