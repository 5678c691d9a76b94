"""Passphrases named by what they unlock rather than by a password word (issue 15, fourth round).

* a quoted phrase that unlocks something that holds secrets — ``"orange kayak drifts slowly"
  unlocks my vault``, ``la frase "caballo verde salta alto" desbloquea el disco``;
* what to type to unlock or decrypt such a thing ("open" is too common: "to open the file, use
  'File > Open'") — ``To decrypt the archive use 'maple syrup
  on toast'``, ``Unlock the backup with: silver fox jumps high``, ``Para descifrar el zip: …``: a
  quoted value, or after a colon a run of three or more plain words closing its clause;
* plain words after a seed or passphrase label and an aside ("Seed words Lisa wrote on the back
  of the photo: glacier tomato …", "KeePass master phrase for Olivia -> velvet anchor …"), or after
  a verb of giving and a secret noun or holder ("Me dictó las palabras de su monedero: …", "He
  sent me the vault passphrase — …"): a colon, an arrow or a dash, then three or more plain words
  that close their clause, with at most one function word and none that points elsewhere,
  describes or negates ("… : somewhere in the attic", "… -> still the old one" are kept).

Nineteenth round (``_find_labelled_phrases``): after a passphrase/seed label and its aside
("KeePass unlock phrase for Ana: …", "the master passphrase Hugo uses for X is …"), a phrase quoted
after a colon, arrow, dash or copula (three or more words), or bare after a copula when four or more
plain words close the sentence with no function word and none that describes ("very long",
"stored", "random"), negates or points elsewhere. A bare password word is never such a label.

Fifteenth round: a run of plain words may hold a number (one to four digits, not first and not a
count: "3 veces", "4 digits"), and a sequencing connector ("y luego", "and then") closes it.

What is unlocked must hold secrets (a vault, wallet, disk, archive, backup, key, laptop, phone,
account, password manager…): "To open the menu, type 'show all'" is an instruction, not a secret.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.codes import _AFTER_RE
from memory.scrubbing.kinds import _Span
from memory.scrubbing.measures import DESCRIBING_WORDS as _DESCRIBING
from memory.scrubbing.measures import described_before
from memory.scrubbing.vocabulary import MENTIONED_RE, STORE_NAMES

#: Things whose unlocking phrase is a secret (lower-case words; "caja fuerte" by "caja"/"fuerte").
HOLDERS: Final[frozenset[str]] = frozenset(
    """vault vaults wallet wallets disk disks drive drives archive archives zip rar 7z file files backup
    backups keystore keychain keyring key keys laptop phone account accounts safe container volume
    partition manager
    gpg pgp ssh database db encrypted encryption seed mnemonic
    bóveda boveda monedero cartera disco discos unidad archivo archivos fichero ficheros copia copias
    portátil portatil móvil movil teléfono telefono cuenta cuentas caja fuerte contenedor volumen
    partición particion gestor llavero clave claves cifrado cifrada cifrados cifradas semilla""".split()
) | STORE_NAMES
_UNLOCKS: Final = (r"(?:unlocks?|opens?|decrypts?|unseals?|desbloquea|desbloquean|abre|abren|descifra|descifran"
                   r"|desencripta|desencriptan|da[ \t]+acceso[ \t]+a|gives[ \t]+access[ \t]+to)")
_SECRET_NOUN: Final = r"(?:pass(?:word|phrase)|phrase|words|frase|palabras|contrase(?:ñ|n)a|clave)"
# Fifteenth round: a passphrase may hold a number as a word ("mi gato odia los lunes 1987", "grumpy
# kettle sings at dawn 42": one to four digits, never first), and a sequencing connector ("y luego",
# "and then", "y después") ends it: what follows is the next step, not the phrase.
_SEQUENCE: Final = r"(?:y|and)[ \t]+(?:luego|then|despu[eé]s)\b"
_RUN: Final = r"[^\W\d_]+(?:[ \t]+(?!" + _SEQUENCE + r")(?:[^\W\d_]+|\d{1,4}(?![\w.,:/\-]\w))){2,15}"
_QUOTED: Final = r"(?:\"(?P<dq>[^\"\n]{6,80})\"|“(?P<cq>[^”\n]{6,80})”|«(?P<gq>[^»\n]{6,80})»|(?<!\w)'(?P<sq>[^'\n]{6,80})'(?!\w))"
_QUOTE_GROUPS: Final = ("dq", "cq", "gq", "sq")
# "…"quoted…" unlocks/desbloquea <holder>"
_QUOTE_THEN_UNLOCK_RE: Final = re.compile(
    _QUOTED + r"[ \t]*,?[ \t]*(?:(?:is[ \t]+what|es[ \t]+lo[ \t]+que|that|which|que|lo[ \t]+que)[ \t]+)?"
    r"(?:" + _UNLOCKS + r"|(?:to|para)[ \t]+(?:unlock|decrypt|open|desbloquear|descifrar|abrir))\b(?P<obj>[^\n.;:]{0,50})")
# A passphrase of words joined by hyphens after its label: "Decrypt with passphrase river-stone-candle-ninety".
_CHAINED_RE: Final = re.compile(
    r"\b(?:pass[ \t]?phrase|password|contrase(?:ñ|n)a|frase[ \t]+(?:de[ \t]+paso|de[ \t]+acceso|secreta)|seed)\b"
    r"[ \t]*(?:(?:is|es|was|era)[ \t]+|[:=][ \t]*)?(?P<v>[^\W\d_]{3,}(?:[-_.][^\W\d_]{2,}){2,7})(?![\w\-])")
# "<holder> se desbloquea con 'X'", "the vault opens with "X"": the holder first, then the verb.
_UNLOCKS_WITH_RE: Final = re.compile(
    r"\b(?:se[ \t]+)?(?:desbloquea|descifra|abre|unlocks|opens|decrypts)[ \t]+(?:con|with)[ \t]+"
    r"(?:(?:la|the)[ \t]+(?:frase|phrase|passphrase)[ \t]+)?" + _QUOTED)
# Twenty-ninth round: the same verb before a colon and an unquoted run of words ("the KeePass database
# opens with: lemon tractor whisper ninety", "el disco cifrado se abre con: sol de invierno en Soria",
# "la bóveda la abrimos con: …"): the colon states the value, as a label's colon does; the holder
# must be named in the clause before the verb — a store of secrets, not a document or a file, which
# "opens with" its first contents or an application ("the file opens with: LibreOffice Calc or Excel")
# — and the run must close its clause as plain words with at most one function word, never the first
# ("the archive opens with: an introduction by the editor" is prose).
# A run that names an unlocking method instead of a value ("unlocks with: Face ID and fingerprint",
# "se abre con: huella o patrón", "with: YubiKey and PIN") states no secret.
_UNLOCK_METHODS: Final[frozenset[str]] = frozenset(
    """face faceid touch touchid fingerprint fingerprints biometric biometrics pattern pin yubikey smartcard
    card token huella huellas dactilar facial patrón patron tarjeta llave""".split())
_DOCUMENT_HOLDERS: Final[frozenset[str]] = frozenset(
    "file files archive archives zip rar 7z backup backups archivo archivos fichero ficheros copia copias".split())
_UNLOCKS_WITH_COLON_RE: Final = re.compile(
    r"\b(?:(?:se|la|lo)[ \t]+)?(?:desbloque(?:a|o|an|amos)|descifr(?:a|o|an|amos)|abr(?:e|o|en|imos)"
    r"|unlock(?:s|ed)?|open(?:s|ed)?|decrypt(?:s|ed)?)(?:[ \t]+it)?[ \t]+(?:con|with)[ \t]*:[ \t]*"
    r"(?P<run>" + _RUN + r")")
# "to unlock/decrypt <holder> use/type/with/: <value>"
# Twenty-seventh round: the typing verb in any form a note gives the step in — imperative, infinitive
# after a modal of necessity ("hay que escribir", "tienes que teclear", "you have to type"), second or
# third person present ("tecleas", "Raúl teclea", "she types") — and the Latin American "ingresa",
# "digita".
_TYPING_VERB: Final = (r"(?:use|type|types|typed|enter|enters|entered|with|using|usa|usar|escrib(?:e|es|ir)"
                       r"|tecle(?:a|as|ar)|introduc(?:e|es|ir)|pon|poner|ingres(?:a|as|ar)|digit(?:a|as|ar)|con)")
_UNLOCK_THEN_VALUE_RE: Final = re.compile(
    r"\b(?:unlock|decrypt|unseal|desbloquear|descifrar|desencriptar)\b"
    r"(?P<obj>[^\n.:;\"“”«»']{0,50}?)"
    r"(?:[ \t]*,?[ \t]*" + _TYPING_VERB + r"\b[ \t]*:?"
    r"|[ \t]*,?[ \t]*(?:(?:the|la|el|su|my|mi|its)[ \t]+)?" + _SECRET_NOUN + r"[ \t]+(?:is|es|are|son)[ \t]*:?"
    r"|[ \t]*(?P<colon>:))[ \t]*"
    r"(?:(?:the|la|el)[ \t]+(?=" + _SECRET_NOUN + r"))?(?P<named>" + _SECRET_NOUN + r"[ \t]*:?[ \t]*)?"
    r"(?:" + _QUOTED + r"|(?P<run>" + _RUN + r"))")
# "Contraseña del gestor (es una frase): el gato verde…": a password word and a word saying the
# value is a phrase, then a colon and the phrase to the end of its clause.
_DECLARED_RE: Final = re.compile(
    r"\b(?:pass(?:word|phrase)|contrase(?:ñ|n)a|clave|pwd)\b(?P<label>[^\n:=.;\"“”]{0,60}?)[ \t]*[:=][ \t]*"
    r"(?P<run>" + _RUN + r")")
_PHRASE_NESS_RE: Final = re.compile(r"\b(?:frase|phrase|sentence|oraci[oó]n|palabras|words)\b")
_PHRASE_ASIDE_RE: Final = re.compile(r"\((?=[^()\n]*\b(?:frase|phrase|sentence|oraci[oó]n)\b)[^()\n]{0,60}\)")
_NUMBER_RE: Final = re.compile(r"\d+")
_CLAUSE_END_RE: Final = re.compile(r"[ \t]*(?:[.;!?)\n]|,[ \t]|$|[ \t][-—–][ \t])|[ \t]+" + _SEQUENCE)
_FUNCTION_WORDS: Final[frozenset[str]] = frozenset(
    """a an the in on at for with of to from by and or but if when is are was it this that my your
    el la los las un una de del en con para por y o que es su mi tu se lo""".split()
)
#: Words that make a run after a colon point at a secret or describe it instead of stating it.
_POINTERS: Final[frozenset[str]] = frozenset(
    """see ask véase vease runbook wiki docs doc documentation documentación documentacion handbook
    manual section sección seccion page página pagina item
    use usa usar uses using pide pedir pídele pidele ask pregunta pregúntale preguntale see ver mira
    check revisa consulta busca look find está esta están estan is are es son was era tiene has have
    hay there está guardada guardado stored saved kept written escrita escrito apuntada apuntado
    clave contraseña contrasena password passphrase key vault bóveda boveda gestor manager keepass
    bitwarden 1password lastpass correo email mail slack teams envelope same misma mismo
    siempre always usual habitual""".split()
)
# Twenty-seventh round: "sobre" is the noun "envelope" (where a password is kept) only with a
# determiner before it ("en el sobre", "un sobre", "ese sobre"), or as the run's first word ("sobre la
# mesa": where it lies); inside a run without one it is the preposition "over/on/about" and a word of
# the phrase ("siete lunas sobre Cuenca").
_DETERMINERS: Final[frozenset[str]] = frozenset(
    "el un ese este aquel del al mi tu su nuestro vuestro the an this that".split())


def points_elsewhere(words: list[str]) -> bool:
    """Does a word of ``words`` point at where the secret is kept instead of stating it (``_POINTERS``;
    "sobre" only as the noun, see above)?"""
    return any(w in _POINTERS or (w == "sobre" and (i == 0 or words[i - 1] in _DETERMINERS))
               for i, w in enumerate(words))
#: Words that open a clause about a named secret rather than the secret itself: relatives, pronouns,
#: prepositions and articles ("use the phrase she told you", "usa la frase que está en el sobre").
_CLAUSE_STARTS: Final[frozenset[str]] = frozenset(
    """que which that who whom whose where what she he they we you i it me te le les se lo nos os
    from of in on at with by for to de del en con por para desde the a an el la los las un una""".split()
)
#: Words of a policy or a requirement: a run with one describes passphrases instead of stating one
#: ("Passphrase requirements: at least four random words"); in a label they do the same.
_POLICY: Final[frozenset[str]] = frozenset(
    """policy policies requirement requirements requisito requisitos rule rules regla reglas norma normas
    format formato length longitud hint pista tip tips consejo consejos guideline guidelines advice
    minimum mínimo minimo maximum máximo maximo least menos words palabras characters caracteres
    letters letras digits dígitos digitos symbols símbolos simbolos random aleatorias aleatorios
    spaces espacios separated separadas separados""".split()
)
# What each regex needs in the lower-cased text: its verbs.
_QUOTE_HINTS: Final = ("unlock", "open", "decrypt", "unseal", "desbloque", "abre", "descifr", "desencript", "acceso",
                       "access", "abrir")
_VERB_HINTS: Final = ("unlock", "decrypt", "unseal", "desbloque", "descifr", "desencript")
_DECLARED_HINTS: Final = ("pass", "contrase", "clave", "pwd")
_WORD_RE: Final = re.compile(r"[^\W\d_][\w\-]*")


#: A holder's name may open with a digit ("1Password"): read whole, not from its first letter ("password").
_HOLDER_WORD_RE: Final = re.compile(r"\w[\w\-]*")


def _holds_secrets(text: str) -> bool:
    return any(w.lower() in HOLDERS for w in _HOLDER_WORD_RE.findall(text))


def _phrase_like(value: str) -> bool:
    """Two or more words, or one long token: not a single ordinary word."""
    words = value.split()
    return len(words) >= 2 or len(value) >= 10


def _find_unlocking_phrases(text: str, lower: str) -> Iterator[_Span]:
    if any(q in text for q in "\"“«'") and any(h in lower for h in _QUOTE_HINTS):
        for m in _QUOTE_THEN_UNLOCK_RE.finditer(lower):
            group = next(g for g in _QUOTE_GROUPS if m.group(g) is not None)
            if _holds_secrets(m.group("obj")) and _phrase_like(m.group(group)) and "[REDACTED:" not in m.group(group):
                yield m.start(group), m.end(group), "password"
    if (" con " in lower or " with " in lower) and any(q in text for q in "\"“«'"):
        for m in _UNLOCKS_WITH_RE.finditer(lower):
            group = next(g for g in _QUOTE_GROUPS if m.group(g) is not None)
            clause = lower[max(0, m.start() - 60):m.start()]
            if _holds_secrets(re.split(r"[.;:!?\n]", clause)[-1]) and _phrase_like(m.group(group)):
                yield m.start(group), m.end(group), "password"
    if (" con" in lower or " with" in lower) and ":" in lower:
        for m in _UNLOCKS_WITH_COLON_RE.finditer(lower):
            clause = lower[max(0, m.start() - 60):m.start()]
            holders = {w.lower() for w in _HOLDER_WORD_RE.findall(re.split(r"[.;:!?\n]", clause)[-1])} & HOLDERS
            if holders - _DOCUMENT_HOLDERS and not _UNLOCK_METHODS.intersection(m.group("run").split()) \
                    and _closing_phrase(text, m, prose=False):
                yield m.start("run"), m.end("run"), "password"
    if not any(h in lower for h in _VERB_HINTS):
        return
    for m in _UNLOCK_THEN_VALUE_RE.finditer(lower):
        if not _holds_secrets(m.group("obj")):
            continue
        group = next((g for g in _QUOTE_GROUPS if m.group(g) is not None), None)
        if group is not None:
            if _phrase_like(m.group(group)) and "[REDACTED:" not in m.group(group):
                yield m.start(group), m.end(group), "password"
            continue
        # A colon states the run, and so does a secret noun right before it ("usa la frase mi abuela
        # baila tango los martes"): either way it may read like a sentence.
        named = m.group("named") is not None and m.group("colon") is None
        if named and m.group("run").split(None, 1)[0] in _CLAUSE_STARTS:
            continue  # "usa la contraseña que te mandé", "use the phrase she told you": a clause about it
        if _closing_phrase(text, m, prose=m.group("colon") is not None or named):
            yield m.start("run"), m.end("run"), "password"


def _find_chained_phrases(text: str, lower: str) -> Iterator[_Span]:
    """Words joined by hyphens, dots or underscores right after a passphrase/password label."""
    if not any(h in lower for h in ("pass", "contrase", "frase", "seed")):
        return
    for m in _CHAINED_RE.finditer(lower):
        if not any(w in _POLICY or w in _POINTERS for w in re.split(r"[-_.]", m.group("v"))):
            yield m.start("v"), m.end("v"), "password"


def _find_declared_phrases(text: str, lower: str) -> Iterator[_Span]:
    """A password word whose label says the value is a phrase, then a colon and the phrase."""
    if (":" not in text and "=" not in text) or not any(h in lower for h in _DECLARED_HINTS):
        return
    for m in _DECLARED_RE.finditer(lower):
        # Forty-fifth round: an aside that says the value is a phrase may say how it is written too ("clave
        # maestra (es una frase, con espacios y en minúsculas) = …"): its words describe this value, no policy.
        label = _PHRASE_ASIDE_RE.sub(" ", m.group("label"))
        if any(w.lower() in _POLICY for w in _WORD_RE.findall(label)):
            continue
        if (m.group(0).startswith("passphrase") or _PHRASE_NESS_RE.search(m.group("label"))) \
                and _closing_phrase(text, m, prose=True):
            yield m.start("run"), m.end("run"), "password"


def _closing_phrase(text: str, m: re.Match[str], *, prose: bool) -> bool:
    """Does the word run ``m["run"]`` close its clause and read as a stated phrase? Plain words, at
    most one function word — or, where a colon states it (``prose``), a sentence of four or more
    words that points nowhere else ("usa la clave del gestor", "ask Ana", "is in the vault")."""
    words = [w.lower() for w in m.group("run").split()]
    if _CLAUSE_END_RE.match(text, m.end("run")) is None or any(w in _POLICY for w in words):
        return False
    if any(_AFTER_RE.match(m.string, m.start("run") + n.end()) for n in _NUMBER_RE.finditer(m.group("run"))):
        return False  # "pulsa 3 veces el botón": a count of something, not a word of a phrase
    if points_elsewhere(words):
        return False
    if sum(w in _FUNCTION_WORDS for w in words) <= 1 and words[0] not in _FUNCTION_WORDS:
        return True
    return prose and len(words) >= 4


# Seed and passphrase labels (the value is words by definition).
# Forty-fourth round: a phrase named by what it opens, an account or a login ("my account phrase is …",
# "the vault phrase", "login phrase"), as a seed's or a wallet's is.
_PHRASE_LABEL: Final = (r"(?:seed|recovery|backup|mnemonic|master|secret|pass|unlock|wallet|account|login|log-in|sign-in"
                        r"|access|vault)[ \t]?phrase"
                        r"|(?:seed|mnemonic|wallet)[ \t]words|passphrase"
                        r"|mnemonic|(?:wallet|crypto|bip39)[ \t]+seed|semilla[ \t]+del?[ \t]+(?:la[ \t]+|el[ \t]+)?(?:monedero|cartera|wallet)"
                        r"|frase[ \t]+(?:semilla|maestra|secreta|de[ \t]+(?:recuperaci[oó]n|paso|acceso))"
                        r"|palabras[ \t]+(?:semilla|de[ \t]+(?:recuperaci[oó]n|la[ \t]+semilla))")
_GIVING: Final = (r"(?:gave|given|sent|told|dictated|shared|handed|passed|texted|read[ \t]+out|me[ \t]+(?:dio|dict[oó]|pas[oó]"
                  r"|mand[oó]|envi[oó]|dijo|ley[oó]|comparti[oó])|le[ \t]+(?:di|pas[eé]|dict[eé]|mand[eé]|envi[eé])|compart(?:ió|io|í))")
_CONNECT: Final = r"[ \t]*(?P<conn>:|->|→|=>|[ \t][—–-][ \t]|,)[ \t]*"
_LABELLED_RUN_RE: Final = re.compile(
    r"\b(?P<label>" + _PHRASE_LABEL + r")\b(?P<aside>[^\n.;:=!?\"“”«»()]{0,70}?)" + _CONNECT + r"(?P<run>" + _RUN + r")")
_GIVEN_RUN_RE: Final = re.compile(
    r"\b" + _GIVING + r"\b(?P<aside>[^\n.;:=!?\"“”«»()]{0,70}?)" + _CONNECT + r"(?P<run>" + _RUN + r")")
_GIVEN_NOUN_RE: Final = re.compile(
    r"\b(?:pass(?:word|phrase)|contrase(?:ñ|n)a|clave|mnemonic|" + _PHRASE_LABEL + r")\b")
#: Words that make a label, an aside or a run describe, negate or point instead of stating.
_NOT_STATED: Final[frozenset[str]] = frozenset(
    """no not never nunca jamás jamas don't dont please porfa still todavía todavia same misma mismo old vieja
    viejo new nueva nuevo one una status estado instructions instrucciones location ubicación ubicacion
    backup copia somewhere algún algun where donde""".split())
#: After a comma the clause may simply go on ("…recovery words, then we argued…"): no such word.
_CLAUSE_WORDS: Final[frozenset[str]] = _NOT_STATED | frozenset(
    """then luego después despues entonces según segun because porque but pero and y so así asi which que
    who quien she he they we you i it me te le les se lo nos a an the el la los las un una
    of in on at to for with by from de del en con por para desde""".split())
_LABEL_HINTS: Final = ("seed", "semilla", "phrase", "frase", "words", "palabras", "mnemonic")
_GIVING_HINTS: Final = ("gave", "given", "sent", "told", "dictat", "shared", "handed", "passed", "texted", "read out",
                        "me dio", "me dict", "me dij", "me pas", "me mand", "me envi", "me ley", "le di", "le pas",
                        "le mand", "le envi", "compart")
#: The giving frame needs a secret noun somewhere in the text: a label hint or a password word.
_PASSWORD_HINTS: Final = ("pass", "contrase", "clave")


def _find_labelled_runs(text: str, lower: str) -> Iterator[_Span]:
    """Plain words after a seed/passphrase label and an aside, or after a verb of giving a secret."""
    if ":" not in text and ">" not in text and "→" not in text and "—" not in text and "–" not in text \
            and "-" not in text and "," not in text:
        return
    labelled = any(h in lower for h in _LABEL_HINTS)
    if labelled:
        for m in _LABELLED_RUN_RE.finditer(lower):  # read on the lower-cased text
            if _stated_run(text, m):
                yield m.start("run"), m.end("run"), "password"
    if (labelled or any(h in lower for h in _PASSWORD_HINTS)) and any(h in lower for h in _GIVING_HINTS):
        for m in _GIVEN_RUN_RE.finditer(lower):
            holder = any(w.lower() in HOLDERS and w.lower() not in ("seed", "semilla")
                         for w in _WORD_RE.findall(m.group("aside")))
            if (holder or _GIVEN_NOUN_RE.search(m.group("aside"))) and _stated_run(text, m):
                yield m.start("run"), m.end("run"), "password"


# Stop 48 (sec48, k99-182): "old" and "new" refer to a secret when they stand for it ("la vieja", "the
# old one", "la contraseña nueva") but only qualify a thing when a plain noun stands right beside them
# inside a stated sentence ("siete cabras cruzan el puente viejo", "six geese cross the old bridge") —
# the sense stop 47 allowed after a strong label's colon (``keywords._stated_sentence``), read here for
# the quoted and labelled phrase readers too. A plain noun: a word of three letters or more that is no
# function, filler, policy or credential word.
_AGED: Final[frozenset[str]] = frozenset("old new vieja viejo nueva nuevo viejas viejos nuevas nuevos".split())


def _qualifies_a_noun(words: list[str], i: int) -> bool:
    """Does the "old"/"new" at ``words[i]`` qualify a plain noun right before or after it (see above)?"""
    if len(words) < 5:
        return False
    return any(0 <= j < len(words) and len(words[j]) >= 3 and words[j].isalpha() and words[j] not in _CLAUSE_WORDS
               and words[j] not in _POLICY and words[j] not in _AGED and MENTIONED_RE.search(words[j]) is None
               for j in (i - 1, i + 1))


def _not_stated(words: list[str]) -> bool:
    """Does a word of ``words`` negate or describe (``_NOT_STATED``), or set a policy — "old"/"new" only
    when it qualifies no plain noun beside it?"""
    return any((w in _NOT_STATED and not (w in _AGED and _qualifies_a_noun(words, i))) or w in _POLICY
               for i, w in enumerate(words))


def states_nothing(words: list[str]) -> bool:
    """Does a word of the lower-cased ``words`` negate, describe, point elsewhere or set a policy (so the run
    states no phrase)? For readers outside this module (``used_phrases``)."""
    return _not_stated(words) or points_elsewhere(words)


def _stated_run(text: str, m: re.Match[str]) -> bool:
    """Does the run after a label (and its aside) state a phrase? Plain words closing their clause
    (``_closing_phrase`` without the prose allowance), four or more after a comma, and no word in
    the aside or the run that describes, negates, points elsewhere or sets a policy."""
    aside = [w.lower() for w in _WORD_RE.findall(m.group("aside"))]
    words = [w.lower() for w in m.group("run").split()]
    if m.group("conn").strip() == "," and (len(words) < 6 or any(w in _CLAUSE_WORDS for w in words)):
        return False
    if m.group("conn").strip() in ("—", "–", "-") and any(d in m.group("aside") for d in "—–"):
        return False  # seventeenth round: a dash closing an aside the label opened connects no value
    if states_nothing(words):
        return False
    if any(w in _NOT_STATED or w in _DESCRIBING or (w in _POLICY and w not in ("words", "palabras")) for w in aside):
        return False
    return "[redacted:" not in m.group("run") and _closing_phrase(text, m, prose=False)


# Nineteenth round: a phrase label (never a bare password word: "the password is the one on the
# fridge") and its aside, then the phrase quoted after a colon, an arrow, a dash or a copula, or
# bare after a copula when the plain words close the sentence.
_LABELLED_QUOTE_RE: Final = re.compile(
    r"\b(?P<label>" + _PHRASE_LABEL + r")\b(?P<aside>[^\n.;:=!?\"“”«»()]{0,70}?)"
    r"[ \t]*(?::|->|→|=>|[ \t][—–-]|\b(?:is|es|was|era)\b)[ \t]*" + _QUOTED)
_COPULA_RUN_RE: Final = re.compile(
    r"\b(?P<label>" + _PHRASE_LABEL + r")\b(?P<aside>[^\n.;:=!?\"“”«»()]{0,70}?)[ \t]+(?:is|es|was|era)[ \t]+"
    r"(?P<run>" + _RUN + r")(?=[ \t]*(?:[.!?](?:\s|$)|\n|$))")
#: Words that make a copula's complement a description of the phrase, not the phrase.
_DESCRIPTIVE: Final[frozenset[str]] = frozenset(
    """very too quite really so rather pretty muy bastante demasiado easy hard long short strong weak secure safe
    simple complicated known unknown secret random fácil facil difícil dificil larga largo corta corto segura seguro
    fuerte débil debil sencilla sencillo complicada complicado conocida secreta aleatoria written stored saved
    escrita guardada""".split())


def _find_labelled_phrases(text: str, lower: str) -> Iterator[_Span]:
    """A phrase after a passphrase/seed label and its aside: quoted after a colon, arrow, dash or
    copula, or bare words after a copula closing the sentence — four or more, no function word and
    none that describes, negates, points elsewhere or sets a policy."""
    if not any(h in lower for h in ("phrase", "frase", "mnemonic", "seed", "semilla", "palabras", "words")):
        return
    for m in _LABELLED_QUOTE_RE.finditer(lower):
        group = next(g for g in _QUOTE_GROUPS if m.group(g) is not None)
        words = [w.lower() for w in _WORD_RE.findall(m.group(group))]
        aside = [w.lower() for w in _WORD_RE.findall(m.group("aside"))]
        if len(m.group(group).split()) < 3 or any(c.isdigit() for c in m.group(group)[:1]):
            continue
        if states_nothing(words) or any(w in _NOT_STATED or w in _POLICY for w in aside) or points_elsewhere(aside):
            continue
        if "[redacted:" not in m.group(group):
            yield m.start(group), m.end(group), "password"
    if " is " not in lower and " es " not in lower and " was " not in lower and " era " not in lower:
        return
    for m in _COPULA_RUN_RE.finditer(lower):
        words = [w.lower() for w in m.group("run").split()]
        aside = [w.lower() for w in _WORD_RE.findall(m.group("aside"))]
        if len(words) < 4 or any(w in _FUNCTION_WORDS or w in _DESCRIPTIVE for w in words):
            continue
        if states_nothing(words) or any(w in _NOT_STATED or w in _POLICY for w in aside):
            continue
        yield m.start("run"), m.end("run"), "password"


# Twentieth round: a phrase given as a phrase. (1) Apposition: a passphrase label and its value
# quoted right after it, no connector ("passphrase 'the otters sleep at noon'"). (2) "the phrase /
# la frase" as the value of a password or of an unlocking act: after a copula or a verb of using or
# typing ("… master password … is the phrase purple tractors sing at midnight (…)", "para
# desbloquear el NAS usa la frase '…'"), quoted, or bare words up to a bracket, a comma or the end
# of the sentence — three to twelve of them, the first no function or clause word ("the phrase
# from the song", "la frase que te dije") and none that describes, negates, points or sets a policy.
_APPOSED_RE: Final = re.compile(r"\b(?:" + _PHRASE_LABEL + r")[ \t]+" + _QUOTED)
_PHRASE_VALUE_RE: Final = re.compile(
    r"\b(?:is|es|was|era|be|ser|sea|use|uses|used|usa|usan|usó|uso|usar|type|types|typed|teclea|tecleas|teclear"
    r"|escribe|escribir|enter|with|con)[ \t]+(?:(?:the|a|la|una)[ \t]+)?(?:frase|phrase|sentence|oraci[oó]n)\b"
    r"[ \t]*:?[ \t]*(?:" + _QUOTED + r"|(?P<run>[^\W\d_]+(?:[ \t]+(?!" + _SEQUENCE + r")(?:[^\W\d_]+|\d{1,4})){2,11})"
    r"(?=[ \t]*(?:[(,;]|[.!?](?:\s|$)|\n|$)|[ \t]+" + _SEQUENCE + r"))")
_PHRASE_CONTEXT_RE: Final = re.compile(
    r"\b(?:pass(?:word|phrase|code)|pwd|contrase(?:ñ|n)a|unlock\w*|decrypt\w*|desbloque\w*|descifr\w*"
    r"|desencript\w*|encrypt\w*|cifrad\w*|abrir|abre|open|opens"
    # Forty-fifth round: an archive's unpacking ("para descomprimir el zip usa la frase …", "to unzip it use the phrase …").
    r"|descomprim\w*|unzip\w*|extraer|extract\w*|desempaquet\w*|unpack\w*)\b")


def _find_phrase_values(text: str, lower: str) -> Iterator[_Span]:
    """A passphrase quoted right after its label, or given as "the phrase …" (see above)."""
    if "phrase" not in lower and "frase" not in lower and "sentence" not in lower and "oraci" not in lower:
        return
    spans: list[tuple[int, int, bool]] = []
    for m in _APPOSED_RE.finditer(lower):
        group = next(g for g in _QUOTE_GROUPS if m.group(g) is not None)
        spans.append((*m.span(group), True))
    for m in _PHRASE_VALUE_RE.finditer(lower):
        sentence_start = max(lower.rfind(". ", 0, m.start()), lower.rfind("\n", 0, m.start()), 0)
        context = _PHRASE_CONTEXT_RE.search(lower, sentence_start, m.start())
        if context is None or described_before(lower, context.start()) \
                or any(w in _DESCRIBING for w in _WORD_RE.findall(lower[context.end():m.start()])):
            continue  # "la pista de la contraseña es la frase …", "password hint: the phrase …": about it
        group = next((g for g in (*_QUOTE_GROUPS, "run") if m.group(g) is not None))
        spans.append((*m.span(group), group != "run"))
    for start, end, quoted in spans:
        words = [w.lower() for w in _WORD_RE.findall(lower[start:end])]
        if len(lower[start:end].split()) < 3 or not words:
            continue
        if not quoted and (words[0] in _CLAUSE_WORDS or words[0] in _FUNCTION_WORDS):
            continue
        if states_nothing(words) or any(w in _DESCRIPTIVE for w in words):
            continue
        if "[redacted:" not in lower[start:end]:
            yield start, end, "password"


PHRASE_FINDERS: Final = (_find_phrase_values, _find_labelled_phrases, _find_unlocking_phrases, _find_declared_phrases, _find_chained_phrases, _find_labelled_runs)
