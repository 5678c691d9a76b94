"""Modality: how sure, how often, obliged, allowed, able, trying (issue 16; used by :mod:`.signature`).

A class per meaning in Spanish and English, read from the padded, folded text (" word "): a
difference between two notes' classes is a veto, never a proof. Also the scope of a negation over
an obligation ("no tiene que" lifts it, "must not" forbids) and the readings of a bare "can".
Pure Python, no Django.
"""

from __future__ import annotations

import re

from memory.equivalence.phrase_index import PhraseIndex


def classes(padded: str, table: dict[str, tuple[str, ...]]) -> frozenset[str]:
    """The names of ``table`` whose phrases occur in ``padded`` (a folded text padded with spaces).

    A table met again (the module-level tables: the same object) is looked up through its
    :class:`~.phrase_index.PhraseIndex`, built once: only the phrases whose first word the text has
    are tested, with the same answer as testing every phrase."""
    entry = _INDEXES.get(id(table))
    if entry is not None and entry[0] is table:
        return entry[1].found(padded)  # type: ignore[return-value]
    if len(_INDEXES) < 256:  # a few dozen tables; the table is kept, so its id is not reused
        _INDEXES[id(table)] = (table, PhraseIndex((name, _probes(phrases)) for name, phrases in table.items()))
    return frozenset(name for name, phrases in table.items() if any(map(padded.__contains__, _probes(phrases))))


#: Each table's phrase index, by the table's identity (with the table itself, so a reused id of a
#: table since freed cannot match). The tables are module constants, never changed after import.
_INDEXES: dict[int, tuple[dict[str, tuple[str, ...]], PhraseIndex]] = {}


#: Each phrase tuple's probes (a phrase that does not open with a space is looked for as a whole
#: word sequence, " phrase "), built once instead of once per note and phrase.
_PROBES: dict[tuple[str, ...], tuple[str, ...]] = {}


