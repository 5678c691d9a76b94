"""(b) local rules: comparison of two analysed statements (slots, axes, directions, overlap, containment)."""

from __future__ import annotations

from dataclasses import dataclass

from memory.equivalence.analysis import Pair, _direction_pairs, _Features, _Tok
from memory.equivalence.lexicon import _COORDINATORS, _RELATIONAL
from memory.equivalence.normalise import _stem


def _unify_entities(fa: _Features, fb: _Features) -> tuple[_Features, _Features]:
    """A sentence-initial name is a plain word on its own; it is a name if either statement says so.

    Both maps are built before anything changes, so the result does not
    depend on which statement comes first (the judge must be symmetric).
    Returns the two features to compare: a side with a word to promote is a
    changed copy (the analyses may be shared, :mod:`.memo`), the other itself.
    """
    names = {_stem(entity): entity for entity in fa.entities | fb.entities}
    if not names:
        return fa, fb  # no word of either side can be promoted to a name
    unified = []
    for feats in (fa, fb):
        if any(tok.kind == "residual" and tok.key in names for tok in feats.tokens):
            feats = feats.copy()
            for tok in feats.tokens:
                if tok.kind == "residual" and tok.key in names:
                    feats.residual.discard(tok.key)
                    tok.kind, tok.key = "entity", names[tok.key]
                    feats.entities.add(tok.key)
            feats.pairs, _ = _direction_pairs(feats.tokens)
        unified.append(feats)
    return unified[0], unified[1]


def _slot_conflict(a: set[str], b: set[str], only: bool) -> bool:
    """Both sides fill the slot and neither refines the other ("lunes" vs "martes")."""
    if not a or not b or a == b:
        return False
    if only:
        return True  # "solo los lunes" vs "los lunes y martes"
    return not (a <= b or b <= a)


def _flipped_axes(fa: _Features, fb: _Features) -> list[str]:
    pa, pb = fa.poles(), fb.poles()
    return sorted(axis for axis in pa.keys() & pb.keys() if pa[axis].isdisjoint(pb[axis]))


def _direction_swap(fa: _Features, fb: _Features) -> bool:
    """A pair of ``fa`` reversed in ``fb`` — unless each side also states the other direction itself
    (a round trip, "de Madrid a Sevilla y de Sevilla a Madrid", is no swap of itself)."""
    for ax, ay in fa.pairs:
        if ax & ay:
            continue
        for bx, by in fb.pairs:
            if bx & by:
                continue
            if (ax & by) and (ay & bx) and not (ax & bx) and not (ay & by) \
                    and not (_states(fa.pairs, bx, by) and _states(fb.pairs, ax, ay)):
                return True
    return False


def _states(pairs: list[Pair], x: frozenset[str], y: frozenset[str]) -> bool:
    return any((px & x) and (py & y) and not (px & y) and not (py & x) for px, py in pairs)


def _pairs_correspond(fa: _Features, fb: _Features) -> bool:
    """Each ordered pair on one side has its counterpart on the other ("té al café" ~ "tea over coffee")."""
    def covered(mine: list[Pair], other: list[Pair]) -> bool:
        return all(any((x & ox) and (y & oy) for ox, oy in other) for x, y in mine)

    return covered(fa.pairs, fb.pairs) and covered(fb.pairs, fa.pairs)


def _is_plain_list(feats: _Features) -> bool:
    """Every coordinator joins two values of one kind ("inglés y alemán", "lunes y martes")."""
    listable = {"entity", "weekday", "month", "num", "time", "date"}
    tokens = feats.tokens
    if not any(t.norm in _COORDINATORS for t in tokens):
        return False  # no list at all: order is meaningful ("with Ana on Atlas")
    for k, tok in enumerate(tokens):
        if tok.norm not in _COORDINATORS:
            continue
        before = next((t for t in reversed(tokens[:k]) if t.kind not in ("stop",)), None)
        after = next((t for t in tokens[k + 1 :] if t.kind not in ("stop",)), None)

        def item(t: _Tok | None) -> str | None:
            if t is None:
                return None
            if t.kind in listable:
                return t.kind
            if t.kind == "concept" and t.concept is not None and t.concept.value:
                return "value"
            return None

        if item(before) is None or item(before) != item(after):
            return False
    return True


def _is_compound(feats: _Features) -> bool:
    """Several clauses joined together: which word qualifies which is then order-dependent."""
    return any(t.norm in _COORDINATORS for t in feats.tokens) and not _is_plain_list(feats)


