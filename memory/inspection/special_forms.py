"""Structural additions to the special-category lexicon (issue 15, second round): the *shapes* in
which people reveal a special category, and the frames in which a sensitive word is about a job,
an object or a name rather than about the person. Written against the development authors'
misses and false positives by structure (a frame, a body part with an enrolment act, a hyphenated
heritage, a party with a membership act), never by copying a note. Read by
``memory.inspection.special_lexicon``; every pattern reads the inspection form (ASCII, lower
case, accents removed).
"""

from __future__ import annotations

import re

from memory.inspection.special_scenes import scene_spans

# --- frames: the sensitive word names a job, a product, a book, a name, a place ----------------
#: A clause ends at punctuation or at a conjunction: a frame governs only its own clause.
_CLAUSE_END = re.compile(
    r"[.;:!?,()\[\]\"]|\b(?:porque|because|aunque|although|pero|but|since|ya\s+que|mientras|while|desde\s+que"
    r"|cuando|when|y|and|que|who|which|donde|where|so|asi\s+que|por|due\s+to|debido\s+a|because\s+of|tras|after)\b")
#: Words that make what follows an object of work, trade, study or naming ("sells insurance to
#: churches", "trabaja de contable en el hospital", "a thesis on trade union law", "her surname
#: is Black"), when they stand at most ``_FRAME_WORDS`` words before the match in its clause.
_FRAME = re.compile(
    r"\b(?:(?<!no\s)trabaj\w*\s+(?:como|de|en|para)|works?\s+(?:as|at|for|in)|working\s+(?:as|at|for|in)|employed\s+(?:as|at|by)"
    r"|vende\w*|vendi\w*|sells?|selling|sold|install\w*|instala\w*|distribu\w*|supplies|suministr\w*|(?<!la\s)(?<!una\s)(?<!esa\s)(?<!esta\s)(?<!su\s)(?<!sus\s)(?<!las\s)fabric(?:a|an|aba|aban|o|aron|ante|antes)\b|manufactur\w*"
    r"|translat\w*|traduc\w*|localis\w*|localiz\w*|novel\w*|thriller|libro|thesis|tesis|dissertation|curso"
    r"|articulo|article|podcast|documental|documentary|pelicula|leaflet|folleto|prospecto|brochure"
    r"|(?:talk|charla|ponencia|conferencia|keynote|lecture|presentation|presentacion|seminar|seminario|webinar"
    r"|exposicion|exhibition|exhibit)\s+(?:\w+\s+){0,3}?(?:on|about|sobre)"
    # Archiving as a trade or a collection, not the archive room as a place someone goes into
    # ("para entrar al archivo", "in the archive").
    r"|(?<!\bal\s)(?<!\bthe\s)archiv\w*|colecciona\w*|retablo|tfm|tfg|phd|doctorado|master'?s?\s+thesis"
    # A written work's topic ("reviewing the chapter on trade unions", "un informe sobre el voto
    # rural"): the work and its "on"/"sobre" are required, since a chapter is also a party's or a
    # union's local branch and editing a group's newsletter is taking part in it.
    # A proposal, a grant bid, a brief or a guide is the same kind of written work ("a grant proposal
    # on diabetes prevention", "una propuesta sobre salud mental en la escuela").
    r"|(?:chapters?|capitulos?|textbooks?|essays?|ensayos?|manual|paper|report|informe|proposals?|propuestas?|briefs?"
    r"|whitepapers?|white\s+papers?|guides?|guias?|handbooks?|slides|deck|memoria|policy\s+papers?)\s+(?:\w+\s+){0,2}?(?:on|about|sobre)"
    r"|design\w*|disen\w*|restor\w*|restaur(?!ante?s?\b)\w*|architect\w*|arquitect\w*|brand\w*|packaging|audit\w*"
    r"|resell\w*|revend\w*|stock|proveedor\w*|supplier\w*|consults?\s+for|asesora\s+a|cubr\w*\s+(?:el|la|los|las)"
    r"|covers?\s+(?:the|a)|covering|fotograf\w*|photograph\w*|reportaj\w*|escrib\w*\s+(?:una|un|sobre)|(?:writes?|wrote|written|writing)\s+(?:a|an|about)"
    # A story, a show or a game: what a character, a series or a film is about is not the person's
    # ("la novela donde el protagonista tiene cáncer", "her favourite character is the Māori
    # detective", "los subtítulos de una serie sobre una pareja de lesbianas", "su personaje es un
    # ladrón", "pelis de espías con escáneres de retina").
    r"|series?|serie|pelis?|peliculas?|films?|movies?|sitcom|telenovela\w*|culebron\w*|videojuego\w*|video\s?games?"
    r"|personajes?|characters?|protagonist\w*|villain\w*|villano\w*|partida\s+de\s+rol|role[\s-]?play\w*|rpg|subtitul\w*|subtitles?"
    r"|(?:lleva|llevo|llevaba|runs?|ran|handles?|does|did|hace|hizo)\s+(?:(?:el|la|the|all\s+the|toda\s+la)\s+)?(?:marketing|comunicacion|communications?|prensa|press|pr|redes\s+sociales|social\s+media)\b"
    r"|practicas\s+como|internship|preguntas\s+sobre|questions\s+about|encuesta|survey|cuestionario|questionnaire"
    # A service done for a client, a guided tour or a wedding organised as a trade ("does the
    # bookkeeping for a parish", "organiza bodas gitanas"); teaching a subject is ``_TEACHES``.
    r"|(?:does|did|do|doing)\s+(?:the|all\s+the)\s+(?:bookkeeping|books|accounts|accounting|payroll|cleaning|catering|website|it|taxes)\s+for"
    r"|lleva\w*\s+(?:la\s+contabilidad|las\s+cuentas|la\s+limpieza|la\s+web|las\s+nominas)"
    r"|organi[sz]\w*\s+(?:las\s+|los\s+|the\s+)?(?:visitas\s+guiadas|guided\s+tours|tours|rutas\s+guiadas|bodas|weddings)"
    r"|(?:outside|external)\s+counsel\s+(?:for|to)|abogad[oa]\s+extern[oa]\s+(?:de|del|para)"
    r"|(?:es|is\s+an?|trabaja\s+de|works\s+as\s+an?)\s+(?:enfermer[oa]|nurse|medic[oa]|doctor|celador[a]?|auxiliar"
    r"|recepcionista|receptionist|porter)(?:\s+\w+){0,3}?\s+(?:en|at|in|de|del|on)"
    # An animal has it ("su perro toma antibióticos", "Kevin's dog has diabetes") — not an
    # assistance animal, which says something about its owner ("su perro guía", "guide dog"), and
    # not a dog merely near the word ("walks her dog before dialysis").
    r"|(?:su|sus|el|la|los|las|his|her|their|the|my|mi|\w+'s)\s+(?:(?!(?:service|guide|assistance|therapy|seeing|alert"
    r"|support)\b)\w+\s+)?(?:perr[oa]s?|gat[oa]s?|dogs?|cats?|pupp(?:y|ies)"
    r"|cachorr[oa]s?|mascotas?|pets?|caballos?|horses?|yeguas?|galg[oa]s?)\b(?!\s+(?:guia|guide|de\s+asistencia|de\s+terapia"
    r"|lazarillo|de\s+servicio|de\s+alerta)\b)\s+(?:has|had|have|is|was|got|takes|took|needs|suffers|tiene|tenia|tuvo|toma|tomo"
    r"|necesita|esta|sufre|padece|es|era|fue))\b")
#: Between a frame and the word, the person's own (a talk about her own depression, un libro sobre su
#: propio cáncer): the frame then clears nothing.
_OWN = re.compile(r"\b(?:own|propi[oa]s?|herself|himself|themselves|si\s+mism[oa]|(?:her|his|their|su|sus)\s+(?:experience"
                  r"|experiencia|journey|story|historia|life|vida|struggle|lucha|battle|diagnos\w*))\b")
#: Names and places: at most three words before the match ("el apellido Gitano", "restaurante El
#: Convento", "calle del Sindicato", "her surname is Black").
_NAME_FRAME = re.compile(r"\b(?:surname|apellido|last\s+name|calle|street|avenida|avenue|plaza|restaurante|restaurant"
                         r"|hotel|bar|catering|bakery|panaderia)\b")
_FRAME_WORDS = 7
#: A preposition of place after the name word: what follows is another place, not the name ("a hotel
#: near the oncology day unit", "un bar cerca del sindicato"), stop 37.
_NEAR_PLACE = re.compile(r"\b(?:near|nearby|beside|opposite|next|close|by|cerca|junto|frente|enfrente|al\s+lado)\b")
#: The health professions, when the person *is* one ("es fisioterapeuta del club") — not when they
#: see one ("va al psicólogo").
_PROFESSION = re.compile(
    r"(?:fisioterapeut|physiotherapist|physio\b|terapeut|therapist|psicolog[oa]|psychologist|psiquiatra|psychiatrist"
    r"|enfermer[oa]|nurse|medic[oa]|doctor|cirujan[oa]|surgeon|farmaceutic[oa]|pharmacist|oncolog[oa]|oncologist"
    r"|genetic\s+counsell?or|consejer[oa]\s+genetic[oa]|genetista|geneticist)")
_IS_A = re.compile(r"(?:\b(?:es|is|soy|trabaja\s+(?:como|de)|works\s+as|as)\s+|'s\s*)(?:an?\s+|un[a]?\s+)?(?:\w+\s+)?$")


#: A quoted metaphor: "calls the style guide 'the bible'", "the billing code is 'a cancer'" — a
#: sensitive word opening a quotation after a naming verb, or after "is 'a …".
#: An apostrophe right after a letter is a possessive or a contraction ("the bank's", "she's"), not
#: an opening quote: "wants calls, when the bank's voiceprint…" is no quoted metaphor.
_OPENS_QUOTE = re.compile(r"(?:(?<![a-z])['‘]|[\"“])\s*(?:\w+\s+)?$")
_NAMING = re.compile(r"\b(?:llama\w*|calls?|called|apoda\w*|nicknam\w*|bautiz\w*\s+como)\b"
                     r"(?!\s+(?:herself|himself|themselves|a\s+si\s+mism[oa]))")
_IS_QUOTED_A = re.compile(r"\b(?:is|es|son|are)\s+['\"‘“]\s*(?:a|an|la|el|un|una|the)\s+$")
#: Stop 37: the same with a possessive opening the quotation and the match ("el ciclismo es 'su
#: religión'", "work is 'his religion'"): what the thing is to the person, not their belief.
_IS_QUOTED_HER = re.compile(r"\b(?:is|es|son|are)\s+['\"‘“]\s*$")
_OPENS_POSSESSIVE = re.compile(r"(?:su|sus|his|her|their|my|mi)\s")


