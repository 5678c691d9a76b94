"""Ordinary-sense spans of stop 39 (issue 15, sp27): a special word about someone else or in a sense
that says nothing about the person.

Read through ``memory.inspection.special.ordinary_spans`` like ``special_roles.role_spans``: the
lexicon reads a string outside these spans and the n-gram stage the sentences without one; the
vector stage reads the note whole, as before. Each class is a frame with what the word is about
named in it, never a word alone:

- another person's own matter (``_OTHERS_MATTER``): a relative, a friend, a colleague or a
  flatmate who has, is treated for or is diagnosed with something, who marries a partner or runs
  for an office ("su madre tiene Alzheimer", "her brother is marrying his boyfriend", "a colleague of
  hers is on maternity leave"), the person taking such a relative to care ("para llevarlo a
  terapia", "drives her dad to dialysis") and the care named as theirs ("la quimio de su madre").
  Not where the sentence ties the person to it (``_SHARED``: "too", "como ella", the same variant,
  what runs in the family) nor where it names an ethnicity or a gene (a parent's origin or variant
  says something about the person too); not a partner (a wife says who the person is with);
- a star sign, a game of chance or divination told of as a pastime (``_PASTIME``): "es Cáncer de
  signo", "he's a Cancer", a horoscope, palm reading, and disbelief in "all that" beside them;
- a game or a gadget named by a crime word (``_GAME_CRIME``): the Monopoly jail, a get-out-of-jail
  card, a prison-break or heist themed escape room or party, a murder-mystery dinner, a jailbroken phone;
- a food or a drink named by a religious word (``_NAMED_FOOD``): monk fruit, kosher salt or a
  kosher-style deli, convent sweets, an abbey or Trappist beer, angel food cake;
- devotion to a team, a brand or a habit (``_FAN_DEVOTION``): "devoto del Real Betis" beside a match or
  a season ticket, "a devout Arsenal fan";
- an evangelist of a technology (``_TECH_EVANGELIST``): "the Linux evangelist", "evangelista de
  Kubernetes", "developer evangelist";
- the client or the account the person works for described (``_CLIENT_IS``): "el cliente es una ONG
  católica", "the client is a fertility clinic".

Every pattern reads the inspection form (ASCII, lower case, accents removed). Written from the false
positives of the spent authors up to AJ36 by class, before AK37 and AL38 were read (docs/privacy.md,
"Stop 39, sp27").
"""

from __future__ import annotations

import re

#: Stops a span at the end of its clause (a conjunction or punctuation), so that what follows is read.
_TO_CLAUSE_END = (r"(?:(?!\b(?:and|y|but|pero|so|asi\s+que|que|porque|because|like|como|too|tambien|also|ademas|donde|where|who|which"
                  r"|en\s+(?:el|la)\s+que)\b)[^.,;:!?()])*")
#: Relatives and other people a note names beside the person (possessive required); not a partner.
_OTHER = (r"(?:(?:su|sus|his|her|their)\s+(?:(?:late|older|younger|elder|big|little|eldest|youngest|best|mayor|menor|pequen[oa]"
          r"|difunt[oa]|mejor)\s+)?"
          r"(?:herman[oa]s?|padre|madre|padres|papa|mama|abuel[oa]s?|ti[oa]s?|prim[oa]s?|hij[oa]s?|sobrin[oa]s?|cunad[oa]s?"
          r"|suegr[oa]s?|niet[oa]s?|amig[oa]s?|compis?|companer[oa]s?(?:\s+de\s+(?:piso|trabajo|equipo|clase|oficina))?|vecin[oa]s?"
          r"|jef[ea]s?|brothers?|sisters?|father|mother|dad|mum|mom|parents|grand(?:father|mother|dad|pa|ma|parents|son|daughter)s?"
          r"|uncles?|aunts?|cousins?|sons?|daughters?|nephews?|nieces?|kids?|(?:father|mother|brother|sister|son|daughter)[\s-]in[\s-]law"
          r"|friends?|colleagues?|co-?workers?|flatmates?|roommates?|housemates?|neighbou?rs?|boss|manager)"
          r"|(?:(?:an?|one)\s+)?(?:colleague|friend|co-?worker|neighbou?r|flatmate|roommate)\s+of\s+(?:hers|his|theirs)"
          r"|(?:un|una)\s+(?:companer[oa]|amig[oa]|vecin[oa])\s+suy[oa])")
#: The other person's own state, care, wedding or candidacy, to the end of its clause.
_ITS_STATE = (r"(?:tiene|tenia|tuvo|padece|padecia|sufre|sufria|lleva\s+anos\s+con|vive\s+con|has|had|suffers|suffered|lives\s+with"
              r"|(?:fue|ha\s+sido|was|has\s+been|got)\s+(?:diagnosticad[oa]|operad[oa]|ingresad[oa]|diagnosed|admitted|operated)"
              r"|esta\s+(?:ingresad[oa]|de\s+baja|en\s+(?:tratamiento|rehabilitacion|el\s+hospital|quimio\w*|dialisis))"
              r"|is\s+(?:in\s+(?:hospital|rehab|treatment|chemo\w*)|on\s+(?:\w+\s+)?leave|having\s+(?:surgery|chemo\w*)|recovering)"
              r"|se\s+(?:casa|va\s+a\s+casar)\s+con|(?:is|was)\s+(?:getting\s+)?marr(?:ying|ied)(?:\s+to)?"
              r"|se\s+presenta\s+(?:a|para)|(?:is|was)\s+running\s+for|se\s+opera|es\s+(?:lesbiana|gay|bisexual|trans)"
              r"|is\s+(?:a\s+)?(?:lesbian|gay|bisexual|trans))\b")
