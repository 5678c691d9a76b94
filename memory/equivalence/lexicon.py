"""(b) local rules: the bilingual (es/en) lexicon, as data.

Concept rows, the gazetteer, weekdays, months, negators, stop words, order/bound markers and number
words. Only literals and the :class:`_Concept` row type live here; the phrase table built from them
and every rule that reads them are in :mod:`memory.equivalence.analysis` and
:mod:`memory.equivalence.compare`. Forms are written lower-case and without accents because the analysis
compares folded text.
"""

from __future__ import annotations

from dataclasses import dataclass


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
