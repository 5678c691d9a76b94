"""Thirty-eighth secrets round: credentials said in prose without a password word right before them
(docs/privacy.md, "The thirty-eighth secrets round", gives what each finder changes over every spent
author; ``cues`` holds the same round's rewritten cues). Further classes are listed as comments above
their regular expressions; those marked "in sample" were written after authors BL–BO were read.

* **A password set to a plain word closing its clause**: a verb of setting (set, changed, reset,
  updated; puse, cambié, dejé, pusimos…), the password word with at most three words of what it
  opens, "to"/"a"/"en"/"como", then one word of six letters or more (a digit allowed) that closes
  the clause — "I set the laptop password to hummingbird", "cambié la clave del router a
  mandarina". Not a word saying what the password does or is ("set the password to expire",
  "changed it to something stronger", "la dejé en blanco").
* **A password named for what it opens before its value** (ES): "le puse de/como contraseña a la
  wifi Casa_Lopez_2020", "puso como clave para el portátil Cometa_99": the value after "de/como
  contraseña" and a phrase of what it opens (a, al, para, en, del), when it is a credential
  (``prose._strong_credential``) or a word with a number.
* **Digits after the purpose of unlocking an access object**: "Para desbloquear el móvil: 482916",
  "To unlock the phone — 4829", "para abrir la caja fuerte, 7731": an unlocking verb, an access object
  (``codes``' list, or a device with a lock screen: tablet, portátil, ordenador…) within six words, a colon, a comma or a dash, then four to eight digits not
  followed by a unit or more digits ("To unlock the phone: 2024 models need…" has a noun after).
* **A PIN said as a number in words**: after a PIN label (or a code word with what it opens in the
  sentence, as ``codes`` reads it) and a connector, three or more number words that make a number (teens, tens, hundreds, thousands: "mil novecientos ochenta y cuatro",
  "twelve thirty-four"), closing the clause; digit by digit was read by ``shapes`` already.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.answers import _passphrase_like
from memory.scrubbing.codes import _ACCESS_OBJECTS
from memory.scrubbing.kinds import _Span
from memory.scrubbing.prose import _strong_credential
from memory.scrubbing.shapes import _QUOTED_WORD
from memory.scrubbing.vocabulary import ENCRYPTION_TOOL_NAMES, STORE_NAMES, names_re
from memory.scrubbing.value_shape import (
    VALUE_TOKEN,
    cut_trailing,
    not_a_credential_shape,
    shape_score,
    stated_value_end,
)

_PLAIN_NOT_A_VALUE: Final = frozenset(
    """expire expires never change changed reset rotate rotated something anything nothing default blank empty
    random temporary stronger longer shorter whatever another different simpler strong secure required
    mandatory optional disabled enabled automatic manual numbers letters characters digits match remember
    blanco vacío vacia vacía nada algo cualquiera otra otro temporal caducar cambiar nunca defecto segura
    seguro larga corta fuerte aleatoria números letras caracteres dígitos obligatoria desactivada lowercase uppercase
    minúsculas mayúsculas minusculas mayusculas""".split())
_SET_TO_RE: Final = re.compile(
    r"\b(?:set|sets|changed|change|reset|updated|update|puse|pusimos|pone|cambi[eé]|cambiamos|cambi[oó]|dej[eé]"
    r"|dejamos|dej[oó])\b[ \t]+(?:(?:the|my|his|her|our|their|its|la|mi|su|tu|nuestra)[ \t]+)?"
    r"(?:[^\W\d_][\w\-]*[ \t]+){0,3}?(?:password|passphrase|passcode|contrase(?:ñ|n)a|clave|frase[ \t]+de[ \t]+(?:paso|acceso))"
    r"(?:[ \t]+(?:for|of|on|del?|para|en)(?:[ \t]+[^\W\d_][\w\-]*){1,3}?)?[ \t]+(?:to|a|en|como)[ \t]+"
    # In sample (k67-299): or a quoted value, any words ("set the vault master password to "…" so …").
    r"(?:[\"“«‘'](?P<q>[^\"“”«»‘’'\n]{4,80})[\"”»’'](?![\w])"
    # Thirty-ninth round: the bare value has the copula frame's shape (value_shape), not word characters only.
    r"|(?P<v>" + VALUE_TOKEN + r"))")
_NAMED_FOR_RE: Final = re.compile(
    r"\b(?:de|como)[ \t]+(?:contrase(?:ñ|n)a|clave)[ \t]+(?:(?:a|al|para|en|del)[ \t]+(?:(?:la|el|los|las|mi|su)[ \t]+)?"
    r"[^\W\d_][\w\-]{1,20}(?:[ \t]+(?:de[ \t]+)?[^\W\d_][\w\-]{1,20})?"
    # In sample (k66-209): the verb of setting after the label ("y de contraseña le pusieron …").
    r"|(?:(?:le|les|se|me|te|nos)[ \t]+)?(?:puse|pusieron|puso|pusimos|pusiste|pone|ponen|eligi[oó]|eligieron"
    r"|dej[oó]|dejaron|tiene|tienen|lleva|llevan))[ \t]+(?P<v>" + VALUE_TOKEN + r")"
    # Thirty-ninth round: or the verb of setting before the label ("le pusieron de contraseña …").
    r"|\b(?:puse|pusieron|puso|pusimos|pusiste|pone|ponen|pongo|eligi[oó]|eligieron|dej[eéoó]|dejaron)[ \t]+"
    r"(?:de|como)[ \t]+(?:contrase(?:ñ|n)a|clave|frase[ \t]+de[ \t]+(?:paso|acceso))[ \t]+(?!(?:a|al|para|en|del)[ \t])(?P<w>" + VALUE_TOKEN + r")")
_WORD_WITH_NUMBER_RE: Final = re.compile(r"[^\W\d_]{3,}[_\-.]?\d{2,}")
_UNLOCK_VERB: Final = (r"(?:desbloquear|abrir|desarmar|desactivar|entrar[ \t]+(?:en|a|al)|unlock|open|disarm"
                       r"|get[ \t]+into|enter)")
_UNLOCK_DIGITS_RE: Final = re.compile(
    r"\b(?:para|to)[ \t]+" + _UNLOCK_VERB + r"[ \t]+(?P<obj>(?:[^\W\d_][\w\-]*[ \t]+){0,5}?[^\W\d_][\w\-]*)"
    r"[ \t]*(?:[:=,]|[ \t][—–\-])[ \t]*(?P<v>\d{4,8})(?![\w.,/:\-]?\d)(?![ \t]*[^\W\d_])")
_NUMBER_WORDS: Final = (
    r"(?:cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince"
    r"|dieci\w{3,6}|veinte|veinti\w{2,6}|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento"
    r"|doscientos|trescientos|cuatrocientos|quinientos|seiscientos|setecientos|ochocientos|novecientos|mil"
    r"|zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    r"|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred"
    r"|thousand)")
_NUMBER_PIN_RE: Final = re.compile(
    r"\b(?:pin|puk|passcode|c[oó]digo|code|clave)\b[^\n.;:]{0,40}?(?:[ \t](?:is|es|was|era)[ \t]+(?:el[ \t]+|the[ \t]+)?"
    r"|[ \t]*[:=][ \t]*)(?P<v>" + _NUMBER_WORDS + r"(?:(?:[ \t]+(?:y|and)[ \t]+|[ \t\-]+)" + _NUMBER_WORDS
    + r"){2,6})(?=[ \t]*(?:[.!;,)\n]|$))")
_PIN_WORD_RE: Final = re.compile(r"\b(?:pin|puk|passcode)\b")
_NUMBER_HINTS: Final = ("pin", "puk", "passcode", "code", "código", "codigo", "clave")


#: Devices with a lock screen that ``codes``' access objects leave out.
_DEVICES: Final = frozenset("tablet portátil portatil ordenador computer computadora pc kindle consola console "
                            "smartphone android".split())


def _names_an_access_object(words: str) -> bool:
    return any(w in _ACCESS_OBJECTS or w in _DEVICES for w in re.findall(r"[^\W\d_][\w\-]*", words))


def _find_set_to_plain(text: str, lower: str) -> Iterator[_Span]:
    """A password set to a plain word closing its clause (the finders' notes above)."""
    if not any(h in lower for h in ("pass", "contrase", "clave", "frase de")):
        return
    for m in _SET_TO_RE.finditer(lower):
        if m.group("q") is not None:
            quoted = m.group("q")
            value = text[m.start("q"):m.end("q")]
            if (len(quoted.split()) >= 2 or credential_like(value)
                    or shape_score(value) and not not_a_credential_shape(value)) \
                    and quoted not in _PLAIN_NOT_A_VALUE:
                yield m.start("q"), m.end("q"), "password"
        else:
            end = stated_value_end(text, m.start("v"), text[m.start("v"):m.end("v")], _PLAIN_NOT_A_VALUE)
            if end is not None:
                yield m.start("v"), end, "password"


def _find_named_for(text: str, lower: str) -> Iterator[_Span]:
    """A password named for what it opens before its value (ES; the finders' notes above)."""
    if "contrase" not in lower and "clave" not in lower and "frase de" not in lower:
        return
    for m in _NAMED_FOR_RE.finditer(lower):
        group = "v" if m.group("v") is not None else "w"
        start, end = m.span(group)
        value = cut_trailing(text[start:end]).rstrip("!?")
        if credential_like(value):
            yield start, start + len(value), "password"
            continue
        end = stated_value_end(text, start, text[start:end], _PLAIN_NOT_A_VALUE, plain_ok=False)
        if end is not None and end - start >= 6:
            yield start, end, "password"  # the copula frame's shapes (value_shape)


def _find_unlock_digits(text: str, lower: str) -> Iterator[_Span]:
    """Digits after the purpose of unlocking an access object (the finders' notes above)."""
    if "para" not in lower and "to " not in lower:
        return
    for m in _UNLOCK_DIGITS_RE.finditer(lower):
        if _names_an_access_object(m.group("obj")):
            yield m.start("v"), m.end("v"), "password"


def _find_number_word_pins(text: str, lower: str) -> Iterator[_Span]:
    """A PIN said as a number in words (the finders' notes above)."""
    if not any(h in lower for h in _NUMBER_HINTS):
        return
    for m in _NUMBER_PIN_RE.finditer(lower):
        if _PIN_WORD_RE.match(lower, m.start()) is None and not _names_an_access_object(lower[:m.start("v")]):
            continue  # a code word names a secret only with what it opens ("el código del curso es …")
        yield m.start("v"), m.end("v"), "password"


# * **A value given in quoted pieces to be joined**: two or more quoted pieces joined by ``+``, ``&``,
#   ``..`` or ``||`` ("\"Cor\" + \"cel\" + \"_19\"", "'Gi' + 'rasol' + '2031'") within 80 characters after a
#   password word of the same sentence: the pieces are redacted together when what they make is a
#   credential (``prose._strong_credential``) or a word with a number. '"Hello" + "World"' with no
#   password word before it is a string concatenation.
_PIECES_RE: Final = re.compile(
    r"(?P<v>(?P<q>[\"'“‘])[^\"'“”‘’\n]{1,20}[\"'”’](?:[ \t]*(?:\+|&|\.\.|\|\|)[ \t]*[\"'“‘][^\"'“”‘’\n]{1,20}[\"'”’]){1,5})")
#: Forty-third round: a login or an access named for the pieces does the password word's job ("Login for
#: the kiosk: 'kestrel' + 'ninety one' + 'bang'").
_PIECES_LABEL_RE: Final = re.compile(
    r"\b(?:contrase(?:ñ|n)a|clave|pass(?:word|phrase|wd)?|pwd|pin|secret|secreto|token|log[ \t-]?in|sign[ \t-]?in"
    r"|credentials?|credenciales|acceso|access)\b[^\n.!?]{0,80}$")
#: Forty-third round: a piece that is a number in words stands for its digits when the pieces are joined.
_NUMBER_PIECE_RE: Final = re.compile(_NUMBER_WORDS + r"(?:(?:[ \t]+(?:y|and)[ \t]+|[ \t\-]+)" + _NUMBER_WORDS + r"){0,3}")
#: In sample (k64-024): the pieces announced as pieces or to be joined ("te la pongo a trozos", "y lo
#: juntas tú", "in pieces", "join them") stand for the password word.
#: An instruction to the reader, not a word about joining strings in general ("a classic concatenation").
_JOINING_RE: Final = re.compile(r"\b(?:a[ \t]+trozos|en[ \t]+trozos|por[ \t]+partes|a[ \t]+cachos"
                                r"|j[uú]nt(?:a|as|alo|ala|alos|alas|ando|adlo)|in[ \t]+pieces|in[ \t]+parts"
                                r"|join[ \t]+(?:them|it|the[ \t]+pieces)|put[ \t]+(?:them|it)[ \t]+together"
                                r"|glue[ \t]+(?:them|it))\b")
_PIECE_RE: Final = re.compile(r"[\"'“‘]([^\"'“”‘’\n]{1,20})[\"'”’]")


def _find_quoted_pieces(text: str, lower: str) -> Iterator[_Span]:
    """A value given in quoted pieces to be joined (the finders' notes above)."""
    if not any(j in text for j in ("+", "&", "..", "||")):
        return
    for m in _PIECES_RE.finditer(text):
        if (_PIECES_LABEL_RE.search(lower, max(0, m.start() - 80), m.start()) is None
                and _JOINING_RE.search(lower, max(0, m.start() - 60), min(len(lower), m.end() + 40)) is None):
            continue
        pieces = _PIECE_RE.findall(m.group("v"))
        joined = "".join("0" if _NUMBER_PIECE_RE.fullmatch(p.lower()) else p for p in pieces)
        if credential_like(joined) or (len(pieces) >= 3 and " " not in joined and any(c.isdigit() for c in joined)):
            yield m.start("v"), m.end("v"), "password"


# * **A word with a number, the commonest chosen password**: ``toby2015``, ``Girasol77``, ``casa_2020``
#   (three letters or more, then two digits or more) is taken where the frames below take a credential,
#   unless the word names a product, a version or a numbered thing ("office365", "windows11",
#   "python3", "room2024", "vuelo4021").
_NUMBERED_THINGS: Final = frozenset(
    """office windows win python ubuntu debian android ios macos iphone ipad galaxy pixel covid ipv centos rhel
    fedora java node php sql mysql postgres postgresql excel outlook server sonnet gpt claude llama xbox model
    version rev build release room sala aula planta floor gate terminal flight vuelo order pedido ticket invoice
    factura ref lote batch sprint issue bug task tarea pr item step paso line linea línea page pagina página
    chapter capitulo capítulo section seccion sección unit unidad modelo serie series test prueba case caso
    year ano año mes month week semana day dia día utc gmt""".split())


def credential_like(value: str) -> bool:
    """A credential (``prose._strong_credential``) or a word with a number that names no product."""
    if _strong_credential(value):
        return True
    m = _WORD_WITH_NUMBER_RE.fullmatch(value)
    return m is not None and re.match(r"[^\W\d_]+", value).group().lower() not in _NUMBERED_THINGS


# * **A login told with the value, in any tense**: log in / sign in / get in with, entro / accedo /
#   me logueo / inicio sesión con (round 37 read the past only and strong values only), then a
#   credential or a word with a number; not a sign-in method ("with Google", "con el certificado").
_LOG_IN_WITH_RE: Final = re.compile(
    r"\b(?:log(?:s|ging)?[ \t]*(?:in|on)(?:to)?|sign(?:s|ing)?[ \t]*(?:in|on)(?:to)?|get(?:s|ting)?[ \t]+in(?:to)?"
    r"|entr(?:o|a|as|amos|an)|acced(?:o|e|es|emos|en)|me[ \t]+logu?e(?:o|a)|inici(?:o|a)[ \t]+sesi[oó]n)\b[^.\n:;]{0,60}?"
    r"[ \t](?:with|con)[ \t]+[\"'“‘«]?(?P<v>[^\s\"'”’»,;]{6,60})")
_SIGN_IN_METHOD_RE: Final = re.compile(
    r"(?:google|microsoft|apple|github|gitlab|facebook|okta|azure|sso|saml|oauth|oidc|passkey|yubikey|fido|face"
    r"|touch|ldap|kerberos|ssh|cert|mfa|2fa|totp|otp|office|windows)")
#: A login's value that is its user: a user word in the clause, or "as (the) user" after the value.
_NAMES_A_USER_RE: Final = re.compile(r"\b(?:user(?:name)?|usuari[oa]|account|cuenta|e-?mail|correo|login|id)\b")
_AS_USER_RE: Final = re.compile(r"[ \t]+(?:as|como)[ \t]+(?:(?:the|my|el|mi)[ \t]+)?(?:user|usuario|login|account|cuenta)")
# * **The new value after a change**: a change told in the text (changed, reset, rotated, cambié,
#   cambiamos, reseteé, rotamos), then "la nueva es X", "the new one is X", "now it is/it's X", "ahora
#   es X" — the password word may be elided ("Cambié la del correo; la nueva es …").
_CHANGE_RE: Final = re.compile(r"\b(?:chang(?:ed|e)|reset|rotated|updated|cambi[eéoó]|cambiamos|resete[eé]|rotamos"
                               r"|actualic[eé])\b")
#: What was changed is a password: its word, or Spanish's elided "la del …"/"la de …" right after the verb.
_CHANGED_PASSWORD_RE: Final = re.compile(
    r"\b(?:contrase(?:ñ|n)a|clave|password|passwd|pass|pwd|pin|passphrase)\b"
    r"|\b(?:cambi[eéoó]|cambiamos|resete[eé]|rotamos|actualic[eé])[ \t]+la[ \t]+de(?:l)?\b")
_NEW_VALUE_RE: Final = re.compile(
    r"\b(?:(?:(?:la|el)[ \t]+nuev[ao]|the[ \t]+new[ \t]+(?:one|password|pass))[ \t]+(?:es|is|was|era|ser[aá]|will[ \t]+be)"
    r"|now[ \t]+it(?:['’]s|[ \t]+is)|ahora[ \t]+es|it['’]s[ \t]+now|now[ \t]+is)[ \t]+(?:(?:ahora|now)[ \t]+)?[\"'“‘«]?(?P<v>[^\s\"'”’»,;]{6,60})")
# * **A password described, then its value after a colon**: the password word, a copula, a phrase
#   saying how it was made (up to twelve words: "el nombre del perro con el año", "the same as last
#   year plus a 1"), a colon or an arrow, then a value with letters and a digit.
_DESCRIBED_THEN_RE: Final = re.compile(
    r"\b(?:contrase(?:ñ|n)a|clave|password|passwd|pass)\b[ \t]+(?:es|is|was|era)[ \t]+(?P<d>(?:[^\s:;.!?→]+[ \t]+){1,11}?"
    r"[^\s:;.!?→]+)[ \t]*(?::|->|→)[ \t]*(?P<v>[^\s\"'`<>,;]{5,60})")
_POINTER_RE: Final = re.compile(
    r"^(?:in|on|at|under|inside|en|dentro|bajo)\b|\b(?:entry|entrada|item|elemento|file|archivo|fichero|note|nota"
    r"|user(?:name)?|usuari[oa]|account|cuenta|folder|carpeta|ticket|path|ruta|vault|b[oó]veda|gestor|manager)\b")
# * **A default account paired with its password**: admin, root, administrator/administrador, user,
#   usuario, pi, guest, sa, postgres, ubnt, support, operator — then `` / `` and a credential or a word
#   with a number, with no login word needed ("NAS → admin / …", "root / … en el servidor"). A path
#   ("root / home / var") or a menu ("admin / Settings") has no such value.
_ACCOUNT_PAIR_RE: Final = re.compile(
    r"(?<![\w/.\-])(?P<account>admin|root|administrator|administrador|user|usuario|pi|guest|invitado|sa|postgres|ubnt"
    r"|support|soporte|operator|operador)[ \t]+/[ \t]+(?P<v>[^\s,;)/]{6,64})")
_GENERIC_ACCOUNTS: Final = frozenset("user usuario guest invitado support soporte operator operador".split())
# * **A PIN given after a description of it**: a PIN label, a colon, up to six words saying what the
#   number is ("el año de la boda", "his mother's birthday"), a comma or a dash, then four to eight
#   digits closing the clause.
_PIN_DESCRIBED_RE: Final = re.compile(
    r"\b(?:pin|puk|passcode|nip)\b[^\n.;:]{0,30}:[ \t]*(?:[^\W\d_][\w'’]*[ \t]+){1,6}?[^\W\d_][\w'’]*"
    r"[ \t]*(?:,|[—–]|[ \t]-)[ \t]*(?P<v>\d{4,8})(?=[ \t]*(?:[.!;,)\n]|$))")
# * **A passphrase announced by its count of words**: "son cuatro palabras: luna roja mar frío",
#   "it's five words — …": a count (numeral or number word), "words"/"palabras", a colon or a dash, then
#   exactly that many plain words closing the clause, in a text that names a secret or a lock (the
#   count must agree, so "three words: reduce, reuse, recycle" needs the secret context too).
_COUNTS: Final = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "tres": 3, "cuatro": 4,
                  "cinco": 5, "seis": 6, "siete": 7, "ocho": 8}