#: Taking a relative (a clitic, or the relative named) to care.
_TAKES_TO_CARE = (r"(?:llevarl[oae]s?|acompanarl[oae]s?|recogerl[oae]s?|(?:lleva|llevar|acompana\w*|recoge\w*)\s+a\s+"
                  r"(?:su|sus)\s+\w+|(?:takes?|taking|took|drives?|driving|drove|accompan\w*|brings?|bringing)\s+"
                  r"(?:his|her|their)\s+(?:\w+\s+)?\w+)\s+(?:a|al|a\s+la|to|to\s+the|to\s+(?:his|her|their))\s+"
                  r"(?:\w+\s+)?(?:terapia|therapy|quimio\w*|chemo\w*|dialisis|dialysis|medico|doctor|rehabilitacion|rehab|fisio\w*|physio\w*"
                  r"|logopeda|speech\s+therap\w*|psicolog[oa]|psiquiatra|psychiatrist|psychologist|hospital|consulta|appointments?"
                  r"|citas?|revision\w*|check-?ups?|oncolog\w*|neurolog\w*|radio\w*)\b")
#: The care or the condition named as the other person's ("la quimio de su madre", "her dad's chemo"),
#: or their wedding ("her best friend's wedding to his husband"), to the end of the clause.
_CARE = (r"(?:quimio\w*|dialisis|terapia|rehabilitacion|fisio\w*|alzheimer|parkinson|demencia|cancer|enfermedad|operacion"
         r"|diagnostico|tratamiento|medicacion|ictus|infarto|ingreso|baja)")
_CARE_OF = (r"(?:el|la|los|las)\s+(?:\w+\s+(?:de\s+)?)?" + _CARE + r"\s+(?:de|del)\s+"
            + _OTHER.replace("(?:(?:su|sus|his|her|their)", "(?:(?:su|sus)", 1)
            + r"|(?:his|her|their)\s+(?:\w+\s+)?(?:mum|mom|mother|dad|father|parents|brother|sister|son|daughter|grandmother|grandfather"
            r"|gran|grandma|grandpa|aunt|uncle|cousin|niece|nephew|friend|colleague|boss|flatmate|roommate)'s\s+(?:\w+\s+){0,2}?"
            r"(?:chemo\w*|dialysis|surgery|operation|treatment|therapy|rehab|diagnosis|illness|condition|appointments?|care|medication|meds"
            r"|wedding|campaign)\b" + _TO_CLAUSE_END)
_OTHERS_MATTER = re.compile(rf"\b{_OTHER}(?:,?\s+\w+,?)?\s+{_ITS_STATE}{_TO_CLAUSE_END}|\b{_TAKES_TO_CARE}|\b(?:{_CARE_OF})")
#: The person tied to the other's matter anywhere in the note, or a word that says something about
#: the person whoever it is said of (an origin, a gene): no span.
_SHARED = re.compile(
    r"\b(?:like\s+(?:her|him|them)|como\s+(?:ella|el)|as\s+(?:is|was|does|did|has|had)\s+(?:she|he|they)|too|also|tambien|as\s+well"
    r"|both|ambos|ambas|los\s+dos|las\s+dos|same|mism[oa]s?|comparten|own|propi[oa]s?|hereditar\w*|heredad[oa]"
    r"|heredo|inherit\w*|runs\s+in\s+the\s+family|de\s+familia|genetic\w*|genes?|gen|brca\w*|mutacion\w*|mutation|variant\w*"
    r"|portador\w*|carrier|estudio\s+familiar|family\s+(?:history|study|screening)|antecedentes|cribado|screening|adn|dna|cromosom\w*|chromosom\w*|sindrome\s+de\s+down|down\s+syndrome"
    r"|gitan\w*|roma|romani|mapuche|indigen\w*|quechua|aymara|amazigh|berber|bereber|black|negr[oa]|mestiz\w*|african\w*"
    r"|afro\w*|latin[oa]|hispan\w*|asiatic\w*|asian|arab\w*|judi[oa]|jewish|ethnic\w*|etnic\w*|race|raza|heritage|origen"
    r"|ella\s+(?:tambien|igual)|she\s+(?:does|is|has)\s+too|el\s+(?:tambien|igual))\b")
#: A cheap look-up for ``_OTHERS_MATTER``: a word for another person, or a verb of taking someone to care.
_OTHERS_GATE = re.compile(r"herman|padre|madre|papa|mama|abuel|\bti[oa]s?\b|prim[oa]|hij[oa]|sobrin|cunad|suegr|niet[oa]|amig|compi|companer"
                          r"|vecin|jef[ea]|brother|sister|father|mother|dad|mum|mom|parent|grand|uncle|aunt|cousin|\bsons?\b|daughter|kid"
                          r"|nephew|niece|friend|colleague|worker|mate|neighb|boss|manager|llevarl|acompan|recog|takes|taking|took|drive"
                          r"|drove|bring")

#: A star sign, a horoscope or a reading of palms or cards as a pastime, and disbelief in "all that" beside one.
_PASTIME_WORD = re.compile(r"zodia|horosc|astrolog|tarot|signo|star\s+sign|sun\s+sign|lean\s+la\s+mano|leer\s+la\s+mano|palm\s+read"
                           r"|palmistry|quiromancia|cartas|fortune|vidente|videncia|psychic|adivin")
_PASTIME = re.compile(
    r"\b(?:(?:es|is|he'?s|she'?s|soy|i'?m)\s+(?:an?\s+|un[a]?\s+)?(?:typical\s+|tipic[oa]\s+|muy\s+)?cancer(?:ian)?"
    r"(?:\s+(?:by\s+(?:zodiac|star|sun)\s+sign|de\s+signo|del\s+zodiaco|sun|rising|moon))?"
    r"|(?:(?:zodiac|star|sun)\s+sign|signo(?:\s+del\s+zodiaco)?|ascendente|rising)\s+(?:is\s+|es\s+|:\s*)?(?:en\s+)?cancer"
    r"|cancer\s+(?:by\s+(?:zodiac|star|sun)\s+sign|de\s+signo|del\s+zodiaco|(?:sun|rising|moon)\b|con\s+ascendente)"
    r"|(?:no\s+)?cree\s+(?:en\s+)?(?:nada\s+de\s+(?:eso|esto|todo\s+eso)|en\s+(?:el\s+horoscopo|la\s+astrologia|el\s+tarot|los\s+signos))"
    r"|(?:doesn'?t|does\s+not|don'?t)\s+(?:really\s+)?believe\s+(?:in\s+)?(?:any\s+of\s+(?:it|that|this)|a\s+word\s+of\s+it"
    r"|in\s+(?:horoscopes|astrology|tarot|star\s+signs))"
    r"|(?:believes?|cree)\s+in?\s*(?:horoscopes|astrology|tarot|star\s+signs|el\s+horoscopo|la\s+astrologia|el\s+tarot))\b")

