"""The converse verbs the same-language veto reads (:func:`~.slots.converse_swap`): each relation seen
from its two ends, every form that says each end (issue 16; the table moved here from :mod:`.slots`
by perf53b, unchanged, with the per-note reading it is now looked up by).

Pure Python, no Django.
"""

from __future__ import annotations

from memory.equivalence.phrase_index import PhraseIndex

# Converse verbs: each pair is one relation seen from its two ends. A side with one end only, the
# other side with the other end only, is a swapped direction. Every form of a verb is listed, its
# participle too ("Ha vendido", "Ha comprado": a perfect says the same end as the simple past).
CONVERSE: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    # "ha prestado" lends; "pidió prestado", "tomó prestado" borrow (a bare "prestado" says neither)
    (("lend", "lends", "lent", "lending", "presta", "prestan", "presto", "prestaba", "prestar", "loaned", "loans",
      "ha prestado", "han prestado", "he prestado", "habia prestado", "prestando"),
     ("borrow", "borrows", "borrowed", "borrowing", "pide prestado", "piden prestado", "pidio prestado",
      "pidieron prestado", "pedido prestado", "pedir prestado", "pidiendo prestado", "toma prestado",
      "tomo prestado", "tomado prestado", "tomar prestado", "de prestado")),
    (("teach", "teaches", "taught", "teaching", "ensena", "ensenan", "enseno", "ensenaba", "ensenar", "ensenado",
      "imparte", "da clases", "gives lessons", "tutoriza", "tutors", "mentors", "mentoriza"),
     ("learn", "learns", "learned", "learnt", "learning", "aprende", "aprenden", "aprendio", "aprendiendo",
      "aprender", "aprendido", "recibe clases", "takes lessons", "tutored by", "mentored by", "mentorizado",
      "takes private lessons", "has lessons with",
      "lessons from")),
    (("sell", "sells", "sold", "selling", "vende", "venden", "vendio", "vendiendo", "vender", "vendido", "vendida",
      "vendidos", "vendidas", "seller", "vendedor", "vendedora"),
     ("buy", "buys", "bought", "buying", "compra", "compran", "compro", "comprando", "comprar", "comprado", "comprada",
      "comprados", "compradas", "buyer", "comprador", "compradora", "purchaser")),
    (("send", "sends", "sent", "sending", "envia", "envian", "envio", "manda", "mandan", "mando", "enviado",
      "enviada", "mandado", "mandada"),
     ("receive", "receives", "received", "receiving", "recibe", "reciben", "recibio", "recibiendo", "recibido",
      "recibida")),
    (("hire", "hires", "hired", "contrata", "contrato a", "contrataron a"),
     ("was hired", "got hired", "fue contratado", "fue contratada", "lo contrataron", "la contrataron")),
    (("manages", "supervises", "dirige", "supervisa", "gestiona a", "lidera a", "is in charge of"),
     ("reports to", "reporta a", "depende de", "answers to", "works under", "trabaja para")),
    (("rents out", "lets out", "alquila a", "le alquila"), ("rents from", "alquila de", "le alquila a")),
    (("owes", "debe dinero"), ("is owed", "le debe")),
    (("beat", "beats", "defeated", "defeats", "gano a", "gana a", "vencio a", "vence a", "derroto a"),
     ("lost to", "loses to", "was beaten by", "perdio contra", "perdio con", "pierde contra", "pierde con")),
    (("gives", "gave", "da", "dio", "regala", "regalo", "donates", "dona"),
     ("gets", "got", "receives from", "recibe de", "le dan", "le dieron", "le regalan", "le regalaron")),
    (("pays", "paid", "paga", "pago a"), ("is paid by", "gets paid", "cobra de", "le paga", "le pagan")),
    (("visits", "visited", "visita a", "visito a", "va a ver a"), ("is visited by", "le visita", "la visita",
                                                                   "lo visita", "recibe la visita")),
    (("calls", "called", "llama a", "llamo a"), ("is called by", "le llama", "la llama", "lo llama")),
    (("older than", "mayor que"), ("younger than", "menor que")),
    (("export", "exports", "exported", "exporting", "exporta", "exportan", "exporto", "exportar", "exportado",
      "exportada"),
     ("import", "imports", "imported", "importing", "importa", "importan", "importo", "importar", "importado",
      "importada")),
)

#: :data:`CONVERSE` as the padded phrases looked for (" phrase "), built once.
PROBES = tuple((tuple(f" {p} " for p in one), tuple(f" {p} " for p in other)) for one, other in CONVERSE)
#: The probes filed by first word, each under (the relation's index, 0 for its first end, 1 for the other).
_INDEX = PhraseIndex(((k, end), probes) for k, ends in enumerate(PROBES) for end, probes in enumerate(ends))


def ends(padded: str) -> tuple[frozenset[int], frozenset[int]]:
    """The relations (indexes of :data:`CONVERSE`) a padded, folded note says the first end of only, and
    those it says the other end of only: exactly what testing every probe of every relation finds."""
    found = _INDEX.found(padded)
    return (frozenset(k for k, end in found if end == 0 and (k, 1) not in found),  # type: ignore[misc]
            frozenset(k for k, end in found if end == 1 and (k, 0) not in found))  # type: ignore[misc]