_WORD_COUNT_RE: Final = re.compile(
    r"\b(?P<n>[3-8]|three|four|five|six|seven|eight|tres|cuatro|cinco|seis|siete|ocho)[ \t]+(?:random[ \t]+)?"
    r"(?:words|palabras)[ \t]*(?::|[—–]|[ \t]-|->|→)[ \t]*[\"'“‘«]?(?P<v>[^\W\d_]+(?:[ \t]+[^\W\d_]+){2,7})"
    r"(?=[\"'”’»]?[ \t]*(?:[.!;,)\n]|$))")
_RULE_BEFORE_RE: Final = re.compile(r"\b(?:use|usa|usar|pick|choose|elige|escoge|least|menos|m[ií]nimo|minimum"
                                    r"|e\.g\.|ej\.|example|ejemplo)[ \t]*$")
_SECRET_CONTEXT_RE: Final = re.compile(
    r"\b(?:contrase(?:ñ|n)a|clave|password|passphrase|frase|phrase|cifrad[oa]|cifrado|encrypt\w*|vault|wallet"
    r"|monedero|b[oó]veda|unlock|desbloque\w*|descifr\w*|decrypt\w*|" + names_re(STORE_NAMES) + r"|gestor)\b")


def _find_log_in_with(text: str, lower: str) -> Iterator[_Span]:
    """A login told with the value, in any tense (the notes above)."""
    if " with " not in lower and " con " not in lower:
        return
    for m in _LOG_IN_WITH_RE.finditer(lower):
        start = m.start("v")
        value = text[start:m.end("v")].rstrip(".!?):")
        if _SIGN_IN_METHOD_RE.match(value.lower()) is not None or _NAMES_A_USER_RE.search(m.group()) is not None:
            continue
        if _AS_USER_RE.match(lower, start + len(value)) is None and credential_like(value):
            yield start, start + len(value), "password"