#: A game, a party or a gadget named by a crime word.
_CRIME_GAME_WORD = re.compile(r"jail|carcel|prison|prision|heist|atraco|murder|asesinato|crime|crimen|robbers|ladrones")
_GAME_CRIME = re.compile(
    r"\b(?:(?:la\s+|the\s+)?['\"‘“]?(?:carcel|jail|prision|prison)['\"’”]?\s+(?:del|de\s+la|in|on|of)\s+(?:the\s+)?monopoly"
    r"|(?:get|gets|got|sal\w*|salir)\s+(?:out\s+of\s+jail|de\s+la\s+carcel)\s+(?:free|gratis)(?:\s+card|\s+carta)?"
    r"|(?:prison|jail)[\s-]?break(?:[\s-](?:themed|style|game|party|escape\s+room|room))?|heist[\s-](?:themed|style|game|party|movie|film)"
    r"|(?:\w+[\s-]){0,2}(?:prison|jail|heist|crime)[\s-]themed|murder[\s-]myster(?:y|ies)(?:\s+(?:party|dinner|night|game|evening))?"
    r"|cena\s+(?:de\s+)?(?:misterio|asesinato)|true[\s-]crime|policias\s+y\s+ladrones|cops\s+and\s+robbers"
    r"|escape\s+room\s+(?:\w+\s+){0,3}?(?:de\s+la\s+|de\s+una\s+|en\s+una\s+|of\s+a\s+|in\s+a\s+)?(?:carcel|prision|prison|jail)"
    r"|jailbr[eo]a?k\w*(?:\s+(?:his|her|their|the|an?|su|el)\s+\w+)?)")

#: A food or a drink named by a religious word.
_FOOD_WORD = re.compile(r"monk|kosher|convent|monja|abad|abbey|trapp|trapens|angel|cross\s+bun|santo|cielo|buddha|buda")
_NAMED_FOOD = re.compile(
    r"\b(?:monk\s*fruit|fruta\s+del\s+monje|kosher[\s-](?:style|salt)|sal\s+kosher|(?:dulces|pasteles|galletas|mermeladas?|yemas|bizcochos?"
    r"|sweets|cakes|cookies|biscuits|pastries|jams?)\s+(?:\w+\s+)?(?:de|del|de\s+las|from\s+the|from|of\s+the)\s+(?:convento|conventos|monjas"
    r"|clausura|convent|convents|nuns|monasterio|monastery|abbey)|convent\s+(?:sweets|cakes|cookies|biscuits|pastries)"
    r"|(?:cerveza|cervezas)\s+(?:de\s+)?(?:abadia|trapense\w*)|(?:abbey|trappist)\s+(?:ale|beer|beers|ales|tripel|dubbel)|trappist"
    r"|angel\s+(?:food|cake)|hot\s+cross\s+buns?|huesos\s+de\s+santo|tocino\s+de\s+cielo|suspiros\s+de\s+monja|buddha\s+bowls?"
    r"|bowls?\s+de\s+buda)\b")

#: Devotion to a team, a brand or a habit.
_FAN_WORD = re.compile(r"devot|devout")
_FAN_CONTEXT = re.compile(r"\b(?:partidos?|match(?:es)?|games?|estadio|stadium|temporada|season|abono|season\s+ticket|liga|league"
                          r"|hincha|fans?|aficionad[oa]|supporter|gol(?:es)?|goals?|campo|grounds?|away|fuera\s+de\s+casa)\b")
_FAN_DEVOTION = re.compile(
    r"\b(?:(?:muy\s+|gran\s+|fiel\s+|very\s+)?(?:devot[oa]s?|devout|devotee)['’\"”]?\s+(?:del|de\s+la|de\s+los|of\s+the|of)\s+"
    r"(?!(?:virgen|santo|santa|san|cristo|jesus|senor|dios|god|lord|saint|st|our\s+lady|nuestra\s+senora|fe|faith|iglesia|church"
    r"|misa|mass|rosario|rosary)\b)(?:\w+\s+){0,2}?\w+"
    r"|devout['’\"”]?\s+(?:\w+\s+)?(?:fan|supporter|follower\s+of\s+(?:the\s+)?\w+\s+(?:fc|united|city|club|team)))\b")

#: An evangelist of a technology, a product or a method.
_TECH = (r"(?:tech\w*|developer|dev|devrel|product|brand|chief|cloud|data|ai|linux|open[\s-]?source|software|api|agile|scrum|devops"
         r"|ux|design|security|platform|kubernetes|k8s|docker|python|rust|java\w*|typescript|apple|mac|google|microsoft|excel"
         r"|notion|vim|emacs|android|iphone|crypto|bitcoin|blockchain|startup|saas|framework|lean|remote[\s-]work|customer)")
_TECH_EVANGELIST = re.compile(
    rf"\b(?:{_TECH}['\"’”]?\s+['\"‘“]?evangelists?|['\"‘“]?evangelist(?:a|as|s)?['\"’”]?\s+(?:de|del|of|for)\s+(?:\w+\s+)?{_TECH})\b")

