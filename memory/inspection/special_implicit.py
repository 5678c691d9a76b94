"""Special categories said with no special word (issue 15, stop 47, sp36): an organisation the person
joins, pays or campaigns for named only by its name, a Spanish plural of an orientation or religion
word, and a body-organ or justice euphemism. Each is a mechanism over a class, not a phrase
(docs/privacy.md, "sp36"). ES+EN; every pattern reads the inspection form (ASCII, lower case, accents
removed). Rules (``IMPLICIT_RULES``, tried after ``special_access``; each goes through its category's
near misses, the work noun after a match and a professional frame in its clause; each pattern carries the
person's own act, so each is marked ``Rule.own_tie``, like sp30's and sp35's: neither the work frames
before a match (since sp38) nor the n-gram veto clears it):

* ``trade_union.joins_named`` — the person joining, joined to or paying a union named by its name:
  a name of ``data/special_organisations.tsv`` (sp30's table, decision 0020: its ``name`` rows
  anywhere in the clause, its ``word`` rows right after the act) or a union named by its *form* — a
  sector's workers, trade or profession before "union" or after "union of" (``the National Education
  Union``, ``Fire Brigades Union``, ``the Union of Communication Workers``) — with an act of joining
  or dues (``joining``, ``signed up to``, ``se afilió a``, ``dues … go out to``). A students' union, a
  credit union, the European or the Soviet Union, a rugby union, a civil union are no trade union and
  no sector word names them. ``Unite`` after ``to`` only when dues or a subscription go to it and no
  object follows (``to unite the teams`` is a verb).
* ``politics.campaigns_for`` — an act of campaigning (canvassing, door to door, puerta a puerta, phone
  banking, leafleting, buzoneo, repartir propaganda, hacer campaña, pegar carteles, interventor or
  apoderado) for a party named by its name: a table ``name`` anywhere in the clause, a ``word`` name
  (``Sumar``, ``Podemos``, ``Labour``) right after the act's ``for``/``para``/``por``/``de`` and
  followed by no object (``para sumar apoyos`` is a verb). A professional frame clears the clause
  (``special_names._PROFESSIONAL``: a client, a journalist covering it, a poll).
* ``health.organ_euphemism`` — a scare, a problem, a "thing" with an organ (``un susto con el
  corazón``, ``lo del riñón``, ``a heart scare``, ``his kidney trouble``); not an organ in an idiom
  (``de todo corazón``, ``el corazón del problema``, ``heart of the matter``, ``kidney beans``).
* ``criminal.justice_euphemism`` — trouble with the law, justice or the police (``un problemilla con la
  justicia``, ``cuentas pendientes con la justicia``, ``a run-in with the police``); not a named law
  (``problemas con la ley de costas``), poetic justice, a law firm or a law school.
* ``race_ethnicity.community_person`` — a diaspora or community self-name before a person noun
  (``a Desi kid``, ``una chica boricua``, ``Chicano family``); ``Desi`` with a possessive is a name.

And one reading, ``inflection_reading``: the lexicon's orientation and religion words are written in
the singular masculine form or with ``\\w*`` after a stem, so a Spanish plural that changes the stem's
end (``gais`` for ``gay``, ``mujeres trans`` for ``mujer trans``) was not read. The reading puts a
plural or feminine word in its singular masculine form wherever one of those words then begins there
(``special_morphology``'s term heads, restricted to the two categories), a generic step over the
lexicon rather than a list of forms.
"""

from __future__ import annotations

import functools
import re

from memory.inspection.special_clauses import _unless
from memory.inspection.special_lexicon import Rule, _re
from memory.inspection.special_morphology import _term_heads
from memory.inspection.special_names import _PROFESSIONAL, _alternation, _load

#: A clause; a full stop between digits (``14.20``) is a decimal point, not its end.
_CLAUSE = re.compile(r"(?:[^.;!?\n]|(?<=\d)\.(?=\d))+")
_IN_CLAUSE = r"(?:[^.;!?]|(?<=\d)\.(?=\d))"
_TABLE = _load()