def _find_new_value(text: str, lower: str) -> Iterator[_Span]:
    """The new value after a change (the notes above)."""
    change = _CHANGE_RE.search(lower)
    if change is None or _CHANGED_PASSWORD_RE.search(lower, change.start()) is None:
        return
    for m in _NEW_VALUE_RE.finditer(lower, change.end()):
        start = m.start("v")
        value = text[start:m.end("v")].rstrip(".!?):")
        if credential_like(value):
            yield start, start + len(value), "password"


def _find_described_then(text: str, lower: str) -> Iterator[_Span]:
    """A password described, then its value after a colon (the notes above)."""
    if ":" not in lower and "→" not in lower and "->" not in lower:
        return
    for m in _DESCRIBED_THEN_RE.finditer(lower):
        if _POINTER_RE.search(m.group("d")) is not None:
            continue  # where it is kept or whose it is, not how it is made ("… in the vault under entry: …")
        start = m.start("v")
        value = text[start:m.end("v")].rstrip(".!?)")
        if credential_like(value):
            yield start, start + len(value), "password"


def _find_account_pairs(text: str, lower: str) -> Iterator[_Span]:
    """A default account paired with its password (the notes above)."""
    if "/" not in lower:
        return
    for m in _ACCOUNT_PAIR_RE.finditer(lower):
        start = m.start("v")
        value = text[start:m.end("v")].rstrip(".!?:'\"")
        generic = m.group("account") in _GENERIC_ACCOUNTS  # "user / staff2020" may be a group
        if _strong_credential(value) if generic else credential_like(value):
            yield start, start + len(value), "password"


