"""Short numeric secrets bound to what they open (issue 15, fourth round): PINs, PUKs, card security
codes, door, gate, alarm, safe and lock codes, in English and Spanish prose.

A run of digits is an ordinary number almost everywhere (orders, rooms, years, prices, postal
codes), so it is redacted only when the sentence *binds* it to an access code:

* a PIN-like label (``PIN``, ``PUK``, ``NIP``, ``passcode``, ``CVV``/``CVC``, ``keypad``) — or a code word
  (``code``, ``código``, ``combo``, ``clave``) that names what it
  opens (an *access object*: door, gate, portal, garaje, alarm, safe, caja fuerte, candado, lock,
  locker, card, tarjeta, SIM, phone, móvil, entry, acceso, desbloqueo, Wi-Fi…) in the words just
  before it or between it and the value ("front door code", "el código del portal",
  "the code for the key safe at the cabin"), or ``combination``/``combinación`` in a note that names
  an access object anywhere, also in an earlier clause ("Hotel safe: combination 6149"; not next to a
  draw or a game) —
* then a connector: ``:``/``=``/a dash (and "now is"/"ahora es" after it: "Le cambié el PIN al
  móvil: ahora es 8841", thirteenth round), ``is``/``es``/``is now``/``es el``/``quedó en``…, ``to``/``a``
  after a change verb ("cambié el PIN a 5512"), a comma or bracket after a PIN label, a
  combination or a lock's code ("Her ATM PIN, 4821, …", "Safe code, 5521, …"), or nothing when the digits follow the label phrase directly
  ("gate code 1934", "PIN de la Visa 4821");
* then the value: 3–8 digits (optionally ``#``/``*``), digits between a keypad's keys ("4#8#2#6"),
  or short digit groups ("12-34-56", "4 8 2 1"), not followed by a unit ("4 digits", "3 intentos",
  "30 seconds") or by more digits (dates, versions); a value with a keypad key (``#``/``*``) after a
  code word needs no access object ("code 2580#": it is typed on a keypad, thirteenth round).

Also "4821 is my PIN" / "uso 4821 como PIN" (the value first), and "the alarm is disarmed with
4471" / "para entrar al garaje marca 5577" (an access object, then an unlocking verb and digits), and
(forty-fifth round) the digits said as four to eight digit words after the verb that opens a lock ("el
candado de la taquilla abre con cero, cinco, ocho, tres").
An Indian postal "PIN code" (six digits next to an address word) is not a secret, nor is a code
that is part of an address or a phone number: "código postal", "zip/post code", "código de área/país",
"area/country/dialling code" ("Código postal de su nueva casa: 28014"), nor a bank's sort, SWIFT/BIC,
routing or branch code (fourteenth round: "the bank sort code: 40-47-84" names a branch, not a lock).

Fifteenth round: a code word with the digits right after it ("el código 905117") takes its access
object from anywhere in the sentence before it, a heading included, when that is a lock ("La caja
fuerte de la habitación quedó con el código 905117", "Portal del edificio: marcar el código 3306").

Fourteenth round: a keypad's keys may also separate digit groups ("58#903", "12*3456"), and a code
word right after a heading's colon takes its access object from the heading ("Lockbox by the
door: code 3-9-1-4" — the heading names what the code opens, as "Hotel safe: combination 6149"
does for a combination).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span

# PIN-like labels that name a secret by themselves (leet/homoglyph-folded spellings included).
_PIN_LABEL: Final = (r"p[i1íl!|]n(?:es)?|p\.i\.n\.?|puk|n\.?i\.?p|passcode|pass\s+code|cvv2?|cvc2?"
                     r"|desbloqueo|unlock|desarme|disarm|keypad")
# Code words that need an access object to name a secret.
_CODE_WORD: Final = r"c[o0ó]d(?:e|[i1íl]g[o0])s?|combinaci[oó]n|combination|combo|clave"
_LABEL_RE: Final = re.compile(r"\b(?:(?P<pin>" + _PIN_LABEL + r")|(?P<code>" + _CODE_WORD + r"))(?![\w])")

#: What an access code opens or protects (compared on lower-cased words; multi-word objects are
#: matched by their head word: "caja fuerte" by "fuerte"/"caja", "key safe" by "safe").
_ACCESS_OBJECTS: Final[frozenset[str]] = frozenset(
    """door doors front gate gates garage alarm alarms safe lockbox keybox keysafe lock locks padlock
    locker lockers keypad entry entrance access unlock unlocking disarm disarming arming
    security intercom buzzer shed storage vault mailbox cabinet card cards debit credit atm bank sim
    phone mobile iphone ipad tablet laptop screen wifi wi-fi wlan router voicemail apartment flat
    puerta puertas portal portón porton verja cancela garaje parking alarma caja fuerte candado
    cerradura taquilla casillero teclado edificio entrada acceso desbloqueo desbloquear desarme
    desarmar desactivación desactivacion desactivar seguridad secreto secreta interfono portero
    trastero buzón buzon bóveda boveda tarjeta crédito credito débito debito cajero banco móvil movil
    teléfono telefono celular tableta pantalla router armario piso casa visa mastercard amex
    """.split()
)
#: The objects a keypad or a dial opens (the action finder's subset: "dial 112 on the phone" and
#: "para llamar al banco marca 900…" are phone numbers).
_LOCKS: Final[frozenset[str]] = frozenset(
    """door doors gate garage alarm safe lockbox keybox keysafe lock padlock locker keypad building entry
    entrance intercom buzzer shed storage vault puerta portal portón porton verja cancela garaje parking
    alarma caja fuerte candado cerradura taquilla casillero teclado edificio entrada interfono portero
    trastero bóveda boveda""".split()
)
_LOCKS_RE: Final = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, _LOCKS), key=len, reverse=True)) + r")\b")
# Every value has three digits within a few characters ("4821", "4 8 2 1", "12-34-56").
_THREE_DIGITS_RE: Final = re.compile(r"\d\D{0,2}\d\D{0,2}\d")
_CHANGE_VERB_RE: Final = re.compile(r"\b(?:chang\w*|set|reset|updat\w*|cambi\w*|pus[eoi]\w*|actualic\w*|actualiz\w*)\b")
_WORD_RE: Final = re.compile(r"[^\W\d_][\w'’\-]*")

# Between the label and the connector: up to eight words (no digits, no sentence punctuation).
_MID: Final = r"(?P<mid>(?:[ \t]+(?:'s\b|[^\W\d_][^\s\d.:;=,()\[\]\"“”?]*|\#?\d{1,3}[a-z]?\b)){0,10}?)"
_CONNECTOR: Final = (
    r"(?P<conn>[ \t]*(?:[:=]|->|→|—|–|-(?=\s))[ \t]*(?:(?:now|ahora|still|todav[ií]a)[ \t]+)?"
    r"(?:(?:is|es|el|the|it'?s|n[uú]mero|number)[ \t]+)?"
    r"|[ \t]+(?:is|was|are|were|es|era|ser[aá]|son)(?:[ \t]+(?:now|still|ahora|todav[ií]a))?[ \t]+(?:(?:el|the)[ \t]+)?"
    r"|[ \t]+(?:is|es)[ \t]*:[ \t]*"
    r"|[ \t]+(?:now|ahora)[ \t]+(?:is|es)[ \t]+"
    # Thirty-second round: a reported change, then the new value after a comma ("el code del portal
    # changed, ahora es 48260", "the gate code changed, now it's 4821"; ``_CHANGED_RE`` asks for the
    # change verb as the label phrase's last word).
    r"|(?P<changed>[ \t]*,[ \t]*(?:(?:y|and|so)[ \t]+)?(?:now|ahora)[ \t]+(?:is|es|it'?s|son)[ \t]+(?:(?:el|the)[ \t]+)?)"
    r"|[ \t]+(?:sigue[ \t]+siendo|qued[oó][ \t]+(?:en|como)|queda[ \t]+en|pasa[ \t]+a[ \t]+ser)[ \t]+(?:(?:el)[ \t]+)?"
    # "lo dejé en 0614", "la puse a 4821", "left it at 0614", "set it to 4821"
    r"|[ \t]+(?:(?:lo|la|le)[ \t]+(?:dej[eéó]|puse|pus[oi]|pone|pongo|cambi[eéó]|tengo|tiene|ten[ií]a)[ \t]+(?:en|a|como)"
    r"|(?:left|set|changed|put|reset|have|had)[ \t]+it[ \t]+(?:at|to|as|on))[ \t]+(?:(?:el|the)[ \t]+)?"
    r"|[ \t]*\?[ \t]*(?:(?:it'?s|it[ \t]+is|es|is)[ \t]+)?"
    r"|[ \t]+(?:it'?s|it[ \t]+is)[ \t]+"
    r"|(?P<to>[ \t]+(?:to|a)[ \t]+)"
    r"|(?P<aside>[ \t]*[,(][ \t]*)"
    r"|(?P<bare>[ \t]+))"
)
_VALUE: Final = r"(?P<v>\d(?:[#*]\d){3,7}[#*]?(?![\d])|\d{1,4}(?:[#*]\d{1,4}){1,3}[#*]?(?![\d])|\d{1,3}(?:[ \t]?[-–][ \t]?\d{1,3}|[ ]\d{1,3}){2,7}(?![\d])|\d{3,8}[#*]?)"
# Thirteenth round: a keypad's keys in the value ("2580#", "4#8#2#6": ``#`` enters or separates
# digits on a door, gate or alarm keypad) say what it opens, as an access object would.
_KEYPAD_VALUE_RE: Final = re.compile(r"\d+(?:[#*]\d+)*[#*]|\d+(?:[#*]\d+)+")
# What may not follow the value: more digits or letters glued to it, a date/version/decimal tail,
# an amount, or a unit that makes the number a description ("4 digits", "30 segundos").
_AFTER_RE: Final = re.compile(
    r"(?:[\w]|[/.:,\-]\d|[ \t]*(?:%|€|\$|£|h\b|am\b|pm\b|a\.m|p\.m)"
    r"|[ \t]+(?:digits?|d[ií]gitos?|cifras?|caracteres|characters?|chars?|times|veces|intentos|attempts?|tries"
    r"|seconds?|segundos?|minutes?|minutos?|hours?|horas?|days?|d[ií]as?|euros?|dollars?|d[oó]lares"
    r"|people|personas|years?|a[nñ]os|meses|months?|pages?|p[aá]ginas)\b)"
)
# After a value that follows its label with no connector, the clause ends or goes on with a
# preposition or a conjunction ("gate code 1934, ask…", "lockbox code 7391 for the cleaner").
# Twenty-seventh round: or with a keypad's key named in words after the digits ("código de acceso 3309
# seguido de almohadilla", "gate code 4471 followed by the hash key", "then star"): it says the value is
# typed on a keypad, as a "#" glued to it does.
_BARE_END_RE: Final = re.compile(
    r"[ \t]*(?:$|[\n.,;:!?)\]—–\-(]|(?:for|and|or|but|at|on|to|from|since|until|y|o|pero|para|de|del|en|desde"
    r"|hasta|que|which|if|si|por)\b"
    r"|(?:seguid[oa]s?[ \t]+de(?:[ \t]+la|[ \t]+el)?|followed[ \t]+by(?:[ \t]+the)?|then(?:[ \t]+the)?|luego"
    # Thirty-eighth round (in sample, k66-060): a verb of pressing before the key ("then press #").
    r"|(?:then|luego|y)[ \t]+(?:press|pulsa|presiona|hit|marca|dale[ \t]+a)(?:[ \t]+(?:the|la|el))?)[ \t]+"
    r"(?:tecla[ \t]+)?(?:almohadilla|asterisco|hash|pound|star|[#*])(?!\w))")
_TAIL_RE: Final = re.compile(_MID + _CONNECTOR + _VALUE)
# Forty-first round: a keypad's key named in words right after the digits ("… is 2580 followed by the
# hash key", "es 4471 y luego almohadilla", "2580 then press #") says the value is typed on a keypad,
# as a "#" glued to it does (``_KEYPAD_VALUE_RE``), whatever the connector.
_KEY_NAMED_AFTER_RE: Final = re.compile(
    r"[ \t]*,?[ \t]*(?:seguid[oa]s?[ \t]+de(?:[ \t]+la|[ \t]+el)?|followed[ \t]+by(?:[ \t]+the)?|then(?:[ \t]+the)?|luego"
    r"|(?:and|y)[ \t]+(?:then|luego)(?:[ \t]+(?:the|la|el))?"
    r"|(?:then|luego|y)[ \t]+(?:press|pulsa|presiona|hit|marca|dale[ \t]+a)(?:[ \t]+(?:the|la|el))?|and[ \t]+(?:press|hit)"
    r"(?:[ \t]+the)?)[ \t]+(?:tecla[ \t]+)?(?:almohadilla|asterisco|hash|pound|star|[#*])(?!\w)")
# When the first reading takes a number of the label phrase for the value ("Código del portal de
# Calle Alcalá 112: 58#903"), the value is the one after the colon that closes the phrase.
_TAIL_COLON_RE: Final = re.compile(
    _MID + r"(?P<conn>[ \t]*[:=][ \t]*)(?P<changed>(?!))?(?P<to>(?!))?(?P<aside>(?!))?(?P<bare>(?!))?" + _VALUE)
_COLON_AFTER_RE: Final = re.compile(r"[ \t]*[:=]")
# Words in the mid section that make the sentence describe a code instead of stating one.
_DESCRIBING: Final[frozenset[str]] = frozenset(
    """must should has have had needs need requires required require requiere requieren necesita tiene
    tienen tenía tenia lleva debe deben policy política politica length longitud format formato
    reset resets resetting entry attempts attempt failed fallido fallidos fallo incorrect incorrecto
    wrong erróneo erroneo expires caduca vence sent enviado enviamos received recibido recibí recibi
    will won't would could can puede pueden podría podria never nunca""".split()
)
# An Indian postal "PIN code": six digits next to an address word.
_POSTAL_WORDS_RE: Final = re.compile(
    r"\b(?:india|indian|postal|post|address|road|rd|street|nagar|marg|lane|colony|sector|district|city"
    r"|state|village|taluk|tehsil|delivery|courier|shipping|parcel|bengaluru|bangalore|mumbai|delhi"
    r"|chennai|kolkata|hyderabad|pune|ahmedabad|jaipur|lucknow|kochi|karnataka|maharashtra|kerala"
    r"|tamil|gujarat|direcci[oó]n|env[ií]o|correos|localidad|ciudad)\b"
)
_HINTS: Final = ("pin", "p1n", "pín", "pln", "desbloqueo", "unlock", "desarme", "disarm", "keypad", "p.i.n", "puk", "nip", "n.i.p", "passcode", "pass code", "cvv", "cvc", "cod",
                 "c0d", "cód", "combina", "combo", "clave")

