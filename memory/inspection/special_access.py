"""Indirect forms of five special categories that name no special word (issue 15, stop 46, sp35):
classes written over every spent special set after the s65/s66 reading, each a mechanism over the
words the person uses, not a phrase (docs/privacy.md, "sp35: indirect forms by mechanism"). ES+EN;
every pattern reads the inspection form (ASCII, lower case, accents removed). Rules
(``ACCESS_RULES``, tried after ``special_names``; each goes through the category's near misses and
the work noun after a match (``special_lexicon._about_work``); each pattern carries the person's own act,
so each rule is marked ``Rule.own_tie``: neither the work frames before a match (``special_forms.in_frame``,
since sp38) nor the n-gram veto (``special.special_category_in``) clears it):

* ``biometric.body_as_key`` — a body part (a palm, a finger, a thumb, the face, an eye, the voice)
  as what opens, unlocks or identifies, without the word "biometric": the part laid on a reader, a
  turnstile or a door's pad (``pone la palma sobre el lector``); in the same sentence as a card, a
  key or a password the person does without (``las puertas se le abren sin tarjeta``, ``never
  carries the badge``); named as the key, the badge or the password itself (``her face is her
  badge``, ``contraseña de carne y hueso … es el dedo``, ``voice password``); or shown for entry
  (``le basta con enseñar el dedo para entrar``). A hand is no such part (a hand holds the door);
  a fingerprint or a face named as what the person does *not* use is ``_NOT_CHOSEN``'s.
* ``criminal.court_obligation`` — an obligation a court, a judge or a probation service puts on the
  person: a course, a programme, a treatment or service ordered by a court (``court-ordered anger
  management``, ``el curso que le impuso el juez``); reporting to a supervision body (``presentarse
  en el centro de inserción social``, ``checks in with his probation officer``); a criminal record
  expunged or cancelled (``get his record expunged``, ``cancelar sus antecedentes``). A court-ordered
  audit of a company is a work object (the frames), and a record *certificate* for a job is
  ``special_sense_check``'s document.
* ``criminal.own_case`` — the person's own criminal case: a trial, a case or charges for an offence
  with the person's possessive or ``has``/``tiene``/``faces`` (``su causa por estafa``, ``his assault
  trial``), their own criminal or the legal-aid lawyer with a hearing, a defence, a sentence or an
  appeal (``su abogado penalista … el recurso``), a prosecutor asking years. A lawyer's caseload (``her
  client's fraud trial``) and a person who is a defence lawyer are not it.
* ``trade_union.named_office`` — an office, a congress, dues or a subscription *of a union named by
  its name* in the same clause, either order (``the Unite congress where he's a delegate``, ``the
  rise in his Unite subscription``): the names are the lexicon's own list of unions (no maintained
  public list of union names exists to load; ``_UNION_NAMES``), ``unite`` only after an article, a
  possessive or a preposition (``Unite the teams``, ``to unite the members`` are verbs).
* ``sex_life_orientation.lgbt_group`` — the person going to, joining or helping run a group, a
  collective or a meet-up of gay, lesbian, bisexual or trans people (``va al grupo de padres gais
  del colectivo``, ``the local bi+ social group``), with the Spanish plural ``gais`` the lexicon's
  ``gay\\w*`` misses; a group named as a work object (a client, a venue booked) is the frames'.
* ``politics.party_committee`` — money given to a party's committee or organ
  (``donates to the Republican National Committee every quarter``, ``dona al comité federal del
  partido``): ``special_indirect``'s ``campaign_donation`` needed a campaign.
"""

from __future__ import annotations

import re

from memory.inspection.special_clauses import _PARTY_NAME, _unless
from memory.inspection.special_lexicon import Rule, _re

# --- biometric ---------------------------------------------------------------------------------
#: A body part that can be read by a machine; not a hand (``holds the door with her hand``).
_BODY = (r"(?:palma|palmas|palms?|dedo|dedos|yemas|fingers?|fingertips?|thumbs?|pulgar|pulgares|indice|cara|rostro|face"
         r"|iris|ojos?|eyes?|retinas?|voz|voice)")
