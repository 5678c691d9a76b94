"""The *indirect* form of a special category (issue 15, stop 37): a note that reveals the category
through something the person does, joins, enrolled in or was given, not by naming it. Each entry is
a class of such notes, in Spanish and English, written from the shape of the class (never from one
note) after the four untouched readings s27–s30, where twelve of seventeen misses were indirect.
Read by ``memory.inspection.special_lexicon``, which compiles each entry into a rule named
``lexicon.<label>.indirect.<class>`` with the category's near misses and frames; each class is an
act of the person by construction, so the biometric weak words' need of an act does not apply.
Every pattern reads the inspection form (ASCII, lower case, accents removed).

Classes:

* ``race_ethnicity.eligibility`` — an opportunity or a group open to people of one ethnicity or
  race (a scholarship, a mentoring programme, a place, an employee network, an association:
  ``la beca reservada a estudiantes de origen africano``, ``la red de profesionales latinos de su
  empresa``, ``the fellowship reserved for Latina founders``), *with* the person's own part in it
  in the same string (applied, won, joined, entered, is a member, ``se apuntó``, ``es socia``).
  Without that act the group is a work object ("runs the mentoring programme for Latina
  engineers", "diseña la web de una asociación de mujeres latinas") and the rule does not fire.
* ``race_ethnicity.only_one`` — the person as "the only one of colour" (``es el único negro del
  equipo``, ``the only Roma person in her year``): how others see the person's race.
* ``biometric.look_unlock`` — the person unlocks, signs in or approves by looking at (into) a
  device, a camera or a reader (``signs in to the banking app just by looking at the screen``,
  ``desbloquea el portátil mirando a la cámara``): the face or iris as the key. Face unlock merely
  available on a phone has no act and no look.
* ``biometric.voice_line`` — a voice check (``voice authentication line``, ``verificación por voz``)
  with the person's own part in it in the same string: a passphrase read or said to it, their
  account or their calls (``saying her passphrase to the bank's voice authentication line``); and
  ``biometric.voice_self``, the person verified by their voice, said by a verb (``se verifica por
  voz``, ``puede verificarse por voz``, ``identifies herself with her voice``; the noun
  ``verificación por voz`` alone is ``voice_line``'s). Speech recognition for dictation is no
  identity check and is not named here; a voice check named alone is a product.
* ``biometric.device_knows`` — a door, a turnstile, a reader, a camera or a phone that recognises
  the person (a clitic ``le``/``la``, any tense or mood: ``para que el torno la reconozca``), with a
  face, a finger, an eye or a voice in the same string.
* ``biometric.finger_for_papers`` — a finger or a print left, given or taken for an identity
  document, a residence permit or a border (``deja las huellas en el consulado para el visado``):
  the fingerprint enrolment of the person by an authority.
* ``biometric.pays_with_trait`` — the person pays, checks out or approves with a palm, a finger, a
  face, an eye or a voice (``paga con la huella en la cantina``, ``pays by face at the canteen``); a
  hand or a card is no trait, and a face in an idiom (``con cara de pocos amigos``) is none.
* ``politics.campaign_legwork`` — putting up posters, handing out leaflets or knocking on doors for
  a candidacy, a party, a politician or an electoral campaign (``pega carteles de la candidatura
  municipal``, ``putting up posters for the mayoral candidate``, ``knocking on doors for the mayor's
  re-election``); a marketing or a public-health campaign, a match (``partido de pádel``) or a
  designer's commission is not one.
* ``politics.campaign_donation`` — money given to the campaign of a politician or a party (``donó
  50 euros a la campaña de la alcaldesa``, ``donated to the mayor's re-election campaign``); a
  charity's campaign is not one, and building a campaign's donation page is no donation.
* ``politics.party_supporter`` — a supporter, voter, member or activist *of a party* named by the
  word ``partido`` itself (``simpatizante del partido``), or a party named by its family
  (``partido verde``, ``partido liberal``); ``partido`` before a sport is a match.
"""

from __future__ import annotations

# --- race / ethnicity --------------------------------------------------------------------------
#: An opportunity or a group of people (the thing one applies to, wins, joins or belongs to).
_OPPORTUNITY = (r"(?:programa|programas|programme|programs?|becas?|plazas?|cupos?|red|redes|asociacion|asociaciones|colectivo|mentoria"
                r"|scholarships?|fellowships?|grants?|bursar(?:y|ies)|schemes?|networks?|associations?|groups?|internships?|practicas"
                r"|ayudas?|subvencion\w*|convocatoria|cohorte?|circulo|society|alliance|affinity\s+group|erg|premios?|awards?|quotas?"
                r"|accelerators?|incubators?|aceleradora|incubadora)")