#: A quoted name right after what it names: a pet, a room, a venue, a team ("his cat 'Convict'", "el bar
#: 'La Acera de Enfrente'", "la sala \"Sindicato\"", "el gimnasio 'Templo del Fitness'"): the word is the
#: name, not the person's.
_NAMED = re.compile(r"\b(?:perr[oa]|gat[oa]|dog|cat|pet|mascota|caballo|horse|bar|pub|cafe|cafeteria|sala|room|gimnasio|gym"
                    r"|club|tienda|shop|store|barco|boat|banda|band|grupo|equipo|team|local|salon|hall|restaurante|restaurant)"
                    r"\s+(?:(?:called|named|llamad[oa])\s+)?['\"‘“]\s*(?:\w+\s+){0,2}$")


#: The person's part as an outside supplier, after the match in its clause ("lleva la comunicación
#: de una federación sindical como proveedora externa", "advises a union as an outside consultant",
#: with the trade named before it: "as an events contractor", "as the catering supplier").
_OUTSIDE_ROLE = re.compile(r"\b(?:como|as\s+an?|as\s+the)\s+(?:(?:outside|external|freelance)\s+)?(?:[a-z]+\s+)?(?:proveedor[a]?|supplier|vendor"
                           r"|contractor|contratista|consultor[a]?|consultant|asesor[a]?\s+extern[oa]|counsel|freelance|autonom[oa])"
                           r"(?:\s+extern[oa])?\b")


#: Teaching a subject ("teaches comparative religion", "da clases de historia de los pueblos
#: indígenas", "gives classes in the prison"); not teaching a faith itself (catechism, Sunday school,
#: the Bible), which says something about the teacher. Not "enseñar", also "to show" ("nos enseñó
#: su perfil"). Read across the match, so the faith can be seen after the verb.
_TEACHES = re.compile(
    r"\b(?:teach(?:es|ing)?|taught|lectures?\s+in|imparte|impartir|profesor[a]?\s+de|(?:da|dar|dando|daba)\s+clases?\s+(?:de|en))\b"
    r"(?!\s+(?:(?:the|la|el|los|las|a|an)\s+)?(?:religion|catequesis|catechism|sunday|bible|biblia|torah|tora|coran|quran"
    r"|escuela\s+dominical)\b)")


def in_frame(text: str, start: int) -> bool:
    """Whether the match starting at ``start`` is governed by a work/object/name frame in its
    own clause (see ``_FRAME``; an outside supplier's role after it, ``_OUTSIDE_ROLE``), is a
    quoted metaphor, or is a health profession the person holds."""
    after = _CLAUSE_END.search(text, start + 1)
    if _OUTSIDE_ROLE.search(text, start, after.start() if after else len(text)):
        return True
    window = text[max(0, start - 80):start]
    if _IS_QUOTED_A.search(window) or _IS_QUOTED_HER.search(window) and _OPENS_POSSESSIVE.match(text, start):
        return True
    ends = list(_CLAUSE_END.finditer(window))
    clause = window[ends[-1].end():] if ends else window
    if _OPENS_QUOTE.search(window[-16:]) and _NAMING.search(window[-60:]) or _NAMED.search(window):
        return True
    words = clause.split()
    near = " ".join(words[-_FRAME_WORDS:]) + " " if words else ""
    teaches = _TEACHES.search(near + text[start:start + 40])
    if teaches and teaches.start() < len(near) and not _OWN.search(near, teaches.end()):
        return True
    frame = _FRAME.search(near)
    last = " ".join(words[-3:])
    named = _NAME_FRAME.search(last)
    if frame and not _OWN.search(near, frame.end()) or named and not _NEAR_PLACE.search(last, named.end()):
        return True
    return bool(_PROFESSION.match(text, start) and _IS_A.search(window))


# --- per category: near misses (clear a category for the whole string) -------------------------
NEAR = {
    "health": r"""
gave\s+(?:him|her|me|them|us)\s+a\s+heart\s+attack | (?:me|le|nos)\s+(?:dio|da|va\s+a\s+dar)\s+un\s+infarto\s+(?:de\s+)?(?:alegria|risa)
| de\s+baja\s+de\s+(?:la\s+|el\s+|los\s+|las\s+)?(?:liga|club|gimnasio|gym|equipo|asociacion|suscripcion|lista|newsletter|curso|coro)
| first[\s-]aid\s+course | curso\s+de\s+primeros\s+auxilios | prosthe\w*\s+dent\w* | protesis\s+dental\w* | in\s+a\s+good\s+way
""",
    "genetic": r"""
(?:de|del|for|of|in)\s+(?:(?:el|la|the|his|her|their|su)\s+)?(?:ganado|cattle|livestock|dogs?|perr[oa]s?|gat[oa]s?|cats?|mascotas?|pets?|caballos?|horses?|plants|plantas|crops|cultivos)\b | paternity\s+leave | baja\s+(?:de|por)\s+paternidad
| permiso\s+de\s+paternidad | esta\s+de\s+paternidad | on\s+paternity
| lleva\w*\s+en\s+los\s+genes | in\s+(?:his|her|their|my|our)\s+genes\b(?!\s+tests?)
""",
    "biometric": r"""
biometric\s+passports? | pasaportes?\s+biometric\w* | (?:cameras?|camaras?|readers?|lectores?|scanners?)\s+(?:\w+\s+){0,2}(?:para|for|in|en)\s+(?:oficinas|offices|stadiums|estadios|clients|clientes|tiendas|shops)
""",
    "religion": r"""
evangelist\w*\s+(?:de|of|for)\s | (?:es|is)\s+(?:su|my|mi|his|her|la|the)\s+(?:biblia|bible) | la\s+biblia\s+del?\s+(?:la\s+|el\s+|los\s+|las\s+)?(?!dios|jesus|cristo)\w
| (?:halal|kosher)\s*,?\s+(?:\w+\s+)?(?:y|and|or|o)\s+(?:vegan|vegetarian|vegano|vegetariano|sin\s+gluten|gluten)
""",
    "politics": r"",
    "trade_union": r"""
(?:en\s+nombre|en\s+representacion)\s+de\s+la\s+(?:direccion|empresa|patronal) | (?:on\s+behalf\s+of|representing)\s+(?:the\s+)?(?:management|company|employers?)
| union\s+law | derecho\s+sindical
| (?:negocia\w*|negotiat\w*)\s+(?:\w+\s+){0,4}?(?:con|with)\s+(?:el|la|los|las|the)\s+(?:sindicatos?|unions?|comite\s+de\s+empresa|works\s+council|representantes\s+de\s+los\s+trabajadores|delegad[oa]s\s+sindicales|shop\s+stewards)\b
""",
    "sex_life_orientation": r"""
(?:salir|sale|salio|saca\w*)\s+del\s+armario\s+de\s | armario\s+de\s+(?:la|el)\s+(?:sala|cocina|oficina|material|limpieza)
""",
    "race_ethnicity": r"",
    "criminal": r"""
(?:es|is\s+an?|trabaja\s+como|works\s+as\s+an?)\s+(?:\w+\s+)?(?:juez|jueza|judge|fiscal|prosecutor|abogad[oa]|lawyer|solicitor|barrister
  |magistrad[oa]|magistrate|prison\s+officer|guard|carcelero)\b | parole\s+board\s+(?:member|officer) | (?:from|at|for|on|of)\s+the\s+parole\s+board | legal\s+thriller
""",
}