#: The client or account the person works for, described.
_CLIENT_IS = re.compile(
    r"(?<!\bof\s)(?<!\bde\s)(?<!\bdel\s)\b(?:(?:el|la|su|nuestro|nuestra|our|the|her|his|their|new|nuevo|main|principal)\s+)+(?:cliente|client|customer|cuenta"
    r"|account)\s+(?:(?:nuevo|nueva|new|main|principal|de\s+esta\s+semana|this\s+week)\s+)?(?:es|is|:)\s+(?:una?|an?|the|el|la)\s+"
    + _TO_CLAUSE_END)
_CLIENT_WORD = re.compile(r"client|customer|account|cuenta")
#: The person's own part in what the client is ("donde ella misma se trata", "her own clinic"): no span.
_OWN = re.compile(r"\b(?:ella\s+misma|el\s+mismo|si\s+mism[oa]|herself|himself|themselves|own|propi[oa]s?)\b")

# --- added after AK37 and AL38 were read (in sample there) ----------------------------------------
#: A crime word in quotes as hyperbole ("el tráfico a esas horas 'es un delito'", "that haircut is 'a crime'").
_CRIME_HYPERBOLE = re.compile(r"(?:(?<![a-z])['‘]|[\"“])\s*(?:es\s+un\s+|is\s+a\s+|it'?s\s+a\s+|a\s+|un\s+)?(?:delito|crimen|crime|criminal)\s*['’\"”]"
                              r"|\b(?:es\s+un|is\s+a)\s+['‘\"“]\s*(?:delito|crimen|crime)\b")
#: The colour of a thing ("a rainbow-coloured cake", "coloured pencils", "ropa de color").
_COLOURED = re.compile(r"\b(?:[a-z]+-colou?red|multi-?colou?red|colou?red\s+(?:pencils?|pens?|lights?|paper|glass|card|ink|sprinkles"
                       r"|balloons?|chalk|tape|stickers?|beads?|lanterns?|laundry|wash|clothes|tiles?|bricks?|stones?|markers?|folders?))\b")
#: The fingerprint of a device, a browser or a file ("fingerprinting de navegadores", "browser fingerprinting").
_DEVICE_FINGERPRINT = re.compile(
    r"\b(?:(?:browser|device|canvas|tls|ja3|audio|digital|file|network|os|tcp)\s+fingerprint\w*"
    r"|fingerprint\w*\s+(?:de|of)\s+(?:los\s+|las\s+|the\s+)?(?:navegador\w*|dispositivos?|browsers?|devices?|archivos?|files?|red|network))\b")
#: A place's name given after "called" ("su restaurante favorito se llama El Convento", "a bar called The Chapel").
_PLACE_NAMED = re.compile(
    r"\b(?:restaurante|restaurant|bar|pub|cafe|cafeteria|hotel|tienda|shop|store|gimnasio|gym|club|bakery|panaderia|sala|venue)\s+"
    r"(?:\w+\s+){0,2}?(?:se\s+llama|is\s+called|called|named|llamad[oa])\s+(?:\w+\s+){0,2}\w+")

#: (gate, frame): a frame runs only where its gate finds a word it turns on.
_GATED: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (_PASTIME_WORD, _PASTIME),
    (_CRIME_GAME_WORD, _GAME_CRIME),
    (_FOOD_WORD, _NAMED_FOOD),
    (re.compile("evangelist"), _TECH_EVANGELIST),
    (re.compile("delito|crimen|crime|criminal"), _CRIME_HYPERBOLE),
    (re.compile("colou?red"), _COLOURED),
    (re.compile("fingerprint"), _DEVICE_FINGERPRINT),
    (re.compile("llama|called|named"), _PLACE_NAMED),
)


def sense_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) in one of this module's classes (module docstring); a new list."""
    spans = [m.span() for gate, pattern in _GATED if gate.search(text) for m in pattern.finditer(text)]
    if _CLIENT_WORD.search(text) and not _OWN.search(text):
        spans += [m.span() for m in _CLIENT_IS.finditer(text)]
    if _FAN_WORD.search(text) and _FAN_CONTEXT.search(text):
        spans += [m.span() for m in _FAN_DEVOTION.finditer(text)]
    if _OTHERS_GATE.search(text) and not _SHARED.search(text):
        spans += [m.span() for m in _OTHERS_MATTER.finditer(text)]
    return spans


# --- sp34 (stop 46): a special word used as a figure of speech -------------------------------------
#: Written from the pooled false positives of the spent authors A1–BL64 by class (docs/privacy.md,
#: "Stop 46, sp34"). A figure is told by its grammar, not by a sentence: the special noun is the head of a
#: comparison or of a name given to a thing, it is qualified by a worldly domain ("the bible of clean
#: code", "her marketing bible", "el papa del SEO", "the demo gods", "como una religión"), or heredity is
#: said of a trait of character ("inherited … her stubbornness", "la pasión por el ajedrez 'la lleva en
#: los genes'") or of a thing ("her starter has 'good genes'"). Every stage reads outside these spans
#: (``memory.inspection.special.ordinary_spans`` and ``vector_spans``).
_NOT_WORLDLY = (r"(?!(?:god|dios|jesus|jesucristo|christ|cristo|allah|ala|the\s+lord|el\s+senor|la\s+virgen|our\s+lady|san|santa|saint|st"
                r"|catholic\w*|catolic\w*|christian\w*|cristian\w*|evangel\w*|protestant\w*|orthodox\w*|ortodox\w*|mormon\w*|jewish|judi\w*"
                r"|islam\w*|muslim\w*|musulman\w*|hindu\w*|buddh\w*|budis\w*|sikh\w*|jerusalem|jerusalen|rome|roma|vatican\w*|the\s+holy"
                r"|olymp\w*|olimp\w*|greek|griegos?|roman[oa]?s?|norse|nordicos?|ancient|antiguos?|pagan\w*|aztec\w*|egypt\w*|egipci\w*"
                r"|celt\w*|vikings?|old|false|falsos?|other|otros?)\b)")
