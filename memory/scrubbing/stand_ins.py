r"""Values that stand for a secret without being one, whatever finder took them or whatever label
or JSON key they follow: a redaction mark, a template reference, a masked value, a documentation
placeholder. The driver drops a span whose text is one of these; ``fields`` keeps such a value
under a secret-named key.

* **Redaction marks** of loggers and people: ``[FILTERED]`` (Rails, Sentry), ``[REDACTED]``,
  ``<hidden>``, ``(masked)``, ``[SANITIZED]``, ``[oculta]``, ``[FILTRADO]``, URL-encoded
  ``%5BFILTERED%5D``. In brackets any of the words below; bare, only the participles (``filtered``,
  ``redacted``, ``oculta``…): a bare ``private``/``protected`` could be a weak password.
* **Template references**: ``${DB_PASSWORD}``, ``$DB_PASSWORD`` (twenty-seventh round: a variable
  without braces, upper-case snake case only), ``{{ secrets.X }}``, ``<YOUR_API_KEY>``, ``<contraseña>`` (any
  letters, accented ones too).
* **Masked values**: runs of three or more mask symbols (``*``, ``•``, ``●``, ``▒``, ``█``, ``...``)
  or four or more ``x``/``X``, in groups with separators, optionally after a vendor prefix
  (``sk_live_****``, ``ACxxxx…``), with at most four characters left visible before or after the
  mask (not both) (the "last four" convention: ``****abcd``, ``****-****-****-4242``). A value that shows more,
  or mixes single symbols into its characters (``k*P3*x``), is redacted.
* **Filler placeholders in URLs and ids** (twelfth round): a URL whose every identifier segment
  after the host is filler — one repeated ``0``/``x``/``X``/``*``, after at most a one-letter
  vendor prefix (Slack's documented ``https://hooks.slack.com/services/T00000000/B00000000/XXXX…``).
  Plain lower-case path words ("services", "hooks") are no identifiers; a single real-looking
  segment keeps the URL a secret.
* **Key fingerprints** (twelfth round): OpenSSH's ``SHA256:`` + 43 base64 characters and the
  ``MD5:`` colon-separated hex pairs — a digest of a *public* key, printed by ``ssh-keygen -l`` and
  on every first connection, never a credential. Thirtieth round: any of ``ssh-keygen -E``'s
  digest names (SHA1, SHA256, SHA384, SHA512) and a body of 24–88 base64 characters, since a
  fingerprint copied by hand is often a few characters off; the upper-case digest name and the
  colon are what say "fingerprint".
* **Documentation placeholder names** (thirteenth round): an upper-case snake-case name that tells
  the reader to put their own value there — ``YOUR_ACCESS_TOKEN``, ``TU_API_KEY_AQUI``,
  ``INSERT_TOKEN_HERE``, ``REPLACE_WITH_KEY`` (a possessive "your"/"tu"/"su" or an instruction
  "insert"/"replace"/"enter"/"paste" as one of its words, or "here"/"aquí" as its last), or the
  same all in lower case after ``your_``/``tu_``. Never a random-looking value: letters, digits and
  underscores in one case only. Fifteenth round: a verb of replacing and its object joined by a
  hyphen or an underscore, in any case, with plain words around it ("replace-me-in-production",
  "change_me", "CAMBIAR-ESTO"). Sixteenth round: the same instruction as one word, the defaults
  installers document ("changeme", "changeit"), and a value that **declares itself fake** — plain
  words joined by hyphens or underscores after an optional vendor prefix, one saying it is not real
  ("xoxb-not-a-real-token-this-will-not-work", "fake-api-key", "token_de_ejemplo"). Twenty-third
  round: the verb of replacing opening the value and plain words saying when or where
  ("REEMPLAZAR_EN_PRODUCCION", "change-before-deploy"). Twenty-sixth round: the verb of replacing or
  filling in alone ("REEMPLAZAR", "REPLACE", "FILL_IN") and a template's to-do marker (TODO, TBD,
  FIXME) as the whole value.
* **An assignment of a stand-in** (thirteenth round): a value that is itself ``name=<stand-in>``
  or ``name: <stand-in>`` (a label took a whole logged pair: "la clave: api_key=****a1b2").
* **A URL's template credentials** (thirteenth round, ``template_userinfo``): ``user:password@``
  in a URL whose user slot holds the word for a user and whose password slot the word for a
  password ("postgres://usuario:contraseña@host/db", "https://user:password@example.com"): the
  documentation's template, not an account. Nineteenth round: the same pair after curl's
  ``-u``/``--user`` ("curl -u USERNAME:PASSWORD https://…", "curl -u usuario:contraseña …"). A real user with that password ("admin:password@…")
  stays a secret.
* **Filler vendor tokens** (thirteenth round): a vendor prefix, then one repeated character or the
  alphabet or the digits in order (``AC00000000…``, ``ghp_ABCDEF…0123456789``).
* **Regular expressions** (fourteenth round): a value with a character class holding a range
  (``[A-Za-z0-9]``, ``[a-f0-9]``) or an escape class (``\d``, ``\w``), followed by a quantifier
  (``{36}``, ``{20,40}``, ``+``, ``*``) — PCRE/POSIX ERE syntax, what a secret scanner's or a
  linter's rule for a token looks like (``^ghp_[A-Za-z0-9]{36}$``). A generated token has no
  brackets and braces in that order; a password with one bracket is not a class with a range.
* **A reference instead of a value** (nineteenth round): plain words, two or more, that point at
  another secret or at none — "the same as the streaming one", "igual que la del correo", "la misma
  de siempre", "the usual one", "whatever she set last week". Letters and spaces only: a phrase
  with a digit or a symbol is stated, and a passphrase does not open with "same"/"igual"/"whatever".
* **AWS documentation placeholders** ending in ``EXAMPLE``/``EXAMPLEKEY`` (gitleaks allows
  ``.+EXAMPLE$`` for the same reason).
* **A container or an algorithm** (stop 34): a file name with a document, key-store or
  configuration extension («Trabajo_2024.kdbx», ``server.pem``) and the name of a hashing, cipher or
  signature algorithm (Argon2, bcrypt, SHA-256, AES-256, Ed25519) name where a credential is kept or
  how it is protected, never the credential.
* **No value yet** (stop 34): a shell command substitution (``$(vault kv get …)``, backticks) whose
  output a variable will hold, and a machine's ISO 8601 timestamp (date, "T", time) after a label
  word; a bare date after a password label stays a password.
* **Where a secret is kept, and placeholders** (twenty-fifth round): a store's reference
  (``secretKeyRef``, ``@Microsoft.KeyVault(…)``, a Secrets Manager ARN, a Secret Manager resource
  name; thirty-first round: a Vault KV path under its default mounts, a 1Password ``op://``
  reference, a vals/Kong/Spring reference by scheme, an Azure Key Vault secret identifier), a
  store's read command as written in backticks (``pass show …``, ``op read …``), a
  documentation placeholder word alone (``example``, ``ejemplo``, ``placeholder``), and (the driver,
  ``pinned_version``) a package version specifier after a word for pinning.
* **A store's path after a label that names the store or a path** (thirty-first round,
  ``store_path``): slash-separated lower-case segments, three or more ("apps/produccion/mailgun",
  "/prod/db/password"), after "Vault", "bóveda", "Secrets Manager", "Parameter Store", "SSM", "Key
  Vault", "1Password", "Doppler", "ruta", "path", "referencia", "reference" in the same clause:
  where the secret is kept, said in the store's own notation. A singular password word in the
  label, unless a path word is there too, makes it the store's own password ("Vault password:
  casa/perro/sol", "Contraseña maestra de la bóveda: …" stay).
* **Published example credentials** (``PUBLISHED_EXAMPLES``): the exact sample values major vendors
  and RFCs print in their official documentation, each with its source. A deliberate, conservative
  exception: a real key equal to a published example is already public, so redacting it protects
  nothing, while notes that quote documentation are ordinary. Only exact values, never a shape: a
  key that differs in one character is redacted as before. Any finder's span inside an occurrence
  (a JWT's segments too) is dropped.
"""

