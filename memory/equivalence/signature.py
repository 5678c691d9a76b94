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
from dataclasses import dataclass

from memory.equivalence.normalise import fold

_WORD = re.compile(r"[a-z0-9]+(?:[:.,'][a-z0-9]+)*")

# Modality: how sure, how often, obliged or allowed. A class per meaning, both languages.
_MODALITY: dict[str, tuple[str, ...]] = {
    "always": ("siempre", "always", "constantly", "sin falta", "without fail"),
    "sometimes": ("a veces", "sometimes", "occasionally", "ocasionalmente", "de vez en cuando", "from time to time",
                  "en ocasiones", "at times"),
    "usually": ("suele", "suelen", "usually", "normalmente", "normally", "generally", "generalmente", "often",
                "a menudo", "typically", "tends to", "tiende a", "casi siempre"),
    "rarely": ("rara vez", "rarely", "seldom", "casi nunca", "hardly ever", "apenas"),
    "never": ("nunca", "never", "jamas"),
    "maybe": ("puede que", "quiza", "quizas", "tal vez", "a lo mejor", "maybe", "might", "may", "perhaps",
              "possibly", "posiblemente", "probablemente", "probably", "considering", "considerando", "plantea",
              "planteando", "se plantea", "thinking about", "thinking of", "pensando en", "barajando", "unsure",
              "not sure", "no sabe si", "igual"),
    "definitely": ("definitely", "seguro", "seguramente", "certainly", "sin duda", "for sure", "decidido",
                   "decided"),
    "must": ("tiene que", "tienen que", "debe", "deben", "must", "has to", "have to", "needs to", "need to",
             "obligatorio", "required", "requires", "obliga", "hay que", "mandatory"),
    "can": ("puede", "pueden", "can", "could", "cannot", "allowed", "permitido", "permite", "able to", "unable to",
            "capaz de"),
}
# Tense and aspect: what was, what will be, what is being considered or done.
_TENSE: dict[str, tuple[str, ...]] = {
    "past": ("was", "were", "used to", "formerly", "former", "previously", "solia", "solian", "era", "eran", "fue",
             "fueron", "ha sido", "habia", "had been", "has been", "before that", "ex", "anterior",
             "pasado", "last year", "el ano pasado", "ya no", "no longer", "anymore", "did", "went", "worked",
             "trabajo en", "vivio", "lived", "moved", "se mudo", "dejo", "left", "joined", "se unio", "terminado",
             "finished", "acabo de", "just", "ya ha", "already"),
    "future": ("will", "going to", "va a", "van a", "sera", "seran", "ira", "planea", "planning", "plans", "plan to",
               "piensa", "pretende", "intends", "intend", "aims", "next", "proximo", "proxima", "que viene",
               "upcoming", "soon", "pronto", "a partir de", "starting", "from next"),
    "ongoing": ("is currently", "currently", "actualmente", "ahora mismo", "right now",
                "en este momento", "still", "todavia", "aun", "sigue", "continues"),
}
# Scope: the whole, a part, an exception.
_SCOPE: dict[str, tuple[str, ...]] = {
    "whole": ("toda la", "todo el", "todas las", "todos los", "entero", "entera", "whole", "entire", "all of",
              "every single", "completo", "completa", "in full", "enteros", "al completo"),
    "only": ("solo", "solamente", "unicamente", "only", "just", "exclusivamente", "exclusively", "nada mas"),
    "except": ("salvo", "excepto", "except", "but not", "aside from", "apart from", "excluding"),
    "more": ("mas", "more", "mayor", "above", "at least", "al menos", "por lo menos", "larger", "bigger", "higher", "faster", "longer", "better", "mejor"),
    "less": ("menos", "menor", "under", "below", "at most", "como mucho", "less", "fewer", "smaller", "lower", "slower", "shorter", "worse", "peor"),
    "team": ("su equipo", "his team", "her team", "their team", "el equipo", "the team", "team"),
    "company": ("empresa", "company", "compania", "organization", "organisation", "organizacion", "whole company"),
}
# Direction markers: to/from, by (passive), instead of.
_DIRECTION: dict[str, tuple[str, ...]] = {
    "to": (" a ", " al ", " hacia ", " to ", " into ", " towards "),
    "from": (" de ", " del ", " desde ", " from ", " out of "),
    "by": (" by ",),  # only after a participle: see direction_classes
    "over": ("en vez de", "en lugar de", "instead of", "rather than", "antes que", "over", "mejor que", "better than",
             " a ", " than "),
}
# Who: the person, someone else acting on the person.
_PRONOUN: dict[str, tuple[str, ...]] = {
    "him_her": (" a el ", " him ", " her ", " them ", " a ella ", " con ella "),
    "he_she": (" he ", " she ", " they ", " ella "),
}
# Lexical negatives that the negation analysis does not count.
_NEGATIVE: tuple[str, ...] = ("no ", "not ", "cannot", "unable", "n't", "nunca", "never", "ni ", "nor ", "sin ", "without", "nadie",
                              "nobody", "nada", "nothing", "none", "ningun", "tampoco", "neither", "against",
                              "en contra", "out of", "left out", "fuera de", "excluded", "excluido", "odia", "hates",
                              "dislikes", "evita", "avoids", "can't stand", "no soporta", "refuses", "se niega",
                              "rechaza", "rejects", "unavailable", "stopped", "dejo de", "quit")