#: People named by a role (Spanish plural nouns come before the ethnic adjective, English after).
_PEOPLE = (r"(?:estudiantes|alumn[oa]s|profesionales|emplead[oa]s|trabajador[ae]s|mujeres|hombres|jovenes|chic[oa]s|ninas|ninos|personas"
           r"|personal|candidat[oa]s|solicitantes|emprendedor[ae]s|ingenier[oa]s|investigador[ae]s|artistas|familias|abogad[oa]s"
           r"|medic[oa]s|docentes|lideres|directiv[oa]s|universitari[oa]s|socias|socios|estudiantas"
           r"|students|professionals|employees|staff|workers|women|men|youth|young\s+people|girls|boys|people|candidates|applicants"
           r"|entrepreneurs|engineers|researchers|founders|artists|families|lawyers|doctors|scholars|leaders|graduates|colleagues"
           r"|nurses|teachers|creatives|developers|mentees|fellows)")
#: A people, a race or an ethnicity as an adjective or a group noun (plural forms included).
_ETHNIC_ES = (r"(?:latin[oa]s?|latinx|latines|hispan[oa]s?|negr[oa]s?|gitan[oa]s?|romanies|romanis?|afro\w+|indigenas?|asiatic[oa]s?"
              r"|arabes?|magrebies?|maories?|aborigenes?|mapuches?|racializad[oa]s?|de\s+color|african[oa]s?|subsaharian[oa]s?|amazigh)")
_ETHNIC_EN = (r"(?:black|latin[oa]s?|latinx|latine|hispanic|asian(?:[\s-]american)?|african[\s-]american|aboriginal|indigenous"
              r"|native\s+american|first\s+nations|roma|romani|gypsy|traveller|maori|bame|minority[\s-]ethnic|ethnic[\s-]minority"
              r"|pacific\s+islander|african|afro[\s-]?\w+)")
_ELIGIBILITY = rf"""
{_OPPORTUNITY}\b(?:\s+[\w']+){{0,6}}?\s+(?:reservad[oa]s?\s+(?:a|para)|exclusiv[oa]s?\s+(?:para|de)|abiert[oa]s?\s+a|para|de)\s+(?:las\s+|los\s+)?
  (?:{_PEOPLE}\s+)?(?:(?:de\s+)?(?:origen|etnia|ascendencia)\s+|(?:la\s+)?(?:comunidad|pueblo|etnia)\s+)?{_ETHNIC_ES}\b
| {_OPPORTUNITY}\b(?:\s+[\w']+){{0,6}}?\s+(?:reserved\s+for|exclusively\s+for|open\s+(?:only\s+)?to|for)\s+(?:the\s+)?{_ETHNIC_EN}\s+{_PEOPLE}\b
| {_ETHNIC_EN}\s+{_PEOPLE}(?:'s|s'|')?\s+(?:\w+\s+)?{_OPPORTUNITY}\b
"""
#: The person's own part in the opportunity or the group: applying, winning, joining, belonging.
_TAKES_PART = r"""
solicit\w* | pidi[oa] | pide | se\s+(?:present\w*|apunt\w*|inscrib\w*|unio|une|ha\s+apuntado|ha\s+inscrito) | apuntad[oa] | inscrit[oa]
| entro | entra | entrar | particip\w* | gano | ganad[oa] | recib\w* | concedi\w* | becad[oa] | beneficiari[oa] | mentorad[oa]
| soci[oa] | miembro | pertenec\w* | pertenezc\w* | forma\s+parte | milita\w* | presid\w* | portavoz | admitid[oa] | seleccionad[oa]
| opta\b | optar | accedi\w*
| appl(?:y|ies|ied|ying) | won | wins | awarded | got\s+(?:in|into|the) | gets\s+(?:in|into|the) | received | receives | joined | joins
| member\b | enrol\w* | enroll\w* | accepted | admitted | selected | mentee | recipient | part\s+of | sits\s+on | belongs | participat\w*
| chosen | shortlisted
"""
_ONLY_ONE = r"""
(?:es|soy|era|fue|sea|ser)\s+['"‘“]?\s*(?:el|la)\s+unic[oa]\s+(?:persona\s+|mujer\s+|chica\s+|hombre\s+|chico\s+)?(?:de\s+color|negr[oa]|gitan[oa]|racializad[oa])\b
| (?:the|is)\s+only\s+(?:black|brown|asian|roma|latina|latino)\s+(?:person|woman|man|one|employee|member|face|girl|guy)\b
"""

