"""Exemplar phrasings per (predicate, value), in Spanish and English — data for claim inference.

Written from the predicate registry (``governance.seed.PREDICATES``), not from any evaluation
pair. Each entry: the registry key, the canonical value, exemplar sentences (ES and EN) the
bundled embedder compares a note's sentence against, and ``cues``: word starts (folded: lower
case, no accents) of which at least one must occur in the sentence for that value to be claimed.
The cues are a veto, not the detector — the embedder decides which predicate a sentence speaks of,
the cues pick the value (exactly one value's cues must occur), and the embedder must not
disagree with that pick by more than a tolerance; a sentence carrying two values' cues yields no
claim ("informes breves, no largos" is left to the judge, never guessed).

Predicates whose values are open (``identity.preferred_name``, ``project.current``,
``project.mentioned``, ``constraint.*``) have no exemplars: their claims come from explicit
fields (or an LLM extractor), never from the local default.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ValueExemplars:
    predicate: str
    value: str
    sentences: tuple[str, ...]
    cues: tuple[str, ...]


#: Per predicate, the word starts of which one must occur for the sentence to be about it at all
#: (a report, a meeting, a language of address...): "Está aprendiendo alemán" is not a preferred
#: language, "Suele llegar tarde" is not a meeting time.
TOPICS: dict[str, tuple[str, ...]] = {
    "preference.report_length": ("informe", "resumen", "resumenes", "document", "report", "summar",
                                 "actualizacion", "update", "briefing"),
    "preference.meeting_time": ("reunion", "reunir", "meeting", "meet", "llamada", "call", "quedar", "cita"),
    "communication.style": ("trato", "tono", "tone", "usted", "tute", "address", "habl", "escrib", "dirig",
                            "communicat", "comunic", "spoken", "talk", "written", "messag", "mensaje", "correo",
                            "email"),
    "communication.language": ("habl", "escrib", "comunic", "idioma", "lengua", "dirig", "contest", "respond",
                               "speak", "spoken", "talk", "write", "written", "communicat", "language", "reply",
                               "answer", "address"),
}


EXEMPLARS: tuple[ValueExemplars, ...] = (
    ValueExemplars("preference.report_length", "short", (
        "Quiere informes cortos", "Le gustan los informes breves", "Pide informes resumidos",
        "Prefiere documentos cortos y al grano", "Los informes, mejor en formato breve",
        "Quiere que los resúmenes sean cortos", "Prefiere recibir un resumen corto",
        "Prefiere informes breves", "Wants short reports", "Likes brief reports", "Asks for concise summaries",
        "Prefers reports kept short", "Would rather get a brief summary", "Keep the reports short for her",
    ), ("breve", "cort", "concis", "resumid", "sintetic", "escuet", "short", "brief", "concise", "succinct",
        "terse", "al grano")),
    ValueExemplars("preference.report_length", "long", (
        "Quiere informes largos", "Le gustan los informes extensos", "Pide informes con mucho detalle",
        "Prefiere documentos largos y completos", "Los informes, mejor detallados",
        "Quiere que los resúmenes sean exhaustivos", "Prefiere recibir informes completos",
        "Prefiere informes largos", "Wants long reports", "Likes detailed reports", "Asks for thorough, in-depth reports",
        "Prefers reports with all the details", "Would rather get a long, complete report",
        "Keep the reports long and detailed for him",
    ), ("larg", "extens", "detall", "exhaustiv", "complet", "long", "detailed", "thorough", "in-depth",
        "lengthy", "comprehensive")),
    ValueExemplars("preference.meeting_time", "morning", (
        "Le gustan las reuniones por la mañana", "Prefiere reunirse a primera hora",
        "Quiere las reuniones por las mañanas", "Mejor quedar por la mañana para reunirse",
        "Likes meetings in the morning", "Prefers to meet early in the day", "Wants meetings scheduled in the morning",
        "Morning meetings suit her best",
    ), ("por la manana", "de manana", "las mananas", "a primera hora", "temprano", "morning", "early")),
    ValueExemplars("preference.meeting_time", "afternoon", (
        "Le gustan las reuniones por la tarde", "Prefiere reunirse después de comer",
        "Quiere las reuniones por las tardes", "Mejor quedar por la tarde para reunirse",
        "Likes meetings in the afternoon", "Prefers to meet after lunch", "Wants meetings scheduled in the afternoon",
        "Afternoon meetings suit him best",
    ), ("por la tarde", "de tarde", "las tardes", "a la tarde", "despues de comer", "tras comer", "afternoon",
        "after lunch")),
    ValueExemplars("communication.style", "formal", (
        "Prefiere que le traten de usted", "Quiere un tono formal", "Le gusta un trato formal y respetuoso",
        "Prefers to be addressed formally", "Wants a formal tone in messages", "Likes formal communication",
    ), ("formal", "usted")),
    ValueExemplars("communication.style", "informal", (
        "Prefiere que le traten de tú", "Quiere un tono informal", "Le gusta un trato cercano y desenfadado",
        "Prefers to be addressed informally", "Wants a casual tone in messages", "Likes informal communication",
    ), ("informal", "tute", "de tu", "cercan", "desenfadad", "casual", "relaxed")),
    ValueExemplars("communication.language", "es", (
        "Prefiere que le hablen en español", "Quiere comunicarse en castellano", "Escríbele en español",
        "Prefers to be spoken to in Spanish", "Wants to communicate in Spanish", "Write to her in Spanish",
    ), ("espanol$", "castellano$", "spanish$")),
    ValueExemplars("communication.language", "en", (
        "Prefiere que le hablen en inglés", "Quiere comunicarse en inglés", "Escríbele en inglés",
        "Prefers to be spoken to in English", "Wants to communicate in English", "Write to him in English",
    ), ("ingles$", "english$")),
    ValueExemplars("communication.language", "fr", (
        "Prefiere que le hablen en francés", "Quiere comunicarse en francés",
        "Prefers to be spoken to in French", "Wants to communicate in French",
    ), ("frances$", "french$")),
    ValueExemplars("communication.language", "de", (
        "Prefiere que le hablen en alemán", "Quiere comunicarse en alemán",
        "Prefers to be spoken to in German", "Wants to communicate in German",
    ), ("aleman$", "german$")),
    ValueExemplars("communication.language", "pt", (
        "Prefiere que le hablen en portugués", "Quiere comunicarse en portugués",
        "Prefers to be spoken to in Portuguese", "Wants to communicate in Portuguese",
    ), ("portugues$", "portuguese$")),
)

#: Exemplars of sentences that speak of none of the predicates above (the "no claim" class): a
#: sentence closer to one of these than to any value's exemplars yields no claim.
NONE_EXEMPLARS: tuple[str, ...] = (
    "Trabaja desde casa los viernes", "Vive en Madrid", "Tiene dos hijos", "Usa Linux en el portátil",
    "Es la responsable del equipo de ventas", "Se va de vacaciones en agosto", "Habla inglés y alemán",
    "Está aprendiendo a tocar la guitarra", "Su jefa es Carmen", "Lee todos los informes con detalle",
    "Escribe informes largos para sus clientes", "Traduce documentos del inglés al español",
    "Works from home on Fridays", "Lives in Madrid", "Has two children", "Uses Linux on the laptop",
    "Leads the sales team", "Is going on holiday in August", "Speaks English and German",
    "Is learning to play the guitar", "Her manager is Carmen", "Reads every report carefully",
    "Writes long reports for clients", "Translates documents from English to Spanish",
    "Has a meeting with the board tomorrow morning", "Tiene una reunión mañana por la tarde",
)

#: Function words a claim sentence may carry besides its predicate's own vocabulary (ES and EN).
FUNCTION_WORDS: frozenset[str] = frozenset("""
a al el la los las lo le les un una unos unas de del en con que y o se su me te mi por para como muy mas
sean sea ser es son esta estan este esa ese todo toda siempre bien mejor usted tu
the a an to of in on at for and or be is are it its that with as by very more best please
""".split())

