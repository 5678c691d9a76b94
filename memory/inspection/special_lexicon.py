"""The special-category lexicon (issue 15): what the lexical stage of ``memory.inspection.special``
looks for, in Spanish and English, written from how people talk (not from any evaluation note).

Every pattern reads the inspection form of a string (``memory.inspection.normalise.fold``): ASCII,
lower case, accents removed, spaced-out and leet spellings joined. So a pattern is written without
accents (``diabetico``, ``mezquita``, ``sindicato``) and matches ``Diabético``, ``m e z q u i t a``
and ``s1nd1cato`` alike.

A :class:`Rule` fires when its ``pattern`` is found, and, if given, its ``needs`` pattern is found
somewhere in the same string too (context for an ambiguous word: ``podemos`` is a verb unless a
political word is near), and its ``unless`` pattern is not (a near miss: ``health check``,
``sindicato de datos``, ``criminal law``). Doubtful → special: a word is left unconditional
unless it has a common ordinary meaning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memory.inspection.special_forms import MORE, NEAR, in_frame
from memory.inspection.special_indirect import INDIRECT


@dataclass(frozen=True)
class Rule:
    label: str
    name: str
    pattern: re.Pattern[str]
    needs: re.Pattern[str] | None = field(default=None)
    unless: re.Pattern[str] | None = field(default=None)
    #: Words that say something about the person only with an act of theirs (``weak_needs``): a
    #: place of worship named as a venue, a client or an address is no belief. Only in a string of
    #: ``_WEAK_MIN_WORDS`` words or more: a key or a terse note has no room to say which it is.
    weak: re.Pattern[str] | None = field(default=None)
    weak_needs: re.Pattern[str] | None = field(default=None)
    #: A setting that makes weak words a venue whatever act is near (``a wedding in the old church``,
    #: ``rents the parish hall``): it clears the weak words only, never another word of the rule.
    weak_venue: re.Pattern[str] | None = field(default=None)
    #: The pattern carries the person's own tie to what it names (an act, a membership, a possessive:
    #: ``su causa por estafa``, ``el curso que le impuso el juez``, ``paga la cuota de la sección``).
    #: Read by both checks that decide whether a special word is about the person: the work and
    #: object frames before a match (``special_forms.in_frame``) do not clear such a rule here, and
    #: the n-gram stage's veto does not drop its hit (``special.special_category_in``). A work noun
    #: right after the match (``_about_work``) and the category's near misses still clear it.
    own_tie: bool = field(default=False)

    def fires(self, text: str) -> bool:
        live = [m.group(0) for m in self.pattern.finditer(text)
                if not _about_work(text, m.start(), m.end()) and (self.own_tie or not in_frame(text, m.start()))]
        if not live:
            return False
        if self.weak is not None and self.weak_needs is not None and len(text.split()) >= _WEAK_MIN_WORDS \
                and all(self.weak.fullmatch(word) for word in live) \
                and (not self.weak_needs.search(text) or (self.weak_venue is not None and self.weak_venue.search(text))):
            return False
        if self.needs is not None and not self.needs.search(text):
            return False
        return self.unless is None or not self.unless.search(text)


#: A weak word is cleared only in a string at least this long (prose, not an identifier).
_WEAK_MIN_WORDS = 5


# A word that names what someone works on rather than something about them: "the insulin-pump
# companion app", "DNA sequencing machines", "la app de diabetes", "una carrera contra el cáncer";
# or a show about it ("a prison drama", "una serie documental sobre…" is ``_FRAME``'s).
_WORK_NOUN = (r"(?:apps?|application|software|products?|platform|pipeline|dashboard|tool|client|project|module|startup"
              r"|api|sdk|system|machines?|model|team|ui|browser|dataset|feature|vendor|company|charity|research"
              r"|foundation|awareness|fundraiser|campaign|drive|unit|lab|clinic\s+client|course|curso|training|workshop|taller"
              r"|webinar|trainer|cameras?|camaras?|passports?|pasaportes?|producto?s?|bakery|panaderia|menus?|catering"
              r"|leaflet|folleto|subtitles|subtitulos|thriller|novel|novela|restaurant|restaurante|kitchen|supplies|suministros|hotel|ltd|inc|roof|tejado"
              r"|windows|vidrieras|parade|desfile|pens?|readers?|lectores|keys|fund|fondo|packaging|envases"
              r"|dramas?|docuseries|documentar(?:y|ies|io|ios)|sitcoms?|miniseries|paperwork|papeleo)")
# The words between the match and the work noun make one compound ("insulin-pump companion app") or
# say whom the work is for ("a diversity survey for a client"): a conjunction, or a preposition of
# place, company or direction, starts another phrase, so "her wife at the client dinner" names no
# work object.
_AFTER_WORK = re.compile(
    r"(?:[\s'-]+(?!(?:y|and|e|o|or|pero|but|que|porque|because|since|so|asi|at|in|on|to|with|from|by|during|en|con|al)\b)"
    r"[a-z'-]+){0,2}?[\s'-]+" + _WORK_NOUN + r"\b")
_BEFORE_WORK = re.compile(
    r"\b(?:apps?|aplicacion|plataforma|producto|proyecto|software|modulo|herramienta|laboratorio|grupo|equipo|empresa"
    r"|startup|dashboard|charity|carrera|maraton|marathon|run|walk|fundacion|asociacion|investigacion|lucha)"
    r"(?:\s+[a-z0-9]+)?\s+(?:de|para|sobre|del|contra|for|against|on)\s+(?:la\s+|el\s+|los\s+|las\s+|the\s+)?"
    # not after a possessive: "the sequencing run for her Marfan variant" is the person's own
    r"(?:(?!(?:her|his|their|su|sus|my|mi)\s)[a-z'-]+\s+)?$")


#: Membership of the group a ``_BEFORE_WORK`` noun names ("es socia de la asociación de mujeres
#: gitanas", "member of the Muslim staff group", "se unió al grupo de apoyo de…"): belonging to a
#: group named by a special word says it of the person, where working for one does not.
_MEMBER_OF = re.compile(
    r"\b(?:soci[oa]s?|miembros?|members?|membership|afiliad[oa]s?|joined|se\s+(?:unio|une|apunto|ha\s+unido|ha\s+apuntado)"
    r"|pertenece\w*|belongs?|forma\s+parte|part\s+of)\s+(?:de|del|of|to|a|al|en)?\s*(?:la|el|the|una?|an?|su|her|his|their)?\s*$")


#: The person's own visits to a place named by a special word ("her appointments at the oncology day
#: unit", "sus citas en la unidad de…"): a unit or a clinic seen as a patient is no work object.
_OWN_VISIT = re.compile(
    r"\b(?:(?:her|his|their|su|sus)\s+(?:\w+\s+)?(?:appointments?|sessions?|check-?ups?|visits?|treatments?|slots?|bookings?|citas?|sesiones?|revisi\w*|consultas?|turnos?)"
    r"|(?:is|was|been|esta|estuvo)\s+(?:seen|treated|atendid[oa]|tratad[oa]))\s+(?:\w+\s+){0,2}?(?:at|in|en|with|con)\s+(?:the|la|el|una?|an?)\s+$")


#: A relative clause after the match that ties the group or the product to the person: they belong
#: to it or use it ("la asociación de mujeres gitanas a la que pertenece", "la app de citas que usa",
#: "the support group she belongs to", "the app he uses"). Read up to the clause's end.
OWN_TIE = re.compile(
    r"(?:a\s+la\s+que|al\s+que|a\s+las\s+que|a\s+los\s+que|de\s+la\s+que|del\s+que|en\s+la\s+que|en\s+el\s+que|que|which|that"
    r"|(?:she|he|they)(?=\s))\s+(?:\w+\s+)?(?:pertenec\w*|pertenezc\w*|es\s+soci[oa]|es\s+miembro|forma\s+parte|participa\w*|usa|usaba|utiliza\w*"
    r"|belongs?|belonged|(?:is|was|'s)\s+(?:a\s+)?member|joined|uses|used|is\s+on|attends?|acude"
    # receiving her own treatment there ("the day unit where he receives his infusions", stop 37)
    r"|(?:gets?|receives?|recibe|recibia)\s+(?:her|his|their|su|sus)\s+(?:\w+\s+)?(?:infusions?|infusiones|treatments?|tratamientos?|chemo\w*|quimio\w*|dialys[ie]s|dialisis|sessions?|sesiones|doses?|dosis|injections?|inyecciones|transfusions?|transfusiones|radio\w*))\b")
_OWN_TIE_AFTER = re.compile(r"[^.;:!?()]{0,40}?\b" + OWN_TIE.pattern)


#: A match that opens with a possessive is someone's own ("a run for her Marfan variant").
_POSSESSIVE = re.compile(r"(?:her|his|their|su|sus|my|mi)\s")
#: A possessive right before the match, with a work noun for a thing of personal use after it: the
#: thing is the person's own ("keep her insulin pens cold", "sus lectores de glucosa"), not a product
#: they sell or make ("his iris-scanner vendor account" stays a work object).
_POSSESSIVE_BEFORE = re.compile(r"\b(?:her|his|their|su|sus|my|mi)\s+$")
_PERSONAL_OBJECT = re.compile(r"\b(?:pens?|readers?|lectores|keys|supplies|suministros|passports?|pasaportes?)$")
#: The person's own trait taken right before the match ("le sacaron el patrón de la huella para el
#: lab de química", "they scanned her iris for the site turnstiles"): an enrolment of the person, whatever
#: work noun follows (stop 37).
_OWN_ENROLMENT = re.compile(
    r"\b(?:(?:le|la|lo|les)\s+(?:\w+\s+)?(?:tom|sac|escane|registr|grab|captur|midi|hicieron)\w*"
    r"|(?:scanned|took|taken|captured|registered|enrolled|recorded)\s+(?:her|his|their))\s+(?:(?:el|la|los|las|su|sus|the)\s+)?(?:\w+\s+){0,3}$")


def _about_work(text: str, start: int, end: int) -> bool:
    """Whether the match at ``[start, end)`` names a work object (a product, a team, a charity),
    not a group the person is a member of (``_MEMBER_OF``, or a relative clause after it:
    ``_OWN_TIE_AFTER``), a product they use, nor a place the person visits as a patient
    (``_OWN_VISIT``)."""
    if _OWN_TIE_AFTER.match(text, end) or _OWN_ENROLMENT.search(text, max(0, start - 60), start):
        return False
    window = text[max(0, start - 60):start]
    after = _AFTER_WORK.match(text, end)
    if after:
        return not _OWN_VISIT.search(window) and not (_POSSESSIVE_BEFORE.search(window) and _PERSONAL_OBJECT.search(after.group(0)))
    before = _BEFORE_WORK.search(window) if not _POSSESSIVE.match(text, start) else None
    return bool(before and not _MEMBER_OF.search(window, 0, before.start()))


def _re(words: str) -> re.Pattern[str]:
    """A pattern from an alternation written over several lines (whitespace-insensitive)."""
    return re.compile(r"\b(?:" + "".join(words.split()) + r")")


# --- health ----------------------------------------------------------------------------------
_HEALTH_CONDITIONS = r"""
diabet\w* | insulin\w* | glucemi\w* | glucosa | hipoglucemi\w* | hypoglyc\w* | vih\b | hiv\b | sida\b
| seropositiv\w* | antirretrovira\w* | antiretrovira\w* | cancer\w* | tumor\w* | tumour\w* | oncolog\w*
| quimio\w* | chemo\w* | radioterapi\w* | radiotherap\w* | metasta\w* | leucemi\w* | leukaemi\w* | leukemi\w*
| linfoma\w* | lymphoma\w* | mastectom\w* | dialisis | dialysis | renal | rinon | kidney\w* | hepatitis
| cirrosis | cirrhosis | epilep\w* | convulsion\w* | seizure\w* | esclerosis | sclerosis | parkinson\w*
| alzheimer\w* | demencia | dementia | asma\b | asthma\w* | inhalador | inhaler | artritis | arthritis
| artrosis | lupus | crohn\w* | colitis | celiac\w* | coeliac | gluten | lactosa | lactose | fibromialgi\w*
| fibromyalgi\w* | migrana\w* | migraine\w* | jaqueca\w* | hipertens\w* | hypertens\w* | tension\s+alta
| high\s+blood\s+pressure | colesterol | cholesterol | cardiopat\w* | infarto | heart\s+attack
| heart\s+condition | arritmi\w* | arrhythmi\w* | marcapasos | pacemaker | ictus | stroke\b(?!\s+of)
| anorexi\w* | bulimi\w* | eating\s+disorder | trastorno\w* | disorder\b | bipolar\w* | esquizofreni\w*
| schizophreni\w* | psicosis | psychosis | psychotic | autis\w* | asperger\w* | tdah | adhd
| toc\b | ocd\b | depresi\w* | depressi\w* | depre\b | antidepresiv\w* | antidepressant\w* | ansiolitic\w*
| ansiedad | anxiety | ataques?\s+de\s+panico | panic\s+attack\w* | estres\s+postraumatico | ptsd | tept
| burn\s?out | insomni\w* | apnea | suicid\w* | autolesi\w* | self[\s-]?harm\w* | salud\s+mental
| mental\s+health | mentally\s+ill | psiquiatr\w* | psychiatr\w* | psicolog[oa]\b | psychologist
| therap(?:y|ist)\b | terapia | terapeuta | psicoterap\w* | psychotherap\w* | counsell?ing\b | rehab\b
| rehabilitacion | desintoxicacion | detox | alcoholi\w* | alcoholics\s+anonymous | \baa\s+meetings?
| reuniones\s+de\s+aa | adiccion\w* | addict\w* | sobriety | sober\b | metadona | methadone
| sertralin\w* | sertraline | fluoxetin\w* | prozac | escitalopram | lexapro | paroxetin\w* | venlafaxin\w*
| diazepam | valium | lorazepam | orfidal | alprazolam | xanax | litio\b | lithium\s+(?:for|pills|treatment)
| ritalin\w* | concerta | adderall | metformin\w* | ozempic | levotiroxin\w* | levothyroxin\w* | eutirox
| tiroides | thyroid | sintrom | warfarin\w* | anticoagula\w* | antibiotic\w* | corticoid\w* | epipen
| anafila\w* | anaphyla\w* | cacahuete\w* | peanut\w* | frutos\s+secos | food\s+allerg\w* | alergia\s+alimentaria | severe\s+allerg\w*
| allergic\s+reaction | reaccion\s+alergica | alergic[oa]\s+(?:grave|severa) | (?:allerg\w*|alergi\w*)\s+(?:to\s+|a\s+|al\s+|a\s+la\s+|a\s+los\s+|a\s+las\s+|de\s+)?(?:\w+\s+){0,2}
  (?:peanuts?|nuts?|frutos|cacahuetes?|marisco|shellfish|seafood|fish|pescado|eggs?|huevos?|milk|leche|lactos[ae]|gluten|wheat|trigo|soy|soja|penicil\w*
  |antibiotic\w*|aspirin\w*|ibuprofen\w*|latex|pollen|polen|gramineas|bees?|wasps?|abejas?|avispas?|cats?|gatos?|dogs?|perros?|dust|acaros|mites
  |sesame|sesamo|kiwis?|melocoton\w*|peach\w*|sulfit\w*|medicines?|medicamento\w*|anest\w*|iodine|yodo|contrast)\b
