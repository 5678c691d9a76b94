"""Round 61: the role a note gives the person, across ES↔EN (issue 16).

"Es editora del número especial" / "Is a reviewer for the special issue", "Es directora del coro" /
"Is a soprano in the choir": the setting is the same on both sides and the embedder places the two
close, but the person is one thing in one note and another in the other. Within one language
:func:`.siblings.role_heads` reads two person nouns put for each other in one frame; across the
languages no frame can be compared word for word, and the one-reading check of
:mod:`.translated_classes` needs Apertium to know both nouns (it does not know "reviewer" or
"soprano").

Here each note's **role noun** is read, the head of what the person *is*: the noun after "es",
"trabaja como/de", "hace de", "ejerce de", "actúa como" (Spanish: the first noun, "primer
entrenador" → *entrenador*), or after "is", "works/acts/serves as" (English: the last noun of the
phrase before a preposition, "lead developer" → *developer*), or the note's opening noun phrase when
it opens with one ("Directora del coro…", "Guest speaker at…"). When both notes have one and both are
person nouns (WordNet: under *person*; the Spanish one through its dictionary translations), the
roles are the same when the dictionary translates one into the other (either way), they are spelled
alike ("editora" / "editor"), or WordNet relates a translation of the Spanish noun to the English one
(a shared synset or a near hypernym: "abogada" → *lawyer* / "attorney"). Otherwise the person is
two things: ``role_mismatch``, asked from :class:`~.class_vetoes.ClassVetoJudge`, so only on a pair
another judge merged, and the merge becomes a reviewer's doubt.

An English role noun WordNet does not know, or an English role noun that is not a person ("Is part
of the team"), abstains.

**eq72 (stop 49): the Spanish head read more loosely** (:data:`LOOSE`). Of the ES↔EN misleading pairs
that beat the chain since pairs47, the role ones passed this check because Apertium's analyser gave
the Spanish slot no person noun: a word it does not know ("acomodador", "copiloto"), a noun whose
dictionary sense is not a person ("titular" → *headline*, "jurado" → *jury*), or an adjective made a
noun by its article ("el suplente"). With the English head a WordNet person, the Spanish head now
counts when it is (``unknown``) a word Apertium does not know, (``nonperson``) a noun whose
translations WordNet knows but files under no person; the same dictionary, spelling and WordNet tests
then say whether the two are one role. A Spanish word no dictionary knows counts only when Apertium
translates the English role (it says which Spanish word to expect): "tramoyista" / "stagehand", both
unknown, abstains. A third reading, (``nominal``) the first adjective after an article when no noun
follows ("el suplente"), is measured and left off (:data:`LOOSE`). No word list; the figures, on one
half of the authors and on the other, are in docs/consolidation.md (eq72). None when Apertium or WordNet is not installed. Pure Python, no Django; nothing
is logged.
"""

from __future__ import annotations

import re

from memory.equivalence import bilingual, wordnet
from memory.equivalence.bilingual import Word, _same_spelling
from memory.equivalence.normalise import fold
from memory.equivalence.siblings import _noun, is_person
from memory.text_caches import text_cache

#: Spanish verbs that give the person a role noun, with the word that must follow (None: directly).
_ES_ROLE = {"ser": None, "trabajar": ("como", "de"), "hacer": ("de",), "ejercer": ("de", "como"),
            "actuar": ("como", "de"), "estar": ("de",)}
_EN_ROLE = {"be": None, "work": ("as", "as a", "as an"), "act": ("as", "as a", "as an"),
            "serve": ("as", "as a", "as an")}
_SKIPPED = frozenset({"det", "adj", "num", "predet"})
_EN_PHRASE = frozenset({"n", "adj", "gen", ""})


def _es_role(words: tuple[Word, ...], k: int, loose: frozenset[str] = frozenset()) -> tuple[Word, ...]:
    """The Spanish role: its head (the first noun), the adjectives after it and, in a compound
    ("jefe de cocina", "responsable de producto": "de" and a noun without an article), that noun.
    ``loose`` (eq72): "unknown" also takes a word Apertium does not know as the head ("acomodador");
    "nominal" an adjective or participle right after an article when no noun follows ("un invitado")."""
    first_adj = None
    for j in range(k, len(words)):
        w = words[j]
        if "unknown" in loose and not w.pos and w.lemma.isalpha():
            return (w,)
        if (w.pos == "adj" or (w.pos == "vblex" and "pp" in w.tags and "participle" in loose)) \
                and first_adj is None and j > 0 and words[j - 1].pos == "det":
            first_adj = w
        if w.pos == "n" and w.lemma:
            role = [w]
            m = j + 1
            while m < len(words) and words[m].pos == "adj":
                role.append(words[m])
                m += 1
            if m + 1 < len(words) and words[m].lemma == "de" and words[m + 1].pos == "n":
                role.append(words[m + 1])
            return tuple(role)
        if w.pos not in _SKIPPED:
            break
    return (first_adj,) if "nominal" in loose and first_adj is not None else ()


