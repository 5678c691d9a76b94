"""Credential scrubbing for memory content.

Anything an agent writes into collective memory may later be read by many other
agents (and humans), so secrets must never be persisted verbatim.  ``scrub``
replaces every credential it can recognise with a typed placeholder such as
``[REDACTED:aws_access_key]`` and reports which kinds were removed.

Design
------
* **Detection = detect-secrets + own patterns.**  The vendor-specific regexes of
  ``detect-secrets`` (AWS, GitHub, GitLab, Slack, Stripe, SendGrid, Twilio, ...)
  are reused directly through the plugins' ``denylist`` attributes, its JWT
  validator decides whether a two-segment ``eyJ...`` string is a JWT, its
  private-key denylist gates the PEM/PuTTY scan, and the high-entropy
  fallback uses its base64 charset, its 4.5 limit and the same Shannon
  entropy formula.  The plugins' ``analyze_line`` API is not
  used: it needs global settings and returns values rather than positions,
  and we need positions to replace text in place.  Own patterns cover the
  known gaps (prose passwords in English and Spanish, OpenAI/Anthropic/Google
  keys, full PEM blocks, connection strings, ``Authorization`` headers,
  generic ``api_key=...`` assignments, AWS secret keys without quotes, ...).
* **Span merging.**  Every detector yields ``(start, end, kind)`` spans.
  Overlapping spans are merged into their union (so no secret is left
  half-redacted and no placeholder is nested in another) and the merged span
  takes the kind of its most specific detector (detectors are listed from
  most to least specific).
* **Idempotency.**  Spans that overlap an existing ``[REDACTED:...]``
  placeholder are dropped, keywords inside placeholders are ignored, and
  detection passes repeat until one finds nothing (removing a secret can
  expose a neighbour), so ``scrub(scrub(x).text).text == scrub(x).text``.
* **Precision.**  UUIDs, git SHAs and other hex strings are never considered
  (their base64-charset entropy is below the threshold and pure hex is skipped
  explicitly); prose such as "I forgot my password" is untouched because a
  keyword alone is never enough, a plausible value must follow it.
* **Fail closed.**  ``scrub`` never raises on ``str`` input; should an
  unexpected internal error happen, the whole text is replaced by
  ``[REDACTED:unscannable]`` rather than leaking it.

Nothing here logs, stores or returns the secret values themselves.

Known gaps (deliberate trade-offs for precision)
-----------------------------------------------
* Prose passwords: only the token right after the keyword is considered.
  Unquoted multi-word passphrases ("is correct horse battery staple") and
  secrets placed before the keyword ("hunter2 is my password") are missed;
  a plain dictionary word followed by more prose ("my password is swordfish
  and ...") is kept, whereas a clause-final one ("... is swordfish.") or any
  token with digits/symbols/inner capitals is redacted.  Values shorter than
  4 characters are ignored; trailing ``.,;:)]}`` stay outside the redaction.
* Bare hex strings (32/40/64 hex) are never redacted without a keyword, to
  preserve git SHAs, digests and UUIDs; hex API keys are caught only in
  ``api_key=...`` / ``token: ...`` style contexts.
* The high-entropy fallback needs 20+ base64 characters including a digit
  and both letter cases; all-lowercase random tokens without context pass.
* Only English and Spanish keywords are known.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import log2
from typing import Final

from detect_secrets.plugins.aws import AWSKeyDetector
from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
from detect_secrets.plugins.basic_auth import BasicAuthDetector
from detect_secrets.plugins.discord import DiscordBotTokenDetector
from detect_secrets.plugins.github_token import GitHubTokenDetector
from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString
from detect_secrets.plugins.jwt import JwtTokenDetector
from detect_secrets.plugins.mailchimp import MailchimpDetector
from detect_secrets.plugins.npm import NpmDetector
from detect_secrets.plugins.openai import OpenAIDetector
from detect_secrets.plugins.private_key import PrivateKeyDetector
from detect_secrets.plugins.pypi_token import PypiTokenDetector
from detect_secrets.plugins.sendgrid import SendGridDetector
from detect_secrets.plugins.slack import SlackDetector
from detect_secrets.plugins.square_oauth import SquareOAuthDetector
from detect_secrets.plugins.stripe import StripeDetector
from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
from detect_secrets.plugins.twilio import TwilioKeyDetector

__all__ = ["REDACTION_KINDS", "ScrubResult", "placeholder", "scrub"]


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
    "azure_storage_key",
    "square_token",
    "artifactory_token",
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

_PLACEHOLDER_RE: Final = re.compile(r"\[REDACTED:[a-z0-9_]{1,40}\]")

# A detection: start offset, end offset, kind.
_Span = tuple[int, int, str]
_Finder = Callable[[str, str], Iterator[_Span]]

_B64_PLUGIN: Final = Base64HighEntropyString()  # limit 4.5, detect-secrets' default
_B64_CHARSET: Final = frozenset(_B64_PLUGIN.charset)


def _entropy(value: str) -> float:
    """Shannon entropy over detect-secrets' base64 charset.

    Same result as ``Base64HighEntropyString.calculate_shannon_entropy`` (a
    test pins that), computed in one pass instead of one ``str.count`` per
    charset symbol, since this runs on every long token.
    """
    n = len(value)
    if not n:
        return 0.0
    counts: dict[str, int] = {}
    for c in value:
        if c in _B64_CHARSET:
            counts[c] = counts.get(c, 0) + 1
    return -sum((k / n) * log2(k / n) for k in counts.values())


def _has_digit(value: str) -> bool:
    return any(c.isdigit() for c in value)


def _has_alpha(value: str) -> bool:
    return any(c.isalpha() for c in value)


# ---------------------------------------------------------------------------
# Vendor tokens (mostly detect-secrets denylists)
# ---------------------------------------------------------------------------

_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    """Grow a token span to the enclosing ASCII alphanumeric run.

    detect-secrets' vendor regexes are unanchored (``AKIA`` + exactly 16
    chars), so a key glued to other characters would otherwise leave a tail
    of it behind.
    """
    while start > 0 and text[start - 1] in _ALNUM:
        start -= 1
    n = len(text)
    while end < n and text[end] in _ALNUM:
        end += 1
    return start, end


@dataclass(frozen=True)
class _TokenRule:
    """A regex whose whole match (or ``group``) is a secret of ``kind``.

    ``hints`` are substrings at least one of which every match contains; the
    regex is skipped when none occurs, which keeps ``scrub`` cheap on the
    common secret-free text (``ci_hints`` compares against the lower-cased
    text for case-insensitive patterns).
    """

    kind: str
    pattern: re.Pattern[str]
    hints: tuple[str, ...] = ()
    ci_hints: bool = False
    group: int = 0
    widen: bool = True
    check: Callable[[str], bool] | None = None

    def find(self, text: str, lower: str) -> Iterator[_Span]:
        if self.hints:
            haystack = lower if self.ci_hints else text
            if not any(h in haystack for h in self.hints):
                return
        pos = 0
        while True:
            m = self.pattern.search(text, pos)
            if m is None:
                return
            start, end = m.span(self.group)
            if start < 0 or start == end or (
                self.check is not None and not self.check(m.group(self.group))
            ):
                # Retry one character later rather than after the rejected
                # match: "ASIA" in front of a real key must not hide it.
                pos = m.start() + 1
                continue
            pos = max(m.end(), m.start() + 1)
            if self.widen:
                start, end = _widen(text, start, end)
            yield start, end, self.kind


def _aws_id_ok(value: str) -> bool:
    # ``AKIA`` never starts an ordinary word; ASIA/ABIA/ACCA can start
    # upper-case prose ("ASIAPACIFICOFFICE...") so they need a digit.
    return value.startswith("AKIA") or _has_digit(value[4:])


_AZURE_KEY_BODY: Final = AzureStorageKeyDetector.denylist[0].pattern[len("AccountKey=") :]

_TOKEN_RULES: Final[tuple[_TokenRule, ...]] = (
    _TokenRule(
        "aws_access_key",
        AWSKeyDetector.denylist[0],
        hints=("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
        check=_aws_id_ok,
    ),
    _TokenRule("anthropic_key", re.compile(r"sk-ant-[A-Za-z0-9_\-]{20,}"), hints=("sk-ant-",)),
    _TokenRule(
        "openai_key",
        re.compile(r"sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_\-]{20,}"),
        hints=("sk-",),
    ),
    _TokenRule("openai_key", OpenAIDetector.denylist[0], hints=("T3BlbkFJ",)),
    # Legacy ``sk-`` + 48 alnum keys; needs a left boundary and a digit because
    # "task-..."/"disk-..." contain ``sk-`` too.
    _TokenRule(
        "openai_key",
        re.compile(r"(?<![A-Za-z0-9_\-])sk-[A-Za-z0-9]{20,}"),
        hints=("sk-",),
        check=_has_digit,
    ),
    _TokenRule("google_api_key", re.compile(r"AIza[0-9A-Za-z_\-]{35}"), hints=("AIza",)),
    _TokenRule(
        "github_token",
        GitHubTokenDetector.denylist[0],
        hints=("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
    ),
    _TokenRule(
        "github_token", re.compile(r"github_pat_[A-Za-z0-9_]{22,}"), hints=("github_pat_",)
    ),
    *(
        _TokenRule("gitlab_token", rx, hints=("gl", "GR1348941"))
        for rx in GitLabTokenDetector.denylist
    ),
    # Not in detect-secrets 1.5.
    _TokenRule(
        "huggingface_token",
        re.compile(r"(?<![A-Za-z0-9_])hf_[A-Za-z0-9]{30,}"),
        hints=("hf_",),
        check=lambda v: any(c.isupper() for c in v) and any(c.islower() for c in v[3:]),
    ),
    _TokenRule(
        "slack_webhook", SlackDetector.denylist[1], hints=("hooks.slack.com",), ci_hints=True
    ),
    _TokenRule("slack_token", SlackDetector.denylist[0], hints=("xox",), ci_hints=True),
    _TokenRule(
        "slack_token", re.compile(r"xapp-\d-[A-Za-z0-9]+-\d+-[A-Za-z0-9]+"), hints=("xapp-",)
    ),
    _TokenRule("stripe_key", StripeDetector.denylist[0], hints=("k_live_",)),
    _TokenRule(
        "stripe_key",
        re.compile(r"(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}"),
        hints=("k_live_", "k_test_"),
    ),
    _TokenRule("stripe_key", re.compile(r"whsec_[0-9A-Za-z]{24,}"), hints=("whsec_",)),
    _TokenRule("sendgrid_key", SendGridDetector.denylist[0], hints=("SG.",)),
    *(
        _TokenRule(
            "twilio_key",
            re.compile(r"(?<![A-Za-z0-9])" + rx.pattern),
            hints=(rx.pattern[:2],),
            check=_has_digit,
        )
        for rx in TwilioKeyDetector.denylist
    ),
    _TokenRule("telegram_token", TelegramBotTokenDetector.denylist[0], hints=(":",)),
    _TokenRule(
        "discord_token", DiscordBotTokenDetector.denylist[0], hints=(".",), check=_has_digit
    ),
    _TokenRule(
        "npm_token", NpmDetector.denylist[0], hints=("_authToken",), group=1, widen=False
    ),
    _TokenRule("npm_token", re.compile(r"npm_[A-Za-z0-9]{36}"), hints=("npm_",)),
    *(_TokenRule("pypi_token", rx, hints=("pypi-",)) for rx in PypiTokenDetector.denylist),
    _TokenRule("mailchimp_key", MailchimpDetector.denylist[0], hints=("-us",)),
    # detect-secrets' pattern, but keeping the "AccountKey=" label readable.
    _TokenRule(
        "azure_storage_key",
        re.compile(r"(?<=AccountKey=)" + _AZURE_KEY_BODY),
        hints=("AccountKey=",),
        widen=False,
    ),
    _TokenRule("square_token", SquareOAuthDetector.denylist[0], hints=("sq0csp-",)),
    # "EAAA" is common inside base64 blobs (data: URIs), hence the boundary.
    _TokenRule(
        "square_token",
        re.compile(r"(?<![A-Za-z0-9+/])EAAA[A-Za-z0-9_\-]{60}(?![A-Za-z0-9+/])"),
        hints=("EAAA",),
    ),
    # Only the API-token form of detect-secrets' Artifactory plugin (with
    # lookarounds instead of consumed delimiters); its "AP[0-9A-F]..."
    # password form matches ordinary upper-case words such as APACHEKAFKA.
    _TokenRule(
        "artifactory_token",
        re.compile(r"(?<![A-Za-z0-9])AKC[a-zA-Z0-9]{10,}(?![A-Za-z0-9])"),
        hints=("AKC",),
        check=_has_digit,
    ),
    _TokenRule(
        "basic_auth", BasicAuthDetector.denylist[0], hints=("://",), group=1, widen=False
    ),
    _TokenRule(
        "aws_secret_key",
        AWSKeyDetector.denylist[1],
        hints=("aws",),
        ci_hints=True,
        group=1,
        widen=False,
    ),
    _TokenRule(
        "aws_secret_key",
        re.compile(
            r"(?i:aws[_\-\s.]?secret[_\-\s.]?(?:access[_\-\s.]?)?key(?:[_\-]?id)?)"
            r"[\"']?\s*(?:=|:=|:|=>|\s(?i:is|es)(?:\s*:)?)\s*[\"']?"
            r"([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])"
        ),
        hints=("aws",),
        ci_hints=True,
        group=1,
        widen=False,
    ),
)

# ---------------------------------------------------------------------------
# JWT
# ---------------------------------------------------------------------------

_JWT_RE: Final = re.compile(
    r"eyJ[A-Za-z0-9_\-]{2,}={0,2}\.[A-Za-z0-9_\-]{2,}={0,2}(?:\.[A-Za-z0-9_\-]*={0,2})?"
)


def _find_jwts(text: str, lower: str) -> Iterator[_Span]:
    """Three-segment ``eyJ`` tokens, or two segments that decode as JSON.

    detect-secrets' own regex stops before the signature (its last group is
    lazy), so the shape is matched here and its validator is only used to
    confirm signature-less tokens.
    """
    if "eyJ" not in text:
        return
    for m in _JWT_RE.finditer(text):
        token = m.group(0)
        if token.count(".") < 2 and not JwtTokenDetector.is_formally_valid(token):
            continue
        start, end = _widen(text, *m.span())
        yield start, end, "jwt"


# ---------------------------------------------------------------------------
# Private keys
# ---------------------------------------------------------------------------

_PEM_BEGIN_RE: Final = re.compile(
    r"-{4,5} ?BEGIN (?P<label>[A-Z0-9 ]{0,40}?)PRIVATE KEY(?: BLOCK)? ?-{4,5}"
)
_PEM_END_RE: Final = re.compile(
    r"-{4,5} ?END (?P<label>[A-Z0-9 ]{0,40}?)PRIVATE KEY(?: BLOCK)? ?-{4,5}"
)
# Body of a block whose END marker is missing (truncated paste): header lines
# ("Proc-Type: ...") and base64 runs, possibly with literal "\n" escapes.  It
# stops at the first ordinary word so trailing prose survives.
_PEM_BODY_RE: Final = re.compile(
    r"(?:(?:\\n|\s)*(?:[A-Za-z-]+: [^\n]*|[A-Za-z0-9+/=]{16,}))*"
)
_PEM_MAX_BODY: Final = 65_536  # far above a 16k-bit RSA key; bounds the work
_PUTTY_RE: Final = re.compile(
    r"PuTTY-User-Key-File-\d+:.{0,65536}?(?:Private-MAC:\s*[0-9a-fA-F]+|\Z)", re.DOTALL
)


def _find_private_keys(text: str, lower: str) -> Iterator[_Span]:
    """Whole PEM / OpenSSH / PGP / PuTTY private key blocks, BEGIN to END.

    END markers are located once and paired by binary search, so many
    unterminated BEGIN lines cost O(n log n) instead of O(n^2).
    """
    # Cheap gate: every detect-secrets PrivateKeyDetector marker contains
    # "PRIVATE KEY" except PuTTY's, which is checked with its own regex.
    if "PRIVATE KEY" in text:
        ends = [(m.start(), m.end(), m.group("label")) for m in _PEM_END_RE.finditer(text)]
        end_starts = [e[0] for e in ends]
        covered = 0
        for m in _PEM_BEGIN_RE.finditer(text):
            if m.start() < covered:
                continue
            stop = None
            i = bisect_right(end_starts, m.end() - 1)
            while i < len(ends) and ends[i][0] - m.end() <= _PEM_MAX_BODY:
                if ends[i][2] == m.group("label"):
                    stop = ends[i][1]
                    break
                i += 1
            if stop is None:
                body = _PEM_BODY_RE.match(text, m.end())
                stop = body.end() if body is not None else m.end()
            covered = stop
            yield m.start(), stop, "private_key"
    if PrivateKeyDetector.denylist[-1].search(text):
        for m in _PUTTY_RE.finditer(text):
            yield m.start(), m.end(), "private_key"


# ---------------------------------------------------------------------------
# URLs with credentials, Authorization headers
# ---------------------------------------------------------------------------

# Anchored at "://" (found with str.find) rather than at every letter that
# could start a scheme; quantifiers are bounded so a long run of "://" without
# "@" stays linear.
_URL_USERINFO_RE: Final = re.compile(
    r"(?P<user>[^\s:/?#@\[\]\"'<>]{0,128}):(?P<pw>[^\s/?#\"'<>]{1,256})@[^\s/?#@\"'<>:]"
)
_SCHEME_CHARS: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+.-"
)
_WEB_SCHEMES: Final = frozenset(
    {"http", "https", "ftp", "ftps", "sftp", "ws", "wss", "git", "ssh", "svn"}
)
_QUERY_CRED_RE: Final = re.compile(
    r"[?&;](?:[A-Za-z0-9]+[_\-])*"
    r"(?P<name>(?i:password|passwd|pwd|pass|secret|client_secret|token|access_token"
    r"|api_?key|apikey|sig|signature))"
    r"=(?P<v>[^&#\s\"'<>]{4,})"
)
_QUERY_NON_SECRETS: Final = frozenset({"true", "false", "null", "none", "yes", "undefined"})
_CURL_USER_RE: Final = re.compile(
    r"(?:^|\s)(?:-u|--user)\s+[\"']?[^\s:\"']+:(?P<v>[^\s\"']+)"
)


def _find_url_credentials(text: str, lower: str) -> Iterator[_Span]:
    """Password part of ``scheme://user:password@host`` and credential params.

    Only the password is replaced, so the host and database stay readable.
    detect-secrets' BasicAuthDetector is run too (via the token rules); this
    regex additionally accepts reserved characters such as ``@`` or ``!`` in
    the password, which people paste unencoded.
    """
    if "://" in text and "@" in text:
        pos = text.find("://")
        while pos != -1:
            m = _URL_USERINFO_RE.match(text, pos + 3)
            if m is not None:
                start = pos
                while start > 0 and pos - start < 32 and text[start - 1] in _SCHEME_CHARS:
                    start -= 1
                scheme = text[start:pos].lower()
                kind = "basic_auth" if scheme in _WEB_SCHEMES else "connection_string"
                yield m.start("pw"), m.end("pw"), kind
            pos = text.find("://", pos + 3)
    if "=" in text:
        for m in _QUERY_CRED_RE.finditer(text):
            if m.group("v").lower() in _QUERY_NON_SECRETS:
                continue
            name = m.group("name").lower()
            kind = "password" if name.startswith("pass") or name == "pwd" else _token_kind(name)
            yield m.start("v"), m.end("v"), kind
    if "-u" in text or "--user" in text:
        for m in _CURL_USER_RE.finditer(text):
            yield m.start("v"), m.end("v"), "basic_auth"


_AUTH_HEADER_RE: Final = re.compile(
    r"(?i:(?:proxy-)?authori[sz]ation)[\"']?\s*[:=]\s*[\"']?"
    r"(?:(?P<scheme>(?i:bearer|token|basic|digest|apikey|sso-key|otp))\s+)?"
    r"(?P<v>[A-Za-z0-9\-._~+/:=]{8,})"
)
_BEARER_RE: Final = re.compile(r"(?i:bearer)\s+(?P<v>[A-Za-z0-9\-._~+/]{20,}=*)")


def _find_auth_headers(text: str, lower: str) -> Iterator[_Span]:
    """``Authorization: <scheme> <credentials>`` and bare ``Bearer <token>``."""
    if "authori" in lower:
        for m in _AUTH_HEADER_RE.finditer(text):
            scheme = (m.group("scheme") or "").lower()
            if not scheme and not _token_value_ok(m.group("v")):
                continue  # prose: "Authorization: required for all endpoints"
            kind = "basic_auth" if scheme == "basic" else "bearer_token"
            yield m.start("v"), m.end("v"), kind
    if "bearer" in lower:
        for m in _BEARER_RE.finditer(text):
            if m.start() > 0 and text[m.start() - 1].isalnum():
                continue  # "xbearer ..." is not the Bearer scheme
            if _has_digit(m.group("v")):
                yield m.start("v"), m.end("v"), "bearer_token"


# ---------------------------------------------------------------------------
# Keyword + value ("my password is X", "api_key=X", "la clave es X")
# ---------------------------------------------------------------------------

# Strong keywords name a password unambiguously; weak ones ("clave", "PIN",
# "door code") also appear in ordinary prose ("la clave es la constancia"),
# so their value must look like a credential.
_STRONG_PW = (
    r"pass(?:word|wd|phrase|code)s?|pwd|pw|contrase(?:ñ|n)as?|clave\s+de\s+acceso|senha"
)
_WEAK_PW = (
    r"claves?|pin(?:\s+(?:code|number))?"
    r"|c[oó]digo\s+(?:de\s+acceso|pin|de\s+seguridad|secreto|de\s+(?:la\s+)?(?:puerta|alarma|entrada))"
    r"|(?:access|security|door|alarm|gate|entry|unlock)\s+code"
)
_TOKEN_KW = (
    r"api[\s_\-]?keys?|apikey|api[\s_\-]?token|access[\s_\-]?token|auth(?:entication)?[\s_\-]?token"
    r"|refresh[\s_\-]?token|bearer[\s_\-]?token|session[\s_\-]?token|secret[\s_\-]?key"
    r"|client[\s_\-]?secret|app[\s_\-]?secret|webhook[\s_\-]?secret|signing[\s_\-]?(?:key|secret)"
    r"|encryption[\s_\-]?key|private[\s_\-]?key|access[\s_\-]?key(?:[\s_\-]?id)?|tokens?|secret"
)
# Longer alternatives first: the regex commits to the first one that lets
# the whole pattern match ("was" would shadow "was changed to").
_VERBAL = (
    r"(?:has\s+been\s+|was\s+|got\s+)?(?:changed|set|reset|updated)\s+to"
    r"|is\s+now|now\s+is|will\s+be|should\s+be|is|was|equals"
    r"|(?:se\s+)?cambi[oó]\s+a|(?:la\s+|lo\s+)?cambi[eé]\s+a|(?:la\s+|lo\s+)?puse\s+(?:como|en)"
    r"|es\s+ahora|ahora\s+es|sigue\s+siendo|qued[oó]\s+(?:en|como)|es|era|ser[aá]"
)
# The left keyword boundary is checked in Python (see _keyword_matches): a
# leading look-behind would disable the regex engine's first-character scan.
_KEYWORD_RE: Final = re.compile(
    r"(?:(?P<strong>(?i:" + _STRONG_PW + r"))|(?P<weak>(?i:" + _WEAK_PW + r"))"
    r"|(?P<tok>(?i:" + _TOKEN_KW + r")))"
    # Not followed by a lower-case letter ("passwordless", "tokenizer"); an
    # upper-case one may start a camelCase suffix ("apiKeyValue").
    r"(?![a-z])"
    # Identifier suffixes such as DB_PASSWORD_PROD / apiKeyValue.
    r"(?:[_\-.][A-Za-z0-9]+|[A-Z][a-z0-9]+){0,2}"
    r"(?:\s+(?i:for|of|to|on|at|de|del|para|en|al)\b(?:[^\n.:=]|\.(?=\S)){1,40}?)?"
    r"[\"'\]]?"
    r"(?:(?:\s*(?P<assign>={1,3}|:=|=>|->)|\s*(?P<colon>:)"
    r"|\s+(?P<verbal>(?i:" + _VERBAL + r"))\b(?:\s*:)?)"
    r"[ \t]*(?:\r?\n[ \t]*)?"
    # No connector at all ("router password to Gato-8526", "user ana and
    # password X"): only a value with both letters and digits qualifies.  The
    # shape is enforced inside the regex so a plain word does not end the
    # match early and hide a later "is <secret>".
    r"|(?P<bare>\s+(?:(?i:to|a)\s+)?)(?=[^\s\"'`<>]*\d)(?=[^\s\"'`<>]*[A-Za-z])(?=[^\s\"'`<>]{6}))"
    r"(?:\"(?P<dq>[^\"\n]{1,256})\"|'(?P<sq>[^'\n]{1,256})'|`(?P<bq>[^`\n]{1,256})`"
    r"|“(?P<cq>[^”\n]{1,256})”|«(?P<gq>[^»\n]{1,256})»"
    r"|(?P<uq>(?:(?![;&][\w\-]+=)[^\s\"'`<>“”«»])+))"
)
_QUOTED_GROUPS: Final = ("dq", "sq", "bq", "cq", "gq")
_TRAILING_PUNCT: Final = ".,;:)]}"
_CLAUSE_END_RE: Final = re.compile(r"[.,;!?)\]}\"']*[ \t]*(?:\r?\n|$)|[.,;!?)\"']+(?:\s|$)")

_STOPWORDS: Final[frozenset[str]] = frozenset(
    """
    a an the not no too very so quite really still now also just only being been going gonna
    about that this these those my your his her their our its it same different wrong incorrect
    correct right expired weak strong short long secure insecure safe unsafe invalid valid required
    optional missing empty blank new old changed reset set stored saved hashed encrypted hidden
    private secret confidential case sensitive case-sensitive easy hard simple complex complicated
    obvious good bad great fine ok okay ready needed necessary mandatory forgotten lost locked
    blocked compromised leaked stolen unknown unchanged updated pending in on at for with of to from
    by and or but if when what which where who how here there below above attached included enabled
    disabled none null nil undefined n/a na tbd todo etc same-as shared rotated revoked enough
    protected managed generated random unique personal temporary important something anything
    nothing everything key keys password passwords token tokens
    el la lo los las un una unos unas muy demasiado bastante aún aun todavía todavia ya sí si que
    de del en con para por y o pero mi mis tu tus su sus nuestra nuestro misma mismo igual
    distinta distinto diferente incorrecta incorrecto correcta correcto errónea erronea segura
    seguro insegura inseguro débil debil fuerte corta corto larga largo nueva nuevo vieja viejo
    antigua antiguo válida valida inválida invalida obligatoria obligatorio necesaria necesario
    opcional secreta secreto privada privado confidencial fácil facil difícil dificil sencilla
    sencillo simple compleja complejo complicada complicado obvia obvio buena bueno mala malo
    caducada caducado expirada expirado vencida vencido bloqueada bloqueado olvidada olvidado
    perdida perdido robada robado comprometida comprometido filtrada filtrado desconocida
    desconocido cambiada cambiado guardada guardado almacenada almacenado cifrada cifrado
    encriptada encriptado oculta oculto vacía vacia vacío vacio requerida requerido pendiente
    esta este ésta éste esa ese aquí aqui abajo arriba adjunta adjunto ninguna ninguno nada
    importante personal temporal clave contraseña contraseñas sensible única unica aleatoria
    compartida rotada revocada protegida suficiente
    """.split()
)
# Values that point at a secret instead of being one (config templating,
# environment look-ups, code, masks).  Matched against the whole value.
_REFERENCE_RE: Final = re.compile(
    r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%\(?[A-Za-z_]*\)?[sdr]|%[A-Za-z_][A-Za-z0-9_]*%"
    r"|\{\{?\s*[\w.\-]+\s*\}?\}|\*{3,}|[xX]{4,}|\.{3,}|…|"
    r"(?:os\.|process\.env|env\.|ENV\[|getenv|settings\.|config\.)\S*"
    r"|[A-Za-z_][\w.]*\(.*|[A-Za-z][\w+.\-]*://\S*"
)


def _shape_score(value: str) -> bool:
    """Does ``value`` look like a credential rather than a word?"""
    has_digit = _has_digit(value)
    has_alpha = _has_alpha(value)
    has_symbol = any(not (c.isalnum() or c.isspace()) for c in value)
    inner_upper = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    return (has_digit and (has_alpha or len(value) >= 4)) or has_symbol or inner_upper


def _token_value_ok(value: str) -> bool:
    """Values of api_key/token/secret keywords: long and random-looking."""
    if len(value) < 8:
        return False
    if _has_digit(value) and _has_alpha(value):
        return True
    if len(value) >= 12 and any(c.isupper() for c in value) and any(c.islower() for c in value):
        return True
    return len(value) >= 16 and _entropy(value) >= 3.5


_ASCII_LETTERS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


# Every keyword alternative starts with one of these stems.  Scanning the
# lower-cased text for them is several times faster than letting the
# case-insensitive keyword regex try every position.
_KEYWORD_STEMS_RE: Final = re.compile(
    r"pass|pwd|pw|contrase|clave|senha|pin|c[oó]digo|access|security|door|alarm|gate|entry|"
    r"unlock|api|auth|refresh|bearer|session|secret|client|app|webhook|signing|encryption|"
    r"private|token"
)


def _keyword_matches(text: str, lower: str) -> Iterator[re.Match[str]]:
    """``_KEYWORD_RE`` matches whose keyword starts a word or a camelCase hump.

    "bypass: x" must not count as "pass: x", but "dbPassword=x" and
    "myApiKey: x" must.  ``lower`` is the same-length lower-cased text.
    """
    covered = 0
    for stem in _KEYWORD_STEMS_RE.finditer(lower):
        start = stem.start()
        if start < covered:
            continue
        if start > 0:
            prev, first = text[start - 1], text[start]
            if prev in _ASCII_LETTERS and not (prev.islower() and first.isupper()):
                continue
        m = _KEYWORD_RE.match(text, start)
        if m is not None:
            covered = m.end()
            yield m


def _find_keyword_values(text: str, lower: str) -> Iterator[_Span]:
    """Secrets introduced by a keyword: ``password: X``, ``mi clave es X``..."""
    for m in _keyword_matches(text, lower):
        quoted = next((g for g in _QUOTED_GROUPS if m.group(g) is not None), None)
        group = quoted or "uq"
        start, end = m.span(group)
        value = m.group(group)
        if not quoted:
            stripped = value.rstrip(_TRAILING_PUNCT)
            end -= len(value) - len(stripped)
            value = stripped
        if not value.strip() or _PLACEHOLDER_RE.search(value):
            continue
        if m.group("tok") is not None:
            kind = _token_kind(m.group("tok"))
            if _REFERENCE_RE.fullmatch(value) or value.lower() in _STOPWORDS:
                continue
            if not _token_value_ok(value):
                continue
            yield start, end, kind
            continue
        # Password family.  Quotes make a strong keyword's value explicit, but
        # not a weak one's ("la palabra clave es 'gobernanza'").
        if quoted and m.group("weak") is None:
            yield start, end, "password"
            continue
        if len(value) < 4 or value.lower() in _STOPWORDS or _REFERENCE_RE.fullmatch(value):
            continue
        if m.group("weak") is not None:
            kw = m.group("weak").lower()
            if kw.startswith("pin") and sum(c.isdigit() for c in value) < 4:
                continue
            if _shape_score(value) and (_has_digit(value) or len(value) >= 6):
                yield start, end, "password"
            continue
        if _shape_score(value) or m.group("assign") is not None:
            yield start, end, "password"
            continue
        # A plain word after "password is/:" counts only if it closes the
        # clause ("my password is swordfish."), not when prose continues
        # ("my password is stored in the vault").
        if _CLAUSE_END_RE.match(text, end):
            yield start, end, "password"


def _token_kind(keyword: str) -> str:
    """Placeholder kind for a token-family keyword or query parameter."""
    kw = keyword.lower()
    if "token" in kw:
        return "token"
    if "secret" in kw and "key" not in kw:
        return "secret"
    if "private" in kw or "signing" in kw or "encryption" in kw:
        return "secret"
    return "api_key"


# ---------------------------------------------------------------------------
# High-entropy fallback
# ---------------------------------------------------------------------------

# No look-behind: finditer scans left to right, so every match already starts
# at the beginning of its run.
_B64_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9+/_\-]{20,}=*")
_HEX_RE: Final = re.compile(r"[0-9a-fA-F\-]+")
# Splits a token into camelCase humps, acronyms, digit runs and separators.
# Every alternative consumes a maximal run, so this stays linear (a single
# "(?:hump|digits)+" full-match regex backtracks exponentially on long digit
# runs followed by a mismatch).
_HUMP_RE: Final = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[^A-Za-z0-9]+")


def _is_identifier(token: str) -> bool:
    """Is ``token`` made of identifier humps ("Base64EncodedStringValue")?

    Random strings nearly always contain an isolated lower-case letter or a
    long digit run, identifiers and words do not.
    """
    for hump in _HUMP_RE.findall(token):
        first = hump[0]
        if first.isdigit():
            if len(hump) > 4:
                return False
        elif first.isalpha():
            if hump.isupper():
                if len(hump) < 2:
                    return False
            elif len(hump) - (1 if first.isupper() else 0) < 2:
                return False
    return True


_ENTROPY_LIMIT: Final = _B64_PLUGIN.entropy_limit


def _entropy_limit(length: int) -> float:
    """Length-adjusted threshold.

    Shannon entropy is capped at log2(length), so a fixed 4.5 could never
    fire below 23 characters.  Short tokens use 90% of their maximum instead.
    """
    return min(_ENTROPY_LIMIT, 0.9 * log2(length))


def _looks_like_path(token: str) -> bool:
    """Slash-separated word segments ("docs/api/Readme") rather than base64."""
    parts = [p for p in token.split("/") if p]
    if len(parts) < 2:
        return False
    wordy = sum(1 for p in parts if len(p) >= 2 and p.isalpha() and (p.islower() or p.istitle()))
    return token.startswith("/") or wordy >= 2


def _find_high_entropy(text: str, lower: str) -> Iterator[_Span]:
    """Random-looking base64 tokens of 20+ characters.

    Requires letters of both cases plus a digit: real keys almost always have
    them, while identifiers, words and paths rarely clear the entropy bar
    *and* that shape test.  Pure hex (git SHAs, UUIDs, digests) is skipped.
    """
    for m in _B64_TOKEN_RE.finditer(text):
        token = m.group(0)
        core = token.rstrip("=")
        if _HEX_RE.fullmatch(core):
            continue
        if not (
            _has_digit(core)
            and any(c.isupper() for c in core)
            and any(c.islower() for c in core)
        ):
            continue
        if "/" in core and _looks_like_path(core):
            continue
        if _is_identifier(core):
            continue
        if _entropy(core) > _entropy_limit(len(core)):
            yield m.start(), m.end(), "high_entropy"


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

_FINDERS: Final[tuple[_Finder, ...]] = (
    _find_private_keys,
    *(rule.find for rule in _TOKEN_RULES),
    _find_jwts,
    _find_url_credentials,
    _find_auth_headers,
    _find_keyword_values,
    _find_high_entropy,
)


# Length-preserving lower-casing (str.lower can change lengths, e.g. "İ"), so
# offsets found in the lowered text are valid in the original.
_LOWER_TABLE: Final = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÑÜ", "abcdefghijklmnopqrstuvwxyzáéíóúñü"
)


def _merge(spans: list[_Span]) -> list[_Span]:
    """Union overlapping spans; keep the most specific kind."""
    spans.sort(key=lambda s: (s[0], -s[1]))
    merged: list[_Span] = []
    for start, end, kind in spans:
        if merged and start < merged[-1][1]:
            p_start, p_end, p_kind = merged[-1]
            best = kind if _PRIORITY[kind] < _PRIORITY[p_kind] else p_kind
            merged[-1] = (p_start, max(p_end, end), best)
        else:
            merged.append((start, end, kind))
    return merged


def _overlaps_any(start: int, end: int, protected: list[tuple[int, int]]) -> bool:
    """Does [start, end) intersect one of the sorted, disjoint ``protected`` spans?"""
    # Only the last protected span starting before ``end`` can intersect, as
    # placeholders never overlap each other.
    i = bisect_right(protected, (end, -1)) - 1
    return i >= 0 and protected[i][1] > start


def _scrub_once(text: str) -> tuple[str, list[str]]:
    """One detection pass: find, merge and replace spans."""
    protected = (
        [m.span() for m in _PLACEHOLDER_RE.finditer(text)] if "[REDACTED:" in text else []
    )
    # Placeholders are blanked out of the lowered copy so no keyword or hint
    # is found inside one ("[REDACTED:bearer_token] 0000000A" must not read
    # as "token 0000000A" on a second pass).
    masked = _PLACEHOLDER_RE.sub(lambda m: "\0" * len(m.group()), text) if protected else text
    lower = masked.translate(_LOWER_TABLE)
    spans: list[_Span] = []
    for finder in _FINDERS:
        for start, end, kind in finder(text, lower):
            if end <= start:
                continue
            if protected and _overlaps_any(start, end, protected):
                continue
            spans.append((start, end, kind))
    if not spans:
        return text, []
    out: list[str] = []
    kinds: list[str] = []
    cursor = 0
    for start, end, kind in _merge(spans):
        out.append(text[cursor:start])
        out.append(placeholder(kind))
        kinds.append(kind)
        cursor = end
    out.append(text[cursor:])
    return "".join(out), kinds


# Removing one secret can change the context of its neighbours (e.g. the
# tail after a vendor key becomes a standalone high-entropy token), so passes
# repeat until nothing new is found; that is what makes ``scrub`` idempotent.
# Each changing pass strictly shrinks the non-placeholder text, so the loop
# always ends; the cap only bounds the cost of adversarial input.
_MAX_PASSES: Final = 8


def _scrub(text: str) -> ScrubResult:
    kinds: list[str] = []
    for _ in range(_MAX_PASSES):
        text, found = _scrub_once(text)
        if not found:
            break
        kinds.extend(found)
    return ScrubResult(text, tuple(kinds))


def scrub(text: str) -> ScrubResult:
    """Replace every recognised secret in ``text`` with ``[REDACTED:<kind>]``.

    ``redactions`` lists one kind per placeholder written, in detection order
    (positional order within each pass).  Pure and deterministic.  Never
    raises for ``str`` input; on an unexpected internal error the whole text
    is withheld (fail closed) instead of being returned unscrubbed.
    """
    if not isinstance(text, str):
        raise TypeError(f"scrub() expects str, got {type(text).__name__}")
    if not text:
        return ScrubResult("", ())
    try:
        return _scrub(text)
    except Exception:  # noqa: BLE001 - fail closed, never leak the input
        return ScrubResult(placeholder(_UNSCANNABLE), (_UNSCANNABLE,))