#: What a body part can stand in for.
_TOKEN = r"(?:tarjetas?|cards?|badges?|acreditacion|credencial\w*|llaves?|keys?|fobs?|llavero|pase|pass|passes|passwords?|contrasenas?|passcodes?|pins?)"
_DOES_WITHOUT = (rf"(?:without|sin|no\s+need\s+for|instead\s+of|en\s+vez\s+de|en\s+lugar\s+de|(?:never|no\s+longer)\s+(?:carr\w*|bring\w*|need\w*|us\w*|typ\w*)"
                 rf"|nunca\s+(?:lleva\w*|necesita\w*|usa\w*|teclea\w*|saca\w*)|ya\s+no\s+(?:lleva\w*|necesita\w*|usa\w*))\s+(?:\w+\s+){{0,2}}?{_TOKEN}\b|keyless|cardless")
_READER = (r"(?:lector\w*|readers?|sensor\w*|scanners?|escaner\w*|torno|tornos|torniquete\w*|turnstiles?|pads?|panel\w*|cerradura\w*|locks?"
           r"|puertas?|doors?|gates?|barrier\w*|portatil|laptop|movil|phone|tablet|ordenador|computer|kiosk\w*|terminal\w*)")
_LAYS = (r"(?:plac\w*|puts?|putting|rests?|resting|press\w*|holds?\s+up|lays?|laying|tap\w*|touch\w*|swip\w*|pone|poner|poniendo|pon\w*"
         r"|apoy\w*|coloc\w*|posa\w*|acerc\w*|toca\w*|pasa\w*|ensen\w*|muestr\w*|show\w*)")
_DET = r"(?:(?:her|his|their|its|su|sus|el|la|los|las|the|a|an|one)\s+)?"
#: The person's own or the definite part (``su cara``, ``the palm``), not an idiom's (``keeps an eye on``,
#: ``face-to-face``).
_THE = r"(?:her|his|their|su|sus|el|la|los|las|the)\s+(?:\w+\s+)?"
#: A door, a reader or a gate, or its opening, letting in or recognising someone.
_OPENS = (rf"(?:{_READER}|open\w*|abre|abren|abria|abrir|unlock\w*|desbloque\w*|entra\w*|enters?|entered|pasa\w*|lets?\s+(?:her|him|them)\s+(?:in|through)"
          r"|deja\w*\s+pasar|reconoc\w*|recogni[sz]\w*|ficha\w*|clocks?\s+in)\b")
_ENTRY = (r"(?:entrar|acceder|abrir|desbloquear|pasar|fichar|autorizar|aprobar|pagar|get\s+in|enter|unlock|open|sign\s+in|log\s+in"
          r"|clock\s+in|authori[sz]e|approve|pay)")
_BODY_AS_KEY = rf"""
{_LAYS}\s+{_DET}(?:\w+\s+)?{_BODY}\b(?:\s+de\s+la\s+mano)?\s+(?:on|onto|against|at|to|in|into|over|under|en|sobre|contra|ante|a|al|delante\s+del?)\s+{_DET}(?:\w+\s+){{0,2}}?{_READER}\b
| {_THE}{_BODY}\b(?=[^.!?]{{0,120}}?\b{_OPENS})[^.!?]{{0,100}}?\b(?:{_DOES_WITHOUT}) | (?:{_DOES_WITHOUT})[^.!?]{{0,100}}?\b{_OPENS}[^.!?]{{0,60}}?\b{_THE}{_BODY}\b
| {_BODY}['"’”]?\s+(?:is|es|as|como|serves\s+as|hace\s+de|sirve\s+de)\s+{_DET}(?:\w+\s+)?(?:badge|card|tarjeta|password|contrasena|passcode|pin|llave|pase|credencial)\b
| (?:password|contrasena|passcode|pin|llave|badge|tarjeta|credencial)\b[^.!?;]{{0,40}}?\b(?:is|es)\s+{_DET}{_BODY}\b
| (?:password|contrasena|passcode|pin|llave|key|clave)\s+(?:de\s+carne\s+y\s+hueso|of\s+flesh\s+and\s+blood) | flesh[\s-]and[\s-]blood\s+(?:password|passcode|pin|key)
| (?:voice|face|finger|thumb|palm|eye)\s+(?:password|passcode|pin|key)\b
| (?:ensen\w*|muestr\w*|show\w*)\s+{_DET}{_BODY}\b['"’”]?\s+(?:para|to)\s+{_ENTRY}\b
| (?:para|to)\s+{_ENTRY}\b[^.!?;]{{0,60}}?\b(?:ensen\w*|muestr\w*|show\w*|con|with)\s+{_DET}{_BODY}\b
| (?:huella|huellas|fingerprints?|thumbprints?)\b[^.!?]{{0,60}}?\b(?:keyless|cardless|sin\s+llave|sin\s+tarjeta)
"""