# --- per category: more shapes of revealing it --------------------------------------------------
#: Politics, thirteenth round (grammatical frames, each seen with two or more authors): support
#: given to a party named by an ambiguous name (``dona a Podemos``: the donation frame now takes
#: the names ``_PARTY_AMBIGUOUS`` only takes after a political word); a party organ *of* the party
#: (``la agrupación local del PP``, ``la lista del partido``, ``una marcha del partido``, ``the
#: Greens' local slate``; ``partido`` is also a match, so not before a sport or a weekday); a
#: political symbol worn (a party's badge or pin, the yellow ribbon, ``indepe``).
#: Race or ethnicity, thirteenth round: a heritage label after an article (``as a Latina``, ``es una
#: chicana``); ``afro-`` joined to any demonym, with or without spaces around the hyphen
#: (``afroperuana``, ``afro - caribbean``; not a music or a hairstyle); the Traveller families;
#: a diaspora self-label in a frame of identity (``proudly Desi``, ``es boricua``; ``Desi`` alone
#: is also a first name).
#: Biometric, thirteenth round: a device that recognises the person by a trait of theirs (``su
#: móvil la reconoce por la cara``, ``the laptop knows her by her face``); a device is required in
#: the clause, so a doorman who knows someone by sight is no finding.
#: Fourteenth round (each a frame seen with two or more spent authors, the sixteenth directory's
#: M13 among them). Biometric: a finger or a face left with a device (``deja el índice en el reloj``),
#: fingers taken for an identity document or a border (a purpose is required in the clause: a ring
#: size is no finding), the person's own enrolment (``da de alta su plantilla`` before a biometric
#: qualifier: ``plantilla`` is also a staff), a device that learns or stores the person's trait.
#: Health: medication the person collects (``retira sus recetas``, ``collects her prescription``; not
#: a coffee refill), the hospital pharmacy, an ailment adjective before an organ or ``lo suyo``
#: (``delicada del corazón``), an organ's ``thing`` (``the lung thing``). Trade union: dues paid to a union named by an ambiguous
#: acronym (not ``uso``, a usage fee). Ethnicity: the Roma self-name ``calé`` after a verb of being
#: or a group noun (``cale`` is also a verb form).
#: Eighteenth round (the remaining misses of every spent author, T20 and U21 most). Criminal: a
#: judge's permission or sign-off the person needs (not a court's approval of a deal), conditional or
#: supervised release and release on licence, criminal proceedings pending (``pendiente de lo
#: penal``, ``una causa penal``), and leaving or doing time in a prison named by its own name (a short
#: gazetteer of prisons whose name is not mainly a town's or a district's; an act is required).
#: Religion: tithing; finding, accepting or giving one's life to God, the Lord or Christ. Politics: an
#: independence movement named by its nation, or as a movement, campaign or cause (not "values her
#: independence"); a party's meetings, assemblies and committees (``reunión del partido``; not a
#: match); a campaign office, rally or convention of a party named by an ambiguous name (not the
#: lower-case "green campaign"). Health: slang for a psychiatrist seen (``ha vuelto al loquero``,
#: ``sees a shrink``; not "es un loquero", a chaotic place, nor a retailer's stock shrink). Biometric:
#: an eye, a face, a finger or a voice as a login, an eyeball photographed or scanned, identification
#: by a behavioural trait (typing, walking: ``el banco le reconoce por su forma de teclear``).
MORE = {
    "health": r"""
phased\s+return | anti[\s-]?depres\w*
| (?:esta|is|she'?s)\s+(?:ya\s+)?de\s+\d{1,2}\s+semanas | \d{1,2}\s+weeks\s+(?:pregnant|along) | off\s+the\s+(?:sauce|booze|drink)\b
| (?:dejo|dejado|ha\s+dejado)\s+(?:la\s+bebida|el\s+alcohol|de\s+beber) | cosas\s+de\s+la\s+cabeza | (?:mal|fatal)\s+de\s+la\s+cabeza
| (?:delicad[oa]s?|malit[oa]s?|pachuch[oa]s?|fastidiad[oa]s?|regular|tocad[oa]s?)\s+(?:de\s+salud|de\s+lo\s+suyo|del?\s+(?:la\s+)?(?:corazon|estomago|pecho|rinon|rinones
  |higado|pulmon|pulmones|espalda|nervios|azucar|tension|tiroides|prostata))\b
| (?:the|her|his|their|that)\s+(?:heart|kidney|liver|lung|bowel|bladder|thyroid|prostate)\s+(?:thing|stuff|business)\b
| (?:picks?\s+up|picked\s+up|collects?|collected|recoge\w*|retira\w*)\s+(?:cada\s+mes\s+|every\s+month\s+)?(?:his|her|their|su|sus)\s+
  (?:(?!(?:coffee|cafe|water|agua|ink|tinta|printer|pen|boli|drink)\b)\w+\s+){0,2}?(?:refills?|prescriptions?|dispensaci\w*|recetas?|medicacion|medication|meds|medicin\w*|medicamentos?)\b
| farmacia\s+(?:hospitalaria|del\s+hospital) | hospital\s+pharmacy
| (?:al|del|su|el|sus|los)\s+loquer[oa]s?\b(?!\s+de\b) | (?:sees?|seeing|saw|visits?|visiting|went\s+to|goes\s+to|going\s+to|talks?\s+to|talking\s+to)\s+(?:a|the|his|her|their)\s+shrink\b
| (?:his|her|their)\s+(?:new\s+|old\s+)?shrink\b(?!\s+(?:wrap|film|rate|costs?|budget|sales|numbers))
""",
    "genetic": r"""
inherit\w*\s+(?:the|a)\s+(?:bad|faulty|broken|wrong)\s+(?:copy|gene|version) | farmacogenet\w* | pharmacogenet\w* | metabolizador\w* | slow\s+metaboli[sz]er
| paternit\w* | paternidad | consejer[oa]\s+genetic[oa] | asesor[a]?\s+genetic[oa] | cheek\s+swab | (?:spit|saliva)\s+(?:test|kit|sample) | (?:test|prueba)\s+de\s+saliva | frotis\s+bucal
| (?:the|los|sus|his|her|their)\s+genes\b | genes\s+(?:de|of)\s+(?:toda\s+)?(?:la|the|su|his|her)\s+famil\w* | screening\s+famil\w*
| family\s+screening | same\s+(?:genetic\s+)?marker | not\s+(?:really\s+)?(?:his|her)\s+(?:dad|father|mum|mother)'?s?
| no\s+es\s+(?:hij[oa]\s+)?(?:de\s+su|su)\s+(?:padre|madre)\s+biologic\w*
""",
    "biometric": r"""
(?:fichad[oa]|ficha|fichar|entra|registrad[oa])\s+(?:por|con)\s+(?:la|su)\s+cara | gait\s+(?:profile|analysis|recognition|signature) | (?:his|her|their)\s+eyes'?\s+in\s+the\s+system
| (?:ojo|eye|iris|retina|cara|face|rostro|dedo|dedito|thumb|pulgar|index|indice|finger\w*|huella\w*|palma|palm)\b
  (?:\s+\w+){0,3}\s+(?:on\s+record|on\s+file|registrad\w*|registered|capturad\w*|captured|enrolled|en\s+el\s+lector|on\s+the\s+reader)
| (?:registr\w*|captur\w*|escane\w*|scann\w*)\s+(?:\w+\s+){0,4}(?:del\s+|de\s+la\s+|the\s+)?
  (?:ojo|eye|iris|retina|cara|face|rostro|dedo|thumb|pulgar|finger\w*|huella\w*|palma|palm|trazo)\b
| foto\s+del\s+(?:ojo|iris) | photo\s+of\s+(?:his|her|their)\s+(?:eye|iris)
| (?:mapa|map|modelo|model)\s+3d\s+de\s+(?:la|su)\s+cara | 3d\s+(?:map|model)\s+of\s+(?:his|her|their)\s+face | hand\s+shape | finger\s+lengths?
| (?:presion|pressure)\s+y\s+(?:el\s+)?ritmo\s+del\s+trazo | dinamica\s+del\s+trazo | ritmo\s+del\s+trazo | pen\s+pressure | stroke\s+dynamics
| (?:movil|telefono|portatil|ordenador|tablet\w*|iphone|android|app|camara|sistema|puerta|torno|tornos|lector|banco)\b[^.;]{0,60}
  \b(?:la|le|lo|me|te|nos|les|los|las)\s+(?:\w+\s+)?(?:reconoce\w*|identifica\w*)\s+(?:por|con)\s+(?:la|el|su|sus|los)\s+(?:cara|rostro|huella\w*|voz|iris|ojos?|dedos?)\b
| (?:phone|laptop|tablet|app|camera|system|door|gate|turnstile|bank)\b[^.;]{0,60}\b(?:recogni[sz]es?|knows|identifies)\s+(?:him|her|them)\s+(?:by|from)\s+(?:his|her|their)\s+(?:face|voice|fingerprints?|eyes?|iris)\b
| my\s+voice\s+is\s+my\s+password | (?:his|her|their|su)\s+(?:new\s+|nueva\s+)?(?:voice\s+(?:passphrase|pass\s+phrase|password|passcode)s?\b|(?:frase|contrasena|clave)\s+de\s+voz)
| (?:re-?)?record\w*\s+(?:his|her|their)\s+voice\s+(?:\w+\s+){0,2}(?:with|for|at)\s+(?:the|his|her|their)\s+(?:bank|app|system|helpline|phone\s+line) | (?:log\w*\s+in|entra|accede|unlock\w*|opens?)\s+(?:\w+\s+){0,3}(?:just\s+)?by\s+(?:talking|speaking|saying)
| (?:voz|voice)\s+(?:\w+\s+){0,2}(?:grabada|recorded|registrada|registered)\s+(?:\w+\s+){0,3}(?:log\w*\s+in|entrar|acceder|verif\w*|unlock\w*|so\s+she|so\s+he|para\s+que)
| (?:el\s+sistema|the\s+system|la\s+camara|the\s+camera|el\s+lector|the\s+reader|the\s+scanner)\s+(?:\w+\s+){0,2}(?:reconoce|recognises|recognizes)
| (?:put|puts|pone|puso|meti\w*)\s+(?:her|his|su|el|la)?\s*(?:right\s+|left\s+|derech[oa]\s+|izquierd[oa]\s+)?(?:index|thumb|finger|dedo|dedito|indice|pulgar|mano|hand|palm|palma)
  \s+(?:\w+\s+){0,3}(?:on|en)\s+(?:the|el|la)\s+(?:reader|lector|scanner|sensor|pad)
| (?:dej\w*|left|leaves)\s+['"‘“]?\s*(?:el|la|su|her|his|the)\s+(?:dedo|dedito|huella|finger|thumb|pulgar|indice|index|mano|hand|palma|palm|cara|face)['"’”]?
  \s+(?:\w+\s+){0,2}(?:en|on|in)\s+(?:the|el|la)\s+(?:reader|lector|scanner|escaner|sensor|pad|maquina|machine|reloj|clock|terminal|fichador\w*)
| (?:dad[oa]|da|dio|dimos|dar|darse)\s+de\s+alta\s+(?:su|sus)\s+plantilla(?=\s+(?:de\s+)?(?:reconocimiento|biometric|facial|de\s+(?:la\s+)?(?:huella|voz|cara|iris)))
| (?:phone|iphone|laptop|tablet|app|camera|movil|telefono|portatil|ordenador|camara)\b[^.;]{0,40}?\b(?:learn\w*|aprend\w*|memori[sz]\w*|guard\w*|save[sd]?|stores?|scan\w*|escane\w*|lea|lee\w*|read\w*)
  \s+['"‘“]?\s*(?:his|her|their|su|sus)\s+(?:face|cara|rostro|voice|voz|fingerprints?|huellas?|iris|ojos|eyes)\b
| (?:his|her|their|su|sus)\s+['"‘“]?\s*(?:eye|eyeball|iris|retina|face|finger|thumb|palm|voice)s?\s+(?:log[\s-]?ins?|logins?)\b | eyeballs?\s+(?:photo|picture|pic|scan\w*|check|id)\b | (?:photo|picture|foto)\s+(?:of|de)\s+(?:his|her|their|su|sus)\s+eyeballs?
| (?:forma|manera|modo|ritmo|patron)\s+de\s+(?:teclear|tecleo|escribir\s+en\s+el\s+teclado|andar|caminar)\b(?=[^.;]{0,40}\b(?:recono[cz]|identifi|verific|bloque|autentic))
| (?:recono[cz]\w*|identifi\w*|verific\w*|autentic\w*)\s+(?:\w+\s+){0,3}?(?:por|con)\s+(?:su|la|el)\s+(?:forma|manera|modo|ritmo|patron)\s+de\s+(?:teclear|tecleo|escribir|andar|caminar)
| (?:recogni[sz]\w*|identif\w*|verif\w*|authenticat\w*|knows?)\s+(?:\w+\s+){0,3}?by\s+(?:the\s+way\s+(?:she|he|they)\s+(?:types?|walks?)|(?:his|her|their)\s+(?:typing|keystrokes?|gait|walk))
| (?:typing|keystroke)\s+(?:rhythm|pattern|cadence|biometric\w*|profile)s?\b
| (?:took|tak(?:e|es|en|ing)|giv(?:e|es|en|ing)|gave|provid\w*|submit\w*)\s+(?:(?:his|her|their|my|all|ten|the|both|a\s+set\s+of)\s+){0,3}fingerprints\b
| fingerprints\s+(?:were\s+|was\s+|got\s+|have\s+been\s+|had\s+been\s+)?taken\b
| (?:tom\w+|sac\w+|escane\w*|took|taken|takes?|scann\w*|gave|given|dio|dado)\b[^.;]{0,30}?\b(?:dedos|yemas|fingertips|fingers|thumbs|fingerprints|huellas)\b
  (?=[^.;]{0,60}\b(?:visa|visado|pasaporte|passport|dni|nie|tie|frontera|border|aduana|customs|immigration|inmigracion|extranjeria|residencia|residence|consulado|consulate|embajada|embassy|fichar|fichaje)\b)
""",
    "religion": r"""
communion\b | comulga\w* | eucarist\w*
| kingdom\s+hall | salon\s+del\s+reino | found\s+(?:the\s+lord|jesus|god|religion|faith) | scripture\w* | sagradas\s+escrituras
| no\s+cree\s+ni\s+en | no\s+(?:celebra|celebran)\s+(?:los\s+)?cumpleanos | (?:doesn'?t|does\s+not|won'?t)\s+celebrate\s+birthdays
| (?:friday|fridays|viernes)\b[^.;]{0,60}\b(?:sundown|sunset|puesta\s+del?\s+sol|anochecer)\b | praise\s+the\s+lord | saved\s+by\s+(?:jesus|the\s+lord) | bendicion\w*\s+(?:del|de\s+un)\s+(?:cura|sacerdote)
| tithe\w* | tithing | diezmos?\b
| (?:encontrad[oa]|encontro|encontrar|hallad[oa]|hallo|conocid[oa]|conocio)\s+(?:a\s+dios|al\s+senor|a\s+jesus|a\s+jesucristo|a\s+cristo|la\s+fe)\b
| (?:gave|gives|given|giving|dedicated)\s+(?:his|her|their)\s+(?:life|heart)\s+to\s+(?:christ|jesus|god|the\s+lord|allah) | (?:entrego|entregado|dio|dado)\s+su\s+(?:vida|corazon)\s+a\s+(?:cristo|jesus|dios|jesucristo|al\s+senor)
| accepted\s+(?:jesus|christ|the\s+lord)\b | (?:acepto|aceptado)\s+a\s+(?:jesus|cristo|jesucristo)\b
""",
    "politics": r"""
(?:donat\w*|dona|donaciones|gives\s+money)\s+(?:\w+\s+){0,2}(?:to|a|al)\s+(?:the\s+|el\s+|la\s+)?(?:dsa|party|partido|campaign\s+of|campana\s+de)\b
| (?:cuota|dues|membership|carnet|subscription)\s+(?:de|del|a|al|to|of|for)\s+(?:the\s+)?(?:pp|podemos|sumar|cup|erc|ciudadanos|labour|greens?|verdes|conservatives?|republicans?|democrats?)\b
| (?:conservative|labour|tory|republican|socialist)\s+(?:association|club|branch|caucus|committee|ward|constituency)
| de\s+la\s+gaviota | puno\s+y\s+la\s+rosa | (?:de\s+la|la)\s+estelada | tankie\w*
| (?:dio|gave|dar)\s+(?:el|un|a|the)\s+(?:discurso|speech)\s+(?:\w+\s+){0,3}(?:mitin|rally\s+electoral|election\s+rally)
| phone[\s-]?bank\w* | (?:reparte|repartiendo|repartia|repartir|repartio)\s+(?:las\s+)?papeletas\b(?!\s+(?:de|para)\s+(?:la\s+|el\s+)?(?:rifa|loteria|sorteo|tombola))
| hand\w*\s+out\s+(?:the\s+)?(?:ballot\s+papers|ballots) | (?:voluntari[oa]|volunteer\w*)\s+(?:en|de|for|on)\s+(?:la|the)\s+campa(?:na|ign)\b(?!\s+(?:de|of|for|to)\b)
| soviet\s+line | (?:afiliad[oa]|member)\s+(?:a|al|de|del|of|to)\s+(?:the\s+)?partido
| (?:donat\w*|dona|donaciones|gives\s+money|aporta\w*)\s+(?:\w+\s+){0,4}(?:to|a|al)\s+(?:the\s+|el\s+|la\s+|los\s+)?(?:pp|podemos|sumar|cup|erc|ciudadanos|labour|greens|verdes|conservatives|republicans|democrats)\b
| (?:agrupacion\w*|sede|lista|listas|ejecutiva|juventudes|marcha|congreso|primarias|candidatura|militancia)\s+(?:\w+\s+){0,2}(?:del|de)\s+
  (?:(?:su|sus|mi|tu|nuestro)\s+)?(?:partido|pp|podemos|sumar|la\s+cup|erc|ciudadanos|los\s+verdes)\b(?!\s+(?:de\s+)?(?:futbol|tenis|padel|baloncesto|basket|del\s+domingo|del\s+sabado))
| (?:party|labour|tories|greens|democrats|republicans|conservatives)'?s?'?\s+(?:local\s+)?(?:slate|branch|manifesto|whip|ticket|local\s+association)\b
| (?:el|del|al)\s+lazo\s+amarillo | yellow\s+ribbon\s+(?:for|of)\s+(?:the\s+)?(?:catalan|independence|political\s+prisoners) | indepes?\b | (?:es|muy|un|una|bastante)\s+(?:\w+\s+)?(?:indepe|independentista|unionista)s?\b
| (?:his|her|their|my|our)\s+party'?s\s+(?:(?:national|federal|annual|regional|local|state|county|spring|autumn|fall|youth|young\s+\w+|women'?s|student)\s+)?
  (?:congress|conference|convention|slate|primar(?:y|ies)|candidates?|ticket|branch|executive|manifesto|whip|caucus|delegates?|list\s+for)\b
| (?:lista|listas|candidatura|papeletas?)\s+(?:\w+\s+){0,4}?(?:para|a|en)\s+las\s+(?:elecciones\s+)?(?:municipales|autonomicas|generales|europeas|legislativas|presidenciales)\b
| banco\s+de\s+llamadas | campana\s+(?:electoral\s+)?(?:del|de\s+la|para\s+el|para\s+la)\s+(?:\w+\s+)?(?:candidat[oa]|alcaldable)\b
| (?:hace|hacia|hizo|haciendo|hacer|hara)\s+campana\s+(?:\w+\s+){0,4}?(?:por|para)\s+(?:el|la|los|las|su)\s+(?:\w+\s+)?(?:partido|candidat[oa]|candidatura|coalicion)\b
| \bon\s+(?:the|a|an|his|her|their|\w+'s)\s+(?!(?:volunteers?|mailing|waiting|polling|postal|contact|staff|rota|shift|guest|press)\s)(?:[\w']+\s+)?(?:list|slate|ticket)\s+(?:\w+\s+){0,2}?for\s+(?:the\s+)?(?:\w+\s+)?(?:municipal|local|council|general|regional|european|state|county|mayoral|parliamentary|presidential|city)\s+elections?\b
| (?:chapa|pin|pegatina|insignia|badge|button|rosette)\s+(?:\w+\s+){0,1}(?:de|del|of|for)\s+(?:the\s+|el\s+|la\s+)?(?:pp|podemos|sumar|la\s+cup|erc|ciudadanos|labour|greens|verdes|morena|tories|democrats|republicans|partido)\b
| (?:scottish|catalan|basque|welsh|irish|flemish|corsican|kurdish|quebec|puerto\s+rican|sahrawi|tibetan)\s+independence\b | pro[\s-]independence
| independence\s+(?:movement|campaign|cause|march|rally|vote)\b | independencia\s+(?:de\s+(?:cataluna|catalunya|euskadi|escocia|galicia|canarias|el\s+pais\s+vasco|quebec)|catalana|vasca|gallega|escocesa)\b
| (?:asamblea|asambleas|reunion|reuniones|comite|convencion|conferencia)\s+(?:\w+\s+){0,2}?(?:del|de\s+su)\s+partido\b(?!\s+(?:de\s+)?(?:futbol|tenis|padel|baloncesto|basket|del\s+domingo|del\s+sabado|de\s+los\s+domingos))
| (?:labour|tory|tories|republican|democratic|democrat|greens)\s+(?:\w+\s+)?(?:campaign|campaign\s+office|headquarters|hq|fundraiser|fund[\s-]raiser|rally|convention|primaries|primary)\b
""",
    "trade_union": r"""
(?:pilots|nurses|teachers|doctors|drivers|workers|miners|dockers|journalists|actors|musicians|firefighters)'?\s+union\b
| liberad[oa]\s+(?:sindical|media\s+jornada|a\s+tiempo\s+(?:completo|parcial)) | carn(?:e|et)\s+de\s+la\s+central | los\s+de\s+la\s+central | central\s+sindical
| convoc\w*\s+(?:los\s+|las\s+|el\s+|la\s+)?(?:paros?|huelgas?) | calls?\s+(?:the\s+)?strikes
| branch\s+(?:newsletter|secretary) | carries\s+the\s+card | por\s+parte\s+de\s+(?:los\s+)?trabajadores | on\s+behalf\s+of\s+the\s+workers
| mesa\s+del\s+convenio | bargaining\s+(?:committee|team|unit\s+rep\w*) | (?:mesa|comision)\s+negociadora | negocia\w*\s+el\s+convenio
| (?:cuota|dues|subs|subscription)\s+(?:mensual\s+|anual\s+|monthly\s+|annual\s+)?(?:de|del|a|al|to|of|for)\s+(?:la\s+|the\s+)?(?:unite|ela|cnt|cig|lab|cobas|steilas|nea|aft)\b(?!\s+(?:de|del|of|for)\b)
| negotiat\w*\s+(?:the|our|their)\s+(?:collective|union)\s+(?:agreement|contract) | (?:del|en\s+el)\s+comite\b.{0,60}\b(?:huelgas?|strikes?|paros?) | dues\s+deducted
""",
    "sex_life_orientation": r"""
entiende['"] | entiende\s*,\s+ya\s+me\s+entiendes
| (?:juega\w*|jugar|batea\w*)\s+(?:en|para|con)\s+(?:los\s+dos|ambos)\s+(?:equipos|bandos)\b(?!\s+(?:de|del|of)\b)
| (?:sra|senora|mrs|ms|miss|dona)\b\.?\s+\w+(?:\s+\w+)?\s+(?:(?:vendra|viene|ira|va|llega\w*|acude|asiste|vive|vino|fue)\s+)?(?:con|y|and)\s+(?:su|her)\s+(?:esposa|mujer|novia|prometida|wife|girlfriend|fiancee)\b
| (?:sr|senor|mr|don)\b\.?\s+\w+(?:\s+\w+)?\s+(?:(?:vendra|viene|ira|va|llega\w*|acude|asiste|vive|vino|fue)\s+)?(?:con|y|and)\s+(?:su|his)\s+(?:esposo|marido|novio|prometido|husband|boyfriend|fiance)\b
""",
    "race_ethnicity": r"""
(?!(?:north|south|central|latin|pan|norte|sud|centro)\b)[a-z]{3,}-american[oa]?s?\b | (?:de\s+)?origen\s+\w+\s+por\s+parte\s+de | sangre\s+(?:mora|gitana|india|indigena|negra|africana|arabe|judia|mestiza|mapuche|\w+)\s+por\s+parte
| (?:tiene|has)\s+(?:sangre|blood)\s+(?:mora|gitana|india|indigena|negra|africana|arabe|judia|mestiza|mapuche|inca|maya|native|cherokee|african|arab) | (?:white|black|blanc[oa]|negr[oa]|asian|asiatic[oa]|indian)\s+(?:mum|mom|dad|mother|father|madre|padre)
| (?:mum|mom|dad|mother|father)(?:'s|\s+is)\s+\w+,\s+(?:and\s+)?(?:mum|mom|dad|mother|father)(?:'s|\s+is)\s+\w+
| (?:mum|mom|dad|mother|father|madre|padre)\s+(?:is|es)\s+(?:white|black|blanc[oa]|negr[oa]|asian|ghanaian|nigerian|jamaican|pakistani|indian)
| (?!(?:latino|ibero|hispano|centro|sud|sur|norte|anglo|afro)americ)[a-z]{3,}oamerican[oa]s?\b
| (?:de\s+)?(?:padre|madre)\s+[a-z]{4,}\s+y\s+(?:de\s+)?(?:madre|padre)\s+[a-z]{4,} | melanin\w* | pueblos?\s+originari\w* | (?:grew\s+up|lives|lived|born|raised)\s+on\s+(?:a|the)\s+(?:[\w-]+\s+){0,2}reservation\b | reserva\s+india | first\s+nations? | powwow | windrush | rito\s+cale | (?:es|familia|pueblo|gitano)\s+cale\b
| navajo | dine\b\) | lakota | sioux | cherokee | apache\b(?!\s+(?:kafka|spark|server|http|license|airflow)) | ojibw\w* | inuk\b | nahuatl | nahua\b | zapotec\w* | mixtec\w* | wayuu | embera | garifuna
| yanomami | kichwa | quichua | rohingya | pashtun\w* | hazara\w* | tibetan\w* | tibetan[oa] | ainu\b | samoan | tongan | romany | traveller\s+(?:girl|boy|woman|man|background)
| (?:habla|speaks)\s+(?:patois|nahuatl|quechua|aymara|romani|calo|guarani|mapudungun)
| (?:mitad|half)[\s-]+[a-z]{4,}(?:an[oa]?|ian[oa]?|es[ae]|ese|ish|i|ic[oa]|in[oa]|en[oa]|ean[oa]?)s?\s*(?:,|y|and|/|&)\s*(?:\w+\s+)?(?:mitad|half)\b
| mixed\s+like | por\s+ser\s+(?:negr[oa]|gitan[oa]|mor[oa]|arabe|asiatic[oa]|latin[oa]|indigena|mestiz[oa])s?\b
| for\s+being\s+(?:black|asian|arab|roma|romani|gypsy|latino|latina|mixed[\s-]race|indigenous)\b | cafe\s+con\s+leche,?\s+mitad
| (?:is|es|as|she'?s|he'?s|identifies\s+as|se\s+define\s+como)\s+(?:an?|una?)\s+(?:latino|latina|latinx|hispana|hispano|chicana|chicano)\b
| afro\s*-?\s*(?!beat|pop|house|jazz|funk|soul|punk|tech|hair|comb|pick|wig|style|dance|music)[a-z]{3,}(?:an[oa]?s?|ian[oa]?s?|ean[oa]?s?|en[oa]s?|es[ae]s?|in[oa]s?)\b
| travellers?\s+famil\w* | (?:es|soy|son|somos|como|familia|pueblo|etnia|comunidad|gitan[oa]s?)\s+['"‘“]?\s*(?:cale|calorr[oa]s?)\b
| brown\s+(?:guy|girl|man|woman|person|people|kid|boy|lad|lass|face|folks?|employee|colleague|family)s?\b
| (?<!\bwork\s)(?<!\bworks\s)\bhalf[\s-](?!(?:an|asian\s+(?:food|fusion))\b)[a-z]{4,}(?:ese|ian|ean|ish|an|i)\b(?!\s+(?:food|cuisine|restaurant|dish|menu|recipe|pizza|pie|salad|sandwich|shepherd|terrier|dog|cat|breed|wine|cheese|dressing|sausage|salami|ale|lager|team|class|lesson|course|time|marathon|term))
| (?:proud(?:ly)?|as\s+an?|is|es|soy|she'?s|he'?s|identifies\s+as|muy)\s+'?(?:desi|pinoy|pinay|boricua|nuyorican)\b | (?:desi|pinoy|pinay|boricua)\s+(?:heritage|community|family|background|roots|identity)
""",
    "criminal": r"""
caution\w*\s+for\s+(?:possession|assault|theft|shoplifting|criminal\s+damage|affray) | possession\s+of\s+(?:cannabis|drugs|cocaine|heroin|a\s+(?:class|controlled))
| (?:did|served|spent|cumpli\w*|paso|pasado|estuvo)\s+(?:(?:los|the|a|an)\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez)\s+(?:years?|anos|meses|months)\s+(?:in|en|inside|dentro|por)\b
| (?:lo|la)\s+guardaron\s+(?:\w+\s+){0,2}(?:anos|meses) | (?:on|out\s+on|under|posted|granted|released\s+on|as\s+a)\s+bail\b | bail\s+(?:condition\w*|hearing|terms) | tiene\s+juicio\b
| (?:until|before|till|after)\s+(?:her|his)\s+trial | juicio\s+(?:en|el|para)\s+(?:\d+\s+de\s+)?(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)
| guest\s+of\s+(?:his|her)\s+majesty | con\s+las\s+manos\s+en\s+la\s+(?:caja|masa) | caught\s+red[\s-]handed | lo\s+pillaron\s+robando | (?:cis|centro\s+de\s+insercion\s+social)\s+de
| modulo\s+de\s+(?:soto|alcala|valdemoro|estremera|navalcarnero|aranjuez|picassent|brians|quatre|la\s+modelo|\w+\s+del\s+real)
| (?:cumpli\w*|condena\w*|sentence\w*|served|serving|jailed|preso|presa|inside|encerrad[oa])\b.{0,40}\b(?:por|for)\s+(?:estafa|robo|fraude|hurto|trafico|agresion|fraud|theft|robbery|burglary|assault)\b
| hours\s+of\s+(?:court[\s-]ordered|court[\s-]mandated|mandatory)\s+community\s+service | court[\s-](?:ordered|mandated)\s+community\s+service
| (?:vacaciones|holidays?|vacation|estancia|stay)\s+(?:\w+\s+)?(?:pagad[oa]s?\s+por|paid\s+for\s+by|a\s+cargo\s+del|courtesy\s+of)\s+(?:el\s+|the\s+)?(?:estado|state|government|gobierno|taxpayers?|contribuyentes?)\b
| centro\s+penitenciario | permiso\s+de\s+salida\s+(?:de|del)\s+(?:la\s+)?(?:prision|carcel|centro) | community\s+service\s+hours
| (?:under|from)\s+(?:his|her|their|the)\s+sentence\b | juicio\s+de\s+\w+\s+por\b
| awaiting\s+sentenc\w* | sentencing\s+(?:for|hearing|date) | (?:came|got)\s+out\s+of\s+(?:prison|jail|wandsworth|pentonville|belmarsh|strangeways|the\s+nick)
| (?:permiso|autorizacion|visto\s+bueno)\s+(?:del|de\s+la)\s+(?:juez|jueza)\b | (?:judge|magistrate)'?s\s+(?:permission|sign[\s-]?off|approval|authori[sz]ation|say[\s-]?so)\b
| (?:permission|sign[\s-]?off|approval|authori[sz]ation)\s+(?:from|of)\s+(?:the|a|his|her|their)\s+(?:judge|magistrate)\b
| conditional\s+release | supervised\s+release | released\s+on\s+licen[cs]e | on\s+licen[cs]e\s+(?:until|till|from|after|since)\b | libertad\s+provisional
| (?:pendiente|pendientes|a\s+la\s+espera)\s+de\s+(?:lo\s+)?penal\b | (?:causa|proceso|procedimiento|caso|asunto|tema|lio)\s+penal\b | criminal\s+proceedings
| (?:sali\w*|left|released\s+from|let\s+out\s+of|(?:came|got|is|just)\s+out\s+of|estuvo\s+(?:\w+\s+){0,3}en|did\s+time\s+(?:in|at)|stint\s+(?:in|at)|time\s+in)\s+
  (?:de\s+|del\s+)?(?:la\s+carcel\s+de\s+|la\s+prision\s+de\s+|hmp\s+)?(?:soto\s+del\s+real|alcala[\s-]meco|carabanchel|estremera|brians|quatre\s+camins|la\s+modelo|topas
  |herrera\s+de\s+la\s+mancha|wormwood\s+scrubs|the\s+scrubs|belmarsh|pentonville|strangeways|barlinnie|mountjoy|rikers|san\s+quentin|sing\s+sing|leavenworth)\b
""",
}


