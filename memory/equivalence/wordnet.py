"""English nouns that name the same thing, and adjectives at opposite poles: WordNet (issue 16, decision 0017).

:mod:`.bilingual` translates a Spanish noun with Apertium's dictionary, which lists one or two
English words for it; a paraphrase through another word ("tipo"/"kind", "bici"/"cycle") would look
like a substituted thing. WordNet 3.0 (Debian's ``wordnet-base``, Princeton's database) says which
English nouns are one concept: :func:`related` is true when two nouns share a synset ("bike" /
"cycle") or one is a hypernym of the other within :data:`DEPTH` steps ("kind" above "type", "room"
above "bedroom", "child" above "son"). Two kinds of one thing — "dog"/"cat", "ibuprofen"/
"paracetamol", "owner"/"cook" — are neither: co-hyponyms stay different things.

The database is read in place, in WordNet's own format (``wndb(5WN)``): ``index.noun`` is sorted, so
a lemma is found by bisection over the memory-mapped file; ``data.noun`` lines are addressed by
byte offset. NLTK's reader was tried first and needs a ``lexnames`` file and its own downloaded
data, which Debian's package does not provide (decision 0017).

Adjectives (round 48): WordNet groups them in *clusters*, a head synset ("generous") with its
"similar to" satellites ("big-hearted", "openhanded"), and links two heads as antonyms ("generous" /
"stingy, ungenerous"). :func:`opposite` is true when a sense of one adjective lies in a cluster
whose head is the antonym of the head of a sense of the other — directly, or one "similar to" step
away, so a satellite inherits its head's antonym ("messy" is similar to "untidy", the antonym of
"tidy") — and no sense of the two shares a cluster or an "also see" link (a word with many senses,
"soft", may be near the other in one sense and opposite in another: not a proof). Round 66
(:func:`defined_apart`): where no cluster joins two adjectives, their definitions may — "outlying"
(a satellite of "far") is "relatively far from a center", "central" is "in or near a center". Pure
Python, no Django.
"""

from __future__ import annotations

import mmap
import os
import threading
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

DEFAULT_DIR = "/usr/share/wordnet"
#: How many hypernym steps still make one noun a way of saying the other ("son" → "male offspring" → "child").
DEPTH = 2
#: How many hypernym steps below a noun still name a kind of it ("chicken" → "poultry" → "bird" /
#: "meat": three; :func:`kind_of`, the scope check of :mod:`.phrases`).
KIND_DEPTH = 3
_HYPERNYM = {b"@", b"@i"}
_LOCK = threading.Lock()


def _directory() -> Path:
    return Path(os.environ.get("QUORUM_WORDNET_DIR", DEFAULT_DIR))


@cache
def available() -> bool:
    """WordNet's noun and adjective databases are installed (read once per process)."""
    d = _directory()
    return all((d / f"{kind}.{pos}").exists() for kind in ("index", "data") for pos in ("noun", "adj"))


@cache
def _maps(pos: str = "noun") -> tuple[mmap.mmap, mmap.mmap]:
    d = _directory()
    with open(d / f"index.{pos}", "rb") as index, open(d / f"data.{pos}", "rb") as data:
        return (mmap.mmap(index.fileno(), 0, access=mmap.ACCESS_READ),
                mmap.mmap(data.fileno(), 0, access=mmap.ACCESS_READ))


def _line_at(m: mmap.mmap, pos: int) -> tuple[bytes, int]:
    """The whole line starting at or after ``pos`` (skipping a partial one) and where it starts."""
    if pos > 0:
        nl = m.find(b"\n", pos - 1)
        pos = len(m) if nl < 0 else nl + 1
    end = m.find(b"\n", pos)
    return m[pos:len(m) if end < 0 else end], pos


