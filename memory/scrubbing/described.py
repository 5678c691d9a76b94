"""Thirty-sixth secrets round: spans some finder took that describe, name or template a secret
instead of stating one (driver filters; docs/privacy.md, "The thirty-sixth secrets round", gives what
each changes over every spent author).

* **A command line**: a keyword's value that is a CLI tool's name followed by a flag ("Para generar
  una clave nueva: ssh-keygen -t ed25519 -C …", "new key: openssl rand -hex 32"), or a flag's
  argument in such a line — flag arguments are not passwords unless the flag names one or carries
  a credential (``-p``, ``--password``, ``--token``, ``-u``, ``-H``, ``-e``, ``--set``, …: see
  ``_SECRET_FLAG_RE``), and a value with a credential's shape (digits with letters and a symbol or
  an inner capital) stays whatever flag it follows.
* **A quoted title**: the keyword and the span (plain words, no digit or symbol) inside one quotation ('Passwords Are Dead, Long Live
  Passkeys', «Las contraseñas han muerto») that is written in title case or follows a word naming a
  title (talk, session, charla, ponencia, artículo, libro, título…). A quoted value after a password
  word outside the quotes ('password: "Hunter Green Lamp"') is not this class.
* **A placeholder made of placeholder words**: a value of letters joined by ``_``, ``-`` or ``.``
  whose every segment is a placeholder word (changeme, your/tu, here/aquí, xxx, replace, todo…), a
  filler word (por, the, de, with…) or a secret's own name (key, clave, token, password…), with at
  least one placeholder word: ``changeme_por_tu_clave``, ``put-your-token-here``,
  ``TU_CLAVE_AQUI``. ``stand_ins`` read most of these one pattern at a time; any word of the
  sentence the template meant ("correct_horse_battery") keeps the value.
* **A requirement, not a value**: a span that opens with a length or a character class required of
  the password ("mínimo 12 caracteres", "at least 8 characters", "between 8 and 64 chars", "must
  contain a digit", "debe tener una mayúscula", "al menos un símbolo").
"""

from __future__ import annotations

import re
from typing import Final

#: A tool's name: lower-case letters, at most two digits ("python3", "k9s"), up to 24 characters.
_COMMAND_NAME_RE: Final = re.compile(r"(?=[a-z._\-]*(?:\d[a-z._\-]*){0,2}$)[a-z]{2}[a-z0-9]*(?:[._\-][a-z0-9]+){0,3}")
_FLAG_AFTER_RE: Final = re.compile(r"[ \t]+--?[A-Za-z]")
_FLAG_BEFORE_RE: Final = re.compile(r"(?:^|[ \t])(?P<flag>--?[A-Za-z][\w\-]*)(?:[ \t]+|=)[\"']?$")
#: Flags whose argument is (or carries) a credential in the common CLIs (mysql -p, redis-cli -a,
#: curl -u/-H/-d/-b, docker -e/--build-arg, helm --set, kubectl --token, git -c …).
_SECRET_FLAG_RE: Final = re.compile(
    r"-(?:p|P|a|u|U|H|e|E|d|b|c|k|K|s|S)|--?(?:\w*(?:pass|pwd|token|secret|key|auth|cred|cookie|header|user|login"
    r"|env|set|build-arg|data|arg|var|bearer|otp|pin|session|signature|sig)[\w\-]*)", re.I)
#: How far back on its line the command's head is looked for (bounds the work per span).
_COMMAND_REACH: Final = 300
_CREDENTIAL_SHAPE_RE: Final = re.compile(r"(?=.*\d)(?=.*[a-z])(?=.*(?:[^\w\s]|[A-Z]))")

_QUOTE_PAIRS: Final = {"'": "'", '"': '"', "“": "”", "‘": "’", "«": "»"}
_TITLE_NOUN_RE: Final = re.compile(
    r"(?i:\b(?:talks?|sessions?|keynote|webinar|presentation|panel|charla|ponencia|sesi[oó]n|conferencia|art[ií]culo|article"
    r"|posts?|blog|libro|book|t[ií]tulo|title[ds]?|titulad[oa]|called|llamad[oa]|v[ií]deo|video|episodio|episode|podcast"
    r"|curso|course|paper|chapter|cap[ií]tulo|newsletter|slides?|diapositivas?|asunto|subject|headline|titular|thread|hilo)\b)")
_SECRET_WORD_RE: Final = re.compile(r"(?i:pass|contrase|clave|token|secret|key|pin\b|credencial|credential)")
_TITLE_WORD_RE: Final = re.compile(r"[^\W\d_]{4,}")
_WORDS_ONLY_RE: Final = re.compile(r"[^\W\d_]+(?:[ \t'’\-][^\W\d_]+){0,8}")

_PLACEHOLDER_WORDS: Final[frozenset[str]] = frozenset(
    """changeme changeit replaceme cambiame cámbiame your yours tu tus tuya tuyo tuyas tuyos su vuestra vuestro here aqui aquí xxx xxxx
    xxxxx placeholder dummy todo fixme tbd replace change cambia cambiar reemplaza reemplazar sustituye sustituir
    insert inserta insertar put pon poner fill rellena rellenar add añade own propia propio example ejemplo sample
    fake real goes va""".split())
_FILLER_WORDS: Final[frozenset[str]] = frozenset(
    """por the a an de del la el tu con with for to in en here me it this esto my mi""".split())
_SECRET_NAMES: Final[frozenset[str]] = frozenset(
    """key keys clave claves token tokens password passwd pass pwd contraseña contrasena secret secreto secreta api
    apikey access acceso auth value valor credential credencial credenciales""".split())