def _find_described_pins(text: str, lower: str) -> Iterator[_Span]:
    """A PIN given after a description of it (the notes above)."""
    if ":" not in lower:
        return
    for m in _PIN_DESCRIBED_RE.finditer(lower):
        yield m.start("v"), m.end("v"), "password"


def _find_counted_words(text: str, lower: str) -> Iterator[_Span]:
    """A passphrase announced by its count of words (the notes above)."""
    if ("words" not in lower and "palabras" not in lower) or _SECRET_CONTEXT_RE.search(lower) is None:
        return
    for m in _WORD_COUNT_RE.finditer(lower):
        n = m.group("n")
        count = int(n) if n.isdigit() else _COUNTS[n]
        if _RULE_BEFORE_RE.search(lower, max(0, m.start() - 20), m.start()) is not None:
            continue  # a rule and its example ("use four words — …"), not a stated passphrase
        if len(m.group("v").split()) == count:
            yield m.start("v"), m.end("v"), "password"


# * **A passphrase after an encryption tool's label**: VeraCrypt, TrueCrypt, LUKS, BitLocker,
#   FileVault, cryptsetup, KeePass/KeePassXC, a .kdbx, with at most 40 characters of what it opens, then
#   a colon or an arrow and three to eight plain lower-case words with no function word
#   (``answers._passphrase_like``) closing the clause: "VeraCrypt volume → marble fox crimson tide".
#   Not a key, a file, a version or a path named after the tool ("BitLocker recovery key: …",
#   "KeePassXC → versión 2.7.6"), nor a phrase with a function word ("LUKS: cifrado con AES-256").
_HOLDER_RE: Final = re.compile(
    r"\b" + names_re(ENCRYPTION_TOOL_NAMES) + r"\b(?P<aside>[^\n.;:=→>]{0,40}?)"
    r"[ \t]*(?::|->|→|=>)[ \t]*[\"'“‘«]?(?P<v>[^\n.;:,!?\"”’»()]{5,120}?)[\"”’»]?[ \t]*(?=[.;,!?)\n]|$)")