def _probes(phrases: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return _PROBES[phrases]
    except (KeyError, TypeError):
        probes = tuple(p if p.startswith(" ") else f" {p} " for p in phrases)
    if isinstance(phrases, tuple) and len(_PROBES) < 4096:  # the tables' tuples: a few hundred
        _PROBES[phrases] = probes
    return probes


#: An intention said with a noun ("Su intención es opositar", "Her goal is to finish"): a wish about the
#: future, as "quiere"/"aims to" are (the desire class here, and :data:`~.signature._WISH`, eq74).
INTENTION_NOUNS = ("su plan es", "su idea es", "su objetivo es", "su intencion es", "su meta es", "his plan is",
                   "her plan is", "their plan is", "his goal is", "her goal is", "their goal is", "the plan is",
                   "the goal is", "his aim is", "her aim is")

#: An intention said outright (a plan the person holds), as against wanting or liking: "Tiene previsto
#: pintar el salón en marzo" says what "Va a pintar el salón en marzo" says (eq74, :func:`intention_only`).
INTENTIONS = ("tiene pensado", "piensa", "pretende", "planea", "plans to", "planning to", "intends", "intend to",
              "aims to", "tiene previsto", "tiene intencion", *INTENTION_NOUNS)

# Modality: how sure, how often, obliged or allowed. A class per meaning, both languages.
_MODALITY: dict[str, tuple[str, ...]] = {
    "always": ("siempre", "always", "constantly", "sin falta", "without fail"),
    "sometimes": ("a veces", "sometimes", "occasionally", "ocasionalmente", "de vez en cuando", "from time to time",
                  "en ocasiones", "at times"),
    "usually": ("suele", "suelen", "usually", "normalmente", "normally", "generally", "generalmente", "often",
                "a menudo", "typically", "tends to", "tiende a", "casi siempre", "mostly", "mainly", "sobre todo",
                "mayormente", "principalmente", "mostly", "en general", "por lo general", "most days",
                "la mayoria de los dias", "la mayoria de dias", "casi todos los dias", "casi a diario",
                "most of the time", "la mayor parte del tiempo",
                "most weeks", "almost every", "nearly every", "casi cada"),
    "rarely": ("rara vez", "rarely", "seldom", "casi nunca", "hardly ever", "apenas"),
    "never": ("nunca", "never", "jamas", "en ningun momento", "at no time", "at no point", "en ninguna ocasion"),
    "maybe": ("puede que", "quiza", "quizas", "tal vez", "a lo mejor", "maybe", "might", "may", "perhaps",
              "possibly", "posiblemente", "probablemente", "probably", "considering", "considerando", "plantea",
              "planteando", "se plantea", "thinking about", "thinking of", "pensando en", "barajando", "unsure",
              "not sure", "no sabe si", "igual",
              # a possibility said as a clause: "Es posible que le asciendan" / "is likely to"
              "es posible que", "es probable que", "posible que", "probable que", "podria ser que",
              "likely to", "is likely", "it is possible", "it's possible", "possible that", "chances are"),
    "definitely": ("definitely", "seguro", "seguramente", "certainly", "sin duda", "for sure", "decidido",
                   "decided", "certain to", "is certain", "sure to", "bound to", "guaranteed to",
                   "con toda seguridad", "es un hecho que"),
    "unfulfilled": ("was meant to", "were meant to", "was supposed to", "were supposed to", "iba a", "tenia que",
                    "debia", "deberia haber", "should have", "tendria que haber", "had planned to", "habia quedado en"),
    "must": ("tiene que", "tienen que", "debe", "deben", "must", "has to", "have to", "needs to", "need to",
             "obligatorio", "required", "requires", "obliga", "hay que", "mandatory", "obligado a", "obligada a",
             "obligados a", "obligadas a", "obliged to", "obligated to",
             # what is expected of a person is said, not that it is done ("was supposed to" is unfulfilled)
             "is supposed to", "are supposed to", "s supposed to", "am supposed to", "is meant to", "are meant to",
             "s meant to", "se supone que",
             # round 46: what others expect of the person ("Is expected to cook for twenty")
             "is expected to", "are expected to", "s expected to", "was expected to", "se espera que",
             "se espera de", "se le exige", "se les exige"),
    # refusing is not being unable: "Se niega a viajar en avión" is not "Is unable to fly"
    "refusal": ("se niega", "se niegan", "se nego", "refuses", "refused", "refusing", "rehusa", "declines to"),
    # every other one is not every one: "todos los domingos" / "every other Sunday"
    "alternate": ("every other", "every second", "cada dos", "alternate", "alternos", "alternas", "fortnightly",
                  "biweekly", "quincenal", "quincenalmente", "cada quince dias", "cada 15 dias", "si y otro no",
                  "si y otra no", "alternating", "every two", "once every two"),
    # trying is not doing: "Intenta dormir ocho horas" is not "Sleeps eight hours"
    "attempt": ("intenta", "intentan", "intento", "procura", "procuran", "tries to",
                "try to", "trying to", "tried to", "attempts to", "attempting to", "se esfuerza por",
                "makes an effort to"),
    # advice is neither done nor required: "Should cut down on salt" is not "Has cut down on salt"
    "advice": ("should", "ought to", "deberia", "deberian", "tendria que", "tendrian que", "le conviene",
               "is advised to", "was advised to", "le han aconsejado", "le aconsejan", "le recomiendan",
               "le han recomendado", "is recommended to", "was recommended to"),
    "can": ("puede", "pueden", "can", "could", "cannot", "podria", "podrian", "podra", "podran"),
    # "can" says either of these two; each said outright is one of them only: knowing how to drive
    # is not being allowed to (module-level _CAN_READS lets a bare "can" match either)
    "ability": ("able to", "unable to", "capaz de", "incapaz de", "knows how to", "know how to", "sabe como",
                "sabe hacer", "es capaz", "is capable of", "capable of", "manages to", "consigue"),
    "permission": ("allowed", "permitted", "permitido", "permitida", "permite", "permiten", "tiene permiso",
                   "has permission", "authorised to", "authorized to", "autorizado", "autorizada", "licensed to",
                   "le dejan", "lets her", "lets him", "le permiten", "may not"),
    # a negated obligation is no obligation; an obligation not to is a prohibition (read before
    # the plain "must": both say "tiene que"/"have to" and a negator)
    "no_obligation": ("no tiene que", "no tienen que", "no tenia que", "no hace falta", "no necesita",
                      "no es necesario", "no es obligatorio", "no esta obligado", "no esta obligada",
                      "does not have to", "do not have to", "did not have to", "does not need to",
                      "do not need to", "need not", "not required", "not obliged", "not necessary",
                      "not mandatory", "no obligation"),
    "prohibition": ("must not", "no debe", "no deben", "tiene prohibido", "tienen prohibido", "prohibido",
                    "prohibida", "forbidden", "prohibited", "not allowed", "not permitted", "banned from",
                    "no le dejan", "no le permiten", "may not"),
    # Wanting, liking or asking is not doing: "Quiere aprender alemán" is not "Is learning German".
    # One class for every attitude, so that "Prefers concise reports" still is "Wants short summaries".
    "desire": ("quiere", "quieren", "queria", "querria", "want", "wants", "wanted", "would like", "gustaria",
               "desea", "desean", "wishes", "wish", "aspira", "aspires", "suena con", "dreams of", "keen to",
               "eager to", "le interesa", "interested in", "interesado en", "interesada en", "le encantaria",
               "would love", "prefiere", "prefieren", "preferiria", "prefers", "prefer", "preferred", "preference",
               "preferencia", "le gusta", "le gustan", "gusta", "gustan", "like", "likes", "liked", "dislikes",
               "loves", "love", "le encanta", "le encantan", "enjoys", "disfruta", "hates", "odia", "pide", "piden",
               "pidio", "asks", "asked", "ask", "solicita", "request", "requests", "requested", "please",
               "por favor", "favourite", "favorite", "favorito", "favorita", "fan of",
               "can't stand", "no soporta", "insiste", "insists", "needs", "necesita", "pedir", "ask for", "solicitar",
               "preferido", "preferida", "preferidos", "preferidas", "pref", "evita", "evitar", "avoids", "avoid",
               "would rather", "rather have", "mejor", "preferia", "preferian", "gustaba", "gustaban",
               # contracted "she'd rather", the synthetic future of a request, hating said otherwise
               "d rather", "solicitara", "solicitaran", "pedira", "pediran", "detesta", "detestan", "detests",
               "detest", "loathes", "aborrece",
               # round 54: liking, disliking and choosing said with other verbs ("No le agrada el picante",
               # "Doesn't enjoy spicy dishes", "Favors mountain holidays", "Elige siempre ventanilla")
               "enjoy", "agrada", "agradan", "desagrada", "desagradan", "le molesta", "le molestan",
               "favors", "favours", "favor", "favour", "elige", "eligen", "chooses", "to his taste",
               "to her taste", "to their taste",
               # an intention is a wish about the future: "Quiere mudarse" / "Tiene pensado irse"
               *INTENTIONS, "hoping to", "hopes to", "hope to"),
}

_INTENTION_PROBES = tuple(f" {p} " for p in INTENTIONS)
_DESIRE_ONLY = {"desire": tuple(p for p in _MODALITY["desire"] if p not in INTENTIONS)}


def intention_only(padded: str) -> bool:
    """The note's desire class is said only by an intention (:data:`INTENTIONS`), no wanting or liking."""
    return any(map(padded.__contains__, _INTENTION_PROBES)) and not classes(padded, _DESIRE_ONLY)


_TRATA_INFINITIVE = re.compile(r" (?:trata|tratan|trato|trataba) de [a-z]+(?:ar|er|ir)(?:se|lo|la|los|las|le|les)? ")
_SABE_INFINITIVE = re.compile(r" (?:sabe|saben|sabia|sabian) (?!si )[a-z]+(?:ar|er|ir)(?:se|lo|la|los|las|le|les)? ")
#: What an outright prohibition or a lifted obligation replaces: "Must not smoke" is not "must" plus
#: "not" (both sides say "tiene que"/"have to" and a negator; the scope of the negation decides).
_MODAL_SCOPE = {"prohibition": frozenset({"must", "can", "permission", "maybe"}),
                "no_obligation": frozenset({"must"})}


# A condition on one side only: "Would move to Canada if he got the offer" is not "Is moving to
# Canada" ("would" with a wish — "would like", "would rather" — is the desire class instead).
# A relative clause's "would" describes the thing ("…, which would be her first") and is left out.
_CONDITIONAL = re.compile(r" if | unless |(?<! which)(?<! that) would (?!like |love |rather |prefer |be happy |enjoy |gladly )")


# An offer the person received is neither taken nor held: "Le ofrecieron la plaza" is not "Took the
# post". Said as the note's own verb (its subject left out, or a pronoun), not in a relative clause
# that only names the thing ("Accepted the transfer she was offered", "el traslado que le ofrecieron").
_OFFERED = re.compile(r"^ (?:[a-z]+ )?(?:was|were|has been|have been|had been|is being|got|gets|has|had|received|"
                      r"receives) (?:offered|an offer|a job offer) "
                      # the impersonal plural: "le ofrecieron", "le han ofrecido" (a singular "le ofrece"
                      # may be the person offering)
                      r"|(?<! que) (?:le|les) (?:han |habian )?(?:ofrecieron|ofrecido|ofrecen|propusieron|propuesto|"
                      r"proponen) ")


# Round 64: a bare "can" is read as the ability it says, or not at all, in two ways of writing a plain
# state. (1) Of a language skill, in a note that names a language: "Can read French" is "Reads
# French", "can't speak it" is "doesn't speak it" — nobody is allowed to read a language, so the
# permission reading cannot be meant. (2) Of being reached: "Can't be reached before ten" is
# "Unavailable before ten", "No se le puede localizar" is "No está disponible". Only the present
# "can"/"puede": "could"/"podría" keep the possibility ("Could speak at the meeting" / "Will speak").
_HEDGE = r"(?:(?:also|still|only|barely|hardly|easily|fluently|comfortably|well|even|tambien|solo|bien) )?"
_SKILL_CAN = re.compile(r" (?:can|cannot|can not|puede|pueden) " + _HEDGE +
                        r"(?:read|speak|write|understand|follow|converse|communicate|get by|hold a conversation|"
                        r"leer|leerlo|leerla|hablar|hablarlo|hablarla|escribir|escribirlo|escribirla|entender|"
                        r"entenderlo|entenderla|comprender|comprenderlo|comprenderla|comunicarse|"
                        r"mantener una conversacion|chapurrear|chapurrearlo)(?= )")
_REACHED_CAN = re.compile(r" (?:can|cannot|can not) (?:be (?:reached|contacted)|take (?:calls|meetings)) "
                          r"| (?:se le|se la|se les|le|la|les) (?:puede|pueden) (?:localizar|contactar) "
                          r"| (?:puede|pueden) atender (?:llamadas|reuniones) ")
#: The bare "can" alone, to tell whether any is left once the two readings above are taken out.
_BARE_CAN: dict[str, tuple[str, ...]] = {"can": _MODALITY["can"]}


def _bare_can_read(found: set[str], padded: str, names_language: bool) -> set[str]:
    """``found`` with a "can" said only as a language skill (→ ``ability``) or of being reached
    (→ nothing) read so (round 64); any other "can" left in the note keeps it."""
    unreached = _REACHED_CAN.sub(" ", padded)
    rest = _SKILL_CAN.sub(" ", unreached) if names_language else unreached
    if rest == padded or classes(rest, _BARE_CAN):
        return found
    return (found - {"can"}) | ({"ability"} if rest != unreached else set())


def modality(padded: str, *, names_language: bool = False) -> frozenset[str]:
    """The modality classes, with ``sabe`` + infinitive as ability and a prohibition or a lifted
    obligation replacing the plain obligation and permission words it is said with.

    ``names_language``: the note names a language (:func:`~.cldr.languages`), so a "can" of reading
    or speaking is that language's skill (round 64, :func:`_bare_can_read`)."""
    found = set(classes(padded, _MODALITY))
    if "can" in found:
        found = _bare_can_read(found, padded, names_language)
    if _OFFERED.search(padded):
        found.add("offered")
    if _SABE_INFINITIVE.search(padded):
        found.add("ability")
    if _CONDITIONAL.search(padded):
        found.add("conditional")
    if _TRATA_INFINITIVE.search(padded):
        found.add("attempt")  # "trata de dormir" tries; "la tesis trata de la sequía" is about
    for scoped, replaced in _MODAL_SCOPE.items():
        if scoped in found:
            found -= replaced
    if "permission" in found and "no_obligation" in found:
        found.discard("permission")  # "no necesita permiso" is no prohibition either
    return frozenset(found)


_SCOPED_NEGATED = tuple(p for c in ("prohibition", "no_obligation", "alternate") for p in _MODALITY[c]
                        if set(p.split()) & {"no", "not", "need"})  # "un sábado sí y otro no" negates nothing


#: :data:`_SCOPED_NEGATED` as the padded phrases replaced, built once, not once per note (perf53b).
_SCOPED_NEGATED_PROBES = tuple(f" {phrase} " for phrase in _SCOPED_NEGATED)


def without_scoped_negators(padded: str) -> str:
    """``padded`` without the prohibition, lifted-obligation or alternation phrases that carry their own negator:
    their negation is read as the modality ("Must not smoke" is "Tiene prohibido fumar")."""
    for probe in _SCOPED_NEGATED_PROBES:
        padded = padded.replace(probe, " ", 1)
    return padded


def modalities_agree(a: frozenset[str], b: frozenset[str]) -> bool:
    """Equal once a bare "can" is read as the ability or permission the other side says outright
    ("Puede conducir" / "Is able to drive", "Puede trabajar desde casa" / "Is allowed to…"), and
    an ability is read as the plain statement when the other side says no ability or permission at
    all ("no lo habla" / "no sabe hablarlo"). Ability against permission stays a mismatch."""
    def read(x: frozenset[str], other: frozenset[str]) -> frozenset[str]:
        if "can" in other:
            x = frozenset("can" if c in ("ability", "permission") else c for c in x)
        if "ability" in x and not other & {"can", "ability", "permission"}:
            x = x - {"ability"}
        return x
    return a == b or read(a, b) == read(b, a)