# --- ordinary senses: spans no stage reads as special --------------------------------------------
#: Stops a span at the end of its clause (a conjunction or punctuation), so that what follows is read.
_TO_CLAUSE_END = r"(?:(?!\b(?:and|y|but|pero|so|asi\s+que|que|porque|because|like|como|too|tambien|also|ademas)\b)[^.,;:!?()])*"

#: Idioms and figurative uses (each a set phrase or a grammatical frame, never a word alone):
#: an interjection with a holy name ("thank God it's Friday", "gracias a Dios", "God knows"); the
#: adverb "religiously" before a verb or a noun (not before a word of belief: "religiously
#: observant" stays); being married to one's job; a conviction *that* or *about* something (a
#: belief, not a sentence); a track record of doing something ("antecedentes de retrasar plazos");
#: a crime as hyperbole ("it's criminal how…", "es un crimen que…"); stop 36: a book or a page
#: called a bible in scare quotes ("Excel es su 'biblia'", "the team's 'bible' for onboarding": a
#: reference work), and being religious or devout *about* a habit or a thing ("muy 'religioso' con el
#: café de las 11", "religious about his morning run": a routine kept, not a faith).
_IDIOM = re.compile(r"\b(?:"
    r"(?<=['‘\"“])(?:biblia|bible)(?=['’\"”])"
    r"|(?:religios[oa]s?|religious|devot[oa]s?|devout)['’\"”]?\s+(?:con|about|with)\s+(?:el|la|los|las|su|sus|his|her|their|the|its)\s"
    r"|thank\s+(?:god|goodness|heavens)(?:\s+it'?s\s+friday)?|tgif|gracias\s+a\s+dios|(?:oh\s+)?my\s+god\b|oh\s+god|god\s+knows"
    r"|dios\s+mio|por\s+dios|god\s+forbid|for\s+god'?s\s+sake|hand\s+of\s+god"
    r"|religiously(?!\s+(?:observant|devout|active|conservative|strict|motivated|affiliated|raised|educated|practi[cs]ing"
    r"|minded|committed|observ\w*|follow\w*\s+(?:the\s+)?(?:faith|religion|rules\s+of)))"
    r"|(?:married|casad[oa])\s+(?:to|con)\s+(?:his|her|their|the|su|el|la)\s+(?:job|work|desk|laptop|trabajo|oficina|empresa|curro|career|carrera)"
    # (not "a shoplifting conviction on record": a conviction on a record is a sentence, stop 38)
    r"|(?:his|her|their|the|my|our|a|firm|strong|deep|su|la|mi)\s+(?:\w+\s+)?convictions?\s+(?:that|about|on)\b"
    r"(?!\s+(?:his\s+|her\s+|their\s+|the\s+|a\s+)?(?:criminal\s+)?record)"
    r"|antecedentes\s+de\s+[a-z]+(?:ar|er|ir)\b|(?:track\s+)?record\s+of\s+[a-z]+ing\b"
    r"|(?:it'?s|it\s+is|es|es\s+un|is\s+a)\s+(?:simply\s+|just\s+|basically\s+)?(?:criminal|crimen|crime)\s+(?:que|lo|how|that|what|to)\b"
    r")")

