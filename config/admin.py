"""The admin's user pages store usernames normalised and refuse a variant of a taken one (config.usernames)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm, UserCreationForm

from config.usernames import normalise_username, username_taken


class _NormalisedUsername:
    def clean_username(self) -> str:
        username = normalise_username(self.cleaned_data.get("username") or "")  # type: ignore[attr-defined]
        instance = getattr(self, "instance", None)
        if not username:
            raise forms.ValidationError("A username is required.", code="required")
        if username_taken(username, exclude_pk=instance.pk if instance is not None else None):
            raise forms.ValidationError("A user with that username already exists.", code="unique")
        return username


class NormalisedUserCreationForm(_NormalisedUsername, UserCreationForm):
    pass


class NormalisedUserChangeForm(_NormalisedUsername, UserChangeForm):
    pass


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class NormalisedUserAdmin(UserAdmin):
    add_form = NormalisedUserCreationForm
    form = NormalisedUserChangeForm
