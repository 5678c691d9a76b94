"""Tense readings the signature must not take as a past or a future (issue 16, round 55).

Stop 38 counted 22 equivalents of four new authors stopped by ``tense_mismatch`` alone: two notes
that say one thing, one read as past or future and the other as present. The checks were right
about the tense words they know and wrong about what the words were doing there. The classes,
each a reading of grammar or of a closed set of words, never of a topic:

* **a word that only looks like a tense mark**: "left" of the side ("left-handed", "the left
  hand"), "next to" (beside), "próximo a" (near), "going to the gym" (a place, not a plan), "as
  soon as" (a conjunction), "his ex" (a person), "el trabajo en …" (the noun, not "trabajó"),
  "el pasado de su pueblo" (history), "has red hair" (no participle), "graba" (the present of
  grabar: the -aba imperfect needs a longer stem), "espera un bebé" (expecting, not hoping to);
* **a clause that dates the main verb**: "since he was a boy" is when the present began, not a
  past of the note;
* **Spanish "ir a" + infinitive said of a habit** ("Cada domingo va a ver a su madre", "A las
  cinco va a buscar a su hija al colegio"): the verb of going, not the near future;
* **a past said to continue** ("Se mudó a Bilbao y sigue allí", "Went vegetarian in 2019 and
  still is"): the present state;
* **an origin said as a past or as an attribute** ("Nació en Cádiz" / "Es natural de Cádiz",
  "Was born on 3 June" / "Her birthday is 3 June", "Creció hablando catalán" / "Su lengua materna
  es el catalán"): the past of birth and upbringing does not contrast with a present that names
  the origin (a pair read by the signature's mismatch, with :func:`origin_verbs` and
  :func:`origin_named`); against any other present ("Was born in
  Madrid" / "Lives in Madrid") it still does;
* **an onset against the state it began** ("Moved to Toronto in 2021" / "Has lived in Toronto since
  2021"; "Se sacó el carné a los 18" / "Tiene el carné desde los 18"): a state dated "since" said
  against the event that started it (a pair read, :func:`onset_against_since`).

Folded, padded text in (" word "); pure Python, no Django.
"""

from __future__ import annotations

import re

# --- words that only look like a tense mark -------------------------------------------------------
_NOT_TENSE: tuple[tuple[re.Pattern[str], str], ...] = (
    # "left" of the side: "left-handed", "her left hand", "the left one", "writes with the left"
    (re.compile(r" left (?=(?:hand|handed|hander|handers|side|one|foot|arm|leg|eye|ear|wing|lane) )"), " side "),
    (re.compile(r" (?:right )?next (?=to |door )"), " beside "),  # "right next to the station"
    (re.compile(r" (proxim[oa]s?) (?=a |al )"), " cerca "),  # "una localidad próxima a Segovia"
    # "going to the gym", "going to church": a place, not a plan (a verb follows "going to" in a plan)
    (re.compile(r" going to (?=(?:the|a|an|his|her|their|my|our|your|church|school|bed|class|classes|college|"
                r"university|uni|mass|hospital|gym|office) )"), " heading to "),
    (re.compile(r" as soon as "), " once "),
    # "his ex", "ex-wife", "his former wife": a person, not a former something
    (re.compile(r" (?:(?:his|her|their|my|su) ex|(?:ex|former) (?=(?:wife|husband|partner|girlfriend|boyfriend|spouse) ))"),
     " expartner "),
    # "desde el verano pasado", "since last summer": when the present began
    (re.compile(r" desde (?:el|la) (?:\w+ )?pasad[oa] | since last \w+ "), " since then "),
    # "va al trabajo en bici", "su trabajo en Notion": the noun, not "trabajó en" written without its accent
    (re.compile(r" (al|el|su|sus|del|de|un|mi|tu|nuevo|primer|para el) trabajo en "), r" \1 empleo en "),
    # "espera un bebé para marzo": expecting, not "espera mudarse" (hoping to)
    (re.compile(r" espera (?=(?:un|una|su|sus|el|la|gemelos|mellizos) )"), " expecting "),
    # "el pasado de su pueblo": history ("el pasado lunes", "el año pasado" stay past)
    (re.compile(r" (?:el|su|del) pasado (?=de |del )"), " la historia "),
    # "la bici que era de su abuelo": whose it was, said in a relative clause
    (re.compile(r" que (?:era|fue) (?=de |del |suy[oa] )"), " que es "),
)


def plain_words(padded: str) -> str:
    """``padded`` with the words that only look like a tense mark put plainly (module docstring)."""
    for pattern, plain in _NOT_TENSE:
        padded = pattern.sub(plain, padded)
    return padded


#: Present forms of the -abar verbs ("graba", "acaba"), which the -aba imperfect pattern takes for a
#: past: the imperfect of grabar is "grababa".
ABA_PRESENTS = frozenset("graba grabas graban acaba acabas acaban alaba alabas alaban traba trabas traban "
                         "menoscaba desgraba desgraban".split())