_FIGURE_NOUN = r"(?:bible|biblia|religion|religious\s+experience|mantra|gospel|evangelio|church|iglesia|temple|templo|cathedral|catedral|mecca|meca|shrine|santuario|altar)"
_Q_OPEN = r"['\"‘“«]"
_Q_CLOSE = r"['\"’”»]"
_FIGURE = re.compile(
    # the noun qualified by a worldly domain: "the bible of clean code", "la biblia del marketing", "biblia de estilo"
    r"\b(?:bible|biblia|mantra|papa|pope)\s+(?:of|de|del|de\s+la|de\s+los)\s+(?:the\s+|la\s+|el\s+|los\s+)?" + _NOT_WORLDLY + r"[a-z]+"
    # an English compound: "her cooking bible", "that book is her marketing bible"
    + r"|\b(?:her|his|their|my|our|the|a|an|su|that|this)\s+(?!(?:holy|family|study|king|james|catholic|childrens?|pocket|good|gideon"
    r"|hebrew|bilingual|illustrated|old|new|whole|entire|own|daily|personal|leather|english|spanish|greek|latin|jerusalem|lutheran"
    r"|protestant|orthodox|jewish|christian|evangelical|baptist|annotated|wednesday|sunday|weekly)\b)[a-z]+\s+bible\b"
    r"(?!\s+(?:study|studies|class|classes|fellowship|group|school|camp|reading|readings|verses?|college|meeting))"
    # a religious noun in quotes as the name given to a thing, or as what a thing is to someone:
    # "calls the Bernabéu 'his church'", "el libro de estilo es 'su biblia'"
    + r"|\b(?:calls?|called|calling|llama|llaman|llamo|considera|considers?|es|is|son|are)\s+(?:a\s+)?(?:[\w'-]+\s+){0,4}?" + _Q_OPEN
    + r"\s*(?:(?:the|el|la|my|his|her|their|mi|su|sus|a|an|una?)\s+)?(?:[a-z]+\s+)?" + _FIGURE_NOUN + r"\b[^'\"’”»]{0,30}" + _Q_CLOSE
    # a comparison: "se toma el fútbol como una religión", "like a religion", "'a religious experience'"
    + r"|\b(?:como|like|as)\s+(?:una?|a|an)\s+(?:religion|religious\s+experience|experiencia\s+religiosa)\b"
    + r"|" + _Q_OPEN + r"\s*(?:a|an|una?)\s+(?:religious\s+experience|experiencia\s+religiosa)\s*" + _Q_CLOSE
    # the gods or the pope of a worldly domain: "prays to the demo gods", "los dioses del fútbol", "el papa del SEO"
    + r"|\b(?:(?:reza\w*|pray\w*|sacrific\w*|offer\w*|ofrec\w*|encomienda\w*)\s+(?:[\w'-]+\s+){0,3}?)?(?:(?:the|los|a\s+los)\s+"
    + _NOT_WORLDLY + r"[a-z]+\s+gods\b|dioses\s+(?:del|de\s+la|de\s+los)\s+" + _NOT_WORLDLY + r"[a-z]+)"
    + r"|\b(?:el|the)\s+" + _Q_OPEN + r"?\s*(?:papa|pope|guru|mesias|messiah)\s*" + _Q_CLOSE + r"?\s+(?:de|del|of)\s+(?:the\s+|la\s+|el\s+)?"
    + _NOT_WORLDLY + r"[a-z]+"
    # a believer in a method or a tool: "a true believer in agile"
    + r"|\b(?:true|firm|big|great|huge|strong|real)\s+believer" + _Q_CLOSE + r"?\s+in\s+" + _NOT_WORLDLY
    + r"(?!(?:heaven|karma|reincarnation|the\s+afterlife|prayer|miracles)\b)[a-z]+")
_FIGURE_GATE = re.compile(r"bibl|religi|mantra|gospel|evangel|church|iglesia|templ|catedral|cathedral|mec|shrine|santuario|altar|papa|pope|gods"
                          r"|dioses|guru|mesias|messiah|believer")

#: A trait of character or a taste (what heredity is said of in a figure).
_TRAIT = (r"(?:stubborn\w*|cabezot\w*|cabezoneria|terquedad|tozudez|testarudez|puntualidad|impuntualidad|punctual\w*|unpunctual\w*"
          r"|patience|paciencia|impatience|impaciencia|temper|(?:mal\s+)?genio|humou?r|sense\s+of\s+humou?r|sentido\s+del\s+humor"
          r"|optimis\w*|pesimis\w*|pessimis\w*|perfeccionismo|perfectionism|talent\w*|knack|don\s+(?:para|de)|gift\s+for|pasion\s+por"
          r"|passion\s+for|love\s+of|love\s+for|amor\s+por|gusto\s+por|taste\s+for|habit\s+of|mania\s+de|sweet\s+tooth|curiosity"
          r"|curiosidad|laziness|pereza|competitive\w*|competitiv\w*|mal\s+caracter|caracter|character|charm|encanto|mala\s+leche"
          r"|bad\s+jokes|terrible\s+puns|puns|chistes\s+malos"
          r"|lo\s+(?:cabezot[oa]|terc[oa]|testarud[oa]|tozud[oa]|puntual|impuntual|despistad[oa]|charlatan[a]?|presumid[oa]|perfeccionista"
          r"|ordenad[oa]|desordenad[oa]|mandon[a]?|gruñon[a]?|grunon[a]?|tacañ[oa]|tacan[oa]|bromista|cotilla)"
          # sp37: manners, values and wit, a craft or a taste of the household
          r"|manners|modales|values|valores|educacion|politeness|cortesia|hospitality|hospitalidad|generosity|generosidad"
          r"|work\s+ethic|etica\s+(?:de|del)\s+trabajo|sarcasm|sarcasmo|ironia|irony|wit|ingenio|green\s+fingers|mano\s+para\s+las\s+plantas"
          r"|olfato\s+para\s+los\s+negocios|business\s+sense|love\s+of\s+\w+|gusto\s+por\s+\w+)\b")
