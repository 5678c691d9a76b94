"""Antonym poles: the two ends of an axis, both languages (issue 16; used by :mod:`.signature`).

One note at one pole only and the other at the opposite pole only is a flipped detail, never the
same fact ("prefers the cold" / "prefers hot weather", "Está ganando peso" / "losing weight",
"assistant coach" / "primer entrenador"). Read from the padded, folded text (" word "). Pure
Python, no Django.
"""

from __future__ import annotations

from memory.equivalence.phrase_index import PhraseIndex

# Opposite poles of one axis (antonyms), both languages: one side at one pole only and the other at
# the other pole only is a flipped detail ("prefers the cold" / "prefers hot weather"). Closed lists
# of general adjectives and adverbs of manner, time and setting — never topic words.
_POLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "length": (("breve", "breves", "corto", "corta", "cortos", "cortas", "short", "shorter", "brief", "concise",
                "conciso", "concisa", "concisos", "concisas", "sucinto", "al grano", "to the point", "high level",
                "alto nivel", "a grandes rasgos", "overview", "resumido", "resumida", "summary"),
               ("largo", "larga", "largos", "largas", "long", "longer", "lengthy", "extenso", "extensa", "extensos",
                "extensas", "exhaustive", "exhaustivo", "exhaustiva", "detallado", "detallada", "detallados",
                "detalladas", "detailed", "in detail", "pormenorizado", "pormenorizada", "in depth", "a fondo")),
    "formality": (("formal", "formales", "de usted", "formally"),
                  ("informal", "informales", "casual", "desenfadado", "desenfadada", "de tu", "informally")),
    "daytime": (("manana", "mananas", "morning", "mornings", "temprano", "early", "madrugada", "madruga",
                 "madrugador", "madrugadora", "madrugadores", "madrugadoras", "early bird", "early riser",
                 "morning person"),
                ("tarde", "tardes", "afternoon", "afternoons", "evening", "evenings", "late", "noche", "noches",
                 "night", "nights", "trasnochador", "trasnochadora", "trasnochadores", "trasnochadoras",
                 "night owl")),
    # stop 44, after its end reading (p92-065, "vuelos nocturnos" / flights "during the day"): day
    # against night as a whole, beside the daytime axis's morning against later
    "day_night": (("diurno", "diurna", "diurnos", "diurnas", "de dia", "durante el dia", "during the day",
                   "daytime", "by day", "in the daytime"),
                  ("nocturno", "nocturna", "nocturnos", "nocturnas", "de noche", "por la noche", "at night",
                   "overnight", "nighttime", "night-time", "by night")),
    # stop 45, after its end reading (p96-211, p97-074: a seat at the front against one at the back,
    # across languages): the front of a room or a vehicle against its back
    "front_back": (("delante", "delantero", "delantera", "delanteros", "delanteras", "parte delantera",
                    "primera fila", "primeras filas", "at the front", "in the front", "front row", "front rows",
                    "front seat", "front seats", "the front of"),
                   ("detras", "trasero", "trasera", "traseros", "traseras", "parte trasera", "al fondo",
                    "ultima fila", "ultimas filas", "at the back", "in the back", "back row", "back rows",
                    "back seat", "back seats", "the back of", "the rear", "rear seat", "rear seats")),
    "temperature": (("calor", "caliente", "calientes", "calido", "calida", "calidos", "calidas", "hot", "warm",
                     "heat"),
                    ("frio", "fria", "frios", "frias", "cold", "cool", "fresco")),
    "privacy": (("open plan", "open-plan", "abierta", "abierto", "diafana", "diafano", "public", "publico", "publica",
                 "shared", "compartido", "compartida"),
                ("private", "privado", "privada", "privados", "privadas", "cerrado", "cerrada", "own office",
                 "despacho propio")),
    "setting": (("remoto", "remota", "remote", "remotely", "teletrabajo", "teletrabaja", "from home", "desde casa",
                 "online", "virtual", "virtuales"),
                ("presencial", "presenciales", "in person", "in-person", "on site", "on-site", "onsite",
                 "face to face", "cara a cara")),
    "size": (("grande", "grandes", "big", "large", "bigger", "larger", "mayor"),
             ("pequeno", "pequena", "pequenos", "pequenas", "small", "smaller", "little", "menor")),
    "speed": (("rapido", "rapida", "rapidos", "rapidas", "fast", "quick", "quickly", "faster"),
              ("lento", "lenta", "lentos", "lentas", "slow", "slowly", "slower")),
    # round 47: a place busy with people against one that is not ("busy, lively beaches" / "playas
    # tranquilas y poco concurridas")
    "noise": (("tranquilo", "tranquila", "tranquilos", "tranquilas", "silencio", "silencioso", "quiet", "silent",
               "calm", "poco concurrido", "poco concurrida", "poco concurridos", "poco concurridas", "uncrowded",
               "not crowded", "peaceful"),
              ("ruidoso", "ruidosa", "ruidosos", "ruidosas", "ruido", "noisy", "loud", "bullicioso", "bulliciosa",
               "busy", "lively", "crowded", "animado", "animada", "animados", "animadas", "abarrotado",
               "abarrotada", "masificado", "masificada", "masificadas", "masificados")),
    # stop 43: the superlatives of the axis ("the earliest flight" / "el último vuelo", the class of
    # p89-002 and of stop 40's "último" / "earliest")
    "order": (("antes", "before", "earlier", "earliest", "primero", "primera", "first"),
              ("despues", "after", "afterwards", "later", "latest", "ultimo", "ultima", "last")),
    # stop 43: where in a town ("hoteles céntricos" / "hoteles de las afueras", p88-129); no "central"
    # (central heating, a central bank) and no "centro" alone (a shopping centre is anywhere)
    "town": (("centrico", "centrica", "centricos", "centricas", "en el centro", "del centro", "city centre",
              "city center", "town centre", "town center", "downtown"),
             ("afueras", "outskirts", "suburbs", "suburban", "extrarradio", "periferia", "out of town",
              "out-of-town")),
    "light": (("claro", "clara", "light", "bright"), ("oscuro", "oscura", "dark")),
    # round 53: in the sun or in the shade ("la parte soleada" / "the shady side"): WordNet 3.0 knows
    # "sunny" only as cheerful, so no antonym link reaches "shady"
    "sun": (("soleado", "soleada", "soleados", "soleadas", "sunny", "sunlit", "al sol", "a pleno sol",
             "in the sun", "in full sun"),
            ("sombreado", "sombreada", "sombreados", "sombreadas", "sombrio", "sombria", "umbrio", "umbria",
             "shady", "shaded", "a la sombra", "in the shade")),
    # round 46: a device left on or off ("con la calefacción apagada" / "with the heating on"); a
    # bare "on" is a preposition, so English "on" only after a device or a verb of switching
    "power": (("encendido", "encendida", "encendidos", "encendidas", "prendido", "prendida", "switched on",
               "turned on", "left on", "kept on", "heating on", "lights on", "light on", "tv on", "radio on",
               "fan on", "air conditioning on", "phone on", "computer on", "alarm on", "calefaccion puesta",
               "aire puesto", "luz puesta"),
              ("apagado", "apagada", "apagados", "apagadas", "switched off", "turned off", "left off",
               "kept off", "heating off", "lights off", "light off", "tv off", "radio off", "fan off",
               "air conditioning off", "phone off", "computer off", "alarm off")),
    "seniority": (("junior", "becario", "becaria", "intern", "trainee"), ("senior", "veterano", "veterana")),
    "cost": (("barato", "barata", "cheap", "cheaper", "economico", "low-cost"),
             ("caro", "cara", "expensive", "costly", "pricey")),
    "difficulty": (("facil", "faciles", "easy", "easier", "sencillo", "sencilla", "simple"),
                   ("dificil", "dificiles", "hard", "harder", "difficult", "complicado", "complicada", "complex")),
    "age": (("nuevo", "nueva", "nuevos", "nuevas", "new", "newer", "brand new", "a estrenar"),
            ("viejo", "vieja", "antiguo", "antigua", "old", "older", "former", "used", "second hand", "secondhand",
             "second-hand", "de segunda mano", "usado", "usada", "de ocasion", "pre-owned", "preowned")),
    "hours": (("jornada completa", "tiempo completo", "full time", "full-time"),
              ("media jornada", "jornada reducida", "tiempo parcial", "part time", "part-time", "reduced hours",
               "reducida")),
    "ownership": (("de la empresa", "de empresa", "corporativo", "corporativa", "del trabajo", "company", "work",
                   "corporate"), ("personal", "propio", "propia", "own", "particular")),
    # round 63: an abundant meal against a light one ("a light dinner" / "una cena abundante")
    "amount": (("mucho", "mucha", "muchos", "muchas", "a lot", "lots", "plenty", "heavy", "abundante",
                "abundantes", "abundant", "copioso", "copiosa", "copiosos", "copiosas", "copious"),
               ("poco", "poca", "pocos", "pocas", "little", "few", "light", "minimal", "escaso", "escasa",
                "escasos", "escasas", "scarce", "scant", "ligero", "ligera", "ligeros", "ligeras")),
    # the two bounds of a span of time: "since 2020" is not "until 2020"
    "bound": (("since", "desde", "ever since", "desde entonces"), ("until", "till", "hasta", "up until", "up to")),
    # the sex of a relative named in the singular ("his sister" / "his brother"); plurals such as
    # "hermanos" or "hijos" may name both and are left out
    "kin": (("sister", "hermana", "mother", "madre", "mum", "mom", "daughter", "hija", "wife", "esposa", "aunt", "tia",
             "niece", "sobrina", "grandmother", "abuela", "granddaughter", "nieta", "girlfriend", "novia",
             "stepmother", "madrastra", "stepdaughter", "hijastra", "cousin's wife", "prima", "suegra",
             "mother-in-law", "cunada", "sister-in-law"),
            ("brother", "hermano", "father", "padre", "dad", "son", "hijo", "husband", "marido", "esposo", "uncle",
             "tio", "nephew", "sobrino", "grandfather", "abuelo", "grandson", "nieto", "boyfriend", "novio",
             "stepfather", "padrastro", "stepson", "hijastro", "primo", "suegro", "father-in-law", "cunado",
             "brother-in-law")),
    "satisfaction": (("satisfied", "satisfecho", "satisfecha", "contento", "contenta", "pleased", "happy with",
                      "conforme"),
                     ("dissatisfied", "unsatisfied", "insatisfecho", "insatisfecha", "descontento", "descontenta",
                      "displeased", "unhappy with", "disconforme")),
    # a rank within one job: "assistant coach" / "primer entrenador", "associate editor" / "editor jefe"
    "rank": (("head coach", "head chef", "head nurse", "head teacher", "primer entrenador", "primera entrenadora",
              "entrenador principal", "entrenadora principal", "jefe de cocina", "jefa de cocina", "enfermera jefe",
              "enfermero jefe", "editor jefe", "editora jefe", "redactor jefe", "redactora jefe", "editor in chief",
              "editor-in-chief"),
             ("assistant coach", "assistant chef", "sous chef", "segundo entrenador", "segunda entrenadora",
              "entrenador ayudante", "entrenadora ayudante", "entrenador asistente", "entrenadora asistente",
              "ayudante de cocina", "segundo de cocina", "auxiliar de enfermeria", "nursing assistant",
              "assistant editor", "associate editor", "editor adjunto", "editora adjunta", "redactor adjunto",
              "redactora adjunta", "teaching assistant", "profesor ayudante", "profesora ayudante")),
    "distance": (("cerca", "cerquita", "near", "close to", "nearby", "a dos pasos", "walking distance"),
                 ("lejos", "far", "far from", "a long way")),
    "calm": (("tranquila", "tranquilo", "tranquilos", "tranquilas", "calm", "calmer", "serena", "sereno"),
             ("ansiosa", "ansioso", "anxious", "nerviosa", "nervioso", "nervous", "stressed", "estresada",
              "estresado", "agobiada", "agobiado")),
    "oiliness": (("graso", "grasa", "grasos", "grasas", "oily", "greasy"), ("seco", "seca", "secos", "secas", "dry")),
    "strictness": (("strict", "estricto", "estricta", "severo", "severa", "rigido", "rigida"),
                   ("permissive", "permisivo", "permisiva", "lenient", "indulgente", "relaxed about", "relajado con",
                    "relajada con", "laid-back", "laid back", "flexible")),
    "strength": (("fuerte", "fuertes", "strong", "stronger", "intenso", "intensa", "intense", "picante", "picantes",
                  "spicy"),
                 ("suave", "suaves", "flojo", "floja", "weak", "weaker", "mild", "ligero", "ligera")),
    # the two ends of a process, an outcome, a change, a status: general verbs and adjectives
    # every form of the verbs, their participles too: "Ha empezado la tesis" / "Has finished the thesis"
    "start": (("starts", "started", "begins", "began", "begun", "empieza", "empezo", "empezado", "comienza",
               "comenzo", "comenzado", "opens", "abre", "inicia", "inicio", "iniciado"),
              ("ends", "ended", "finishes", "finished", "termina", "termino", "terminado", "closes", "cierra",
               "concluye", "concluyo", "concluido", "finaliza", "finalizo", "finalizado")),
    "outcome": (("passed", "aprobo", "aprobado", "aprobada", "approved", "accepted", "acepto", "aceptado",
                 "aceptada", "won", "wins", "gano", "gana", "ganado", "made money", "makes money", "making money",
                 "made a profit", "earned money", "turned a profit"),
                ("failed", "suspendio", "suspendido", "suspendida", "rejected", "rechazado", "rechazada",
                 "lost", "loses", "perdio", "pierde", "perdido", "rechazo", "declined", "turned down", "declino")),
    # joining and leaving a group: "Joined the choir" / "Dejó el coro"
    "membership": (("joined", "se unio", "se unio a", "entro en", "se apunto", "ingreso en", "se incorporo",
                    "signed up", "se hizo socio", "se hizo socia", "became a member", "se ha unido", "ha ingresado en",
                    "se ha apuntado", "se ha incorporado", "se ha hecho socio", "se ha hecho socia"),
                   ("left the", "left her", "left his", "left their", "dejo el", "dejo la", "dejo su",
                    "abandono", "se salio", "se dio de baja", "salio del", "salio de la", "se borro", "dropped out",
                    "ha abandonado", "se ha salido", "se ha dado de baja", "se ha borrado", "ha dejado el",
                    "ha dejado la", "ha dejado su")),
    # who lets a home and who rents it: "Alquila su piso a…" / "Vive de alquiler en…"
    "tenancy": (("alquila su", "alquilan su", "rents out", "lets out", "casero", "casera", "arrendador",
                 "arrendadora", "landlord", "landlady", "subarrienda su", "sublets his", "sublets her",
                 "sublets their"),
                ("de alquiler", "inquilino", "inquilina", "tenant", "rents from", "arrendatario", "arrendataria",
                 "vive alquilado", "vive alquilada", "pays rent")),
    "change": (("increase", "increased", "increases", "raise", "raised", "raises", "sube", "subio", "aumenta",
                "aumento", "grows", "grew", "crece", "crecio", "subido", "aumentado", "gone up", "went up",
                "goes up", "subieron", "suben", "aumentaron", "pay rise", "payrise"),
               ("decrease", "decreased", "decreases", "cut", "cuts", "reduce", "reduced", "reduces", "baja",
                "bajo", "disminuye", "disminuyo", "redujo", "shrinks", "shrank", "lowered", "lowers", "rebajo",
                "bajado", "disminuido", "gone down", "went down", "goes down",
                "rebaja", "bajaron", "bajan", "redujeron", "recortaron", "recorte", "pay cut")),
    # round 49: a thing hard or easy for the person; Spanish says the hardness with "costar" and a
    # dative ("Le cuesta mucho madrugar" is "finds it hard to get up early"), no adjective to read
    "ease": (("le cuesta", "les cuesta", "me cuesta", "te cuesta", "nos cuesta", "le costaba", "le costo",
              "le resulta dificil", "le es dificil", "struggles to", "struggles with", "finds it hard",
              "finds it difficult", "has trouble", "has a hard time", "has difficulty", "hard for her",
              "hard for him", "dificil", "difficult"),
             ("le resulta facil", "le es facil", "facil", "faciles", "easy", "easily", "con facilidad",
              "finds it easy", "no trouble", "sin problema", "sin dificultad")),
    "week": (("entre semana", "weekdays", "weekday", "laborables", "dias laborables", "working days", "workdays",
              "work days", "dias de diario", "during the week"),
             ("fin de semana", "fines de semana", "finde", "weekend", "weekends", "sabados y domingos")),
    "marital": (("married", "casado", "casada", "casados"),
                ("divorced", "divorciado", "divorciada", "single", "soltero", "soltera", "widowed", "viudo",
                 "viuda", "separated", "separado", "separada")),
    # working for an organisation from outside or from inside it; a post held for a time or for good
    "affiliation": (("externo", "externa", "external", "outside", "freelance", "autonomo", "autonoma",
                     "contractor", "subcontratado", "subcontratada", "outsourced"),
                    ("in house", "interno", "interna", "en plantilla", "de plantilla", "on staff", "staff member")),
    "tenure": (("guest", "visiting", "invitado", "invitada", "temporary", "temporal", "interim", "interino",
                "interina", "substitute", "sustituto", "sustituta", "acting"),
               ("full professor", "tenured", "permanent", "titular", "catedratico", "catedratica", "fijo", "fija",
                "con plaza")),
    # running an event or only being at it
    "event_role": (("organiza", "organizan", "organizo", "organiza el", "organizes", "organises", "organized",
                    "organised", "hosts", "hosted", "coordina el", "coordina la"),
                   ("asiste", "asisten", "asistio", "attends", "attended", "attending", "va al", "goes to the")),
    # a person who runs a gathering or judges it, or one who only takes part in it (round 58; nouns)
    "gathering": (("host", "hosts", "anfitrion", "anfitriona", "anfitriones", "organizer", "organiser",
                   "organizador", "organizadora", "judge", "judges", "juez", "jueza", "jurado", "chairs", "chairman",
                   "chairwoman", "chairperson"),
                  ("guest", "guests", "invitado", "invitada", "invitados", "invitadas", "contestant", "contestants",
                   "concursante", "concursantes", "entrant", "attendee", "attendees")),
    # who owes a loan and who answers for it
    "loan_role": (("avalista", "avala", "guarantor", "cosigner", "co signer", "fiador", "fiadora"),
                  ("co borrower", "coborrower", "prestatario", "prestataria", "borrower", "cotitular",
                   "titular del prestamo")),
    "employment": (("hired", "contratado", "contratada", "employed", "empleado", "empleada"),
                   ("fired", "despedido", "despedida", "dismissed", "laid off", "sacked", "unemployed", "en paro",
                    "parado", "parada")),
    "indoors": (("dentro", "inside", "indoor", "indoors", "bajo techo", "interior"),
                ("outside", "outdoor", "outdoors", "al aire libre", "exterior", "a la intemperie")),
    "youth": (("younger", "youngest", "joven", "jovenes", "young", "pequeno de", "benjamin"),
              ("older", "oldest", "eldest", "elder", "anciano", "anciana", "primogenito", "primogenita")),
    "level": (("alto", "alta", "altos", "altas", "high", "higher", "elevado", "elevada"),
              ("bajo", "baja", "bajos", "bajas", "low", "lower")),
    "trust": (("trusts", "trust", "confia en", "se fia de", "relies on", "fiable", "trustworthy"),
              ("distrusts", "mistrusts", "desconfia", "recela", "untrustworthy", "no se fia")),
    "fullness": (("crowded", "packed", "full", "busy", "lleno", "llena", "llenos", "llenas", "abarrotado",
                  "abarrotada", "abarrotados", "abarrotadas", "concurrido", "concurrida", "concurridos", "concurridas"),
                 ("empty", "deserted", "quiet", "vacio", "vacia", "vacios", "vacias", "desierto", "desierta",
                  "desiertos", "desiertas")),
    "outlook": (("optimista", "optimistas", "optimistic", "hopeful", "esperanzado", "esperanzada", "confident",
                 "confiado", "confiada"),
                ("pesimista", "pesimistas", "pessimistic", "worried", "preocupado", "preocupada", "doubtful",
                 "hopeless")),
    "thrift": (("ahorrador", "ahorradora", "frugal", "saver", "thrifty", "austero", "austera", "tacano", "tacana",
                "stingy"),
               ("spender", "derrochador", "derrochadora", "gastador", "gastadora", "spendthrift", "manirroto",
                "manirrota", "big spender")),
    "open": (("open", "opened", "opens", "abierto", "abierta", "abiertos", "abiertas", "abrio", "abre", "abrir"),
             ("closed", "closes", "shut", "cerrado", "cerrada", "cerrados", "cerradas", "cerro", "cierra",
              "cerrar")),
    # how something went, and what a person is like with others, and whether work is paid
    "quality": (("went well", "fue bien", "salio bien", "went great", "fue genial", "salio genial", "good",
                 "bueno", "buena", "buenos", "buenas", "positive", "positivo", "positiva"),
                ("went badly", "went poorly", "went wrong", "fue mal", "salio mal", "fue fatal", "salio fatal",
                 "bad", "malo", "mala", "malos", "malas", "negative", "negativo", "negativa")),
    "sociability": (("outgoing", "extrovert", "extroverted", "extrovertido", "extrovertida", "sociable",
                     "sociables", "abierto con la gente", "talkative", "hablador", "habladora"),
                    ("shy", "timido", "timida", "introvert", "introverted", "introvertido", "introvertida",
                     "reserved", "reservado", "reservada", "callado", "callada", "quiet person")),
    "paid": (("volunteer", "voluntario", "voluntaria", "unpaid", "sin cobrar", "amateur", "aficionado",
              "aficionada", "pro bono", "altruista"),
             ("professional", "profesional", "paid", "pagado", "pagada", "remunerado", "remunerada", "a sueldo")),
    "weight": (("gained weight", "gains weight", "put on weight", "puts on weight", "engordo", "engorda",
                "ha engordado", "subio de peso", "gano peso", "gana peso", "cogio peso", "coge peso",
                "ganando peso", "gaining weight", "putting on weight", "engordando"),
               ("lost weight", "loses weight", "adelgazo", "adelgaza", "ha adelgazado", "bajo de peso",
                "perdio peso", "pierde peso", "slimmed down", "perdiendo peso", "losing weight", "adelgazando",
                "bajando de peso")),
    "twelve": (("noon", "midday", "mediodia"), ("midnight", "medianoche")),
    "firmness": (("firm", "firme", "firmes", "duro", "dura", "duros", "duras", "rigid", "rigido", "rigida"),
                 ("soft", "softer", "blando", "blanda", "blandos", "blandas", "mullido", "mullida")),
    # which part of a period: its start, its middle, its end
    "period": (("principio de", "principios de", "inicio de", "comienzo de", "beginning of", "start of",
                "primeros de", "early in the"),
               ("final de", "finales de", "fin de", "end of", "ultimos de", "late in the")),
    "midperiod": (("mediados de", "a mitad de", "la mitad de", "middle of", "mid month", "midmonth"),
                  ("principio de", "principios de", "inicio de", "comienzo de", "beginning of", "start of",
                   "final de", "finales de", "fin de", "end of")),
    # how the person gets somewhere: on foot or driven
    "travel": (("andando", "a pie", "caminando", "walking", "walk", "on foot"),
               ("en coche", "conduciendo", "driving", "drive", "by car", "en moto", "by motorbike")),
    # round 63: the compass points a place faces or lies at ("faces north" / "da al sur"); Spanish
    # "este" is also "this", so east only after a preposition
    "north_south": (("north", "northern", "north-facing", "norte", "al norte", "del norte", "septentrional"),
                    ("south", "southern", "south-facing", "sur", "al sur", "del sur", "meridional")),
    "east_west": (("east", "eastern", "east-facing", "al este", "del este", "hacia el este"),
                  ("west", "western", "west-facing", "oeste", "al oeste", "del oeste", "occidental")),
    # round 63: a person's manner towards others ("very friendly" / "muy antipáticos"); no "kind" nor
    # "borde" (nouns too) and no "nice" (said of anything)
    "manner": (("simpatico", "simpatica", "simpaticos", "simpaticas", "friendly", "amistoso", "amistosa",
                "amistosos", "amistosas", "amigable", "amigables", "majo", "maja", "majos", "majas"),
               ("antipatico", "antipatica", "antipaticos", "antipaticas", "unfriendly", "hostile", "hostil",
                "hostiles")),
    # round 63: work against its plan ("va adelantado" / "running behind schedule")
    "schedule": (("adelantado", "adelantada", "adelantados", "adelantadas", "ahead of schedule", "ahead of time",
                  "ahead of plan", "antes de plazo", "antes de lo previsto"),
                 ("retrasado", "retrasada", "retrasados", "retrasadas", "atrasado", "atrasada", "behind schedule",
                  "running late", "con retraso", "delayed", "behind plan", "later than planned")),
}