# --- biometric ---------------------------------------------------------------------------------
_LOOK_UNLOCK = r"""
(?:unlock\w*|opens?|opened|logs?\s+(?:in|on|into)|logged\s+in|signs?\s+(?:in|on)|gets?\s+in|approv\w*|authori[sz]\w*|verif\w*|clocks?\s+in|pays?|paid)
  \s+(?:[\w']+\s+){0,5}?(?:just\s+|simply\s+|only\s+)?by\s+(?:looking|staring|glancing|peering)\s+(?:at|into)\s+(?:it|the|her|his|their|a)\b
| (?:desbloque\w*|entra|entro|accede\w*|abre|abrio|ficha|firma\w*|aprueba\w*|paga|pago|autoriz\w*|verific\w*)\s+(?:[\w']+\s+){0,5}?(?:solo\s+|con\s+solo\s+)?
  mirando\s+(?:a\s+la|al|a\s+su|el|la|su)\s+(?:camara|movil|telefono|pantalla|lector|tablet\w*|portatil|ordenador|objetivo|escaner|iphone)\b
"""
_VOICE_CHECK = r"(?:voice|voz)[\s-]+(?:verification|authentication|check|login|id|biometrics?|match\w*)\b|(?:verificacion|autenticacion|identificacion)\s+(?:por|mediante|con)\s+(?:la\s+)?voz\b"
#: The person verified by their own voice, said by a verb (not the noun ``verificacion``): no other word is needed.
_VOICE_SELF = (r"(?:verific|identific|autentic)(?!acion)\w*\s+(?:por|con|mediante)\s+(?:la\s+|su\s+)?voz\b"
               r"|(?:verif(?:y|ies|ied)|authenticat\w*|identif(?:y|ies|ied))\s+(?:herself|himself|themselves)\s+(?:by|with)\s+(?:her|his|their)\s+voice\b")
_VOICE_PERSONAL = r"""
pass\s?phrase | frase\s+(?:de\s+)?(?:paso|acceso|seguridad|clave|verificacion) | (?:her|his|their|su|sus)\s+(?:\w+\s+)?(?:voice|voz|account|cuenta|calls?|llamadas?)
| read(?:s|ing)?\s+(?:his|her|their|the)\b | (?:says|saying|speaking|speaks|talking|talks)\b | leyendo | diciendo | hablando | enrol\w* | registrad\w* | dad[oa]\s+de\s+alta
"""
_DEVICE_KNOWS = r"""
(?:puertas?|tornos?|lector\w*|camaras?|sistema|movil|telefono|portatil|ordenador|tablet\w*|app|aplicacion|banco|cerradura|kiosko|quiosco|maquina|terminal|fichador\w*)
  \b[^.;]{0,60}?\b(?:le|la|lo|les|los|las)\s+(?:\w+\s+)?(?:recono[cz]\w*|identifi\w*|detect\w*)
"""
_TRAIT = r"cara | rostro | face | facial | dedo\w* | finger\w* | huellas? | thumb\w* | pulgar | ojos? | eyes? | iris | retina | voz | voice | palma | palm | venas | veins"
_PAYS_WITH_TRAIT = r"""
(?:pag(?:a|an|o|aba|ar|ara|ando)|pays?|paid|paying|checks?\s+out|checked\s+out|aprueb\w*|aprob\w*|approv\w*|autoriz\w*|authori[sz]\w*)
  \s+(?:[\w']+\s+){0,4}?(?:with|con|by|using|usando|mediante)\s+(?:el\s+|la\s+|su\s+|his\s+|her\s+|their\s+|a\s+|the\s+)?
  (?:palma|palm|huella|fingerprint|thumbprint|thumb|pulgar|dedo|finger|cara|face|rostro|iris|retina|voz|voice)\b(?!\s+(?:de\s+)?(?:pocos\s+amigos|circumstances|value))
"""
_FINGER_FOR_PAPERS = r"""
(?:dej\w*|left|leaves|gave|gives|given|dio|dado|tom\w+|sac\w+|took|taken|puso|pone|put)\s+['"‘“]?\s*(?:el|la|los|las|su|sus|her|his|their|the|a)\s+
  (?:dedo|dedos|dedito|huella|huellas|finger|fingers|fingerprints?|thumb|thumbprint|pulgar|indice)['"’”]?
  (?=[^.;]{0,60}\b(?:visa|visado|pasaporte|passport|dni|nie|tie|frontera|border|aduana|customs|immigration|inmigracion|extranjeria|residencia|residence
  |consulado|consulate|embajada|embassy|asilo|asylum|brp|biometrics\s+appointment)\b)
"""

# --- politics ----------------------------------------------------------------------------------
_SPORT = r"(?:futbol|padel|tenis|baloncesto|basket|rugby|hockey|balonmano|voley\w*|golf|beisbol|waterpolo|del\s+domingo|del\s+sabado)"
_POLITICAL_TARGET = (r"(?:candidatura\w*|candidat[oa]s?|candidates?|elecciones|electoral\w*|elections?|ballot|re-?eleccion|re-?election"
                     r"|campana\s+(?:de|del|de\s+la)\s+(?:su\s+)?(?:partido|candidat\w*|coalicion|alcald\w*|senador\w*|diputad\w*|concejal\w*)"
                     rf"|partido\b(?!\s+(?:de\s+|del\s+)?{_SPORT})|coalicion|senador\w*|senators?|alcalde\w*|mayor'?s|councillor\w*|concejal\w*|diputad\w*)")
