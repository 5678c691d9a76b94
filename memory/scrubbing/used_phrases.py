"""Stop 47 (sec47): a quoted passphrase that is the object of a verb of using or getting in.

"Para el KeePass de casa usamos la frase «tres lobos cenan en Soria»", "For the family
Bitwarden we use "four tired owls sing"", "a la cuenta del banco entramos con «…»": a run of plain words in
guillemets, curly or straight quotes, right after a verb of using (usa, usamos, utilizamos, ponemos, use,
uses, we use…) or of getting in (entra/entramos/accedemos con, se accede con, log/sign in with), with an
optional "la frase"/"the phrase"/"la contraseña" between — in a sentence that names a thing that holds
credentials. What the quote is used *for* decides it:

* after a verb of using, the thing must hold nothing but credentials — a password manager (KeePass,
  Bitwarden, 1Password…, "gestor de contraseñas"), a vault, a wallet, a keychain, an encrypted disk or
  volume, a Wi-Fi network, or a password word itself: "en la cuenta de la tienda usamos la frase «hecho a
  mano»" uses a slogan, an account also holds a profile;
* after a verb of getting in, an account or a login too ("a la cuenta del banco se entra con «…»");
* after a verb of unlocking ("se abre con", "unlock it with"), a device or a disk too.

The run: three to ten words of letters (one number of up to four digits may close it), not a vague
description ("la de siempre"), and no word that negates, describes, points elsewhere or sets a policy
(``phrases``' word lists). A quote the sentence then calls a motto, a greeting, a title or a subject
("… como lema", "as our tagline") is that, not a passphrase. What the sentence says about the value (an
example, not real) is left to the driver's filters.

The sentence of "se abre con «…»" with its holder before the verb is ``phrases._find_unlocking_phrases``'.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.keywords import is_vague_description
from memory.scrubbing.kinds import _Span
from memory.scrubbing.phrases import states_nothing
from memory.scrubbing.vocabulary import STORE_NAMES

_KIND: Final = "password"
_USING: Final = (r"us(?:a|as|an|amos|áis|ais|o|é|e|ó|aba|abas|ábamos|abamos|aban)|utiliz(?:a|as|an|amos|o|ó|aba|ábamos)"
                 r"|pon(?:go|es|e|emos|en)?|pus(?:e|o|imos|ieron)|use|uses|used|using")
_GETTING_IN: Final = (r"(?:se[ \t]+)?(?:entr(?:a|as|an|amos|o|é|ó|aba|ábamos)|acced(?:e|es|en|emos|o|í|ió))[ \t]+con"
                      r"|(?:log|logs|logged|sign|signs|signed|get|gets|got)[ \t]+in(?:to[ \t]+it)?[ \t]+with")
_NAMED: Final = (r"(?:(?:la|el|una|the|a|our|nuestra)[ \t]+)?(?:frase(?:[ \t]+de[ \t]+paso)?|phrase|passphrase|contrase(?:ñ|n)a"
                 r"|password)[ \t]*:?[ \t]*")
_QUOTED: Final = r"(?:\"(?P<dq>[^\"\n]{6,90})\"|“(?P<cq>[^”\n]{6,90})”|«(?P<gq>[^»\n]{6,90})»|(?<!\w)'(?P<sq>[^'\n]{6,90})'(?!\w))"
_GROUPS: Final = ("dq", "cq", "gq", "sq")
_UNLOCKING: Final = (r"(?:se[ \t]+|la[ \t]+|lo[ \t]+)?(?:abr(?:e|o|en|imos)|desbloque(?:a|o|an|amos)|descifr(?:a|o|an|amos))[ \t]+con"
                     r"|(?:unlock|open|decrypt)(?:s|ed)?(?:[ \t]+(?:it|them))?[ \t]+with")
_USED_RE: Final = re.compile(
    r"\b(?:(?P<using>" + _USING + r")|(?P<getting_in>" + _GETTING_IN + r")|(?P<unlocking>" + _UNLOCKING + r"))[ \t]+"
    r"(?:" + _NAMED + r")?" + _QUOTED)
#: Holders of nothing but credentials (lower-case tokens; "1password" whole).
_CREDENTIAL_HOLDERS: Final[frozenset[str]] = frozenset(
    """vault vaults bóveda boveda bóvedas wallet wallets monedero keychain keyring llavero
    wifi wi-fi wlan ssid wpa wpa2 wpa3 password passwords passphrase contraseña contraseñas contrasena contrasenas
    cifrado cifrada encrypted""".split()) | STORE_NAMES
#: What a verb of getting in may also name: an account, a login, a profile.
_ACCOUNT_HOLDERS: Final[frozenset[str]] = frozenset(
    "cuenta cuentas account accounts login perfil profile usuario user portal banco bank".split())
#: What a verb of unlocking may also name: a device or a disk that is opened with a secret.
_DEVICE_HOLDERS: Final[frozenset[str]] = frozenset(
    """disco discos disk disks volumen volume partición particion partition portátil portatil laptop móvil movil phone
    teléfono telefono tablet ordenador computer pc mac nas safe caja fuerte""".split())
_WORD_RE: Final = re.compile(r"\w[\w\-]*")
_SENTENCE_END_RE: Final = re.compile(r"[.!?](?:\s|$)|\n")
_WORDS_RE: Final = re.compile(r"[^\W\d_]+(?:[ \t,]+[^\W\d_]+){2,9}(?:[ \t]+\d{1,4})?")
#: What a quote is called after it ("… como lema", "as our tagline"): a motto, a greeting, a title, a subject.
_CALLED_RE: Final = re.compile(
    r"[»”\"'][ \t,]*(?:(?:como|as|for|para)[ \t]+(?:(?:el|la|un|una|our|the|a|nuestro|nuestra)[ \t]+)?"
    r"(?:lema|eslogan|slogan|motto|tagline|saludo|greeting|t[ií]tulo|title|asunto|subject|firma|hashtag|despedida"
    r"|bienvenida|welcome|cabecera|heading|pie|caption|leyenda|frase[ \t]+de[ \t]+(?:cierre|bienvenida|portada)))\b",
    re.IGNORECASE)
_HINTS: Final = ("us", "utiliz", "pon", "pus", "entr", "acced", " in ", "abr", "desbloque", "descifr", "unlock", "open",
                  "decrypt")


def _sentence(lower: str, start: int, end: int) -> str:
    lo = max(0, start - 160)
    for m in _SENTENCE_END_RE.finditer(lower, lo, start):
        lo = m.end()
    stop = _SENTENCE_END_RE.search(lower, end, min(len(lower), end + 120))
    return lower[lo:stop.start() if stop else min(len(lower), end + 120)]


def _find_used_phrases(text: str, lower: str) -> Iterator[_Span]:
    """A quoted run of plain words used for, or getting into, a holder of credentials (the module docstring)."""
    if not any(q in text for q in "\"“«'") or not any(h in lower for h in _HINTS):
        return
    for m in _USED_RE.finditer(lower):
        group = next(g for g in _GROUPS if m.group(g) is not None)
        start, end = m.span(group)
        start += len(text[start:end]) - len(text[start:end].lstrip())
        end -= len(text[start:end]) - len(text[start:end].rstrip())
        value = text[start:end]
        if _WORDS_RE.fullmatch(value) is None or is_vague_description(value) or "[redacted:" in lower[start:end]:
            continue
        words = [w.lower().strip(",") for w in value.split()]
        if states_nothing(words):
            continue
        if _CALLED_RE.match(text, end):
            continue  # "… «hecho a mano» como lema": a motto, not a passphrase
        sentence = _sentence(lower, m.start(), m.end()).replace(lower[start:end], " ")
        holders = set(_WORD_RE.findall(sentence))
        if holders & _CREDENTIAL_HOLDERS or (m.group("using") is None and holders & _ACCOUNT_HOLDERS) \
                or (m.group("unlocking") is not None and holders & _DEVICE_HOLDERS):
            yield start, end, _KIND


FINDERS: Final = (_find_used_phrases,)