#: Each axis' poles as the padded words looked for (" word "), built once, not once per note and word.
_PROBES = tuple((f"{axis}+", tuple(f" {w} " for w in one), f"{axis}-", tuple(f" {w} " for w in other))
                for axis, (one, other) in _POLES.items())


#: The same probes indexed by their first word (:mod:`.phrase_index`): only those the text can hold are tested.
_INDEX = PhraseIndex(entry for plus, one, minus, other in _PROBES for entry in ((plus, one), (minus, other)))


#: Stop 52 (eq77, p127-219 "alejados del centro" against "céntricos"): the axes where a distance word
#: before a pole's phrase puts the thing at the other pole ("far from the city centre" is out of the
#: centre, "lejos de las afueras" is not in them); the town's centre also as its bare noun.
_DISTANT_AXES = {"town": ("centro", "centre", "center", "city", "town")}
#: The distance words ("far from", "lejos de", "alejado de", "away from") and what may stand between one
#: and the pole's phrase (a preposition, an article).
_DISTANT = frozenset({"lejos", "alejado", "alejada", "alejados", "alejadas", "apartado", "apartada", "apartados",
                      "apartadas", "far", "away"})
_LINKS = frozenset({"de", "from", "the", "el", "la", "los", "las", "of", "a", "long", "way", "muy", "bastante", "algo",
                    "quite", "very", "too"})