_HEREDITY = (r"(?:inherit\w*|hered\w*|in\s+(?:the|his|her|their|our)\s+(?:family\s+)?(?:genes|blood|dna)|en\s+(?:los|sus)\s+genes"
             r"|en\s+la\s+sangre|en\s+el\s+adn(?:\s+(?:de\s+la\s+familia|familiar))?|runs\s+in\s+(?:the|his|her|their)\s+(?:family|genes|blood|dna)"
             r"|viene\s+de\s+familia|corre\s+por\s+(?:sus|las)\s+venas)")
_CLAUSE_GAP = r"[^.;:!?()]{0,60}?"
_TRAIT_INHERITED = re.compile(
    rf"\b{_HEREDITY}{_CLAUSE_GAP}\b(?:(?:her|his|their|su|sus|el|la|lo|the)\s+)?{_TRAIT}"
    rf"|\b(?:(?:her|his|their|su|sus|el|la|los|las|the|good|bad|great|buen[oa]s?|mal[oa]s?)\s+|(?=lo\s))?{_TRAIT}{_CLAUSE_GAP}{_Q_OPEN}?\s*(?:(?:la|lo|le|it'?s|is|es|was|era|son|are)\s+)?(?:(?:lleva|viene|trae|carries)\s+)?{_HEREDITY}")
#: Good or bad genes, or DNA, said in quotes of a thing ("her sourdough starter has 'good genes'", "el fondo tiene 'buen ADN'").
_THING_GENES = re.compile(_Q_OPEN + r"\s*(?:good|great|bad|strong|buen|buenos|mal|malos|gran)\s+(?:genes|dna|adn)\s*" + _Q_CLOSE)
_HEREDITY_GATE = re.compile(r"inherit|hered|genes|genetic|adn|dna|sangre|blood|familia|family|venas")

# --- sp37 (stop 47): more figures, as classes -------------------------------------------------------
#: Written from the classes of the false positives of BM65–BP68 and the brief's list for BQ69/BR70 (read
#: at the start of stop 47, so in sample there; docs/privacy.md, "Stop 47, sp37"). The trait list above
#: also takes manners, values, wit and a household's crafts, and heredity "in the family DNA" or "runs in
#: her genes"; the vector stage is outvoted on these spans as on sp34's (``special._sense_outvoted``).
#: Politics of a workplace or a group ("office politics", "la política interna del club", "en su oficina
#: 'hay mucha política'", "politiqueo"): rivalries, not a political opinion.
_WORLDLY_POLITICS = re.compile(
    r"\b(?:office|workplace|work|company|corporate|internal|departmental|department|team|school|playground|family|club|academic"
    r"|faculty|hospital|newsroom|kitchen|staffroom|staff\s+room)\s+politics\b"
    r"|\bpolitica\s+(?:interna|de\s+(?:la\s+|el\s+)?(?:oficina|empresa|despacho|departamento|equipo|club|colegio|facultad|redaccion|cocina"
    r"|familia|comunidad\s+de\s+vecinos))\b"
    r"|\b(?:oficina|trabajo|curro|empresa|departamento|equipo|despacho|facultad|redaccion|office|work|department|team)\b[^.;:!?]{0,40}?"
    r"\b(?:hay\s+)?(?:mucha|demasiada|tanta|there'?s\s+(?:a\s+lot\s+of|too\s+much|so\s+much)|lots\s+of|too\s+much)\s+(?:politica|politics)\b"
    r"|\bpolitiqueo\b")
#: A worldly thing said to be the person's religion, faith or bible, unquoted ("el fútbol es su religión",
#: "cycling has become his church"); not a faith named as the person's ("el islam es su religión").
_IS_HER_RELIGION = re.compile(
    r"\b(?:(?:el|la|los|las|the)\s+)?" + _NOT_WORLDLY
    + r"(?!(?:juda\w*|sij\w*|tao\w*|sinto\w*|shinto\w*|wicca\w*|jainis\w*|zoroastr\w*|la\s+fe|faith|fe|religion\w*|dios|god|jehova\w*"
    r"|testigos|iglesia|church|anglican\w*|adventist\w*|bahai\w*|rastafari\w*|quaker\w*|scientolog\w*|cienciolog\w*|ateismo|atheism"
    r"|agnosticism\w*|humanism\w*|which|que|it|this|that|esto|eso|esa|ese|este|esta|what|lo|she|he|they|ella|el)\b)[a-z]+"
    r"\s+(?:es|is|son|are|era|was|se\s+ha\s+convertido\s+en|has\s+become|became)\s+(?:(?:basically|practically|practicamente|casi|like"
    r"|como)\s+)?(?:su|sus|his|her|their|mi|my)\s+(?:(?:verdadera|true|real|only|unica|autentica)\s+)?(?:religion|iglesia|church|biblia"
    r"|bible)\b")
#: Heredity said of a bred plant or animal ("which cultivars pass on the deep red colour", "los cachorros
#: heredan el color de la madre"): a breeder's genetics, not the person's.
_BRED_HEREDITY = re.compile(
    r"\b(?:cultivars?|cultivares|varieties|variedades|roses|rosas|rosales|plants?|plantas|seedlings?|plantones|breeds?|razas?|puppies"
    r"|cachorr[oa]s|litters?|camadas?|hens|gallinas|strains?|cepas|tomatoes|tomates|orchids|orquideas|chickens|pollos|cattle|ganado"
    r"|horses|caballos|yeguas|mares|foals|potros|sheep|ovejas|hybrids?|hibridos?|crosses|cruces)\b[^.;:!?]{0,40}?"
    r"\b(?:pass\w*\s+on|inherit\w*|hered\w*|transmit\w*|breed\w*\s+true|(?:dominant|recessive|dominante|recesiv[oa])\b)[^.;:!?]{0,40}")
