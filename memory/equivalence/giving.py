"""Round 62: a transfer said with two verbs, one from each end — a giver and a receiver (issue 16).

"Transfers money to her son every month" and "Receives money from her son every month" share the
money, the son and the month; only the verb says which way the money goes. Round 61's
:mod:`.transfer` reads one verb and the preposition after it (rents *to* / rents *from*); here the
two notes say the transfer with two different verbs, a giver's (*send*, *give*, *transfer*, *sell*,
*teach*; *enviar*, *dar*, *transferir*, *vender*, *enseñar*) and a receiver's (*receive*, *get …
from*, *buy*, *learn*; *recibir*, *comprar*, *aprender*).

Each note's **frame**: the relation (``give`` — giving, sending, lending, teaching, and their
receiving ends; ``sell`` — selling and buying) and who fills its two slots, the giver and the
receiver: ``self`` (the person the note is about: no subject said, a subject pronoun, or an object
pronoun when someone else is the subject — "Her son sends **her** money", "Su abuela **le** enseñó"),
a name (``name:iker``), another party (``party``), or nobody said. The verb gives the subject's slot
(a giver verb in the active voice: the subject gives; in the passive, "was taught by", it receives);
the other party is read after "to" / "from" / "by" / *a* / *de*, or from an object pronoun or a
Spanish clitic that no "a …" doubles.

:func:`frames_compare` asks, for each key both notes place (the person, a name), whether it fills
the same slot: a key in the other slot is ``swap`` ("Sends money to her son" / "Receives money from
her son"); the same slot for every shared key is ``agree`` — also when the parties are said the
other way round ("Sends money to her son" / "Her son receives money from her"): a paraphrase, not
a swap. A name that opens one note and is not said in the other is the person (the note's subject).
None when either note has no frame, frames of different relations, or two frames that disagree.

Regular expressions and word lists over folded words: no Apertium, microseconds a note, computed
once per note within a :func:`~.memo.texts_memoised` scope (nothing kept outside one).
Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory.equivalence.memo import per_text
from memory.equivalence.normalise import fold
from memory.equivalence.transfer import _EN_PASSIVE, clauses


GIVE, SELL = "give", "sell"

# -- the verbs: (relation, the subject's slot in the active voice) ---------------------------------

_EN_GIVER = {GIVE: "send sends sent sending give gives gave given giving transfer transfers transferred "
                   "transferring wire wires wired wiring donate donates donated donating lend lends lent lending "
                   "loan loans loaned loaning teach teaches taught teaching hand hands handed handing deliver delivers "
                   "delivered delivering forward forwards forwarded forwarding",
             SELL: "sell sells sold selling"}
_EN_RECEIVER = {GIVE: "receive receives received receiving borrow borrows borrowed borrowing learn learns "
                      "learned learnt learning inherit inherits inherited inheriting",
                SELL: "buy buys bought buying purchase purchases purchased purchasing"}
#: Receivers only with "from" ("gets money from her son"; "gets up", "gets rid of" say nothing).
_EN_FROM_ONLY = {GIVE: "get gets got getting obtain obtains obtained takes take took taking"}
_ES_GIVER = {GIVE: re.compile(r"^(?:envi|reenvi|mand|regal|transfier|transfer|don|prest|ensen|entreg)"
                              r"(?:a|an|o|aba|aban|ara|aran|ando|ar|arle|arles|e|en|ado|ada|ados|adas|io|ieron)$"
                              r"|^(?:da|dan|dio|dieron|daba|"
                              r"daban|dar|darle|darles|dado|dando|imparte|imparten|impartio)$"),
             SELL: re.compile(r"^vend(?:e|en|io|ieron|ia|ian|er|erle|erles|ido|ida|idos|idas|iendo)$")}
_ES_RECEIVER = {GIVE: re.compile(r"^(?:recib|aprend|hered)(?:e|en|io|ieron|ia|ian|ir|er|ido|ida|idos|idas|"
                                 r"iendo|o|a|an|aba|aban|ar|ado|ada)$"),
                SELL: re.compile(r"^compr(?:a|an|o|aron|aba|aban|ar|arle|arles|ado|ada|ados|adas|ando)$")}
#: A Spanish form of *transferir* spelled with its stem change ("transfiere") or its past ("transfirió").
_ES_TRANSFER = re.compile(r"^transf(?:iere|ieren|irio|irieron|eria|erian|erir|erido|erida|iriendo)$")

_EN_WORDS = {w: (rel, slot) for slot, table in (("giver", _EN_GIVER), ("receiver", _EN_RECEIVER))
             for rel, words in table.items() for w in words.split()}
_EN_FROM = {w: rel for rel, words in _EN_FROM_ONLY.items() for w in words.split()}

# -- what may stand before the verb while the person is its subject ---------------------------------

_EN_BEFORE = frozenset("she he they i we is are was were be been being has have had will would can could should "
                       "may might must does do did still currently now also usually often sometimes occasionally "
                       "already always regularly normally recently just only even then never not n't 's 're 've "
                       "'d 'll going to plans planning intends wants hopes tries likes loves prefers rather "
                       "every each month week year day monthly weekly yearly".split())
_ES_BEFORE = frozenset("le les se lo la ella el ellos ellas ya ahora actualmente todavia aun tambien siempre "
                       "normalmente suele suelen va van iba a quiere quieren piensa planea pretende esta estan "
                       "sigue siguen no nunca ha han habia he cada mes semana ano todos todas los dias meses "
                       "semanas de vez en cuando".split())
_EN_OBJECT_SELF = frozenset("her him them".split())
#: An instruction: the verb's plain form opening the clause, or after these words only.
_EN_IMPERATIVE = frozenset("don't dont do not please never always just".split())
_EN_BASE = frozenset("send give transfer wire donate lend loan teach hand deliver forward sell receive borrow learn "
                     "inherit buy purchase get obtain take".split())
_EN_REFLEXIVE = frozenset("herself himself themselves myself themself yourself".split())
_EN_SUBJECT_SELF = frozenset("she he they".split())
_ES_SELF = frozenset("ella el".split())
#: A possessive or an article opening another party's noun phrase.
_EN_NP = frozenset("a an the his her their my our your its this that another one some".split())
_ES_NP = frozenset("el la los las un una unos unas su sus mi mis tu tus este esta otro otra".split())


@dataclass(frozen=True)
class Frame:
    """One transfer: its relation and the key in each slot (``self``, ``name:<folded>``, ``party``, None)."""

    relation: str
    giver: str | None
    receiver: str | None

    def slot_of(self, key: str) -> str | None:
        if self.giver == key:
            return "giver"
        if self.receiver == key:
            return "receiver"
        return None


def _verb(word: str) -> tuple[str, str, str] | None:
    """(language, relation, the active subject's slot) of a transfer verb, or None; the slot is
    ``from`` for an English verb that is a receiver's only with "from"."""
    if word in _EN_WORDS:
        return ("en", *_EN_WORDS[word])
    if word in _EN_FROM:
        return ("en", _EN_FROM[word], "from")
    if _ES_TRANSFER.match(word):
        return "es", GIVE, "giver"
    for slot, table in (("giver", _ES_GIVER), ("receiver", _ES_RECEIVER)):
        for rel, pattern in table.items():
            if pattern.match(word):
                return "es", rel, slot
    return None


def _subject(before: list[tuple[str, str]], lang: str) -> str | None:
    """Who the clause's words before the verb make its subject: ``self``, ``name:<x>``, ``party``, or
    None when they are not a subject this reading knows."""
    allowed = _EN_BEFORE if lang == "en" else _ES_BEFORE
    if all(w in allowed for w, _ in before):
        return "self"
    words = [w for w, _ in before]
    # a subject followed only by words that may stand before the verb ("Her son often sends…")
    k = len(words)
    while k and words[k - 1] in allowed and words[k - 1] not in _EN_SUBJECT_SELF | _ES_SELF:
        k -= 1
    head = before[:k]
    if not head or len(head) > 4:
        return None
    if all(raw[:1].isupper() for _, raw in head) and len(head) <= 2 and head[0][0] not in _EN_NP | _ES_NP:
        return "name:" + " ".join(w for w, _ in head)
    if head[0][0] in (_EN_NP if lang == "en" else _ES_NP):
        return "party"
    return None


def _np(rest: list[tuple[str, str]], k: int, lang: str) -> str | None:
    """The party a noun phrase at ``k`` names: ``self`` (a pronoun of the person), a name, ``party``."""
    if k >= len(rest):
        return None
    word, raw = rest[k]
    if lang == "en" and word in _EN_OBJECT_SELF and (k + 1 >= len(rest) or rest[k + 1][0] in _EN_AFTER_PRONOUN):
        return "self"
    if lang == "es" and word in _ES_SELF:
        return "self"
    if raw[:1].isupper():
        return "name:" + word
    if word in (_EN_NP if lang == "en" else _ES_NP):
        return "party"  # "her son", "su vecino Raúl": another party (a name after it is that party's)
    return None


#: Words after "her"/"him" that leave it the person, not a possessive ("sends her money": "money" is the
#: thing given; read only after a verb of this module, where "her son" would be the receiver).
_EN_AFTER_PRONOUN = frozenset("every each on in at a an the some money once twice weekly monthly daily "
                              "regularly".split())


def _english(clause: list[tuple[str, str]], i: int, rel: str, slot: str) -> Frame | None:
    if i + 1 < len(clause) and clause[i + 1][0] in _EN_REFLEXIVE:
        return None  # "is teaching herself Japanese": the giver is the receiver
    if clause[i][0] in _EN_BASE and all(w in _EN_IMPERATIVE for w, _ in clause[:i]):
        return None  # "Don't send him anything": an instruction about the person, who is its object
    subject = _subject(clause[:i], "en")
    passive = i > 0 and clause[i - 1][0] in _EN_PASSIVE and slot != "from" and clause[i][0].endswith(
        ("ed", "sent", "given", "lent", "taught", "sold", "bought", "learnt", "got"))
    if passive and subject is not None and subject != "self" and not subject.startswith("name:"):
        subject = None  # "The report is sent…": a thing, not a party
    rest = clause[i + 1:]
    other: str | None = None
    for k, (word, _) in enumerate(rest):
        if word in ("to", "from", "by"):
            if word == "to" and (slot != "giver" or passive):
                break  # "learns to sew", "was sent to…": no giver's "to" here
            if word == "from" and slot == "giver" and not passive:
                break
            other = _np(rest, k + 1, "en") or other  # "gives him a lift to school": "him" stays the receiver
            break
        if k == 0 and slot == "giver" and not passive and subject != "self":
            other = "self" if word in _EN_OBJECT_SELF and (len(rest) == 1 or rest[1][0] in _EN_AFTER_PRONOUN) else None
    if slot == "from":
        if not any(w == "from" for w, _ in rest) or passive:
            return None
        slot = "receiver"
    if subject is None:
        return None
    subject_slot = ("receiver" if slot == "giver" else "giver") if passive else slot
    other_slot = "receiver" if subject_slot == "giver" else "giver"
    if other == subject:
        other = None
    return Frame(rel, **{subject_slot: subject, other_slot: other})


def _spanish(clause: list[tuple[str, str]], i: int, rel: str, slot: str) -> Frame | None:
    before = clause[:i]
    clitic = bool(before) and before[-1][0] in ("le", "les") or clause[i][0].endswith(("arle", "arles", "erle",
                                                                                      "erles", "irle"))
    subject = _subject([t for t in before if t[0] not in ("le", "les")], "es")
    if subject is None:
        return None
    rest = clause[i + 1:]
    other: str | None = None
    for k, (word, _) in enumerate(rest):
        if word in ("a", "al") and (slot == "giver" or rel == SELL):
            party = "party" if word == "al" else _np(rest, k + 1, "es")
            if party is not None:
                other = party  # "envía … a su madre", "le compró el piso a su hermano"
                break
        if word in ("de", "del") and slot == "receiver" and (k == 0 or rest[k - 1][0] not in _ES_PLAIN_NOUNS):
            party = "party" if word == "del" else _np(rest, k + 1, "es")
            if party is not None:
                other = party  # "recibe dinero de su hijo", "aprendió de su abuela"
                break
    if other is None and clitic and subject != "self":
        if rel == SELL and slot == "receiver":
            return None  # "Su hijo le compra el coche": from the person or for the person
        other = "self"  # "Su hijo le envía dinero": the person is the clitic
    if other is None and clitic and subject == "self" and clause[i][0].endswith(_ES_THEY):
        subject, other = "party", "self"  # "le envían", "que le manden": others give to the person
    subject_slot = slot
    other_slot = "receiver" if subject_slot == "giver" else "giver"
    if other == subject:
        other = None
    return Frame(rel, **{subject_slot: subject, other_slot: other})


#: Third-person plural endings: with a clitic and no subject said, others give to the person.
_ES_THEY = ("an", "en", "aban", "ian", "ieron", "aron", "aran", "ieran")

#: Nouns after which "de" says what, not from whom ("clases de guitarra", "dinero de bolsillo").
_ES_PLAIN_NOUNS = frozenset("clases clase lecciones leccion dinero acciones informe informes piso casa coche "
                            "parte curso cursos".split())

#: Letters every verb read here contains: most notes have none and are answered without a parse.
_STEMS = re.compile(r"\b(?:send|sent|giv|gave|transf|wir|donat|lend|lent|loan|teach|taught|hand|deliver|forward|"
                    r"sell|sold|receiv|borrow|learn|inherit|buy|bought|purchas|get|got|obtain|tak|took|envi|reenvi|"
                    r"mand|regal|dona|dono|entreg|prest|ensen|impart|vend|recib|aprend|hered|compr|"
                    r"d(?:a|an|io|ieron|aba|aban|ar|arle|arles|ado|ando)\b)")


@per_text
def frames(text: str) -> tuple[Frame, ...]:
    """The note's transfer frames, in the order said (the first verb of a relation in each clause)."""
    folded = fold(text)
    if not _STEMS.search(folded):
        return ()
    found: list[Frame] = []
    for clause in clauses(text):
        for i, (word, _) in enumerate(clause):
            verb = _verb(word)
            if verb is None:
                continue
            lang, rel, slot = verb
            frame = _english(clause, i, rel, slot) if lang == "en" else _spanish(clause, i, rel, slot)
            if frame is not None:
                found.append(frame)
            break  # one frame a clause: the first transfer verb's
    return tuple(found)


def _roles(found: tuple[Frame, ...], relation: str) -> dict[str, str] | None:
    """Each key's slot over the note's frames of ``relation``; None when a key is in both slots."""
    roles: dict[str, str] = {}
    for frame in found:
        if frame.relation != relation:
            continue
        for key, slot in ((frame.giver, "giver"), (frame.receiver, "receiver")):
            if key is None or key == "party":
                continue
            if roles.get(key, slot) != slot:
                return None
            roles[key] = slot
    return roles


def frames_compare(text_a: str, text_b: str) -> str | None:
    """``swap`` when a key both notes place is the giver in one and the receiver in the other,
    ``agree`` when every key both place fills the same slot; None when nothing compares."""
    fa = frames(text_a)
    if not fa:
        return None
    fb = frames(text_b)
    if not fb:
        return None
    relations = {f.relation for f in fa} & {f.relation for f in fb}
    if len(relations) != 1:
        return None
    relation = relations.pop()
    ra, rb = _roles(fa, relation), _roles(fb, relation)
    if not ra or not rb:
        return None
    if any(k.startswith("name:") for k in (*ra, *rb)):
        ra, rb = _named_person(ra, rb, text_b), _named_person(rb, ra, text_a)
    shared = ra.keys() & rb.keys()
    if not shared:
        return None
    return "swap" if any(ra[k] != rb[k] for k in shared) else "agree"


def _named_person(roles: dict[str, str], other: dict[str, str], other_text: str) -> dict[str, str]:
    """A name the other note does not say, where this note has no ``self`` and the other has: the
    person, named ("Pablo le vendió el piso…" / "Le compró el piso…")."""
    if "self" in roles or "self" not in other:
        return roles
    other_words = set(fold(other_text).split())
    names = [k for k in roles if k.startswith("name:") and not set(k[5:].split()) & other_words]
    if len(names) != 1:
        return roles
    out = dict(roles)
    out["self"] = out.pop(names[0])
    return out