| embaraz\w* | pregnan\w* | gestacion | prenatal | ecografia | ultrasound | miscarriage | aborto
| fecundacion | in\s+vitro | \bfiv\b | \bivf\b | fertilidad | fertility | maternidad | maternity
| baby\s+is\s+due | expecting\s+(?:a\s+baby|twins|her\s+first|his\s+first|their\s+first)
| discapacidad | discapacitad\w* | minusvali\w* | disability | disabilit\w* | disabled | handicap\w*
| silla\s+de\s+ruedas | wheelchair | muletas | crutches | sordo | sorda | sordera | deaf\w* | audifono\w*
| hearing\s+aids? | hard\s+of\s+hearing | ciego | ciega | ceguera | blindness | visually\s+impaired
| baja\s+vision | low\s+vision | macular | glaucoma | cataratas(?!\s+del) | cataracts | dislexi\w* | dyslexi\w*
| tartamud\w* | stutter\w* | stammer\w* | protesis | prosthe\w* | amputa\w* | trasplante | transplant\w*
| covid\s+persistente | long\s+covid | diagnosticad[oa] | le\s+diagnosticaron | diagnosed\s+with | (?:was|been|got|recently)\s+diagnosed | sintomas | symptoms | enferm[oa]\b
| enfermedad\w* | illness\w* | chronic | cronic[oa] | medicacion | medicamento\w* | medication\w*
| pastillas | pills\b
| (?:takes?|taking|took|toma|tomar|tomando|tomo|tomaba)\s+(?:a|one|an|una|un|su|his|her|their|sus)\s+(?:\w+\s+)?(?:pill|tablet|capsule|pastilla|comprimido|capsula)\b(?!\s+de\s+(?:jabon|caldo|freno|cloro|chocolate|menta|avecrem))
| tratamiento\s+(?:medico|para|contra|de\s+(?:la|su)|psiquiatrico|psicologico)
| en\s+tratamiento | on\s+treatment | under\s+treatment | cirugia | surgery | quirofano | operad[oa]\s+de
| le\s+(?:van\s+a\s+)?operar\w* | le\s+operan | ingresad[oa] | hospitaliz\w* | in\s+hospital
| en\s+el\s+hospital | urgencias | a\s+&\s+e | fisioterap\w* | physio\w* | big\s+c\b | lo\s+del\s+azucar
| lo\s+de\s+los\s+nervios | de\s+los\s+nervios | problemas?\s+de\s+(?:corazon|espalda|salud|tiroides|vista|oido)
| motivos\s+de\s+salud | health\s+(?:reasons|issues?|problems?|condition\w*|scare)
| (?:seeing|sees|saw|talking\s+to|talks\s+to)\s+someone\s+(?:about|for)\s+(?:his|her|their)\s+(?:head|nerves|mood|drinking|anxiety|demons)
| (?:his|her|their|su)\s+(?:health|salud) | sick\s+(?:leave|note|day) | off\s+sick | called\s+in\s+sick
| (?:is|was|been)\s+(?:sick|ill)\b | baja\s+medica | medical\s+leave | (?:esta|estuvo|estara|sigue|lleva\w*
  |vuelve\s+de|volvio\s+de|otra\s+vez)\s+(?:\w+\s+)?de\s+baja | de\s+baja\s+(?:por|otra|desde|hasta)
| dolor\s+cronico | chronic\s+pain | le\s+dan\s+ataques | medico\s+de\s+cabecera | gp\s+appointment
| citas?\s+(?:medica|con\s+el\s+(?:medico|especialista|oncologo|psiquiatra|psicologo))
| doctor'?s\s+appointment | revision\w*\s+(?:medica\w*|cardiolog\w*|oncolog\w*)\s+(?:de\s+)?(?:su|suya)
| cardiac\s+arrest | paro\s+cardiaco | colostom\w* | ostom\w* | stoma\b | bomba\s+de\s+insulina | insulin\s+pump | sensor\s+de\s+glucosa
| glucose\s+monitor | estatinas | statins | beta[\s-]?blockers? | betabloqueante\w* | biopsi\w* | biops\w* | mamografia | mammogram\w*
| resonancia\s+magnetica | mri\s+scan | colonoscop\w* | endometriosis | menopaus\w* | menopaus | sofocos | hot\s+flushes | pcos
| ovario\w*\s+poliquistic\w* | tinnitus | acufenos | vertigo\w* | hernia\w* | lumbago | ciatica | sciatica | tendinitis | esguince
| sprain\w* | fractura\w* | fracture\w* | broken\s+(?:leg|arm|wrist|ankle|hip) | se\s+rompio\s+(?:la|el)\s+(?:pierna|brazo|muneca|tobillo|cadera)
| protesis\s+de | hip\s+replacement | knee\s+replacement | bypass\s+(?:surgery|coronario) | stent\w* | angina\w* | cardiac\w* | cardiac[oa]
| tuerto | lip[\s-]?reads | lee\s+los\s+labios | lengua\s+de\s+signos | sign\s+language | perro\s+guia | guide\s+dog | braille | baston\b
| mobility\s+scooter | movilidad\s+reducida | reduced\s+mobility | autoinmun\w* | autoimmun\w* | inmunodeprimid\w* | immunosuppress\w*
| immunocompromised | prep\s+(?:pills|medication) | \bets\b | sexually\s+transmitted | herpes | tuberculosis | (?:tiene|tuvo|has|had|got|caught|with|con|positive\s+for)\s+(?:\w+\s+)?covid | covid\s+(?:positive|positivo)
| (?:tiene|con|tuvo|pillado|pillo)\s+(?:la\s+)?gripe | (?:has|had|got|with|caught)\s+(?:the\s+)?flu\b | under\s+the\s+weather | pachuch[oa] | en\s+remision | in\s+remission | terminal\s+(?:illness|cancer|diagnosis) | enfermo\s+terminal
| paliativ\w* | palliative | hospice | transfusi\w* | concussion | conmocion | brain\s+injury | dano\s+cerebral | narcolep\w* | apnoea | cpap
| bariatric\w* | bariatric | reductora\s+de\s+estomago | gastric\s+band | obesidad | obesity | problema\s+con\s+la\s+bebida | drinking\s+problem
| ludopat\w* | gambling\s+addiction | cocain\w* | heroin\w* | morning\s+sickness | nauseas\s+del\s+embarazo | c[\s-]section | cesarea
| dio\s+a\s+luz | gave\s+birth | postpartum | posparto | postparto | sacaleches | breast\s+pump | (?:da|dando|esta\s+dando)\s+(?:el\s+)?pecho | periodo\s+de\s+lactancia | (?:is|still)\s+breastfeeding | congelar\s+ovulos
| egg\s+freezing | vasectom\w* | erectile | viagra | hrt\b | terapia\s+hormonal | hormone\s+(?:therapy|treatment|replacement)
| testosteron\w* | nervous\s+breakdown | crisis\s+nerviosa | ataque\s+de\s+nervios | ataques\s+de\s+ansiedad | dyspraxi\w* | dispraxi\w*
| dyscalculi\w* | discalculi\w* | tourette\w* | neurodivergen\w* | neurodiverg\w* | incapacidad\s+(?:temporal|permanente) | invalidez
| (?:his|her|their|su)\s+(?:condition|illness|diagnosis|treatment|medication|therapy|disability|enfermedad|condicion\s+medica|tratamiento
  |medicacion|dolencia|lesion|injury|operacion|operation|recovery|recuperacion)\b | dolencia\w* | lesionad[oa] | injured | injury\b