from __future__ import annotations

import re
from typing import Final

_MARK_WORDS: Final = (r"redact\w*|filter(?:ed)?|filtrad[oa]s?|hidden|masked|removed|omitted|censored|scrubbed"
                      r"|saniti[sz]ed|elided|oculto|oculta|censurad[oa]|enmascarad[oa]|eliminad[oa]|borrad[oa]")
_BRACKET_WORDS: Final = _MARK_WORDS + r"|protected|private|secret|sensitive|hidden value|not shown|snip"
_STAND_IN_RE: Final = re.compile(
    # A mark in brackets (the closing one may have been trimmed off as punctuation), or bare.
    r"(?:[\[(<{]|%5[bB])\s*(?i:" + _BRACKET_WORDS + r")\s*(?:[\])>}]|%5[dD])?"
    r"|(?i:" + _MARK_WORDS + r")"
    r"|\$\{\{?[^}\s]{1,60}\}?\}|\{\{[^}]{1,60}\}\}|<[^\W\d][\w\- ]{0,39}>"
    # Twenty-seventh round: a shell or environment variable without braces ("$PASSWORD", "$DB_PASS":
    # POSIX parameter expansion, as "${NAME}" already is), in the upper-case snake case POSIX uses for
    # environment variable names; "$ecret99" or "$Pa55" (mixed case) stay candidates.
    r"|\$[A-Z_][A-Z0-9_]{2,59}"
    r"|[A-Za-z0-9/+]{8,}EXAMPLE(?:KEY)?")
_QUOTES: Final = "\"'`“”«»"
# Twentieth round: a Spanish word in the name keeps its accents and its Ñ ("TU_CONTRASEÑA_AQUI",
# "PON_AQUÍ_TU_CLAVE"): the words are upper-case letters of either language.
_UP: Final = "A-Z0-9ÁÉÍÓÚÑÜ"
_PLACEHOLDER_NAME_RE: Final = re.compile(
    rf"(?:[{_UP}]+_)*(?:YOUR|TU|SU|INSERT|INSERTA|REPLACE|REEMPLAZA|ENTER|PASTE|PEGA|PUT|PON)(?:_[{_UP}]+)+"
    rf"|(?:[{_UP}]+_)+(?:HERE|AQUI|AQUÍ)"
    # stop 34: hyphens too, as jwt.io's debugger writes its HS256 placeholder ("your-256-bit-secret")
    # Forty-fourth round: after a vendor's prefix too ("xoxb-your-token-here", "sk-tu-clave"), and a
    # lower-case name of plain words ending in "here"/"aquí" ("sk-paste-key-here", "token-aqui").
    r"|(?:[a-z0-9]{1,8}[-_])?(?:your|tu)(?:[-_][a-z0-9áéíóúñü]+)+"
    r"|(?:[a-z0-9]{1,8}[-_])?(?:[a-záéíóúñ]+[-_])+(?:here|aqu[ií])")
