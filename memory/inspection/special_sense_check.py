"""Ordinary-sense spans of stop 42 (issue 15, sp29): a special word as a document, a manner, a
technical or sporting term, or a topic the person studies, reads, reports on or works on.

Read through ``memory.inspection.special.ordinary_spans`` like ``special_senses.sense_spans``: the
lexicon reads a string outside these spans (a rule counts only where it also fires with them
blanked, so a special word elsewhere in the note is still found), the n-gram stage the sentences
without one and the vector stage what lies outside them. Each class is a frame that names what the
word is about, never the word alone:

- a **record document** asked for or handled (``_RECORD_DOCUMENT``): the criminal-record or
  sex-offence certificate a school or a volunteering post asks of everyone, a DBS or police check, a
  background-check template — the document, not a record ("tiene antecedentes" is still read);
- a **manner or a fan's zeal** named by a word of devotion (``_MANNER``): "religiosamente",
  "religiously", "a religious follower of Formula 1", "fan religioso del Atlético", "devoto del
  madrugón" in quotation marks — how someone does a thing or follows a team, not a belief. Not "a
  ciegas" (blindly): a spent note whose only lexicon hit was "citas a ciegas" hid a same-sex
  partner the lexicon does not read, and the hit, for the wrong reason, kept it private;
- a **technical or sporting term** built on a special word (``_TERM``): a genetic algorithm, mutation
  testing, a race pace or a race day, a boat race, "la crónica" (a news report, not a chronic illness);
- a **picket met as an obstacle or a machine called ill** (``_OBSTACLE``): "hay un piquete en la
  puerta", "there's a picket line at the depot", "el servidor está 'enfermo'", "my laptop is sick" —
  not the person on the picket, nor the person ill;
- a **topic of study, media or work** (``_TOPIC``): what a book, a series, a documentary, a thesis, an
  article, a blog, a seminar or a lecture is about, a history of something, census tables broken
  down by a special category for a report, a Pride event the person organises or sponsors as part
  of a job, what the person covers or reviews for a blog, a magazine or a paper, a debate or an
  event watched or covered for work — up to the end of its clause. Not
  where the note ties the matter to the person (``_OWN``: "her own", "que tiene", "since his
  diagnosis", "como él", "like her"), so a book about the illness the person has is still read.

Every pattern reads the inspection form (ASCII, lower case, accents removed). Written from the
lexicon's false positives of the spent authors up to AV48 by class, before AW49 and AX50 were looked
at (docs/privacy.md, "Stop 42, sp29").
"""

from __future__ import annotations

import re

#: Stops a span at the end of its clause (a conjunction, a relative or punctuation).
_TO_CLAUSE_END = (r"(?:(?!\b(?:and|y|but|pero|so|asi\s+que|que|porque|because|since|desde|like|como|too|tambien|also|ademas"
                  r"|donde|where|who|which|whom|cuando|when|while|mientras)\b)[^.,;:!?()\n])*")
_Q = r"['\"‘’“”«»]?"

#: A criminal-record document: the certificate, the check, the template or the form for it.
_RECORD_DOCUMENT = re.compile(
    r"\b(?:certificados?|certificacion|certificates?|comprobante|informe)\s+(?:negativo\s+)?(?:de|del|of)\s+"
    r"(?:(?:los|las|the)\s+)?(?:antecedentes(?:\s+penales)?|delitos\s+(?:de\s+naturaleza\s+)?sexuales|penales"
    r"|criminal\s+records?|no\s+criminal\s+records?)\b"
    r"|\b(?:criminal[\s-]+(?:records?|background)|background|dbs|police|enhanced\s+dbs|disclosure|vulnerable\s+sector)"
    r"\s+(?:check|clearance|certificate|disclosure|certificado|screening)s?(?:\s+(?:template|form|request|application|renewal))?\b"
    r"|\b(?:plantilla|formulario|solicitud)\s+(?:de|del|para\s+el)\s+(?:certificado\s+de\s+)?antecedentes(?:\s+penales)?\b")

