"""Dashboard forms: every field labelled; validation mirrors the API's serializers."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from agents_registry.models import DOMAIN_VALIDATOR
from config.parsers import json_depth_exceeds, max_depth


class CorrectFactForm(forms.Form):
    statement = forms.CharField(label=_("What is right"), max_length=1000,
                                widget=forms.Textarea(attrs={"rows": 2}))
    value = forms.CharField(label=_("Structured value (optional)"), max_length=500, required=False,
                            help_text=_("For example: short, morning, es."))

    def clean_value(self) -> Any:
        raw = self.cleaned_data["value"].strip()
        if not raw:
            return None
        if json_depth_exceeds(raw, max_depth()):  # the API's nesting limit, checked before parsing
            raise forms.ValidationError(_("This value is nested too deeply."))
        try:
            return json.loads(raw)
        except ValueError:
            return raw


class ConfirmForm(forms.Form):
    confirm = forms.BooleanField(label=_("I understand this cannot be undone"), required=True)


class DecideForm(forms.Form):
    decision = forms.ChoiceField(label=_("Decision"), choices=[("approve", _("Approve")), ("reject", _("Reject"))],
                                 widget=forms.RadioSelect)
    reason = forms.CharField(label=_("Reason"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))


class AgentCreateForm(forms.Form):
    slug = forms.SlugField(label=_("Slug"), max_length=64)
    role = forms.CharField(label=_("Role"), max_length=64, help_text=_("planner, support, coach…"))
    domain = forms.CharField(label=_("Domain"), max_length=32, validators=[DOMAIN_VALIDATOR],
                             help_text=_("work, support, health, sales…"))
    purposes = forms.CharField(label=_("Purposes"), max_length=500, initial="essential.service",
                               help_text=_("Comma-separated fideslang data-use keys."))

    def clean_purposes(self) -> list[str]:
        purposes = sorted({p.strip() for p in self.cleaned_data["purposes"].split(",") if p.strip()})
        if not purposes:
            raise forms.ValidationError(_("Name at least one purpose."))
        return purposes