# The value first: "4821 is my PIN", "uso el 4821 como PIN del móvil".
_NOUN: Final = r"(?:" + _PIN_LABEL + r"|" + _CODE_WORD + r"|contrase(?:ñ|n)a|password)"
_REVERSE_RE: Final = re.compile(
    r"(?:\b(?:uses?|using|used|usa|uso|usamos|usaba|utiliza|pon(?:go|e)?|puse|set)[ \t]+(?:(?:el|the)[ \t]+)?"
    r"(?P<v>\d{4,8})[ \t]+(?:as|como)"
    r"|(?<![\w.,/-])(?P<w>\d{4,8})[ \t]+(?:is|was|es|era)(?:[ \t]+(?:still|todav[ií]a|ahora|now))?)"
    r"[ \t]+(?:(?:my|his|her|their|our|your|the|mi|su|tu|el|la|nuestro|nuestra)[ \t]+)?"
    r"(?P<pre>(?:[^\W\d_][\w\-]*[ \t]+){0,2}?)(?P<noun>" + _NOUN + r")\b(?P<post>[^\n.;]{0,40})"
)
# An access object, then the verb that opens it with digits: "the alarm is disarmed with 4471",
# "para entrar al garaje marca 5577", "la caja se abre con el 1290".
# Twenty-ninth round: the opening verb in any person, with the object's clitic before it ("la caja
# fuerte la abrimos con 061294", "lo abro con", "we open it with 4471", "the safe opened with").
_ACTION_RE: Final = re.compile(
    r"\b(?:open(?:s|ed)?(?:[ \t]+it)?[ \t]+with|(?:(?:se|la|lo|las|los)[ \t]+)?abr(?:e|o|es|en|imos|ió|io|ieron|ía|ia|íamos|iamos)[ \t]+con"
    r"|unlock(?:s|ed)?(?:[ \t]+it)?[ \t]+with|(?:(?:se|la|lo)[ \t]+)?desbloque(?:a|o|an|amos)[ \t]+con"
    r"|(?:is[ \t]+|gets[ \t]+)?disarm(?:ed|s)?(?:[ \t]+it)?[ \t]+with|(?:se[ \t]+)?desactiva(?:la|lo)?[ \t]+con"
    r"|(?:se[ \t]+)?desarma[ \t]+con|marca(?:r|s)?|teclea(?:r|s)?|introduce|introducir|pulsa(?:r)?|dial"
    r"|enter|type|key[ \t]+in|punch(?:[ \t]+in)?|takes|accepts|acepta"
    # Forty-first round: the same verbs said of what someone did ("marqué 906613 y funcionó", "I
    # punched in 4471 and it opened", "tecleamos 2580"), in any person of the past.
    r"|marqu[eé]|marc(?:[oó]|amos|aron|aba)|tecleo|introduzco|pulso|tecle(?:[eé]|[oó]|amos|aron|aba)|introduj(?:e|o|imos|eron)"
    r"|met(?:[ií]|i[oó]|imos)|puls(?:[eé]|[oó]|amos)|entered|typed|keyed[ \t]+in|punched(?:[ \t]+in)?|dial(?:l)?ed"
    r"|press(?:ed)?)"
    r"[ \t]+(?:(?:el|the|code|c[oó]digo|in)[ \t]+){0,2}"
    + _VALUE
)
# A value and what it is for or where it is typed: "Alarm: 4471 to disarm", "Garaje - 5577 para
# abrir", "Entry to the flat: 7719 on the panel".
_PURPOSE_RE: Final = re.compile(
    r"(?:[:=]|[ \t][-—–])[ \t]*" + _VALUE + r"[ \t]+(?:(?:to|para)[ \t]+(?:disarm|open|unlock|enter|get[ \t]+in|desarmar"
    r"|abrir|entrar|desbloquear|desactivar)|(?:on|at|in|into)[ \t]+the[ \t]+(?:panel|keypad|pad|intercom|lock)"
    r"|en[ \t]+el[ \t]+(?:teclado|panel|portero|interfono))\b")