#: A bred animal's genetics, told with its breeder or pedigree ("el criador le entregó el test genético de
#: displasia", "the breeder's genetic health certificates"): the animal's, not the person's.
_ANIMAL_GENETICS = re.compile(
    r"\b(?:criador\w*|breeder'?s?|pedigri|pedigree|raza\s+pura|purebred|pure-bred|cachorr\w*|pupp(?:y|ies)|camada|litter)\b"
    r"[^.;:!?]{0,60}?\b(?:genetic\w*|genetic[oa]s?|adn|dna)\b[^.;:!?]{0,40}")
#: A thing or a time held "sacred" by the person ("el brunch del domingo es sagrado para él", "his Friday
#: run is sacred to him", "la siesta es sacrosanta"), sp38: how much it matters to them, not a belief. sp30's
#: ``special_names._IDIOM`` read only a time of the week before it, and only for the vector stage; the n-gram
#: stage read the rest as religion. Not the person's faith or a rite said so ("la misa es sagrada para ella"):
#: the lexicon reads those words outside the span.
_HELD_SACRED = re.compile(
    r"\b(?:es|son|is|are|era|was|were|sigue\s+siendo|remains?)\s+(?:(?:muy|casi|practicamente|absolutamente|totally|practically|almost"
    r"|basically|pretty\s+much|kind\s+of|somewhat)\s+)?['\"‘“]?\s*(?:sagrad[oa]s?|sacred|sacrosanct|sacrosant[oa]s?|sacrosanct[oa]s?)\b['\"’”]?"
    r"(?:\s+(?:para|to|for)\s+(?:el|ella|ellos|ellas|him|her|them|me|mi|us|nosotros|la\s+familia|the\s+family|\w+))?")
_SACRED_GATE = re.compile(r"sagrad|sacred|sacrosan")
#: "Religiously" of a habit ("sigue 'religiosamente' su rutina", "religiously checks the scores").
_RELIGIOUSLY = re.compile(r"['\"‘“]?\b(?:religiosamente|religiously)\b['\"’”]?")
_BRED_GATE = re.compile(r"cultivar|variet|varied|rosa|rose|plant|seedling|breed|raza|pupp|cachorr|litter|camada|hen|gallina|strain|cepa"
                        r"|tomat|orchid|orquid|chicken|pollo|cattle|ganado|horse|caballo|yegua|mare|foal|potro|sheep|oveja|hybrid|hibrid|cross|cruce")


def figure_of_speech_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) where a special noun is a figure of speech (``_FIGURE``;
    sp37: ``_WORLDLY_POLITICS``, ``_IS_HER_RELIGION``; sp38: ``_HELD_SACRED``) or heredity is said of a trait or a thing
    (``_TRAIT_INHERITED``, ``_THING_GENES``; sp37: ``_BRED_HEREDITY``); a new list."""
    spans = [m.span() for m in _FIGURE.finditer(text)] if _FIGURE_GATE.search(text) else []
    if _HEREDITY_GATE.search(text):
        spans += [m.span() for m in _TRAIT_INHERITED.finditer(text)] + [m.span() for m in _THING_GENES.finditer(text)]
    # sp37: a workplace's politics, a worldly thing as the person's religion, a breeder's heredity
    if "politi" in text:
        spans += [m.span() for m in _WORLDLY_POLITICS.finditer(text)]
    if "religion" in text or "iglesia" in text or "church" in text or "bibl" in text:
        spans += [m.span() for m in _IS_HER_RELIGION.finditer(text)]
    if _BRED_GATE.search(text):
        spans += [m.span() for m in _BRED_HEREDITY.finditer(text)]
    if "genetic" in text or "dna" in text or "adn" in text:
        spans += [m.span() for m in _ANIMAL_GENETICS.finditer(text)]
    if _SACRED_GATE.search(text):  # sp38: a thing held sacred
        spans += [m.span() for m in _HELD_SACRED.finditer(text)]
    return spans


def adverb_figure_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) where "religiously" is said of a habit (``_RELIGIOUSLY``, sp37):
    read by ``special._sense_outvoted`` only, not as an ordinary-sense span — the lexicon has no word there,
    and the n-gram stage must still read its sentence ("paga la cuota religiosamente" is a member's dues)."""
    return [m.span() for m in _RELIGIOUSLY.finditer(text)] if "religios" in text or "religiously" in text else []


# --- sp34: the person's occupation sets the sense of its note's work words --------------------------
#: The person's job stated (a verb of being or working, or "as the …", then a profession of care, of
#: the law, of a prison, of personnel or of finance): "is a nurse", "works as a public defender", "es
#: funcionario de prisiones", "as the HR manager", "he's on the finance team".
_PROFESSION = re.compile(
    r"\b(?:is|es|was|era|she'?s|he'?s|works?\s+as|working\s+as|trabaja\s+(?:como|de)|as|como)\s+(?:an?\s+|un[a]?\s+|the\s+|el\s+|la\s+)?"
    r"(?:(?!(?:on|in|at|with|to|for|from|de|en|con|por|para)\b)[a-z'-]+\s+){0,2}?(?:nurse|enfermer[oa]|doctor|medic[oa]|physician|surgeon|cirujan[oa]|paramedic|midwife|matrona|pharmacist"
    r"|farmaceutic[oa]|fisioterapeuta|physio(?:therapist)?|radiographer|anaesthetist|anestesista|celador[a]?"
    r"|(?:defen[cs]e|criminal|trial|immigration|employment|labou?r)\s+(?:attorney|lawyer|solicitor|barrister)|attorney|lawyer|solicitor"
    r"|barrister|public\s+defender|defensor[a]?\s+public[oa]|abogad[oa](?:\s+(?:penalista|laboralista|defensor[a]?))?|fiscal|prosecutor"
    r"|judge|juez|jueza|magistrad[oa]|paralegal|court\s+clerk|prison\s+officer|funcionari[oa]\s+de\s+prisiones|hr\s+manager"
    r"|hr\s+(?:business\s+)?partner|(?:jef[ea]|director[a]?|responsable)\s+de\s+(?:recursos\s+humanos|rrhh|personal)|payroll\s+(?:manager|lead|officer))\b(?![-'])"
    r"|\b(?:on|in)\s+(?:the\s+)?(?:finance|hr|payroll|legal|people)\s+team\b|\bes\s+de\s+(?:recursos\s+humanos|rrhh)\b")