#: A food or drink avoided for its taste, counted only when the string gives that reason ("no come
#: marisco porque le da asco la textura", "doesn't eat pork; never liked the taste", "vegetarian
#: options because she doesn't like meat"): both the avoidance and the reason are read as ordinary.
#: Foods a condition is often behind (gluten, lactose, dairy, sugar) are not in the list.
_FOOD_AVOIDED = re.compile(
    r"\b(?:(?:no\s+(?:come|toma|bebe|prueba)|doesn'?t\s+(?:eat|drink|touch)|does\s+not\s+(?:eat|drink)|won'?t\s+(?:eat|touch)"
    r"|never\s+(?:eats|drinks)|avoids?|evita|skips?)\s+(?:\w+\s+){0,2}?(?:pork|cerdo|jamon|ham|bacon|beef|ternera|meat|carne"
    r"|marisco|seafood|shellfish|fish|pescado|alcohol|wine|vino|beer|cerveza|eggs?|huevos?|coffee|cafe)"
    r"|(?:vegetarian\w*|vegan\w*)\s+(?:options?|opciones|menus?|food|comida|meals?|dishes|platos))\b")
_TASTE = re.compile(
    r"\b(?:le\s+da\s+asco|(?:no|nunca)\s+le\s+(?:ha\s+)?gust\w*|(?:doesn'?t|does\s+not|didn'?t|never)\s+(?:really\s+|just\s+)?"
    r"(?:like|liked|enjoy|enjoyed|care\s+for)|the\s+taste|el\s+sabor|la\s+textura|the\s+texture|hates?\s+(?:the\s+)?(?:taste|texture|smell)"
    r"|por\s+gusto|a\s+matter\s+of\s+taste|cuestion\s+de\s+gustos)\b")