_FLIPPED = {f"{axis}{sign}": (f"{axis}{'-' if sign == '+' else '+'}",
                              tuple(f" {w} " for w in _POLES[axis][0 if sign == "+" else 1]))
            for axis in _DISTANT_AXES for sign in "+-"}


def _distant(padded: str, words: list[str]) -> tuple[str, frozenset[str]]:
    """``padded`` without the pole phrases a distance word stands before, and the opposite poles they
    say (:data:`_DISTANT_AXES`)."""
    flipped: set[str] = set()
    for i, word in enumerate(words):
        if word not in _DISTANT:
            continue
        j = i + 1
        while j < len(words) and words[j] in _LINKS:
            j += 1
        # "alejados del centro": "del" opens the pole phrase itself; try from each link word on
        for start in range(i + 1, j + 1):
            rest = " " + " ".join(words[start:]) + " "
            for pole, (opposite, probes) in _FLIPPED.items():
                hit = next((p for p in probes if rest.startswith(p)), None)
                bare = start == j and pole.endswith("+") and j < len(words) \
                    and words[j] in _DISTANT_AXES[pole[:-1]]
                if hit or bare:
                    flipped.add(opposite)
                    said = hit or f" {words[j]} "
                    padded = padded.replace(" " + " ".join(words[i:start]) + said, " " + " ".join(words[i:start]) + " ", 1)
            if flipped:
                break
    return padded, frozenset(flipped)


def poles(padded: str) -> frozenset[str]:
    """The poles a padded, folded text is at, as "<axis>+" / "<axis>-"; a pole phrase after a
    distance word reads as the opposite pole on :data:`_DISTANT_AXES` (eq77)."""
    words = padded.split()
    if _DISTANT.isdisjoint(words):
        return _INDEX.found(padded)  # type: ignore[return-value]
    rest, flipped = _distant(padded, words)
    return _INDEX.found(rest) | flipped  # type: ignore[return-value]


#: The phrases of the two parts of the week (the ``week`` axis): weekdays, the weekend.
WEEKDAYS, WEEKEND = _POLES["week"]


def week_part(found: frozenset[str]) -> frozenset[str]:
    """The part of the week a note is limited to (weekdays or the weekend), if it says one."""
    return frozenset(p for p in found if p.startswith("week"))


def opposed(a: frozenset[str], b: frozenset[str]) -> bool:
    """One side at a pole only, the other at the opposite pole only, on some axis."""
    for pole in a - b:
        opposite = pole[:-1] + ("-" if pole.endswith("+") else "+")
        if opposite in b and opposite not in a:
            return True
    return False