# A combination after a lock and a colon: "the safe in the bedroom: 17-42-08", "Candado: 0471"
# (four digits or more, or digit groups, and only for things that are not numbered: a door, a
# gate or a locker has numbers).
_UNNUMBERED_LOCKS: Final = frozenset(
    "safe lockbox keybox keysafe padlock keypad alarm vault fuerte candado cerradura alarma teclado".split())
_COLON_RE: Final = re.compile(r"[:=]")
_LOCK_COLON_RE: Final = re.compile(r"[ \t]*[:=][ \t]*" + _VALUE)
# After a PIN label, a second value after an aside: "ya no es 1234, ahora es 8841".
_PIN_ASIDE_RE: Final = re.compile(
    r"[^\n.;:]{0,60}?,[ \t]*(?:(?:y|and|but|pero)[ \t]+)?(?:ahora|now)[ \t]+(?:(?:it'?s|it[ \t]+is|es|is)[ \t]+)?"
    r"(?:(?:el|the)[ \t]+)?" + _VALUE)
_ACTION_HINTS: Final = ("with", "con", "marc", "marqu", "teclea", "tecle", "introduc", "introduj", "pulsa", "dial",
                        "enter", "type", "key in", "keyed", "takes", "accepts", "acepta", " to ", "para",
                        "punch", "met", "puls", "press")