# --- an organisation named by its name, with an act of the person -------------------------------------
_JOIN = (r"(?:join\w*|sign\w*\s+up\s+(?:to|with|for)|signed\s+up\s+(?:to|with|for)|enrol\w*\s+(?:in|with)|became\s+a\s+member\s+of|becoming\s+a\s+member\s+of"
         r"|member\s+of|membership\s+of|dues|subs\b|subscription|pays?\s+(?:in)?to|paid\s+(?:in)?to|go(?:es)?\s+out\s+(?:\w+\s+)?to|went\s+out\s+(?:\w+\s+)?to"
         r"|afili\w*|se\s+(?:ha\s+)?(?:unido|unio|apunto|apuntado)\s+a|darse\s+de\s+alta\s+en|se\s+dio\s+de\s+alta\s+en|socio\s+de|socia\s+de"
         r"|miembro\s+de|cuotas?|paga\s+(?:\w+\s+)?a)")
#: The sector words of a union's name: a trade, a profession or its workers (never a student, a credit or a state).
_SECTOR = (r"(?:education|educational|teachers?|teaching|nurses|nursing|health|healthcare|transport|rail|railway|maritime|communication|communications"
           r"|postal|fire\s+brigades|firefighters|journalists|musicians|actors|writers|university\s+and\s+college|public\s+and\s+commercial\s+services"
           r"|public\s+service|civil\s+service|steelworkers|autoworkers|auto\s+workers|electrical|mineworkers|miners|dockers|bakers|food|retail|shopworkers"
           r"|distributive|allied|construction|builders|carpenters|farm|farmworkers|agricultural|municipal|general|transit|prison\s+officers|probation"
           r"|hospitality|service\s+employees|employees|workers|doctors|midwives|pharmacists|lecturers|professors|school\s+leaders|head\s+teachers"
           r"|educators|flight\s+attendants|pilots|airline\s+pilots|seafarers|technicians|engineers|media|entertainment)")
_UNION_FORM = (rf"(?:(?:national|general|united|international|amalgamated|independent|royal|american|british|scottish|irish|welsh)\s+)*{_SECTOR}"
               rf"(?:\s+(?:and|&)\s+\w+)?\s+(?:workers'?\s+|employees'?\s+)?union\b|\bunion\s+of\s+(?:\w+\s+)?{_SECTOR}\b")
_UNION_NAMES = _alternation(_TABLE.get(("trade_union", "name"), []))
_UNION_WORDS = _alternation(_TABLE.get(("trade_union", "word"), []) + ["unite"])
#: After a word name: nothing that makes it a verb's object (``to unite the teams``, ``para sumar apoyos``).
_NO_OBJECT = (r"(?=\s*(?:$|[,;:.!?)'\"]|(?:every|each|this|last|next|since|on|in|at|for|during|y|and|en|cada|todos|todas|desde|durante|hace|este|esta"
              r"|the\s+(?:weekend|month|year|week)|el\s+(?:finde|fin|mes|ano)|la\s+semana|los\s+(?:fines|sabados|domingos))\b))")
_JOINS_NAMED = rf"""
{_JOIN}\s+(?:\w+\s+){{0,3}}?(?:the\s+|el\s+|la\s+|al\s+|a\s+la\s+|del\s+|de\s+la\s+)?(?:{_UNION_FORM}|{_UNION_NAMES}\b)
| (?:joined|joining|join|joins|afiliad[oa]\s+a|afiliarse\s+a|se\s+afilio\s+a)\s+(?:the\s+|el\s+|la\s+|al\s+|a\s+la\s+)?{_UNION_WORDS}{_NO_OBJECT}
| (?:dues|subs|subscription|cuotas?)\b{_IN_CLAUSE}{{0,50}}?\b(?:to|a|al|para)\s+(?:the\s+|el\s+|la\s+)?{_UNION_WORDS}{_NO_OBJECT}
"""

