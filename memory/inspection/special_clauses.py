"""Special categories named by a proper name, an observance, a product or a spelling the lexicon
did not read (issue 15, stop 38, sp24): rules by class, written after the misses of every spent
special set (33 authors, A1–AF32; the last two readings lost recall mostly on *hidden clauses*, a
special fact at the end of a list of habits, named only by an organisation, an event, a test
product or an observance). Each entry is a class, in Spanish and English, never one note; each is
a lexicon rule ``lexicon.<label>.clause.<class>`` with its category's near misses and frames
(``memory.inspection.special_lexicon.Rule``), tried after the lexicon's own rules
(``CLAUSE_RULES``), and goes through the n-gram veto and the hidden-clause reading of
``memory.inspection.special`` like any lexicon hit. Every pattern reads the inspection form (ASCII,
lower case, accents removed; a quote mark may stand inside a euphemism: ``['"]?``).

Classes:

* ``trade_union.named_body`` — a union named by a short name that is also an ordinary word or an
  acronym (``Unite``, ``ELA``, ``CNT``, ``CIG``), followed by one of its bodies or offices (``the
  Unite negotiating committee``, ``ELA branch``, ``CNT delegate``); and a membership noun
  before a union so named (``la cuota de afiliación a ELA``, ``afiliación a la CNT``). ``lab``,
  ``uso``, ``nea`` and ``aft`` are left out (a laboratory, a use, a ship's stern), ``ela`` before a
  body too (English Language Arts), and ``unite`` as a verb (``to unite the members``).
* ``trade_union.union_service`` — the union's own service to the person (``the union lawyer is
  handling his appeal``, ``full-time on union business``, ``facility time``): not after
  ``credit``, ``European``, ``student`` or ``customs``.
* ``religion.observance`` — the name of a prayer, a service or a rite of one faith, which has no
  ordinary sense (``Jumu'ah``, ``jummah``, ``taraweeh``, ``namaz``, ``mincha``, ``maariv``,
  ``havdalah``, ``evensong``, ``satsang``, ``kirtan``); and being "observant" with the Sabbath's
  days in the same string (``very observant … nothing on Friday nights or Saturdays``).
* ``genetic.own_result`` — the person's own genetic report or data (``su informe de 23andMe``,
  ``los datos brutos de su análisis de ADN``, ``her DNA results``), *possessive first*: filing or
  forwarding it (``archivemos``, ``reenviemos``) is a frame of work for the lexicon, but the report
  is still the person's (this rule is not subject to the frames, ``_OwnRule``).
* ``genetic.pharmacogenomic`` — a drug-metabolism phenotype (``poor metabolizer``, ``metabolizador
  lento``) or a pharmacogene named with a result (``CYP2D6``, ``TPMT``, ``DPYD``, ``HLA-B*57:01``).
* ``biometric.fingers_for_device`` — fingers or fingertips taken, scanned or registered for an
  access device (``le tomamos las yemas para el torno``, ``scanned her fingertips for the door
  reader``): the lexicon took them only for papers and a time clock.
* ``politics.party_event`` — the person's part (speaking, attending, volunteering, marching) in a
  named party's rally, conference or primaries (``to speak at the Sumar rally``); an election-day
  role for a party (``election_role``: ``poll watcher for the Greens``, ``interventora de Sumar``,
  not subject to job frames, ``_OwnRule``); a vote for a party named with an article
  (``votó a los Verdes``).
* ``race_ethnicity.only_one_named`` — the person as the only one of an ethnicity in a group (``she's
  the only Latina on the leadership team``, ``as the board's only Latina``, ``la única latina del
  equipo``), with the person as subject (a pronoun, ``as``): ``the only Asian restaurant`` is none.
* ``health.monitoring`` — a device or a reading that monitors the person's own condition (``lleva un
  holter``, ``continuous glucose monitor``, ``her finger-prick glucose readings``; a nurse's
  readings of patients have no possessive of the person's).
* ``criminal.record_quoted`` — a criminal record or time served told in a set phrase with quote
  marks inside or a tail (``did 'a stretch'``, ``she's 'got a record'``, ``a record as long as
  your arm``); ``a record deal``, ``a record number``, ``a record of doing`` are not.

Readings (``extra_forms``): a note spelled with a digit for ``l`` (``81ack``, ``a1coho1ic``: the
shared readings read ``1`` as ``i`` only), and letters spaced out right after a one-letter word
(``a u n i o n rep``: the shared fold joined the article into the word, ``aunion``).

The same-sex partner (``PARTNER``, read with ``special_lexicon.SAME_SEX_PARTNER``): a partner named
by an apposition whose given name has the sex of a person named elsewhere in the note (``Ana … para su
mujer, Carmen``; ``su marido, Jorge …; Luis quiere``), and a girlfriend or a wife with a feminine
plural of the couple (``Carla y su novia buscan piso juntas``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory.inspection.special_forms import NEAR
from memory.inspection.special_lexicon import _FEMALE_NAMES, _MALE_NAMES, Rule, _DatingSameSex, _re

_Q = r"['\"‘’“”]?\s*"

# --- trade union -------------------------------------------------------------------------------
_UNION_NAMED = r"(?:unite|ela|cnt|cig|steilas|cobas|nasuwt|afscme|ibew|ufcw|aslef|bectu|satse|sepla|anpe)"
#: Before a body, not ``ela`` (English Language Arts: ``the ELA curriculum committee``), and ``unite``
#: not as a verb (``to unite the members``, ``helps unite committee members``).
_UNION_BEFORE_BODY = r"(?:unite|cnt|cig|steilas|cobas|nasuwt|afscme|ibew|ufcw|aslef|bectu|satse|sepla|anpe)"
_NOT_A_VERB = r"(?<!\bto\s)(?<!\bwill\s)(?<!\bcan\s)(?<!\bhelp\s)(?<!\bhelps\s)(?<!\bwe\s)(?<!\bthey\s)(?<!\bshould\s)(?<!\bmust\s)(?<!\bwould\s)"
_NAMED_BODY = rf"""
{_NOT_A_VERB}{_UNION_BEFORE_BODY}\s+(?:union\s+)?(?!(?:the|our|all|their|its|his|her|a|an|these|those|both|every|each|them|us|everyone|people)\b)(?:\w+\s+)?(?:committee|branch|rep|reps|representative|steward|convenor|delegate|official|organi[sz]er
  |member|members|membership|caucus|executive|card|dues|subs)\b