# Quantities written as words (digits are read as numbers): "varios" is not "tres".
_QUANTITY: dict[str, tuple[str, ...]] = {
    "1": ("uno", "una", "un solo", "one", "single", "a single"), "2": ("dos", "two", "a couple", "un par", "both", "ambos"),
    "3": ("tres", "three"), "4": ("cuatro", "four"), "5": ("cinco", "five"), "6": ("seis", "six"),
    "7": ("siete", "seven"), "8": ("ocho", "eight"), "9": ("nueve", "nine"), "10": ("diez", "ten"),
    "half": ("media", "medio", "half"), "several": ("varios", "varias", "several", "various", "some", "algunos",
                                                    "algunas", "unos cuantos", "a few", "many", "muchos", "muchas"),
}


@dataclass(frozen=True)
class Signature:
    modality: frozenset[str]
    tense: frozenset[str]
    scope: frozenset[str]
    negative: int
    names: frozenset[str]
    numbers: frozenset[str]
    quantities: frozenset[str]
    words: tuple[str, ...]
    days: frozenset[str] = frozenset()  # weekdays and months named (ES/EN), as "d1".."d7", "m1".."m12"


def _classes(padded: str, table: dict[str, tuple[str, ...]]) -> frozenset[str]:
    found = set()
    for name, phrases in table.items():
        for phrase in phrases:
            probe = phrase if phrase.startswith(" ") else f" {phrase} "
            if probe in padded:
                found.add(name)
                break
    return frozenset(found)


def _names(text: str) -> frozenset[str]:
    """Capitalised words not at a sentence start (people, places, products), folded."""
    names = set()
    for k, match in enumerate(re.finditer(r"[^\W\d_][\w'-]*", text)):
        word = match.group(0).strip("'-")  # a closing quote or dash is not part of the name ('brand DNA')
        if not word:
            continue
        before = text[: match.start()].rstrip()
        initial = k == 0 or before.endswith((".", ":", ";", "!", "?", "\n"))
        if (word[0].isupper() and not initial or word.isupper()) and len(word) > 1:
            names.add(fold(word))
    return frozenset(names - _NOT_NAMES)


_NOT_NAMES = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays "
    "saturdays sundays january february march april may june july august september october november december "
    "spanish english french german italian portuguese catalan basque galician chinese japanese russian arabic "
    "dutch i ok".split())
_THOUSANDS = re.compile(r"(?<=\d)[.,](?=\d{3}\b)")