_HOLDER_OTHER_RE: Final = re.compile(r"\b(?:key|keys|clave|llave|recovery|fingerprint|huella|id|file|archivo|fichero"
                                     r"|path|ruta|version|versi[oó]n|header|cabecera|pim)\b")


def _find_holder_phrases(text: str, lower: str) -> Iterator[_Span]:
    """A passphrase after an encryption tool's label (the notes above)."""
    if not any(h in lower for h in ENCRYPTION_TOOL_NAMES):
        return
    for m in _HOLDER_RE.finditer(lower):
        value = text[m.start("v"):m.end("v")].rstrip()
        if _HOLDER_OTHER_RE.search(m.group("aside")) is None and _passphrase_like(value):
            yield m.start("v"), m.start("v") + len(value), "password"


# * **A value typed at a prompt for a secret**: a typing verb closed by a colon or an arrow — teclea,
#   escribe, introduce, mete, pon, pega, type, enter, key in, input, paste (with "esto"/"this"/"lo
#   siguiente"/"the following"/"exactly" after it, or a "cuando…"/"when…" clause) — in a clause that
#   names a secret asked for (frase, clave, contraseña, PIN, passphrase, password, phrase, código) or
#   asks for it by a pronoun ("cuando te la pida", "when it asks for it") or opens a lock (al arrancar,
#   at boot, desbloquear, descifrar, unlock, decrypt); not a clause about changing or making one
#   ("para cambiar la contraseña escribe: passwd"). The value is a credential or a word with a number,
#   or a phrase of three to ten plain words closing the clause that opens with no reference ("el que
#   te llegó", "the one from the email", "la de siempre"). "teclea: ls -la" and "When it asks for
#   confirmation, enter: y" have no such clause.
_TYPING_VERB: Final = (r"(?:teclea|tecleas|escribe|escribes|introduce|introduces|mete|metes|pon|pones|pega|pegas"
                       r"|type|enter|key[ \t]+in|input|paste)")
