"""Vendor tokens: one :class:`_TokenRule` per provider, mostly detect-secrets' denylists, some own."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from detect_secrets.plugins.aws import AWSKeyDetector
from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
from detect_secrets.plugins.basic_auth import BasicAuthDetector
from detect_secrets.plugins.discord import DiscordBotTokenDetector
from detect_secrets.plugins.github_token import GitHubTokenDetector
from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
from detect_secrets.plugins.mailchimp import MailchimpDetector
from detect_secrets.plugins.npm import NpmDetector
from detect_secrets.plugins.openai import OpenAIDetector
from detect_secrets.plugins.pypi_token import PypiTokenDetector
from detect_secrets.plugins.sendgrid import SendGridDetector
from detect_secrets.plugins.slack import SlackDetector
from detect_secrets.plugins.square_oauth import SquareOAuthDetector
from detect_secrets.plugins.stripe import StripeDetector
from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
from detect_secrets.plugins.twilio import TwilioKeyDetector

from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import _has_digit
from memory.scrubbing.vendor_formats import VENDOR_FORMATS, WIDER_FORMATS, VendorFormat, token_body


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
    #: A match may be shorter than ``_LONG_WORD`` or its hint may lie outside it (a label before a
    #: space): the rule is gated on the whole text, not on its long words.
    short: bool = False

    def find(self, text: str, lower: str) -> Iterator[_Span]:
        if self.hints:
            haystack = lower if self.ci_hints else text
            if not any(h in haystack for h in self.hints):
                return
        yield from self.search(text)

    def search(self, text: str) -> Iterator[_Span]:
        """The matches, without the hint test (``find_vendor_tokens`` has done it for every rule)."""
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


def _literal_prefixes(rx: re.Pattern[str]) -> tuple[str, ...]:
    """The literal prefixes a detect-secrets pattern opens with ("(glpat|gldt)-…" → "glpat-",
    "gldt-"): hints specific enough that Spanish "regla" or "glucosa" does not run seven regexes."""
    m = re.match(r"\(?([A-Za-z0-9|]+)\)?(-?)", rx.pattern)
    if m is None or not m.group(1):
        return ()
    return tuple(p + m.group(2) for p in m.group(1).split("|"))


def _aws_id_ok(value: str) -> bool:
    # ``AKIA`` never starts an ordinary word; ASIA/ABIA/ACCA can start
    # upper-case prose ("ASIAPACIFICOFFICE...") so they need a digit.
    return value.startswith("AKIA") or _has_digit(value[4:])


_AZURE_KEY_BODY: Final = AzureStorageKeyDetector.denylist[0].pattern[len("AccountKey=") :]

def _format_rule(fmt: VendorFormat) -> _TokenRule:
    """A published vendor format (``vendor_formats``) as a rule; its check reads the token's body."""
    check = fmt.check
    return _TokenRule(fmt.kind, fmt.pattern, hints=fmt.hints, widen=False,
                      check=None if check is None else lambda value: check(token_body(value, fmt.hints)))


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
        _TokenRule("gitlab_token", rx, hints=_literal_prefixes(rx))
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
        "npm_token", NpmDetector.denylist[0], hints=("_authToken",), group=1, widen=False, short=True
    ),
    _TokenRule("npm_token", re.compile(r"npm_[A-Za-z0-9]{36}"), hints=("npm_",)),
    *(_TokenRule("pypi_token", rx, hints=("pypi-",)) for rx in PypiTokenDetector.denylist),
    _TokenRule("mailchimp_key", MailchimpDetector.denylist[0], hints=("-us",)),
    # Shopify access tokens and shared secrets (not in detect-secrets 1.5).
    _TokenRule(
        "shopify_token",
        re.compile(r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}(?![A-Za-z0-9])"),
        hints=("shp",),
    ),
    # Mailgun private API keys: "key-" + 32 characters (not in detect-secrets 1.5). Mailgun issues
    # them as hex, but scanners read the body as any alphanumerics (trufflehog ``key-[a-z0-9]{32}``,
    # the RegHex list ``key-[0-9a-zA-Z]{32}``), and people retype or invent them that way; a run of
    # 32 letters alone is a slug ("key-" + words), so digits and letters must both occur.
    _TokenRule(
        "mailgun_key",
        re.compile(r"(?<![A-Za-z0-9_\-])key-[0-9A-Za-z]{32}(?![0-9A-Za-z])"),
        hints=("key-",),
        widen=False,
        check=lambda v: sum(c.isdigit() for c in v[4:]) >= 3 and sum(c.isalpha() for c in v[4:]) >= 3,
    ),
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
        short=True,
    ),
    _TokenRule(
        "basic_auth", BasicAuthDetector.denylist[0], hints=("://",), group=1, widen=False, short=True
    ),
    _TokenRule(
        "aws_secret_key",
        AWSKeyDetector.denylist[1],
        hints=("aws",),
        ci_hints=True,
        group=1,
        widen=False,
        short=True,
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
        short=True,
    ),
)
# Every rule but the few marked ``short`` matches 20 or more characters without a space, its hint
# included; most prose has no such word, so those rules are gated by the words of 20 characters or
# more (``str.split``, cheaper than any regex scan), and their hints are looked for in those only.
# The hints of each group are tested once per text instead of once per rule: on ordinary text
# this skips nearly every rule with a set test each.
_LONG_WORD: Final = 20
_ALL_RULES: Final[tuple[_TokenRule, ...]] = (
    *_TOKEN_RULES, *map(_format_rule, (*VENDOR_FORMATS, *WIDER_FORMATS)))