#: An act of campaigning for a party (``special_names._TIES`` has campaign words; these are the acts it lacked).
_CAMPAIGN = (r"(?:canvass\w*|door[\s-]+(?:to[\s-]+door|knocking)|knock\w*\s+on\s+doors|puerta\s+a\s+puerta|phone[\s-]?bank\w*|leaflet\w*|flyer\w*"
             r"|buzone\w*|repart\w*\s+(?:\w+\s+)?(?:propaganda|folletos|octavillas|papeletas|flyers|panfletos)|pega\w*\s+(?:de\s+)?carteles"
             r"|hac\w*\s+campana|hizo\s+campana|haciendo\s+campana|campaign\w*|campana\s+(?:electoral\s+)?(?:de|del|para)|interventor\w*|apoderad[oa]s?"
             r"|volunteer\w*\s+(?:for|with)|voluntari[oa]\s+(?:de|del|para|con)|get[\s-]out[\s-]the[\s-]vote|gotv|mesas?\s+informativas?)")
_PARTY_NAMES = _alternation(_TABLE.get(("politics", "name"), []))
_PARTY_WORDS = _alternation(_TABLE.get(("politics", "word"), []))
_CAMPAIGNS_FOR = rf"""
{_CAMPAIGN}\b[^.;!?]{{0,60}}?\b{_PARTY_NAMES}\b | \b{_PARTY_NAMES}\b[^.;!?]{{0,40}}?\b{_CAMPAIGN}\b
| {_CAMPAIGN}\s+(?:\w+\s+){{0,3}}?(?:for|para|por|de|del|with|con)\s+(?:the\s+|el\s+|los\s+|las\s+|la\s+)?{_PARTY_WORDS}{_NO_OBJECT}
"""

# --- euphemisms -------------------------------------------------------------------------------------
_ORGAN_ES = (r"(?:corazon|rinon|rinones|higado|pulmon|pulmones|prostata|tiroides|pancreas|colon|vejiga|estomago|utero|ovarios?|pecho"
             r"|cabeza|azucar|tension)")
#: Not ``sugar`` or ``colon`` in English (a recipe's sugar issue, a CSV's colon problem).
_ORGAN_EN = r"(?:heart|kidneys?|liver|lungs?|prostate|thyroid|pancreas|bladder|bowel|womb|ticker)"
#: A scare or a problem; the looser words (a "tema", a "lío") only with ``con`` (``un tema del corazón``,
#: ``historia de corazón`` are matters of love).
_TROUBLE_ES = (r"(?:sust(?:o|illo|azo)|problem(?:a|as|illa|illas|ita)|aviso|avisillo|percance|episodio|achaque\w*|amago|sobresalto)")
_LOOSE_ES = r"(?:lio|lios|tema|temita|cosa|cosita|movida|jaleo|historia)"
_TROUBLE_EN = r"(?:scares?|troubles?|issues?|problems?|thing|episode|condition|murmur|attack|op|operation|surgery|failure|transplant|disease)"
#: The organ's article or possessive; after a bare ``de`` it is an idiom (``amigo de corazón``).
_POSS = r"(?:(?:el|la|los|las|su|sus|un|una)\s+)?"
_OF = r"(?:con\s+|en\s+|del\s+|de\s+(?=(?:el|la|los|las|su|sus)\s))"
#: Only the person's own organ: a saying, the centre of something or a food is not one; an organ
#: followed by what it belongs to (``la tensión del equipo``) is not the person's.
_ORGAN_EUPHEMISM = rf"""
{_TROUBLE_ES}\s+(?:\w+\s+)?{_OF}{_POSS}{_ORGAN_ES}\b(?!\s+(?:de|del)\s+(?!el\b|ella\b)\w+)
| {_LOOSE_ES}\s+(?:\w+\s+)?con\s+{_POSS}{_ORGAN_ES}\b(?!\s+(?:de|del)\s+(?!el\b|ella\b)\w+)
| \blo\s+(?:de|del)\s+{_POSS}{_ORGAN_ES}\b(?!\s+(?:de|del)\s)
| (?:a|an|his|her|their|the|su)\s+(?:\w+\s+)?{_ORGAN_EN}[\s-]+{_TROUBLE_EN}\b
| {_TROUBLE_EN}\s+with\s+(?:his|her|their)\s+{_ORGAN_EN}\b
"""
_ORGAN_NEAR = r"""
todo\s+corazon | corazon\s+(?:de|del)\s+(?:la|el)\s+(?:ciudad|barrio|asunto|problema|equipo|proyecto) | heart\s+of\s+the | heart[\s-]to[\s-]heart
| kidney\s+beans | liver\s+and\s+onions | (?:prensa|revistas?|programas?|cronica)\s+(?:del|de)\s+corazon | (?:app|dashboard|software|study|estudio)\s
"""
_JUSTICE = r"(?:justicia|ley|policia|guardia\s+civil|law|police|cops|fuzz|feds)"
_TROUBLE_JUSTICE = (r"(?:problem\w*|lio|lios|lio\s+gordo|roce\w*|encontronazo\w*|movida\w*|asunto\w*|tema\w*|historia\w*|follon\w*|cuentas\s+pendientes"
                    r"|sus\s+mas\s+y\s+sus\s+menos|trouble|troubles|run[\s-]?ins?|brush(?:es)?|scrapes?|issues?|tangle|dealings|history)")