#: The work the profession does, named by a special word: a ward, a unit or a floor of a specialty, the
#: court's hearings, dates or calendar ("on the cardiac ward", "court hearings", "planta de oncología").
_WORK_OBJECT = re.compile(
    r"\b[a-z]+\s+(?:ward|unit|department|clinic|floor|wing|hearings?|dates?|calendar|docket|cases?|trials?|rota)\b"
    r"|\b(?:planta|unidad|servicio|consulta|area|sala|juzgados?|vistas?|juicios?|turnos?)\s+(?:de|del)\s+(?:lo\s+)?[a-z]+"
    # sp37: the collective agreement a labour lawyer or HR reviews
    r"|\b(?:convenios?(?:\s+colectivos?)?|collective\s+(?:bargaining\s+)?agreements?)\b")
#: The employer as the party dealing with a union ("his company is negotiating with a union over pay").
_EMPLOYER_DEALS = re.compile(
    r"\b(?:company|firm|employer|empresa|compania|bank|banco|hospital|school|colegio|organi[sz]ation|organizacion)\s+(?:is\s+|esta\s+)?"
    r"(?:negotiat\w*|negocia\w*|bargain\w*|meet\w*|met|se\s+reune|signs?|signed|firma\w*|in\s+talks)\s+(?:\w+\s+)?(?:with|con)\s+"
    r"(?:a|the|el|los|un|its|su)\s+(?:\w+\s+)?(?:unions?|sindicatos?|comite\s+de\s+empresa|works\s+council)\b"
    # sp37: the employer negotiating its collective agreement, no union named ("su empresa negocia el convenio colectivo")
    r"|\b(?:company|firm|employer|empresa|compania|bank|banco|hospital|school|colegio|organi[sz]ation|organizacion)\s+(?:is\s+|esta\s+)?"
    r"(?:negotiat\w*|negocia\w*|renegocia\w*|bargain\w*|signs?|signed|firma\w*)\s+(?:\w+\s+)?(?:el|la|its|su|the|a|an|un|their)\s+"
    r"(?:(?:new|nuevo|next|proximo)\s+)?(?:convenio(?:\s+colectivo)?|collective\s+(?:bargaining\s+)?agreement|pay\s+(?:deal|agreement)"
    r"|wage\s+agreement|acuerdo\s+salarial)\b")
#: The person as a patient, a defendant or a member: the work words are then the person's own.
_NOT_AT_WORK = re.compile(
    r"\b(?:own|propi[oa]s?|patient|paciente|admitted|ingresad[oa]|diagnos\w*|operad[oa]|treated\s+for|tratad[oa]\s+de|de\s+baja|sick\s+leave"
    r"|convicted|condenad[oa]|arrest\w*|detenid[oa]|charged|acusad[oa]|imputad[oa]|defendant|member|miembro|afiliad[oa]|delegad[oa]"
    r"|union\s+(?:rep|member|delegate|steward)|shop\s+steward|her\s+(?:own\s+)?(?:trial|case|hearing)|his\s+(?:own\s+)?(?:trial|case|hearing)"
    r"|su\s+(?:juicio|caso|vista)"
    # sp37: the workers' side of a negotiation (a works council, a staff representative)
    r"|comite|works\s+council|representante\w*\s+de\s+(?:los\s+)?(?:trabajadores|la\s+plantilla)|workers'?\s+rep\w*|staff\s+rep\w*)\b")


#: A cheap look-up: a stem of a profession or of a union, so most notes cost one search.
_OCCUPATION_GATE = re.compile(r"nurse|enfermer|doctor|medic|physician|surgeon|ciruj|paramedic|midwife|matrona|pharmac|farmac|fisio|physio|radiog"
                              r"|anaesth|anest|celador|attorney|lawyer|solicitor|barrister|defen|abogad|fiscal|prosecut|judge|juez|magistr"
                              r"|paralegal|clerk|prison|hr\b|rrhh|recursos\s+humanos|personal|payroll|finance|legal|people|union|sindicat"
                              r"|comite|council|convenio|collective|agreement|acuerdo\s+salarial|pay\s+deal")
#: Someone else's job ("her husband is a nurse", "su madre es jueza"): not the person's occupation.
_SOMEONE_ELSE = re.compile(r"\b(?:husband|wife|partner|boyfriend|girlfriend|marido|mujer|espos[oa]|novi[oa]|pareja|mother|father|mum|mom|dad"
                           r"|sister|brother|son|daughter|madre|padre|herman[oa]|hij[oa]|friend|amig[oa])\s*$")


def occupation_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) where the person's occupation sets the sense of a special
    word: the profession stated (``_PROFESSION``) and, in a note that states one, the work it does named
    by a special word (``_WORK_OBJECT``); the employer dealing with a union (``_EMPLOYER_DEALS``). None
    where the note makes the person a patient, a defendant or a member (``_NOT_AT_WORK``); a new list."""
    if not _OCCUPATION_GATE.search(text) or _NOT_AT_WORK.search(text):
        return []
    spans = [m.span() for m in _EMPLOYER_DEALS.finditer(text)]
    jobs = [m.span() for m in _PROFESSION.finditer(text) if not _SOMEONE_ELSE.search(text, 0, m.start())]
    if jobs:
        spans += jobs + [m.span() for m in _WORK_OBJECT.finditer(text)]
    return spans