| (?:afiliacion|afiliad[oa]s?|cuota|carnet|ficha)\s+(?:de\s+afiliacion\s+|sindical\s+)?(?:a|al|de|del|en)\s+(?:la\s+|el\s+)?{_UNION_NAMED}\b(?!\s+(?:de|del)\b)
"""
_UNION_SERVICE = r"""
(?<!credit\s)(?<!european\s)(?<!student\s)(?<!customs\s)(?<!students\s)union\s+(?:lawyer|solicitor|caseworker|legal\s+(?:team|aid|help|support|rep\w*))
| (?:on|for|doing)\s+union\s+(?:business|duties|duty|work|leave)\b | facility\s+time\b
"""

#: The one coworkers turn to, or who sits with the employer, when there is a dispute (``es a quien
#: acuden los compañeros cuando hay follón con la empresa``, ``el que se sienta con la empresa
#: cuando hay bronca``, ``the one the lads go to when there's trouble with management``): speaking
#: for the workers to the employer is a union office, whatever it is called.
_WORKERS_VOICE = r"""
(?:a\s+quien|al\s+que|a\s+la\s+que|the\s+one|who)\s+(?:\w+\s+){0,2}?(?:acuden|recurren|van|llaman|turn\s+to|go\s+to|call)\b[^.;]{0,40}?
  \b(?:companeros|colleagues|co-?workers|workers|lads|crew|plantilla)\b[^.;]{0,40}?\b(?:con\s+la\s+(?:empresa|direccion|jefatura|patronal)|with\s+(?:the\s+)?(?:management|company|bosses|employer))\b