_CAMPAIGN_LEGWORK = rf"""
(?:peg\w*|colg\w*|pon\w*|puso|repart\w*|buzone\w*|put(?:s|ting)?\s+up|hang(?:s|ing)?|hung|hands?\s+out|handing\s+out|handed\s+out|distribut\w*|deliver\w*|stuff\w*)
  \s+(?:\w+\s+){{0,2}}?(?:carteles|cartel|folletos|volantes|octavillas|panfletos|propaganda|posters?|leaflets?|flyers?|pamphlets?|yard\s+signs?|placards?)\b
  [^.;]{{0,50}}?\b{_POLITICAL_TARGET}
| (?:knock\w*\s+on\s+(?:\w+\s+)?doors|door[\s-]?knock\w*|door[\s-]to[\s-]door|puerta\s+a\s+puerta|(?:llama|tocando|toca|toco)\w*\s+(?:a\s+)?(?:las\s+)?puertas)
  [^.;]{{0,50}}?\b{_POLITICAL_TARGET}
| {_POLITICAL_TARGET}[^.;]{{0,40}}?\b(?:pega(?:r|ndo)?|reparti(?:r|endo)|repart[ea]|puts?\s+up|putting\s+up|hands?\s+out|handing\s+out)\s+(?:\w+\s+){{0,2}}?(?:carteles|folletos|volantes|octavillas|posters|leaflets|flyers)\b
"""
_CAMPAIGN_DONATION = r"""
(?:(?:hizo|hace|hara|made|makes|sent|sends|envi\w*)\s+(?:una|un|a)\s+(?:donacion|donativo|donation|contribution|aportacion)|don[oa]|donaba|donado|donates|donated|donating
  |gave|gives|contribut(?:es|ed|ing)|aport[oa]|aportado)
  \s+(?:[\w$€.,']+\s+){0,4}?(?:a|al|to|towards|for)\s+(?:la\s+|el\s+|the\s+)?(?:re-?\s?election\s+)?(?:campana|campaign)\s+(?:(?:de\s+)?re-?eleccion\s+)?(?:de|del|de\s+la|of|for)\s+
  (?:the\s+|su\s+|his\s+|her\s+|la\s+|el\s+)?(?:\w+\s+)?(?:senador\w*|senator|alcald\w*|mayor|candidat\w*|diputad\w*|congress\w*|governor|gobernador\w*|concejal\w*|councillor|partido|party|coalicion)\b
| (?:donated|donates|donating|gave|gives|contributed|contributes|don[oa])\b[^.;]{0,40}?\b(?:senator|mayor|candidate|congress\w*|governor|councillor|president)'?s?'?\s+(?:re-?election\s+|presidential\s+|senate\s+|mayoral\s+)?campaign\b
"""
_PARTY_SUPPORTER = rf"""
(?:simpatizante|votante|militante|afiliad[oa]|activista|supporter|voter|activist)s?\s+(?:de\s+un|de\s+una|del|de\s+la|de|of\s+the|of\s+a)\s+(?:partido|party)\b(?!\s+(?:de\s+|del\s+)?{_SPORT}|\s+(?:planning|committee|games?|bus))
| partido\s+(?:verde|animalista|pirata|ecologista|regionalista|nacionalista|independentista|liberal|conservador|republicano|democrata|laborista|socialdemocrata|democristiano|libertario)\b
"""

#: Per category, the indirect classes: ``(class, pattern, pattern needed in the same string or None)``.
INDIRECT: dict[str, list[tuple[str, str, str | None]]] = {
    "race_ethnicity": [("eligibility", _ELIGIBILITY, _TAKES_PART), ("only_one", _ONLY_ONE, None)],
    "biometric": [("look_unlock", _LOOK_UNLOCK, None), ("voice_line", _VOICE_CHECK, _VOICE_PERSONAL), ("voice_self", _VOICE_SELF, None),
                  ("device_knows", _DEVICE_KNOWS, _TRAIT), ("finger_for_papers", _FINGER_FOR_PAPERS, None),
                  ("pays_with_trait", _PAYS_WITH_TRAIT, None)],
    "politics": [("campaign_legwork", _CAMPAIGN_LEGWORK, None), ("campaign_donation", _CAMPAIGN_DONATION, None),
                 ("party_supporter", _PARTY_SUPPORTER, None)],
}