_CLAUSE_START_RE: Final = re.compile(r"[.;:!?\n]")


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD_RE.findall(text)]


def _names_access(words: list[str]) -> bool:
    """Does a word name an access object (a possessive or a plural too: "safe's", "lockers")?"""
    return any(w in _ACCESS_OBJECTS or w.removesuffix("'s").removesuffix("’s") in _ACCESS_OBJECTS
               or (w.endswith("s") and w[:-1] in _ACCESS_OBJECTS) for w in words)


# "Combination" names a lock's code whenever the note names a lock or an access object anywhere, also
# in an earlier clause ("Hotel safe in Marta's room: combination 6149", "Taquilla del gimnasio:
# combinación 3-14-27") — a combination is what opens a combination lock — unless the text is about
# a draw, a game or keys ("la combinación ganadora del sorteo", "key combination"). Without a lock
# in the note, "Plan combination 2025," or a menu's "Combinación 102," stay numbers.
_COMBINATION_RE: Final = re.compile(r"combinaci[oó]n|combination")
_DRAW_RE: Final = re.compile(
    r"\b(?:sorteo|loter[ií]a|ganadora?s?|premiad[oa]s?|primitiva|bonoloto|euromill[oó]n(?:es)?|quiniela|apuesta"
    r"|lottery|lotto|winning|jackpot|powerball|draw|bet|keys?|teclas?|shortcut|atajo)\b")