@lru_cache(maxsize=16384)
def synsets(noun: str, pos: str = "noun") -> tuple[int, ...]:
    """The offsets of ``noun``'s synsets (a multiword noun with spaces or underscores), or ();
    ``pos`` "adj" for an adjective's, in WordNet's order (most frequent sense first).
    Call only when :func:`available` (cached: an answer never depends on the environment)."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", noun) if not unicodedata.combining(c))
    key = folded.strip().lower().replace(" ", "_").encode("ascii", "ignore")  # WordNet's lemmas are ASCII
    if not key or b" " in key:
        return ()
    index, _ = _maps(pos)
    with _LOCK:
        lo, hi = 0, len(index)
        while lo < hi:  # the first line whose lemma is >= key (header lines start with spaces: lowest)
            mid = (lo + hi) // 2
            line, start = _line_at(index, mid)
            if start >= len(index) or line.split(b" ", 1)[0] >= key:
                hi = mid
            else:
                lo = mid + 1
        line, _ = _line_at(index, lo)
    fields = line.split()
    if not fields or fields[0] != key:
        return ()
    count, pointers = int(fields[2]), int(fields[3])
    first = 4 + pointers + 2
    return tuple(int(x) for x in fields[first:first + count])


def _synset(data: mmap.mmap, offset: int) -> tuple[bytes, list[tuple[bytes, int, bytes]]]:
    """The ``data.*`` line at ``offset``, read in WordNet's own format: its synset type (``n``,
    ``a``, ``s``…) and its pointers as (symbol, target offset, target part of speech)."""
    with _LOCK:
        line, _ = _line_at(data, offset)
    fields = line.split()
    i = 4 + 2 * int(fields[3], 16)
    pointers = []
    for _ in range(int(fields[i])):
        pointers.append((fields[i + 1], int(fields[i + 2]), fields[i + 3]))
        i += 4
    return fields[2], pointers


@lru_cache(maxsize=65536)
def hypernyms(offset: int, pos: str = "noun") -> tuple[int, ...]:
    """The synsets directly above the synset at ``offset`` of ``pos`` ("noun" or "verb"): its
    hypernyms and instance hypernyms (a verb has only the former: what it is a manner of)."""
    _, data = _maps(pos)
    _, pointers = _synset(data, offset)
    mark = b"n" if pos == "noun" else b"v"
    return tuple(target for symbol, target, p in pointers if symbol in _HYPERNYM and p == mark)


@lru_cache(maxsize=65536)
def _above(offset: int, depth: int = DEPTH) -> frozenset[int]:
    seen: set[int] = set()
    frontier = {offset}
    for _ in range(depth):
        frontier = {h for f in frontier for h in hypernyms(f)} - seen
        seen |= frontier
    return frozenset(seen)


def sense_under(noun: str, lemma: str, depth: int, senses: int = 1) -> bool:
    """One of ``noun``'s first ``senses`` noun senses is ``lemma``'s first noun sense or lies within
    ``depth`` hypernym steps below it ("barista" under *person*; "uncle" under *relative*)."""
    target = synsets(lemma)[:1]
    if not target:
        return False
    return any(s == target[0] or target[0] in _above(s, depth) for s in synsets(noun)[:senses])


def related(x: str, y: str) -> bool:
    """``x`` and ``y`` are one English noun concept: a shared synset, or one a near hypernym of the other."""
    if x == y:
        return True
    if not available():
        return False
    xs, ys = synsets(x), synsets(y)
    if not xs or not ys:
        return False
    if set(xs) & set(ys):
        return True
    return any(b in _above(a) or a in _above(b) for a in xs for b in ys)


def kind_of(general: str, specific: str) -> bool:
    """``specific`` names a kind of ``general`` ("walnut" of "nut", "red meat" of "meat"): a synset of
    ``general`` lies within :data:`KIND_DEPTH` hypernym steps above one of ``specific``'s, and the
    two share no synset (a synonym is no kind)."""
    if general == specific or not available():
        return False
    gs, ss = set(synsets(general)), synsets(specific)
    if not gs or not ss or gs & set(ss):
        return False
    return any(gs & _above(s, KIND_DEPTH) for s in ss)


#: WordNet's adjective pointers read here: antonym, "similar to", "also see".
_ANTONYM, _SIMILAR, _ALSO = b"!", b"&", b"^"


@lru_cache(maxsize=65536)
def _adjective(offset: int) -> tuple[bytes, tuple[tuple[bytes, int], ...]]:
    """The adjective synset at ``offset``: its type (``a`` a head, ``s`` a satellite) and its
    adjective pointers as (symbol, target)."""
    _, data = _maps("adj")
    kind, pointers = _synset(data, offset)
    return kind, tuple((symbol, target) for symbol, target, pos in pointers if pos in (b"a", b"s"))


def _head(offset: int) -> int:
    """The head of the cluster of the adjective synset at ``offset`` (itself for a head)."""
    kind, pointers = _adjective(offset)
    if kind == b"s":
        return next((t for symbol, t in pointers if symbol == _SIMILAR), offset)
    return offset


@lru_cache(maxsize=16384)
def _poles(adjective: str) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """The clusters ``adjective``'s senses are in (their heads), the heads opposite them (the
    antonyms of a sense or of its head), and its senses with their "also see" neighbours."""
    senses = synsets(adjective, "adj")
    heads = {_head(s) for s in senses}
    opposite = {_head(t) for s in {*senses, *heads} for symbol, t in _adjective(s)[1] if symbol == _ANTONYM}
    near = {*senses, *(t for s in senses for symbol, t in _adjective(s)[1] if symbol == _ALSO)}
    return frozenset(heads), frozenset(opposite), frozenset(near)


def is_adjective(word: str) -> bool:
    """WordNet lists ``word`` as an adjective."""
    return available() and bool(synsets(word, "adj"))


def one_cluster(x: str, y: str) -> bool:
    """A sense of ``x`` and a sense of ``y`` are in one adjective cluster ("long" / "lengthy")."""
    if x == y:
        return True
    return available() and bool(_poles(x)[0] & _poles(y)[0])


@cache
def _irregular() -> dict[str, frozenset[str]]:
    """WordNet's ``verb.exc``: each verb's irregular inflected forms ("do" → "did", "done"), read once."""
    forms: dict[str, set[str]] = {}
    path = _directory() / "verb.exc"
    if path.exists():
        for line in path.read_text(encoding="ascii", errors="ignore").splitlines():
            parts = line.split()
            if len(parts) == 2:
                forms.setdefault(parts[1], set()).add(parts[0])
    return {verb: frozenset(f) for verb, f in forms.items()}


@cache
def _irregular_lemmas() -> dict[str, tuple[str, ...]]:
    """``verb.exc`` read the other way: each irregular form with the verbs it inflects ("paid" → "pay")."""
    lemmas: dict[str, list[str]] = {}
    for verb, forms in _irregular().items():
        for form in forms:
            lemmas.setdefault(form, []).append(verb)
    return {form: tuple(verbs) for form, verbs in lemmas.items()}


def irregular_lemmas(form: str) -> tuple[str, ...]:
    """The verbs WordNet lists ``form`` as an irregular inflection of ("paid" → ("pay",)), or none."""
    return _irregular_lemmas().get(form, ()) if available() else ()


#: WordNet's detachment rules for verbs (morphy): an inflected form's ending and what replaces it.
VERB_ENDINGS = (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""))


def verb_lemmas(form: str) -> tuple[str, ...]:
    """The verbs WordNet reads ``form`` as (morphy for verbs: the form itself, ``verb.exc``'s
    irregular lemmas and the detachment rules :data:`VERB_ENDINGS`), each listed as a verb; none
    when WordNet is not installed."""
    if not available():
        return ()
    forms = {form, *irregular_lemmas(form),
             *(form[: -len(end)] + new for end, new in VERB_ENDINGS if form.endswith(end))}
    return tuple(sorted(f for f in forms if f and synsets(f, "verb")))


def irregular(verb: str) -> frozenset[str]:
    """The irregular inflected forms WordNet lists for ``verb`` (past tense and participle alike;
    the caller keeps those WordNet also lists as adjectives: "done", "broken")."""
    return _irregular().get(verb, frozenset()) if available() else frozenset()


def _words_at(pos: str, offset: int) -> tuple[str, ...]:
    """The words of ``pos``'s synset at ``offset`` as WordNet spells them ("top(a)", "well_done")."""
    _, data = _maps(pos)
    with _LOCK:
        line, _ = _line_at(data, offset)
    fields = line.split()
    return tuple(fields[4 + 2 * i].decode() for i in range(int(fields[3], 16)))


