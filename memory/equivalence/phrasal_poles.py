"""A phrasal verb's particle as its pole: "turns the volume down" / "sube el volumen" (issue 16, stop 51, eq75).

WordNet links few phrasal verbs as antonyms ("turn up" and "turn down" are not linked; nor "turn up"
and "go down", Apertium's translation of "bajar"), and the embedder places a verb with one particle as
close to the same verb with the opposite particle as to a synonym, most of all across languages. The
polarity is the particle's: WordNet lists "up" / "down" and "back" / "forward" as antonym adverbs and
"on" / "off" as antonym adjectives. Two phrasal verbs are read as opposite (:func:`opposite`) when

* their particles are such a WordNet antonym pair (a direct antonym pointer between a sense of each
  particle, adverb or adjective; no cluster inheritance: "in" / "out" have none and stay unread —
  "fill in" and "fill out" are one act), and
* each verb is one that **has both** (:func:`polar`): WordNet lists the verb with the particle and
  with its antonym ("turn_up" and "turn_down", "go_up" and "go_down", "switch_on" and "switch_off"),
  so the particle is where the verb keeps its direction ("give up" has no "give down": its "up" is no
  direction).

:mod:`.verb_opposites` asks this beside WordNet's own verb antonymy, under the same guards (negated
verbs, a verb said on both sides, two verbs that share a synset or a verb group). It also reads an
English particle said after the object ("turns the TV volume down", :func:`split_phrasal`), where
the tagger reads the verb apart from its particle. No word list: the particles are the words WordNet
links so, the verbs those it lists with both. Pure Python, no Django; nothing is logged.
"""

from __future__ import annotations

from functools import lru_cache

from memory.equivalence import wordnet

#: How many words after the verb its particle may stand ("turns [the TV volume] down").
REACH = 4


def _key(word: str) -> str:
    return word.strip().lower().replace(" ", "_")


@lru_cache(maxsize=16384)
def polar(verb: str, particle: str) -> bool:
    """WordNet lists ``verb`` with ``particle`` and with an antonym of it ("turn" with "up" and "down")."""
    if not wordnet.available() or not wordnet.synsets(f"{_key(verb)}_{particle}", "verb"):
        return False
    return any(wordnet.synsets(f"{_key(verb)}_{q}", "verb") for q in wordnet.direct_antonyms(particle))


def _split(phrasal: str) -> tuple[str, str] | None:
    verb, _, particle = _key(phrasal).rpartition("_")
    return (verb, particle) if verb and particle else None


@lru_cache(maxsize=65536)
def opposite(x: str, y: str) -> bool:
    """``x`` and ``y`` ("turn down", "go_up") are verbs that have both particles and say opposite ones."""
    sx, sy = _split(x), _split(y)
    if sx is None or sy is None or sx[1] == sy[1] or sy[1] not in wordnet.direct_antonyms(sx[1]):
        return False
    return polar(*sx) and polar(*sy)


def split_phrasal(lemmas: tuple[str, ...], stops: tuple[bool, ...], i: int) -> str | None:
    """The phrasal verb word ``i`` (a particle) closes, said apart from its verb ("turns the volume
    down"): the nearest word before it in the same clause (``stops`` marks clause ends), within
    :data:`REACH`, whose lemma is a verb that has both this particle and its antonym; or None."""
    particle = lemmas[i]
    if not wordnet.direct_antonyms(particle):
        return None
    for j in range(i - 1, max(-1, i - 1 - REACH), -1):
        if stops[j]:
            return None
        if lemmas[j].isalpha() and polar(lemmas[j], particle):
            return f"{lemmas[j]} {particle}"
    return None