#: How someone does a thing, or a fan's zeal, named by a word of devotion.
_MANNER = re.compile(
    r"\b(?:religiosamente|religiously|devotamente|devoutly)\b"
    r"|\b(?:religious|devout)\s+(?:fan|follower|supporter|devotee|viewer|watcher|reader|listener)s?\s+of\b"
    r"|\b(?:fan|fans|hincha|seguidor[a]?|seguidores|aficionad[oa]s?)\s+" + _Q + r"(?:religios[oa]s?|devot[oa]s?)" + _Q + r"\s+(?:de|del)\b"
    r"|['\"‘“«](?:devot[oa]|fiel|creyente|devout|devotee)\s+(?:de|del|de\s+la|of|of\s+the)\s+[^'\"’”»]{1,30}['\"’”»]")

#: A technical or sporting term built on a special word.
_TERM = re.compile(
    r"\b(?:genetic\s+(?:algorithms?|programming|operators?|search)|algoritmos?\s+geneticos?|programacion\s+genetica"
    r"|mutation\s+(?:testing|tests?|scores?|operators?)|(?:pruebas|tests?|testing)\s+de\s+mutacion(?:es)?)\b"
    r"|\b(?:la|una|las|unas|esta|escribe|escribir|redacta|redactar)\s+cronicas?\b(?=\s*(?:de|del|para|sobre|[.,;:!?]|$))"
    r"|\brace\s+(?:pace|day|plan|time|times|results?|bib|number|entry|kit|strategy|calendar|report|morning|weekend|season)\b"
    r"|\b(?:marathon|half[\s-]marathon|10k|5k|ultra|trail|bike|cycling|sailing|boat|horse|car|relay|charity|fun|sack|egg)\s+race\b")

#: A picket met as an obstacle (there is one at a door or a depot), and a machine or a thing said to be
#: ill in a word of health; not the person on the picket nor the person ill.
_THING = (r"(?:motor|coche|car|engine|ordenador|portatil|laptop|pc|movil|phone|servidor|server|router|impresora|printer|lavadora"
          r"|nevera|fridge|caldera|boiler|bici|bike|web|website|app|codigo|code|build|pipeline|cluster|base\s+de\s+datos|database)")
_OBSTACLE = re.compile(
    r"\b(?:hay|habra|habia|hubo)\s+(?:un\s+|otro\s+)?piquetes?(?:\s+informativos?)?\b"
    r"|\bthere(?:'s|\s+is|\s+was|\s+will\s+be|\s+are)\s*(?:a\s*)?picket(?:s|\s+lines?)?\b"
    rf"|\b{_THING}\s+(?:\w+\s+){{0,3}}?(?:esta|estaba|anda|sigue|is|was|looks|seems|parece|sounds)\s+(?:\w+\s+)?"
    r"['\"‘“]?(?:enferm[oa]|malit[oa]|sick|ill|poorly)['\"’”]?")

#: A product bought as a gift for someone else, and a colour named by a word of ethnicity.
_GIFT_OR_COLOUR = re.compile(
    r"\b(?:kits?|tests?|pruebas?)\s+(?:\w+\s+){0,3}?(?:de|of)?\s*(?:adn|dna|ancestry|ascendencia|genetic\w*|genetic[oa]s?)\b"
    r"(?:\s+\w+){0,4}?\s+(?:como|as\s+a|as)\s+(?:un\s+)?(?:regalo|gift|present|birthday\s+present|christmas\s+present)\b"
    r"|\b(?:adn|dna|ancestry)\s+(?:\w+\s+){0,2}?kits?\s+(?:as\s+a|como)\s+(?:\w+\s+)?(?:gift|present|regalo)\b"
    r"|\b(?:colou?rs?|color(?:es)?|palette|paleta|shade|tono)\s+(?:\w+\s+){0,4}?(?:is|are|es|son|:)\s+(?:el\s+)?(?:black|white|negro|blanco)\b"
    r"|\b(?:matte|jet|pitch|glossy|brillante|mate)\s+(?:black|white)\b|\b(?:black|white|negro|blanco)\s+(?:mate|brillante)\b")

