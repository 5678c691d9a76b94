"""Scenes in which a special word is not about the person (issue 15, twenty-third special round).

Ordinary-sense spans (``special_forms.ordinary_spans`` reads them through its gated rows): the
special word attaches to someone or something other than the person the note is about — a
relative's union office, the staff's union dues the person processes, a syndicated loan, a
biometric system that is a fixture or a device policy of a place, a topic of a written work or of
a survey's question, a job of catching offenders, an animal's DNA test, a setting themed as a
prison, a former convent as a landmark. Each is a frame with the
thing it is about named in it, never a word alone; where the person's own act or tie stands in
the same frame (``su propia``, ``her own``, ``se afilió``) there is no span, and what lies outside
a span is read as usual (doubtful stays special). Every pattern reads the inspection form (ASCII,
lower case, accents removed). Written from the false positives of the 33 spent authors (the s31
reading above all) by class, with what each frame fires on over every spent author counted in
docs/privacy.md ("Twenty-third special round").
"""

from __future__ import annotations

import re

#: Kin and other third parties a note names beside the person (possessive required).
_KIN = (r"(?:su|sus|his|her|their)\s+(?:(?:late|older|younger|elder|big|little|mayor|menor|difunt[oa])\s+)?"
        r"(?:herman[oa]s?|padre|madre|padres|abuel[oa]s?|bisabuel[oa]s?|ti[oa]s?|prim[oa]s?|hij[oa]s?|sobrin[oa]s?|cunad[oa]s?"
        r"|suegr[oa]s?|brothers?|sisters?|father|mother|dad|mum|mom|parents|grand(?:father|mother|dad|pa|ma|parents)"
        r"|great[\s-]grand(?:father|mother)|uncles?|aunts?|cousins?|sons?|daughters?|nephews?|nieces?|(?:father|mother|brother|sister)[\s-]in[\s-]law)")
#: A union office or tie, as a noun phrase ("delegado sindical", "a union man", "led the miners' union").
_UNION_ROLE = (r"(?:delegad[oa]\s+sindical|enlace\s+sindical|lider\s+sindical|sindicalista|afiliad[oa]\s+(?:a|al)\s+\w+"
               r"|(?:[\w-]+'?\s+)?union\s+(?:organi[sz]er|man|woman|rep|representative|delegate|leader|official|steward|activist|member)"
               r"|shop\s+steward|(?:\w+\s+){0,2}?(?:\w+'?\s+)?union\b|(?:\w+\s+){0,2}?sindicato\b)")

#: A relative's union office, past or present ("su hermano es delegado sindical en una fábrica",
#: "her grandfather was a coal miner and a union man", "her grandfather led the miners' union in the
#: 80s"): the relative's tie, not the person's. The kin word, a verb of being or leading and the
#: union word within one sentence; the person's own tie beside it is outside the span and still read.
_KIN_UNION_ROLE = re.compile(
    rf"\b{_KIN}\s+(?:(?:es|era|fue|ha\s+sido|is|was|has\s+been|had\s+been|led|lidero|dirigio|fundo|founded|ran|presidio|presided)\s+)"
    rf"(?:[^.;:!?,()]{{0,40}}?\b(?:and|y)\s+)?(?:(?:an?|un[a]?|the|el|la)\s+)?(?:[\w-]+\s+)?{_UNION_ROLE}")

#: The person sharing the relative's tie ("her father was a union rep, as is she", "como ella", "los
#: dos", "too", "también"): read anywhere in the sentence of a relative's union office, it leaves
#: that office no span.
_SHARED_TIE = re.compile(r"\b(?:like\s+(?:her|him|them)|como\s+(?:ella|el)|as\s+(?:is|was|does|did)\s+(?:she|he|they)|too|also"
                         r"|tambien|as\s+well|both|ambos|ambas|los\s+dos|las\s+dos|same\s+union|mismo\s+sindicato)\b")

#: The staff's union dues as payroll work ("lleva las nóminas, incluida la retención de cuotas
#: sindicales de la plantilla", "processes the employees' union dues deductions"): the employer's
#: side of a deduction, not the person's membership (``le descuentan la cuota sindical`` has no span).
_UNION_PAYROLL = re.compile(
    r"\b(?:(?:retencion|retenciones|deduccion\w*|descuentos?|cobro)\s+de\s+(?:las\s+|los\s+)?cuotas\s+sindicales\s+de\s+"
    r"(?:la\s+plantilla|los\s+(?:empleados|trabajadores)|toda\s+la\s+plantilla)"
    r"|(?:staff|employees|employee|workforce|company)'?s?'?\s+union\s+(?:dues|subscriptions|fees)(?:\s+(?:deductions?|withholding))?"
    r"|union\s+(?:dues|subscriptions|fees)\s+(?:deductions?|withholding)\s+(?:for|of|from)\s+(?:the\s+|all\s+)?(?:staff|employees|workforce|payroll))\b")

