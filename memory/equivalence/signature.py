"""(b2) The hard-mismatch signature of a statement, for the similarity judge (:mod:`.similarity`).

The similarity judge merges free text on embedding similarity; similarity cannot see a flipped
negation, another number, a swapped direction, a changed modality or tense, a narrowed scope or a
substituted word (misleading pairs score *higher* than paraphrases). So before any merge every pair
must have the same signature on each of these axes, and a same-language pair must not be a near
copy with a word substituted. Each axis is a small closed vocabulary of function words (ES and
EN) — modality, tense and scope markers, prepositions of direction, pronouns — never topic words;
the topic is left to the embedder. A difference on any axis is a veto (the pair does not merge);
nothing here ever says two statements *are* equivalent.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from memory.equivalence import bilingual, cldr, tense_readings
from memory.equivalence.modality import INTENTIONS as _INTENTIONS
from memory.equivalence.modality import intention_only as _intention_only
from memory.equivalence.modality import classes as _classes
from memory.equivalence.modality import modalities_agree as _modalities_agree
from memory.equivalence.modality import modality as _modality
from memory.equivalence.modality import without_scoped_negators as _without_scoped_negators
from memory.equivalence.phrase_index import PhraseIndex
from memory.equivalence.memo import per_text
from memory.equivalence.normalise import fold
from memory.equivalence.particles import without_particle_off
from memory.equivalence.poles import opposed as _opposed
from memory.equivalence.poles import poles as _poles
from memory.equivalence.poles import week_part as _week_part
from memory.equivalence.timescope import rate_against_universal, universal_against_part
from memory.equivalence.values import counts_differ, days_counted, numbers, numbers_differ
from memory.text_caches import text_cache

_WORD = re.compile(r"[a-z0-9]+(?:[:.,'][a-z0-9]+)*")

# Tense and aspect: what was, what will be, what is being considered or done.
_TENSE: dict[str, tuple[str, ...]] = {
    "past": ("was", "were", "used to", "formerly", "former", "previously", "solia", "solian", "era", "eran", "fue",
             "fueron", "ha sido", "habia", "had been", "has been", "before that", "ex", "anterior",
             "pasado", "last year", "el ano pasado", "ya no", "no longer", "anymore", "did", "went", "worked",
             "vivio", "lived", "moved", "se mudo", "dejo", "left", "joined", "se unio", "terminado",
             "finished", "acabo de", "acaba de", "acaban de", "ya ha", "already", "started", "began",
             "empezo", "comenzo"),
    "future": ("will", "going to", "sera", "seran", "ira", "planea", "planning to", "plans to", "plan to",
               "piensa", "pretende", "intends", "intend", "aims", "next", "proximo", "proxima", "que viene",
               "previsto", "prevista", "intencion", "intention", "hoping to", "hopes to", "espera",
               "upcoming", "soon", "pronto", "a partir de", "starting next", "starting in", "starting on",
               "starting from", "from next"),
    "ongoing": ("is currently", "currently", "actualmente", "ahora mismo", "right now",
                "en este momento", "still", "todavia", "aun", "sigue", "continues"),
}
# Scope: the whole, a part, an exception.
_SCOPE: dict[str, tuple[str, ...]] = {
    "whole": ("toda la", "todo el", "todas las", "todos los", "entero", "entera", "whole", "entire", "all of",
              "every single", "completo", "completa", "in full", "enteros", "al completo", "all year",
              "year round", "year-round", "todo el ano",
              # whatever the conditions: "llueva o no" against "when it's not raining" is two facts
              "llueva o no", "haga el tiempo que haga", "haga frio o calor", "rain or shine", "whatever the weather",
              "regardless of the weather", "in any weather", "con cualquier tiempo"),
    "only": ("solo", "solamente", "unicamente", "only", "exclusivamente", "exclusively", "nada mas"),
    "part": ("parte de", "part of", "some of", "algunas de", "algunos de", "una parte", "a share of",
             "a portion of", "partly", "en parte", "a sample of", "una muestra de", "a selection of",
             "spot checks", "spot-checks", "al azar", "at random"),
    # quantifiers over a group or a kind: "ninguno de sus hijos" / "no todos sus hijos" / "todos sus hijos"
    # are three facts, and "no come carne roja" / "no come ningún tipo de carne" two
    "none_of": ("ninguno de", "ninguna de", "none of", "neither of", "ni uno de", "ni una de"),
    "not_only": ("no solo", "no solamente", "no unicamente", "not only", "not just"),
    "not_all": ("no todos", "no todas", "not all", "not every", "no cada"),
    "every_kind": ("ningun tipo de", "ninguna clase de", "any kind of", "of any kind", "any type of",
                   "todo tipo de", "all kinds of", "cualquier tipo de", "de ningun tipo", "de cualquier tipo"),
    # one member of a group counted with it: "one of four siblings" has three
    "one_of": ("one of", "uno de", "una de"),
    "except": ("pero si", "salvo", "excepto", "except", "but not", "aside from", "apart from", "excluding"),
    "more": ("mas", "more", "mayor", "above", "at least", "al menos", "por lo menos", "larger", "bigger", "higher", "faster", "longer", "better", "mejor"),
    "less": ("menos", "menor", "under", "below", "at most", "como mucho", "less", "fewer", "smaller", "lower", "slower", "shorter", "worse", "peor"),
    "alone": ("alone", "on his own", "on her own", "on their own", "by himself", "by herself", "a solas",
              "por su cuenta"),
    "team": ("equipo", "team"),
    "company": ("empresa", "company", "compania", "organization", "organisation", "organizacion", "whole company"),
}
# Direction markers: to/from, by (passive), instead of — each language's own prepositions (round 62): the English
# article "a" is not the Spanish "a" (to), nor "prefiere X a Y" (over); "de" is "of" as often as "from", only in Spanish.
_DIRECTION_ES: dict[str, tuple[str, ...]] = {
    "to": (" a ", " al ", " hacia "),
    "from": (" de ", " del ", " desde "),
    "over": ("en vez de", "en lugar de", "antes que", "mejor que", " a "),
}
_DIRECTION_EN: dict[str, tuple[str, ...]] = {
    "to": (" to ", " into ", " towards "),
    "from": (" from ", " out of "),
    "over": ("instead of", "rather than", "over", "better than", " than "),
}
#: Both languages' markers in one table (and the passive "by"): for a note whose language is not
#: told (as every note was read before round 62).
_DIRECTION: dict[str, tuple[str, ...]] = {
    name: _DIRECTION_ES.get(name, ()) + _DIRECTION_EN.get(name, ()) for name in ("to", "from", "over")}
_DIRECTION["by"] = (" by ",)  # only after a participle: see direction_classes
# Who: the person, someone else acting on the person.
_PRONOUN: dict[str, tuple[str, ...]] = {
    "him_her": (" a el ", " him ", " her ", " them ", " a ella ", " con ella ", " le ", " les "),
    "he_she": (" he ", " she ", " they ", " ella "),
}
# Lexical negatives that the negation analysis does not count.
_NEGATIVE: tuple[str, ...] = ("no ", "not ", "cannot", "unable", "n't", "nunca", "never", "ni ", "nor ", "sin ", "without", "nadie",
                              "nobody", "nada", "nothing", "none", "ningun", "tampoco", "neither", "against",
                              "en contra", "out of", "left out", "fuera de", "excluded", "excluido", "odia", "hates",
                              "detesta", "detests", "loathes", "aborrece",
                              "dislikes", "evita", "avoids", "can't stand", "no soporta", "refuses", "se niega",
                              "rechaza", "rejects", "unavailable", "stopped", "dejo de", "deja de", "dejar de", "dejado de", "quit",
                              "quits", "off", "libre de",
                              "libres de", "free of", "free from", "skip", "skips", "abstemio", "abstemia",
                              "teetotal", "libra", "libran",
                              # eq74: the person nouns of "teetotal" (a negative said of the word is said
                              # of its forms); lacking is not having, said with a verb of its own
                              "teetotaller", "teetotaler", "teetotallers", "teetotalers", "carece de",
                              "carecen de", "lacks", "abstains from", "abstain from",
                              # eq74: "dislikes" said in Spanish with the negative prefix or "molestar"
                              "desagrada", "desagradan", "disgusta", "disgustan", "le molesta", "le molestan",
                              "les molesta", "les molestan",
                              # eq74: missing is not attending ("never misses" is read whole, in _IDIOMS)
                              "misses", "missed")


assert len(set(_NEGATIVE)) == len(_NEGATIVE), "a word listed twice would flip the polarity back"

# The negators of grammar (said once or several times, they negate once); the rest of _NEGATIVE are
# words whose meaning is negative, each of which flips the polarity.
_GRAMMATICAL_NEGATIVE = frozenset({"no ", "not ", "cannot", "n't", "nunca", "never", "ni ", "nor ", "nadie", "nobody",
                                   "nada", "nothing", "none", "ningun", "tampoco", "neither"})
_NEGATOR_TOKENS = frozenset({"no", "not", "cannot", "nunca", "never", "ni", "nor", "nadie", "nobody", "nada", "nothing",
                             "none", "ningun", "ninguno", "ninguna", "tampoco", "neither", "jamas"})
_CONCORD = frozenset({"nunca", "ni", "nadie", "nada", "ningun", "ninguno", "ninguna", "tampoco", "jamas",
                      "nor"})  # "neither … nor", "not … nor": one negation


def _negators(padded: str) -> int:
    """Grammatical negators, each counted, except a Spanish n-word after another negator (negative
    concord: "no trabaja nunca" negates once; "not … can't" twice)."""
    count = 0
    for token in padded.split():
        if token in _CONCORD and count:
            continue
        count += token in _NEGATOR_TOKENS
    return count


# Quantities written as words (digits are read as numbers): "varios" is not "tres".
# The numbers themselves, in digits or words, are read by :mod:`.values`.
_QUANTITY: dict[str, tuple[str, ...]] = {
    "single": ("un solo", "una sola", "single", "a single", "only one", "solo uno", "solo una"),
    # almost all is not all: "casi todas las provincias" / "every province"
    "almost_all": ("casi todos", "casi todas", "almost all", "nearly all", "practicamente todos",
                   "practicamente todas", "virtually all"),
    "half": ("mitad", "half"), "several": ("varios", "varias", "several", "various", "some", "algunos",
                                                    "algunas", "unos cuantos", "a few", "many", "muchos", "muchas"),
}


@dataclass(frozen=True)
class Signature:
    modality: frozenset[str]
    tense: frozenset[str]
    scope: frozenset[str]
    negative: int
    names: frozenset[str]
    numbers: tuple[frozenset[float], ...]
    quantities: frozenset[str]
    words: tuple[str, ...]
    days: frozenset[str] = frozenset()  # weekdays and months named (ES/EN), as "d1".."d7", "m1".."m12"
    poles: frozenset[str] = frozenset()  # antonym poles, e.g. "length+" (short), "length-" (long)
    wish: bool = False  # a want or an intention (not a request): about the future, said or not
    languages: frozenset[str] = frozenset()  # ISO 639-1 codes of the languages named (CLDR, :mod:`.cldr`)
    countries: frozenset[str] = frozenset()  # ISO 3166 codes of the countries named
    country_words: frozenset[str] = frozenset()  # the folded words that named them
    instruments: frozenset[str] = frozenset()  # musical instruments named (``_INSTRUMENTS``)
    meals: frozenset[str] = frozenset()  # the meals a note is limited to (``_MEALS``), or "every" meal
    court_roles: frozenset[str] = frozenset()  # who the person is in a trial (``_COURT_ROLES``)
    but_not: bool = False  # "X but not Y": one thing done and another not (``_BUT_NOT``)
    both_negated: bool = False  # "ni X ni Y", "neither X nor Y" (``_BOTH_NEGATED``)
    since: bool = False  # a state dated from a time up to now: "since 2019", "desde marzo" (eq74)
    still: bool = False  # a state said to go on: "and still lives there", "y sigue allí" (eq74)
    born: bool = False  # the note's past is its being born ("Nació en Cádiz", "Was born on 3 March", eq74)
    birth: bool = False  # the note speaks of a birth: born, birthday, natal, "de nacimiento" (eq74)
    intent: bool = False  # its desire is only an intention: "tiene previsto", "plans to" (eq74)


# "casi todos los días" is how often (usually), not almost all of a group
_ALMOST_EVERY_UNIT = re.compile(r" casi (?:todos los|todas las) (?:dias|semanas|meses|anos|lunes|martes|miercoles|"
                                r"jueves|viernes|sabados|domingos|mananas|tardes|noches|fines de semana|findes) ")
# "half past four", "half an hour", "half a year": a number (:mod:`.values` reads it), not half of a whole
_HALF_AS_NUMBER = re.compile(r"(?<= )half(?= past | an? (?:hour|day|year) | hour )")
# "todos los domingos", "todas las semanas": how often, not a whole (English says "every Sunday")
_EVERY_UNIT = re.compile(r" (?:todos los|todas las) (?:dias|lunes|martes|miercoles|jueves|viernes|sabados|"
                         r"domingos|semanas|meses|anos|mananas|tardes|noches|veranos|inviernos|fines de semana|"
                         r"findes|veces)(?= )")
# The meals of a day, and all of them: "Evita el gluten en las cenas" is not "at every meal". Spanish
# "comida" (a meal, food, or lunch) is left out as ambiguous.
_MEALS: dict[str, tuple[str, ...]] = {
    "breakfast": ("desayuno", "desayunos", "desayunar", "breakfast", "breakfasts"),
    "lunch": ("almuerzo", "almuerzos", "lunch", "lunches"),
    "dinner": ("cena", "cenas", "cenar", "dinner", "dinners", "supper"),
    "every": ("every meal", "all meals", "each meal", "todas las comidas", "cada comida", "en todas las comidas"),
}

# Who a person is in a trial: "Hace de testigo en el juicio" is not "Is the defendant in the trial".
_COURT_ROLES: dict[str, tuple[str, ...]] = {
    "witness": ("testigo", "testigos", "witness", "witnesses"),
    "defendant": ("acusado", "acusada", "defendant", "the accused", "imputado", "imputada", "procesado",
                  "procesada"),
    "plaintiff": ("demandante", "plaintiff", "claimant", "denunciante", "querellante"),
    "judge": ("juez", "jueza", "magistrado", "magistrada", "judge"),
    "juror": ("jurado popular", "juror", "miembro del jurado", "on the jury", "jury member"),
    "lawyer": ("abogado", "abogada", "lawyer", "attorney", "letrado", "letrada", "counsel", "barrister",
               "solicitor"),
    "prosecutor": ("fiscal", "prosecutor"),
}

# Musical instruments, a closed class whose members the embedder places as close as a translation
# ("violín" / "viola", "cello" / "violín"): two notes naming different ones are two facts.
_INSTRUMENTS: dict[str, tuple[str, ...]] = {
    "violin": ("violin", "violines", "violins", "fiddle"),
    "viola": ("viola", "violas"),
    "cello": ("violonchelo", "violonchelos", "chelo", "cello", "cellos", "violoncello"),
    "double_bass": ("contrabajo", "contrabajos", "double bass", "upright bass"),
    "guitar": ("guitarra", "guitarras", "guitar", "guitars"),
    "bass_guitar": ("bajo electrico", "bass guitar", "electric bass", "plays bass", "play bass", "playing bass",
                    "plays the bass", "on bass", "toca el bajo"),
    "piano": ("piano", "pianos"),
    "organ": ("organo", "pipe organ"),
    "drums": ("bateria", "drums", "drum kit", "drum set"),
    "flute": ("flauta", "flautas", "flute", "flutes"),
    "clarinet": ("clarinete", "clarinet"),
    "oboe": ("oboe",),
    "bassoon": ("fagot", "bassoon"),
    "saxophone": ("saxofon", "saxo", "saxophone", "sax"),
    "trumpet": ("trompeta", "trumpet"),
    "trombone": ("trombon", "trombone"),
    "horn": ("trompa", "french horn"),
    "tuba": ("tuba",),
    "harp": ("arpa", "harp"),
    "ukulele": ("ukelele", "ukulele"),
    "accordion": ("acordeon", "accordion"),
    "harmonica": ("armonica", "harmonica"),
    "bagpipes": ("gaita", "bagpipes"),
    "banjo": ("banjo",),
    "mandolin": ("mandolina", "mandolin"),
}
_ALMOST_ALL = ("casi todos", "casi todas", "almost all", "nearly all", "almost every", "nearly every")


# A negator over "every"/"todos los" later in its clause: not all of them, not none
_NOT_EVERY = re.compile(r" (?:no|not|doesn't|don't|didn't|isn't) (?:[a-z']+ ){0,4}(?:todos los|todas las|every|all the) ")


def _scope(padded: str) -> frozenset[str]:
    """The scope classes of a text; "not all of" is ``not_all`` alone, not also "all of"'s ``whole``
    (likewise "not only" is not "only")."""
    found = _classes(_EVERY_UNIT.sub(" ", padded), _SCOPE)
    if _NOT_EVERY.search(padded):
        found |= {"not_all"}  # "No va al gimnasio todos los días" is some days, not "ningún día"
    if "not_all" in found or any(f" {w} " in padded for w in _ALMOST_ALL):
        found -= {"whole"}  # "casi todos los días" is most days, not every one
    return found - {"only"} if "not_only" in found else found


_TITLE = re.compile(r"\b(?:dr|dra|drs|sr|sra|srta|mr|mrs|ms|st|prof|profa|lic|ing)\.$", re.IGNORECASE)


def _names(text: str) -> frozenset[str]:
    """Capitalised words not at a sentence start (people, places, products), folded."""
    names = set()
    for k, match in enumerate(_NAME_WORD.finditer(text)):
        word = match.group(0).strip("'-")  # a closing quote or dash is not part of the name ('brand DNA')
        if word.endswith(("'s", "’s")):
            word = word[:-2]  # "Omar's manager": Omar
        if len(word) <= 1:
            continue
        if not word.isupper():
            if not word[0].isupper() or k == 0:
                continue  # lower case, or the note's first word
            before = text[: match.start()].rstrip()
            # a sentence's first word is no name; a title's full stop ("Dr. Ruiz", "Mrs. Lee") ends no sentence
            if before.endswith((".", ":", ";", "!", "?", "\n")) and not _TITLE.search(before):
                continue
        names.add(fold(word))  # a capitalised word after a sentence's first, or one in capitals
    return frozenset(names - _NOT_NAMES)


_NAME_WORD = re.compile(r"[^\W\d_][\w'-]*")


_NOT_NAMES = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays "
    "saturdays sundays january february march april may june july august september october november december "
    "spanish english french german italian portuguese catalan basque galician chinese japanese russian arabic "
    "dutch i ok jan feb apr jun jul aug sep sept oct nov dec ene abr ago dic "
    # titles before a name ("Dr. Molina" / "Dra. Molina" name one person)
    "dr dra drs sr sra srta mr mrs ms prof profa".split())


_CALENDAR = {
    **{f"d{i}": names for i, names in enumerate((
        ("lunes", "monday", "mondays"), ("martes", "tuesday", "tuesdays"),
        ("miercoles", "wednesday", "wednesdays"), ("jueves", "thursday", "thursdays"),
        ("viernes", "friday", "fridays"), ("sabado", "sabados", "saturday", "saturdays"),
        ("domingo", "domingos", "sunday", "sundays")), start=1)},
    # "may" is left out: in English it is more often the modal verb than the month
    **{f"m{i}": names for i, names in enumerate((
        ("enero", "january", "jan", "ene"), ("febrero", "february", "feb"), ("marzo", "march"),
        ("abril", "april", "apr", "abr"), ("mayo",), ("junio", "june", "jun"), ("julio", "july", "jul"),
        ("agosto", "august", "aug"), ("septiembre", "setiembre", "september", "sep", "sept"),
        ("octubre", "october", "oct"), ("noviembre", "november", "nov"), ("diciembre", "december", "dec", "dic")),
        start=1)},
    # seasons ("fall" only as "the fall": alone it is more often the verb)
    **{f"s{i}": names for i, names in enumerate((
        ("primavera", "primaveras", "spring", "springs", "springtime"),
        ("verano", "veranos", "veranea", "veranean", "veranear", "veraneo", "summer", "summers", "summertime"),
        ("otono", "otonos", "autumn", "autumns", "the fall"),
        ("invierno", "inviernos", "winter", "winters", "wintertime")), start=1)},
}


# Days said relative to today ("mañana", "tomorrow", "ayer", "hoy"): as dated as a weekday, so a
# day on one side only, or different ones, is a date mismatch ("por la mañana" / "tomorrow").
# "pasado mañana" and "anteayer" are read whole first (two days on), and "hoy en día" is nowadays.
_RELATIVE_DAYS = {
    "t-2": ("ereyesterday",), "t-1": ("ayer", "yesterday"),
    "t0": ("hoy", "today", "tonight", "esta noche", "esta manana", "esta tarde", "this morning", "this afternoon",
           "this evening"),
    "t1": ("tomorrow",), "t2": ("overmorrow",),
}
_TWO_DAYS = ((" pasado manana ", " overmorrow "), (" day after tomorrow ", " overmorrow "),
             (" anteayer ", " ereyesterday "), (" antier ", " ereyesterday "),
             (" day before yesterday ", " ereyesterday "), (" hoy en dia ", " nowadays "),
             (" hoy dia ", " nowadays "), (" dia de hoy ", " nowadays "))
# Spanish "mañana" is the morning after a determiner or a preposition ("por la mañana", "cada
# mañana", "turno de mañana") or beside another part of the day ("mañana y tarde"); alone it is
# tomorrow ("Tiene cita mañana", "a partir de mañana", "mañana por la tarde").
_MORNING_BEFORE = frozenset("la una esta esa cada toda media las de por del en".split())
_PARTS_OF_DAY = frozenset({"tarde", "tardes", "noche", "noches"})


def _relative_day_words(padded: str) -> str:
    """``padded`` with the days said relative to today in one word each (:data:`_RELATIVE_DAYS`)."""
    for phrase, word in _TWO_DAYS:
        padded = padded.replace(phrase, word)
    if " manana " not in padded:
        return padded
    words = padded.split()
    for k, word in enumerate(words):
        before = words[k - 1] if k else ""
        beside = set(words[k + 1:k + 3]) | set(words[max(0, k - 2):k])
        if word == "manana" and (before not in _MORNING_BEFORE or words[k - 3:k] == ["a", "partir", "de"]) \
                and not (beside & _PARTS_OF_DAY and beside & {"y", "o", "e"}):
            words[k] = "tomorrow"
    return f" {' '.join(words)} "


#: Each day's names as the padded words looked for, built once (not once per note and name).
_DAY_PROBES = tuple((key, tuple(f" {name} " for name in names))
                    for table in (_CALENDAR, _RELATIVE_DAYS) for key, names in table.items())


_DAY_INDEX = PhraseIndex(_DAY_PROBES)


def _days(padded: str) -> frozenset[str]:
    return _DAY_INDEX.found(padded)  # type: ignore[return-value]


def _contractions(folded: str) -> str:
    folded = folded.replace("’", "'").replace("can't", "cannot").replace("won't", "will not")
    return folded.replace("n't", " not")


# Fixed phrases read as one word before the classes: "can't stand" is hating, not being able.
_IDIOMS = ((" cannot stand ", " hates "), (" no soporta ", " odia "), (" no aguanta ", " odia "),
           (" could not stand ", " hates "),
           # protection "against" something is no negative: "vaccinated against tetanus"
           (" vaccinated against ", " vaccinated for "), (" immunised against ", " immunised for "),
           (" immunized against ", " immunized for "), (" protected against ", " protected for "),
           (" insured against ", " insured for "),
           # "without a problem" is a way of saying it goes well, no negative
           (" sin problema ", " bien "), (" sin problemas ", " bien "), (" sin ningun problema ", " bien "),
           (" without a problem ", " well "), (" without any problem ", " well "), (" no problem ", " well "),
           # eq74: "work out of" is the phrasal verb "work from" (a place of work), no absence
           (" works out of ", " works from "), (" work out of ", " work from "), (" working out of ", " working from "),
           (" worked out of ", " worked from "),
           # eq74: a negated comparative is a bound, not a negated statement: "no más de una página" is
           # "una página como máximo", "no later than Friday" is "by Friday" (neutral words: no scope class)
           (" no mas de ", " maximo "), (" nunca mas de ", " maximo "), (" not more than ", " maximum "),
           (" no more than ", " maximum "), (" no menos de ", " minimo "), (" not less than ", " minimum "),
           (" no less than ", " minimum "), (" no fewer than ", " minimum "), (" no later than ", " by "),
           (" not later than ", " by "), (" no earlier than ", " from "), (" not earlier than ", " from "),
           (" later than ", " after "), (" earlier than ", " before "),
           # eq74: "never misses" a thing is attending every one, no negation and no frequency of its own
           (" never misses ", " attends "), (" never miss ", " attend "), (" nunca se pierde ", " asiste a "),
           # eq74: a negated verb of exceeding is a bound too ("que no pasen de una página")
           (" no pase de ", " maximo "), (" no pasen de ", " maximo "), (" no pasa de ", " maximo "),
           (" no pasan de ", " maximo "), (" no supere ", " maximo "), (" no superen ", " maximo "),
           (" not exceed ", " maximum "), (" does not exceed ", " maximum "), (" do not exceed ", " maximum "),
           # eq74: "sin rodeos" (directly) is a manner as "sin problema" is; "sin excepción" is "siempre"
           (" sin rodeos ", " directo "),
           (" sin excepcion ", " siempre "), (" without exception ", " always "))
# A negation that only contrasts ("Alex, not Alexandra"; "gráficos, no tablas") is a preference, as
# "instead of" is: it is read as the marker "over", not as a negative.
# ", not only" / ", no solo" widens rather than contrasts, and stays a scope marker.
_CONTRAST = re.compile(r",\s*(?:not|no)\s+(?!(?:s[oó]lo|solamente|[uú]nicamente|only|just|merely)\b)"
                       r"(?=(?:en|in|a|an|the|el|la|los|las|un|una)?\s*\w)", re.IGNORECASE)
_PRETERITE = re.compile(r"\b\w{2,}(?:ó|aron|ieron)(?=\W|$)"  # "escribió", "dejaron": Spanish simple past
                        # and the irregular ones, which take no accent: "estuvo casado", "tuvo", "hizo"
                        # ("vino" is left out: it is also the wine)
                        r"|\b(?:estuvo|tuvo|hizo|pudo|puso|quiso|supo|dijo|trajo|condujo|anduvo|hubo|fue|"
                        r"produjo|tradujo|obtuvo|mantuvo|detuvo|contuvo|propuso|dispuso|supuso|rehízo|deshizo|"
                        # dar, ver and ir, too short for the endings above: "dio clases", "daba clases", "iba en bici"
                        r"dio|dieron|vio|vieron|daba|daban|iba|iban)\b")
# The Spanish imperfect of -ar verbs ("trabajaba") and of the common -er/-ir ones ("prefería", "vivía")
_IMPERFECT = re.compile(r"\b\w{2,}(?:aba|abas|aban|ábamos|ería|erías|erían|ivía|ivían|enía|enían|acía|acían|"
                        r"abía|abían|odía|odían|ucía|ucían)(?=\W|$)")
# Any other -ía form: the imperfect of -er/-ir verbs ("corría", "vivía") or a conditional ("mudaría"):
# not the present either way. The nouns that end so are left out.
_IA_FORM = re.compile(r"\b\w{2,}(?:ía|ías|ían|íamos)(?=\W|$)")
# -ería / -aría nouns (shops, trades, offices), not conditionals: Apertium's analyser decides when
# installed ("enfermería" is a noun), this list when it is not (or does not know the word)
_RIA_NOUNS = frozenset("libreria cafeteria ingenieria panaderia galeria bateria loteria peluqueria cerveceria "
                       "carniceria pescaderia fruteria joyeria mensajeria papeleria tesoreria ferreteria "
                       "lavanderia merceria carpinteria fontaneria pasteleria perfumeria relojeria zapateria "
                       "jardineria hosteleria porqueria tonteria tuberia cristaleria sastreria heladeria "
                       "cerrajeria secretaria conserjeria consejeria mayordomia alcaldia asesoria "
                       "consultoria auditoria categoria alegria teoria historia memoria".split())
# conditionals read as a modality already ("le gustaría" is wanting, "podría" being able)
_MODAL_CONDITIONALS = frozenset("gustaria gustarian encantaria encantarian querria querrian podria podrian deberia deberian convendria".split())
_IA_VERBS = frozenset("corria corrian comia comian bebia bebian vivia vivian escribia escribian leia leian dormia "
                      "dormian salia salian sabia sabian debia debian queria querian tenia tenian hacia hacian "
                      "decia decian veia veian podia podian conocia conocian entendia entendian preferia "
                      "preferian sentia sentian seguia seguian pedia pedian servia servian venia venian "
                      "creia creian aprendia aprendian volvia volvian ponia ponian traia traian sufria "
                      "sufrian compartia compartian recibia recibian asistia asistian existia existian "
                      "dirigia dirigian elegia elegian solia solian habia habian".split())
# A note that opens with an English -ed verb is about the past, unless the word names a state.
#: The subject an English past verb may follow at the note's start: a pronoun, or a possessive and its noun
#: ("Her grandmother raised her", eq74)
_OPENING_SUBJECT = r"\s*(?:(?:he|she|they|(?:her|his|their|my|our) [a-z]+)\s+)?"
_FIRST_ED = re.compile(_OPENING_SUBJECT + r"([a-z]{3,}ed)\b")
# An English irregular past opening the note (its subject left out, as agents write): "Had a
# subscription" is not "Has a subscription"
_FIRST_IRREGULAR = re.compile(_OPENING_SUBJECT + r"(had|did|went|made|got|took|came|saw|knew|gave|found|"
                              r"thought|told|became|felt|brought|began|kept|held|wrote|heard|meant|met|ran|paid|"
                              r"spoke|led|grew|lost|fell|sent|built|spent|drove|bought|wore|chose|sold|taught|"
                              r"caught|won|slept|left|owned|used)\b")
_ED_STATES = frozenset("based located interested married engaged involved focused focussed specialised specialized "
                       "employed qualified certified registered subscribed allergic dedicated committed attached "
                       "related used tired scared worried annoyed bored excited pleased concerned obsessed "
                       "fascinated named called seated situated skilled experienced trained licensed signed "
                       "enrolled assigned stationed posted retired divorced separated widowed vaccinated "
                       "allowed required supposed expected needed asked requested".split())
# the irregular participles, both languages ("Has written the thesis", "Ha escrito la tesis")
_IRREGULAR_PARTICIPLES = ("written|taken|given|seen|made|begun|bought|built|chosen|driven|eaten|fallen|found|forgotten|"
                          "got|gotten|grown|had|heard|held|kept|known|led|lost|met|paid|put|read|run|said|sent|sold|"
                          "spent|spoken|taught|told|thought|won|broken|become|come|drawn|flown|shown|sung|thrown|"
                          "escrito|hecho|dicho|visto|puesto|vuelto|abierto|roto|cubierto|resuelto|devuelto|"
                          "descubierto|impreso")
_PERFECT = re.compile(rf" (?:ha|han|he|has|hemos|have) (?:\w+(?:ado|ido)|\w{{2,}}ed|been|done|gone|moved|left|"
                      rf"{_IRREGULAR_PARTICIPLES}) ")
# A perfect that runs up to now ("Has been in sales for twelve years", "Ha vivido aquí desde 2015"): a present state
_PERFECT_CONTINUING = re.compile(r" (?:for|since|desde|durante) (?:hace )?(?:\w+ )?(?:\d+|\w+) ")
# The Spanish synthetic future ("solicitará", "se mudarán", "tendrá")
_ES_FUTURE = re.compile(r"\b\w{2,}(?:rá|rán|réis|remos)(?=\W|$)")
_GOING_TO = re.compile(r" (?:va|van|vas|voy|vamos) a (?:\w+(?:ar|er|ir)(?:se|le|lo|la)?) ")


_NOT_ALNUM = re.compile(r"[^a-z0-9:]+")


@per_text  # read by signature, _tense and the mismatch of every pair that reaches the time scope (perf53b)
def _padded(folded: str) -> str:
    padded = f" {_NOT_ALNUM.sub(' ', folded)} "
    for idiom, word in _IDIOMS:
        padded = padded.replace(idiom, word)
    return _relative_day_words(padded)


# Wants and intentions (two of them ignore a future marker; a request "va a pedir" / "pide" does not)
_WISH = ("quiere", "quieren", "want", "wants", "would like", "gustaria", "desea", "wishes", "hoping to", "hopes to",
         "hope to", *_INTENTIONS)
_WISH_PROBES = tuple(f" {w} " for w in _WISH)  # as the padded words are searched, built once
# "solo" closing its clause is the adjective (alone: "Los lunes trabaja solo"), not "only"
_ALONE = re.compile(r"\b(?:solo|sola|solos|solas)\s*(?=[.,;:!?]|$)")


def _ia_noun(word: str) -> bool:
    """A word ending in -ía that names a thing ("enfermería", "librería"), not a past or conditional verb."""
    answer = bilingual.spanish_noun(word)
    return fold(word) in _RIA_NOUNS if answer is None else answer


# A clause that dates the main one ("desde que se conocieron", "when they met"): its verb is not the
# statement's tense ("Vive en Bogotá desde que se conocieron" is a present). Prepositions that also
# open a clause ("since 2015", "after lunch", "until June") are left: they date the main verb.
_SUBORDINATE = re.compile(r"(?<=\w)\s+(?:desde que|cuando|when|while|mientras|antes de que|despu[eé]s de que|hasta que)\b"
                          r"[^,.;]*", re.IGNORECASE)


# Round 47: "left" after a possessive or an article is the side ("her left shoulder", "on the left"),
# not the past of "leave".
_SIDE = re.compile(r" (her|his|my|your|their|our|the|its|a) left ")


def _tense(text: str, read: tuple[str, str] | None = None) -> frozenset[str]:
    """Past and future marks of ``text``'s main clause (:data:`_SUBORDINATE` cut).

    ``read``: the whole text's ``folded`` and ``_padded(folded)`` as :func:`signature` made them
    with these same steps; used when no subordinate clause was cut (the text is then the same)."""
    cut = tense_readings.without_relatives(_SUBORDINATE.sub(" ", text))
    if read is not None and cut == text:
        folded, padded = read
    else:
        folded = _ALONE.sub("a solas", _contractions(fold(_CONTRAST.sub(" instead of ", cut.replace("’", "'")))))
        padded = _padded(folded)
    text = cut
    padded = _SIDE.sub(r" \1 side ", padded) if " left " in padded else padded  # "her left shoulder": a side, not gone
    padded = tense_readings.reread(padded)  # "next to", "going to the", "a partir de las", "left-handed"
    if _PERFECT_CONTINUING.search(padded):
        padded = _PERFECT.sub(" ", padded)  # "has worked here for ten years": it still does
    tense = set(_classes(padded, _TENSE)) - {"ongoing"}  # the present is the default, said or not
    lowered = text.casefold()  # guards below: each ending of _IMPERFECT holds "í", "aba" or "ábamos", of _IA_FORM "í"
    if _PRETERITE.search(lowered) or (("í" in lowered or "aba" in lowered or "ábamos" in lowered) and any(
            not _ia_noun(w) and fold(w) not in _MODAL_CONDITIONALS for w in _IMPERFECT.findall(lowered))):
        tense.add("past")
    if "í" in lowered and any(fold(w) in _IA_VERBS or (w.endswith(("aría", "ería", "iría", "dría", "arían", "erían", "irían", "drían"))
                                                     and not _ia_noun(w) and fold(w) not in _MODAL_CONDITIONALS)
                              for w in _IA_FORM.findall(lowered)):
        tense.add("past")  # imperfect or conditional: "Corría maratones", "Se mudaría"
    first = _FIRST_ED.match(folded) or _FIRST_IRREGULAR.match(folded)
    if first and first.group(1) not in _ED_STATES:
        tense.add("past")  # "Managed the Lisbon office", "Moved to Berlin": a done thing
    if _PERFECT.search(padded):  # a continuing perfect was cut above
        tense.add("past")  # "se ha mudado", "has relocated": done, as the simple past says
    if ("rá" in lowered or "réis" in lowered or "remos" in lowered) and _ES_FUTURE.search(lowered):  # its endings hold one
        tense.add("future")  # "solicitará" is "va a solicitar"
    if _GOING_TO.search(padded) and not tense_readings.habit(padded):
        tense.add("future")
    return frozenset(tense)


#: The lexical negatives (not grammar's) as the padded words counted, built once; indexed by first word (perf51b).
_LEXICAL_PROBES = tuple(f" {n.strip()} " for n in _NEGATIVE if n not in _GRAMMATICAL_NEGATIVE)
_LEXICAL = PhraseIndex((probe, (probe,)) for probe in _LEXICAL_PROBES)


@text_cache(maxsize=8192)
def signature(text: str) -> Signature:
    """The statement's hard-mismatch signature. Pure, so cached: the similarity judge reads both
    signatures in its veto and again in ``unproven`` for every candidate pair, and one memory meets
    many others in a consolidation pass."""
    folded = _contractions(fold(_CONTRAST.sub(" instead of ", text.replace("’", "'"))))
    folded = _ALONE.sub("a solas", folded)
    padded = _padded(folded)
    words = tuple(_WORD.findall(folded))
    # Polarity: a grammatical negator negates however often it is said (Spanish negative concord,
    # "no trabaja nunca"); a lexical negative ("evita", "avoids", "sin") flips it again, so "No evita
    # los vuelos nocturnos" is not "Avoids night flights".
    polar = without_particle_off(_without_scoped_negators(padded))  # "must not", "no tiene que": the modality says it
    lexical = _LEXICAL.count(polar)
    negative = int((_negators(polar) % 2 == 1) != (lexical % 2 == 1))
    tense = _tense(text, (folded, padded))
    plain = _contractions(fold(text))  # as written, no contrast rewritten: for "X but not Y"
    days = _days(padded)
    # a count of the weekdays the note names is said by naming them: "tres días: lunes, miércoles y viernes"
    counted = days_counted(text, sum(d.startswith("d") for d in days))
    tongues, places = cldr.languages(text), cldr.countries(text)
    language_words = frozenset().union(*tongues.values())
    return Signature(modality=_modality(padded, names_language=bool(tongues)), tense=tense,
                     scope=_scope(padded), negative=negative, names=_names(text) - language_words,
                     numbers=tuple(r for r in numbers(text) if not r & counted), languages=frozenset(tongues), countries=frozenset(places),
                     country_words=frozenset().union(*places.values()),
                     **{field: _classes(padded, table) for field, table, _ in _CLOSED_CLASSES},
                     but_not=bool(_BUT_NOT.search(plain)) and not _BOTH_NEGATED.search(plain),
                     both_negated=bool(_BOTH_NEGATED.search(plain)),
                     quantities=_classes(_HALF_AS_NUMBER.sub(" ", _ALMOST_EVERY_UNIT.sub(" ", padded)), _QUANTITY),
                     words=words,
                     days=days,
                     poles=_poles(padded.replace("-", " ")), wish=any(map(padded.__contains__, _WISH_PROBES)),
                     since=tense_readings.since(text), still=tense_readings.still(padded),
                     born=tense_readings.born(text, tense, _tense), birth=tense_readings.birth(text),
                     intent=_intention_only(padded))


_PASSIVE = re.compile(r"\b(?:\w+ed|\w+en|led|made|run|taught|told|sent|paid|held|hired) by\b"
                      # a passive with its agent later in the clause: "was invited to dinner by Carla",
                      # "fue invitada a cenar por Carla"
                      r"|\b(?:was|were|is|are|been|got|gets|fue|fueron|ha sido) \w+(?:ed|en|ado|ada|ido|ida)"
                      r"(?: \w+){0,5} (?:by|por)\b")


_POSSESSIVE_HER = re.compile(r" her (?!(?:as|to|for|with|in|on|at|the|a|an|and|or|about|from|by|over|up|out|"
                             r"off|back|down|know|that|this|if|when|before|after|every|each|all|again|directly) )"
                             r"(?=[a-z])")


#: The direction markers but the passive "by" (read by :data:`_PASSIVE`), one table for the index.
_DIRECTION_WITHOUT_BY = {k: v for k, v in _DIRECTION.items() if k != "by"}
#: The table a note's language reads (round 62); a note of no told language reads both.
_DIRECTION_BY_LANGUAGE = {"es": _DIRECTION_ES, "en": _DIRECTION_EN}


def direction_classes(text: str, lang: str | None = None) -> frozenset[str]:
    """Direction markers (to, from, passive by, over) and pronouns of the person (him/her, he/she);
    "her" before a noun is a possessive ("her editor of choice"), not the person acted on.

    ``lang`` (``"es"``, ``"en"``: the chain's reading of the note, ``_analyse(text).lang``) reads that
    language's prepositions only, so the article in "rents **a** room" is no Spanish *a* (to); None
    reads both tables (a note whose language is not told)."""
    padded = f" {re.sub(r'[^a-z0-9:]+', ' ', _contractions(fold(text)))} "
    padded = _POSSESSIVE_HER.sub(" hers ", padded)
    table = _DIRECTION_BY_LANGUAGE.get(lang or "", _DIRECTION_WITHOUT_BY)
    found = _classes(padded, table) | _classes(padded, _PRONOUN)
    return found | ({"by"} if _PASSIVE.search(padded) else set())


_OTHER_SUBJECT = re.compile(
    r"^\s*(?:her|his|their|su|sus)\s+(?:\w+\s+)?(?:hij[oa]s?|madre|padre|pareja|marido|mujer|espos[oa]|herman[oa]s?|"
    r"jef[ea]|manager|boss|wife|husband|partner|son|daughter|mother|father|brother|sister|colleague|companer[oa]|"
    r"team|equipo|cliente|client|assistant|asistente)\b")


def other_subject(text: str) -> bool:
    """The statement is about someone of the person's ("Her manager…", "Su hija…"), not the person."""
    return bool(_OTHER_SUBJECT.match(fold(text)))


_COPULA = re.compile(r"^\s*(?:[A-Z][\w-]*\s+){0,3}(?:is|es|was|era|fue|are|son)\b|^[^:]{1,40}:")


def first_word(text: str) -> str:
    """The statement's first word, folded, when it opens a clause in which it acts ("Kenji teaches
    him…"); empty when the statement opens otherwise, or only describes it ("VS Code is her editor",
    "Android app tech lead: Chen")."""
    match = re.match(r"\s*([^\W\d_][\w-]*)(?!['’]s)", text)
    if match is None or _COPULA.match(text):
        return ""
    return fold(match.group(1))


def _cognate(name: str, word: str) -> bool:
    """The same name in the other language or spelling: Lisboa/Lisbon, Londres/London, Oporto/Porto."""
    return word == name or (len(name) >= 4 and len(word) >= 4
                            and (word[:4] == name[:4] or name in word or word in name))


def _acronym(raw: str) -> bool:
    """An abbreviation (2–5 letters, at least two capitals: PO, CFO, PhD, NY)."""
    return 2 <= len(raw) <= 5 and sum(1 for ch in raw if ch.isupper()) >= 2


def _unmatched(names: frozenset[str], words: tuple[str, ...]) -> list[str]:
    """The names the other side does not mention, not even as a cognate."""
    return [n for n in names if not any(_cognate(n, w) for w in words)]


def _names_differ(a: Signature, b: Signature, text_a: str, text_b: str) -> bool:
    """A name on one side that the other does not mention. Abbreviations (PO, CFO, NY) on one side
    only are tolerated, and so is an extra name beside a name both share ("Google Meet" / "Meet");
    a name substituted for another (both sides have one the other lacks) never is."""
    only_a, only_b = _unmatched(a.names, b.words), _unmatched(b.names, a.words)
    if only_a and only_b:
        return True
    extra, text, shared = (only_a, text_a, a.names) if only_a else (only_b, text_b, b.names)
    if not extra:
        return False
    tokens = [fold(re.sub(r"['’]s$", "", w).strip("'’-")) for w in re.findall(r"[^\W\d_][\w'’-]*", text)]
    raw = {fold(w.strip("'’-")): w for w in re.findall(r"[^\W\d_][\w'’-]*", text)}
    if all(_acronym(raw.get(n, n)) for n in extra):
        return False
    kept = set(shared) - set(extra)
    # beside a shared name it is part of that name ("Google Meet"); elsewhere it is a detail added
    # ("Usa Linear para las tareas con Zorblax")
    return not all(any(t == n and ({tokens[i - 1] if i else "", tokens[i + 1] if i + 1 < len(tokens) else ""}
                                   & (kept | set(extra)) - {n}) for i, t in enumerate(tokens)) for n in extra) \
        or not kept


_UNITS_OF_SCOPE = frozenset({"team", "company"})
_SLASH_DATE = re.compile(r"(?<![\d/.-])(?:(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?|(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})"
                         r"|(\d{1,2})[-.](\d{1,2})[-.](\d{4}))(?![\d/])")
_ONLY_FIRST = re.compile(r"\s*(?:only|just|solo|solamente|unicamente|exclusivamente)\b")


def _slash_dates(text: str) -> tuple[tuple[int, ...], ...]:
    """Dates written with slashes, each as its ordered numbers (day and month keep their places)."""
    return tuple(tuple(int(g) for g in m.groups() if g) for m in _SLASH_DATE.finditer(text))


def _opens_with_only(text: str) -> bool:
    """"Only" opens the statement, so it narrows who (the subject) rather than what is done."""
    return bool(_ONLY_FIRST.match(fold(text)))


_ONLY_WORD = re.compile(r"\b(?:only|solo|solamente|unicamente|exclusivamente|exclusively)\s+"
                        r"(?:(?:the|a|an|el|la|los|las|un|una|at|in|on|en|a|al|de|del|for|para|por|with|con)\s+)*"
                        r"([a-z0-9]+)")


def _only_moved(a_text: str, b_text: str) -> bool:
    """Both say "only" over the same words, but it narrows a different one: the word "only" points
    at on each side is said on the other too, not after "only" there. Same-language rewordings
    only (a word must be found on both sides); across languages the words cannot be compared."""
    fa, fb = fold(a_text), fold(b_text)
    ma, mb = _ONLY_WORD.search(fa), _ONLY_WORD.search(fb)
    if not (ma and mb) or ma.group(1) == mb.group(1):
        return False
    words_a, words_b = set(_WORD.findall(fa)), set(_WORD.findall(fb))
    return ma.group(1) in words_b and mb.group(1) in words_a


# "X but not Y": one thing done and another not; against both negated ("ni fuma ni bebe", "neither … nor")
_BUT_NOT = re.compile(r"\b(?:pero|aunque|but|although|though|yet)\s+(?:ya\s+|still\s+)?"
                      r"(?:no|not|nunca|never|does not|do not|did not|is not|was not|can not|cannot|will not|"
                      r"has not|have not|would not)\b")
_BOTH_NEGATED = re.compile(r"\b(?:ni|neither|no|not|nunca|never)\b[^.;]*\b(?:ni|nor)\b")


# Closed classes whose members the embedder places as close as a translation: two notes that both
# name one and name different ones state two facts. (Signature field, table, the mismatch it is.)
_CLOSED_CLASSES: tuple[tuple[str, dict[str, tuple[str, ...]], str], ...] = (
    ("court_roles", _COURT_ROLES, "role_mismatch"),  # "testigo" / "the defendant"
    ("meals", _MEALS, "scope_mismatch"),  # "en las cenas" / "at every meal", "breakfast" / "dinner"
    ("instruments", _INSTRUMENTS, "entity_mismatch"),  # "Learning the violin" / "Aprende a tocar la viola"
)


def mismatch(a: Signature, b: Signature, a_text: str = "", b_text: str = "") -> str | None:
    """The first axis on which the two signatures differ, or None."""
    if (a.negative > 0) != (b.negative > 0) and (a.modality ^ b.modality) <= {"never"}:
        return "negation_mismatch"  # "Works on it" / "Never works on it": a flip, not a frequency
    mod_a, mod_b = a.modality, b.modality
    if tense_readings.planned(a, b):
        mod_a = mod_a - {"desire"}  # "Tiene previsto pintar el salón en marzo" / "Va a pintarlo en marzo"
    elif tense_readings.planned(b, a):
        mod_b = mod_b - {"desire"}
    if a.negative and b.negative:
        # a negated habit says "never" whether or not the word is written: "No toma café" / "Nunca toma
        # café", "Doesn't drink" / "Never drinks" (eq74); "never" against "rarely" stays a mismatch
        mod_a, mod_b = mod_a - {"never"}, mod_b - {"never"}
    if not _modalities_agree(mod_a, mod_b):
        return "modality_mismatch"
    tense_a, tense_b = a.tense, b.tense
    if a.wish and b.wish:
        tense_a, tense_b = tense_a - {"future"}, tense_b - {"future"}  # a wish is about the future, said or not
    elif tense_readings.planned(a, b) or tense_readings.planned(b, a):
        tense_a, tense_b = tense_a | {"future"}, tense_b | {"future"}  # an intention is about the future too
    if tense_a != tense_b and not tense_readings.same_time_said(a, b) \
            and not tense_readings.same_time_said(b, a):
        return "tense_mismatch"
    # team vs company is a scope only when both are said ("su equipo" / "toda la empresa"); one side
    # naming the company it works for is a way of writing ("Joined the company" / "Started here")
    unit_a, unit_b = a.scope & _UNITS_OF_SCOPE, b.scope & _UNITS_OF_SCOPE
    if a.scope - _UNITS_OF_SCOPE != b.scope - _UNITS_OF_SCOPE or (unit_a and unit_b and unit_a != unit_b):
        return "scope_mismatch"
    if (a.negative > 0) != (b.negative > 0):
        return "negation_mismatch"
    if (a.but_not and b.both_negated) or (b.but_not and a.both_negated):
        return "negation_mismatch"  # "Fuma pero no bebe" / "Ni fuma ni bebe": one side negates one, the other both
    if _opposed(a.poles, b.poles):
        return "antonym"
    if numbers_differ(a.numbers, b.numbers) or counts_differ(a_text, b_text):
        return "number_mismatch"
    if a.quantities != b.quantities:
        return "number_mismatch"
    if a.days != b.days:
        return "date_mismatch"  # a weekday or month on one side only, or different ones
    if _week_part(a.poles) != _week_part(b.poles):
        return "scope_mismatch"  # "No bebe entre semana" narrows "No bebe": a part of the week on one side only
    if a_text and b_text and universal_against_part(_padded(fold(a_text)), _padded(fold(b_text))):
        return "scope_mismatch"  # "at all times" / "in the evening": every occasion against a part of the day
    if a_text and b_text and rate_against_universal(a_text, b_text):
        return "scope_mismatch"  # "todos los viernes" / "un viernes al mes": a count against every one (round 66)
    dates_a, dates_b = _slash_dates(a_text), _slash_dates(b_text)
    if dates_a and dates_b and dates_a != dates_b:
        return "date_mismatch"  # the same numbers in another order: "12/05" is not "05/12"
    if "only" in a.scope and _opens_with_only(a_text) != _opens_with_only(b_text):
        return "scope_mismatch"  # "Only her team uses it" / "Her team only uses it": who vs what
    if "only" in a.scope and _only_moved(a_text, b_text):
        return "scope_mismatch"  # "Uses Linux only at work" / "Uses only Linux at work"
    for field, _, reason in _CLOSED_CLASSES:
        named_a, named_b = getattr(a, field), getattr(b, field)
        if named_a and named_b and named_a != named_b:
            return reason
    if (a.languages and b.languages and a.languages != b.languages) \
            or (a.countries and b.countries and a.countries != b.countries):
        return "entity_mismatch"  # "portugués" / "Galician", "Alemania" / "Austria"
    if a.countries and a.countries == b.countries:
        # the same country named in each language ("Alemania" / "Germany") is no name substituted
        a = replace(a, names=a.names - a.country_words)
        b = replace(b, names=b.names - b.country_words)
    if _names_differ(a, b, a_text, b_text):
        return "entity_mismatch"  # a name on one side that the other does not mention
    return None