#: Media, study and work nouns whose topic a span may be.
_MEDIA = (r"(?:libros?|books?|serie|series|documental(?:es)?|documentar(?:y|ies)|podcasts?|novelas?|novels?|peliculas?|films?|movies?"
          r"|tesis|thesis|dissertation|tfg|tfm|articulos?|articles?|reportajes?|cronicas?|ensayos?|essays?|blog|newsletter"
          r"|seminarios?|seminars?|clases?|class(?:es)?|conferencias?|lectures?|charlas?|ponencias?|cursos?|courses?|asignaturas?|modules?"
          r"|exposicion(?:es)?|exhibitions?|informes?|reports?|revistas?|magazines?|periodico|newspaper|episodios?|episodes?)")
#: The topic a media noun names: up to six words, not the person's own (a possessive first), ending
#: before a place, a time, a purpose or a new clause ("clase sobre el Corán | en la mezquita"), so a
#: special word there is still read.
_NP = (r"(?!(?:su|sus|her|his|their|mi|my|tu|your)\b)[\w'-]+(?:\s+(?!(?:en|at|in|con|with|cada|every|on|para|for|y|and|que"
       r"|who|which|porque|because|desde|since|como|like|cuando|when|los|las|todos|todas|each)\b)[\w'-]+){0,5}")
_TOPIC = re.compile(
    rf"\b{_MEDIA}\s+(?:\w+\s+){{0,2}}?(?:sobre|about|acerca\s+de|que\s+va\s+de|de\s+historia\s+(?:de|sobre)|on\s+the\s+history\s+of)\s+"
    + _NP
    + r"|\b(?:la\s+historia|the\s+history)\s+(?:de|of)\s+" + _NP
    + r"|\b(?:reading|reads|read|writing|writes|lee|leyendo|escribe|escribiendo)\s+(?:a|an|una|un)\s+(?:\w+\s+)?(?:history|historia)\s+(?:of|de)\s+"
    + _NP
    + r"|\b(?:el\s+)?tema\s+(?:del|de\s+la|de\s+su)\s+(?:\w+\s+){0,2}?" + _MEDIA + r"\s+(?:es|sera|era)\s+" + _TO_CLAUSE_END
    + r"|\b(?:census|censo)\s+(?:\w+\s+){0,3}?(?:broken\s+down\s+by|por|by)\s+" + _TO_CLAUSE_END
    + r"|\b(?:tablas?|tables?|datos|data|figures|cifras|statistics|estadisticas)\s+(?:\w+\s+){0,2}?(?:broken\s+down\s+by|desglosad[oa]s\s+por)\s+"
    + _TO_CLAUSE_END
    + r"|\b(?:(?:the\s+)?(?:company|firm|bank|city|office|team|organi[sz]ation)'?s\s+|corporate\s+|de\s+la\s+empresa\s+)?"
    r"pride\s+(?:month|week|parade|march|panel|event|campaign|sponsorship|float|stand)\b(?:\s+(?:panel|event|deck|campaign))?"
    + r"|\b(?:covers|covering|reviews|reviewing|writes\s+about|writing\s+about|cubre|escribe\s+sobre|resena)\s+"
    r"(?!(?:su|sus|her|his|their|mi|my)\b)" + _TO_CLAUSE_END
    + r"(?=\s*(?:for|para)\s+(?:(?:her|his|their|su|a|an|the|el|la|una?)\s+)?(?:\w+\s+){0,2}?"
    r"(?:blog|magazine|revista|newspaper|periodico|column|columna|channel|canal|podcast|newsletter|article|articulo))"
    + r"|\b(?:debate|mitin|rally|juicio|trial|concierto|concert)\s+" + _TO_CLAUSE_END
    + r"(?=\s*(?:por\s+trabajo|for\s+work|para\s+(?:el|la|su)\s+(?:periodico|trabajo|cronica|revista|blog|programa)"
    r"|for\s+(?:the|her|his|their)\s+(?:paper|newspaper|magazine|blog|show|work|job)))")