| (?:his|her|their)\s+(?:heart|back|knee|knees|hip|chest|lungs?|stomach|bowels?|asthma|kidneys?|ticker)\s+(?:acts?|acting|acted|plays?|playing|played)\s+up
| (?:has|have|had)\s+a\s+(?:bad|dodgy|weak)\s+(?:back|heart|knee|hip|chest) | bad\s+nerves | time\s+of\s+the\s+month | dolores?\s+menstrual\w*
| period\s+pain\w*
| operacion\s+de\s+(?:cadera|rodilla|corazon|espalda|columna|hombro|menisco|ligamento|apendicitis|vesicula|hernia|cataratas|miopia|estomago|pecho|mama|tiroides)
| operation\s+on\s+(?:his|her|their)\s | (?:knee|hip|back|heart|shoulder|eye|spine|brain)\s+(?:surgery|operation) | se\s+recupera\s+de\s+(?:una|la|un|el)\s+(?:operacion|cirugia|lesion|enfermedad|ictus|infarto|accidente)
| recovering\s+from\s+(?:an?\s+|the\s+|his\s+|her\s+)?(?:operation|surgery|illness|accident|injury|stroke|heart\s+attack|cancer|covid|treatment)
| uses\s+a\s+(?:cane|walking\s+stick|walker|rollator|hearing\s+aid|wheelchair|prosthetic|cochlear) | walking\s+stick | cochlear\s+implant\w* | implante\s+coclear | andador
| blood\s+thinners? | partially\s+sighted | sight\s+loss | screen\s+magnifier | legally\s+blind | is\s+blind\b
| (?:goes|go|went|attends|attending)\s+(?:to\s+)?aa\b | aa\s+(?:meetings?|sponsor|on\s+\w+) | alcoholicos\s+anonimos | narcotics\s+anonymous | narcoticos\s+anonimos
| delicad[oa]\s+de\s+salud | mal\s+de\s+salud | bun\s+in\s+the\s+oven | eating\s+for\s+two | in\s+the\s+family\s+way | en\s+estado\s+de\s+buena\s+esperanza
| esta\s+en\s+estado\b | la\s+dulce\s+espera | the\s+sugar\b | sugar\s+problem\w* | problemas\s+de\s+azucar | azucar\s+alt[oa] | ticker | funny\s+turn
| signed\s+off\s+(?:with|for|sick) | off\s+with\s+(?:stress|anxiety|depression|his\s+\w+|her\s+\w+) | (?:his|her|their)\s+demons | hits\s+the\s+bottle
| drinks?\s+too\s+much | problemas?\s+con\s+(?:el\s+)?alcohol | bebe\s+demasiado | on\s+the\s+wagon | in\s+recovery\b | women'?s\s+(?:problems|troubles|issues)
| problemas\s+de\s+mujeres | lo\s+de\s+(?:la\s+espalda|las\s+rodillas|la\s+rodilla|la\s+cadera|la\s+tension|los\s+rinones|la\s+tiroides|la\s+cabeza|la\s+vista
  |los\s+pulmones|el\s+corazon|el\s+higado|el\s+estomago|el\s+pecho|los\s+oidos|los\s+ojos|las\s+piernas)