_TYPING_RE: Final = re.compile(
    r"\b" + _TYPING_VERB
    + r"(?:[ \t]+(?:esto|this|lo[ \t]+siguiente|the[ \t]+following|exactly|exactamente|tal[ \t]+cual))?"
    r"(?:[ \t]*,?[ \t]*(?:cuando|when|once|si|if)[^\n.;:!?]{0,50}?)?[ \t]*(?::|->|→|=>)[ \t]*[\"'“‘«]?"
    r"(?P<v>[^\n\"”’»]{4,120})")
#: The clause before the typing verb: back to the last stop, colon, line break or opening mark, 90
#: characters at most.
_CLAUSE_BREAK_RE: Final = re.compile(r"[\n.;:!?¿¡][^\n.;:!?¿¡]*$")
#: Where the typed value's clause ends: a stop, a semicolon or a question/exclamation mark before a
#: blank or the end, or a closing quote.
_VALUE_END_RE: Final = re.compile(r"[.;!?]+(?:[ \t]|$)|[;\"”’»]")
_ASKED_RE: Final = re.compile(
    r"\b(?:contrase(?:ñ|n)a|clave|password|passwd|passphrase|frase|phrase|pin|c[oó]digo|passcode"
    r"|(?:te[ \t]+|me[ \t]+)?(?:la|lo)[ \t]+(?:pid[ae]|pregunte|solicite)|asks?[ \t]+(?:you[ \t]+)?for[ \t]+it"
    r"|prompts?[ \t]+(?:you[ \t]+)?for[ \t]+it|arranc(?:ar|a|es)|boot(?:s|ing)?|desbloque(?:ar|a|es)|descifr(?:ar|a|es)"
    r"|unlock(?:s|ing)?|decrypt(?:s|ing)?|encender|power[ \t]+on"
    # In sample (k65-257): what is typed opens an encrypted thing ("For the encrypted volume, teclea: …").
    r"|cifrad[oa]s?|encrypted)\b")