| (?:se\s+sienta|sits\s+down|negocia\w*|negotiat\w*)\s+(?:\w+\s+)?(?:con|with)\s+(?:la\s+|the\s+)?(?:empresa|direccion|patronal|management|company|bosses)\s+(?:cuando|when|whenever)\s+(?:hay|there'?s|there\s+is)\b
"""

# --- religion ----------------------------------------------------------------------------------
_OBSERVANCE = r"""
jumu'?ah | jummah | jumm?a\s+(?:prayers?|namaz|salat) | salat\s+al | taraweeh | tarawih | namaz\b | shacharit | mincha\b | maariv
| havdalah | evensong | satsang | kirtan\b
| (?:very|quite|strictly|is|muy)\s+['"‘“]?\s*(?:observant|observante|practicante)\b(?=[^.]{0,80}\b(?:friday\s+(?:nights?|evenings?|sundown)|saturdays?|sabbath|shabbat|viernes\s+por\s+la\s+noche|sabados?)\b)
"""

# --- genetic -----------------------------------------------------------------------------------
_OWN_RESULT = r"""
(?:su|sus|her|his|their)\s+(?:own\s+)?(?:raw\s+)?(?:informe|report|resultados?|results?|analisis|analysis|test|prueba|datos|data|perfil|profile|kit)
  \s+(?:\w+\s+){0,2}?(?:de|del|from|of)?\s*(?:la\s+|el\s+|the\s+)?(?:23andme|2eandme|ancestry(?:dna)?|myheritage|nebula|adn|dna|genetic\w*|genetica|genomic\w*|genomico)\b
| (?:datos|data)\s+(?:brutos\s+|raw\s+)?(?:de|from|of)\s+(?:su|sus|her|his|their)\s+(?:\w+\s+)?(?:analisis|test|prueba|kit|informe|report)\s+(?:de\s+)?(?:adn|dna|genetic\w*|genetica)\b
| (?:su|sus|her|his|their)\s+(?:raw\s+)?(?:adn|dna|genetic|genetica|23andme|2eandme|ancestry)\s+(?:report|results?|data|file|test|informe|datos)\b
"""
_PHARMACOGENE = r"(?:cyp[0-9a-z]{2,6}|tpmt|dpyd|nudt15|slco1b1|vkorc1|ugt1a1|hla[\s-]?b[\s*]?5[7t][\s:]?0?[1i]|hla[\s-]?b[\s*]?15[\s:]?0?[2z])"
_PHARMACOGENOMIC = rf"""
(?:poor|intermediate|rapid|ultra[\s-]?rapid|slow|fast|extensive)\s+metaboli[sz]er\b | metabolizador\w*\s+(?:lent[oa]s?|rapid[oa]s?|ultrarrapid[oa]s?|pobres?|intermedi[oa]s?)\b
| {_PHARMACOGENE}\b(?=[^.;]{{0,40}}\b(?:result\w*|positiv\w*|variant\w*|carrier|portador\w*|metaboli\w*|genotyp\w*|genotip\w*|copies|copias|deficien\w*|test\w*)\b)
"""

# --- biometric ---------------------------------------------------------------------------------
_FINGERS_FOR_DEVICE = r"""
(?:tom\w*|escane\w*|registr\w*|grab\w*|sac\w*|took|tak(?:e|es|en|ing)|scann\w*|enrol\w*|record\w*|captur\w*)\b[^.;]{0,30}?\b(?:yemas|dedos|fingertips|fingers|thumbs|pulgares|indices)\b
  ['"’”]?(?=[^.;]{0,40}\b(?:para|for|en|on|at|in|into|al|del)\s+(?:el|la|los|las|the|a|an|su|her|his)?\s*(?:\w+\s+)?(?:torno|tornos|lector|lectores|reloj|fichaje|turnstiles?|readers?|scanners?|time\s?clock|gate|gates|door|doors|puerta|puertas|control\s+de\s+acceso|acceso|access)\b)
"""

#: A device that knows the person (English; ``device_knows`` of special_indirect reads the Spanish
#: clitic), with a trait in the same string (``her 'face key' is set up on the kiosk — the thing knows
#: her now``); and a trait instead of a password (``ni contraseña ni SMS, solo el lector``, ``no PIN,
#: just her thumb``).
_DEVICE_KNOWS_EN = r"""
(?:thing|kiosk|machine|reader|door|turnstile|gate|camera|phone|scanner|system|laptop|lock)\s+(?:now\s+|already\s+)?(?:knows|recogni[sz]es|recogni[sz]ed)\s+(?:her|him|them)\b
"""
_TRAIT_EN = r"face | facial | finger\w* | thumb\w* | eyes? | iris | retina | voice | palm | veins"
_TRAIT_FOR_PASSWORD = r"""
(?:ni|sin|no|without)\s+(?:a\s+)?(?:password|contrasena|pin|clave|codigo|code)\b[^.]{0,40}?\b(?:solo|solamente|just|only)\s+(?:con\s+)?(?:el|la|the|her|his|su)?\s*(?:lector|huella|dedo|cara|fingerprint|finger|face|thumb)\b
"""

# --- politics ----------------------------------------------------------------------------------
_PARTY_NAME = (r"(?:podemos|sumar|pp|psoe|vox|erc|junts|bildu|pnv|labour|tory|tories|greens?|verdes|democrats?|democratic|republicans?|republican"
               r"|conservatives?|conservative|lib\s?dems?|snp|reform(?:\s+uk)?|gop|dsa|maga|ciudadanos|morena|mas\s+madrid|compromis|ukip|plaid|sinn\s+fein)")
_PARTY_EVENT = rf"""
(?:speak\w*|spoke|talk\w*|attend\w*|go|goes|going|went|volunteer\w*|march\w*|join\w*|address\w*|stewarding|canvass\w*|habla\w*|intervien\w*|intervenir|ir|va|iba|fue|acude|asiste|asistir)
  \s+(?:\w+\s+){{0,3}}?(?:at|to|in|on|en|al|a)\s+(?:the\s+|a\s+|el\s+|la\s+|un\s+|una\s+|this\s+|next\s+)?(?:\w+'s\s+)?{_PARTY_NAME}\s+(?:party\s+)?(?:\w+\s+)?(?:rally|rallies|convention|conference|congress|primar(?:y|ies)|caucus|hustings|fundraiser|march|mitin|acto|congreso)\b
| (?:voto|vota|votan|votara|votaria|votaba|votado|voted|votes)\s+(?:a|al|por|for)\s+(?:los|las|la|el|the)\s+(?:greens?|verdes|democrats?|republicans?|conservatives?|tories|socialistas|populares|comunistas|liberales|liberals)\b
"""

#: An election-day role for a party (``poll watcher for the Greens``, ``interventora de Sumar``): a
#: job frame before it ("working as") does not make the party a client.
_ELECTION_ROLE = rf"""
(?:poll(?:ing)?|election|electoral)[\s-]?(?:watcher|observer|agent|monitor|teller)s?\s+(?:for|of)\s+(?:the\s+)?{_PARTY_NAME}\b
| (?:interventor|interventora|apoderad[oa])\s+(?:de|del|por)\s+(?:la\s+|el\s+)?{_PARTY_NAME}\b
"""

#: Red for communist, said of the person in a set phrase (``es 'más rojo que un tomate'``, ``is 'a
#: proper red'``): "se puso más rojo que un tomate" is a blush (no ``es``), and a red wine is not
#: quoted as one.
_RED = r"""
(?:es|era|sigue\s+siendo|soy|se\s+(?:define|describe|considera)\s+como)\s+['"‘“]?\s*mas\s+roj[oa]\s+que\s+(?:un\s+tomate|la\s+sangre|el\s+rojo|lenin|stalin)
| (?:is|she'?s|he'?s)\s+['"‘“]\s*a\s+(?:proper|real|true|total|die[\s-]hard|lifelong|committed)\s+red['"’”]
"""

# --- race / ethnicity --------------------------------------------------------------------------
_ETHNIC_ONE = (r"(?:black|brown|asian|south\s+asian|east\s+asian|roma|latina|latino|latinx|hispanic|indigenous|arab|mixed[\s-]race"
               r"|(?:person|woman|man)\s+of\s+colou?r)")
_ONLY_ONE_NAMED = rf"""
(?:(?:she|he|they)'?s|(?:she|he)\s+(?:is|was)|they\s+(?:are|were)|as|being)\s+(?:the\s+)?(?:\w+'s\s+)?only\s+{_ETHNIC_ONE}\b(?!\s*[-\w]*\s*(?:restaurant|shop|store|bakery|owned|business|brand|film|show|book|place|venue|car|dress|option))
| only\s+(?:brother|sister)\s+(?:in|on|at)\s+the\s+(?:boardroom|board|office|leadership|c-suite|panel|partners'?\s+meeting)\b
| (?:es|era|fue|ser|siendo|como)\s+(?:el|la)\s+unic[oa]\s+(?:persona\s+|mujer\s+|hombre\s+|chica\s+|chico\s+)?(?:latin[oa]|asiatic[oa]|indigena|arabe|mestiz[oa]|afro\w*)\b
"""

# --- health ------------------------------------------------------------------------------------
_MONITORING = r"""
holter\w* | continuous\s+glucose\s+monitor\w* | cgm\b | dexcom | freestyle\s+libre | (?:sensor|monitor)\s+(?:continuo\s+)?de\s+glucosa
| (?:her|his|their|su|sus|own)\s+(?:\w+\s+)?(?:finger[\s-]?prick|pinchazo\w*)\s+(?:\w+\s+){0,2}(?:glucose|blood[\s-]sugar|glucosa|glucemia)
| (?:her|his|their|own)\s+(?:\w+\s+)?(?:glucose|blood[\s-]sugar)\s+(?:readings|levels|log)\s+(?:before|after|twice|three\s+times|every)
"""

# --- criminal ----------------------------------------------------------------------------------
_RECORD_QUOTED = rf"""
(?:did|doing|done|served|hizo|cumplio)\s+{_Q}(?:a\s+(?:bit\s+of\s+)?(?:time|stretch|porridge)|a\s+long\s+stretch|time(?=['"’”])|bird|porridge)\b
| (?:has|have|had|got|'s\s+got|'s)\s+{_Q}(?:got\s+)?(?:a|a\s+bit\s+of\s+a)\s+(?:police\s+|criminal\s+)?record['"’”]?(?!\s+(?:of|for|label|deal|player|collection|store|shop|company|number|high|low|year|time|breaking|in|at|on|with|\w+ing)\b)
| record\s+as\s+long\s+as\s+(?:your|my|his|her|an|one'?s)\s+arm
"""


@dataclass(frozen=True)
class _OwnRule(Rule):
    """A rule whose pattern carries the person's own tie (``su informe de 23andMe``, ``poll watcher for
    the Greens``): a frame of work before it (filing, forwarding, working as) does not make the
    report or the party a work object, so only a work noun after it (``_about_work``) and the
    category's near misses clear it, and the n-gram stage's veto does not drop it (``Rule.own_tie``)."""

    own_tie: bool = True


def _unless(label: str) -> re.Pattern[str] | None:
    near = NEAR.get(label, "")
    return _re(near) if near and near.strip() else None


#: Per category, the classes: ``(label, class, pattern, rule type)``.
_CLASSES: list[tuple[str, str, str, type[Rule]]] = [
    ("trade_union", "named_body", _NAMED_BODY, Rule),
    ("trade_union", "union_service", _UNION_SERVICE, Rule),
    ("trade_union", "workers_voice", _WORKERS_VOICE, Rule),
    ("religion", "observance", _OBSERVANCE, Rule),
    ("genetic", "own_result", _OWN_RESULT, _OwnRule),
    ("genetic", "pharmacogenomic", _PHARMACOGENOMIC, Rule),
    ("biometric", "fingers_for_device", _FINGERS_FOR_DEVICE, Rule),
    ("biometric", "trait_for_password", _TRAIT_FOR_PASSWORD, Rule),
    ("politics", "party_event", _PARTY_EVENT, Rule),
    ("politics", "election_role", _ELECTION_ROLE, _OwnRule),
    ("politics", "red", _RED, Rule),
    ("race_ethnicity", "only_one_named", _ONLY_ONE_NAMED, Rule),
    ("health", "monitoring", _MONITORING, Rule),
    ("criminal", "record_quoted", _RECORD_QUOTED, Rule),
]

#: The rules of this module, tried after ``special_lexicon.RULES``.
CLAUSE_RULES: tuple[Rule, ...] = (
    *(kind(label, f"lexicon.{label}.clause.{name}", _re(pattern), None, _unless(label)) for label, name, pattern, kind in _CLASSES),
    Rule("biometric", "lexicon.biometric.clause.device_knows_en", _re(_DEVICE_KNOWS_EN), _re(_TRAIT_EN), _unless("biometric")),
)


# --- readings ----------------------------------------------------------------------------------
#: A word of letters and digits with a ``1`` (``81ack``, ``a1coho1ic``), at least two letters.
_ONE_FOR_L = re.compile(r"\b(?=\w*1)(?=(?:\w*[a-z]){2})[a-z0-9]{3,}\b")
_ONE_FOR_L_TABLE = str.maketrans({"1": "l", "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g"})
#: Letters spaced out right after a one-letter word (``a u n i o n``), four letters or more.
_SPACED_AFTER_WORD = re.compile(r"\b([aeoy])\s((?:[a-z]\s){3,}[a-z])\b")


def extra_forms(text: str) -> list[str]:
    """Raw alternatives of ``text`` for the shared readings to fold (``memory.inspection.special``
    folds each): ``1`` read as ``l`` in a word of letters and digits, and a spaced-out word kept
    apart from the one-letter word before it. Empty when neither applies (most notes)."""
    lowered = text.lower()
    alternatives = []
    if "1" in lowered:
        alternative = _ONE_FOR_L.sub(lambda m: m.group(0).translate(_ONE_FOR_L_TABLE), lowered)
        if alternative != lowered:
            alternatives.append(alternative)
    if " " in lowered:
        alternative = _SPACED_AFTER_WORD.sub(lambda m: f"{m.group(1)} {m.group(2).replace(' ', '')}", lowered)
        if alternative != lowered:
            alternatives.append(alternative)
    return alternatives


# --- the same-sex partner ------------------------------------------------------------------------
class _Apposition:
    """A partner named by apposition (``su mujer, Carmen``) whose given name has the sex of another
    person named in the same string (before it or after it), who is then the person the note is
    about: ``Ana prefiere … el regalo para su mujer, Carmen``; ``para su marido, Jorge …; Luis quiere``.
    A partner named alone, or with names of the other sex, is no finding."""

    def __init__(self, names: list[str], partner: str) -> None:
        self._names = names
        self._apposition = re.compile(rf"\b(?:su|sus|his|her)\s+(?:{partner})\s*,\s*({'|'.join(names)})\b")
        self._name = re.compile(rf"\b(?:{'|'.join(names)})\b")

    def search(self, text: str) -> re.Match[str] | None:
        for match in self._apposition.finditer(text):
            partner_name = match.group(1)
            others = [m.group(0) for m in self._name.finditer(text) if m.start() != match.start(1)]
            if any(name != partner_name for name in others):
                return match
        return None


class _Dating(_DatingSameSex):
    """``special_lexicon``'s dating someone named only by sex, with "(empezado a) salir con" and the
    given names of ``PARTNER``'s appositions."""

    _DATING = _DatingSameSex._DATING + r"|(?:a\s+)?salir\s+con|started\s+(?:dating|seeing)"


_MORE_FEMALE = _FEMALE_NAMES + ["carla", "marina", "noelia", "lorena", "natalia"]
_MORE_MALE = _MALE_NAMES + ["iker", "unai", "mikel", "aitor", "jon", "nacho", "alex", "bruno", "gonzalo"]

#: Patterns read like ``special_lexicon.SAME_SEX_PARTNER`` (rule ``lexicon.sex_life_orientation.partner``).
PARTNER = (
    _Apposition(_MORE_FEMALE, r"mujer|esposa|novia|prometida|pareja|wife|girlfriend|fiancee"),
    _Apposition(_MORE_MALE, r"marido|esposo|novio|prometido|pareja|husband|boyfriend|fiance"),
    # a girlfriend or a wife and a feminine plural of the couple: "Carla y su novia buscan piso juntas"
    _Dating(_MORE_MALE, r"un\s+(?:chico|hombre|tio|muchacho)|a\s+(?:guy|man|boy|bloke)"),
    _Dating(_MORE_FEMALE, r"una\s+(?:chica|mujer|tia|muchacha)|a\s+(?:girl|woman|lady)"),
    re.compile(r"\b(?:y|con)\s+su\s+(?:novia|mujer|esposa|prometida)\b[^.;]{0,60}\b(?:juntas|ambas|las\s+dos)\b"),
)