#: An animal's illness and its treatment: a pet that has, takes or needs something (not an
#: assistance animal, not a person near a pet: a dog walker, a pet sitter; not "the black dog",
#: a name for depression), to the end of its
#: clause, and — in a string with such an animal — a treatment given to "him", "it" or "le", or
#: the visit to the vet.
_ANIMAL_HAS = re.compile(
    r"\b(?:su|sus|el|la|los|las|his|her|their|the|my|mi|\w+'s)\s+(?:(?!(?:service|guide|assistance|therapy|seeing|alert"
    r"|support|black)\b)\w+\s+)?(?:perr[oa]s?|gat[oa]s?|dogs?|cats?|pupp(?:y|ies)|cachorr[oa]s?|mascotas?|pets?|caballos?|horses?"
    r"|yeguas?|galg[oa]s?)\b(?!\s+(?:guia|guide|de\s+asistencia|de\s+terapia|lazarillo|de\s+servicio|de\s+alerta)\b)"
    r"(?:\s+(?!(?:walker|sitter|groomer|trainer|owner|paseador\w*|cuidador\w*|adiestrador\w*|y|and)\b)\w+)?"
    r"\s+(?:has|had|have|is|was|got|takes|took|needs|suffers|tiene|tenia|tuvo|toma|tomo|necesita|esta|sufre|padece|fue)\b"
    + _TO_CLAUSE_END)
_ANIMAL_CARE = re.compile(
    r"\b(?:(?:give|giving|gives|gave|dar|darle|da|dale|ponerle|le\s+pone|le\s+da)\s+(?:(?:him|her|it|them|le|la|lo)\s+)?"
    r"(?:(?:his|her|its|their|su|sus|the|la|el|las|los)\s+)?(?:\w+\s+)?(?:insulin\w*|pills|pastillas|medicin\w*|medicacion"
    r"|medication|injections?|inyecc\w*|jab|shot)|needs\s+(?:the|his|her|its|a)\s+(?:\w+\s+)?(?:injection|insulin|pills|jab|shot)"
    r"|(?:al|to\s+the)\s+(?:veterinari[oa]|vet)\b)")

#: A job or a civic duty on the side of the law: a police officer, a prison officer, a juror
#: or a witness (with what they sat on or saw; judges and prosecutors are the lexicon's near misses), a polling-station officer ("es policía local", "he's a police officer",
#: "was a juror on a fraud trial", "es testigo en un juicio por un accidente", "ser vocal de mesa
#: electoral") — not criminal data, not a political opinion. Not a Jehovah's Witness.
_LAW_JOB = re.compile(
    r"\b(?:es|is|he'?s|she'?s|was|fue|ser|sera|trabaja\s+(?:de|como)|works\s+as)\s+(?:an?\s+|un[a]?\s+)?(?:\w+\s+)?"
    r"(?:police\s+officer|policeman|policewoman|cop|policia(?:\s+(?:local|nacional|municipal))?|guardia\s+civil|mosso"
    r"|ertzaina|detective|prison\s+officer|funcionari[oa]\s+de\s+prisiones"
    r"|(?:juror|jurado|(?<!jehovah\s)(?<!jehovahs\s)witness|testigo(?!s?\s+de\s+jehova)|vocal\s+de\s+(?:una\s+)?mesa\s+electoral"
    r"|poll\s+worker)" + _TO_CLAUSE_END + r")")

#: The person as the victim of an offence or the one who reported it ("le robaron la bici", "her
#: car was broken into", "puso la denuncia en comisaría", "filed a police report", "needs the police
#: report number"), to the end of the clause: what was done to them, not by them — not criminal
#: data about the person. Impersonal forms only (``le robaron``, not ``le robó``: he stole it), and
#: not a report filed against someone.
_VICTIM = re.compile(
    r"\b(?:(?:le|les|me|nos|te)\s+(?:han\s+|habian\s+)?(?:robaron|robado|hurtaron|hurtado|quitaron|rompieron|reventaron|forzaron"
    r"|entraron\s+en|estafaron|estafado|timaron|timado|hackearon|hackeado)"
    r"|(?:was|were|got|been|has\s+been|had\s+been|have\s+been)\s+(?:robbed|mugged|burgled|burglarized|pickpocketed|scammed|broken\s+into"
    r"|stolen|hacked|nicked)"
    r"|(?:puso|pone|poner|presento|presentar|presenta|ha\s+puesto|filed|file|files|filing|made|make|makes)\s+(?:la|una|a|the)\s+"
    r"(?:denuncia|police\s+report|report\s+(?:with|to)\s+the\s+police|complaint\s+with\s+the\s+police)(?!\s+(?:against|contra)\b)"
    r"|reported\s+(?:\w+\s+){0,3}?(?:stolen|missing|to\s+the\s+police)(?!\s+(?:for|por)\b)|denunci(?:o|ar|a|amos|aron)\s+el\s+robo"
    r"|police\s+report\s+number|numero\s+de\s+(?:la\s+)?denuncia)" + _TO_CLAUSE_END)
_VICTIM_WORD = re.compile(r"\b(?:rob|hurt|stolen|nicked|mugged|burgl|pickpocket|scam|estaf|tima|hack|denuncia|police\s+report|broken\s+into"
                          r"|forzaron|reventaron|quitaron|rompieron|entraron)")

#: A quoted title after a verb of reading or watching ("está leyendo 'The Gene'", "le encanta
#: 'House of Cards'"): a book or a show, not the person.
_QUOTED_TITLE = re.compile(
    r"\b(?:leyendo|reading|reads|read|lee|leyo|viendo|watching|watch(?:es|ed)?|rewatch\w*|le\s+encanta\w*|loves?)\s+"
    r"['\"‘“][^'\"’”]{1,60}['\"’”]")

#: A role on the side of the law inside a prison: teaching, volunteering, nursing, a chaplaincy
#: there ("es capellán voluntario en una cárcel", "is a nurse at the prison"); not a verb of
#: working alone, which an inmate may say too.
_PRISON_ROLE = re.compile(
    r"\b(?:da\s+clases|(?:teach|volunteer)(?:s|es|ing|ed)?|voluntari\w*|enfermer[oa]|nurse|capellan|chaplain|profesor[a]?|teacher"
    r"|psicolog[oa]|psychologist|social\s+worker|trabajador[a]?\s+social)\b[^.;]{0,40}?\b(?:en|at|in)\s+(?:un|una|el|la|the|a)\s+"
    r"(?:centro\s+penitenciario|prision|carcel|prison|jail)\b")

#: An animal's breed ("su gata es de raza persa", "her favourite dog breed", "un gato de
#: pedigree"): the word ``raza``/``breed`` itself (group ``breed``) where an animal is named
#: just before or after it; the animal stays in what the other stages read.
_ANIMAL = r"(?:perr[oa]s?|gat[oa]s?|dogs?|cats?|pupp(?:y|ies)|cachorr[oa]s?|caballos?|horses?|mascotas?|pets?)"
_ANIMAL_BREED = re.compile(
    rf"\b(?P<breed>razas?|breeds?|pedigree)\s+(?:de\s+)?{_ANIMAL}\b"
    rf"|\b{_ANIMAL}\s+(?P<breed2>breeds?)\b"
    rf"|\b{_ANIMAL}\b[^.;,]{{0,30}}?\b(?:de\s+)?(?P<breed3>razas?|breeds?|pedigree)\b")

#: A biometric system named as a fixture of a place or a vendor's product, with no act of the
#: person in it ("los tornos de la sede funcionan con control de acceso por iris", "the building
#: iris scanner", "a supplier of fingerprint access control"); the person's own enrolment beside it
#: is still read ("…, y ella ya registró su huella").
_BIOMETRIC_FIXTURE = re.compile(
    r"\b(?:(?:edificio|building|oficina|office|planta|floor|sede|premises|vendor|proveedor\w*|site|almacen|warehouse|cliente|client)\b"
    r"[^.;,]{0,40}?\b(?:control\s+de\s+acceso|access\s+control|entry\s+system|cerradura|lock|torno|turnstile)s?\s+(?:por|by|via|with|con|de|mediante)\s+"
    r"(?:\w+\s+){0,2}?(?:iris|reconocimiento\s+facial|facial\s+recognition|huellas?(?:\s+dactilar\w*)?|fingerprints?|retina|palma|palm|face)\b"
    r"|(?:office|building|front|main|lobby|site)\s+(?:fingerprint|iris|face|facial|biometric)\s+(?:door|lock|reader|scanner|turnstile|gate)s?\b"
    # the system named by its adjective (sixteenth round): "la oficina nueva tiene control de acceso
    # biométrico en la entrada", "the site's biometric access control"
    r"|(?:edificio|building|oficina|office|planta|floor|sede|premises|site|almacen|warehouse|entrada|entrance)\b[^.;,]{0,40}?"
    r"\b(?:(?:control\s+de\s+acceso|access\s+control|sistema\s+de\s+acceso|entry\s+system|tornos?|turnstiles?)\s+biometric\w*"
    r"|biometric\w*\s+(?:access\s+control|entry\s+system|turnstiles?|gates?|locks?|doors?)))")
_BIOMETRIC_WORD = re.compile(r"\b(?:iris|facial|huella|fingerprint|retina|palma|palm|face|biometri)")