# Fifteenth round: the same instruction in any case, joined by hyphens or underscores — a verb of
# replacing and its object, with more plain words around it ("replace-me-in-production",
# "change_me_please", "CAMBIAR-ESTO"): a template's value, letters only.
_INSTRUCTION_VALUE_RE: Final = re.compile(
    r"(?i:(?:[a-z]+[_-])*(?:replace|change|set|fill|insert|cambia|cambiar|reemplaza|reemplazar|rellena|pon)"
    r"[_-](?:me|this|it|esto|aqui|aquí|here)(?:[_-][a-z]+)*"
    # Sixteenth round: the same instruction written as one word, the shipped defaults installers and
    # charts document ("changeme": Elasticsearch's former default, Helm charts' values.yaml;
    # "changeit": the JDK keystore's documented default; "replaceme", "cambiame").
    r"|(?:change|replace|cambia|reemplaza)(?:me|it|this|esto)"
    # Twenty-third round: the verb of replacing opening the value, then when or where to do it in
    # plain words ("REPLACE_IN_PRODUCTION", "change-before-deploy", "REEMPLAZAR_EN_PRODUCCION",
    # "CAMBIAR_ANTES_DE_DESPLEGAR", "sustituir-por-la-real"): an instruction, letters only.
    r"|(?:replace|change|reemplaza|reemplazar|cambia|cambiar|sustituye|sustituir|rellena|rellenar)(?:[_-][a-záéíóúñ]+){1,6}"
    # Twenty-sixth round: the verb alone, in the imperative or the infinitive, is the same instruction
    # ('api_key: "REEMPLAZAR"', "token: REPLACE", "password: <FILL_IN>" without its brackets, "secret:
    # TODO"), and so are the to-do markers a template leaves (TODO, TBD, FIXME): no value yet. "change"
    # and "cambiar" alone are left out: an initial password telling its user to change it ("la
    # provisional es cambiar") is still the password.
    r"|replace|reemplaza|reemplazar|reempl[aá]zame|sustituye|sustituir|rellena|rellenar|completar|fill[_-]?in|fill[_-]?me"
    r"|todo|tbd|fixme)")
# Sixteenth round: a value that declares itself fake — an optional vendor prefix, then plain words
# joined by hyphens or underscores, one of which says it is no real credential ("xoxb-not-a-real-
# token-this-will-not-work", the Slack SDK README's example; "fake-api-key", "dummy_secret",
# "token-de-ejemplo"). Letters only after the prefix: a generated value has random characters.
_SELF_DECLARED_RE: Final = re.compile(
    r"(?i:(?:[a-z0-9]{1,8}[_-])?(?:[a-z]+[_-])*"
    r"(?:not[_-](?:a[_-])?real|fake|dummy|placeholder|sample|example|ejemplo|falso|falsa|ficticio|ficticia"
    r"|invalid|no[_-]real)(?:[_-][a-z]+)*)")
# Nineteenth round: a value in plain words that points at another secret or at none instead of
# stating one — "the same as the streaming one", "same one she uses for …", "igual que la del correo",
# "la misma de siempre", "the usual one", "whatever she set last week", "lo que ponga el sobre".
_REFERENCE_RE: Final = re.compile(
    r"(?i:(?:(?:it['’]?s|is|es)[ \t]+)?(?:(?:the|la|el|lo)[ \t]+)?(?:same|very[ \t]+same|identical|mism[oa]|igual|usual|de[ \t]+siempre"
    r"|whatever|whichever|cualquiera|lo[ \t]+que)\b[^\W\d_]*(?:[ \t]+[^\W\d_]+){0,9})")
_ASSIGNMENT_RE: Final = re.compile(r"[A-Za-z_][\w.\-]{0,40}[ \t]*[=:][ \t]*(?P<v>\S.*)")
_USER_WORDS: Final = frozenset("user username usr login usuario nombre_usuario name nombre".split())
_PASSWORD_WORDS: Final = frozenset("password passwd pass pwd secret contraseña contrasena clave secreto".split())
# A vendor prefix before a mask: up to three alphanumeric chunks, each closed by "_" or "-".
_PREFIX_RE: Final = re.compile(r"(?:[A-Za-z0-9]{1,12}[_-]){0,3}")
# A mask: three or more mask symbols or four or more x's, in groups ("****-****-****"), with at
# most four characters visible before or after it, not both ("****abcd", "ab12****").
# Twentieth round: a run of three or more underscores is a form's blank to fill in by hand
# ("usuario: ________  contraseña: ________"), the same as a mask.
_MASK: Final = r"(?:[*•●▒█■◼∙·⋅]{3,}|\.{3,}|…{2,}|[xX]{4,}|_{3,})"
_MASKED_RE: Final = re.compile(
    r"(?P<a>[A-Za-z0-9]{0,4})[-_ ./:]?" + _MASK + r"(?:[-_ ./:]?" + _MASK + r")*[-_ ./:]?(?P<b>[A-Za-z0-9]{0,4})")