#: "since he was a boy", "since she was 18": the clause says when the present began; read as "since
#: then" so that "Has collected stamps since he was a boy" is the continuing perfect it is.
SINCE_CLAUSE = re.compile(r"\bsince (?:he|she|they|i|we|you|it) [^,.;]*", re.IGNORECASE)

# --- "ir a" + infinitive said of a habit -----------------------------------------------------------
_HABIT = re.compile(r" (?:cada|todos los|todas las|a diario|diariamente|siempre|suele|suelen|entre semana|"
                    r"dias laborables|de lunes a \w+|si y (?:otro|otra) no|los (?:lunes|martes|miercoles|jueves|"
                    r"viernes|sabados|domingos|fines de semana|findes)) ")
# "ir a buscar a alguien" is fetching someone (picking them up), whenever it is said
_FETCH = re.compile(r" (?:va|van) a (?:buscar|recoger) a ")


def habitual_going(padded: str) -> bool:
    """Spanish "ir a" + infinitive read as going somewhere to do it, not as the near future: said of
    a habit ("Cada domingo va a ver a su madre") or fetching someone ("va a buscar a su hija")."""
    return bool(_HABIT.search(padded) or _FETCH.search(padded))


# --- a past said to continue -----------------------------------------------------------------------
_CONTINUES = re.compile(r" (?:y|and) (?:(?:he|she|they) )?(?:sigue|siguen|still|is still|are still|has stayed|"
                        r"have stayed|has remained|no ha vuelto|no han vuelto|continua|continuan|ever since) ")


def continues(padded: str) -> bool:
    """A past event the note says still holds: "Se mudó a Valencia y sigue allí", "joined … and is
    still a member", "Dejó la carne y no ha vuelto a comerla"."""
    return bool(_CONTINUES.search(padded))


# --- an origin said as a past or as an attribute --------------------------------------------------
# the verbs, by kind: being born, being brought up
_ORIGIN_VERBS = {
    "birth": re.compile(r"\b(?:(?:was|were|is|are) )?born\b|\b(?:naci[oó]|nacid[oa]s?)\b", re.IGNORECASE),
    "upbringing": re.compile(r"\b(?:(?:was|were|is|are) )?(?:raised|brought up)\b|\bgrew up\b|"
                             r"\b(?:creci[oó]|se cri[oó]|criad[oa]s?)\b", re.IGNORECASE),
}
_TONGUE = r"lengua materna|mother tongue|native language|first language|primera lengua"
# what names each kind as an attribute (or by its own verb), in folded, padded text
_ORIGIN_NAMED = {
    "birth": re.compile(r" (?:natural de|natal|nacimiento|native|birthplace|birthday|birth|cumpleanos|hometown|"
                        r"originally from|de origen|oriund[oa]s?|born|nacio|nacid[oa]s?|" + _TONGUE + ") "),
    "upbringing": re.compile(r" (?:raised|brought up|grew up|crecio|se crio|criad[oa]s?|" + _TONGUE + ") "),
}


def origin_verbs(text: str) -> frozenset[str]:
    """The kinds of origin (birth, upbringing) ``text`` says with a verb ("Nació en…", "Was raised by…")."""
    return frozenset(kind for kind, pattern in _ORIGIN_VERBS.items() if pattern.search(text))


def origin_neutral(text: str) -> str:
    """``text`` with its verbs of birth and upbringing put as a present attribute ("Nació en Cádiz" →
    "native en Cádiz"), for the tense it has besides them."""
    for pattern in _ORIGIN_VERBS.values():
        text = pattern.sub("native", text)
    return text


def origin_named(padded: str) -> frozenset[str]:
    """The kinds of origin the note names, as an attribute or a verb: "es natural de", "birthday",
    "su lengua materna"."""
    return frozenset(kind for kind, pattern in _ORIGIN_NAMED.items() if pattern.search(padded))


# --- an onset against the state it began ----------------------------------------------------------
_ONSET = re.compile(r" (?:moved|relocated|se mudo|se traslado|se ha mudado|se han mudado|se ha trasladado|"
                    r"has moved|has relocated|joined|se unio|started|began|empezo|comenzo|se caso|"
                    r"se casaron|married|got|se saco|obtained|obtuvo|went|became|se hizo|dejo de|dejo la|dejo el|quit|"
                    r"stopped|gave up|abandono)(?= )")
# a state said from its start ("since 2021", "lleva … desde") or as new now ("Ahora vive…", "Su nuevo domicilio")
_SINCE = re.compile(r" (?:since|desde|lleva|llevan|ahora|now|currently|actualmente|nuevo|nueva|new) ")


def onset(padded: str) -> bool:
    """An event that starts a state: moving, joining, starting, marrying, getting, giving up."""
    return bool(_ONSET.search(padded))


def dated_since(padded: str) -> bool:
    """A present state dated from its start ("since 2021", "desde los 18", "lleva … desde") or said as
    new ("Ahora vive en Bilbao", "Su nuevo domicilio está en Bilbao")."""
    return bool(_SINCE.search(padded))