@lru_cache(maxsize=4096)
def noun_lemmas(offset: int) -> tuple[str, ...]:
    """The words of the noun synset at ``offset``, lower case, multiword ones with spaces
    ("checking account", "current account")."""
    return tuple(w.replace("_", " ").lower() for w in _words_at("noun", offset))


def lemmas(offset: int) -> tuple[str, ...]:
    """The words of the adjective synset at ``offset``, lower case ("top(a)" read as "top",
    "well_done" as "well done")."""
    return tuple(w.split("(", 1)[0].replace("_", " ").lower() for w in _words_at("adj", offset))


@lru_cache(maxsize=4096)
def direct_antonyms(word: str) -> frozenset[str]:
    """The single words WordNet links to ``word`` as a direct antonym, as an adverb or an adjective
    ("up" → "down")."""
    if " " in word or "_" in word or not word.isalpha() or not available():
        return frozenset()
    out: set[str] = set()
    for pos, marks in (("adv", (b"r",)), ("adj", (b"a", b"s"))):
        _, data = _maps(pos)
        for offset in synsets(word, pos):
            for symbol, target, target_pos in _synset(data, offset)[1]:
                if symbol == _ANTONYM and target_pos in marks:
                    out.update(w.split("(", 1)[0].lower() for w in _words_at(pos, target))
    return frozenset(w for w in out if "_" not in w and w != word)