def _words_before(lower: str, start: int, count: int) -> list[str]:
    """The last ``count`` words before ``start`` in the same clause."""
    window = lower[max(0, start - 40):start]
    cut = max((m.end() for m in _CLAUSE_START_RE.finditer(window)), default=0)
    return _words(window[cut:])[-count:]


_PREPOSITIONS: Final = frozenset("de del of for para on en".split())
_STATE_WORDS: Final = frozenset("nuevo nueva new actual current temporal temporary provisional".split())
# A code word that names part of an address or a phone number: the word right after it
# ("código postal", "código de área", "código del país") or right before it ("zip code").
_ADDRESS_AFTER: Final = frozenset(
    "postal postales zip área area país pais zona telefónico telefonico internacional swift bic sucursal oficina".split())
# Fourteenth round: a bank's codes name a branch, not a lock: the UK/Irish sort code (``NN-NN-NN``),
# a SWIFT/BIC code (ISO 9362), a US routing (ABA) number, a branch code.
_ADDRESS_BEFORE: Final = frozenset(
    "zip post postal area country dialling dialing calling telephone phone sort swift bic routing branch".split())


def _address_code(before: list[str], mid: list[str]) -> bool:
    """Is the code word an address's or a phone number's code?"""
    after = [w for w in mid[:3] if w not in ("de", "del", "la", "el", "of", "the")][:1]
    return bool(before[-1:] and before[-1] in _ADDRESS_BEFORE) or bool(after and after[0] in _ADDRESS_AFTER)
_DESIGNATOR_RE: Final = re.compile(r"(?P<word>[^\W\d_][\w\-]*)?[ \t]+\#?\d")


def _numbers_designate(mid: str) -> bool:
    """Every number in the label phrase names which object it is ("taquilla 21", "locker #17")."""
    return all(d.group("word") is not None and _names_access([d.group("word").lower()])
               for d in _DESIGNATOR_RE.finditer(" " + mid))


_HEADING_COLON_RE: Final = re.compile(r"[ \t]*[:=][ \t]*$")
_SENTENCE_START_RE: Final = re.compile(r"[.;!?\n]")


def _heading_names_lock(lower: str, start: int) -> bool:
    """Does the label follow a heading's colon, the heading (same sentence) naming a lock?"""
    window = lower[max(0, start - 80):start]
    colon = _HEADING_COLON_RE.search(window)
    if colon is None:
        return False
    return _last_sentence_names_lock(window[:colon.start()])


def _last_sentence_names_lock(window: str) -> bool:
    """Does the last sentence of ``window`` name a lock, and no word that makes it describe a code?"""
    words = _words(window[max((m.end() for m in _SENTENCE_START_RE.finditer(window)), default=0):])
    return any(w in _LOCKS for w in words) and not any(w in _DESCRIBING for w in words)


# Fifteenth round: a lock named as the sentence's subject or in its heading, then the code word with
# the digits right after it ("La caja fuerte de la habitación quedó con el código 905117", "Portal del
# edificio: marcar el código 3306"): the code is the lock's, however many words lie between — unless
# "de"/"of" names another owner right after the digits ("el código 2024 de la normativa").
# "el código 2024 de la normativa": the number is another thing's code.
_OF_AFTER_RE: Final = re.compile(r"[ \t]+(?:de|del|of)\b")


# Seventeenth round: a verb of having right before the code word states which code the lock has
# ("El lockbox del chalet tiene code 5307", "the key safe has code 8163"); elsewhere in the sentence "tiene"/"has"
# describes one ("tiene que ser de 6 cifras", "has to be changed") and stays a describing word.
_HAS_CODE_RE: Final = re.compile(r"\b(?:tiene|ten[ií]a|lleva|has|had|uses|usa)(?:[ \t]+(?:el|un|the|a))?[ \t]*$")


def _lock_in_sentence(lower: str, start: int) -> bool:
    """Does the sentence before ``start`` (a heading before a colon included) name a lock, and no
    word that makes it describe a code?"""
    window = lower[max(0, start - 120):start]
    return _last_sentence_names_lock(_HAS_CODE_RE.sub("", window))