#: A matter named as the topic of a media noun ("X is the topic of the seminar she teaches"): the span
#: runs from the start of the clause (``_CLAUSE_START``) to the media noun.
_TOPIC_OF = re.compile(
    r"\s+(?:is|was|es|era|sera|will\s+be)\s+(?:the|el)\s+(?:main\s+)?(?:topic|subject|theme|tema|asunto)\s+(?:of|de|del)\s+"
    r"(?:(?:the|her|his|their|this|la|el|su|esta|este)\s+)?(?:\w+\s+){0,3}?" + _MEDIA + r"\b")
_CLAUSE_START = re.compile(r".*[.,;:!?()\n]|", re.S)
#: The topic's work frame, required for a Pride event and a debate or an event watched (gated below).
_WORK_FRAME = re.compile(
    r"\b(?:as\s+part\s+of\s+(?:her|his|their)\s+(?:\w+\s+){0,2}(?:job|role|work)|(?:her|his|their)\s+(?:\w+\s+){0,2}(?:job|role)\b"
    r"|head\s+of\s+\w+|marketing|comms|communications|hr|deck|por\s+trabajo|for\s+work|at\s+work|cliente?s?|clients?"
    r"|periodico|newspaper|cronica|report|informe|tesis|thesis|exam|examen|blog|article|articulo|revista|magazine)\b")
#: Study, media or work around a history of something (gated below): a thesis, a book, a class.
_STUDY = re.compile(
    rf"\b(?:{_MEDIA}|estudi\w*|stud(?:y|ies|ying)|investig\w*|research\w*|clase|class|examen|exam|ensena\w*|teach\w*"
    r"|lee|leyendo|reads?|reading|escribe|writes?|writing|museo|museum)\b")
#: The matter tied to the person: no topic span anywhere in the note.
_OWN = re.compile(
    r"\b(?:her|his|their|su|sus)\s+own\b|\bsu\s+propi[oa]\b|\b(?:que|which|that|lo\s+que)\s+(?:(?:ella|el)\s+)?(?:tiene|padece|sufre|has|had)\b"
    r"|\b(?:since|desde)\s+(?:her|his|their|su)\s+(?:diagnos\w*|operacion|surgery|conversion|transition|transicion|arrest\w*|detencion"
    r"|condena|conviction|release|salida)\b|\b(?:como|like)\s+(?:el|ella|ellos|her|him|them|herself|himself|themselves)\b"
    r"|\b(?:herself|himself|themselves|el\s+mismo|ella\s+misma)\b|\b(?:he|she|they)\s+(?:is|are|was|were|has|have)\s+(?:one|too)\b"
    r"|\b(?:yo|me|mi|my|i)\s+(?:tambien|too)\b")


#: Each class with a cheap gate (a substring its pattern needs), so a note without it costs one search.
_GATED = (
    (re.compile(r"certific|check|clearance|antecedentes|plantilla|formulario|solicitud"), _RECORD_DOCUMENT),
    (re.compile(r"religi|devo|fiel|creyente"), _MANNER),
    (re.compile(r"genetic|mutac|mutation|race|cronica"), _TERM),
    (re.compile(r"piquet|picket|enferm|malit|sick|ill|poorly"), _OBSTACLE),
    (re.compile(r"regalo|gift|present|black|white|negro|blanco"), _GIFT_OR_COLOUR),
)
_TOPIC_GATE = re.compile(
    r"sobre|about|acerca|va\s+de|histor|census|censo|broken\s+down|desglosad|pride|cover|review|writ|cubre|escribe|resena"
    r"|debate|mitin|rally|juicio|trial|concierto|concert|topic|subject|theme|tema|asunto")


def topic_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) in one of this module's classes (module docstring); a new list."""
    spans = [m.span() for gate, pattern in _GATED if gate.search(text) for m in pattern.finditer(text)]
    if _TOPIC_GATE.search(text) and not _OWN.search(text):
        for m in _TOPIC.finditer(text):
            if ("pride" in m.group(0) and not _WORK_FRAME.search(text)) or (
                    "histor" in m.group(0)[:12] and not _STUDY.search(text)):
                continue
            spans.append(m.span())
        for m in _TOPIC_OF.finditer(text):
            start = _CLAUSE_START.match(text, 0, m.start()).end()
            spans.append((start, m.end()))
    return spans