def _en_role(words: tuple[Word, ...], k: int) -> tuple[Word, ...]:
    """The English role: the nouns and adjectives of the phrase, its head (the last noun) last."""
    while k < len(words) and words[k].pos in ("det", "predet"):
        k += 1
    phrase: list[Word] = []
    while k < len(words) and words[k].pos in _EN_PHRASE and words[k].lemma:
        if words[k].pos != "gen":
            phrase.append(words[k])
        k += 1
    # the phrase's last word heads it: a word Apertium does not know is a noun there when WordNet
    # lists it as one, even if also as an adjective ("a soprano in the choir"), but a superlative
    # ("the eldest of four") is an adjective standing for its noun
    while phrase and not (_noun(phrase[-1], "en") or (not phrase[-1].pos and wordnet.synsets(phrase[-1].lemma)
                                                        and not phrase[-1].lemma.endswith("est"))):
        phrase.pop()
    return tuple(phrase)


def _after_verb(words: tuple[Word, ...], table: dict[str, tuple[str, ...] | None]) -> int | None:
    """The position after the first role verb (and its "como"/"as"), or None."""
    for k, w in enumerate(words):
        if w.lemma not in table or w.pos not in ("vbser", "vblex", "n"):
            continue
        need = table[w.lemma]
        if need is None:
            return k + 1 if w.pos == "vbser" else None
        if k + 1 < len(words) and words[k + 1].lemma in need:
            return k + 2
        return None
    return None


@text_cache(maxsize=8192)
def role(lang: str, text: str, loose: frozenset[str] = frozenset()) -> tuple[Word, ...]:
    """The note's role phrase (module docstring), its head first in Spanish and last in English;
    empty when it has none (``loose``: :data:`LOOSE`, Spanish only)."""
    words = bilingual.analyse(lang, text)
    if not words:
        return ()
    start = _after_verb(words, _ES_ROLE if lang == "es" else _EN_ROLE)
    if start is None:
        # the note opens with its noun phrase ("Directora del coro…", "Guest speaker at…"); an English
        # plural there is a verb Apertium read as a noun ("Volunteers as a guide…")
        if words[0].pos not in ("n", "adj", "") or (lang == "en" and "pl" in words[0].tags):
            return ()
        start = 0
    return _es_role(words, start, loose) if lang == "es" else _en_role(words, start)


#: eq72: the looser readings of the Spanish head on by default (module docstring). ``nominal`` (and
#: ``participle``, the same for a past participle after an article: "un invitado") are measured but
#: off: an adjective made a noun translates as an adjective ("un enamorado del jazz" → *in love*,
#: "un apasionado" → *passionate*), so one role said in two languages reads as two.
LOOSE = frozenset({"unknown", "nonperson"})

#: Heads that say no role of their own ("la responsable de…", "the person in charge of…", "a member").
_GENERIC = frozenset({"responsable", "encargado", "persona", "miembro", "person", "people", "member", "one",
                      "someone", "somebody", "part", "parte"})


def _matches(es: Word, en_words: tuple[Word, ...]) -> bool:
    lemmas = {w.lemma for w in en_words}
    return bool(set(es.translations) & lemmas) or any(es.lemma in w.translations for w in en_words) \
        or any(_same_spelling(fold(es.lemma), fold(w.lemma)) for w in en_words)


def roles_differ(spanish: str, english: str, loose: frozenset[str] = LOOSE) -> bool | None:
    """Both notes give the person a role, both heads persons, that neither the dictionary, spelling
    nor WordNet makes one role (module docstring). None when unknowable."""
    if not (bilingual.available() and wordnet.available()):
        return None
    es, en = role("es", spanish, loose), role("en", english)
    if not es or not en:
        return False
    head_es, head_en = es[0], en[-1]
    if head_es.lemma in _GENERIC or head_en.lemma in _GENERIC:
        return False
    if not head_es.translations and not ({"unknown", "nominal"} & loose and head_es.pos in ("", "adj", "vblex")):
        return False
    if not head_es.pos and not any(w.translations for w in en):
        return False  # eq72: neither dictionary knows the role ("tramoyista" / "stagehand"): nothing to say
    if not head_es.pos and any(_same_spelling(fold(head_es.lemma), fold(t)) for w in en for t in w.translations):
        return False  # eq72: a form the analyser missed of the English role's translation ("monitora" / "monitor")
    if re.search(rf"\b{re.escape(head_en.lemma.upper())}s?\b", english):
        return False  # an abbreviation ("CFO") stands for a phrase the other note spells out
    if not wordnet.synsets(head_en.lemma):
        return False  # a word WordNet does not know: nothing to say
    if not is_person(head_en.lemma):
        return False
    if head_es.pos == "n" and not any(map(is_person, head_es.translations)) and (
            "nonperson" not in loose or not any(map(wordnet.synsets, head_es.translations))):
        return False  # eq72: a translation WordNet does not know ("carer") says nothing
    if _matches(head_es, en) or any(_matches(w, (head_en,)) for w in es):
        return False  # "jefe de cocina" / "head chef": the head of one is a word of the other's role
    return not any(wordnet.related(t, head_en.lemma) for t in head_es.translations)