# --- criminal (Art. 10) ------------------------------------------------------------------------
_COURT = r"(?:court|judge|juez|jueza|juzgado|tribunal|magistrate|probation|parole|sentencia|condena)"
_ORDERED = r"(?:ordered|mandated|imposed|required|impuest[oa]s?|ordenad[oa]s?|obligatori[oa]s?)"
_OBLIGATION = (r"(?:anger\s+management|control\s+de\s+(?:la\s+)?ira|gestion\s+de\s+(?:la\s+)?ira|class\w*|course\w*|program\w*|sessions?"
               r"|treatment|rehab\w*|counsell?ing|therapy|community\s+service|drug\s+test\w*|curfew|supervision|curso\w*|taller\w*|programa\w*"
               r"|sesion\w*|tratamiento|terapia|trabajos\s+en\s+beneficio|analiticas|controles|toque\s+de\s+queda)")
_SUPERVISION_BODY = (r"(?:centro\s+de\s+insercion\s+social|cis\b|servicios?\s+de\s+gestion\s+de\s+penas|servicios?\s+sociales\s+penitenciari\w*"
                     r"|probation\s+(?:office|officer|service|worker)|parole\s+officer|supervising\s+officer|juzgado|comisaria|cuartel\s+de\s+la\s+guardia\s+civil)")
_COURT_OBLIGATION = rf"""
{_COURT}[\s-]+(?:\w+\s+)?{_ORDERED}\s+(?:\w+\s+){{0,2}}?{_OBLIGATION}
| {_COURT}\s+(?:\w+\s+)?(?:le\s+|les\s+|him\s+|her\s+|them\s+)?(?:impuso|impone|ordeno|ordena|obliga\w*|mando|manda|ordered|orders|mandated|required|sentenced)
  \s+(?:(?:him|her|them|a|an|the|to|a\s+hacer|hacer|seguir|complete|attend|do|un|una|el|la)\s+){{0,3}}?(?:\w+\s+)?{_OBLIGATION}
| {_OBLIGATION}\s+(?:\w+\s+){{0,3}}?(?:(?:ordered|mandated|imposed|required)\s+by|(?:que\s+)?(?:le\s+)?(?:impuso|impone|ordeno|ordena|mando|manda|impuest[oa]\s+por|ordenad[oa]\s+por))\s+(?:the\s+|el\s+|la\s+|a\s+|un\s+|una\s+)?{_COURT}
| (?:(?:tiene\s+que|debe|ha\s+de|hay\s+que)\s+)?(?:presentarse|se\s+presenta|presentandose|se\s+tiene\s+que\s+presentar|firmar|firma|report(?:s|ing)?(?:\s+in)?|check(?:s|ing)?\s+in|signs?\s+in)
  \s+(?:\w+\s+){{0,3}}?(?:en|ante|al|a|to|with|at)\s+(?:el\s+|la\s+|los\s+|the\s+|his\s+|her\s+|their\s+|su\s+)?{_SUPERVISION_BODY}
| (?:expung\w*|(?:seal|wipe|clear|clean)(?:s|ed|ing)?\s+(?:his|her|their)\s+(?:criminal\s+)?record|(?:record|records)\s+(?:sealed|expunged|wiped)
  |(?:cancel\w*|borrar|borra\w*|limpiar|limpia\w*)\s+(?:\w+\s+)?antecedentes|cancelacion\s+de\s+(?:sus\s+|los\s+)?antecedentes)
"""