"""
_HEALTH_NEAR = r"""
es\s+un\s+cancer\s+para | is\s+a\s+cancer\s+(?:on|for|in) | (?:sick\s+day|baja|cita\s+medica|doctor'?s\s+appointment|hospital)\s+(?:for|de|por|con)\s+(?:his|her|their|su)\s+(?:daughter|son|kid|kids|child|children|hija|hijo|hijos|madre|padre|mother|father|mum|mom|dad|dog|perro|cat|gato)
| de\s+baja\s+(?:la|el|los|las)\s+(?:cuenta|servicio|suscripcion|linea|usuario|contrato|app|licencia) | dar\w*\s+de\s+baja | dado\s+de\s+baja | dio\s+de\s+baja
| health\s+check | healthcheck | health\s+report | app\s+de\s+salud | health\s+app
| allergic\s+to\s+(?:meetings|mondays|paperwork|bureaucracy|jargon|email)
| alergic[oa]\s+a\s+(?:las\s+reuniones|los\s+lunes|la\s+burocracia) | virus\s+informatico | computer\s+virus | disorder(?:ed|ly)\s
| trastorno\s+logistico
| (?:gluten[\s-]?free|sin\s+gluten)\s+(?:\w+\s+){0,3}(?:and|y|or|o)\s+(?:the\s+|el\s+|la\s+|an?\s+)?(?:vegan|vegetarian|vegano|vegana|vegetariano|vegetariana)
| (?:vegan|vegetarian|vegano|vegana|vegetariano|vegetariana)\s+(?:\w+\s+){0,3}(?:and|y|or|o)\s+(?:the\s+|el\s+|la\s+|an?\s+)?(?:gluten[\s-]?free|sin\s+gluten)
| (?:feature|setting|option|login|account|access|id|mode|function\w*|button|alerts?|notifications?|tablets?|devices?|services?|camera|sensor)
  \s+(?:\w+\s+){0,4}(?:is|are|was|were|been)\s+disabled
"""

# --- genetic ---------------------------------------------------------------------------------
_GENETIC = r"""
genetic[oa]?s?\s+(?:test\w*|result\w*|counsel\w*|screening|report|risk|condition|disorder|mutation|variant|marker\w*)
| (?:test|prueba|analisis|estudio|resultado\w*|consejo|screening|marcador\w*|predisposicion|riesgo)\s+genetic\w*
| genetica\s+(?:positiva|del|de\s+su) | (?:test|prueba|analisis|estudio)\s+de\s+portador\w* | atrofia\s+muscular\s+espinal | spinal\s+muscular\s+atrophy | portador[a]?\s+(?:sana?o?\s+)?(?:del|de\s+la|de\s+una?|de)\s+(?:gen|mutacion|variante|alelo|fibrosis|hemocromatosis|talasemia|anemia|enfermedad|sindrome|brca)
| carriers?\s+(?:of|for)\s+(?:the\s+|a\s+)?(?:\w+\s+){0,3}(?:gene|mutation|variant|trait|allele) | carrier\s+(?:status|screening|results?|tests?)
| brca\d? | apoe\d? | lynch\b | huntington\w* | hemocromatosis | haemochromatosis | hemochromatosis
| fibrosis\s+quistica | cystic\s+fibrosis | sickle\s+cell | drepanocitosis | talasemi\w* | thalass\w*
| cromosom\w* | chromosom\w* | trisomi\w* | down'?s?\s+syndrome | sindrome\s+de\s+down
| gen\b(?!\s*[z-]) | (?:the|a|same|his|her|faulty)\s+genes?\b
| gene\s+(?:test|people|therapy|variant) | genoma | genome\s+(?:sequenc\w*|test\w*) | exoma | exome
| secuenciacion | sequencing\s+(?:follow|result) | (?:test|prueba|kit|analisis|resultados?|results?|file|raw)
  \s+(?:de\s+|del\s+)?(?:adn|dna) | (?:adn|dna)\s+(?:test\w*|kit|result\w*|file|sequenc\w*|analysis)
| 23andme | 2eandme | myheritage | ancestry\s?(?:dna|kit|test) | (?:test|prueba|analisis)\s+de\s+paternidad | paternity\s+test
| hered\w*\s+(?:la|el|una?)\s+(?:mutacion|gen|variante|enfermedad)
| (?:her|his|their|su|sus)\s+(?:\w+\s+)?(?:variants?|variantes?|mutations?|mutacion(?:es)?)\b
| inherited\s+(?:the|a)\s+(?:gene|mutation|variant|condition) | hereditari[oa] | hereditary | variant\s+(?:his|her)
| genetic\s+predisposition | lo\s+de\s+la\s+familia
| genotip\w* | genotyp\w* | alel[oe]s? | alleles? | cariotipo | karyotyp\w* | amniocentesis | nipt\b | tay[\s-]sachs | marfan | hemofili\w*
| haemophili\w* | hemophili\w* | duchenne | x\s+fragil | fragile\s+x | ehlers[\s-]danlos | factor\s+v\s+leiden | mthfr | hipercolesterolemia\s+familiar
| familial\s+hypercholesterol\w* | poliquistosis | (?:ancestry|dna|adn)\s+results? | whole\s+genome | genetista | geneticist
| runs\s+in\s+(?:his|her|their|the)\s+family | le\s+viene\s+de\s+familia | (?:lo\s+suyo\s+)?es\s+de\s+familia\b
| bad\s+genes | malos\s+genes | family\s+curse | maldicion\s+familiar | same\s+(?:thing|condition)\s+as\s+(?:his|her)\s+(?:mum|mom|dad|mother|father)
| lo\s+mismo\s+que\s+(?:su\s+)?(?:padre|madre)\s+(?:tuvo|tenia)
"""
_GENETIC_MUTATION = [(r"mutacion\w* | mutation\w*(?!\s+test)",
                      (r"gen\b | genes? | genetic\w* | brca\w* | padre | madre | familia | hered\w* | portador\w* | test | prueba | resultado\w*"
                      r" | cancer | positiv\w* | carrier | inherit\w* | family | mother | father | dad | mum | mom | sister | brother | hermana | hermano"))]
_GENETIC_NEAR = r"""
genome\s+browser | genetica\s+de\s+poblaciones | population\s+genetics | brand\s+dna | company'?s\s+dna
| in\s+our\s+dna | en\s+nuestro\s+adn | mutation\s+testing | graphql | redux | resolver
| (?:genom\w*|adn|dna|secuenci\w*|sequenc\w*)\s+(?:de\s+|del\s+|de\s+la\s+|of\s+|of\s+the\s+)?(?:\w+\s+)?(?:trigo|wheat|maiz|corn|maize|arroz|rice|soja|soy
  |plantas?|plants?|cultivos?|crops?|bacteri\w*|virus|viral|levaduras?|yeast|hongos?|fung\w*|tomates?|tomato\w*|vid|vines?|uvas?|grapes?|microb\w*|pathogen\w*|patogen\w*)\b
"""

# --- biometric -------------------------------------------------------------------------------
# Stop 36: a device or a bank that recognises the person's own trait with no preposition ("para
# que el banco reconozca su voz", "the laptop recognises her face"), and fingerprint minutiae (the
# points a fingerprint template is made of: "his fingerprint minutiae file"). sp38: a machine started or
# switched on with a print of the person's finger ("el coche arranca con su huella"), beside the doors it
# opens; starting it so is the person's act (``_BIOMETRIC_ACT``), as opening and unlocking are.
_BIO_BODY = r"(?:huellas?|dedo|thumb|pulgar|gait|iris|fingerprints?|face|faces|facial|rostro|retina|palm|palma|veins?|venas?|voz|voiceprint)"
_BIO_ENROL = (r"(?:template\w*|plantilla\w*|scan\w*|escane\w*|enrol\w*|registrad\w*|registered|stored|guardad\w*"
              r"|dad[oa]s?\s+de\s+alta|on\s+file|lector\w*|reader|matching|recognition|reconocimiento|embedding|sensor"
              r"|fichaje|torno|turnstile\w*|acceso|access|door|puerta|gate|biometri\w*|verification|verificacion"
              r"|sav(?:e|ed|es|ing)\b|kiosks?|quioscos?)")
_BIOMETRIC = r"""
voiceprint\w* | voice\s?id\b(?!\s+on) | huella\s+dactilar | huellas\s+dactilares | dactiloscop\w*
| retina\s+scan\w* | retinal | iris\s+(?:scan\w*|recognition|template) | escane\w*\s+(?:el|del|de\s+su|su)\s+(?:iris|retina|cara|rostro|huella|palma)
| palm\s+vein\w* | venas\s+de\s+la\s+palma | hand\s+geometry | geometria\s+de\s+(?:la|su|sus)\s+manos? | geometry\s+of\s+(?:the|her|his|their)\s+hands?
| (?:huellas?|fingerprints?|thumbprints?|faceprint|cara|rostro|face|voz|voice|iris)\s+(?:\w+\s+){0,2}?(?:que|that|which|she|he|they)\s+(?:\w+\s+){0,2}?(?:registr\w*|register(?:ed|s)?|enrol\w*|dio\s+de\s+alta|set\s+up|saved|guard\w*|grab\w*|recorded)\b
| (?:registered|enrolled|saved|stored|registrad[ao]s?|guardad[ao]s?)\s+(?:fingerprints?|thumbprints?|face|voice|huellas?|voz)\b
| signature\s+dynamics | firma\s+biometrica | face\s+(?:template|embedding|print|scan|enrol\w*)
| (?:her|his|their|su)\s+face\s+on\s+file | reconocimiento\s+facial | facial\s+recognition | plantilla\s+facial
| (?:plantilla|template)\s+(?:de\s+)?(?:la\s+)?(?:huella|voz|iris|retina|cara|rostro|facial|face|fingerprint)
| biometri\w*
| tom\w+\s+(?:las\s+)?huellas | fingerprinted | fingerprinting | facial\s+scan\w* | face\s+scan\w* | escaneo\s+facial | selfie\s+verification
| liveness\s+check | verificacion\s+facial | voice\s+biometric\w* | speaker\s+verification | keystroke\s+dynamics | firma\s+manuscrita\s+digitalizada
| (?:enrol\w*|scan\w*|escane\w*|registr\w*)\s+(?:\w+\s+){0,2}(?:iris|retina|face|rostro|cara|huellas?|fingerprints?|palm|palma|voz|voice)\b
| (?:iris|retina|face|rostro|facial|fingerprints?|huellas?|palm|palma)\s+(?:\w+\s+){0,2}(?:enrol\w*|registrad\w*|registered|stored|guardad\w*|scanned|escanead\w*)
| eye\s+scan\w* | escaner\s+de\s+(?:ojos|iris|retina|huella\w*) | lector\s+de\s+(?:huella|iris|retina|venas|palma)\w*
| (?:fingerprint|iris|retina|palm|vein|face)\s+(?:reader|scanner|sensor|terminal|kiosk)
| (?:ficha|fichar|clocks?\s+in|signs?\s+in|entra\w*|entro|opens?|abre|desbloque\w*|unlocks?|accede\w*)\s+(?:\w+\s+){0,5}(?:with|con)\s+(?:el\s+|la\s+|su\s+|his\s+|her\s+|their\s+)?(?:dedo|huella|finger\w*|thumb|cara|face|rostro|iris|ojo|eye|voz|voice|palma|palm)\b
| (?:arranca\w*|arranque|enciende\w*|encender|starts?|started|starting|turns?\s+on|powers?\s+on|ignition)\s+(?:\w+\s+){0,5}(?:with|con|by)\s+
  (?:(?:el\s+|la\s+|su\s+|his\s+|her\s+|their\s+|the\s+)?(?:huellas?|fingerprints?|thumbprints?)|(?:su|his|her|their)\s+(?:dedo|pulgar|thumb|finger))\b
| (?:su|his|her)\s+(?:cara|rostro|face|huella|voz|voice|iris)\s+(?:en|in|on)\s+(?:el|the)\s+(?:sistema|system|database|base|registro|file)
| (?:banco|bank|sistema|system|app|aplicacion|maquina|machine|telefono|phone|movil|lector|reader|software|kiosk|quiosco|aseguradora|insurer
  |plataforma|platform|puerta|door|torno|turnstile|cerradura|lock|ordenador|computer)\s+(?:\w+\s+){0,2}?(?:recono[cz]|identifi|verific|recogni[sz]|identif|verif|autentic|authentic)\w*\s+(?:\w+\s+){0,3}?(?:por|by|with|con|mediante|through)\s+(?:la\s+|el\s+|su\s+|sus\s+|his\s+|her\s+|their\s+|the\s+)?(?:voz|voice|cara|rostro|face|huellas?|fingerprints?|iris|retinas?|ojos|eyes|palma|palm|venas|veins|gait)\b
| (?:banco|bank|sistema|system|app|aplicacion|telefono|phone|movil|lector|reader|kiosk|quiosco|puerta|door|torno|turnstile|ordenador|computer|laptop|portatil)\s+(?:\w+\s+){0,2}?(?:recono[cz]|identifi|recogni[sz])\w*\s+(?:su|sus|his|her|their)\s+(?:voz|voice|cara|rostro|face|huellas?|fingerprints?|iris)\b
| minutiae | minucias\s+(?:dactilares|de\s+(?:la|su|sus)\s+huellas?)
| muestra\s+de\s+(?:voz|huella) | (?:voz|voice)\s+(?:de\s+llave|como\s+(?:llave|clave|contrasena)|as\s+(?:a\s+|the\s+|his\s+|her\s+)?(?:key|password))
| (?:pen|stylus|boligrafo)\s+(?:speed|pressure|velocidad|presion) | voice\s+sample | patron(?:es)?\s+de\s+(?:su|sus|la|las)\s+(?:huellas?|voz|iris|cara|rostro|retina) | (?:his|her|their)\s+(?:fingerprint|face|voice|iris)\s+(?:pattern|template)
"""
_BIOMETRIC_CONTEXT = [  # (body part, enrolment word) anywhere in the same note
    (rf"{_BIO_BODY}", _BIO_ENROL),
    # A selfie taken to be matched or verified against ("el 'selfie oficial' … the one they match
    # against later", a KYC selfie): a face photo kept as the person's template.
    (r"selfies?\b", r"match\w*|verif\w*|onboarding|kyc|identity|identidad|compar\w*|contrast\w*"),
]
_BIOMETRIC_NEAR = r"""
huella\s+de\s+carbono | carbon\s+footprint | huella\s+digital\s+(?:de\s+la|del)\s+(?:empresa|marca)
| fingerprint\s+of\s+the\s+(?:build|artifact|key|certificate|file|commit) | (?:build|artifact|key|certificate|cert|ssh|gpg|file|browser|device)\s+fingerprint
| face\s?id\s+on\s+(?:his|her|their)\s+phone | face\s?id\s+(?:en|on)\s+su\s+(?:movil|telefono|iphone)
| (?:working|works|trabaja)\s+(?:on|en)\s+(?:a\s+|the\s+|el\s+|un\s+)?(?:face|facial|reconocimiento|biometric)
| face[\s-]recognition\s+products? | retina\s+display | biometric\s+(?:login|unlock|authentication|sdk|feature|module|api)\b(?!\s+(?:data|template))
"""

# --- religion --------------------------------------------------------------------------------
_RELIGION = r"""
musulman\w* | muslim\w* | islam\w* | mezquita\w* | mosque\w* | ramadan | ramad\b | iftar | halal | eid\b
| hiyab | hijab | niqab | burka | imam\w* | coran\b | quran | koran | judi[oa]s? | jewish | jews?\b | judaism\w*
| sinagoga\w* | synagogue\w* | kosher | sabbat\w* | shabbat | shabat\b | sabbath | rabino | rabbi\w* | kipa | kippah
| yarmulke | bar\s+mitzvah | bat\s+mitzvah | yom\s+kip+ur | hanukkah | januca | passover | pesaj
| catolic[oa]s? | catholic\w* | evangelic\w* | evangelist\w* | protestant\w* | anglican\w* | baptist\w*
| bautista | mormon\w* | testigos?\s+de\s+jehova | jehovah\w* | adventist\w* | adventista | ortodox[oa]s?\s+(?:griego|ruso|copto)
| cristian[oa]s?\s+(?:practicante|evangelic\w*|devot[oa]|ortodox\w*) | (?:es|soy)\s+cristian[oa] | christians\b
| (?:a|is|as|devout|practising|practicing|evangelical|born[\s-]again)\s+christian\b | christianity | hindu\w* | diwali | templo\s+hindu | (?:the|al|el)\s+(?:hindu\s+|sikh\s+)?(?:temple|templo)\b
| jainis\w* | (?:is|es|as|being|she'?s|he'?s)\s+(?:an?\s+)?jain\b | jain\s+(?:meals?|food|diet|menus?|vegetarian|temples?|festival|community|faith|fasting|monks?|nuns?)\b | (?:comida|menu|dieta|templo|comunidad|fe)\s+jain\b
| sikh\w* | gurdwara | turbante | turban | budist\w* | buddhis\w* | budismo | meditacion\s+budista
| ateo | atea | ateismo | atheis\w* | agnostic\w* | humanist\w* | misa\b | goes\s+to\s+mass | attends\s+mass
| sunday\s+mass | to\s+mass\s+on | iglesia\w* | church(?:es)?\b | chapel | capilla | parroquia\w* | parish\w*
| cuaresma | (?:during|for|in)\s+lent\b | semana\s+santa\s+(?:en\s+la\s+)?(?:procesion|cofradia) | cofradia\w*
| procesion\w* | costaler\w* | nazareno | rezar\w* | reza\b | rezo\b | oracion\w* | prays\b | prayers?\b | oraciones
| bible\w* | biblia\w* | biblic\w* | gospel | evangelio | found\s+god | born\s+again | de\s+la\s+obra
| opus\s+dei | scientolog\w* | cienciolog\w* | sacerdote | priest\w* | monja | nun\b | pastor\s+(?:de\s+(?:la|una)\s+iglesia|of)
| (?:his|her|their|su)\s+(?:faith|fe\b|religion|religious|creencias) | creencias\s+religiosas | religious\s+(?:beliefs|reasons|holiday\w*|practice|observance)
| motivos\s+religiosos | (?:es|muy)\s+creyente | (?:not|no|isn'?t|wasn'?t|never)\s+(?:\w+\s+){0,2}(?:a\s+)?(?:believer|creyente)\b | no\s+cree\s+en\s+(?:nada|dios) | (?:doesn'?t|does\s+not)\s+believe\s+in\s+(?:god|anything) | devout | devot[oa]\b | practicante\b | practising | practicing\s+(?:muslim|catholic|jew|christian|hindu|sikh|buddhist)
| converti[do]\w*\s+al | convert\w*\s+to\s+(?:islam|judaism|catholicism|christianity|buddhism)
| fasts?\s+(?:during|for)\s | ayuna\w* | ayuno | peregrinacion\s+a\s+la\s+meca | hajj | umrah | comunion
| bautizo | baptism | catequesis | catechism | sunday\s+school | escuela\s+dominical | religios[oa]s?\b | religion\b | religious\b
| (?:space|room|place|somewhere|time|sitio|lugar|espacio|sala|hueco)\s+(?:\w+\s+)?(?:to|para)\s+(?:pray|rezar)\b | pray\w*\s+(?:five|5|three|3)\s+times | kirtan | pooja | guru\s+nanak | confesarse | se\s+confiesa | confession\b | rosary | novena | retiro\s+espiritual | spiritual\s+retreat
| vicar\w* | obispo | bishop | monje | monks?\b | convento | convent\b | monasterio | monastery | mision\s+mormona | missionar\w* | misioner\w*
| church\s+elder | deacon | diacono | catequista | muezzin | salat\b | wudu | zakat | mezuzah | tefillin | purim | rosh\s+hashanah
| sukkot | navratri | vaisakhi | kirpan | wicca\w* | paganis\w* | pagano | pagana | druid\w* | rastafari\w* | bahai\w* | quaker\w* | cuaquer\w* | amish
| coptic | copto | methodist\w* | metodista | presbyterian\w* | lutheran\w* | luteran[oa] | pentecostal\w* | hare\s+krishna | freethinker
| librepensador\w* | (?:cree|creen|creia)\s+en\s+dios | believ\w*\s+in\s+(?:a\s+)?god | peregrinacion | pilgrimage | headscarf | head\s+scarf
| panuelo\s+(?:islamico|en\s+la\s+cabeza) | capellan | chaplain\w* | miercoles\s+de\s+ceniza | ash\s+wednesday | adviento
| churchgoer\w* | church[\s-]going | muy\s+de\s+iglesia | de\s+misa\s+diaria | beata\b | meapilas | santurron\w* | chupacirios | bible[\s-]basher\w*
| god[\s-]fearing | god[\s-]botherer\w* | (?:man|woman|person)\s+of\s+faith | (?:persona|hombre|mujer)\s+de\s+fe\b
"""
_RELIGION_NEAR = r"""
religios[oa]\s+con\s+(?:los|las|el|la|sus) | religious\s+about | demo\s+gods | religious\s+experience | religioso\s+cumplimiento | church\s+of\s+the\s+(?:build|ci|pipeline)
| pray\s+(?:the|that)\s+(?:build|deploy|ci|tests)
| (?:sociology|history|philosophy|anthropology|psychology|studies|sociologia|historia|filosofia|antropologia|psicologia)\s+(?:of|de)\s+(?:the\s+|las?\s+)?religio\w* | comparative\s+religions?\b | religious\s+studies | religiones\s+comparadas | ciencias\s+de\s+las\s+religiones | vacaciones\s+de\s+semana\s+santa | easter\s+holidays?
"""

# --- politics --------------------------------------------------------------------------------
# Stop 36: handing out a party's or a candidate's leaflets ("hands out leaflets for the X party's
# campaign", "reparte folletos del partido"), read to the end of its clause: canvassing for a party
# is the person's own political act, whatever work noun follows (a campaign).
_PARTY_SURE = r"""
psoe | vox\b | junts | bildu | pnv | compromis\b | bng | mas\s+madrid | izquierda\s+unida | partido\s+popular
| partido\s+socialista | partido\s+comunista | tory | tories | snp\b | ukip | lib\s?dems? | liberal\s+democrats?
| green\s+party | labour\s+party | conservative\s+party | democratic\s+party | republican\s+party | maga\b
| sinn\s+fein | plaid\s+cymru | reform\s+uk | communist\s+party | socialist\s+party | extinction\s+rebellion
| falange\w* | carlist\w* | independentist\w* | separatist\w* | comunista\w* | communists? | socialista\w*
| socialists? | anarquista\w* | anarchists? | de\s+izquierdas | de\s+derechas | izquierdos\w* | facha(?!d|end)\w* | trumpist\w*
| trump\s+supporter | de\s+los\s+rojos | rojos\s+de\s+toda | votante\w* | political\s+(?:views|opinions|beliefs|leanings|activis\w*|affiliation)
| opiniones\s+politicas | ideas\s+politicas | ideologia | ideology | afinidad\s+politica | activista\s+(?:politic\w*|de)
| canvass\w* | card[\s-]carrying | party\s+member\w* | member\s+of\s+the\s+\w+\s+party | militante\w*\s+(?:de|del)
| campana\s+electoral | interventor[a]?\s+de | apoderad[oa]\s+de | concejal\w* | councillor
| running\s+for\s+(?:council|mayor|office|parliament|congress|senate) | candidat[oa]\s+(?:por|de\s+la\s+lista|a\s+la\s+alcaldia|al\s+ayuntamiento|en\s+las)
| candidate\s+for\s+(?:council|mayor|parliament|congress|senate) | mitin\w* | manifestaci\w*\s+(?:por|contra)\s+(?:la\s+independencia|el\s+gobierno|la\s+monarquia)
| campaign\w*\s+for\s+(?:the\s+)?(?:\w+\s+)?(?:party|candidate|labour|tories|democrats|republicans|senator|mayor|council|election|referendum|brexit|independence)
| pro[\s-]?(?:life|choice)\s+(?:activist|campaigner|march\w*) | (?:voto|vota|votara|votaria|votaba|votado|voted|votes)\s+(?:\w+\s+){0,5}(?:generales|elecciones|municipales|autonomicas|europeas|legislativas|presidenciales|parlamentarias|general\s+election|(?:presidential|parliamentary|legislative|local)\s+elections?|midterms|referendum|primaries|primarias)
| mas\s+pais | coalicion\s+canaria | teruel\s+existe | esquerra | alianza\s+catalana | upn\b | geroa\s+bai | chunta | brexit\s+party
| gop\b | democratic\s+socialists | afd\b | cdu\b | spd\b | die\s+linke | rassemblement\s+national | front\s+national
| france\s+insoumise | fratelli\s+d | syriza | fidesz | kirchner\w* | peronis\w* | chavista\w* | chavismo | uribista\w*
| bolsonarista\w* | frente\s+amplio | monarquic[oa]s? | monarquista\w* | nacionalista\w* | franquista\w* | neo[\s-]?nazi\w* | nazi\b
| fascist\w* | fascista\w* | marxist\w* | leninist\w* | trotskist\w* | libertarian\w* | libertari[oa]\b | progre\b
| (?:es|is)\s+(?:muy\s+|very\s+|bastante\s+|quite\s+)?(?:conservador\w*|conservative|progresista|progressive|republican[oa]?)\b(?!\s+(?:with|con|en|in|about|estimate))
| voted\s+(?:leave|remain) | vota\w*\s+(?:a\s+la\s+)?(?:izquierda|derecha) | leafleting | buzoneo | reparte\s+(?:propaganda|folletos)
| hand(?:s|ed|ing)?\s+out\s+(?:leaflets|flyers|pamphlets)\s+for\s+(?:the\s+|a\s+)?(?:\w+\s+){0,3}?(?:party|candidate)\b[^.,;]*
| reparte\w*\s+(?:propaganda|folletos|panfletos|octavillas)\s+(?:de|del|para)\s+(?:el\s+|la\s+|un\s+)?(?:\w+\s+){0,3}?(?:partido|candidat[oa])\b[^.,;]*
| joined\s+the\s+party | se\s+afilio\s+al\s+partido | carnet\s+del\s+partido | hustings | protest\w*\s+(?:against|contra)\s+(?:the\s+)?(?:government|gobierno|war|guerra)
| manifestaci\w*\s+(?:contra|por|de)\s+(?:el|la|los)\s+(?:gobierno|guerra|independencia|amnistia|monarquia) | (?:goes|went|va|fue)\s+a\s+(?:las|todas\s+las)\s+manifestaciones
| marched\s+(?:against|for|with) | referendum\s+de\s+independencia | independence\s+referendum
| lefty | leftie\w* | leftist\w* | right[\s-]winger\w* | left[\s-]winger\w* | far[\s-]right | far[\s-]left | extrema\s+(?:derecha|izquierda)
| ultraderech\w* | ultraizquierd\w* | (?:es\s+de|muy\s+de)\s+(?:izquierda|derecha)\b | centre[\s-]right | centre[\s-]left | centrista\w*
| vot\w*\s+(?:blue|red|azul|rojo)\b | true\s+blue | rosette | bleeding[\s-]heart | brexiteer\w* | remainer\w* | remoaner\w*
"""
_PARTY_AMBIGUOUS = r"(?:pp|dsa|podemos|sumar|cup|erc|ciudadanos|cs|labour|greens?|verdes|republicans?|democrats?|conservatives?|rojos?|liberals?)\b"
_POLITICAL_WORD = (r"(?:afiliad\w*|militan\w*|vot\w*|candidat\w*|interventor\w*|apoderad\w*|asamblea\w*|mitin\w*|concejal\w*"
                   r"|diputad\w*|simpatizante\w*|pegatina\w*|sticker\w*|carnet|sede|lista|cargo|registered|member\w*|supporter\w*"
                   r"|voter\w*|canvass\w*|campaign\w*|delegate\w*|councillor\w*|activist\w*)")
_POLITICS = rf"""
{_PARTY_SURE} | (?:voto|vota|votan|votara|votaria|votaba|votar|votado|voted|votes|vote|voting)\s+(?:for\s+|a\s+|al\s+|por\s+)?(?:the\s+)?{_PARTY_AMBIGUOUS} | {_POLITICAL_WORD}\s+(?:\w+\s+){{0,4}}(?:de|a|al|en|con|por|del|para|for|of|the|la|el)\s+{_PARTY_AMBIGUOUS}
| (?:registered|proud|lifelong|staunch)\s+{_PARTY_AMBIGUOUS} | {_PARTY_AMBIGUOUS}\s+(?:voter|member|councillor|supporter|activist|candidate|delegate|party)\w*
"""
_POLITICS_NEAR = r"""
vota\w*\s+en\s+la\s+encuesta | votes?\s+(?:in|on)\s+the\s+(?:poll|survey) | party\s+planning | political\s+map
| polling[\s-]analytics | election\s+night
"""

# --- trade union -----------------------------------------------------------------------------
_UNION_AMBIGUOUS = r"(?:unite|uso|lab|ela|cnt|cig|nea|aft|steilas|cobas)\b"
_UNION_WORD = r"(?:afiliad\w*|delegad\w*|member\w*|miembro|sindicato|union|rep|steward|lista|liberad\w*|joined|se\s+afilio)"
_TRADE_UNION = rf"""
(?<!hr\s)(?<!sales\s)(?<!account\s)(?<!customer\s)(?<!service\s)(?:the\s+)?(?:rep|representative|steward|delegad[oa]|representante)['"]?\s+(?:for|of|de)\s+(?:the\s+|los\s+|las\s+)?(?:\w+\s+)?(?:guys|lads|workers|staff|crew|colleagues|shop\s+floor|plantilla|trabajador[ae]s|companer[oa]s|operari[oa]s)\b
| (?:negotiat\w*|negocia\w*)\s+(?:their|the\s+workers'?|sus|las|los)\s+(?:\w+\s+)?(?:overtime|pay|wages|shifts|hours|conditions|horas\s+extra|salarios|sueldos|turnos|condiciones)\s+(?:with|con)\s+(?:the\s+|la\s+)?(?:management|bosses|company|direccion|empresa|jefes)
| sindicato\w* | sindical\w* | sindicalist\w* | ccoo | comisiones\s+obreras | ugt | cgt | csif | intersindical
| teamsters | unison\b | afl[\s-]?cio | seiu | uaw | usdaw | rmt | nuj | ucu | gmb | ig\s+metall | cfdt | cgil
| {_UNION_WORD}\s+(?:\w+\s+){{0,3}}(?:a|al|de|del|of|en|in|with)?\s*{_UNION_AMBIGUOUS}
| comite\s+de\s+empresa | delegad[oa]\s+de\s+personal | horas\s+sindicales | cuota\s+sindical
| de\s+huelga | hizo\s+huelga | hace\s+huelga | secund\w*\s+la\s+huelga | comite\s+de\s+huelga | piquete\w*
| picket\w* | on\s+strike | went\s+on\s+strike | strike\s+committee | (?:organised|organized|led|called)\s+(?:the\s+|a\s+)?strike
| trade\s+union\w* | labou?r\s+union\w* | union\s+(?:member\w*|rep\w*|steward|dues|card|meeting\w*|newsletter|official
  |organi[sz]er\w*|activit\w*|activist\w*|branch|leader\w*|delegate\w*|fees|subscription) | shop\s+steward
| (?:the|his|her|their|a|joined\s+the|joined\s+a|in\s+the|with\s+the)\s+union\b(?!\s+(?:of|all|type|by|query|queries|operator|find|jack))
| unionis\w* | unioniz\w* | carrying\s+a\s+card | collective\s+bargaining | negociacion\s+colectiva
| teachers'?\s+(?:federation|union)
| walkout | work[\s-]to[\s-]rule | huelga\s+de\s+celo | industrial\s+action | sindicad[oa] | credito\s+horario | representante\s+de\s+los\s+trabajadores
| workers'?\s+rep\w* | works\s+council | satse | csi[\s-]?f | solidaridad\s+obrera | jupol | nasuwt | \bneu\b | rcn\b | cwu\b | fbu\b
| sag[\s-]aftra | afscme | ibew | ufcw | \biww\b | wobblies | huelga\s+general | general\s+strike
| paid[\s-]up\s+member | out\s+on\s+strike | pays\s+(?:\w+\s+)?dues | paga\s+(?:la\s+)?cuota\s+(?:del\s+sindicato|sindical) | strike\s+fund | caja\s+de\s+resistencia
| workers'?\s+committee | comite\s+de\s+trabajadores | (?:joined|se\s+sumo\s+a|secundo|hizo)\s+(?:la|the)\s+(?:huelga|strike) | delegad[oa]\s+de\s+prevencion
| branch\s+secretary | convenor
"""
_TRADE_UNION_NEAR = r"""
union\s+of\s+the | european\s+union | union\s+europea | credit\s+union | student\s+union | soviet\s+union
| sindicato\s+de\s+(?:inquilin[oa]s|vivienda|estudiantes) | (?:tenants|renters)'?\s+union | (?:negocia\w*|negotiat\w*)\s+(?:contra|against)\s+(?:el|los|the)\s+(?:sindicato|union)
| sindicato\s+de\s+datos | data\s+(?:union|syndicate) | huelga\s+de\s+(?:metro|transporte|taxis|renfe|trenes|autobuses|controladores|pilotos)
| (?:metro|tube|train|trains|bus|buses|transport|rail|taxi|taxis|renfe|air\s+traffic|controllers|drivers|pilots)\s+(?:\w+\s+){0,3}(?:on\s+)?strikes?
| (?:historia|history|sociologia|sociology|origenes|origins)\s+(?:del?|of)\s+(?:the\s+|los\s+|las\s+)?(?:sindicalismo|sindicatos|movimiento\s+obrero|trade\s+unions?|unionism|labou?r\s+movement)
"""

# --- sex life / orientation ------------------------------------------------------------------
_SEX = r"""
gay\w* | lesbian\w* | bisexual\w* | homosexual\w* | heterosexual\w* | pansexual\w* | asexual\w* | queer\w*
| lgbt\w* | lgtb\w* | (?:es|soy|openly|is|she'?s|he'?s)\s+bi\b | transgender\w* | transexual\w* | transsexual\w*
| (?:mujer|hombre|chica|chico)\s+trans\b | (?:is|she'?s|he'?s|es|soy|they'?re)\s+trans\b | trans\s+(?:woman|man|women|men|person) | no\s+binari\w* | non[\s-]?binary
| pride\s+(?:parade|march|month|float) | (?:at|to|for)\s+pride\b | orgullo\s+(?:gay|lgt\w*) | (?:marcha|desfile)\s+del\s+orgullo
| coming[\s-]+out\s+(?:to|as|story) | (?:about|her|his|their)\s+coming[\s-]+out | (?:came|comes)\s+out\s+(?:to\s+(?:her|his|their)\s+
  (?:parents|family|mum|mom|dad|mother|father|team|colleagues|friends)|as\s+(?:gay|lesbian|bi|trans|queer|non))
| salir\s+del\s+armario | sali[oa]\s+del\s+armario | in\s+the\s+closet | en\s+el\s+armario | grindr | tinder | bumble\b
| scruff | dating\s+apps? | hook[\s-]?up\s+apps? | apps?\s+de\s+(?:citas|ligar)
| open\s+relationship(?!\s+with\s+(?:the\s+|her\s+|his\s+|its\s+|their\s+|our\s+)?(?:clients?|customers?|press|media|team|staff|employees|management|boss|investors|suppliers|board|regulators?)) | relacion\s+abierta | poliamor\w* | polyamor\w*
| swinger\w* | intercambio\s+de\s+parejas | sex\s+life | vida\s+sexual | sexual\s+(?:orientation|partner\w*|health)
| orientacion\s+sexual | one[\s-]night\s+stand | bats\s+for\s+the\s+other\s+team | plays\s+for\s+the\s+other\s+team
| acera\s+de\s+enfrente | la\s+otra\s+acera | (?:sale|salia|sali[oa])\s+con\s+(?:chicos\s+y\s+chicas|chicas\s+y\s+chicos|hombres\s+y\s+mujeres|mujeres\s+y\s+hombres)
| dates?\s+(?:both\s+)?(?:men\s+and\s+women|women\s+and\s+men) | he\s+and\s+his\s+(?:boyfriend|husband) | his\s+(?:husband|boyfriend)\b
| her\s+(?:wife|girlfriend|fiancee)\b | she\s+and\s+her\s+(?:wife|girlfriend)
| closeted | transicion\s+de\s+genero | gender\s+transition | his\s+fiance\b | casad[oa]\s+con\s+(?:otro\s+hombre|otra\s+mujer)
| he'?s\s+married\s+to\s+a\s+man | she'?s\s+married\s+to\s+a\s+woman | porn\w* | onlyfans | bdsm | fetish\w*
| affair\s+with | has\s+an\s+affair | having\s+an\s+affair | cheating\s+on\s+(?:his|her) | infidelidad | es\s+infiel | le\s+pone\s+los\s+cuernos
| hook[\s-]?ups\b | hooking\s+up\s+with | ligues?\b | liga\s+mucho | celibat\w* | celibe | chemsex | tiene\s+pluma | maricon\w* | marica\b | bollera\w*
| tortillera\w* | dyke\w* | swings\s+both\s+ways | plays\s+for\s+both\s+teams | batea\s+para\s+(?:los\s+dos|ambos) | friend\s+of\s+dorothy
| (?:bats|batting|batea|plays|playing|juega)\s+(?:for|para|en)\s+(?:the\s+other|el\s+otro)\s+(?:team|side|equipo|bando) | cascara\s+amarga
| confirmed\s+bachelor | light\s+in\s+the\s+loafers | special\s+friend | le\s+(?:gustan|van)\s+(?:los\s+|las\s+)?(?:hombres|tios|chicos|mujeres|tias|chicas)\b
| into\s+(?:men|women|guys|girls)\b
| (?:ella|una\s+mujer)\s+y\s+su\s+(?:novia|esposa|mujer|prometida) | el\s+y\s+su\s+(?:novio|marido|esposo|prometido)
| (?:apps?|aplicacion\w*|webs?|paginas?|sites?|clubs?|fiestas?|parties|party)\s+(?:de|for)\s+(?:sexo|sex)\b | sex\s+(?:apps?|clubs?|parties|party)\b
| clubs?\s+(?:de\s+)?(?:parejas|swingers?|intercambio) | couples'?\s+clubs?
"""

# --- race / ethnicity ------------------------------------------------------------------------
_RACE = r"""
etnia\w* | etnic[oa]s?\b | ethnicity | ethnic\s+(?:origin|background|minority|group|identity)
| (?:his|her|their|su)\s+(?:ethnic\w*|race|raza|origen\s+etnico) | origen\s+(?:etnico|racial) | de\s+raza\b | racial\w*
| racism\w* | racist\w* | racismo | racista\w* | gitan[oa]s?\b | gypsy | gipsy | romani\b | romanies | romanichal
| (?:is|she'?s|he'?s|es|being|as\s+an?|identifies\s+as)\s+roma\b | roma\s+(?:family|community|heritage|origin|woman|man) | travellers?\s+(?:community|family|heritage)
| irish\s+traveller\w* | calo\b | sinti\b | afrodescendient\w* | afro[\s-]?(?:american|americana|americano|caribbean|latin\w*|descendant\w*|colombian\w*|cuban\w*)
| african[\s-]american | black\s+(?:british|african|caribbean|american|woman|man|women|men|employees?|staff|heritage|community|colleagues?|family)
| (?:is|identifies\s+as|as\s+a|she'?s|he'?s)\s+black\b | (?:es|persona|gente|hombre|mujer|chic[oa])\s+'?de\s+color\b | people\s+of\s+colou?r
| person\s+of\s+colou?r | bame\b | mixed[\s-]race | mixed\s+(?:heritage|background|ethnicity) | being\s+'?mixed\b | biracial
| mestiz[oa]\w* | mulat[oa]\w* | (?:hombre|mujer|chic[oa]|persona|gente|senor[a]?)\s+negr[oa]s?\b | (?:es|is|she'?s|he'?s|as|identifies\s+as)\s+(?:latino|latina|latinx|hispana|hispano)\b | (?:latino|latina|latinx)\s+(?:heritage|community|employees|woman|man|background|family)
| hispanic\w* | latinx | asian\b | asiatic[oa]\w* | aborigen\w* | aboriginal\w* | indigena\w* | indigenous | first\s+nations
| native\s+american\w* | maori\w* | sami\b | saami | inuit\w* | mapuche\w* | quechua\w* | aymara\w* | guarani\w* | bereber\w*
| berber\w* | amazigh\w* | kurd[oa]s?\b | kurdish | kurds?\b | white\s+british | white\s+european | caucasic[oa] | caucasian
| blanc[oa]\s+(?:caucasic[oa]|europe[oa]) | diversity\s+form | formulario\s+de\s+diversidad
| (?:mum|mom|dad|mother|father|madre|padre)\s+is\s+\w+,\s+(?:mum|mom|dad|mother|father)\s+is
| torres\s+strait | pacific\s+islander\w* | polynesian | uyghur\w* | uigur\w* | tamil\w* | hmong | xhosa | yoruba | igbo\b | hausa
| fulani | ashanti | asante\b | zulu\b | maasai | kikuyu | wolof | tutsi | hutu\b | tuareg\w* | chechen\w* | checheno\w* | tatar\w* | metis\b | chican[oa]\w* | payo\b | (?:of|de)\s+\w+\s+(?:descent|heritage|ancestry)
| ascendencia\s+\w+ | colou?r\s+de\s+(?:su\s+)?piel | skin\s+colou?r | tono\s+de\s+piel | (?:es|is|she'?s|he'?s)\s+(?:arabe|arab)\b
| diversity\s+(?:survey|data|monitoring) | encuesta\s+de\s+diversidad | equal\s+opportunities\s+(?:form|monitoring)
| gitan\w* | sudaca\w* | negrata\w* | paki\b | pakis\b | half[\s-]caste | coloured\b | colored\s+(?:man|woman|people|person)
"""
_RACE_NEAR = r"""
black[\s-]box | black\s+friday | whitepaper\s+on\s+ethnic | ethnic\s+diversity\s+in\s+the | comida\s+etnica
| ethnic\s+(?:food|cuisine|restaurant) | (?:perr|gat|galg|cachorr|mascot|dog|pupp)\w*\b[^.;]{0,40}\bmestiz[oa]s?\b | restaurante\s+etnico | ropa\s+de\s+color | latin\s+america | asian\s+(?:market|suppliers|cuisine|food)
"""

# --- criminal (Art. 10) ----------------------------------------------------------------------
# Stop 36: a sentence suspended ("suspended sentence", "condena suspendida", "suspensión de
# condena": a conviction, its enforcement deferred), and the person named as the defendant of a
# case ("as the defendant", "comparece como investigada").
_CRIMINAL = r"""
(?:well\s+|already\s+)?known\s+to\s+(?:the\s+)?police | conocid[oa]\s+(?:de\s+sobra\s+)?(?:por|para)\s+la\s+policia | fichad[oa]\s+por\s+la\s+policia
| antecedentes\s+(?:penales|policiales|por) | criminal\s+(?:record|records|past|conviction\w*|charges?|history|case|offen[cs]e\w*)
| records?\s+for\s+(?:theft|assault|fraud|burglary|drugs?|shoplifting) | convicted | conviction\s+for
| (?:criminal|prior|previous|fraud|drug|assault|theft|dui|drink[\s-]driving|his|her|their|a)\s+conviction\w*
| condenad[oa]s?\s+(?:por|en\s+\d|a\s+\d|a\s+(?:\w+\s+)?(?:anos|meses|prision|carcel|pena)) | (?:fue|ha\s+sido|esta|estuvo)\s+condenad[oa]
| condena\s+(?:por|de\s+\d) | cumpli\w*\s+(?:la\s+|su\s+)?(?:pena|condena) | served\s+time | served\s+a\s+(?:\w+\s+)?sentence
| \d+\s+(?:months|years|meses|anos)\s+(?:in|at|en)\s+(?:prison|jail|hmp|la\s+carcel|prision) | sentenced | sentencia\s+(?:por|firme)
| prision\b | carcel | jail\b | jailed | prison\b | prisons | imprison\w* | inmate | recluso | preso\b | presa\s+en | ex[\s-]?con\b
| exconvict\w* | ex[\s-]?presidiari\w* | presidiari\w* | hmp\b | been\s+inside | a\s+la\s+sombra | trullo | talego | chirona | did\s+time
| probation | libertad\s+condicional | (?:agente|oficial|funcionari[oa]|tecnic[oa])\s+de\s+(?:la\s+)?(?:condicional|libertad\s+vigilada) | libertad\s+vigilada | parole\w* | tercer\s+grado | pulsera\s+(?:telematica|electronica)
| electronic(?:ally)?\s+tag\w* | on\s+(?:a|an\s+electronic)\s+tag\b | curfew\s+tag | ankle\s+(?:monitor|tag) | tobillera | orden\s+de\s+(?:alejamiento|proteccion) | restraining\s+order
| firma\w*\s+en\s+el\s+juzgado | (?:en|al|del)\s+juzgado | juzgado\s+de | court\s+(?:date|hearing|appearance|case|order)
| on\s+trial\s+for | stand\w*\s+trial | awaiting\s+trial | juicio\s+(?:penal|por|oral) | arrest\w* | arrestad[oa] | detenid[oa]\s+(?:por|en|el|la|hace)
| charged\s+with\s+(?:assault|theft|fraud|murder|possession|drink|drunk|dui|battery|robbery|burglary|harassment|stalking|manslaughter|a\s+crime|an\s+offen[cs]e)
| (?:esta|fue|ha\s+sido|sigue)\s+imputad[oa] | imputad[oa]\s+(?:por|en\s+(?:un|una|el|la)\s+(?:caso|causa))
| (?:esta|fue|ha\s+sido|sigue)\s+investigad[oa]\s+(?:en|por)\b | investigad[oa]\s+en\s+(?:un|una|el|la)\s+(?:caso|causa|sumario)
| acusad[oa]\s+de\s+(?:robo|agresion|fraude|estafa|violencia|trafico|homicidio|abuso|acoso|lesiones)
| investigad[oa]\s+por\s+la\s+(?:policia|guardia\s+civil|fiscalia) | delito\w* | (?:criminal|driving|drug|sexual|violent|public\s+order|previous|prior)\s+offen[cs]es?
| offender\w* | felon\w* | felony | misdemeanou?r\w* | dui\b | dwi\b | drink[\s-]driving | drunk[\s-]driving
| conducir\s+(?:ebrio|borracho|bebido) | alcoholemia | (?:sentenced|ordered)\s+to\s+(?:\d+\s+hours\s+of\s+)?community\s+service
| hours\s+of\s+community\s+service | trabajos\s+en\s+beneficio\s+de\s+la\s+comunidad | police\s+caution | dbs\s+(?:caution|check\s+(?:flagged|showed))
| cautioned\s+by | fichad[oa]\s+por\s+la\s+policia | trafico\s+de\s+drogas | drug\s+(?:trafficking|dealing|possession)
| assault\s+charge | fraud\s+(?:conviction|charge\w*) | sex\s+offender | delincuent\w*
| has\s+a\s+(?:police\s+|criminal\s+)?record(?=\s*(?:[.,;]|and\b|$)) | tiene\s+antecedentes | mugshot | ficha\s+policial | bajo\s+fianza
| on\s+bail | out\s+on\s+bail | released\s+on\s+bail | reformatorio | juvenile\s+detention | centro\s+de\s+menores | borstal | young\s+offender
| suspended\s+sentence | condena\s+(?:\w+\s+)?(?:suspendida|en\s+suspenso) | suspension\s+de\s+(?:la\s+)?condena
| as\s+(?:the\s+)?(?:defendant|accused)\b | (?:comparece|declara|va|acude|sentad[oa])\s+(?:\w+\s+){0,3}?como\s+(?:acusad[oa]|investigad[oa]|imputad[oa]|procesad[oa])\b
| behind\s+bars | entre\s+rejas | in\s+the\s+nick | did\s+bird | doing\s+bird | reinsercion | reinsertion | the\s+accused | denunciad[oa]\s+por
| banned\s+from\s+driving | violencia\s+de\s+genero | domestic\s+violence | maltrato | hurto | shoplift\w* | robo\s+con\s+(?:fuerza|violencia|intimidacion)
| cargos\s+pendientes | causa\s+pendiente | pending\s+(?:criminal\s+)?charges? | juicio\s+pendiente | trial\s+date | magistrates'?\s+court
| crown\s+court | juzgado\s+de\s+guardia | indultad\w* | pardoned | convict\b | convicts
| did\s+a\s+stretch | doing\s+a\s+stretch | did\s+porridge | majesty'?s\s+pleasure | went\s+down\s+for | problemas\s+con\s+la\s+(?:justicia|ley|policia)
| trouble\s+with\s+the\s+(?:law|police) | run[\s-]ins?\s+with\s+the\s+(?:law|police) | brush\s+with\s+the\s+law | debt\s+to\s+society | deuda\s+con\s+la\s+sociedad
| esta\s+fichad[oa] | trena\b | lleva\s+(?:la\s+)?pulsera\b(?!\s+de\s+actividad) | comisaria\s+cada | firmar\s+en\s+(?:la\s+)?comisaria
| report\w*\s+to\s+(?:the\s+)?police\s+station
"""
# A place of worship (or a festival, a music style) named alone reveals nothing about the person:
# "delivers furniture to the new mosque", "the venue is the old Methodist hall", "el paquete va a
# nombre de la Parroquia". It does with an act of theirs in the same string: going there
# (``goes to the mosque``, ``va a la sinagoga``, ``sale a la mezquita``), belonging (``muy de la
# parroquia``, ``her church``, ``member of``), a service, or a weekly habit (``every Friday``, ``los
# viernes``), or the day of its service as the purpose (``la sinagoga para el sábado``, eighteenth
# round). Doubtful stays special: any other religious word in the string, or any of these
# acts, and the rule fires as before.
_RELIGION_WEAK = r"""
mezquita\w* | mosque\w* | sinagoga\w* | synagogue\w* | iglesia\w* | church(?:es)? | chapel | capilla | parroquia\w*
| parish\w* | gurdwara | templo\s+hindu | (?:the|al|el)\s+(?:hindu\s+|sikh\s+)?(?:temple|templo) | methodist\w* | metodista
| gospel | eid
"""
# A venue: a wedding, a funeral, a visit or a tour in a church, an old or historic church, a church
# hall rented or booked. It clears the places (``_RELIGION_WEAK``) even with an act near ("visits old
# churches every weekend"), and nothing else: "client is catholic and wants the wedding in a church"
# stays special (as a near-miss phrase it cleared the whole string).
_RELIGION_VENUE = r"""
(?:wedding|boda|funeral|visit\w*|visita\w*|tour\w*|book|libro|medieval|gothic|gotic[oa]|romanesque|romanic[oa]|historic\w*|old|antigua)\s+(?:\w+\s+){0,3}(?:churches|church|iglesias?|catedral\w*|cathedral\w*|chapel|capilla)
| (?:book\w*|rent\w*|hire\w*|alquil\w*|reserv\w*|run\s+out\s+of|held\s+(?:in|at)|based\s+(?:in|at))\s+(?:[\w.']+\s+){0,3}(?:(?:church|parish|chapel)(?:'s)?\s+hall|(?:salon|sala)\s+(?:parroquial|de\s+la\s+(?:parroquia|iglesia)))
"""
_RELIGION_ACT = r"""
(?:go|goes|going|went|gone|attend\w*|walks?|drives?|takes?\s+\w+)\s+to\s+(?:the\s+|a\s+|his\s+|her\s+|their\s+)?(?:\w+\s+){0,3}?(?:mosque|synagogue|church|chapel|parish|temple|gurdwara)
| (?:va|van|iba|ir|fue|acude\w*|asiste\w*|sale|salen|vamos|voy)\s+(?:a|al)\s+(?:la\s+|su\s+)?(?:\w+\s+){0,2}?(?:mezquita|sinagoga|iglesia|capilla|parroquia|templo|misa)
| (?:muy|mucho)\s+de\s+(?:la|su)\s+(?:iglesia|parroquia|mezquita|sinagoga|capilla) | de\s+la\s+iglesia\b
| (?:his|her|their|su|sus)\s+(?:\w+\s+)?(?:mosque|synagogue|church|chapel|parish|temple|congregation|mezquita|sinagoga|iglesia|capilla|parroquia|templo|congregacion)
| member\w*\s+of | miembro\w*\s+de | feligres\w* | parishioner\w* | congregation | congregacion | fieles
| (?:cerca\s+de|near|close\s+to|next\s+to|junto\s+a|al\s+lado\s+de|a\s+poca\s+distancia\s+de|walking\s+distance\s+(?:of|to|from))\s+(?:una?|an?|some|algun[oa]?)\s+(?:\w+\s+)?(?:mezquita|sinagoga|iglesia|capilla|parroquia|templo|gurdwara|mosque|synagogue|church|chapel|parish|temple)
| liturgi\w* | service\b | servicio\s+religioso | culto\b | sermon | worship\w* | pray\w* | praying | rezar\w* | reza\b | misa\b | mass\b | oficio\b | choir\s+at
| every\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week) | on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)
| (?:cada|todos\s+los)\s+(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)s? | los\s+(?:viernes|sabados|domingos)
| each\s+(?:friday|saturday|sunday) | weekly | semanal\w* | \w*born\s*again
| (?:para|for)\s+(?:el|the)\s+(?:sabado|viernes|domingo|shabbat|sabbath|sabat)\b | for\s+(?:shabbat|sabbath|friday\s+prayers?|jumu'?ah)
"""

# Biometric technology named without an act of the person reveals nothing about them: a tender for
# biometric turnstiles, a talk on facial recognition, a company that makes fingerprint sensors, the
# vendor contracts for iris kiosks, spy films with retina scanners. Every biometric word is weak
# (``_BIOMETRIC_WEAK``): in a string of five words or more the rule fires only with an act of
# enrolment or use in the same string (``_BIOMETRIC_ACT``): the trait taken, registered, stored or
# on file (``registramos su huella``, ``enrolled``, ``dado de alta``, ``on file``), someone's trait
# (``su plantilla``, ``her face``, ``de Nuria``… by a possessive or a clitic: ``le tomaron``,
# ``le escanearon``), or the trait used to get in or be verified (``ficha con``, ``opens``,
# ``verificación``, ``sin tarjeta``; since the eighteenth round a login, a match, no visitor pass). Doubtful stays special: any of these words and the rule fires
# as before, and a short string (a key, a terse note) always does.
_BIOMETRIC_WEAK = r"[\s\S]+"
_BIOMETRIC_ACT = r"""
enrol\w* | registr\w* | register(?:ed|s|ing)?\b | stored | stores | guardad\w* | guardo\b | guarda\b | guardamos | almacenad\w* | custodi\w* | holds?\b | hold\s+(?:a|his|her)
| (?:dad[oa]s?|da|dio|dimos)\s+de\s+alta | on\s+(?:file|record) | (?:en|in|into)\s+(?:el|the)\s+(?:sistema|system|database|base\s+de\s+datos)
| captur\w* | scanned | escanead\w* | escaneamos | escanearon | escaneo\s+de\s+(?:iris|retina|huella\w*|cara|rostro|palma|venas)\s+de
| digitaliz\w* | cargad\w* | loaded | plantilla\w* | templates? | voiceprint\w* | faceprint\w* | uploaded | subi\w* | grabad\w* | grab[oa]\b | grabaron | grabamos | recorded | record\s+(?:his|her) | measured | midio
| (?:su|sus|his|her|their|my|mi|mis)\s+(?:\w+\s+){0,2}(?:huella\w*|face\w*|cara|rostro|iris|retina|voz|voice\w*|finger\w*|thumbs?|pulgar|dedo\w*|indice|palm\w*|palma
  |plantilla\w*|template\w*|patron|pattern|escaneo|scan|firma|signature|eyes?|ojos?|mano|hands?|venas|veins)
| (?:le|la|lo|les)\s+(?:\w+\s+)?(?:tom\w+|escane\w*|registr\w*|grab\w*|hicieron|hicimos|sacamos|sacaron|pasaron|pasamos|recono[cz]\w*|identific\w*|abre|deja|verific\w*)
| (?:recognis|recogniz|identif|verif)\w*\s+(?:him|her|them|you)\b | (?:de|of|for)\s+(?:mr|mrs|ms|miss|sr|sra|don|dona|dr)\b
| clocks?\s+in | desbloque\w* | accede\w* | fichaje | (?:lets?|buzz\w*|logs?|logged|logging)\s+(?:\w+\s+)?in\b | ficha\b | fichar\b | fichad[oa] | entra(?:r|ra|ran|ria|rian|ba|ban|n|mos)?\b | entro\b | opens?\b | abre\b | unlock\w* | log\w*\s+in | badges?\s+in | signs?\s+in
| (?:arranca\w*|arranque|enciende\w*|starts?|started|turns?\s+on|powers?\s+on)\s+(?:\w+\s+){0,3}?(?:con|with|by)\b
| acceso | access | verif\w* | autentic\w* | authentic\w* | pasa\s+sin | sin\s+(?:tarjeta|badge|pin|contrasena) | without\s+(?:a\s+)?(?:badge|card|pin)
| no\s+(?:badge|card|pin)\b | (?:no|doesn'?t|does\s+not)\s+(?:necesita|need)\s+(?:\w+\s+)?(?:tarjeta|badge|card|pin)
| (?:for|para)\s+(?:the\s+|her\s+|his\s+|their\s+|el\s+|la\s+|su\s+)?(?:new\s+|nuevo\s+|nueva\s+)?(?:visa|visado|pasaporte|passport|dni|residence\s+(?:visa|permit)|permiso\s+de\s+residencia)\b
| log[\s-]?ins?\b | logins?\b | match\w* | (?:no|sin)\s+(?:visitor\s+)?(?:pass|pase)\b(?!\s+(?:de|for|to)\b) | sav(?:e|ed|es|ing)\b | en\s+el\s+lector | on\s+the\s+reader | metid[oa] | (?:we|they|i)\s+took | tomamos | tomaron | keyed\s+to | linked\s+to | ya\s+(?:no|pasa|entra|puede) | (?:uses?|usa|using)\s+(?:it|la|lo)\b | instead\s+of
"""

_CRIMINAL_NEAR = r"""
criminal[\s-]law | derecho\s+penal | criminal\s+lawyer | abogad[oa]\s+penalista | prison\s+break | prisoner'?s\s+dilemma | jailbreak
| cardiac\s+arrest
"""

LEXICON_SOURCES = [
    ("health", _HEALTH_CONDITIONS, _HEALTH_NEAR, []),
    ("genetic", _GENETIC, _GENETIC_NEAR, _GENETIC_MUTATION),
    ("biometric", _BIOMETRIC, _BIOMETRIC_NEAR, _BIOMETRIC_CONTEXT),
    ("religion", _RELIGION, _RELIGION_NEAR, []),
    ("politics", _POLITICS, _POLITICS_NEAR, []),
    ("trade_union", _TRADE_UNION, _TRADE_UNION_NEAR, []),
    ("sex_life_orientation", _SEX, None, []),
    ("race_ethnicity", _RACE, _RACE_NEAR, []),
    ("criminal", _CRIMINAL, _CRIMINAL_NEAR, []),
]


def _weak(words: str) -> re.Pattern[str]:
    """A whole-word alternation, for ``re.fullmatch`` on a matched word."""
    return re.compile(r"(?:" + "".join(words.split()) + r")")


#: Per category, (weak words, the act of the person they need, a venue that clears them): see ``Rule.weak``.
_WEAK_ACT = {
    "religion": (_weak(_RELIGION_WEAK), _re(_RELIGION_ACT), _re(_RELIGION_VENUE)),
    "biometric": (_weak(_BIOMETRIC_WEAK), _re(_BIOMETRIC_ACT), None),
}


def _compile() -> list[Rule]:
    rules: list[Rule] = []
    for label, words, near, contexts in LEXICON_SOURCES:
        near = "|".join(part for part in (near, NEAR[label]) if part and part.strip())
        unless = _re(near) if near else None
        weak, act, venue = _WEAK_ACT.get(label, (None, None, None))
        rules.append(Rule(label, f"lexicon.{label}", _re(words), None, unless, weak, act, venue))
        rules.append(Rule(label, f"lexicon.{label}.form", _re(MORE[label]), None, unless, weak, act, venue))
        for index, (trigger, needs) in enumerate(contexts):
            rules.append(Rule(label, f"lexicon.{label}.context{index}", _re(trigger), _re(needs), unless, weak, act, venue))
        # the indirect form (special_indirect): each class is itself an act of the person (taking
        # part, unlocking, paying, canvassing), so the weak words' need of one does not apply
        for name, trigger, needs in INDIRECT.get(label, []):
            rules.append(Rule(label, f"lexicon.{label}.indirect.{name}", _re(trigger), _re(needs) if needs else None, unless))
    return rules


#: The lexical rules, in the order they are tried.
RULES: tuple[Rule, ...] = tuple(_compile())

# --- a man with a husband, a woman with a girlfriend (Spanish has no gendered "su") ---------------
_MALE_NAMES = ["andres", "javier", "luis", "carlos", "jose", "juan", "antonio", "manuel", "david", "daniel", "pablo", "sergio", "jorge", "alberto", "alejandro", "miguel", "rafael", "fernando", "pedro", "alvaro", "diego", "adrian", "ivan", "raul", "ruben", "oscar", "victor", "marcos", "mario", "hugo", "tom", "james", "john", "mark", "ben", "paul", "peter", "michael", "david", "chris", "matt", "sam", "jack", "harry", "george", "oliver", "thomas", "william"]
_FEMALE_NAMES = ["lucia", "maria", "carmen", "ana", "laura", "marta", "elena", "sara", "paula", "isabel", "cristina", "raquel", "beatriz", "silvia", "patricia", "rocio", "nuria", "alba", "irene", "julia", "claudia", "andrea", "eva", "pilar", "teresa", "rosa", "sofia", "clara", "ines", "monica", "emma", "olivia", "sophie", "sarah", "anna", "kate", "lucy", "amy", "hannah", "jessica", "emily", "rachel", "laura", "claire", "helen", "megan"]


class _DatingSameSex:
    """Dating someone named only by sex, after a first name of the same sex within 80 characters
    ("Carmen … ahora sale con una chica de Bilbao", "Tom is dating a guy from work"): the partner need
    not be named (sixteenth round). The dating phrase is looked for first and the name only before it,
    so a note without one costs a single scan (the write path runs this on every string)."""

    _DATING = r"(?:sale|salia|esta\s+saliendo|anda|se\s+ve)\s+con|is\s+dating|dating|dates|is\s+seeing|going\s+out\s+with|goes\s+out\s+with"

    def __init__(self, names: list[str], partner: str) -> None:
        self._act = re.compile(rf"\b(?:{self._DATING})\s+(?:{partner})\b")
        self._name = re.compile(rf"\b(?:{'|'.join(names)})\b")

    def search(self, text: str) -> re.Match[str] | None:
        for act in self._act.finditer(text):
            if self._name.search(text, max(0, act.start() - 80), act.start()):
                return act
        return None


SAME_SEX_PARTNER = (
    # An honorific gives the person's sex as a given name does (stop 37: "El Sr. Molina firma el lunes y
    # luego se va de viaje con su marido"); ``don`` is also an English verb, so not before an article; not ``doña``
    # either ("dona" is a verb: "dona sangre con su mujer").
    re.compile(r"\b(?:don|sr|senor|mr)\b\.?\s+(?!(?:a|an|the|his|her|their|un|una)\b)[a-z]+\b.{0,80}\b(?:su|sus)\s+(?:marido|esposo|novio|prometido)\b"),
    re.compile(r"\b(?:sra|senora|mrs|ms)\b\.?\s+[a-z]+\b.{0,80}\b(?:su|sus)\s+(?:mujer|esposa|novia|prometida)\b"),
    re.compile(rf"\b(?:{'|'.join(_MALE_NAMES)})\b.{{0,80}}\b(?:su|sus)\s+(?:marido|esposo|novio|prometido)\b"),
    re.compile(rf"\b(?:{'|'.join(_FEMALE_NAMES)})\b.{{0,80}}\b(?:su|sus)\s+(?:mujer|esposa|novia|prometida)\b"),
    re.compile(rf"\b(?:{'|'.join(_MALE_NAMES)})\b.{{0,60}}\b(?:boda|casa|caso|casara|wedding|married|marries|marrying)"
               rf"\s+(?:con|to|with)\s+(?:{'|'.join(_MALE_NAMES)})\b"),
    re.compile(rf"\b(?:{'|'.join(_FEMALE_NAMES)})\b.{{0,60}}\b(?:boda|casa|caso|casara|wedding|married|marries|marrying)"
               rf"\s+(?:con|to|with)\s+(?:{'|'.join(_FEMALE_NAMES)})\b"),
    re.compile(r"\b(?:vive|casad[oa])\s+con\s+(?:su\s+)?(?:mujer|marido)\b.{0,40}\b(?:lesbian\w*|gay)"),
    _DatingSameSex(_MALE_NAMES, r"un\s+(?:chico|hombre|tio|muchacho)|a\s+(?:guy|man|boy|bloke)"),
    _DatingSameSex(_FEMALE_NAMES, r"una\s+(?:chica|mujer|tia|muchacha)|a\s+(?:girl|woman|lady)"),
)