_MAKING_RE: Final = re.compile(r"\b(?:cambiar|change|changing|reset|resetear|restablecer|crear|create|set[ \t]+up"
                               r"|configurar|generar|generate|recuperar|recover)\b")
#: A value that points elsewhere: a relative or a possessive ("el que te llegó", "the one from…", "your
#: usual"), or a place ("sobre la mesa del salón", "under the keyboard": where it is written).
_REFERENCE_RE: Final = re.compile(r"(?:el|la|lo|los|las)[ \t]+(?:que|de|del|mism[ao])\b|the[ \t]+(?:one|same)\b"
                                  r"|whatever|cualquier|any\b|your\b|tu\b|su\b"
                                  r"|(?:sobre|en|bajo|debajo|encima|dentro|detr[aá]s|junto|on|in|under|inside|behind|at"
                                  r"|next[ \t]+to)\b")
_TYPING_HINTS: Final = ("tecle", "escrib", "introduc", "mete", "pon", "pega", "type", "enter", "key in", "input",
                        "paste")


def _find_typed_at_prompt(text: str, lower: str) -> Iterator[_Span]:
    """A value typed at a prompt for a secret (the notes above)."""
    if (":" not in lower and "→" not in lower and "->" not in lower) or not any(h in lower for h in _TYPING_HINTS):
        return
    for m in _TYPING_RE.finditer(lower):
        before = lower[max(0, m.start() - 90):m.start()]
        cut = _CLAUSE_BREAK_RE.search(before)
        clause = (before[cut.start() + 1:] if cut else before) + lower[m.start():m.start("v")]
        if _ASKED_RE.search(clause) is None or _MAKING_RE.search(clause) is not None:
            continue
        start = m.start("v")
        value = text[start:m.end("v")]
        stop = _VALUE_END_RE.search(value)
        value = (value[:stop.start()] if stop else value).rstrip()
        words = value.split()
        if len(words) == 1:
            if credential_like(value.rstrip(",)")):
                yield start, start + len(value.rstrip(",)")), "password"
        elif (3 <= len(words) <= 10 and _REFERENCE_RE.match(value.lower()) is None
              and all(w.strip(",'’").isalpha() for w in words)):
            yield start, start + len(value), "password"