#: A syndicated loan or credit ("firma el préstamo sindicado", "a syndicated loan facility"): finance.
_SYNDICATED = re.compile(r"\b(?:(?:prestamo|credito|financiacion|deuda|operacion|linea\s+de\s+credito)s?\s+sindicad[oa]s?"
                         r"|syndicated\s+(?:loans?|facility|facilities|credit|debt|lending))\b")

#: A biometric system as a fixture of a place, named by its adjective after the noun ("la puerta
#: biométrica del laboratorio está averiada", "el torno biométrico de la sede") or with its reader
#: ("the building has palm scanners at the entrance", "en su edificio han puesto un torno con
#: huella"), and a device policy ("IT va a desactivar el desbloqueo facial en los portátiles de la
#: oficina", "Face ID on the meeting-room tablets is disabled by policy"): a thing or a rule of a
#: place, no act of the person. The person's own enrolment beside it is outside the span and read.
_BIOMETRIC_OBJECT = re.compile(
    r"\b(?:puertas?|cerraduras?|tornos?|lector(?:es)?|escaner(?:es)?|control\s+de\s+acceso|sistemas?\s+de\s+acceso|fichaje|acceso)"
    r"\s+biometric[oa]s?\s+(?:del|de\s+la|de\s+los|de\s+las)\s+(?:\w+\s+)?(?:laboratorio|lab|edificio|oficina|sede|planta|almacen"
    r"|entrada|sala|centro|empresa|hospital|fabrica|nave|aeropuerto|banco|gimnasio)\b"
    r"|\b(?:edificio|building|oficina|office|sede|premises|planta|floor|almacen|warehouse|lab|laboratorio)\b[^.;,]{0,30}?"
    r"\b(?:tiene|tienen|has|have|han\s+puesto|han\s+instalado|ha\s+puesto|ha\s+instalado|installed|put\s+in|added)\s+(?:\w+\s+){0,2}?"
    r"(?:(?:palm|hand|iris|retina|fingerprint|face|facial)\s+(?:scanners?|readers?|locks?|turnstiles?|gates?|doors?)"
    r"|(?:tornos?|lector(?:es)?|cerraduras?|puertas?|escaner(?:es)?)\s+(?:con|de|por)\s+(?:huella|iris|retina|palma|reconocimiento\s+facial))"
    r"|\b(?:desactivar|desactiva|desactivan|desactivara|deshabilitar|deshabilita|prohib\w*|disabl\w*|turn(?:s|ed|ing)?\s+off"
    r"|switch(?:es|ed|ing)?\s+off|ban(?:s|ned|ning)?)\s+(?:el\s+|la\s+|the\s+)?(?:desbloqueo\s+(?:facial|por\s+huella)"
    r"|reconocimiento\s+facial|face\s*id|face\s+unlock|facial\s+recognition|fingerprint\s+(?:login|unlock)|touch\s*id)"
    r"\s+(?:en|on|for|in)\s+(?:los|las|todos\s+los|the|all)\s+(?:\w+\s+)?(?:portatiles|ordenadores|moviles|tablets?|laptops"
    r"|phones|devices|dispositivos|equipos|pcs|computers)"
    r"|\b(?:face\s*id|face\s+unlock|touch\s*id|facial\s+recognition|fingerprint\s+(?:login|unlock))\s+on\s+(?:the|all)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:tablets?|laptops|phones|devices|computers|pcs|kiosks?)\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:\w+\s+)?"
    r"(?:disabled|turned\s+off|switched\s+off|banned|blocked)")

#: The topic of a written work or of a survey's question, a list of topics included ("tiene que
#: entregar el ensayo sobre Max Weber y la ética protestante", "works on the wording of the census
#: question on ethnic origin", "pidió quitar las preguntas sobre afiliación sindical y religión"): a
#: subject studied or asked about, not the person's belief or answer. Runs to the end of its
#: sentence, comma or next clause (``as``, ``que``, ``because``, ``para``, ``by``…; ten words at most),
#: and through one ``y``/``and`` for up to three more words that end the sentence or come before a
#: deadline (a list of topics; "and wants Friday off for his chemo" is another clause and stays
#: outside: blanked, the span would have brought the topic's work frame next to ``chemo``); no span where the person's own
#: experience, life or condition is the topic (``_OWN_TOPIC``) or the answer follows (``marcó``).
#: One word of a topic: not a word that opens the next clause or a purpose, a deadline or a list item.
_TOPIC_WORD = (r"(?!(?:as|como|but|pero|porque|because|que|which|who|where|donde|y|and|or|o|e|for|para|by|before|antes|so|asi"
               r"|while|mientras|since|desde)\b)[\w'’-]+")