#: WordNet's "derivationally related form" pointer (a noun's adjective: "fun" → "amusing").
_DERIVED = b"+"


@lru_cache(maxsize=4096)
def derived_adjectives(noun: str) -> tuple[str, ...]:
    """The single-word adjectives WordNet links to the most frequent sense of ``noun`` as its
    derivationally related forms (eq77: "fun" → "amusing", "comic", "comical", "funny"), or none.
    Only the first sense: a rarer one ("fun" as mockery) says another thing."""
    senses = synsets(noun) if available() and noun.isalpha() else ()
    if not senses:
        return ()
    _, data = _maps()
    words = [w for symbol, target, pos in _synset(data, senses[0])[1] if symbol == _DERIVED and pos in (b"a", b"s")
             for w in lemmas(target)]
    return tuple(dict.fromkeys(w for w in words if w.isalpha() and w != noun))


@lru_cache(maxsize=16384)
def _reach(adjective: str) -> tuple[frozenset[int], frozenset[int]]:
    """One step past :func:`_poles` (round 63): the clusters ``adjective`` is in or names by "also
    see" ("exciting" sees "interesting"), and the clusters opposite its most frequent sense (WordNet
    lists it first; a rarer sense — "secondary" as "low-level" — flips too much), reached two ways —

    * the antonym of a cluster it "also sees" ("exciting" → "interesting" → "uninteresting", where
      "boring" is a satellite);
    * the antonyms of the word that names a satellite sense's head ("luminous" is similar to the
      "bright" of brightness; the word "bright" is also the satellite of "light", opposite "dark").

    Cached per word: a pair costs two set intersections."""
    senses = synsets(adjective, "adj")
    if not senses:
        return frozenset(), frozenset()
    first, head = senses[0], _head(senses[0])  # the most frequent sense only: a rarer one proves nothing
    seen = {_head(t) for s in {first, head} for symbol, t in _adjective(s)[1] if symbol == _ALSO}
    opposite = {_head(t) for s in seen for symbol, t in _adjective(s)[1] if symbol == _ANTONYM}
    if head != first:
        opposite |= {o for w in lemmas(head) if w != adjective for o in _poles(w)[1]}
    near = {_head(s) for s in senses} | seen
    return frozenset(near), frozenset(opposite - near)