#: An office in a club, a residents' association or a class ("presidente del club de tenis",
#: "elected presidente de la comunidad de vecinos", "his daughter is class delegate"): an election
#: or a delegate there is no political opinion and no union (the election itself is part of the span). The club's activity, if named before
#: it, comes from a closed list (a "Labour club" or a "union branch" is not one).
_CLUB_ROLE = re.compile(
    r"\b(?:(?:(?:elected|re-?elected|elegid[oa]|reelegid[oa]|nombrad[oa]|named|appointed|voted)\s+(?:as\s+|como\s+)?)?"
    r"(?:presidente|presidenta|president|vicepresident\w*|vice[\s-]president|chair(?:man|woman|person)?|secretari[oa]|secretary"
    r"|tesorer[oa]|treasurer|vocal|captain|capitan[a]?|delegad[oa]|delegate|rep|representative|representante)\s+"
    r"(?:del|de\s+la|de|of\s+the|of|at\s+the|for\s+the|in\s+the)\s+(?:(?:board|junta|comite|committee|directiva)\s+(?:del|de\s+la|de|of\s+the|of)\s+)?"
    r"(?:(?:tennis|golf|football|soccer|chess|book|running|cycling|padel|paddle|sailing|rowing|hiking|photography|wine|cooking|film"
    r"|bridge|squash|rugby|cricket|swimming|climbing|yacht|country|sports|social|cycle|walking)\s+)?"
    r"(?:club|comunidad\s+de\s+(?:vecinos|propietarios)|asociacion\s+de\s+(?:vecinos|padres|madres|antiguos\s+alumnos)|ampa|pta"
    r"|(?:residents|homeowners|tenants|parents|alumni|neighbou?rhood)'?\s+association|clase|curso|class|cohort|year\s+group)\b"
    r"|(?:class|clase|year|grade|form)\s+(?:delegate|rep|representative|president|delegad[oa])\b|delegad[oa]\s+de\s+(?:clase|curso)\b)")
_CLUB_WORD = re.compile(r"\b(?:club|comunidad\s+de|asociacion\s+de|ampa|pta|association|clase|curso|class|cohort|year\s+group)\b")

#: An event held in a church, a cathedral or another place of worship as its venue ("la boda de su
#: prima es en la iglesia de San Nicolás", "a Gregorian chant concert at the cathedral", "el
#: concierto de su coro es en la iglesia de Santa Ana"): a wedding, a concert or a funeral someone
#: goes to or works at, not the person's own rite (``su boda``, ``her wedding``) and not a service
#: (mass, a christening), which say something about the person. The gap between the event and the
#: venue stays inside one clause; the venue's name after it is part of the span.
_EVENT_VENUE = re.compile(
    r"(?<!\bsu\s)(?<!\bsus\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)\b(?:boda|bodas|wedding|weddings|concierto|conciertos|concerts?"
    r"|funeral|funerales|funerals|entierro|recital|exposicion|exhibition|graduacion|graduation)\b"
    r"(?:(?!\b(?:and|y|but|pero|so|que|porque|because|then|luego|despues|who|which)\b)[^.,;:!?()]){0,60}?"
    r"\b(?:en|at|in|inside)\s+(?:la|el|the|una?|an?)\s+(?:\w+\s+){0,2}?(?:iglesia|church|catedral|cathedral|capilla|chapel|basilica"
    r"|ermita|monasterio|monastery|abbey|abadia|mezquita|mosque|sinagoga|synagogue|templo|temple|parroquia|parish)\b"
    r"(?:\s+(?:de|of|del)\s+(?:(?:san|santa|santo|st|saint|nuestra\s+senora|la|el)\.?\s+)?\w+)?")
_VENUE_WORD = re.compile(r"\b(?:iglesia|church|catedral|cathedral|capilla|chapel|basilica|ermita|monasterio|monastery|abbey|abadia"
                         r"|mezquita|mosque|sinagoga|synagogue|templo|temple|parroquia|parish)")

#: A place named with "union" ("Union Square", "Union Station", "the Union Street hotel"): a
#: square, a station or a street, not a trade union (thirteen spent authors wrote it).
_UNION_PLACE = re.compile(r"\bunion\s+(?:square|station|street|st|avenue|ave|road|rd|park|terminal|city|county|bridge|pier|plaza)\b"
                          # a venue called "Union <something>" that the note names as a venue ("the
                          # Union Hall venue", "the Union Rooms hotel"), sixteenth round
                          r"|\bunion\s+\w+\s+(?:venue|hotel|pub|restaurant|ballroom|events?\s+(?:space|venue))\b"
                          # stop 36: a table booked at a place called "Union <something>" ("booked a
                          # table at the Union Oyster House")
                          r"|\b(?:table|mesa|reservation|reserva)\s+(?:\w+\s+){0,2}?(?:at|en)\s+(?:the\s+|el\s+|la\s+)?union(?:\s+\w+){1,2}")

#: A product, a dish or a fair called ethnic ("la feria de cocina étnica", "ethnic prints for the
#: shop", "the ethnic foods aisle"): a trade's word, not anyone's origin. Only the phrase is cleared
#: ("es de etnia gitana y organiza la feria de cocina étnica" still counts).
_ETHNIC_PRODUCT = re.compile(
    r"\b(?:ethnic\s+(?:foods?|cuisines?|restaurants?|music|fashion|prints?|jewel\w*|shops?|stores?|grocer\w*|festival|fair|market|aisle)"
    r"|(?:cocina|comida|gastronomia|musica|moda|tienda|mercado|feria|restaurante)\s+etnic[oa]s?)\b")

#: Ethnicity as a column of someone else's data: figures broken down by it, its pay gap, a dataset of
#: its labels ("census data by ethnicity", "compiles the anonymised ethnicity pay-gap report",
#: "el dataset de ethnicity labels"): aggregate data a person works on, not anyone's origin. Not
#: after a possessive (``her ethnicity data``), and only the phrase is cleared (``ticked 'Black
#: Caribbean' in the ethnicity field`` still counts).
_ETHNICITY_AGGREGATE = re.compile(
    r"\b(?:(?:census\s+)?(?:data(?:set)?|figures|statistics|stats|breakdown|report|numbers)\s+(?:\w+\s+)?by\s+(?:ethnicity|race)"
    r"|(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?:anonymi[sz]ed\s+|aggregate\w*\s+)?ethnicity\s+(?:pay[\s-]?gap|labels|statistics|stats"
    r"|breakdown|categories|codes|monitoring\s+report)"
    r"|(?:dataset|datos|estadisticas|etiquetas|tabla|desglose)\s+(?:\w+\s+)?(?:de|por)\s+(?:ethnicity\s+labels|etnias|origen\s+etnico))\b")

#: The company's side of dealings with the workers' representatives ("preparing the company side
#: of the collective bargaining talks", "toma notas en la reunión con el comité de empresa"): the
#: other side of a negotiation (the fourteenth round's frame, in ``NEAR``) seen from a meeting or a
#: side of the table; stop 36: the person in HR handling the bargaining or the works council's
#: elections for the employer ("works in HR and handles paperwork for the collective bargaining on
#: management's side", "is HR's contact for organising the works council elections"). Only the phrase is cleared ("was a union rep before moving to the company
#: side of the table" still counts).
_MANAGEMENT_SIDE = re.compile(
    r"\b(?:(?:the\s+)?(?:company|management|employers?)'?s?'?\s+side\s+(?:of|for|in|at)\s+(?:the\s+)?(?:[\w']+\s+){0,3}?(?:talks|negotiations?|bargaining|table|round)"
    r"|(?:for|on)\s+(?:the\s+)?(?:company|management|employers?)'?s?'?\s+side\b"
    r"(?:\s+(?:of|for|in|at)\s+(?:the\s+)?(?:\w+\s+){0,3}?(?:talks|negotiations?|bargaining|table|round))?"
    r"|(?:hr|rrhh|rr\.\s*hh|recursos\s+humanos|human\s+resources|personnel)(?:'s)?\b\.?[^.;]{0,90}?\b(?:collective\s+bargaining|works\s+council"
    r"|comite\s+de\s+empresa|convenio(?:\s+colectivo)?|negociacion\s+colectiva|elecciones\s+sindicales|union\s+elections)"
    r"|(?:reunion|reuniones|meetings?|talks|junta)\s+(?:\w+\s+){0,2}?(?:con|with)\s+(?:el|la|los|las|the)\s+"
    r"(?:comite\s+de\s+empresa|works\s+council|representantes\s+de\s+los\s+trabajadores))\b")

# --- sixteenth round: scenes in which a special word is about a place, an event or a trade --------
#: A procession as a nuisance of the street (its noise, its traffic, the closures, the crowd; one that
#: passes under the person's window): what the person puts up with, not a rite they take part in
#: ("se queja del ruido de la procesión que pasa bajo su ventana", "the procession traffic on Good
#: Friday"). Carrying a float or walking in it (``costalero``, ``sale en la procesión``) is no span.
_PROCESSION_NUISANCE = re.compile(
    r"\b(?:(?:ruido|noise|trafico|traffic|atascos?|cortes?|road\s+closures?|closures?|crowds?|gentio|multitud\w*|bulla|jaleo"
    r"|musica|music|drums|tambores|bands?)\s+(?:\w+\s+){0,3}?(?:procesion\w*|processions?)"
    r"|(?:procesion\w*|processions?))(?:\s+que)?\s+(?:pasa|pasan|passes|pass|goes|go|went|paso)\s+(?:past\s+|por\s+)?"
    r"(?:bajo|under|past|by|delante\s+de|frente\s+a|debajo\s+de|outside)\s+(?:su|his|her|their|la|the|el)\s+"
    r"(?:ventana|window|casa|house|portal|calle|street|balcon|balcony|flat|piso|oficina|office|tienda|shop)\b"
    r"|\b(?:ruido|noise|trafico|traffic|atascos?|cortes?|road\s+closures?|closures?|crowds?|gentio|bulla|jaleo)\s+(?:\w+\s+){0,3}?"
    r"(?:procesion\w*|processions?)\b")

#: An event or a job done for several parties at once ("monta el escenario de los mítines de varios
#: partidos", "prints posters for all the parties", "moderates debates between the candidates"): a
#: trade that serves every side is no opinion of the person's. The event and the plural are required.
_PARTIES_PLURAL = re.compile(
    r"\b(?:mitin\w*|rall(?:y|ies)|events?|eventos?|actos?|debates?|campaigns?|campanas?|escenarios?|stages?|carteles|posters"
    r"|leaflets?|folletos|sondeos?|polls?|encuestas?|anuncios?|ads|adverts?)\s+(?:\w+\s+){0,2}?(?:de|del|for|of|para|por|entre|between)\s+"
    r"(?:los\s+|las\s+|the\s+)?(?:varios|varias|todos\s+los|distintos|diferentes|muchos|multiples|all(?:\s+the)?|several|various|different"
    r"|many|multiple|both|ambos|every|cada|rival|opposing)\s+(?:\w+\s+)?(?:partidos?|parties|party|candidat[oa]s|candidates|campaigns|campanas)\b")