_VISIBLE_MAX: Final = 4
# Filler: one repeated 0/x/X/* (four or more), after at most a one-letter prefix ("T00000000").
_FILLER_SEGMENT_RE: Final = re.compile(r"[A-Za-z]?(?:0{4,}|x{4,}|X{4,}|\*{4,})")
_URL_RE: Final = re.compile(r"[A-Za-z][\w+.\-]*://[^/\s]+(?P<path>/\S*)")
_PATH_WORD_RE: Final = re.compile(r"[a-z][a-z\-]*|v\d{1,2}|")
# Thirtieth round: the digest's name is what says fingerprint, not the body's exact length — a
# fingerprint copied by hand loses or gains characters ("SHA256:" + 41), and SHA1/SHA384/SHA512
# fingerprints are printed the same way (``ssh-keygen -E``).
_FINGERPRINT_RE: Final = re.compile(
    r"SHA(?:1|256|384|512):[A-Za-z0-9+/]{24,88}={0,2}|MD5:(?:[0-9a-fA-F]{2}:){15}[0-9a-fA-F]{2}")

_DIGEST_NAME_BEFORE_RE: Final = re.compile(r"(?:SHA(?:1|256|384|512)|MD5):$")


def fingerprint_body(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` inside a fingerprint named by its digest (``SHA1:…``, ``MD5:…``)? A body
    can also read as a vendor's token ("SHA1:AC0000…": a Twilio key's shape), which the span alone,
    without its digest name, cannot tell (``_FINGERPRINT_RE``)."""
    head = _DIGEST_NAME_BEFORE_RE.search(text, max(0, start - 7), start)
    whole = _FINGERPRINT_RE.match(text, head.start()) if head is not None else None
    return whole is not None and whole.end() >= end


# Keys in a vendor's token format are assembled from pieces so the source does not trip secret
# scanners or push protection.
PUBLISHED_EXAMPLES: Final[frozenset[str]] = frozenset({
    # Stripe's API reference and tutorials (curl examples, "-u sk_test_…:"), test mode.
    "sk_test_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "sk_test_" + "BQokikJOvBiI2HlWgH4olfQ2",
    # jwt.io's default debugger token (HS256; sub 1234567890, "John Doe", iat 1516239022).
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
    ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
    ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    # RFC 7519 §3.1 / RFC 7515 appendix A.1: the example JWT (HS256, iss "joe").
    "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
    ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
    ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    # RFC 7636 appendix B: the example PKCE code verifier (the same string as the JWS signature above).
    "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
    # RFC 7617 §2 ("Aladdin" / "open sesame") and §2.1 ("test" / "123£"): Basic credentials.
    "QWxhZGRpbj" + "pvcGVuIHNlc2FtZQ==",
    "dGVzdDox" + "MjPCow==",
    # Twenty-eighth round: MDN's "Authorization" and "HTTP authentication" pages ("aladdin" /
    # "opensesame", the Basic example copied into countless READMEs and tests).
    "YWxhZGRpbj" + "pvcGVuc2VzYW1l",
    # Google Cloud's and Google Maps Platform's documentation sample API key ("key=AIza…" in the
    # request examples), the one scanners' own tests quote as "a Google API key".
    "AIzaSyDaGmWKa4" + "JsXZ-HjGw7ISLn_3namBGewQe",
    # RFC 6749 §4.1.3/§2.3.1 (client "s6BhdRkqt3" / "gX1fBat3bV" in Basic), §4.1.2 code, §4.1.4
    # and §1.5 access and refresh tokens; RFC 6750 §2.1 bearer token.
    "czZCaGRSa3F0" + "MzpnWDFmQmF0M2JW",
    "SplxlOBeZQQYbYS6WxSbIA",
    "2YotnFZFEjr1zCsicMWpAA",
    "tGzv3JOkF0XG5Qx2TlKWIA",
    "mF_9.B5f-4.1JqM",
    # Mailgun's documentation sample key (curl/SDK examples against samples.mailgun.org).
    "key-" + "3ax6xnjp29jd6fds4gc373sgvjxteol0",
    # Kubernetes documentation, "Secrets" (kubernetes.io/docs/concepts/configuration/secret/ and the
    # kubectl tasks): the example Secret's password, base64 and decoded ("echo -n '1f2d1e2e67df' | base64").
    "MWYyZDFl" + "MmU2N2Rm",
    "1f2d1e2e" + "67df",
    # Microsoft's Azure Storage emulator / Azurite well-known key of account "devstoreaccount1".
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
})
# A cheap gate: the first eight characters of every example.
_EXAMPLE_HEADS: Final = frozenset(e[:8] for e in PUBLISHED_EXAMPLES)
_TRIM: Final = " \t\n\"'`“”«».,;:()[]{}<>"


# Forty-first round: a published example JWT is known by its header and claims, whatever its
# signature: the jwt.io debugger re-signs its sample claims ("John Doe", iat 1516239022) with whatever
# secret is typed into it, and a copy by hand changes a character of the signature, so the sample is
# the sample when its first two segments are (a token with those claims names no one's session).
_EXAMPLE_JWT_BODIES: Final = frozenset(e.rsplit(".", 1)[0] + "." for e in PUBLISHED_EXAMPLES
                                       if e.startswith("eyJ") and e.count(".") == 2)
_SIGNATURE_RE: Final = re.compile(r"[A-Za-z0-9_\-]*")


def published_example_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` quotes a published example credential (``PUBLISHED_EXAMPLES``), an example
    JWT with any signature included."""
    if not any(head in text for head in _EXAMPLE_HEADS):
        return []
    spans: list[tuple[int, int]] = []
    for example in PUBLISHED_EXAMPLES:
        start = text.find(example)
        while start >= 0:
            spans.append((start, start + len(example)))
            start = text.find(example, start + 1)
    if "eyJ" in text:
        for body in _EXAMPLE_JWT_BODIES:
            start = text.find(body)
            while start >= 0:
                signature = _SIGNATURE_RE.match(text, start + len(body))
                spans.append((start, signature.end() if signature is not None else start + len(body)))
                start = text.find(body, start + 1)
    return spans


# Fifteenth round: an Amazon Resource Name (``arn:partition:service:region:account-id:resource``,
# AWS's documented format) names a role, a bucket or a secret; it grants nothing, so no finder's
# span inside one is redacted ("…:secret:prod/db-credentials-Xk2P9q" names where a secret is kept).
_ARN_RE: Final = re.compile(r"(?<![\w:])arn:aws[a-z\-]*:[a-z0-9\-]+:[a-z0-9\-]*:\d{0,12}:[^\s\"'`<>]+")