def _hints(rules: list[_TokenRule], ci: bool) -> tuple[str, ...]:
    return tuple(sorted({h for r in rules if r.ci_hints == ci for h in r.hints}))


_SHORT: Final = [r for r in _ALL_RULES if r.short or not r.hints]
_LONG: Final = [r for r in _ALL_RULES if not (r.short or not r.hints)]
_SHORT_HINTS: Final = (_hints(_SHORT, False), _hints(_SHORT, True))
_LONG_HINTS: Final = (_hints(_LONG, False), _hints(_LONG, True))
_SHORT_RULES: Final = tuple((rule, frozenset(rule.hints)) for rule in _SHORT)
_LONG_RULES: Final = tuple((rule, frozenset(rule.hints)) for rule in _LONG)


def _run(rules: tuple[tuple[_TokenRule, frozenset[str]], ...], hints: tuple[tuple[str, ...], tuple[str, ...]],
         haystack: str, lower: str, text: str) -> Iterator[_Span]:
    """The ``rules`` whose hint occurs in ``haystack`` (case-insensitive hints in ``lower``, its
    lower case), searched over the whole ``text``."""
    present = {h for h in hints[0] if h in haystack}
    present.update(h for h in hints[1] if h in lower)
    for rule, rule_hints in rules:
        if not rule_hints or not present.isdisjoint(rule_hints):
            yield from rule.search(text)


def whole_token_kind(value: str) -> str | None:
    """The kind of the first vendor rule whose match is exactly ``value`` (no widening), if any:
    whether a string joined from chunks is one token of a published format and nothing more."""
    for rule in _ALL_RULES:
        m = rule.pattern.fullmatch(value)
        if m is not None and m.span(rule.group) == (0, len(value)) \
                and (rule.check is None or rule.check(m.group(rule.group))):
            return rule.kind
    return None


def find_vendor_tokens(text: str, lower: str) -> Iterator[_Span]:
    """Every vendor rule whose hint occurs in the text — for all but the short rules, in one of its
    words of 20 characters or more (rules without hints always run)."""
    yield from _run(_SHORT_RULES, _SHORT_HINTS, text, lower, text)
    # Long words of the masked lower-cased twin too, so no hint is read inside a placeholder.
    words = " ".join(w for w in text.split() if len(w) >= _LONG_WORD)
    if words:
        yield from _run(_LONG_RULES, _LONG_HINTS, words, " ".join(w for w in lower.split() if len(w) >= _LONG_WORD), text)