#: A former prison as a building ("visita la antigua cárcel de Carabanchel", "a tour of the old
#: jail", "the prison museum"): a place to visit or photograph, not anyone's sentence. Only the
#: phrase is cleared ("pasó dos años en la cárcel y ahora da visitas a la antigua cárcel" still counts).
_FORMER_PRISON = re.compile(
    r"\b(?:(?:antigu[oa]|viej[oa]|old|former|disused|abandoned|abandonad[oa]|historic\w*|medieval|decommissioned|derelict)"
    r"\s+(?:\w+\s+)?(?:carcel|prision|prison|jail|gaol|penitenciari[oa]|presidio)(?:\s+(?:de|of|del)\s+(?:la\s+|el\s+)?\w+)?"
    r"|(?:prison|jail|gaol)\s+museum|museo\s+(?:de\s+la\s+)?(?:carcel|prision|penitenciari\w*))\b")
_PRISON_WORD = re.compile(r"carcel|prision|prison|jail|gaol|presidio|penitenc")

#: A habit or a taste called genetic or hereditary ("dice que lo de llegar tarde 'es genético'",
#: "says his love of terrible puns is 'hereditary'", "her sweet tooth runs in the family"): a
#: figure of speech about a way of being, not a test result or a condition. The habit is required
#: (``lo de`` + an infinitive, a love or a knack of something, a named trait of character).
_HABIT_INHERITED = re.compile(
    r"\b(?:lo\s+de\s+[a-z]+(?:ar|er|ir)\b|(?:love|habit|taste|fondness|talent|knack|gift|obsession|weakness|passion)\s+(?:of|for)\s+"
    r"|(?:his|her|their|su)\s+(?:sweet\s+tooth|stubbornness|terquedad|tozudez|impuntualidad|mal\s+genio|temper|sense\s+of\s+humou?r"
    r"|sentido\s+del\s+humor|mania\s+de|unpunctuality|lateness))[^.;]{0,50}?\b(?:is|es|son|are|was|era)\s+['\"‘“]?\s*"
    r"(?:genetic\w*|hereditar\w*|in\s+(?:the|his|her|their)\s+genes|de\s+familia|cosa\s+de\s+(?:los\s+)?genes)['\"’”]?"
    # stop 36: a trait of character or habit the person "carries in the genes" or in the blood,
    # the clitic pointing back to it ("la puntualidad 'la lleva en los genes'")
    r"|\b(?:puntualidad|impuntualidad|terquedad|tozudez|cabezoneria|paciencia|impaciencia|genio|humor|orden|desorden|optimismo"
    r"|pesimismo|perfeccionismo|talento|don|punctuality|stubbornness|patience|impatience|temper|humou?r|tidiness|optimism"
    r"|pessimism|perfectionism|talent|knack)\b[^.;]{0,40}?['\"‘“]?\s*(?:la|lo|le)\s+(?:lleva|viene)\s+(?:en|de)\s+"
    r"(?:los\s+genes|la\s+sangre|familia)['\"’”]?")

#: A relative's or a friend's wedding ("se casa su hermano en septiembre", "his sister's wedding is in
#: June"): the person is a guest. Not with the partner named (``se casa con…``), which says whom
#: the relative marries.
_RELATIVE_WEDDING = re.compile(
    r"\b(?:(?:se\s+(?:casa|casan|va\s+a\s+casar)\s+(?:su|sus)\s+(?:\w+\s+)?(?:herman[oa]s?|prim[oa]s?|hij[oa]s?|sobrin[oa]s?|amig[oa]s?"
    r"|ti[oa]s?|cunad[oa]s?))\b(?!\s+con\b)"
    r"|(?:su|sus)\s+(?:herman[oa]|prim[oa]|hij[oa]|sobrin[oa]|amig[oa]|ti[oa]|cunad[oa])\s+(?:\w+\s+)?se\s+(?:casa|casan|va\s+a\s+casar)\b(?!\s+con\b)"
    r"|(?:his|her|their)\s+(?:sister|brother|cousin|son|daughter|niece|nephew|friend|aunt|uncle|best\s+friend)(?:'s)?"
    r"\s+(?:(?:is\s+)?getting\s+married|wedding)\b(?!\s+to\b))")

#: An animal's DNA or genetic test ("the puppies' DNA lineage papers", "el test genético de la
#: camada", "his dog's DNA kit"; stop 36: a pedigree with its DNA analysis, "el pedigrí con análisis
#: de ADN": only animals have a pedigree): a breeder's paperwork, not the person's genome.
_ANIMAL_DNA = re.compile(
    rf"\b(?:{_ANIMAL}|camadas?|litters?)'?s?'?\s+(?:(?:dna|adn)(?:\s+\w+)?|genetic\s+(?:tests?|results?|panel)|pedigree|lineage)\b"
    rf"|\b(?:pedigr\w+)\s+(?:\w+\s+){{0,4}}?(?:dna|adn)\b"
    rf"|\b(?:dna|adn|tests?\s+genetic[oa]s?|pruebas?\s+genetic[oa]s?|genetic\s+tests?)\s+(?:\w+\s+){{0,2}}?(?:de|del|of|for|para)\s+"
    rf"(?:la\s+|el\s+|los\s+|las\s+|the\s+|su\s+|sus\s+|his\s+|her\s+)?(?:camadas?|litters?|{_ANIMAL})\b")

#: Stop 35: the verb of a name a person goes by ("se presenta como Ana", "introduces herself as
#: Bea", "goes by Kate", "prefers to be called Bill", "firma como Maite"). The vector stage retrained
#: on 24 authors read "Se presenta como Ana" as ethnicity (self-identification), so the vector stage
#: alone does not read this verb phrase (``vector_spans``). It is not an ordinary-sense span: the
#: lexicon and the n-gram stage read the sentence whole, as before (as a span it made the n-gram
#: stage skip the whole sentence it stood in). The span is the verb phrase alone, never the word
#: after it: an ethnonym or a party said there ("se presenta como gitano", "... como candidato
#: independentista") is still read by every stage; a bare name left alone is too short to read.
_GOES_BY = re.compile(
    r"\b(?:se\s+presenta\s+como|se\s+hace\s+llamar|introduces\s+(?:herself|himself|themselves)\s+as"
    r"|goes\s+by|(?:prefers|wants|likes|asks)\s+to\s+be\s+called|firma\s+(?:siempre\s+)?como)\b")
_ALWAYS = (_IDIOM, _QUOTED_TITLE)
#: Cheap look-ups first: the two frames that may start at any word run only where their noun is.
_LAW_WORD = re.compile(r"\b(?:police|policia|cop\b|guardia|mosso|ertzaina|detective|prison|prision|prisiones|juror|jurado|vocal|poll|witness|testigo"
                       r"|centro\s+penitenciario|carcel|jail)")
_ANIMAL_WORD = re.compile(r"\b(?:perr|gat[oa]|dog|cat|pupp|cachorr|mascot|pets?\b|caball|horse|yegu|galg)")


#: Frames read only when a cheap gate finds the word they turn on (most notes have none of them):
#: a gate, then the frames whose spans it lets through. A new frame of this kind is a new row.
_GATED: tuple[tuple[re.Pattern[str], tuple[re.Pattern[str], ...]], ...] = (
    (_LAW_WORD, (_LAW_JOB, _PRISON_ROLE)),
    (_VICTIM_WORD, (_VICTIM,)),
    (re.compile("union"), (_UNION_PLACE,)),
    (re.compile("etnic"), (_ETHNIC_PRODUCT,)),
    (re.compile("ethnicity|etnias|etnico"), (_ETHNICITY_AGGREGATE,)),
    (re.compile(" side|reunion|meeting|talks|junta|\\bhr\\b|rrhh|rr\\. ?hh|recursos humanos|human resources|personnel"), (_MANAGEMENT_SIDE,)),
    (_CLUB_WORD, (_CLUB_ROLE,)),
    (_VENUE_WORD, (_EVENT_VENUE,)),
    (_BIOMETRIC_WORD, (_BIOMETRIC_FIXTURE,)),
    (re.compile("procesi|procession"), (_PROCESSION_NUISANCE,)),
    (re.compile("partid|parties|party|candidat"), (_PARTIES_PLURAL,)),
    (_PRISON_WORD, (_FORMER_PRISON,)),
    (re.compile("genetic|hereditar|genes|familia|sangre"), (_HABIT_INHERITED,)),
    (re.compile("casa|married|wedding"), (_RELATIVE_WEDDING,)),
    (re.compile("dna|adn|genetic|pedigr|lineage"), (_ANIMAL_DNA,)),
)


def ordinary_spans(text: str, *, scenes: bool = True) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) where a special-looking word is used in an ordinary
    sense (``_IDIOM``, ``_FOOD_AVOIDED`` with ``_TASTE``, ``_ANIMAL_HAS`` and ``_ANIMAL_CARE``,
    ``_ANIMAL_BREED``, ``_LAW_JOB``, ``_PRISON_ROLE``, ``_VICTIM``, ``_CLUB_ROLE``, ``_EVENT_VENUE``, ``_UNION_PLACE``, ``_ETHNIC_PRODUCT``, ``_MANAGEMENT_SIDE``,
    ``_BIOMETRIC_FIXTURE``, ``_QUOTED_TITLE``; sixteenth round: ``_PROCESSION_NUISANCE``, ``_PARTIES_PLURAL``,
    ``_FORMER_PRISON``, ``_HABIT_INHERITED``, ``_RELATIVE_WEDDING``, ``_ANIMAL_DNA``, ``_ETHNICITY_AGGREGATE``; and, unless
    ``scenes`` is false, ``special_scenes.scene_spans``: a special word not about the person); a new list. Each is a set phrase or a frame; what lies outside
    the spans is read as usual, so a special clause beside an idiom is still found."""
    spans = [m.span() for pattern in _ALWAYS for m in pattern.finditer(text)]
    for gate, patterns in _GATED:
        if gate.search(text):
            spans += [m.span() for pattern in patterns for m in pattern.finditer(text)]
    if _TASTE.search(text):
        food = [m.span() for m in _FOOD_AVOIDED.finditer(text)]
        if food:
            spans += food + [m.span() for m in _TASTE.finditer(text)]
    if _ANIMAL_WORD.search(text):
        spans += [next(m.span(g) for g in ("breed", "breed2", "breed3") if m.group(g)) for m in _ANIMAL_BREED.finditer(text)]
        animal = [m.span() for m in _ANIMAL_HAS.finditer(text)]
        if animal:
            spans += animal + [m.span() for m in _ANIMAL_CARE.finditer(text)]
    return spans + scene_spans(text) if scenes else spans


def vector_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) the vector stage does not read: every ordinary-sense
    span (``ordinary_spans``) and the verb of a name a person goes by (``_GOES_BY``), which only the
    vector stage misread; the lexicon and the n-gram stage read that verb as written."""
    return ordinary_spans(text, scenes=False) + [m.span() for m in _GOES_BY.finditer(text)]