# * **A phrase in single quotes after a password or phrase label** (in sample, k66-101): the labels
#   ``shapes`` reads before a double-quoted value ("la frase para desbloquear el Veracrypt es '…'",
#   "the passphrase is '…'"), a copula or a colon, then three words or more between straight or curly
#   single quotes; a quote touching a letter on its outer side is an apostrophe ("don't", "it's").
_SINGLE_QUOTED_RE: Final = re.compile(
    r"\b" + _QUOTED_WORD + r"\b(?P<label>[^\n\"“”«».']{0,60}?)(?:\b(?:es|is|was|era|será|sera)\b|[:=])[ \t]*"
    r"(?<![\w])['‘](?P<v>[^'‘’\n]{6,80})['’](?![\w])")

_ABOUT_THE_WORD_RE: Final = re.compile(
    r"[ \t]*(?:hints?|pista|policy|pol[ií]tica|rules?|reglas?|reminder|recordatorio|questions?|pregunta|format"
    r"|formato|requirements?|requisitos?)\b")


def _find_single_quoted(text: str, lower: str) -> Iterator[_Span]:
    """A phrase in single quotes after a password or phrase label (the notes above)."""
    if "'" not in text and "‘" not in text:
        return
    for m in _SINGLE_QUOTED_RE.finditer(lower):
        if _ABOUT_THE_WORD_RE.match(m.group("label")) or lower.endswith(("palabra ", "palabras "), 0, m.start()):
            continue  # "password hint … es '…'", "palabra clave para el SEO: '…'": about a password, or a keyword
        if len(m.group("v").split()) >= 3:
            yield m.start("v"), m.end("v"), "password"


FINDERS: Final = (_find_set_to_plain, _find_named_for, _find_unlock_digits, _find_number_word_pins,
                  _find_quoted_pieces, _find_log_in_with, _find_new_value, _find_described_then, _find_account_pairs,
                  _find_described_pins, _find_counted_words, _find_holder_phrases, _find_typed_at_prompt,
                  _find_single_quoted)