#: The person's own criminal case: a trial, a case or charges for an offence with the person's
#: possessive or ``has``/``tiene``/``faces`` (``her fraud trial starts on the 9th``, ``su causa por
#: blanqueo``, ``has a trial for tax fraud``), their own criminal lawyer (a possessive) or the legal-aid lawyer with a hearing, a
#: defence, a sentence or an appeal in the same sentence (``su abogado penalista … su defensa``,
#: ``el abogado de oficio … la vista oral``), a prosecutor asking years of them. A lawyer's own
#: caseload (``her client's fraud trial``, ``a defence attorney's court calendar``) has no possessive
#: on the case, and the person who *is* a defence lawyer (``is a criminal defence lawyer and has a hearing``)
#: none on the lawyer.
_OFFENCE = (r"(?:fraude|fraud|tax\s+fraud|fraude\s+fiscal|blanqueo|money\s+laundering|estafa|robo|theft|hurto|assault|agresion|lesiones"
            r"|drugs?|drogas|trafico|embezzlement|malversacion|apropiacion\s+indebida|cohecho|bribery|soborno|stalking|acoso|manslaughter"
            r"|homicidio|murder|asesinato|burglary|perjury|perjurio|insider\s+trading|corruption|corrupcion|prevaricacion|dui|drink[\s-]driving"
            r"|drunk[\s-]driving|alcoholemia|shoplifting|vandalism|vandalismo|arson|incendio\s+provocado)")
_CASE = r"(?:causa|causas|trial|juicio|proceso|case|cases|charges?|cargos|procedimiento|sumario|vista|hearing)"
_OWNER = r"(?:su|sus|his|her|their|has\s+a|has\s+an|tiene\s+una?|faces?|facing|afronta\w*|awaits?|awaiting|espera)"
_DEFENDER = (r"(?:abogad[oa]\s+penalista|penalista|abogad[oa]\s+de\s+oficio|criminal\s+(?:defen[cs]e\s+)?(?:lawyer|attorney|solicitor|barrister)"
             r"|defen[cs]e\s+(?:lawyer|attorney)|public\s+defender|duty\s+solicitor)")
_OWN_CASE = rf"""
{_OWNER}\s+(?:\w+\s+){{0,2}}?{_CASE}\s+(?:\w+\s+){{0,2}}?(?:por|for|de)\s+(?:\w+\s+)?{_OFFENCE}\b
| (?:su|sus|his|her|their)\s+(?:\w+\s+)?{_OFFENCE}\s+(?:trial|case|charges?|hearing|sentencing)\b
| (?:(?:su|sus|his|her|their)\s+(?:\w+\s+)?{_DEFENDER}|(?:el|la|the)\s+abogad[oa]\s+de\s+oficio)\b[^.!?]{{0,80}}?\b(?:vista|juicio|defensa|sentencia|condena|recurso|apelacion|fiscal|trial|hearing|defen[cs]e|sentence|appeal|plea|prosecutor)\b
| (?:fiscal|fiscalia|prosecutor|prosecution|the\s+crown)\s+(?:\w+\s+){{0,2}}?(?:pide|pedira|solicita|reclama|asks?|asking|seeks?|seeking|wants?|demands?)\s+(?:for\s+)?(?:\w+\s+)?(?:\d+|un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:anos|meses|years|months)\b
"""

# --- trade union -------------------------------------------------------------------------------
#: Unions by name: the lexicon's list (``special_lexicon._TRADE_UNION``, ``special_clauses._UNION_NAMED``);
#: ``unite`` only after an article, a possessive or a preposition (never a verb), ``comisiones`` only as ``comisiones obreras``
#: (sales commissions have dues and quotas too).
_UNION_NAMES = (r"(?:(?:(?<=\bthe\s)|(?<=\bhis\s)|(?<=\bher\s)|(?<=\btheir\s)|(?<=\bde\s)|(?<=\bdel\s)|(?<=\ben\s)|(?<=\bat\s)|(?<=\bin\s)"
                r"|(?<=\bof\s)|(?<=\bfor\s)|(?<=\bcon\s)|(?<=\bwith\s)|(?<=\bla\s)|(?<=\bel\s))unite|unison|gmb|usdaw|rmt|nuj|ucu|nasuwt|aslef|bectu|cwu|fbu|teamsters|seiu|uaw|afscme|ibew|ufcw|afl[\s-]?cio"
                r"|ccoo|cc\.?\s?oo|comisiones\s+obreras|ugt|cgt|csif|cnt|steilas|cobas|satse|sepla|anpe|intersindical|ig\s+metall|cfdt|cgil)")