# Forty-first round: a Google Cloud service account's address (``name@project.iam.gserviceaccount.com``,
# ``…@developer.gserviceaccount.com``, ``…@appspot.gserviceaccount.com``) names an identity, as an ARN
# names a resource: it is shared in IAM policies and logs and signs nothing in by itself (the JSON key
# file beside it does, and its private key has its own finder).
_SERVICE_ACCOUNT_RE: Final = re.compile(
    r"(?i:(?<![\w.+\-])[a-z0-9][a-z0-9._\-]{0,62}@(?:[a-z0-9][a-z0-9\-]{0,62}\.){1,3}gserviceaccount\.com(?![\w\-]))")


#: A shell parameter expansion that requires the variable ("${NAME:?message}", "${NAME?}"): the message
#: is no value, whatever reader takes a word of it ("password: ${DB_PASSWORD:?falta definir la
#: variable}" was cut at its first space by the long-label reader). A default ("${NAME:-literal}") is a
#: value and stays a candidate.
_REQUIRED_VARIABLE_RE: Final = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*:?\?[^}\n]{0,80}\}")


def required_variable_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` writes a shell parameter expansion that requires its variable (see above)."""
    return [m.span() for m in _REQUIRED_VARIABLE_RE.finditer(text)] if "${" in text else []


def resource_name_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text`` writes an Amazon Resource Name or a Google service account's address (see above)."""
    spans = [m.span() for m in _ARN_RE.finditer(text)] if "arn:" in text else []
    if "gserviceaccount" in text:
        spans.extend(m.span() for m in _SERVICE_ACCOUNT_RE.finditer(text))
    return spans


def inside_published_example(text: str, start: int, end: int, examples: list[tuple[int, int]]) -> bool:
    """Does the span ``text[start:end]``, without surrounding quotes and punctuation, lie inside a
    published example's occurrence?"""
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and text[end - 1] in _TRIM:
        end -= 1
    return any(s <= start and end <= e for s, e in examples)


def _masked(value: str) -> bool:
    """A mask, after an optional vendor prefix, with at most four characters left visible."""
    body = value[_PREFIX_RE.match(value).end():]  # type: ignore[union-attr]  # matches the empty string
    m = _MASKED_RE.fullmatch(body) or _MASKED_RE.fullmatch(value)
    return m is not None and not (m.group("a") and m.group("b")) and len(m.group("a") + m.group("b")) <= _VISIBLE_MAX


def _filler_url(value: str) -> bool:
    """A URL whose identifier segments after the host are all filler (the module docstring)."""
    m = _URL_RE.fullmatch(value)
    if m is None:
        return False
    segments = [s for s in re.split(r"[/?&=#]", m.group("path")) if not _PATH_WORD_RE.fullmatch(s)]
    return bool(segments) and all(_FILLER_SEGMENT_RE.fullmatch(s) for s in segments)


def is_stand_in(value: str) -> bool:
    """Does ``value`` (a finder's span, or a JSON value under a secret key) stand for a secret
    without being one? See the module docstring."""
    value = value.strip().strip(_QUOTES)
    if not value or len(value) > 300:
        return False
    if _stands_in(value):
        return True
    assigned = _ASSIGNMENT_RE.fullmatch(value) if ("=" in value or ":" in value) and "://" not in value else None
    return assigned is not None and _stands_in(assigned.group("v").strip().strip(_QUOTES))


# Thirteenth round: a vendor prefix, then a filler body — one repeated character or a run of the
# alphabet or the digits in order (Twilio's docs "AC" + 32 zeros, "ghp_ABCDEF…0123456789"): the
# shape of a token shown in documentation, never a generated one.
_VENDOR_PREFIX_RE: Final = re.compile(r"(?:[A-Za-z]{1,4}(?=[0-9A-Z])|(?:[A-Za-z0-9]{1,12}[_-]){1,3})?")
_ORDERED_RUNS: Final = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                        "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz",
                        "0123456789abcdef0123456789abcdef", "0123456789ABCDEF0123456789ABCDEF",
                        "01234567890123456789012345678901234567890123456789")


def _filler_token(value: str) -> bool:
    """A vendor prefix, then one repeated character or an ordered run of 16+ characters (a password
    or a PIN such as "12345678" is weak, not filler: no prefix, too short)."""
    m = _VENDOR_PREFIX_RE.match(value)
    body = value[m.end():] if m else ""
    return bool(m and m.end()) and len(body) >= 16 and (
        len(set(body)) == 1 or any(body in run for run in _ORDERED_RUNS))


# A character class with a range, or an escape class, then a quantifier.
_REGEX_RE: Final = re.compile(r"(?:\[\^?(?:[^\]\s]*[A-Za-z0-9]-[A-Za-z0-9][^\]\s]*)\]|\\[dwsDWS])(?:\{\d{1,3}(?:,\d{0,3})?\}?|[+*])")


# Twentieth round: a public identifier its vendor documents as one. Twilio's Account SID ("AC" + 32
# lower-case hex) names the account — Twilio's docs pair it, as the username, with the Auth Token as
# the password, and print it on invoices and consoles. The API key SID ("SK…") stays redacted: authors
# hand it over as the key.
_PUBLIC_ID_RE: Final = re.compile(r"AC[0-9a-f]{32}")
# Twentieth round: the name of a password control — a button, link or menu item that names the
# password itself («He olvidado mi contraseña», "Forgot your password?", 'mostrar contraseña',
# "Change PIN"): two to six plain words (letters, ¿?¡!), one of them a password noun. A password's
# value does not name the password.
_CONTROL_RE: Final = re.compile(r"[¿¡]?[^\W\d_]+(?:[ \t]+[^\W\d_]+){1,5}[?!.]?")
_PASSWORD_NOUNS: Final = frozenset(
    "password passwords contraseña contraseñas contrasena contrasenas pin passcode passphrase clave senha".split())


def _names_the_password(value: str) -> bool:
    return _CONTROL_RE.fullmatch(value) is not None and any(
        w.lower() in _PASSWORD_NOUNS for w in re.findall(r"[^\W\d_]+", value))


# Stop 34: what names a credential's container or its algorithm, never the credential — a file name
# with a document, key-store or configuration extension (a password manager's «Trabajo_2024.kdbx», a
# "server.pem" or "prod.env" named as where keys are kept), and the name of a hashing, cipher or
# signature algorithm ("se guardan con Argon2", "hashed with bcrypt", "AES-256", "Ed25519").
_FILE_NAME_RE: Final = re.compile(
    r"[\w.\-]{0,80}[^\W\d_][\w\-]*\.(?i:kdbx|kdb|1pif|txt|pdf|docx?|xlsx?|ods|odt|csv|json|ya?ml|toml|pem|crt|cer"
    r"|p12|pfx|jks|keystore|zip|7z|gpg|asc|env|ini|conf|cfg|pub|ovpn|md)")
_ALGORITHM_RE: Final = re.compile(
    r"(?i:argon2(?:id|i|d)?|bcrypt|scrypt|yescrypt|pbkdf2(?:[-_](?:hmac[-_])?sha\d{1,3})?|sha[-_]?(?:1|224|256|384|512)"
    r"|sha3[-_]?(?:224|256|384|512)|md5|blake2[bs]?|hmac[-_]?sha[-_]?\d{1,3}|aes(?:[-_]?(?:128|192|256))?(?:[-_](?:gcm|cbc|ctr))?"
    r"|rsa(?:[-_]?(?:1024|2048|3072|4096))?|ed25519|ecdsa|chacha20(?:[-_]poly1305)?|3des)")


# Stop 34: a value that is no value yet — a shell command substitution whose output the variable will
# hold ("DB_PASSWORD=$(vault kv get …)", "`pass show db`": the secret stays in the vault), and a
# machine's ISO 8601 timestamp with its "T" and time ("Last login 2024-03-15T10:22:31Z"), which a
# label word before it ("login") does not make a credential. A bare date after a password label
# ("password: 2024-03-01") stays a (weak) password.
_COMMAND_SUBSTITUTION_RE: Final = re.compile(r"\$\([^)]*\)?|`[^`]*`?")
_TIMESTAMP_RE: Final = re.compile(
    r"\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?(?:Z|[+-][0-2]\d:?[0-5]\d)?")


# Twenty-fifth round: what names where a secret is kept, in the syntax of the store that keeps it — a
# Kubernetes reference field ("secretKeyRef", "secretRef", "secretName", "existingSecret", "valueFrom"
# … in a pod spec or a Helm chart's values), Azure App Service's Key Vault reference
# ("@Microsoft.KeyVault(SecretUri=…)"), an AWS Secrets Manager or SSM Parameter Store ARN, a Google
# Secret Manager resource name ("projects/p/secrets/s/versions/latest"). The value stays in the store.
_SECRET_REFERENCE_RE: Final = re.compile(
    r"secretKeyRef|secretRef|secretName|secretKeySelector|configMapKeyRef|existingSecret|valueFrom|envFrom"
    r"|secretProviderClass|@Microsoft\.KeyVault\([^)\s]*\)?"
    r"|arn:aws[\w\-]*:(?:secretsmanager|ssm):[\w\-]*:\d*:(?:secret:|parameter/)[\w/+=.@\-]+"
    r"|projects/[\w\-]+/secrets/[\w\-]+(?:/versions/(?:\d+|latest))?"
    # Thirty-first round: the other stores' references. A HashiCorp Vault KV path under its default
    # mounts ("secret/data/produccion/mailgun", "kv/data/apps/smtp", "secret/metadata/…", KV v1's
    # "secret/team/app"; optionally "vault:" first and "#field" or ":field" after, as bank-vaults,
    # External Secrets and Ansible's hashi_vault lookup write it): the mount, then two lower-case
    # segments or more. A 1Password secret
    # reference ("op://vault/item[/section]/field", names may hold spaces), a vals/Kong/Spring
    # reference by scheme ("ref+vault://…", "vault://…", "ref+awssecrets://…", "sm://…"), an Azure Key
    # Vault secret identifier ("https://<vault>.vault.azure.net/secrets/<name>[/<version>]").
    r"|(?:vault:)?(?:secret|kv|kv-?v2|kv2)/(?:[a-z0-9][a-z0-9_.\-]*/)+[a-z0-9][a-z0-9_.\-]*(?:[#:][\w.\-]+)?"
    r"|op://[\w.\-()]+(?: [\w.\-()]+){0,3}(?:/[\w.\-()]+(?: [\w.\-()]+){0,3}){2,3}"
    r"|(?:ref\+)?(?:vault|awssecrets|awsssm|gcpsecrets|azurekeyvault|sops|doppler|infisical)://[\w.\-/#?=]+|sm://[\w.\-/]+"
    r"|https://[a-z0-9\-]+\.vault\.azure\.net/secrets/[\w\-]+(?:/[0-9a-f]{32})?/?")
# Twenty-fifth round: a documentation placeholder word standing alone as the value — what sample
# configurations ship ("POSTGRES_PASSWORD: example" in the Docker Official Images' compose samples,
# "password: sample", "token: placeholder", "clave: ejemplo"): it tells the reader a value goes there.
_PLACEHOLDER_WORD_RE: Final = re.compile(
    r"(?i:examples?|ejemplos?|sample|placeholder|dummy|fake|falso|falsa|ficticio|ficticia|foobar|lorem[ _-]?ipsum)")
# Twenty-fifth round: a shell command line that reads a secret from its store, as written in
# backticks or "$(…)" ("`pass show dev/github/token`", "`op read op://…`", "`security
# find-generic-password -s …`"): the documented read commands of pass/gopass, 1Password's op,
# Bitwarden's bw, LastPass's lpass, HashiCorp Vault, macOS security, libsecret's secret-tool,
# KeePassXC, sops, Doppler, AWS/GCP/Azure secret stores and kubectl. The command, not the secret.
_SECRET_STORE_COMMAND_RE: Final = re.compile(
    r"(?:sudo[ \t]+)?(?:(?:pass|gopass)[ \t]+(?:show|-c|otp|cat)|op[ \t]+(?:read|item[ \t]+get|inject|run)"
    r"|bw[ \t]+get|lpass[ \t]+show|vault[ \t]+(?:kv[ \t]+get|read)|security[ \t]+find-(?:generic|internet)-password"
    r"|secret-tool[ \t]+lookup|keepassxc-cli[ \t]+(?:show|clip)|sops[ \t]+(?:-d|--decrypt)|doppler[ \t]+secrets[ \t]+get"
    r"|aws[ \t]+(?:secretsmanager[ \t]+get-secret-value|ssm[ \t]+get-parameters?)"
    r"|gcloud[ \t]+secrets[ \t]+versions[ \t]+access|az[ \t]+keyvault[ \t]+secret[ \t]+show"
    r"|kubectl[ \t]+get[ \t]+secrets?)(?:[ \t]+[^\s`]+)*")


def _stands_in(value: str) -> bool:
    return ((_REGEX_RE.search(value) is not None and not any(c.isspace() for c in value)) or _filler_token(value) or _STAND_IN_RE.fullmatch(value) is not None or value in PUBLISHED_EXAMPLES or _masked(value)
            or _PLACEHOLDER_NAME_RE.fullmatch(value) is not None or _INSTRUCTION_VALUE_RE.fullmatch(value) is not None
            or ("-" in value or "_" in value) and _SELF_DECLARED_RE.fullmatch(value) is not None
            or _FINGERPRINT_RE.fullmatch(value) is not None or ("://" in value and _filler_url(value))
            or (" " in value and (_REFERENCE_RE.fullmatch(value) is not None or _names_the_password(value)))
            or (len(value) == 34 and _PUBLIC_ID_RE.fullmatch(value) is not None)
            or ("." in value and _FILE_NAME_RE.fullmatch(value) is not None) or _ALGORITHM_RE.fullmatch(value) is not None
            or (value[:1] in "$`" and _COMMAND_SUBSTITUTION_RE.fullmatch(value) is not None)
            or (value[:1].isdigit() and _TIMESTAMP_RE.fullmatch(value) is not None)
            or _SECRET_REFERENCE_RE.fullmatch(value) is not None or _PLACEHOLDER_WORD_RE.fullmatch(value) is not None
            or (" " in value and _SECRET_STORE_COMMAND_RE.fullmatch(value) is not None))


# Thirty-first round: a store's path after a label naming the store or a path (module docstring).
# A segment holds a letter (the look-ahead reads each segment once: no backtracking).
_STORE_PATH_RE: Final = re.compile(
    r"/?(?=[0-9_.\-]*[a-z])[a-z0-9_.\-]+(?:/(?=[0-9_.\-]*[a-z])[a-z0-9_.\-]+){2,7}(?:[#:][\w.\-]+)?")
_PATH_LABEL_RE: Final = re.compile(r"(?i:\b(?:ruta|path|referencia|reference|ref|mount|secret[ _\-]id)\b)")
_STORE_LABEL_RE: Final = re.compile(
    r"(?i:\b(?:vaults?|b[oó]vedas?|secrets?[ \t]+manager|parameter[ \t]+store|ssm|key[ \t]*vault|1password|bitwarden"
    r"|doppler|infisical|ruta|path|referencia|reference|ref|mount|secret[ _\-]id)\b)")
# A singular password word in the label makes it the store's own password ("Vault password: …",
# "Contraseña maestra de la bóveda: …"), unless the label also says it names a path.
_STORE_PASSWORD_RE: Final = re.compile(
    r"(?i:\b(?:password|passphrase|passcode|pin|contrase(?:ñ|n)a|clave|master|maestra)\b)")
_STORE_CLAUSE_BREAK_RE: Final = re.compile(r"[.;!?\n](?:\s|$)")


def store_path(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a store's path after a label that names the store or a path (the
    module docstring)?"""
    if end - start > 200 or "/" not in text[start:end] or _STORE_PATH_RE.fullmatch(text, start, end) is None:
        return False
    window = text[max(0, start - 60):start]
    cut = max((b.end() for b in _STORE_CLAUSE_BREAK_RE.finditer(window)), default=0)
    if _STORE_LABEL_RE.search(window, cut) is None:
        return False
    return _PATH_LABEL_RE.search(window, cut) is not None or _STORE_PASSWORD_RE.search(window, cut) is None


# Twenty-fifth round: "pin" also means pinning a dependency. A package version specifier (PEP 440's
# "name==x.y", "~=", ">=", "<=", "!=", "==="; npm's "name@x.y.z", "@^x.y") with "pin"/"pinned"/
# "fijada" shortly before it is a version, not a PIN or a password ("Dependency pin: requests==2.31.0").
_VERSION_SPEC_RE: Final = re.compile(
    r"[A-Za-z][\w.\-]*(?:\[[\w,\-]+\])?(?:===?|~=|>=|<=|!=|@[\^~]?)v?\d+(?:\.[0-9A-Za-z*]+)+")
_PIN_WORD_RE: Final = re.compile(r"(?i:\bpin(?:s|ned|ning)?\b|\bfijad[oa]s?\b|\bfija\b)")


def pinned_version(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a package version specifier after a word for pinning (see above)?"""
    return (_VERSION_SPEC_RE.fullmatch(text, start, end) is not None
            and _PIN_WORD_RE.search(text, max(0, start - 60), start) is not None)


# Nineteenth round: curl's ``-u``/``--user user:password`` is the same template outside a URL.
_CURL_USER_SLOT_RE: Final = re.compile(r"(?:^|\s)(?:-u|--user)[ \t]+[\"']?(?P<u>[^\s:\"']+)$")


def template_userinfo(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` the password slot of a URL's ``user:password@``, or of curl's
    ``-u user:password``, whose two slots hold the words for a user and a password (the module
    docstring)?"""
    if not text.startswith(":", start - 1) or text[start:end].lower() not in _PASSWORD_WORDS:
        return False
    if text.startswith("@", end):
        slash = text.rfind("/", 0, start - 1)
        return slash >= 0 and text[slash + 1:start - 1].lower() in _USER_WORDS
    if end < len(text) and not text[end].isspace() and text[end] not in _QUOTES:
        return False
    m = _CURL_USER_SLOT_RE.search(text, max(0, start - 80), start - 1)
    return m is not None and m.group("u").lower() in _USER_WORDS


# Thirty-second round: a secret store's own command line names the stored secret by its option, it
# does not pass its value. In Google Cloud's CLI ``--secret`` is always the secret's ID or resource
# name (``gcloud secrets versions access latest --secret=clave-api-mapas``, ``gcloud secrets versions
# add --secret=…``, ``gcloud … add-iam-policy-binding --secret=…``); the value travels in a file or on
# stdin (``--data-file``). Likewise a ``--secret`` option after another store's subcommand on the same
# line, within 240 characters (``az keyvault secret``, ``aws secretsmanager``, ``kubectl … secret``,
# ``doppler secrets``, ``vault kv``): a value shaped like a name (lower-case letters and digits in
# segments joined by "-", "_", "." or "/") is kept. ``--password``, ``--token``, ``--secret`` outside
# such a command and a mixed-case or random value stay candidates.
_STORE_COMMAND_RE: Final = re.compile(
    r"(?i:\bgcloud\b[^\n|;&]*?\bsecrets?\b|\baz[ \t]+keyvault[ \t]+secret\b|\baws[ \t]+secretsmanager\b"
    r"|\bkubectl\b[^\n|;&]*?\bsecrets?\b|\bdoppler[ \t]+secrets\b|\bvault[ \t]+kv\b)")
_SECRET_NAME_RE: Final = re.compile(r"[a-z][a-z0-9]*(?:[\-_./][a-z0-9]+){0,8}")


def names_a_stored_secret(text: str, start: int, value: str) -> bool:
    """Is the ``--secret`` option at ``start`` a secret store's command naming the stored secret?"""
    if not text.startswith("--secret", start) or text.startswith("--secret-", start):
        return False
    line_start = max(text.rfind("\n", 0, start) + 1, start - 240)
    return (_SECRET_NAME_RE.fullmatch(value) is not None
            and _STORE_COMMAND_RE.search(text, line_start, start) is not None)


# Stop 38 (k57-144): a finder that trims closing punctuation cuts a template placeholder in half
# ("clave temporal es: {{clave_temporal}}" gave "{{clave_temporal" and left "}}"), and the half is
# no longer a stand-in. The span is read again with the template's braces that touch it.
_TEMPLATE_OPEN: Final = ("{{", "${", "%{")


def cut_template(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a template placeholder (``{{name}}``, ``${NAME}``) less the braces
    that close or open it right beside the span?"""
    left = start
    while left > start - 3 and left > 0 and text[left - 1] in "{$% ":
        left -= 1
    right = end
    while right < end + 3 and right < len(text) and text[right] in "} ":
        right += 1
    whole = text[left:right].strip()
    return (left, right) != (start, end) and whole.startswith(_TEMPLATE_OPEN) and whole.endswith("}") \
        and is_stand_in(whole)