def _bound(text: str, lower: str, label: re.Match[str]) -> Iterator[tuple[int, int]]:
    """The value bound to ``label`` by a connector (see the module docstring), if any."""
    m = _TAIL_RE.match(lower, label.end())
    if m is not None and m.group("bare") is not None and _COLON_AFTER_RE.match(lower, m.end("v")):
        m = _TAIL_COLON_RE.match(lower, label.end())
    if m is None:
        return
    pin = label.group("pin") is not None
    mid = _words(m.group("mid"))
    keypad = (_KEYPAD_VALUE_RE.fullmatch(m.group("v")) is not None
              or _KEY_NAMED_AFTER_RE.match(lower, m.end("v")) is not None)
    # A number in the label phrase may be an address's ("Calle Alcalá 112") when the value is typed
    # on a keypad (fourteenth round); otherwise it must say which lock it is.
    if any(w in _DESCRIBING for w in mid) or not (keypad or _numbers_designate(m.group("mid"))):
        return
    before = _words_before(lower, label.start(), 3)
    combination = (_COMBINATION_RE.fullmatch(label.group(0)) is not None and _DRAW_RE.search(lower) is None
                   and _names_access(_words(lower)))
    headed = not before and _heading_names_lock(lower, label.start())
    if not pin and not combination and not keypad and not headed \
            and (not _names_access(before + mid) or _address_code(before, mid)) \
            and not (m.group("bare") is not None and not mid and _lock_in_sentence(lower, label.start())
                     and _OF_AFTER_RE.match(lower, m.end("v")) is None):
        return
    if m.group("changed") is not None and not (mid and _CHANGE_VERB_RE.fullmatch(mid[-1])):
        return  # ", now it's 4821" sets off a new value only right after "… changed"
    # Thirty-second round: a state adjective after the access object ("pin sim nuevo 0637", "código
    # portal nuevo 4821", "the door code new 4821" in a note's shorthand) leaves the object last.
    while m.group("bare") is not None and len(mid) > 1 and mid[-1] in _STATE_WORDS:
        mid = mid[:-1]
    if m.group("bare") is not None and mid and not _names_access(mid[-1:]) \
            and not (pin and mid[0] in _PREPOSITIONS):
        return  # "the door code changed in 2024": the digits do not follow the label phrase
    if m.group("bare") is not None and _BARE_END_RE.match(lower, m.end("v")) is None:
        return  # "alarm code 3 means…", "entry code 2021 requires…": the number is the subject
    if m.group("to") is not None and not _CHANGE_VERB_RE.search(" ".join(before + mid)):
        return  # "PIN to 4821" only after a change verb ("set the PIN to 4821", "cambié el PIN a …")
    if m.group("aside") is not None and not pin and not combination \
            and not any(w in _LOCKS for w in before + mid):
        return  # a comma after a code word sets off a value only for a lock ("Safe code, 5521, …")
    value = m.group("v")
    digits = sum(c.isdigit() for c in value)
    # A PIN has four digits or more; a card's CVV and a lock's combination may have three.
    short_pin = label.group("pin") is not None and not label.group("pin").startswith(("cvv", "cvc")) \
        and not any(w in _LOCKS for w in before + mid)
    if digits < (4 if short_pin else 3) or _AFTER_RE.match(lower, m.end("v")) is not None:
        return
    if pin and not _names_access(before + mid) and postal_pin(lower, value):
        return
    yield m.start("v"), m.end("v")


def postal_pin(lower: str, value: str) -> bool:
    """Is a PIN-labelled ``value`` an Indian postal PIN code: six digits (the first not 0) in a text
    that names an address and no access object ("Bengaluru, PIN 560001")?"""
    return (len(value) == 6 and value.isdigit() and value[0] != "0"
            and _POSTAL_WORDS_RE.search(lower) is not None and not _names_access(_words(lower)))


def names_a_pin(lower: str) -> bool:
    """Does ``lower`` name a PIN, or a code label beside an access object it opens ("¿me recuerdas el
    PIN de la alarma?", "what's the gate code?"), in a text that names no postal address?"""
    if _POSTAL_WORDS_RE.search(lower) is not None:
        return False
    labels = list(_LABEL_RE.finditer(lower))
    return any(m.group("pin") for m in labels) or (bool(labels) and _names_access(_words(lower)))


def unit_follows(text: str, end: int) -> bool:
    """A unit, a date or an amount closes the digits ending at ``end`` (they are no code)."""
    return _AFTER_RE.match(text, end) is not None


def _find_access_codes(text: str, lower: str) -> Iterator[_Span]:
    """Digits bound to a PIN-like label or to a code word naming what it opens."""
    if _THREE_DIGITS_RE.search(text) is None or not any(h in lower for h in _HINTS):
        return
    for label in _LABEL_RE.finditer(lower):
        for start, end in _bound(text, lower, label):
            yield start, end, "password"
        if label.group("pin") is not None and "," in lower:
            m = _PIN_ASIDE_RE.match(lower, label.end())
            if m is not None and sum(c.isdigit() for c in m.group("v")) >= 4 and _AFTER_RE.match(lower, m.end("v")) is None:
                yield m.start("v"), m.end("v"), "password"
    for m in _REVERSE_RE.finditer(lower):
        noun = m.group("noun")
        if re.fullmatch(_CODE_WORD, noun) and not _names_access(_words(m.group("pre") + m.group("post"))):
            continue
        group = "v" if m.group("v") is not None else "w"
        yield m.start(group), m.end(group), "password"