_UNION_OFFICE = (r"(?:delegates?|delegad[oa]s?|stewards?|reps?|representatives?|representantes?|convenors?|congress|congreso|conference|conferencia"
                 r"|dues|subs|subscriptions?|cuotas?|afiliacion|afiliad[oa]|carne|carnet|membership|branch|seccion\s+sindical|executive|ejecutiva)")
_NAMED_OFFICE = rf"""
{_UNION_NAMES}\b[^.;!?]{{0,50}}?\b{_UNION_OFFICE}\b | {_UNION_OFFICE}\b[^.;!?]{{0,50}}?\b{_UNION_NAMES}\b
"""

# --- sex life / orientation --------------------------------------------------------------------
_LGBT = (r"(?:gais|gays?|lesbian\w*|lesbiana\w*|bisexual\w*|bi\+|bi\s+(?:social|support|parents|group)|trans\b|queer\w*|lgbt\w*|lgtb\w*"
         r"|homoparental\w*|familias\s+diversas|diversidad\s+sexual|del\s+mismo\s+sexo|same[\s-]sex)")
_GROUP = (r"(?:grupo|group|colectivo|collective|asociacion|association|network|red|club|meet[\s-]?ups?|quedadas?|encuentros?|circle|circulo"
          r"|support\s+group|social\s+group|coro|choir|parents'?\s+group)")
_GOES = (r"(?:va|van|iba|fue|acude|asiste|asistir|ir|se\s+apunto|se\s+unio|es\s+soci[oa]|es\s+miembro|forma\s+parte|participa|lleva"
         r"|goes|going|went|attends?|attending|joined|joins|member|belongs|helps\s+run|runs|volunteers?|takes)")
_LGBT_GROUP = rf"""
{_GOES}\b[^.;!?]{{0,40}}?\b{_GROUP}\s+(?:\w+\s+){{0,4}}?{_LGBT}
| {_GOES}\b[^.;!?]{{0,40}}?\b{_LGBT}\s+(?:\w+'?\s+){{0,2}}?{_GROUP}\b
"""

# --- politics ----------------------------------------------------------------------------------
_PARTY_ORGAN = r"(?:national|state|county|local|regional|federal|executive|central)\s+committee|committee|comite\s+(?:nacional|federal|ejecutivo|regional|local|central)"
_PARTY_COMMITTEE = rf"""
(?:donat\w*|dona|donan|donaba|dono|donar|donacion\w*|contribut\w*|aporta\w*|gives?|gave|pays?|paid|paga\w*)\b[^.;!?]{{0,40}}?
  \b(?:{_PARTY_NAME}\s+(?:party\s+)?(?:{_PARTY_ORGAN})|(?:{_PARTY_ORGAN})\s+(?:del?\s+|of\s+the\s+)?(?:partido\s+)?{_PARTY_NAME})\b
"""

#: ``(label, class, pattern)``: the rule of each class, named ``access.<label>.<class>``.
_CLASSES: list[tuple[str, str, str]] = [
    ("biometric", "body_as_key", _BODY_AS_KEY),
    ("criminal", "court_obligation", _COURT_OBLIGATION),
    ("criminal", "own_case", _OWN_CASE),
    ("trade_union", "named_office", _NAMED_OFFICE),
    ("sex_life_orientation", "lgbt_group", _LGBT_GROUP),
    ("politics", "party_committee", _PARTY_COMMITTEE),
]

ACCESS_RULES: tuple[Rule, ...] = tuple(Rule(label, f"access.{label}.{name}", _re(pattern), unless=_unless(label), own_tie=True)
                                    for label, name, pattern in _CLASSES)