def opposite(x: str, y: str) -> bool:
    """``x`` and ``y`` are adjectives at opposite poles (module docstring): a sense of one in the
    cluster opposite a sense of the other — or one step further (:func:`_reach`) — and no sense of the
    two in one cluster or linked by "also see"."""
    if x == y or not available():
        return False
    hx, ox, nx = _poles(x)
    hy, oy, ny = _poles(y)
    if not hx or not hy or hx & hy or nx & ny or nx & hy or ny & hx:
        return False
    if ox & hy or oy & hx:
        return True
    near_x, far_x = _reach(x)
    near_y, far_y = _reach(y)
    if near_x & near_y:
        return False  # both see one cluster: near in some sense, never a proof of a flip
    return bool(far_x & hy or far_y & hx) or defined_apart(x, y)


#: Words of a definition that name no thing ("a", "of", "the"…): a noun shared by two definitions
#: must be a content word.
_GLOSS_STOP = frozenset("a an the of or and in on at to from for with by as being having its it that which "
                        "one something someone thing things relatively very".split())


def _gloss_words(offset: int) -> tuple[frozenset[str], frozenset[str]]:
    """The words of the definition of the adjective synset at ``offset`` (WordNet's gloss up to its
    first example or ";"), as (its content nouns, its adjectives)."""
    _, data = _maps("adj")
    with _LOCK:
        line, _ = _line_at(data, offset)
    gloss = line.split(b"|", 1)[1].decode("ascii", "ignore") if b"|" in line else ""
    words = {w.strip(",.()'") for w in gloss.split(";", 1)[0].split('"', 1)[0].lower().split()} - _GLOSS_STOP
    nouns = frozenset(w for w in words if len(w) > 3 and synsets(w))
    return nouns, frozenset(w for w in words if synsets(w, "adj"))


@lru_cache(maxsize=16384)
def _definitions(adjective: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """The definitions (:func:`_gloss_words`) of ``adjective``'s most frequent sense and of its first
    head sense ("central": "serving as an essential component", and "in or near a center")."""
    senses = synsets(adjective, "adj")
    heads = [s for s in senses if _adjective(s)[0] == b"a"]
    return tuple(_gloss_words(s) for s in dict.fromkeys([*senses[:1], *heads[:1]]))


@lru_cache(maxsize=65536)
def defined_apart(x: str, y: str) -> bool:
    """Round 66: the definitions of the two adjectives (their most frequent sense and their first
    head sense) place one thing at opposite poles — they share a content noun, and each says an
    adjective the other does not that stands directly opposite it ("centrical": "situated at or
    *near* a *center*"; "outlying": "relatively *far* from a *center*"). WordNet puts "outlying" in
    the cluster of "far", not of "peripheral", so no cluster reaches "central" from it; its
    definition does."""
    for nouns_x, adjectives_x in _definitions(x):
        for nouns_y, adjectives_y in _definitions(y):
            if nouns_x & nouns_y and any(_directly_opposite(u, v) for u in adjectives_x - adjectives_y
                                         for v in adjectives_y - adjectives_x):
                return True
    return False


def _directly_opposite(u: str, v: str) -> bool:
    """A sense of ``u`` is in the cluster opposite a sense of ``v`` and they share none (:func:`_poles`)."""
    hu, ou, nu = _poles(u)
    hv, ov, nv = _poles(v)
    return bool(hu and hv and not (hu & hv or nu & nv) and (ou & hv or ov & hu))