def _order_consistent(fa: _Features, fb: _Features) -> bool:
    """Shared names/objects appear in the same order, unless both sides are plain lists."""
    seq_a, seq_b = fa.value_seq(), fb.value_seq()
    shared = set(seq_a) & set(seq_b)
    if len(shared) < 2:
        return True
    relational = any(t.norm in _RELATIONAL or t.kind == "arrow" for t in fa.tokens + fb.tokens)
    if not relational and _is_plain_list(fa) and _is_plain_list(fb):
        return True

    def order(seq: list[str]) -> list[str]:
        seen: list[str] = []
        for key in seq:
            if key in shared and key not in seen:
                seen.append(key)
        return seen

    return order(seq_a) == order(seq_b)


def _roles_consistent(fa: _Features, fb: _Features) -> bool:
    """A shared name stays on the same side of each shared verb ("reports to Laura" vs "Laura reports to")."""
    def positions(feats: _Features) -> tuple[dict[str, int], dict[str, int]]:
        names: dict[str, int] = {}
        verbs: dict[str, int] = {}
        for i, tok in enumerate(feats.tokens):
            if tok.kind == "entity" and tok.key:
                names.setdefault(tok.key, i)
            elif tok.kind == "concept" and tok.concept is not None and tok.concept.verb:
                verbs.setdefault(tok.concept.id, i)
        return names, verbs

    names_a, verbs_a = positions(fa)
    names_b, verbs_b = positions(fb)
    for name in names_a.keys() & names_b.keys():
        for verb in verbs_a.keys() & verbs_b.keys():
            if (names_a[name] < verbs_a[verb]) != (names_b[name] < verbs_b[verb]):
                return False
    return True


def _subjects(feats: _Features) -> frozenset[str]:
    """Other people or groups the statement opens with: who it is about ("su jefe se reúne...")."""
    found: set[str] = set()
    for tok in feats.tokens:
        if tok.kind == "concept" and tok.concept is not None and tok.concept.party:
            found.add(tok.concept.id)
        elif tok.key and tok.kind not in ("stop", "punct"):
            break  # the first other content word ends the subject
    return frozenset(found)


#: A copula opening a subjectless note ("Es la jefa de compras", "Is the manager of…"), round 64.
_COPULAS = frozenset({"es", "is", "era", "was", "fue"})


def _own_role(feats: _Features) -> bool:
    """The note opens with a copula and a head-of role ("Es la jefa de compras de una cadena"): the role
    is the person's own, so the note is about the person, as "Dirige las compras" is (round 64). Not
    when the note names someone or another party: "Es el jefe de Sonia", "Es la jefa de su hermano"
    relate the person to another (their roles are the role checks' to compare, not this reading's)."""
    tokens = [t for t in feats.tokens if t.kind not in ("stop", "punct") or t.norm in _COPULAS]
    if len(tokens) < 2 or tokens[0].norm not in _COPULAS or feats.entities:
        return False
    role = tokens[1]
    parties = [t for t in tokens if t.kind == "concept" and t.concept is not None and t.concept.party]
    return role.kind == "concept" and role.concept is not None and role.concept.id == "MANAGER" \
        and parties == [role]


def _overlap(fa: _Features, fb: _Features) -> tuple[float, int]:
    ka, kb = fa.core_keys(), fb.core_keys()
    if not ka or not kb:
        return 0.0, 0
    shared = len(ka & kb)
    return shared / max(len(ka), len(kb)), shared


def _containment(fa: _Features, fb: _Features) -> str | None:
    """``"equal"``, ``"entails"`` (one side's content strictly contains the other's) or ``None``."""
    parts_a = (fa.concept_ids(), fa.residual, fa.entities, fa.numbers, fa.dates, fa.weekdays, fa.months)
    parts_b = (fb.concept_ids(), fb.residual, fb.entities, fb.numbers, fb.dates, fb.weekdays, fb.months)
    if all(x == y for x, y in zip(parts_a, parts_b, strict=True)):
        return "equal"
    a_ge = all(x >= y for x, y in zip(parts_a, parts_b, strict=True))
    b_ge = all(y >= x for x, y in zip(parts_a, parts_b, strict=True))
    if not (a_ge or b_ge):
        return None
    smaller = fb if a_ge else fa
    # The smaller side must say something of its own, or "X" would entail "".
    said = {c.id for c in smaller.concepts.values()} | smaller.residual | smaller.entities
    slots = smaller.numbers | smaller.dates | smaller.weekdays | smaller.months
    if len(said) + min(len(slots), 1) < 2:
        return None
    return "entails"


@dataclass(frozen=True)
class _Comparison:
    neg_flip: bool  # polarities differ (concord-aware parity)
    neg_equal: bool  # same negators applied to the same words (required to merge)
    tense_flip: bool
    flips: list[str]  # antonym axes with opposite poles
    slot_mismatches: list[str]  # ordered: number, date, weekday, month, entity
    swap: bool
    strong: bool  # the rest of the two statements is about the same thing
    disjoint: bool  # not a single content word, name, number or date in common
    same_predicate: bool