_SEGMENT_RE: Final = re.compile(r"[_\-.]")

_REQUIREMENT_RE: Final = re.compile(
    r"(?i:(?:(?:m[ií]nimo|minimum|min\.?|at[ \t]+least|al[ \t]+menos|como[ \t]+m[ií]nimo|m[aá]ximo|maximum|max\.?"
    r"|no[ \t]+more[ \t]+than|up[ \t]+to|hasta|entre|between|de)[ \t]+(?:de[ \t]+)?)?\d{1,3}"
    r"(?:[ \t]*(?:-|–|a|to|y|and)[ \t]*\d{1,3})?[ \t]+(?:caracteres|characters|chars|letras|letters|d[ií]gitos|digits"
    r"|cifras|s[ií]mbolos|symbols|may[uú]sculas|uppercase|min[uú]sculas|lowercase|palabras|words)\b"
    r"|(?:must|should|has[ \t]+to|have[ \t]+to|needs?[ \t]+to|debe|deben|tiene[ \t]+que|ha[ \t]+de)[ \t]+"
    r"(?:contain|include|have|be|tener|contener|incluir|llevar|ser)\b"
    r"|(?:at[ \t]+least|al[ \t]+menos|como[ \t]+m[ií]nimo)[ \t]+(?:one|a|an|una?|1|two|dos)[ \t]+[^\W\d_]+)")


def command_line(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` a CLI tool's name before a flag, or a harmless flag's argument in a
    command line (the module docstring)?"""
    if "-" not in text:
        return False
    value = text[start:end]
    if (len(value) <= 24 and text[start - 1:start] not in ("=", ":") and _COMMAND_NAME_RE.fullmatch(value)
            and _FLAG_AFTER_RE.match(text, end)):
        return True
    line_start = max(text.rfind("\n", 0, start) + 1, start - _COMMAND_REACH)
    flag = _FLAG_BEFORE_RE.search(text, max(line_start, start - 80), start)
    if flag is None or _SECRET_FLAG_RE.fullmatch(flag.group("flag")) is not None:
        return False
    if _CREDENTIAL_SHAPE_RE.match(value) and "@" not in value:
        return False
    # a command runs on the line: a tool's name, then this flag among others
    head = text[line_start:flag.start()]
    return re.search(r"(?:^|[\s:`$(])[a-z][a-z0-9]*(?:[._\-][a-z0-9]+)*[ \t]+--?[A-Za-z]", head + flag.group("flag") + " ") \
        is not None or "[REDACTED:" in head


def quoted_title(text: str, start: int, end: int) -> bool:
    """Do the span and a secret word before it stand inside one quoted title (the module docstring)?"""
    if _WORDS_ONLY_RE.fullmatch(text, start, end) is None:
        return False  # a title's words, not a token ("'Authorization: Token …'")
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    for opening, closing in _QUOTE_PAIRS.items():
        at = text.rfind(opening, max(line_start, start - 120), start)
        if at < 0:
            continue
        close = text.find(closing, end, min(line_end, end + 120))
        if close < 0 or (opening == closing and text.count(opening, at + 1, start) % 2):
            continue
        if opening == "'" and at > 0 and text[at - 1].isalnum():
            continue  # an apostrophe ("don't"), not a quotation
        inside = text[at + 1:close]
        if "=" in inside or _SECRET_WORD_RE.search(text, at + 1, start) is None:
            continue
        words = _TITLE_WORD_RE.findall(inside)
        title_case = len(words) >= 3 and sum(w[0].isupper() for w in words) * 3 >= len(words) * 2
        if title_case or _TITLE_NOUN_RE.search(text, max(0, at - 40), at) is not None:
            return True
    return False


#: Thirty-seventh round (in sample, k62-087): a vendor's key prefix before the placeholder words
#: ("sk_live_YOUR_KEY_HERE", "ghp_your_token_here", "xoxb-your-bot-token"): the prefix says which key
#: goes there, the words that none does yet.
_VENDOR_PREFIX_RE: Final = re.compile(r"(?:sk|pk|rk)_(?:live|test)_|gh[pousr]_|github_pat_|glpat-|xox[abposr]-|sk-(?:proj-)?")


def placeholder_words(value: str) -> bool:
    """A value made of placeholder, filler and secret-name words only (the module docstring)."""
    if len(value) < 6 or len(value) > 80 or not any(c in value for c in "_-."):
        return False
    value = value.strip("\"'`<>{}[]")
    prefix = _VENDOR_PREFIX_RE.match(value)
    if prefix is not None:
        value = value[prefix.end():]
    segments = [s.lower() for s in _SEGMENT_RE.split(value)]
    if not all(s and s.isalpha() for s in segments) or len(segments) < 2:
        return False
    marked = False
    for s in segments:
        if s in _PLACEHOLDER_WORDS or set(s) == {"x"}:
            marked = True
        elif s not in _FILLER_WORDS and s not in _SECRET_NAMES:
            return False
    return marked


def requirement(value: str) -> bool:
    """Does ``value`` open with a requirement made of the password (the module docstring)?"""
    return _REQUIREMENT_RE.match(value.strip(" \t\"'")) is not None


def described_value(text: str, start: int, end: int) -> bool:
    """A driver filter: a command line, a quoted title, a placeholder of placeholder words or a
    requirement (the module docstring)."""
    value = text[start:end]
    return (placeholder_words(value) or requirement(value) or command_line(text, start, end)
            or quoted_title(text, start, end))