_JUSTICE_EUPHEMISM = rf"""
{_TROUBLE_JUSTICE}\s+(?:\w+\s+)?(?:con|with)\s+(?:la|el|los|las|the)\s+{_JUSTICE}\b(?!\s+(?:de|del|sobre|on|of|firm|school|degree|student|faculty|society|library|professor|enforcement\s+(?:job|career|officer)))
| (?:en\s+)?busca\w*\s+por\s+la\s+(?:justicia|policia) | wanted\s+by\s+the\s+police | conocid[oa]\s+(?:de|por)\s+la\s+policia | known\s+to\s+(?:the\s+)?police
"""
_JUSTICE_NEAR = r"""
justicia\s+poetica | poetic\s+justice | ley\s+de\s+murphy | murphy'?s\s+law | (?:app|software|cliente|client|dataset|proyecto|project)\s
"""
_COMMUNITY = r"(?:desi|boricua|chican[oa]s?|nuyorican|latinx|afrolatin\w*|afro[\s-](?:latin\w*|caribbean|american|descendiente\w*)|mixed[\s-]race|biracial|mestiz[oa]s?)"
_PERSON = (r"(?:kid|kids|girl|girls|boy|boys|guy|lad|lass|woman|man|family|household|upbringing|aunty|auntie|uncle|mum|mom|dad|parents|grandmother|grandma"
           r"|chic[oa]s?|nin[oa]s?|familia|mujer|hombre|madre|padre|abuel[oa]|crio|cria)")
_COMMUNITY_PERSON = rf"""
(?<!\w's\s)(?:a|an|the|as|her|his|their|una?|su|como|proud|orgullos[oa])\s+(?:\w+\s+)?{_COMMUNITY}[\s-]+{_PERSON}\b
| (?:chic[oa]s?|nin[oa]s?|familia|mujer|hombre|crio|cria)\s+{_COMMUNITY}\b
"""

#: ``(label, class, pattern, near misses of the class, gate)``: the rule of each, named ``implicit.<label>.<class>``.
_CLASSES: list[tuple[str, str, str, str, str]] = [
    ("trade_union", "joins_named", _JOINS_NAMED, "", ""),
    ("politics", "campaigns_for", _CAMPAIGNS_FOR, "", _CAMPAIGN),
    ("health", "organ_euphemism", _ORGAN_EUPHEMISM, _ORGAN_NEAR, ""),
    ("criminal", "justice_euphemism", _JUSTICE_EUPHEMISM, _JUSTICE_NEAR, ""),
    ("race_ethnicity", "community_person", _COMMUNITY_PERSON, "", ""),
]


