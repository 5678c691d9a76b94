"""Dashboard forms: every field labelled; validation mirrors the API's serializers."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from agents_registry.models import DOMAIN_VALIDATOR
from config.parsers import json_depth_exceeds, max_depth
from governance.taxonomy import is_known_category


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


def _lines(raw: str) -> list[str]:
    return [line.strip() for line in (raw or "").splitlines() if line.strip()]


class PredicateForm(forms.Form):
    """A registry entry. Exemplars: one phrasing per line, ``value | phrasing`` (Spanish and English
    boxes); the service validates the rest (category in the fideslang taxonomy, values, limits)."""

    key = forms.RegexField(label=_("Key"), max_length=100, regex=r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*){1,3}$",
                           help_text=_("Dotted lower-case words, e.g. preference.diet. Cannot be changed later."))
    label = forms.CharField(label=_("Label"), max_length=200)
    category = forms.CharField(label=_("Category"), max_length=200,
                               help_text=_("A fideslang data-category key, e.g. user.behavior."))
    cardinality = forms.ChoiceField(label=_("Cardinality"), choices=[("single", _("Single value")),
                                                                     ("multi", _("Multiple values"))])
    values = forms.CharField(label=_("Value set"), max_length=2000, required=False,
                             help_text=_("Comma-separated; empty for open values (a name, a project)."))
    exemplars_es = forms.CharField(label=_("Phrasings in Spanish"), required=False, max_length=20000,
                                   widget=forms.Textarea(attrs={"rows": 4}),
                                   help_text=_("One per line: value | phrasing, e.g. vegetarian | Es vegetariana."))
    exemplars_en = forms.CharField(label=_("Phrasings in English"), required=False, max_length=20000,
                                   widget=forms.Textarea(attrs={"rows": 4}),
                                   help_text=_("One per line: value | phrasing, e.g. vegetarian | She is vegetarian."))
    ttl_days = forms.IntegerField(label=_("Expiry (days)"), min_value=1, max_value=36500, required=False,
                                  help_text=_("Empty: no expiry."))
    shareable = forms.BooleanField(label=_("Shareable"), required=False, initial=True)
    high_impact = forms.BooleanField(label=_("High impact (changes go to review)"), required=False)
    active = forms.BooleanField(label=_("Active (makes new claims)"), required=False, initial=True)

    def clean_category(self) -> str:
        category = self.cleaned_data["category"].strip()
        if not is_known_category(category):
            raise forms.ValidationError(_("Not a fideslang data category."))
        return category

    def clean_values(self) -> list[str]:
        return list(dict.fromkeys(v.strip() for v in self.cleaned_data["values"].split(",") if v.strip()))

    def _exemplars(self, field: str) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for line in _lines(self.cleaned_data.get(field, "")):
            value, sep, text = line.partition("|")
            if not sep or not value.strip() or not text.strip():
                self.add_error(field, _("Each line: value | phrasing."))
                return {}
            found.setdefault(value.strip(), []).append(text.strip())
        return found

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        exemplars: dict[str, dict[str, list[str]]] = {}
        for lang in ("es", "en"):
            for value, texts in self._exemplars(f"exemplars_{lang}").items():
                exemplars.setdefault(value, {})[lang] = texts
        data["exemplars"] = exemplars
        return data

    def service_fields(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"label": data["label"], "category": data["category"], "cardinality": data["cardinality"],
                "values": data["values"], "exemplars": data["exemplars"], "ttl_days": data["ttl_days"],
                "shareable": data["shareable"], "high_impact": data["high_impact"], "active": data["active"]}

    @staticmethod
    def initial_for(predicate: Any) -> dict[str, Any]:
        def box(lang: str) -> str:
            return "\n".join(f"{value} | {text}" for value, entry in predicate.exemplars.items()
                             for text in entry.get(lang, []))
        return {"key": predicate.key, "label": predicate.label, "category": predicate.category,
                "cardinality": predicate.cardinality, "values": ", ".join(predicate.values),
                "exemplars_es": box("es"), "exemplars_en": box("en"), "ttl_days": predicate.ttl_days,
                "shareable": predicate.shareable, "high_impact": predicate.high_impact, "active": predicate.active}


class ProposalDecideForm(forms.Form):
    """Approve a proposed key (with the predicate's settings) or reject it."""

    decision = forms.ChoiceField(label=_("Decision"), choices=[("approve", _("Approve")), ("reject", _("Reject"))],
                                 widget=forms.RadioSelect)
    label = forms.CharField(label=_("Label"), max_length=200, required=False)
    category = forms.CharField(label=_("Category"), max_length=200, required=False,
                               help_text=_("A fideslang data-category key (required to approve)."))
    cardinality = forms.ChoiceField(label=_("Cardinality"), choices=[("single", _("Single value")),
                                                                     ("multi", _("Multiple values"))])
    values = forms.CharField(label=_("Value set"), max_length=2000, required=False,
                             help_text=_("Comma-separated; empty for open values."))
    ttl_days = forms.IntegerField(label=_("Expiry (days)"), min_value=1, max_value=36500, required=False)
    reason = forms.CharField(label=_("Reason"), max_length=500, required=False)

    def clean_values(self) -> list[str]:
        return list(dict.fromkeys(v.strip() for v in self.cleaned_data["values"].split(",") if v.strip()))
