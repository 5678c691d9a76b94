"""Published vendor token formats that detect-secrets 1.5 does not ship (issue 15, tenth round).

Each entry is one vendor's documented, prefixed format — the prefix the vendor chose so that
scanners can find its tokens, then the body's length and alphabet — as the vendor's docs and the
public scanner rule sets (gitleaks' default config, GitHub secret scanning's partner list,
trufflehog's detectors) describe it. ``vendor_tokens`` turns every entry into a rule.

A made-up value in a vendor's shape must be caught, so the bodies are read a little wider than
the vendor issues them: any ASCII letters and digits where the vendor writes hex, a few characters
more or fewer than the documented length. What keeps ordinary words out is the prefix (exact, with
its case and separator), a left boundary, a body of 20+ characters, and a digit in the body
(``check``), so "secret_santa_list_for_the_office" or "dapifolder" are not tokens.

Formats that detect-secrets already ships (AWS, Azure storage, GitHub, GitLab, Slack, Stripe,
SendGrid, Twilio, Telegram, Discord bot tokens, npm, PyPI, Mailchimp, Square, Artifactory, OpenAI's
``T3BlbkFJ`` keys) stay in ``vendor_tokens``, which uses its plugins; so do the own rules written
before this module (Anthropic, OpenAI ``sk-…``, Google ``AIza``, Hugging Face, Shopify, Mailgun).
Vendors whose keys carry no prefix (Datadog, Cloudflare, Okta, Postmark, Algolia…) are found by
their label (``keywords``, ``shapes``' hex after a key label) or by entropy, not here. Nor are
formats an ordinary identifier can take: Octopus Deploy's ``API-`` + 26 upper-case characters is
also "API-" + a ULID, and a named detector refuses an identifier (``fields``) instead of redacting.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final


def _digit_and_letter(value: str) -> bool:
    """A token body has both: a run of letters alone is a word or a slug, digits alone a number."""
    return any(c.isdigit() for c in value) and sum(c.isalpha() for c in value) >= 3


@dataclass(frozen=True)
class VendorFormat:
    """One vendor's token format: ``pattern`` matches the whole token, ``hints`` are literal
    substrings every match contains (the rule runs only when one occurs in the text)."""

    kind: str
    pattern: re.Pattern[str]
    hints: tuple[str, ...]
    check: Callable[[str], bool] | None = _digit_and_letter


# No letter, digit or token character right before a prefix: "xdapi…" or "my_secret_…" is not one.
_B: Final = r"(?<![A-Za-z0-9_\-.])"
# And none right after the body: the whole run is the token or nothing is.
_E: Final = r"(?![A-Za-z0-9_\-])"
_UUID: Final = r"[0-9A-Za-z]{8}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{12}"


def _f(kind: str, pattern: str, *hints: str, check: Callable[[str], bool] | None = _digit_and_letter) -> VendorFormat:
    return VendorFormat(kind, re.compile(pattern), hints, check)


VENDOR_FORMATS: Final[tuple[VendorFormat, ...]] = (
    # Postman API keys PMAK-<24 hex>-<34 hex>; collection access tokens PMAT-.
    _f("postman_key", _B + r"PMA[KT]-[A-Za-z0-9]{20,28}-[A-Za-z0-9]{28,40}" + _E, "PMAK-", "PMAT-"),
    # DigitalOcean personal (dop_v1_), OAuth (doo_v1_) and refresh (dor_v1_) tokens: 64 hex.
    _f("digitalocean_token", _B + r"do[opr]_v1_[A-Za-z0-9]{40,72}" + _E, "_v1_"),
    # Atlassian API tokens (ATATT3 + 186) and Bitbucket app passwords (ATBB + 32).
    _f("atlassian_token", _B + r"ATATT[A-Za-z0-9_\-=]{30,200}" + _E, "ATATT"),
    _f("atlassian_token", _B + r"ATBB[A-Za-z0-9]{24,40}" + _E, "ATBB"),
    # Heroku platform API keys (v2): HRKU- + 60.
    _f("heroku_key", _B + r"HRKU-[A-Za-z0-9_\-]{30,70}" + _E, "HRKU-"),
    # Doppler: personal, service (with its config name), CLI, service-account, SCIM and audit tokens.
    _f("doppler_token", _B + r"dp\.(?:pt|st|ct|sa|scim|audit)\.(?:[a-z0-9_\-]{2,30}\.)?[A-Za-z0-9]{30,50}" + _E,
       "dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit."),
    # HashiCorp Vault 1.10+ service, batch and recovery tokens; Terraform Cloud / HCP user tokens.
    _f("vault_token", _B + r"hv[sbr]\.[A-Za-z0-9_\-]{24,200}" + _E, "hvs.", "hvb.", "hvr."),
    _f("vault_token", _B + r"[A-Za-z0-9]{10,20}\.atlasv1\.[A-Za-z0-9_\-=]{40,80}" + _E, ".atlasv1."),
    # Grafana: service-account tokens glsa_<32>_<8 hex>, Cloud access-policy tokens glc_<base64>,
    # legacy API keys (base64 JSON opening {"k":").
    _f("grafana_token", _B + r"glsa_[A-Za-z0-9]{24,40}_[A-Za-z0-9]{6,10}" + _E, "glsa_"),
    _f("grafana_token", _B + r"glc_[A-Za-z0-9+/]{30,400}={0,2}(?![A-Za-z0-9+/=])", "glc_"),
    _f("grafana_token", _B + r"eyJrIjoi[A-Za-z0-9+/]{30,400}={0,2}(?![A-Za-z0-9+/=])", "eyJrIjoi"),
    # Databricks personal access tokens: dapi + 32 hex (+ an optional -<digit>).
    _f("databricks_token", _B + r"dapi[A-Za-z0-9]{28,36}(?:-\d)?" + _E, "dapi"),
    # Linear personal API keys and OAuth tokens.
    _f("linear_key", _B + r"lin_(?:api|oauth)_[A-Za-z0-9]{32,70}" + _E, "lin_api_", "lin_oauth_"),
    # Notion internal-integration secrets: secret_ + 43 (mixed case), and the newer ntn_ tokens.
    _f("notion_token", _B + r"secret_[A-Za-z0-9]{38,48}" + _E, "secret_",
       check=lambda v: _digit_and_letter(v) and any(c.isupper() for c in v) and any(c.islower() for c in v)),
    _f("notion_token", _B + r"ntn_[A-Za-z0-9]{36,56}" + _E, "ntn_"),
    # Airtable personal access tokens: pat + 14, a dot, 64 hex.
    _f("airtable_token", _B + r"pat[A-Za-z0-9]{12,16}\.[A-Za-z0-9]{40,70}" + _E, "pat"),
    # Discord webhook URLs: the path's last segment is the webhook's secret.
    _f("discord_token", r"(?<=/api/webhooks/)\d{15,21}/[A-Za-z0-9_\-]{40,80}" + _E, "/api/webhooks/"),
    # Square production access tokens (sq0atp- + 22; detect-secrets knows only sq0csp-).
    _f("square_token", _B + r"sq0atp-[A-Za-z0-9_\-]{20,60}" + _E, "sq0atp-"),
    # Dropbox short-lived tokens (sl. + 135, newer sl.u.…) and long-lived ones (11 + ten A + 43).
    _f("dropbox_token", _B + r"sl\.(?:u\.)?[A-Za-z0-9_\-=]{40,1200}" + _E, "sl.",
       check=lambda v: _digit_and_letter(v) and any(c.isupper() for c in v)),
    _f("dropbox_token", _B + r"[a-z0-9]{11}AAAAAAAAAA[A-Za-z0-9_\-=]{40,50}" + _E, "AAAAAAAAAA"),
    # Azure: a Service Bus / Event Hubs / IoT Hub SharedAccessKey= and a storage AccountKey= of any
    # length (detect-secrets wants exactly 88); the sig= of a SAS URL; Entra ID client secrets
    # (three characters, a digit, "Q~", 31–34 more).
    _f("azure_key", r"(?<=SharedAccessKey=)[A-Za-z0-9+/]{20,100}={0,2}(?![A-Za-z0-9+/=])", "SharedAccessKey="),
    _f("azure_key", r"(?<=AccountKey=)[A-Za-z0-9+/]{20,100}={0,2}(?![A-Za-z0-9+/=])", "AccountKey="),
    _f("azure_key", r"(?<=[?&]sig=)[A-Za-z0-9%+/]{20,120}(?:%3[Dd]|=){0,2}(?![A-Za-z0-9%+/=])", "sig="),
    _f("azure_key", r"(?<![A-Za-z0-9_~.\-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}(?![A-Za-z0-9_~.\-])", "Q~"),
    # Sentry organisation and user auth tokens.
    # Twentieth round: a web framework's session cookie, by the cookie name the framework documents
    # (Django ``sessionid``, PHP ``PHPSESSID``, Java servlets ``JSESSIONID``, Express ``connect.sid``,
    # Laravel ``laravel_session``, ASP.NET ``ASP.NET_SessionId``): whoever holds the value is logged
    # in, so it is a bearer credential, whatever its alphabet. A ``session_id`` field or an ``…_id``
    # label stays an identifier (``keywords``); only the cookie's own name is read here.
    _f("token", r"(?:(?<=sessionid=)|(?<=PHPSESSID=)|(?<=JSESSIONID=)|(?<=connect\.sid=)|(?<=laravel_session=)"
       r"|(?<=ASP\.NET_SessionId=))[A-Za-z0-9%._\-]{16,400}(?![A-Za-z0-9%._\-])",
       "sessionid=", "PHPSESSID=", "JSESSIONID=", "connect.sid=", "laravel_session=", "ASP.NET_SessionId="),
    _f("sentry_token", _B + r"sntry[su]_[A-Za-z0-9+/=_\-]{40,400}" + _E, "sntrys_", "sntryu_"),
    # New Relic user, insert, admin and REST API keys.
    _f("newrelic_key", _B + r"NR(?:AK|II|AA|RA)-[A-Za-z0-9\-]{20,40}" + _E, "NRAK-", "NRII-", "NRAA-", "NRRA-"),
    # Supabase management access tokens (sbp_ + 40 hex) and secret API keys.
    _f("supabase_key", _B + r"sbp_[A-Za-z0-9]{32,48}" + _E, "sbp_"),
    _f("supabase_key", _B + r"sb_secret_[A-Za-z0-9_\-]{20,60}" + _E, "sb_secret_"),
    # PlanetScale service tokens, passwords and OAuth tokens.
    _f("planetscale_token", _B + r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_\-=.]{30,70}" + _E, "pscale_"),
    # Pulumi access tokens: pul- + 40 hex.
    _f("pulumi_token", _B + r"pul-[A-Za-z0-9]{32,48}" + _E, "pul-"),
    # Figma personal access tokens.
    _f("figma_token", _B + r"figd_[A-Za-z0-9_\-]{30,60}" + _E, "figd_"),
    # Docker Hub personal and organisation access tokens.
    _f("docker_token", _B + r"dckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,60}" + _E, "dckr_"),
    # Package registries: RubyGems (rubygems_ + 48 hex), NuGet (oy2 + 43 lower-case), Clojars.
    _f("registry_token", _B + r"rubygems_[A-Za-z0-9]{40,56}" + _E, "rubygems_"),
    _f("registry_token", _B + r"oy2[a-z0-9]{40,46}" + _E, "oy2"),
    _f("registry_token", _B + r"CLOJARS_[A-Za-z0-9]{50,70}" + _E, "CLOJARS_"),
    # Tailscale auth, API, OAuth-client, webhook and SCIM keys.
    _f("tailscale_key", _B + r"tskey-(?:auth|api|client|webhook|scim)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}" + _E, "tskey-"),
    # 1Password account Secret Keys (A3-XXXXXX-…) and service-account tokens.
    _f("onepassword_key", _B + r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}"
       + _E, "A3-"),
    _f("onepassword_key", _B + r"ops_eyJ[A-Za-z0-9+/=_\-]{40,}" + _E, "ops_eyJ"),
    # age secret keys (Bech32 body).
    _f("age_key", r"AGE-SECRET-KEY-1[A-Z0-9]{50,60}" + _E, "AGE-SECRET-KEY-1", check=None),
    # Model APIs: Groq, Perplexity, xAI, Replicate, LangSmith, Pinecone, OpenRouter, Hugging Face
    # organisation tokens.
    _f("ai_api_key", _B + r"gsk_[A-Za-z0-9]{40,60}" + _E, "gsk_"),
    _f("ai_api_key", _B + r"pplx-[A-Za-z0-9]{40,60}" + _E, "pplx-"),
    _f("ai_api_key", _B + r"xai-[A-Za-z0-9]{60,90}" + _E, "xai-"),
    _f("ai_api_key", _B + r"r8_[A-Za-z0-9]{32,44}" + _E, "r8_"),
    _f("ai_api_key", _B + r"lsv2_(?:pt|sk)_[A-Za-z0-9]{28,36}_[A-Za-z0-9]{8,12}" + _E, "lsv2_"),
    _f("ai_api_key", _B + r"pcsk_[A-Za-z0-9_]{40,90}" + _E, "pcsk_"),
    _f("ai_api_key", _B + r"sk-or-v1-[A-Za-z0-9]{40,70}" + _E, "sk-or-v1-"),
    _f("huggingface_token", _B + r"api_org_[A-Za-z0-9]{30,40}" + _E, "api_org_"),
    # Google OAuth client secrets (GOCSPX-), access tokens (ya29.) and refresh tokens (1//0…).
    _f("google_oauth", _B + r"GOCSPX-[A-Za-z0-9_\-]{24,32}" + _E, "GOCSPX-"),
    _f("google_oauth", _B + r"ya29\.[A-Za-z0-9_\-]{30,2000}" + _E, "ya29."),
    _f("google_oauth", r"(?<![A-Za-z0-9/])1//0[A-Za-z0-9_\-]{40,600}" + _E, "1//0"),
    # Firebase Cloud Messaging legacy server keys.
    _f("google_oauth", _B + r"AAAA[A-Za-z0-9_\-]{7}:APA91[A-Za-z0-9_\-]{100,}" + _E, ":APA91"),
    # HubSpot private-app tokens (pat-<region>-<uuid>), Brevo API and SMTP keys.
    _f("hubspot_token", _B + r"pat-(?:na|eu|ap)\d-" + _UUID + _E, "pat-na", "pat-eu", "pat-ap"),
    _f("brevo_key", _B + r"x(?:keysib|smtpsib)-[A-Za-z0-9]{56,72}-[A-Za-z0-9]{12,20}" + _E, "xkeysib-", "xsmtpsib-"),
    # Developer platforms: Contentful, Typeform, Buildkite, CircleCI, Dynatrace, SonarQube/Cloud,
    # Prefect, Adafruit IO, Frame.io, Netlify, Fly.io, Infisical, JFrog reference
    # tokens, Harness, LaunchDarkly, Cloudflare Origin CA keys.
    _f("platform_token", _B + r"CFPAT-[A-Za-z0-9_\-]{36,50}" + _E, "CFPAT-"),
    _f("platform_token", _B + r"tfp_[A-Za-z0-9_\-.=]{40,70}" + _E, "tfp_"),
    _f("platform_token", _B + r"bkua_[A-Za-z0-9]{36,44}" + _E, "bkua_"),
    _f("platform_token", _B + r"CCIPAT_[A-Za-z0-9]{18,26}_[A-Za-z0-9]{36,44}" + _E, "CCIPAT_"),
    _f("platform_token", _B + r"dt0[a-z]\d{2}\.[A-Za-z0-9]{20,28}\.[A-Za-z0-9]{56,72}" + _E, "dt0"),
    _f("platform_token", _B + r"sq[pua]_[A-Za-z0-9]{36,44}" + _E, "sqp_", "squ_", "sqa_"),
    _f("platform_token", _B + r"pnu_[A-Za-z0-9]{32,40}" + _E, "pnu_"),
    _f("platform_token", _B + r"aio_[A-Za-z0-9]{24,32}" + _E, "aio_"),
    _f("platform_token", _B + r"fio-u-[A-Za-z0-9_\-=]{50,70}" + _E, "fio-u-"),
    _f("platform_token", _B + r"nfp_[A-Za-z0-9]{32,44}" + _E, "nfp_"),
    _f("platform_token", _B + r"fo1_[A-Za-z0-9_\-]{36,50}" + _E, "fo1_"),
    _f("platform_token", _B + r"fm[12][ar]?_[A-Za-z0-9+/]{40,}={0,3}(?![A-Za-z0-9+/=])", "fm1", "fm2"),
    _f("platform_token", _B + r"st\.[A-Za-z0-9\-]{36}\.[A-Za-z0-9]{32}\.[A-Za-z0-9]{32}" + _E, "st."),
    _f("platform_token", _B + r"cmVmd[A-Za-z0-9]{50,70}" + _E, "cmVmd"),
    _f("platform_token", _B + r"pat\.[A-Za-z0-9_\-]{20,24}\.[A-Za-z0-9]{22,26}\.[A-Za-z0-9]{18,22}" + _E, "pat."),
    _f("platform_token", _B + r"(?:api|sdk)-" + _UUID + _E, "api-", "sdk-"),
    _f("platform_token", _B + r"v1\.0-[A-Za-z0-9]{24}-[A-Za-z0-9]{100,160}" + _E, "v1.0-"),
    # Payments and shipping: Shippo, EasyPost, Flutterwave, Braintree, Plaid, Razorpay secrets.
    _f("payment_key", _B + r"shippo_(?:live|test)_[A-Za-z0-9]{36,44}" + _E, "shippo_"),
    _f("payment_key", _B + r"EZ[AT]K[A-Za-z0-9]{40,60}" + _E, "EZAK", "EZTK"),
    _f("payment_key", _B + r"FLWSECK(?:_TEST)?-[A-Za-z0-9]{28,36}-X" + _E, "FLWSECK"),
    _f("payment_key", r"access_token\$(?:production|sandbox)\$[A-Za-z0-9]{16}\$[A-Za-z0-9]{32}" + _E, "access_token$"),
    _f("payment_key", _B + r"access-(?:sandbox|development|production)-" + _UUID + _E, "access-"),
    # Mapbox secret tokens (sk.eyJ…; pk.… are public), Twitter/X app bearer tokens.
    _f("platform_token", _B + r"sk\.eyJ[A-Za-z0-9_\-]{40,}\.[A-Za-z0-9_\-]{16,}" + _E, "sk.eyJ"),
    _f("platform_token", _B + r"A{21,23}[A-Za-z0-9%]{30,}" + _E, "AAAAAAAAAAAAAAAAAAAAA"),
    # Cloud providers: Alibaba Cloud AccessKey ids (LTAI + 20), Tencent Cloud SecretIds (AKID + 32).
    _f("cloud_key", _B + r"LTAI[A-Za-z0-9]{18,24}" + _E, "LTAI"),
    _f("cloud_key", _B + r"AKID[A-Za-z0-9]{28,36}" + _E, "AKID"),
    # Slack configuration tokens (xoxe.xoxp-…, xoxe-…): detect-secrets reads xox[abposr] only.
    _f("slack_token", _B + r"xoxe(?:\.xox[bp])?-\d-[A-Za-z0-9]{40,}" + _E, "xoxe"),
    # Asana personal access tokens: 1/… or 2/…/…: + 32.
    _f("platform_token", r"(?<![\w/])[12]/\d{10,20}(?:/\d{10,20})?:[A-Za-z0-9]{30,34}" + _E, "/"),
    # Telnyx API v2 keys.
    _f("platform_token", _B + r"KEY[0-9A-Fa-f]{30,34}_[A-Za-z0-9]{20,24}" + _E, "KEY"),
    # More SaaS: Intercom access tokens (base64 "tok:"), ClickUp personal tokens, PostHog personal
    # API keys (phc_ project keys are public), Stytch secrets, Resend API keys, Render API keys,
    # Akamai client tokens, a generic sk_ secret key of 40+ (ElevenLabs and others).
    _f("platform_token", _B + r"dG9rOj[A-Za-z0-9+/=_\-]{30,}" + _E, "dG9rOj"),
    _f("platform_token", _B + r"pk_\d{6,10}_[A-Za-z0-9]{30,34}" + _E, "pk_"),
    _f("platform_token", _B + r"phx_[A-Za-z0-9]{30,50}" + _E, "phx_"),
    _f("platform_token", _B + r"secret-(?:live|test)-[A-Za-z0-9_\-=]{30,50}" + _E, "secret-live-", "secret-test-"),
    _f("platform_token", _B + r"re_[A-Za-z0-9]{8,}_[A-Za-z0-9]{16,}" + _E, "re_"),
    _f("platform_token", _B + r"rnd_[A-Za-z0-9]{28,40}" + _E, "rnd_"),
    _f("platform_token", _B + r"akab-[A-Za-z0-9]{16}-[A-Za-z0-9]{16}" + _E, "akab-"),
    _f("ai_api_key", _B + r"sk_[A-Za-z0-9]{40,64}" + _E, "sk_"),
    # Microsoft Teams incoming-webhook URLs: the segment after IncomingWebhook/ is the secret.
    _f("platform_token", r"(?<=/IncomingWebhook/)[A-Za-z0-9]{32}/[A-Za-z0-9\-]{36}" + _E, "/IncomingWebhook/"),
    # Bitwarden Secrets Manager access tokens: 0.<uuid>.<30>:<24 base64>.
    _f("onepassword_key", _B + r"0\.[A-Za-z0-9\-]{36}\.[A-Za-z0-9]{28,32}:[A-Za-z0-9+/]{20,28}={0,2}(?![A-Za-z0-9+/=])", "0."),
    # AWS temporary session tokens (base64 opening "\x02\x09origin_ec…" or "…aws…"), Scaleway
    # access key ids.
    _f("aws_secret_key", _B + r"(?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdzE)[A-Za-z0-9+/]{40,}={0,2}(?![A-Za-z0-9+/=])",
       "IQoJb3JpZ2luX2Vj", "FwoGZXIvYXdzE"),
    _f("cloud_key", _B + r"SCW[A-Z0-9]{17}" + _E, "SCW"),
    # Seventeenth round: Mailgun's private API keys since 2019 and its HTTP webhook signing keys,
    # 32 + 8 + 8 lower-case hex joined by hyphens (gitleaks ``mailgun-signing-key``
    # ``[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}``): no prefix, but no identifier takes this grouping
    # (a UUID is 8-4-4-4-12, a git object 40 hex), so the shape alone is the vendor's.
    _f("mailgun_key", r"(?<![A-Za-z0-9_\-.])[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}" + _E, "-"),
)
# Formats detect-secrets (or an earlier own rule) reads with one exact length, one case or a fixed
# macaroon header, read here with the same prefix and a range of lengths and any letters and
# digits: SendGrid SG.<22>.<43>, npm npm_<36>, PyPI pypi-Ag…, Shopify shpat_… + 32 hex, GitHub
# gh?_ + 36, Google AIza + 35, Telegram <bot id>:<35>, Twilio SK/AC + 32 lower-case hex, Mailgun
# key- + 32, Stripe sk_live_ + 16 or more, GitLab glpat- + 20 or more.
WIDER_FORMATS: Final[tuple[VendorFormat, ...]] = (
    _f("github_token", _B + r"gh[pousr]_[A-Za-z0-9]{30,40}" + _E, "ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
    _f("google_api_key", _B + r"AIza[A-Za-z0-9_\-]{30,40}" + _E, "AIza"),
    _f("telegram_token", r"(?<![\w:])\d{8,10}:AA[A-Za-z0-9_\-]{28,38}" + _E, ":AA"),
    _f("twilio_key", r"(?<![A-Za-z0-9])(?:SK|AC)[A-Za-z0-9]{30,34}(?![A-Za-z0-9])", "SK", "AC",
       check=lambda v: sum(c.isdigit() for c in v) >= 4 and sum(c.isalpha() for c in v) >= 4),
    _f("mailgun_key", _B + r"key-[A-Za-z0-9]{28,36}" + _E, "key-",
       check=lambda v: sum(c.isdigit() for c in v) >= 3 and sum(c.isalpha() for c in v) >= 3),
    _f("stripe_key", _B + r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}" + _E, "k_live_", "k_test_"),
    _f("gitlab_token", _B + r"glpat-[A-Za-z0-9_\-]{16,60}" + _E, "glpat-"),
    _f("sendgrid_key", _B + r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{30,56}" + _E, "SG."),
    _f("npm_token", _B + r"npm_[A-Za-z0-9]{30,42}" + _E, "npm_"),
    _f("pypi_token", _B + r"pypi-Ag[A-Za-z0-9_\-]{50,}" + _E, "pypi-Ag"),
    _f("shopify_token", _B + r"shp(?:at|ss|ca|pa)_[A-Za-z0-9]{28,36}" + _E, "shpat_", "shpss_", "shpca_", "shppa_"),
)
#: The redaction kinds these formats add, in table order.
FORMAT_KINDS: Final[tuple[str, ...]] = tuple(dict.fromkeys(f.kind for f in (*VENDOR_FORMATS, *WIDER_FORMATS)))


def token_body(value: str, hints: tuple[str, ...]) -> str:
    """What follows the first hint in ``value``: the part ``check`` reads, so a digit in the
    prefix itself ("dop_v1_", "r8_", "oy2") does not make a word a token.

    Stop 48 (sec48, k97-029): a hint with no letter or digit ("-" for Mailgun's 32-8-8 hex key, "/"
    for a chat app's ``1/…:…`` token) is where the token's own parts join, not a prefix: skipping to
    it left only the key's last two groups, and a key whose sixteen hex characters there held fewer
    than three letters (about 3 % of them) was read as a number. Such a hint only gates the rule; the
    check reads the whole token."""
    for hint in hints:
        if not any(c.isalnum() for c in hint):
            continue
        at = value.find(hint)
        if at >= 0:
            return value[at + len(hint):]
    return value
