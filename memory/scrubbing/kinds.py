"""The result type, the placeholder format and the redaction kinds (most to least specific)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class ScrubResult:
    """Outcome of :func:`scrub`.

    ``redactions`` holds one entry per placeholder written, naming the kind of
    secret removed (never the secret itself), in detection order.
    """

    text: str
    redactions: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        """Number of placeholders written."""
        return len(self.redactions)


def placeholder(kind: str) -> str:
    """Return the placeholder that replaces a secret of ``kind``."""
    return f"[REDACTED:{kind}]"


# Kinds, from most to least specific.  When spans of different kinds overlap
# the merged placeholder uses the earliest kind in this tuple.
REDACTION_KINDS: Final[tuple[str, ...]] = (
    "private_key",
    "aws_access_key",
    "aws_secret_key",
    "anthropic_key",
    "openai_key",
    "google_api_key",
    "github_token",
    "gitlab_token",
    "huggingface_token",
    "slack_webhook",
    "slack_token",
    "stripe_key",
    "sendgrid_key",
    "twilio_key",
    "telegram_token",
    "discord_token",
    "npm_token",
    "pypi_token",
    "mailchimp_key",
    "mailgun_key",
    "shopify_token",
    "azure_storage_key",
    "square_token",
    "artifactory_token",
    # Published formats read by ``vendor_formats`` (tenth round).
    "postman_key",
    "digitalocean_token",
    "atlassian_token",
    "heroku_key",
    "doppler_token",
    "vault_token",
    "grafana_token",
    "databricks_token",
    "linear_key",
    "notion_token",
    "airtable_token",
    "dropbox_token",
    "azure_key",
    "sentry_token",
    "newrelic_key",
    "supabase_key",
    "planetscale_token",
    "pulumi_token",
    "figma_token",
    "docker_token",
    "registry_token",
    "tailscale_key",
    "onepassword_key",
    "age_key",
    "ai_api_key",
    "google_oauth",
    "hubspot_token",
    "brevo_key",
    "payment_key",
    "cloud_key",
    "platform_token",
    "jwt",
    "connection_string",
    "basic_auth",
    "bearer_token",
    "password",
    "api_key",
    "token",
    "secret",
    "high_entropy",
)
_PRIORITY: Final[dict[str, int]] = {kind: i for i, kind in enumerate(REDACTION_KINDS)}
_UNSCANNABLE: Final[str] = "unscannable"

PLACEHOLDER_RE: Final = re.compile(r"\[REDACTED:[a-z0-9_]{1,40}\]")

# A detection: start offset, end offset, kind.
_Span = tuple[int, int, str]
_Finder = Callable[[str, str], Iterator[_Span]]