def _find_action_codes(text: str, lower: str) -> Iterator[_Span]:
    """An access object, then a verb that opens it with digits, in one clause."""
    if _THREE_DIGITS_RE.search(text) is None or _LOCKS_RE.search(lower) is None:
        return
    if any(h in lower for h in _ACTION_HINTS):
        for regex in (_ACTION_RE, _PURPOSE_RE):
            yield from _acted_values(regex, lower)
    if ":" not in lower and "=" not in lower:
        return
    for colon in _COLON_RE.finditer(lower):
        before = _words_before(lower, colon.start(), 5)
        if not any(w in _UNNUMBERED_LOCKS for w in before) or any(w in _DESCRIBING for w in before):
            continue
        m = _LOCK_COLON_RE.match(lower, colon.start())
        if m is None or _AFTER_RE.match(lower, m.end("v")) is not None:
            continue
        value = m.group("v")
        if (len(value) >= 4 and value.isdigit()) or (not value.isdigit() and sum(c.isdigit() for c in value) >= 3):
            yield m.start("v"), m.end("v"), "password"


# Forty-first round: or the lock right after the value, where it was typed ("I entered 4471 on the
# gate keypad", "tecleé 3309 en el teclado del portal"): a keypad or a lock, not a door or a phone.
_TYPED_ON_LOCK_RE: Final = re.compile(
    r"[ \t]+(?:on|into|en)[ \t]+(?:the[ \t]+|el[ \t]+|la[ \t]+)?(?:[^\W\d_]+[ \t]+){0,2}?"
    r"(?:keypad|keypads|lock|padlock|safe|alarm|teclado|candado|cerradura|caja[ \t]+fuerte|alarma)\b")


# Forty-first round: what the digits are said to be, or where they were typed instead of a lock
# ("entered 2024 as the year", "punched 2500 into the calculator", "lo marqué como año de alta").
_TYPED_AS_OTHER_RE: Final = re.compile(
    r"[ \t]+(?:(?:as|como)[ \t]+(?:(?:the|my|his|her|a|an|el|la|mi|su|un|una)[ \t]+"
    r"(?!(?:\w+[ \t]+)?(?:code|c[oó]digo|pin|passcode|password|contrase[ñn]a|clave|combination|combinaci[oó]n)\b)[^\W\d_]"
    r"|(?:year|date|extension|a[nñ]o|fecha|extensi[oó]n|importe|amount|precio|price)\b)"
    r"|(?:on|in|into|en)[ \t]+(?:(?:the|my|a|el|la|mi|su|un|una)[ \t]+)?(?:calculator|calculadora|phone|tel[eé]fono"
    r"|m[oó]vil|app|form|formulario|computer|ordenador|laptop|port[aá]til|search|buscador|spreadsheet|hoja|sign|cartel"
    r"|calendar|calendario|agenda|website|web)\b)")


def _acted_values(regex: re.Pattern[str], lower: str) -> Iterator[_Span]:
    for m in regex.finditer(lower):
        if _TYPED_AS_OTHER_RE.match(lower, m.end("v")) is not None:
            continue
        # Forty-first round: the lock may be named by a heading before a colon ("Garage keypad: punch
        # … then the # key"), as a label's heading names it (``_heading_names_lock``).
        if not any(w in _LOCKS for w in _words_before(lower, m.start(), 8)) \
                and not _heading_names_lock(lower, m.start()) and _TYPED_ON_LOCK_RE.match(lower, m.end("v")) is None:
            continue
        if sum(c.isdigit() for c in m.group("v")) < 3 or _AFTER_RE.match(lower, m.end("v")) is not None:
            continue
        yield m.start("v"), m.end("v"), "password"


# Forty-fifth round: a lock's code said as digit words ("el candado de la taquilla abre con cero, cinco, ocho,
# tres", "the padlock opens with four two nine one"): four to eight digit words after the verb that opens the
# lock or a code's copula, the lock among the eight words before (as for digits above). A count ("se abre con
# dos o tres vueltas") has fewer than four digit words in a row.
_DIGIT_WORD: Final = r"(?:cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|zero|one|two|three|four|five|six|seven|eight|nine)"
_WORDED_CODE_RE: Final = re.compile(
    r"\b(?:open(?:s|ed)?(?:[ \t]+it)?[ \t]+with|(?:(?:se|la|lo)[ \t]+)?abr(?:e|o|en|imos|i[oó])[ \t]+con"
    r"|unlock(?:s|ed)?(?:[ \t]+it)?[ \t]+with|(?:(?:se|la|lo)[ \t]+)?desbloque(?:a|o|an)[ \t]+con"
    r"|(?:code|c[oó]digo|combination|combinaci[oó]n)[ \t]+(?:is|es)[ \t]*:?)[ \t]+(?:(?:el|the)[ \t]+)?"
    r"(?P<v>" + _DIGIT_WORD + r"(?:(?:[ \t]*[,\-][ \t]*|[ \t]+)" + _DIGIT_WORD + r"){3,7})(?![\w])")