#: A deadline after a topic list ("… y la ética protestante by Friday", "para el lunes").
_DEADLINE = (r"(?:by|before|due|antes\s+del?|para\s+el|el)\s+(?:next\s+|this\s+|el\s+)?(?:monday|tuesday|wednesday|thursday"
             r"|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|domingo|tomorrow|manana|tonight|\d+\w*"
             r"|week|semana|month|mes|end|fin)\b")
_TOPIC_OF_WORK = re.compile(
    r"\b(?:(?:ensayos?|essays?|tesis|thesis|dissertation|tfg|tfm|trabajo\s+de\s+fin\s+de\s+\w+|term\s+papers?|papers?"
    r"|articulos?|articles?|memos?|informes?|monografias?|monographs?)"
    r"\s+(?:\w+\s+){0,2}?(?:sobre|acerca\s+de|on|about)"
    r"|(?:census|survey|form|questionnaire|poll|censo|encuesta|formulario|cuestionario|sondeo)\s+(?:questions?|items?|fields?)\s+(?:on|about)"
    r"|(?:preguntas?|casillas?|campos?|items?)\s+(?:\w+\s+){0,3}?(?:sobre|acerca\s+de|de\s+la\s+encuesta\s+sobre|del\s+censo\s+sobre)"
    r"|(?:questions?|items?|fields?)\s+(?:\w+\s+){0,3}?(?:on|about)(?=[^.;]*\b(?:census|survey|form|questionnaire|poll)\b))"
    r"\s+(?!(?:su|sus|his|her|their|own|propi\w*|the\s+\d+\w*|\d+\w*|weekends?|weekdays?|mondays?|tuesdays?|wednesdays?"
    r"|thursdays?|fridays?|saturdays?|sundays?|lunes|martes|miercoles|jueves|viernes|sabados?|domingos?|time|tiempo)\b)"
    rf"{_TOPIC_WORD}(?:\s+{_TOPIC_WORD}){{0,9}}"
    rf"(?:\s+(?:y|and|or|o|e)\s+{_TOPIC_WORD}(?:\s+{_TOPIC_WORD}){{0,2}}(?=\s*(?:[.;:!?,()]|$)|\s+{_DEADLINE}))?")
_TOPIC_GATE = re.compile(r"ensayo|essay|tesis|thesis|dissertation|tfg|tfm|fin\s+de|paper|articul|article|memo|informe"
                         r"|monograf|question|pregunta|casilla|campo|item|field")
#: The person's own life as the topic ("un ensayo sobre su propia depresión", "an essay about
#: living with HIV") or an answer given to the question ("en la pregunta sobre religión marcó…",
#: "answered the census question on ethnic origin as …"), read in the span and 40 characters
#: either side of it.
_OWN_TOPIC = re.compile(r"\b(?:own|propi[oa]s?|herself|himself|themselves|si\s+mism[oa]|vivir\s+con|living\s+with|su\s+vida"
                        r"|her\s+life|his\s+life|experiencia|experience|journey|diagnos\w*|marco|marca|ticked|ticks|answered"
                        r"|respondio|contesto|puso|wrote\s+down|selected)\b")

#: A job of catching, pursuing or arresting offenders ("trabaja en ciberseguridad y 'caza' a los
#: delincuentes que atacan al banco", "tracks down fraudsters for the insurer"): the law's side.
_CATCHES_OFFENDERS = re.compile(
    r"\b(?:caza|cazar|cazando|persigue|perseguir|persiguiendo|atrapa|atrapar|detiene|detener|rastrea|rastrear|desenmascara"
    r"|catch(?:es|ing)?|hunts?|hunting|chases?|chasing|tracks?\s+down|tracking\s+down|busts?|busting|arrests?|arresting)"
    r"['\"’”]?\s+(?:a\s+)?(?:los|las|the|a|unos)?\s*(?:\w+\s+)?(?:delincuentes|criminales|ladrones|estafadores|hackers"
    r"|ciberdelincuentes|criminals|cybercriminals|fraudsters|thieves|scammers|offenders|shoplifters|carteristas|pickpockets)\b")
_CATCH_GATE = re.compile(r"delincuent|criminal|ladron|estafador|hacker|fraudster|thie|scammer|offender|shoplifter|carterist|pickpocket")