class _ClauseRule(Rule):
    """A ``Rule`` whose match must lie in a clause with no professional frame (``special_names``);
    ``gate``, when set, is a word every match contains, looked for first (the write path's cost)."""

    gate: re.Pattern[str] | None = None

    def fires(self, text: str) -> bool:
        if self.gate is not None and not self.gate.search(text):
            return False
        if not super().fires(text):
            return False
        return any(self.pattern.search(clause.group(0)) and not _PROFESSIONAL.search(clause.group(0)) for clause in _CLAUSE.finditer(text))


def _rule(label: str, name: str, pattern: str, near: str, gate: str) -> Rule:
    unless = _unless(label)
    if near.strip():
        unless = _re("|".join(part for part in (near, unless.pattern.removeprefix(r"\b(?:").removesuffix(")") if unless else "") if part))
    rule = _ClauseRule(label, f"implicit.{label}.{name}", _re(pattern), unless=unless, own_tie=True)
    if gate:
        object.__setattr__(rule, "gate", _re(gate))
    return rule


IMPLICIT_RULES: tuple[Rule, ...] = tuple(_rule(*spec) for spec in _CLASSES)

# --- the inflection reading -------------------------------------------------------------------------------
_INFLECTED_HEADS = _term_heads(("sex_life_orientation", "religion"))
#: A word that may be a Spanish plural, feminine or diminutive form (four letters or more, ending in -s, -a or -o).
_INFLECTED = re.compile(r"\b[a-z]{3,}(?:s|a|ito|illo)\b")
#: A diminutive: a stem, ``-it-``/``-ill-`` (``-cit-`` after a consonant), the gender ending, a plural.
_DIMINUTIVE = re.compile(r"([a-z]{3,}?)c?(it|ill)([oa])s?")


@functools.lru_cache(maxsize=4096)
def _bases(word: str) -> tuple[str, ...]:
    """The singular masculine forms ``word`` may be the plural or feminine of, most specific first."""
    forms: list[str] = []
    if word.endswith("is"):
        forms.append(word[:-2] + "y")  # gais, jerseis
    if word.endswith("es"):
        forms += [word[:-2], word[:-1]]  # bisexuales, mujeres
    if word.endswith("as"):
        forms += [word[:-2] + "o", word[:-1]]  # catolicas -> catolico, catolica
    elif word.endswith("s"):
        forms.append(word[:-1])
    if word.endswith("a"):
        forms.append(word[:-1] + "o")
    diminutive = _DIMINUTIVE.fullmatch(word)
    if diminutive:  # monjita, problemilla, amorcito: the stem with its own ending, then without one
        stem, ending = diminutive.group(1), diminutive.group(3)
        forms += [stem + ending, stem + "o", stem + "a", stem]
    return tuple(form for form in forms if len(form) >= 3)


def inflection_reading(text: str) -> str:
    """``text`` (an inspection form) with each plural or feminine word put in the singular masculine
    form where an orientation or religion term of the lexicon then begins at it and did not before;
    ``text`` itself where there is none (an ordinary note gets no second reading)."""
    pieces: list[str] = []
    last = 0
    for match in _INFLECTED.finditer(text):
        word = match.group(0)
        rest = text[match.end():match.end() + 40]
        if _INFLECTED_HEADS.match(word + rest):
            continue
        for base in _bases(word):
            joined = base + rest
            head = _INFLECTED_HEADS.match(joined)
            if head and head.end() >= len(base) and (head.end() == len(joined) or not joined[head.end()].isalnum()):
                pieces += [text[last:match.start()], base]
                last = match.end()
                break
    return text if not pieces else "".join(pieces) + text[last:]