_WORDED_HINTS: Final = ("cero", "cinco", "seis", "siete", "ocho", "nueve", "zero", "five", "six", "seven", "eight", "nine")


def _find_worded_codes(text: str, lower: str) -> Iterator[_Span]:
    """A lock's code said as four to eight digit words after the verb that opens it (see above)."""
    if not any(h in lower for h in _WORDED_HINTS) or _LOCKS_RE.search(lower) is None:
        return
    for m in _WORDED_CODE_RE.finditer(lower):
        if any(w in _LOCKS for w in _words_before(lower, m.start(), 8)) or _heading_names_lock(lower, m.start()):
            yield m.start("v"), m.end("v"), "password"


# Twenty-eighth round: a code given by anaphora. The class: after a PIN-like label or a code word
# that names what it opens ("Office door code changed", "Han cambiado el código del portal"), a later
# clause gives the value through a pronoun-like noun phrase that stands for that code — "the new
# one", "the current one", "la nueva", "el nuevo", "el actual" — and a copula or a colon ("Raj says
# the new one is 27#83", "la nueva es 4471#"). The antecedent must be in the 160 characters before.
_ANAPHOR_RE: Final = re.compile(
    r"\b(?:the[ \t]+(?:new|current|updated|latest)[ \t]+one|new[ \t]+one|(?:la|el)[ \t]+(?:nueva|nuevo|actual))"
    r"(?:[ \t]+(?:is|es|ser[aá])(?:[ \t]+(?:now|ahora))?[ \t]*:?|[ \t]*[:=])[ \t]*" + _VALUE)
_ANAPHOR_HINTS: Final = ("one", "nueva", "nuevo", "actual")
_ANTECEDENT_WINDOW: Final = 160


def _antecedent_code(lower: str, start: int) -> bool:
    """Is there, in the window before ``start``, a PIN-like label or a code word with an access object
    among the three words before it or the three after it (see ``_ANAPHOR_RE``)?"""
    window_start = max(0, start - _ANTECEDENT_WINDOW)
    for label in _LABEL_RE.finditer(lower, window_start, start):
        if label.group("pin") is not None:
            return True
        after = _words(lower[label.end():min(start, label.end() + 30)])[:3]
        if _names_access(_words_before(lower, label.start(), 3) + after):
            return True
    return False


def _find_anaphoric_codes(text: str, lower: str) -> Iterator[_Span]:
    """A code's value given as "the new one is …" / "la nueva es …" after the code is named."""
    if _THREE_DIGITS_RE.search(text) is None or not any(h in lower for h in _ANAPHOR_HINTS):
        return
    for m in _ANAPHOR_RE.finditer(lower):
        if sum(c.isdigit() for c in m.group("v")) < 3 or _AFTER_RE.match(lower, m.end("v")) is not None:
            continue
        if _antecedent_code(lower, m.start()):
            yield m.start("v"), m.end("v"), "password"


# Twenty-ninth round: a code named by a configuration key, ``alarm_code=8142``, ``GATE_CODE: "4471"``,
# ``codigo-portal=3306`` (snake, kebab or dotted case: env files, YAML, shell variables). The key's
# code word ("code", "código", "combo", "combination", "combinación") must sit beside a part that
# names a lock (``_LOCKS``, or access, unlock, disarm, security and their Spanish words), so that
# ``zip_code=28014``, ``status_code=404``, ``country_code: 34`` or ``bank_code=0049`` stay numbers.
_IDENT_CODE_WORD: Final = r"(?:code|c[oó]digo|combo|combination|combinaci[oó]n)s?"
_IDENT_CODE_RE: Final = re.compile(
    r"(?<![\w.\-])(?P<key>(?:[a-z0-9]+[_.\-])+" + _IDENT_CODE_WORD + r"|" + _IDENT_CODE_WORD
    + r"(?:[_.\-][a-z0-9]+)+)[ \t]*[:=][ \t]*[\"']?(?P<v>\d{3,8}[#*]?)(?![\d])")
_IDENT_LOCK_PARTS: Final = _LOCKS | frozenset(
    "access acceso unlock desbloqueo disarm desarme security seguridad".split())


def _find_identifier_codes(text: str, lower: str) -> Iterator[_Span]:
    """Digits assigned to a configuration key that names a lock's code (see ``_IDENT_CODE_RE``)."""
    if "=" not in lower and ":" not in lower:
        return
    for m in _IDENT_CODE_RE.finditer(lower):
        parts = re.split(r"[_.\-]", m.group("key"))
        if not any(part in _IDENT_LOCK_PARTS for part in parts):
            continue
        if _AFTER_RE.match(lower, m.end("v")) is not None:
            continue
        yield m.start("v"), m.end("v"), "password"


CODE_FINDERS: Final = (_find_access_codes, _find_action_codes, _find_worded_codes, _find_anaphoric_codes,
                       _find_identifier_codes)