#: An animal's DNA test named by its breed ("a breed DNA test for his labrador", "el test de ADN de
#: raza de su perro"): the breeder's or the owner's curiosity about the animal, not the person's genome.
_BREED = (r"(?:labrador\w*|retrievers?|collies?|beagles?|caniches?|poodles?|bulldogs?|spaniels?|terriers?|pastor\s+aleman"
          r"|chihuahuas?|husk(?:y|ies)|teckels?|dachshunds?|yorkshires?|schnauzers?|podencos?|mastin\w*|pugs?|carlinos?"
          r"|border\s+collies?|galgos?|greyhounds?|perr[oa]s?|gat[oa]s?|dogs?|cats?|pupp(?:y|ies)|cachorr[oa]s?|mascotas?|pets?)")
_BREED_DNA = re.compile(
    rf"\b(?:breed\s+(?:dna|adn|genetic)\s+(?:tests?|kits?|results?)|(?:dna|adn)\s+(?:tests?\s+|kits?\s+|pruebas?\s+)?de\s+raza"
    rf"|(?:dna|adn|genetic)\s+(?:tests?|kits?|pruebas?|results?)\s+(?:\w+\s+)?(?:for|para|de|del|of|on)\s+(?:(?:his|her|their|the|su|sus|el|la)\s+)?"
    rf"(?:\w+\s+)?{_BREED})\b")
_DNA_GATE = re.compile(r"dna|adn|genetic")

#: A place or a game dressed as a prison, a hospital or a church ("hizo una escape room ambientada en
#: una prisión con el equipo", "a prison-themed party"): a setting, not anyone's sentence or care.
_THEMED = re.compile(
    r"\b(?:ambientad[oa]s?|tematizad[oa]s?|inspirad[oa]s?|decorad[oa]s?\s+como|themed\s+(?:as|like|on))\s+(?:en\s+)?(?:una?|el|la|an?|the)\s+"
    r"(?:\w+\s+)?(?:prision|carcel|prison|jail|penitenciari[oa]|hospital|manicomio|asylum|iglesia|church|convento|convent|monasterio"
    r"|monastery)\b"
    r"|\b(?:prison|jail|hospital|asylum|church|convent)[\s-]themed\b")
#: A former religious building as a landmark or a venue ("near the old convent que ahora es hotel",
#: "the former church turned into a climbing gym"): a place, not anyone's faith (the
#: ``_FORMER_PRISON`` frame's kin). Only the phrase is cleared ("va a misa en la antigua iglesia"
#: is still read by its ``misa``).
_FORMER_RELIGIOUS_BUILDING = re.compile(
    r"\b(?:antigu[oa]|viej[oa]|old|former|disused|abandoned|abandonad[oa]|derelict|converted|rehabilitad[oa])\s+"
    r"(?:convento|convent|monasterio|monastery|abadia|abbey|iglesia|church|capilla|chapel|seminario|seminary|ermita|sinagoga"
    r"|synagogue)(?:\s+(?:de|of|del)\s+(?:(?:san|santa|santo|st|saint|la|el)\.?\s+)?\w+)?\b")

#: (gate, frames): a frame runs only where its gate finds a word it turns on.
GATED: tuple[tuple[re.Pattern[str], tuple[re.Pattern[str], ...]], ...] = (
    (re.compile("sindica|syndicat|union|steward"), (_UNION_PAYROLL, _SYNDICATED)),
    (re.compile("biometric|huella|palm|iris|retina|fingerprint|face|facial|touch"), (_BIOMETRIC_OBJECT,)),
    (_CATCH_GATE, (_CATCHES_OFFENDERS,)),
    (_DNA_GATE, (_BREED_DNA,)),
    (re.compile("ambientad|tematizad|inspirad|decorad|themed"), (_THEMED,)),
    (re.compile("antigu|viej|old|former|disused|abandon|derelict|converted|rehabilitad"), (_FORMER_RELIGIOUS_BUILDING,)),
)


def scene_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) in one of this module's scenes; a new list."""
    spans = [m.span() for gate, patterns in GATED if gate.search(text) for pattern in patterns
             for m in pattern.finditer(text)]
    if "sindica" in text or "union" in text or "steward" in text:
        spans += [m.span() for m in _KIN_UNION_ROLE.finditer(text) if not _SHARED_TIE.search(_sentence(text, m.start()))]
    if _TOPIC_GATE.search(text):
        spans += [m.span() for m in _TOPIC_OF_WORK.finditer(text)
                  if not _OWN_TOPIC.search(text, max(0, m.start() - 40), min(len(text), m.end() + 40))]
    return spans


def _sentence(text: str, at: int) -> str:
    """The sentence of ``text`` around offset ``at`` (between ``.;!?`` or the ends)."""
    start = max(text.rfind(mark, 0, at) for mark in ".;!?") + 1
    ends = [i for i in (text.find(mark, at) for mark in ".;!?") if i >= 0]
    return text[start:min(ends) if ends else len(text)]
