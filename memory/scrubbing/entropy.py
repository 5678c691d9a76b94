"""High-entropy fallback: random-looking base64 tokens of 20+ characters that no other detector named."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from math import log2
from typing import Final

from memory.scrubbing.encoded import decodes_to_text, encoded_content
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import _B64_PLUGIN, _entropy, _has_digit


# No look-behind: finditer scans left to right, so every match already starts
# at the beginning of its run.
_B64_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9+/_\-]{20,}=*")
# A subresource-integrity digest ("sha512-<base64>"): public by design.
_DIGIT_RE: Final = re.compile(r"\d")
_SRI_RE: Final = re.compile(r"sha(?:256|384|512)-")
_HEX_RE: Final = re.compile(r"[0-9a-fA-F\-]+")
# A value labelled as an identifier ("request_id": "req_…", trace id: …) is an id, not a key.
_ID_LABEL_RE: Final = re.compile(r"(?i:(?:[_\-\s]|\b)id)[\"']?\s*[:=]\s*[\"']?$")
# Splits a token into camelCase humps, acronyms, digit runs and separators.
# Every alternative consumes a maximal run, so this stays linear (a single
# "(?:hump|digits)+" full-match regex backtracks exponentially on long digit
# runs followed by a mismatch).
_HUMP_RE: Final = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[^A-Za-z0-9]+")


def _file_name(text: str, start: int, end: int, core: str) -> bool:
    """Is the token a file's name: a common extension after it, and a name's shape (see above)?"""
    return _FILE_EXTENSION_RE.match(text, end) is not None and (
        "_" in core or "-" in core or "/" in core or text[start - 1:start] in ("/", "\\"))


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


def _entropy_limit(length: int, alnum: bool = False) -> float:
    """Length-adjusted threshold.

    Shannon entropy is capped at log2(length), so a fixed 4.5 could never
    fire below 23 characters.  Short tokens use a share of their maximum instead.
    Thirty-second round: 0.9 of the maximum sat near the *median* of random tokens of 28–34
    characters (the plug-in entropy of n draws from 62 symbols falls well short of log2(n) while n is
    below the alphabet's size): a 32-character random mixed-case token cleared 4.5 only about six
    times in ten, so four random keys in ten went unflagged. 0.84 of the maximum is the first
    percentile of random tokens of 20–40 characters that pass the shape test (simulated, 4,000 per
    length); the fixed 4.5 still caps it from 41 characters on. It applies to a token of letters
    and digits only (``alnum``), the shape of generated API and bot tokens; a token with "_", "-",
    "+" or "/" joins words as often as it is random ("Oficina_Invitados_5G", a CSP "nonce-…") and
    keeps 0.9, and so does one that decodes to printable text (``encoded.decodes_to_text``: base64
    of a file's name).
    """
    return min(_ENTROPY_LIMIT, (0.84 if alnum else 0.9) * log2(length))


def _looks_like_path(token: str) -> bool:
    """Slash-separated word segments ("docs/api/Readme") rather than base64; or an object key, whose
    folders are all lower-case words or numbers and only its last segment looks random
    ("reports/2024/11/Xk29QmLp…", thirteenth round)."""
    parts = [p for p in token.split("/") if p]
    if len(parts) < 2:
        return False
    wordy = sum(1 for p in parts if len(p) >= 2 and p.isalpha() and (p.islower() or p.istitle()))
    folders = parts[:-1]
    return token.startswith("/") or wordy >= 2 or (
        len(folders) >= 2 and any(p.isalpha() for p in folders)
        and all(len(p) >= 2 and ((p.isalpha() and p.islower()) or p.isdigit()) for p in folders))


_AWS_SECRET_RE: Final = re.compile(r"[A-Za-z0-9+/]{40}")


def _aws_secret_shaped(token: str) -> bool:
    """Twenty-eighth round: is ``token`` shaped like an AWS secret access key rather than a path?

    The class: AWS documents the secret access key as 40 characters of the base64 alphabet
    ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"), so about one key in sixty-four opens with "/" and
    many hold one or two inside, which ``_looks_like_path`` reads as an absolute path. Exactly 40
    such characters, every slash-separated piece four characters or more and none a lower-case
    word or a number (a path's folders: "/usr/…", "/d/…", "/2024/…"), is the key's shape."""
    if len(token) != 40 or not _AWS_SECRET_RE.fullmatch(token):
        return False
    parts = [p for p in token.split("/") if p]
    return all(len(p) >= 4 and not p.isdigit() and not (p.isalpha() and p.islower()) for p in parts)


# Identifiers that are public by design and look random: Stripe publishable keys and object ids
# (a client secret "pi_…_secret_…" is not skipped), SSH public keys after their algorithm name.
_PUBLIC_ID_RE: Final = re.compile(
    r"(?:pk_(?:live|test)|pi|ch|cus|pm|seti|sub|in|prod|price|txn|evt|acct|cs_(?:live|test)|po|re|tr)_"
    r"[A-Za-z0-9]+"
)
_SSH_PUBLIC_RE: Final = re.compile(r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+$")


_FINGERPRINT_RE: Final = re.compile(r"(?i:sha(?:1|224|256|384|512)|md5)[:-]$")  # "sha256:…", SRI "sha512-…"
# Public PEM blocks (certificates, public keys, requests, CRLs): their base64 body is public.
_PUBLIC_PEM_RE: Final = re.compile(
    r"-{5}BEGIN (?:CERTIFICATE|TRUSTED CERTIFICATE|(?:RSA |EC |SSH2 )?PUBLIC KEY|CERTIFICATE REQUEST"
    r"|NEW CERTIFICATE REQUEST|X509 CRL|PGP PUBLIC KEY BLOCK)-{5}(?:.{0,65536}?-{5}END [A-Z0-9 ]+-{5}|[A-Za-z0-9+/=\s]{0,65536})",
    re.DOTALL,
)


def _public_pem_spans(text: str) -> list[tuple[int, int]]:
    if "-----BEGIN " not in text:
        return []
    return [m.span() for m in _PUBLIC_PEM_RE.finditer(text)]


# Twenty-seventh round: a MIME multipart body's boundary (RFC 2046 section 5.1.1, the ``boundary``
# parameter of ``Content-Type: multipart/…``; browsers' "----WebKitFormBoundary…") is a delimiter
# chosen only not to occur in the body and sent in clear with every request: public by definition.
_BOUNDARY_PARAM_RE: Final = re.compile(r"(?i:\bboundary)[ \t]*=[ \t]*\"?$")


def _is_public(text: str, start: int, token: str) -> bool:
    if _PUBLIC_ID_RE.fullmatch(token) and "_secret_" not in token:
        return True
    if _BOUNDARY_PARAM_RE.search(text, max(0, start - 12), start):
        return True
    if _FINGERPRINT_RE.search(text, max(0, start - 7), start):
        return True
    return token.startswith("AAAA") and _SSH_PUBLIC_RE.search(text, max(0, start - 40), start) is not None


# A label earlier in the token's clause that names an identifier or a public value ("Session
# recording ID rec_…", "ID de la reunión en Teams: 19:meeting_…", "clave pública (site key): 6Lc…"),
# unless a secret word sits between it and the token.
# Thirteenth round: also the ordinary identifiers prose names by what they are — a build, a commit,
# an order, a shipment's tracking number, a SKU, a checksum or hash, an invoice, a ticket, a serial
# number, a booking locator, a release, a file; a media item's id on a platform (a track, playlist,
# album, video, episode: "Spotify track 4uLU6hMC…"); a git branch or pull request; a public key by its
# config name ("PublicKey = …", WireGuard) and an address (a wallet's); a site or domain verification
# token (published in DNS or a page by design).
_PUBLIC_LABEL_RE: Final = re.compile(
    r"\b(?:id|ids|identifier|identificador|public|p[uú]blica|p[uú]blico|publishable|site[ \t]+key"
    r"|builds?|compilaci[oó]n|commits?|order|orders|pedidos?|tracking|seguimiento|sku|checksum|hash|digest"
    r"|invoices?|facturas?|tickets?|serial|booking|reserva|localizador|release|versi[oó]n|version"
    r"|file|archivo|fichero"
    r"|tracks?|playlists?|albums?|[aá]lbum|videos?|v[ií]deos?|songs?|canci[oó]n|episodes?|episodios?|podcast"
    r"|branch(?:es)?|rama|pull[ \t]+request|merge|public[ _\-]?key|(?:wallet[ \t]+)?address|direcci[oó]n"
    r"|(?:site|domain)[ _\-]verification"
    # Twenty-third round: a CAPTCHA's site key in Spanish (public by the vendors' documentation).
    r"|clave[ \t]+del?[ \t]+sitio[ \t]+(?:de[ \t]+|del[ \t]+)?(?:google[ \t]+)?(?:re-?captcha|hcaptcha|turnstile)"
    # Twenty-third round: a digest named by its algorithm — HTTP's integrity headers (Content-MD5,
    # RFC 1864; x-amz-content-sha256, x-amz-checksum-crc32c, x-goog-hash "md5=…") and "SHA-256: …"
    # in prose — or an ETag (RFC 9110, an opaque version tag); not a keyed MAC ("HMAC-SHA256 key").
    r"|(?<!hmac[ _\-])(?:md5|sha-?(?:1|224|256|384|512)|crc-?32c?)|etag)\b")
_SECRET_WORD_RE: Final = re.compile(
    r"\b(?:secret\w*|secreto|token|password|pass|pwd|contrase(?:ñ|n)a|private|privada|privado|api[ _\-]?key|bearer"
    r"|auth\w*|credential\w*|credencial\w*|session[ _\-]?token)\b")
_CLAUSE_BREAK_RE: Final = re.compile(r"[.;\n](?:\s|$)")


def _labelled_public(lower: str, start: int) -> bool:
    window = lower[max(0, start - 80):start]
    cut = max((b.end() for b in _CLAUSE_BREAK_RE.finditer(window)), default=0)
    window = window[cut:]
    label = None
    for label in _PUBLIC_LABEL_RE.finditer(window):
        pass
    return label is not None and _SECRET_WORD_RE.search(window, label.end()) is None \
        and _SECRET_WORD_RE.search(window, 0, label.start()) is None


# The sentence says, right after the token, that it is an identifier: "q7Lm2… (that's just the
# file id in the share URL)", "8fK2… — es solo el identificador de la sesión".
_ID_AFTER_RE: Final = re.compile(
    r"[\s,;(—–\-]*(?:it'?s|that'?s|it[ \t]+is|that[ \t]+is|which[ \t]+is|es|is|que[ \t]+es)[ \t]+"
    r"(?:(?:just|only|simply|solo|sólo|simplemente|nada[ \t]+m[aá]s[ \t]+que)[ \t]+)?"
    r"(?:(?:the|an?|el|la|un|una)[ \t]+)?(?:[^\W\d_]+[ \t]+){0,2}(?:id|identifier|identificador)\b")


# A token glued to a common file extension is a file's name ("IMG_20240813_Xk9Q2mLp7Rt.jpg",
# "uploads/…/Xk29QmLp7RtZ4Wc8.png"), which storage and cameras make random-looking — when it is
# shaped like one: words joined by "_" or "-", or after a folder's slash (a key glued to ".md" in
# running text is still a key).
_FILE_EXTENSION_RE: Final = re.compile(
    r"\.(?i:jpe?g|png|gif|webp|heic|svg|pdf|docx?|xlsx?|pptx?|odt|ods|csv|txt|md|json|xml|ya?ml|zip|rar|7z|tar|gz"
    r"|mp[34]|mov|avi|mkv|wav|m4a|log|bak|html?|apk|ipa|dmg|exe|msi|iso)(?![\w\-])")


# Twenty-third round: a random-looking segment of a web address's path is the resource's id — a
# share link's file, form, document or folder ("https://forms.example.com/f/9wp7…", Drive's
# "/file/d/<id>", Dropbox's "/s/<id>"), public to whoever holds the link — unless the address says
# it carries a credential: a secret-named path segment ("/hooks/", "/webhook/", "/bot<token>",
# "/token/", "/key/"; vendor rules read Slack's and Discord's webhooks) or a secret word earlier in
# the clause ("reset link with the token: https://…"). The query string and the user-info are not
# the path and stay candidates.
_URL_PATH_RE: Final = re.compile(r"https?://(?P<host>[^\s/?#@\"'<>]+)(?P<path>/[^\s?#\"'<>]*)")
_SECRET_PATH_RE: Final = re.compile(
    r"(?i:/(?:hooks?|webhooks?|bot|tokens?|keys?|secrets?|auth\w*|api[_\-]?keys?|passw\w*|sig|signature|credentials?"
    r"|reset|invite|invitation|magic|login|sso|oauth\w*|callback)(?=[/_\-\d]|$))")


def _url_path_spans(text: str) -> list[tuple[int, int]]:
    """The host-and-path spans of the web addresses in ``text`` whose path names no credential."""
    if "://" not in text:
        return []
    return [(m.start("host"), m.end("path")) for m in _URL_PATH_RE.finditer(text)
            if _SECRET_PATH_RE.search(m.group("path")) is None]


def _in_a_resource_path(lower: str, start: int, end: int, paths: list[tuple[int, int]]) -> bool:
    """Is the token at ``[start, end)`` inside a web address's path that names no credential, in a
    clause with no secret word before it (see ``_URL_PATH_RE``)?"""
    i = bisect_right(paths, (start, len(lower))) - 1  # the spans are disjoint and sorted: one look-up
    if i < 0 or end > paths[i][1]:
        return False
    p_start = paths[i][0]
    window = lower[max(0, p_start - 80):p_start]
    cut = max((b.end() for b in _CLAUSE_BREAK_RE.finditer(window)), default=0)
    return _SECRET_WORD_RE.search(window, cut) is None


def _find_high_entropy(text: str, lower: str) -> Iterator[_Span]:
    """Random-looking base64 tokens of 20+ characters.

    Requires letters of both cases plus a digit: real keys almost always have
    them, while identifiers, words and paths rarely clear the entropy bar
    *and* that shape test.  Pure hex (git SHAs, UUIDs, digests) is skipped, and so is encoded
    content (a ``data:`` URI's body, base64 of a sentence), a file's name (the token ends in a
    common extension) and a value the clause names as an id, build, commit, order, tracking number,
    SKU, checksum, ticket, booking or file (``_PUBLIC_LABEL_RE``, unless a secret word is there too).
    """
    if _DIGIT_RE.search(text) is None:
        return  # every candidate needs a digit; most prose has none
    public_pems = _public_pem_spans(text)
    url_paths = _url_path_spans(text)
    for m in _B64_TOKEN_RE.finditer(text):
        token = m.group(0)
        if public_pems and any(a <= m.start() < b for a, b in public_pems):
            continue
        core = token.rstrip("=")
        if _HEX_RE.fullmatch(core) or _SRI_RE.match(core):
            continue
        if not (
            _has_digit(core)
            and any(c.isupper() for c in core)
            and any(c.islower() for c in core)
        ):
            continue
        if "/" in core and _looks_like_path(core) and not _aws_secret_shaped(core):
            continue
        if _is_identifier(core):
            continue
        if _is_public(text, m.start(), core):
            continue
        if url_paths and _in_a_resource_path(lower, m.start(), m.end(), url_paths):
            continue
        if _ID_LABEL_RE.search(text[max(0, m.start() - 24):m.start()]):
            continue
        if _labelled_public(lower, m.start()) or _ID_AFTER_RE.match(lower, m.end()):
            continue
        if encoded_content(text, m.start(), core) or _file_name(text, m.start(), m.end(), core):
            continue
        entropy = _entropy(core)
        if entropy > _entropy_limit(len(core)) or (
                entropy > _entropy_limit(len(core), alnum=True) and core.isalnum() and not decodes_to_text(core)):
            yield m.start(), m.end(), "high_entropy"