_CALENDAR = {
    **{f"d{i}": names for i, names in enumerate((
        ("lunes", "monday", "mondays"), ("martes", "tuesday", "tuesdays"),
        ("miercoles", "wednesday", "wednesdays"), ("jueves", "thursday", "thursdays"),
        ("viernes", "friday", "fridays"), ("sabado", "sabados", "saturday", "saturdays"),
        ("domingo", "domingos", "sunday", "sundays")), start=1)},
    # "may" is left out: in English it is more often the modal verb than the month
    **{f"m{i}": names for i, names in enumerate((
        ("enero", "january"), ("febrero", "february"), ("marzo", "march"), ("abril", "april"), ("mayo",),
        ("junio", "june"), ("julio", "july"), ("agosto", "august"), ("septiembre", "setiembre", "september"),
        ("octubre", "october"), ("noviembre", "november"), ("diciembre", "december")), start=1)},
}


def _days(padded: str) -> frozenset[str]:
    return frozenset(key for key, names in _CALENDAR.items() if any(f" {name} " in padded for name in names))


def _number(token: str, following: str) -> str:
    """One number's normal form: no thousands separator, "10:00"/"10am" as "10", "10pm" as "22"."""
    token = _THOUSANDS.sub("", token)
    pm = token.endswith("pm") or following == "pm"
    token = token.removesuffix("am").removesuffix("pm").removesuffix("h")
    if token.endswith(":00"):
        token = token[:-3]
    if pm and token.isdigit() and int(token) < 12:
        token = str(int(token) + 12)
    return token


def _contractions(folded: str) -> str:
    folded = folded.replace("’", "'").replace("can't", "cannot").replace("won't", "will not")
    return folded.replace("n't", " not")


def signature(text: str) -> Signature:
    folded = _contractions(fold(text))
    padded = f" {re.sub(r'[^a-z0-9:]+', ' ', folded)} "
    words = tuple(_WORD.findall(folded))
    negative = sum(padded.count(f" {n.strip()} ") if n.endswith(" ") else padded.count(n) for n in _NEGATIVE)
    numbers = frozenset(_number(w, words[k + 1] if k + 1 < len(words) else "")
                        for k, w in enumerate(words) if any(ch.isdigit() for ch in w))
    return Signature(modality=_classes(padded, _MODALITY), tense=_classes(padded, _TENSE),
                     scope=_classes(padded, _SCOPE), negative=negative, names=_names(text), numbers=numbers,
                     quantities=_classes(padded, _QUANTITY), words=words, days=_days(padded))


_PASSIVE = re.compile(r"\b(?:\w+ed|\w+en|led|made|run|taught|told|sent|paid|held|hired) by\b")


def direction_classes(text: str) -> frozenset[str]:
    """Direction markers (to, from, passive by, over) and pronouns of the person (him/her, he/she)."""
    padded = f" {re.sub(r'[^a-z0-9:]+', ' ', _contractions(fold(text)))} "
    found = (_classes(padded, {k: v for k, v in _DIRECTION.items() if k != "by"}) | _classes(padded, _PRONOUN))
    return found | ({"by"} if _PASSIVE.search(padded) else set())


def _unmatched(names: frozenset[str], words: tuple[str, ...]) -> bool:
    """A name the other side does not mention, not even as a cognate (Lisboa/Lisbon, Londres/London)."""
    return any(not any(w == n or (len(n) >= 4 and len(w) >= 4 and w[:4] == n[:4]) for w in words) for n in names)


def mismatch(a: Signature, b: Signature) -> str | None:
    """The first axis on which the two signatures differ, or None."""
    if a.modality != b.modality:
        return "modality_mismatch"
    if a.tense != b.tense:
        return "tense_mismatch"
    if a.scope != b.scope:
        return "scope_mismatch"
    if (a.negative > 0) != (b.negative > 0):
        return "negation_mismatch"
    if a.numbers != b.numbers and (a.numbers or b.numbers):
        return "number_mismatch"
    if a.quantities != b.quantities:
        return "number_mismatch"
    if a.days != b.days:
        return "date_mismatch"  # a weekday or month on one side only, or different ones
    if _unmatched(a.names, b.words) or _unmatched(b.names, a.words):
        return "entity_mismatch"  # a name on one side that the other does not mention
    return None
