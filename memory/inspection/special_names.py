"""Special categories told by a name, a partner's gender or a practice (issue 15, stop 43, sp30).

Three classes the lexicon missed on new authors, each a frame and never a word alone:

- **an organisation named only by its name or acronym, tied to the person** (``NAME_RULES``): a
  party, a union, a religious organisation or an ethnic community organisation from the table
  ``data/special_organisations.tsv`` (its header cites what it was compiled from; decision 0020),
  with a word of the person's tie in the same clause — a vote, membership, dues, a section, a
  rally, a donation, a delegate's course ("paga la cuota de la sección de USO", "donated to the
  Liberal Democrats' fundraiser", "coordina el grupo local de Esquerra Republicana"). A name that is
  also an ordinary word or a common acronym ("Podemos", "Vox", "Labour", "NEU", "PAN") needs the
  tie right beside it ("vota a Vox", "NEU strike ballot", "miembro del PAN"). A professional frame
  in the clause (a client, a contract, a journalist covering it, a poll, a thesis, a job at it)
  clears the clause: the lexicon's work-noun check is not applied here, since a party's
  "campaign office" or "fundraiser" is where its members act;
- **a partner whose gender matches the person's, the person's gender evident in the note**
  (``PARTNER_RULES``): a feminine subject pronoun before "su novia / su mujer / su esposa" with no
  other person between ("Ella … va con su novia"), a feminine or masculine participle agreeing with
  the person before a partner of the same gender ("casada con su mujer", "casado con su marido"),
  a woman's given name with "'s wife", a man's with "'s husband", and given names beyond the
  lexicon's list before "su novio / su novia" (``_MORE_MALE`` / ``_MORE_FEMALE``);
- **a religious practice by its name or an in-group euphemism, an ethnicity by a community term**
  (``PRACTICE_RULES``): the daily prayers by name (Fajr, Dhuhr, Maghrib… after a prayer word; Fajr,
  Dhuhr, Tahajjud, Taraweeh, Jumu'ah alone), fasting from dawn to sunset, God as "the man upstairs"
  with an act of faith, "the Lord's day", "walks with the Lord", "muy de sacristía", a Witness's
  door-to-door ministry; the diaspora, African roots, Roma in-group words for outsiders and the
  Traveller community, a hyphenated American heritage said of the person, origin said of a person.

Ordinary-sense spans beside them: a band, a team or a show named (``name_spans``), a trait that runs
in the family and an employer's sponsored event worked on in a named role (``idiom_spans``); for the
vector stage alone, bowling strikes, a "sacred" time of the week, a nationality for
papers and a theft the person reports (``vector_name_spans``).

Stop 44 (sp31) adds four classes the same way, each a frame: **a rite or a sacrament** the person
keeps with no religion word (``_RITE``: Mass at a saint's church, confession, communion, a Shabbat
dinner, Friday prayers, salah with its time or room, a Ramadan fast, halal or kosher kept, teaching
or studying at a mosque's or a church's school); **a relationship form** (``_RELATIONSHIP_FORM``: an
open relationship or marriage, polyamory, several partners at once, swinging — not a dance, a game or
a business partner); **a people said of the person** (``_PeopleRule``, the closed table
``data/special_peoples.tsv``, decision 0022: "is Cree", "es amazig", "as a Sámi woman", "her Yoruba
grandmother" — not a nationality); and, as ordinary-sense spans, their near misses (``_NEAR_MISSES``:
a carbon footprint, a handprint in cement, Face ID switched off or distrusted, the Mediterranean diet,
"queer" as a word or a field of theory, labour law as a subject, a dance partner, tinder for a fire).
Written from the classes of stop 43's and stop 44's misses and false positives as docs/privacy.md
describes them (in sample there; "Stop 44, sp31").

Stop 48 (sp38), from that stop's start reading by class (in sample there; docs/privacy.md, "Stop 48,
sp38"): the organisation's own gathering beside an ambiguous name (``_EVENTS``: "the CIG congress", "the
PP fundraiser"), and a couple seeking a third partner as a relationship form (``_SEEKS_THIRD``). Every
rule here carries the person's tie (``Rule.own_tie``).

Every pattern reads the inspection form (ASCII, lower case, accents removed). The table and the
three classes were written from the misses of the spent authors A1–AZ52 by class, before BA53 and
BB54 were read; the meeting of a section, "the Work", "he … the boyfriend", both sides, and every
span were added after that reading, so those are in sample there (docs/privacy.md, "Stop 43, sp30").
"""

from __future__ import annotations

import re
from pathlib import Path

from memory.inspection.special_lexicon import Rule, _re

_TABLE = Path(__file__).resolve().parent / "data" / "special_organisations.tsv"

#: A clause: the text between two of these (a comma does not end one: "donated to X, receipt filed").
_CLAUSE = re.compile(r"[^.;!?\n]+")

#: Words that tie the person to a party, per label (the same clause as a proper name).
_TIES = {
    "politics": r"""afiliad\w* | afilio | militan\w* | milita\b | socio | socia | miembro\w* | members?\b | membership | vot\w* | donat\w* | don[oa]\b
        | donacion\w* | donativo\w* | aporta\w* | aporto | cuotas? | dues | subscription | direct\s+debit | domiciliacion | rally | rallies | mitin\w*
        | campaign\w* | campana\w* | canvass\w* | volunteer\w* | voluntari\w* | pins?\b | chapas? | pegatinas? | stickers? | badges? | carnet
        | delegad\w* | delegates? | conference | congreso | convention | candidat\w* | concejal\w* | councillor\w* | supporter\w* | simpatizante\w*
        | apoya\b | apoyaba | supports\b | backs\b | coordina\w* | organis\w* | organiz\w* | fundraiser\w* | leaflet\w* | folletos? | primar(?:y|ies|ias)
        | caucus | precinct | activist\w* | activista\w* | lifelong | de\s+toda\s+la\s+vida | staunch | die[\s-]?hard | joined | se\s+afili\w*
        | grupo\s+local | local\s+(?:group|branch|party) | branch | agrupacion | ejecutiva | executive | asamblea\w* | interventor\w* | apoderad\w*
        | phone[\s-]?bank\w* | juventudes | youth\s+wing | party\s+card""",
    "trade_union": r"""afiliad\w* | afilio | miembro\w* | members?\b | membership | delegad\w* | delegates? | reps?\b | representative | steward
        | cuotas? | dues | subs\b | seccion\w* | section | branch | local\b | ejecutiva | executive | comite | committee | asamblea\w* | reunion\w*
        | meetings? | huelga\w* | strike\w* | ballot\w* | picket\w* | piquete\w* | lawyer | abogad\w* | asesoria\s+juridica | legal\s+(?:team|advice|help)
        | joined | se\s+afili\w* | liberad\w* | carnet | card\b | pays?\b | paga\b | pagar | formacion\s+sindical | curso\s+(?:de\s+formacion\s+)?para\s+delegad\w*
        | mobili[sz]ation | movilizacion\w* | organi[sz]er | preside\w* | presides | chairs?\b | sindicato | union\b
        | congress | congresos? | conferences? | conferencias?""",
    "religion": r"""miembro\w* | members?\b | membership | attends? | attending | asiste\w* | acude\w* | va\s+a | goes\s+to | went\s+to | fue\s+a
        | reunion\w* | meetings? | services? | culto | misa | mass\b | prayers? | pray\w* | rez\w* | oracion\w* | volunteer\w* | voluntari\w*
        | catequ\w* | retreat | retiro | convivencia\w* | grupo | group | numerari\w* | supernumerari\w* | cooperador\w* | belongs | pertenece\w*
        | joined | se\s+unio | elder | ancian[oa] | publicador\w* | precursor\w* | bishop | obispo | ward\b | estaca | mission\w* | mision\w* | tithe\w*
        | diezmo\w* | weekly | semanal\w* | every\s+(?:sunday|saturday|friday) | todos\s+los\s+(?:domingos|sabados|viernes) | sundays? | domingos?
        | saturdays? | sabados? | fridays? | viernes | classes | clases | study | estudio | studies""",
    "race_ethnicity": r"""es\b | is\b | soy\b | she'?s | he'?s | being | como | as\s+an? | comunidad\w* | community | familia\w* | family | pueblo | people
        | heritage | origen | origin | roots | raices | orgullos[oa] | proud | fund\b | scholarship | beca\w* | network | red\b | miembro\w* | members?\b
        | grants? | bursary | award | mentoring | mentoria | asociacion | association | lengua | language | habla | speaks | descent | ascendencia | identity | identidad | socia\b | socio\b""",
}

#: Words right beside an ambiguous name (``word`` rows): before it with a preposition or an article
#: between, or right after it as a noun.
_NEAR_BEFORE = {
    "politics": r"(?:vot\w*|afiliad\w*|militan\w*|members?|membership|miembro\w*|candidat\w*|concejal\w*|councillor\w*|supporter\w*"
                r"|simpatizante\w*|activist\w*|activista\w*|canvass\w*)",
    "trade_union": r"(?:afiliad\w*|members?|membership|miembro\w*|delegad\w*|delegates?|reps?|steward|liberad\w*)",
    "religion": r"(?:members?|miembro\w*|attends?|asiste\w*|goes\s+to|va\s+a)",
}
#: The organisation's own gatherings (sp38): a congress, a conference, a convention, a fundraiser of the
#: party or the union, named by an ambiguous name beside it ("the CIG congress", "after the PP
#: fundraiser", "el congreso de la CIG"; ``_OrgRule._event``, ``_THING_BEFORE``). Ties of a ``name`` row
#: (``_TIES``) already, but not words beside a ``word`` row, so the same act was read for "Partido
#: Popular" and not for "PP".
_EVENTS = {
    "politics": r"(?:fundraisers?|fund[\s-]raisers?|galas?|conferences?|conferencias?|congress|congresos?|conventions?|convenciones|convencion"
                r"|caucus(?:es)?|primar(?:y|ies|ias))",
    "trade_union": r"(?:congress|congresos?|conferences?|conferencias?|conventions?|convencion|asambleas?|assembl(?:y|ies))",
}
#: Things of the organisation before an ambiguous name (a rally, dues, a section): with an article
#: between ("las cuotas del USO", "donated to the Sumar campaign"), since "cuota de uso" is a usage
#: fee and "donación de pan" bread.
_THING_BEFORE = {
    # not "congress" or "conference" before a party's name: "Congress with the Republicans" is the legislature
    "politics": r"(?:mitin\w*|rally|rallies|donat\w*|donacion\w*|campaign\w*\s+for|campana\w*|cuotas?|dues|fundraisers?|fund[\s-]raisers?|galas?"
                r"|conventions?|convencion|congresos?)",
    "trade_union": rf"(?:cuotas?|dues|ejecutiva|executive|asesoria\s+juridica|abogad[oa]s?|lawyers?|{_EVENTS['trade_union']})",
}
_LINK_ARTICLE = r"(?:(?:de|a|of|in|en|to|for|por|con|with)\s+)?(?:the|la|el|los|las|its|su|del|al)\s+"
#: A meeting of a body of the organisation ("la reunión de la sección de la CNT"): a meeting alone is no tie.
_MEETING_OF_BODY = (r"(?:reunion\w*|meetings?|asamblea\w*|assembly)\s+" + "(?:(?:de|del|of|the|la|el)\\s+){1,3}"
                    r"(?:seccion|section|branch|comite|committee|ejecutiva|executive|agrupacion)\s+")
#: A relative clause of belonging right after the name ("USO, al que está afiliada", "la CNT, de la que es miembro").
_BELONGS_AFTER = (r"\s*,?\s+(?:al|a\s+la|a\s+los|del|de\s+la|de\s+los|en\s+el|en\s+la|which|that|who)\s+(?:que\s+|cual\s+|she\s+|he\s+)?"
                  r"(?:\w+\s+){0,2}?(?:afiliad\w*|pertenec\w*|miembro|members?|belongs|apoya|supports|vota|votes)\b")
_NEAR_AFTER = {
    "politics": r"(?:voters?|votantes?|members?|membership|rally|rallies|mitin\w*|councillors?|concejal\w*|supporters?|activists?|candidates?|candidat[oa]s?"
                r"|delegates?|donors?|afiliad[oa]s?|militantes?|simpatizantes?|party\s+(?:member|card|conference))",
    "trade_union": r"(?:members?|membership|reps?|representative|steward|delegates?|branch|strike\w*|ballot\w*|dues|card|afiliad[oa]s?|delegad[oa]s?)",
    "religion": r"(?:members?|services?|congregation|prayers?)",
}
_LINK = r"(?:(?:de|del|a|al|of|in|en|to|for|por|con|with|the|la|el|los|las|its|su)\s+){1,3}"
#: A body of the organisation between the tie and the name ("las cuotas de la sección de USO"): a
#: section of a manual is not one, so it is a hop after a tie, never a tie itself.
_BODY = r"(?:(?:seccion|section|branch|comite|committee|ejecutiva|executive|agrupacion)\s+" + _LINK + r")?"

#: A professional frame: the name is a client, an employer, a subject of study or of news, not the
#: person's own tie ("the PSOE is a client", "covers the Labour conference", "works for Unite").
_PROFESSIONAL = re.compile(r"""\b(?:client\w* | cliente\w* | consult\w* | agencia\w* | agency | contrat(?:o|os|a|ado|ada|aron|ó)\b | contract\w*
    | hired | freelanc\w* | proveedor\w* | supplier\w* | vendor\w* | invoic\w* | facturar | tender\w* | licitacion\w* | periodista\w* | journalist\w*
    | reporter\w* | reportaje\w* | cubr\w* | covers | covering | covered | entrevist\w* | interview\w* | press\s+(?:office|release|team) | prensa
    | encuestas? | polls?\b | polling | survey\w* | dataset\w* | website | pagina\s+web | web\b | app\b | logo | imprenta | printing | catering | venue
    | traduc\w* | translat\w* | audit\w* | account\s+manager | works\s+(?:for|at) | worked\s+(?:for|at) | trabaja\w*\s+(?:para|en) | emplead[oa]\s+de
    | employee\s+of | staff\s+(?:at|of) | tesis | thesis | essay | ensayo | articulo | article | paper | documental | documentar\w* | libro | (?<!we\s)(?<!to\s)(?<!they\s)book
    | novela | novel | podcast | serie | history\s+of | historia\s+de | estudia\w* | studies | studying | report\s+on | informe\s+sobre | news
    | noticias | debate | analys\w* | analisis | analiza\w* | security\s+(?:detail|for) | seguridad\s+(?:del|de\s+la) | presupuesto | budget
    | brief(?:ing)? | pitch | quote\s+for | rfp)\b""", re.VERBOSE)


def _load() -> dict[tuple[str, str], list[str]]:
    """The table's rows, by ``(label, kind)``: names in their inspection form."""
    rows: dict[tuple[str, str], list[str]] = {}
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        label, kind, name, _region = line.split("\t")
        rows.setdefault((label, kind), []).append(name)
    return rows


def _alternation(names: list[str]) -> str:
    """The names as one alternation, longest first; a space matches spacing, a hyphen or an apostrophe."""
    parts = sorted({r"[\s'-]*".join(re.escape(word) for word in name.split()) for name in names}, key=len, reverse=True)
    return "(?:" + "|".join(parts) + ")"


class _OrgRule:
    """A name from the table tied to the person in its clause, outside a professional frame (see
    the module docstring); read like a lexicon ``Rule`` (``label``, ``name``, ``own_tie``, ``fires``)."""

    #: The tie to the person is in the rule (``Rule.own_tie``): the n-gram stage's veto does not drop it.
    own_tie = True

    def __init__(self, label: str, names: list[str], words: list[str]) -> None:
        self.label = label
        self.name = f"names.{label}.organisation"
        self._tie = _re(_TIES[label])
        self._names = re.compile(rf"\b{_alternation(names)}\b") if names else None
        self._words = None
        self._word_alone = re.compile(rf"\b{_alternation(words)}\b") if words else None
        if words and label in _NEAR_BEFORE:
            word = _alternation(words)
            thing = (rf"|\b{_THING_BEFORE[label]}\s+(?:[\w$.,']+\s+){{0,2}}?{_LINK_ARTICLE}(?:\w+\s+)?{word}\b"
                     rf"|\b{_THING_BEFORE[label]}\s+{_LINK}{_BODY.removesuffix('?')}{word}\b") if label in _THING_BEFORE else ""
            self._words = re.compile(rf"\b{_NEAR_BEFORE[label]}\s+(?:[\w$.,']+\s+){{0,2}}?{_LINK}{_BODY}{word}\b|\b{word}[\s'-]+(?:s\s+)?{_NEAR_AFTER[label]}\b"
                                     rf"|\b{_MEETING_OF_BODY}{_LINK}{word}\b|\b{word}{_BELONGS_AFTER}{thing}{self._event(label, word)}")

    @staticmethod
    def _event(label: str, word: str) -> str:
        """The organisation's gathering right after its ambiguous name, the name after a definite article
        or a possessive ("the CIG congress", "after the PP fundraiser"; ``_EVENTS``): "a labour
        conference" is a conference on work."""
        if label not in _EVENTS:
            return ""
        return rf"|\b(?:the|la|el|del|al|its|her|his|their|su)\s+{word}[\s'-]+{_EVENTS[label]}\b"

    def fires(self, text: str) -> bool:
        # the write path runs this on every string: a string naming none of the table is one scan each
        words = self._words is not None and self._word_alone is not None and bool(self._word_alone.search(text))
        if not (words or self._names is not None and self._names.search(text)):
            return False
        for clause in _CLAUSE.finditer(text):
            body = clause.group(0)
            if _PROFESSIONAL.search(body):
                continue
            if words and self._words is not None and self._words.search(body):
                return True
            if self._names is not None:
                for match in self._names.finditer(body):
                    if self._tie.search(body, max(0, match.start() - 80), match.start()) or self._tie.search(body, match.end(), match.end() + 80):
                        return True
        return False


def _org_rules() -> tuple[_OrgRule, ...]:
    rows = _load()
    labels = ("politics", "trade_union", "religion", "race_ethnicity")
    return tuple(_OrgRule(label, rows.get((label, "name"), []), rows.get((label, "word"), [])) for label in labels)


#: The table's rules, one per label.
NAME_RULES = _org_rules()

# --- a people named in an identity frame (sp31) -------------------------------------------------------
_PEOPLES = Path(__file__).resolve().parent / "data" / "special_peoples.tsv"
#: An identity said of the person right before the name ("is Cree", "es amazig", "as a Sámi woman",
#: "se identifica como mapuche", "proudly Lakota", "half Māori"); a person of the family or a word
#: of origin before it ("su abuela … mapuche" is the copula's, "raíces mapuches", "familia gitana").
_PEOPLE_BEFORE = (r"(?:(?:is|isn'?t|she['’]?s|he['’]?s|i['’]?m|am|are|was|were|being|identif\w+\s+as|es|soy|somos|son|era|eran|siendo|sea"
                  r"|se\s+(?:identifica|considera|reconoce|define)\s+como|proud(?:ly)?|orgullos[oa](?:mente)?)\s+(?:(?:half|part|medio|media|mitad)[\s-]+)?"
                  r"|(?:as|como)\s+(?:an?\s+|una?\s+)?(?:(?:proud|orgullos[oa])\s+)?"
                  r"|(?:mujer|hombre|chic[oa]|nin[oa]|abuel[oa]s?|madre|padre|familia|antepasados|raices|origen|ascendencia|sangre)\s+"
                  r"|(?:of|de)\s+(?:(?:her|his|their|su|sus)\s+)?(?:\w+\s+)?(?:origen|ascendencia|descent|heritage|ancestry|roots|raices)\s+)")
#: A person of the family or a word of origin after the name ("a Cree woman", "her Lakota grandmother",
#: "Maya heritage", "Yoruba by descent").
_PEOPLE_AFTER = (r"(?:woman|man|women|men|girl|boy|grandmother|grandfather|grandma|grandpa|granny|grandparents|mother|father|mum|mom|dad"
                 r"|family|ancestors?|ancestry|heritage|descent|roots|origin|background|identity|blood|elders?|by\s+(?:birth|descent|blood)"
                 r"|on\s+(?:her|his|their)\s+(?:mother|father|mum|mom|dad)['’]?s\s+side|por\s+parte\s+de\s+(?:madre|padre))\b")
#: A word of origin only, for a name that is also an ordinary word ("of Maya descent", "Maya heritage").
_ORIGIN_BEFORE = r"(?:(?:of|de)\s+|(?:origen|ascendencia|raices|sangre)\s+)"
_ORIGIN_AFTER = r"(?:heritage|descent|ancestry|roots|origin|extraction|by\s+(?:birth|descent|blood))\b"


class _PeopleRule:
    """A people of ``data/special_peoples.tsv`` (Indigenous peoples and ethnic groups, not
    nationalities; decision 0022) said of the person: a ``name`` row in an identity frame right
    before it (``_PEOPLE_BEFORE``) or with a person of the family or a word of origin right after it
    (``_PEOPLE_AFTER``); a ``word`` row (also a given name or a thing: "Maya", "Karen") only with a
    word of origin beside it. The identity frame ("is Cree") is the person's whatever the rest of the
    clause says; the other frames are cleared by a professional frame in the clause (a client, a
    book, a documentary), as the organisation rule is."""

    label = "race_ethnicity"
    name = "names.race_ethnicity.people"
    own_tie = True  # ``Rule.own_tie``

    def __init__(self) -> None:
        rows: dict[str, list[str]] = {"name": [], "word": []}
        for line in _PEOPLES.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                kind, name, _region = line.split("\t")
                rows[kind].append(name)
        names, words = _alternation(rows["name"]), _alternation(rows["word"])
        self._gate = re.compile(rf"\b(?:{names}|{words})\b")
        self._identity = re.compile(rf"\b{_PEOPLE_BEFORE}{names}\b")
        self._framed = re.compile(rf"\b{names}[\s-]+{_PEOPLE_AFTER}|\b{_ORIGIN_BEFORE}{words}[\s-]+{_ORIGIN_AFTER}|\b{words}[\s-]+{_ORIGIN_AFTER}"
                                  rf"|\b(?:of|de)\s+{words}\s+{_ORIGIN_AFTER}")

    def fires(self, text: str) -> bool:
        if not self._gate.search(text):
            return False
        if self._identity.search(text):
            return True
        return any(self._framed.search(clause.group(0)) and not _PROFESSIONAL.search(clause.group(0))
                   for clause in _CLAUSE.finditer(text))

# --- a partner of the person's gender --------------------------------------------------------------
_MORE_MALE = ("tomas|marco|marcos|ruben|hector|ignacio|nacho|alfonso|enrique|ramon|joaquin|guillermo|rodrigo|cesar|emilio|felipe|gabriel|gonzalo"
              "|jaime|jesus|julian|lorenzo|martin|mateo|nicolas|santiago|samuel|tobias|xavier|jordi|pau|pol|oriol|arnau|marc|iker|unai|mikel|aitor"
              "|jon|asier|gorka|andrew|anthony|brian|charles|daniel|edward|frank|gary|henry|jason|jeff|kevin|larry|matthew|nathan|patrick|richard"
              "|robert|ryan|scott|simon|steven|steve|tim|timothy|will|joe|joseph|luke|adam|alex|dan|rob|nick|ahmed|mohammed|omar|ravi|arjun|raj")
_MORE_FEMALE = ("carla|marina|noelia|lorena|natalia|sonia|veronica|susana|lourdes|miriam|yolanda|alicia|barbara|celia|diana|esther|gloria|ines"
                "|judith|leire|ainhoa|amaia|nerea|montse|montserrat|nuria|mireia|nerea|olga|rebeca|sandra|tamara|vanesa|victoria|ximena|valeria"
                "|camila|daniela|gabriela|jenna|jennifer|jane|joanna|karen|linda|lisa|louise|mary|michelle|nicole|rebecca|ruth|samantha|susan"
                "|zoe|chloe|grace|priyanka|aisha|fatima|leila|mei|yuki|ana|lucia|maria|laura|marta|elena|sara|paula|sophie|sarah|emma|anna")
_NOT_BETWEEN = (r"(?:(?!\b(?:herman\w*|hij[oa]s?|padres?|madre|amig[oa]s?|jef[ea]s?|compa\w*|prim[oa]s?|ti[oa]s?|sobrin\w*|niet\w*|client\w*"
                r"|vecin\w*|brothers?|sons?|father|mother|friends?|boss|cousins?|colleagues?|neighbou?rs?|he|him|his|\w+'s)\b)[^.;:!?])")
#: Between "he" and his partner: no woman, no other person (``_NOT_BETWEEN``'s people, feminine pronouns).
_NOT_BETWEEN_HE = (r"(?:(?!\b(?:herman\w*|hij[oa]s?|padres?|madre|amig[oa]s?|jef[ea]s?|compa\w*|prim[oa]s?|ti[oa]s?|sobrin\w*|niet\w*|client\w*"
                   r"|vecin\w*|brothers?|sons?|daughters?|sisters?|father|mother|friends?|boss|cousins?|colleagues?|neighbou?rs?|she|her|hers|ella|\w+'s)\b)[^.;:!?])")
PARTNER_RULES = (
    Rule("sex_life_orientation", "names.sex_life_orientation.partner_gender", re.compile(
        rf"\b(?:ella|she|she'?s)\b{_NOT_BETWEEN}{{0,70}}\b(?:su|sus)\s+(?:novia|esposa|mujer|prometida)\b"), own_tie=True),
    Rule("sex_life_orientation", "names.sex_life_orientation.partner_gender", re.compile(
        r"\b(?:casada|comprometida|prometida|emparejada|casadas)\s+con\s+(?:su|sus)\s+(?:novia|esposa|mujer|prometida)\b"
        r"|\b(?:casado|comprometido|emparejado|casados)\s+con\s+(?:su|sus)\s+(?:novio|esposo|marido|prometido)\b"), own_tie=True),
    Rule("sex_life_orientation", "names.sex_life_orientation.partner_gender", re.compile(
        rf"\b(?:he|he'?s)\b{_NOT_BETWEEN_HE}{{0,70}}\b(?:the|a|his)\s+(?:boyfriend|husband|fiance)\b(?!'s)"
        rf"|\b(?:she|she'?s)\b{_NOT_BETWEEN}{{0,70}}\b(?:the|a|her)\s+(?:wife|fiancee)\b(?!'s)"), own_tie=True),
    Rule("sex_life_orientation", "names.sex_life_orientation.both_sides", re.compile(
        r"\b(?:le\s+(?:gustan|van|tiran)|(?:likes|swings|goes|plays|bats)\s+(?:for\s+)?)\s*['\"]?\s*(?:los\s+dos|las\s+dos|ambos|ambas|both)\s+"
        r"(?:palos|aceras|lados|bandos|equipos|sides|teams|ways)\b"), own_tie=True),
    Rule("sex_life_orientation", "names.sex_life_orientation.partner_gender", re.compile(
        rf"\b(?:{_MORE_FEMALE})'s\s+(?:wife|fiancee)\b|\b(?:{_MORE_MALE})'s\s+(?:husband|fiance)\b"), own_tie=True),
    Rule("sex_life_orientation", "names.sex_life_orientation.partner_gender", re.compile(
        rf"\b(?:{_MORE_MALE})\b{_NOT_BETWEEN}{{0,70}}\b(?:su|sus)\s+(?:novio|marido|esposo|prometido)\b"
        rf"|\b(?:{_MORE_FEMALE})\b{_NOT_BETWEEN}{{0,70}}\b(?:su|sus)\s+(?:novia|mujer|esposa|prometida)\b"), own_tie=True),
)

# --- a practice by name, a community term ---------------------------------------------------------
_PRAYER = r"(?:fajr|dhuhr|zuhr|asr|maghrib|isha|tahajjud|taraweeh|tarawih|jumu'?ah|jummah|jumma)"
_RELIGIOUS_PRACTICE = rf"""
(?:rez\w*|pray\w*|oracion\w*|salah|salat|namaz|prayers?)\s+(?:\w+\s+){{0,2}}?(?:el\s+|la\s+|the\s+|de\s+|del\s+)?{_PRAYER}\b
| {_PRAYER}\s+(?:prayers?|salah|namaz|oracion|rezo)\b | (?:fajr|dhuhr|zuhr|tahajjud|taraweeh|tarawih|jumu'?ah|jummah)\b
| (?:fasts?|fasting|ayun\w*)\s+(?:\w+\s+)?(?:from\s+|de\s+|desde\s+(?:el\s+)?)?(?:dawn|sunrise|sun\s?up|amanecer|sol)\s+(?:to|till|until|a|al|hasta\s+(?:el\s+|la\s+)?)\s*(?:dusk|sunset|sundown|sol|atardecer|anochecer|puesta)
| breaks?\s+(?:the|her|his|their)\s+fast\b | rompe\w*\s+el\s+ayuno | suhoor | suhur | sehri
| (?:believ\w*|faith|trust\w*|thank\w*|pray\w*|talks?\s+to|chats?\s+(?:to|with)|time\s+with|prays?\s+to)\s+(?:\w+\s+){{0,2}}?(?:the\s+)?(?:big\s+)?(?:man|guy|fella|one)\s+upstairs
| the\s+lord'?s\s+day | dia\s+del\s+senor | walks?\s+with\s+(?:the\s+lord|god|jesus|christ) | (?:camina|anda)\s+con\s+(?:el\s+senor|dios|cristo)
| devocional\w* | devotional\b | quiet\s+time\s+with\s+(?:god|the\s+lord|jesus) | says?\s+grace | bendec\w*\s+la\s+mesa | bendice\s+la\s+mesa
| de\s+sacristia | ratas?\s+de\s+sacristia | beato\b | se\s+santigua\w* | crosses\s+(?:himself|herself)
| door[\s-]to[\s-]door\s+with\s+(?:the\s+)?(?:magazines|watchtower|literature|bible) | predica\w*\s+(?:de\s+)?puerta\s+(?:a|en)\s+puerta | field\s+service
| (?:one|members?)\s+of\s+the\s+tribe | matzah | matzo\w* | seder\b | challah
| (?:pertenec\w*|perteneci\w*)\s+a\s+la\s+obra\b | (?:belongs?|belonged|belonging)\s+to\s+the\s+work\b
"""
#: A rite or a sacrament the person keeps, with no word of a religion (sp31): Mass at a saint's or
#: Our Lady's church, confession and communion taken, a Shabbat dinner or Shabbat kept, Friday
#: prayers, salah with its time, room or act, a Ramadan fast, halal or kosher kept as a practice
#: (not kosher salt, not a butcher's or a caterer's menu as a client's), and teaching or studying at
#: a mosque's, a church's or a synagogue's school. Read like the practices above (a professional
#: frame in the clause clears it).
_RITE = r"""
(?:for|to|at|attends?|attending|hears?|goes\s+to|go\s+to|went\s+to|after|before|from|misses?|never\s+misses?)\s+(?:(?:sunday|saturday|morning|evening|vigil|midnight|daily|early|the)\s+)*mass\s+(?:at|in)\s+
  (?:st\b|saint\b|san\b|santa\b|santo\b|our\s+lady|holy\s+\w+|sacred\s+heart|the\s+(?:cathedral|basilica|oratory|parish|abbey|church|chapel)|(?:her|his|their)\s+(?:\w+\s+)?(?:parish|church|chapel))
| (?:a|la)\s+misa\s+(?:de\s+(?:\w+\s+)?(?:en\s+)?)?(?:en\s+)?(?:san\b|santa\b|santo\b|santiago\b|nuestra\s+senora|la\s+(?:catedral|basilica|parroquia|ermita|capilla)|(?:su|la)\s+parroquia)
| misa\s+de\s+(?:doce|once|diez|nueve|ocho|siete|una|\d{1,2})\b | (?:oye|oir|escucha\w*)\s+misa\b
| (?:goes|go|going|went|gone)\s+to\s+confession | (?:va|fue|ir|iba)\s+a\s+confesar\w* | se\s+confes\w* | confesarse
| (?:takes?|took|taking|receives?|received|receiving)\s+(?:holy\s+)?communion | comulga\w*(?!\s+con\b) | comulgo\b(?!\s+con\b)
| (?:hace|hizo|hara|recibe|recibio|recibira)\s+(?:la\s+)?(?:primera\s+)?comunion | (?:her|his|their)\s+(?:first\s+)?(?:holy\s+)?communion\b
| shabbat\s+(?:dinner|meal|candles|lunch)|cena\s+(?:de|del)\s+(?:shabbat|sabbat|sabat)|(?:keeps?|kept|observes?|guarda\w*)\s+(?:el\s+)?(?:shabbat|sabbath|sabbat|sabat)
| friday\s+prayers? | (?:oracion\w*|rezo)\s+(?:de\s+los|del)\s+viernes | (?:el|la)\s+jum(?:u'?|m)a
| (?:room|space|place|time|break|corner|rug|mat|sitio|sala|lugar|espacio|hueco|rincon|alfombra)\s+(?:\w+\s+){0,2}?(?:for|para)\s+(?:the\s+|her\s+|his\s+|el\s+|la\s+|su\s+)?(?:salah|salat|namaz|wudu)\b
| (?:pray\w*|performs?|does|reza\w*|hace)\s+(?:(?:the|her|his|el|la|su)\s+)?(?:salah|salat|namaz)\b | (?:salah|salat|namaz)\s+(?:times?|breaks?|five|5|daily|at|horari\w*|diari\w*)\b
| (?:fasts?|fasting|fasted|ayun\w*)\s+(?:\w+\s+){0,3}?(?:for|during|in|durante|en|por)\s+(?:el\s+|the\s+)?ramadan | ramadan\s+(?:fast\w*|ayuno) | ayuno\s+(?:de|del)\s+ramadan
| (?:keeps?|kept|observes?|observing|hace|hacer|cumple)\s+(?:el\s+)?ramadan
| (?:eats?|eating|ate|come|comer|comia|keeps?|kept|keeping|only|solo|solamente|needs?|necesita|strictly|estrictamente|sigue|follows?|buys?|compra)\s+(?:\w+\s+){0,2}?(?:halal|kosher)\b(?!\s+salt|[\s-]+style)
| (?:halal|kosher)\s+(?:only|diet|dieta|at\s+home|en\s+casa|household|kitchen|cocina|rules|normas|estricto|estricta|strictly)\b
| (?:teach\w*|taught|stud(?:y|ies|ied|ying)|estudi\w*|ensena\w*|da\s+clases?|profesor[a]?|alumn[oa]|student|pupil|volunteers?)\s+(?:\w+\s+){0,4}?
  (?:mosque|church|synagogue|parish|temple|gurdwara)(?:'s|s)?\s+(?:\w+\s+)?(?:school|madrasa|madrassa|classes|class)\b
| (?:teach\w*|taught|stud(?:y|ies|ied|ying)|estudi\w*|ensena\w*|da\s+clases?|profesor[a]?|alumn[oa]|student|pupil)\s+(?:\w+\s+){0,4}?
  (?:escuela|colegio|clases|madrasa|madraza)\s+(?:coranica\s+)?(?:de\s+(?:la|su)\s+)(?:mezquita|parroquia|iglesia|sinagoga|templo)
| quran\s+school | escuela\s+coranica | madrass?a\b | madraza | yeshiva | hebrew\s+school | cheder
"""
#: A relationship form the person lives (sp31): an open relationship or marriage, polyamory, several
#: partners at once, swinging. Not a partner of a dance, a game or a business ("pareja de baile",
#: "a salsa partner", "several partners at the firm"), not an open relationship with clients or the
#: press (the professional frame), not "varias parejas de amigos" (couples met).
_PARTNERS_NOT_ORDINARY = (r"(?!\s+(?:de\s+(?:baile|salsa|tango|bachata|padel|tenis|mus|cartas|juego|mesa|negocio\w*|trabajo|amigos|vecinos|estudio|laboratorio)"
                          r"|(?:at|in|of)\s+(?:the|a|his|her|their)\s+(?:firm|practice|company|agency|bufete|despacho|studio)"
                          r"|(?:for|in)\s+(?:the\s+)?(?:dance|salsa|tango|tennis|padel|squash|bridge|cards|chess|project|business|venture|deal)))")
#: A couple looking for a third partner (sp38): the person with their partner, or as a couple, and a
#: third or a "unicorn" sought ("con su pareja … to find a third", "buscan una tercera persona en
#: pareja"); not a third player, member, place or try (``_NOT_A_THIRD_OF``).
_COUPLE = (r"(?:con\s+su\s+(?:pareja|novi[oa]|mujer|marido|espos[oa])|with\s+(?:her|his|their)\s+(?:partner|wife|husband|girlfriend|boyfriend|spouse)"
           r"|as\s+a\s+couple|en\s+pareja|(?:she|he)\s+and\s+(?:her|his)\s+(?:partner|wife|husband|girlfriend|boyfriend)|(?:ella|el)\s+y\s+su\s+(?:pareja|novi[oa]|mujer|marido))")
_NOT_A_THIRD_OF = (r"(?!\s+(?:\w+\s+)?(?:player|jugador\w*|member|miembro|place|puesto|lugar|plaza|try|intento|vez|time|round|ronda|opinion|option|opcion"
                   r"|roommate|flatmate|housemate|companer[oa]\s+de\s+piso|compi|socio|investor|inversor|wheel|rueda|quarter|trimestre|seat|asiento|ticket|entrada))")
_SEEKS_THIRD = (r"(?:find|finding|found|look(?:s|ing)?\s+for|seek\w*|search\w*\s+for|busca\w*|buscar|encontrar|conocer|meet)\s+"
                r"(?:a|an|un|una)\s+(?:third(?:\s+(?:person|partner|woman|man))?|tercer[oa](?:\s+persona)?|unicorn|unicornio)\b" + _NOT_A_THIRD_OF)
_RELATIONSHIP_FORM = rf"""
(?:relacion|relaciones|pareja|matrimonio)\s+(?:\w+\s+)?abiert[oa]s?\b(?!\s+(?:con|with)\s+(?:el|la|los|las|sus|su|the|her|his|its)?\s*(?:client\w*|prensa|press|equipo|team|medios|media|plantilla|staff|proveedor\w*|supplier\w*))
| open\s+(?:relationship|marriage|arrangement)s?\b(?!\s+with\s+(?:the\s+|her\s+|his\s+|its\s+|their\s+|our\s+)?(?:clients?|customers?|press|media|team|staff|employees|management|boss|investors|suppliers|community|board|regulators?|parents|kids|children))
| poliamor\w* | polyamor\w* | poly\s+(?:relationship|household|family|triad|network|partners?) | throuple | trieja | triada\s+(?:amorosa|poliamorosa)
| (?:sees?|seeing|dating|dates|juggl\w*|sale\s+con|salia\s+con|ve\s+a|se\s+ve\s+con|queda\s+con)\s+(?:\w+\s+)?(?:several|multiple|various|varias|varios|multiples|distintas|diferentes)\s+
  (?:partners|parejas|amantes|lovers|boyfriends|girlfriends|novios|novias)\b{_PARTNERS_NOT_ORDINARY}
| (?:several|multiple|varias|multiples|distintas|diferentes)\s+(?:partners|parejas|amantes|lovers|novios|novias)\s+(?:at\s+once|at\s+the\s+same\s+time|a\s+la\s+vez|al\s+mismo\s+tiempo|simultaneously|simultaneamente)
| (?:several|multiple|varias|multiples)\s+(?:sexual|romantic|sexuales|sentimentales)\s+(?:partners|parejas) | (?:more\s+than\s+one|mas\s+de\s+una)\s+(?:partner|pareja)\s+(?:at\s+(?:a|the\s+same)\s+time|a\s+la\s+vez)
| (?:into|took\s+up|enjoys?|practi[cs]es?)\s+swinging\b | swinging\s+(?:couples?|lifestyle|scene|clubs?|parties|party) | intercambio\s+de\s+parejas
| {_COUPLE}[^.;:!?]{{0,60}}?\b{_SEEKS_THIRD} | {_SEEKS_THIRD}[^.;:!?]{{0,60}}?{_COUPLE}
"""
#: A people or a nation named by its adjective (``marroqui``, ``saharaui``, ``chino``, ``gitano``; ``Somali``, ``Moroccan``,
#: ``Chinese``, ``Irish``), not a social origin (``de origen humilde``, ``of humble origin``).
_ORIGIN_ES = (r"(?!(?:humano|urbano|campesino|animal|vegetal|desconocido|incierto|dudoso|mediterraneo|cristiano)\b)"
              r"[a-z]{3,}(?:i|ano|ana|ino|ina|es|esa|eno|ena|ense|co|ca|ego|ega|io|ia|ol|ola|ita|an)")
_ORIGIN_EN = r"(?!(?:humble|modest|unknown|uncertain|human|urban|plant|animal|noble)\b)[a-z]{3,}(?:an|ian|ese|ish|i|ic)"
_ETHNIC_COMMUNITY = rf"""
(?:de|of|from)\s+(?:la|the)\s+diaspora\s+(?:africana|african|negra|black|caribbean|caribena|afro\w*|\w+)
| (?:hij[oa]|child|daughter|son)\s+(?:de|of)\s+(?:la|the)\s+(?:\w+\s+)?diaspora | (?:de|with|of)\s+raiz\s+(?:africana|negra|gitana|indigena|\w+ana)\b
| (?:african|black|afro|indigenous|native)\s+roots | raices\s+(?:africanas|negras|gitanas|indigenas|aimaras|quechuas|mapuches|\w+anas)\b
| pay[oa]s\b | gadj[oe]s?\b | gorgios?\b | gorgers?\b | travelling\s+(?:people|folk|community|families|family) | traveller\s+(?:lad|girl|boy|woman|man|folk|families)
| (?:as\s+an?|is\s+an?|being\s+an?|growing\s+up\s+as\s+an?|grew\s+up\s+as\s+an?|she'?s\s+an?|he'?s\s+an?|proud|como)\s+
  (?:korean|chinese|japanese|vietnamese|filipin[oa]|indian|mexican|cuban|puerto\s+rican|arab|iranian|haitian|nigerian|somali|pakistani|taiwanese
  |dominican|salvadoran|guatemalan|colombian|jamaican|african|asian|native)[\s-]american\b
| (?:korean|chinese|japanese|vietnamese|filipin[oa]|mexican|cuban|haitian|somali|pakistani|taiwanese|dominican|jamaican)[\s-]american\s+(?:kid|child|woman|man|girl|boy|family|heritage|roots|upbringing)
| (?:es|ser|soy|son|siendo|nacid[oa]|is|was|being|she'?s|he'?s|as)\s+(?:\w+\s+)?de\s+origen\s+{_ORIGIN_ES}\b
| (?:is|was|being|she'?s|he'?s|as)\s+(?:\w+\s+)?of\s+{_ORIGIN_EN}\s+(?:origin|descent|extraction)\b
| ethnically\s+\w+ | etnicamente\s+\w+
"""
class _Practice:
    """A practice named (``_RELIGIOUS_PRACTICE``; sp31: a rite, ``_RITE``; a relationship form,
    ``_RELATIONSHIP_FORM``), read like a lexicon ``Rule`` but without its quoted-metaphor frame: a
    practice is usually named in quotes ("calls it 'her time with the man upstairs'"), and the quotes
    are the euphemism, not a title. A professional frame in the clause clears it."""

    own_tie = True  # ``Rule.own_tie``: the practice is the person's own

    def __init__(self, label: str = "religion", name: str = "names.religion.practice", words: str = _RELIGIOUS_PRACTICE,
                 professional: re.Pattern[str] | None = None) -> None:
        self.label = label
        self.name = name
        self._pattern = _re(words)
        self._professional = professional or _PROFESSIONAL

    def fires(self, text: str) -> bool:
        if not self._pattern.search(text):
            return False
        return any(not self._professional.search(clause.group(0)) and self._pattern.search(clause.group(0))
                   for clause in _CLAUSE.finditer(text))


#: The professional frame of a rite or a relationship form: the organisation rule's without the words
#: of a practice's own setting (catering, a venue, an app, a website), which a rite names as the
#: person's need ("needs halal catering", "a dating app for open relationships").
_PRACTICE_PROFESSIONAL = re.compile(r"""\b(?:client\w* | cliente\w* | consult\w* | agencia\w* | agency | contrat(?:o|os|a|ado|ada|aron)\b | contract\w*
    | hired | freelanc\w* | proveedor\w* | supplier\w* | vendor\w* | invoic\w* | facturar | tender\w* | licitacion\w* | periodista\w* | journalist\w*
    | reporter\w* | reportaje\w* | covers | covering | entrevist\w* | interview\w* | press\s+(?:office|release|team) | encuestas? | polls?\b
    | survey\w* | dataset\w* | traduc\w* | translat\w* | subtit\w* | tesis | thesis | essay | ensayo | articulo | article | paper | documental
    | documentar\w* | novela | novel | podcast | history\s+of | historia\s+de | report\s+on | informe\s+sobre | news | noticias
    | (?:book|libro|film|pelicula|serie|series|episode|episodio|course|curso|lecture|clase|chapter|capitulo)\s+(?:\w+\s+)?(?:on|about|sobre)
    | character\w* | personaje\w* | protagonist\w*)\b""", re.VERBOSE)

PRACTICE_RULES = (
    _PeopleRule(),
    _Practice(),
    _Practice("religion", "names.religion.rite", _RITE, _PRACTICE_PROFESSIONAL),
    _Practice("sex_life_orientation", "names.sex_life_orientation.relationship_form", _RELATIONSHIP_FORM, _PRACTICE_PROFESSIONAL),
    Rule("race_ethnicity", "names.race_ethnicity.community", _re(_ETHNIC_COMMUNITY), own_tie=True),
)

#: Every rule of this module, in the order the lexical stage tries them (after the lexicon's).
RULES = (*NAME_RULES, *PARTNER_RULES, *PRACTICE_RULES)

# --- a band, a team or a show named by a special word (ordinary-sense spans) -------------------------
_NAMED_ACT = re.compile(r"""
\b(?:su\s+|his\s+|her\s+|their\s+)?(?:banda|grupo|cantante|equipo|band|team|singer|group)\s+(?:favorit[oa]|preferid[oa]|favou?rite)\s+(?:es|son|era|is|are|was)\s+[^.,;:!?]{1,40}
| \b(?:favou?rite|preferred)\s+(?:band|singer|group|team|artist|act)\s+(?:is|are|was|were)\s+[^.,;:!?]{1,40}
| \b(?:banda|band|grupo\s+musical|rock\s+band|tribute\s+band)\s+(?:(?:is|was|se)\s+)?(?:llamad[oa]|llama|called|named)\s+[^.,;:!?]{1,30}
| \b(?:entradas|tickets?|abonos?|season\s+tickets?)\s+(?:para|for|to)\s+(?:el|la|the|a|an)\s+(?:concierto|concert|gig|show|match|partido)\s+(?:de|del|of|by)\s+[^.,;:!?]{1,30}
| \b(?:entradas|tickets?|abonos?|season\s+tickets?)\s+(?:para|for|to)\s+(?:el\s+|la\s+|los\s+|the\s+)?(?!(?:un|una|a|an)\s)(?:[a-z']+\s+){1,3}?(?:match|matches|partido)\b
""", re.VERBOSE)
_NAMED_ACT_GATE = re.compile(r"banda|band\b|grupo|cantante|equipo|team|singer|group|artist|entradas|ticket|abono")


def name_spans(text: str) -> list[tuple[int, int]]:
    """Ordinary-sense spans (read with ``special_forms.ordinary_spans``: they can only clear): a
    band, a singer or a team the person likes named by what follows ("su banda favorita es …",
    "a band called …"), and the match or the concert tickets are for ("tickets for the … match",
    "entradas para el concierto de …") — a special word there names an act, not the person."""
    if not _NAMED_ACT_GATE.search(text):
        return []
    return [m.span() for m in _NAMED_ACT.finditer(text)]

#: A taste, a talent or a habit that "runs in the family" (an idiom of inheritance, not a condition).
_TRAIT_RUNS = re.compile(r"""
\b(?:taste|gusto|talent|talento|knack|gift|don|love|amor|passion|pasion|humou?r|sweet\s+tooth|stubbornness|terquedad|habit|mania|eye|ojo|ear|oido)\b
  [^.;]{0,50}?['"‘“]?\s*(?:runs\s+in\s+(?:the|his|her|their)\s+family|(?:le\s+)?viene\s+de\s+familia|es\s+de\s+familia|corre\s+en\s+la\s+familia)['"’”]?
""", re.VERBOSE)
#: The employer or a client sponsoring an event the person works on in a named role ("her company
#: sponsors a Pride float and, as events manager, she handles the logistics").
_SPONSOR = re.compile(r"""\b(?:company|firm|employer|empresa|brand|marca|client|cliente|agency|agencia)\s+(?:\w+\s+){0,2}?
  (?:sponsors?|sponsored|sponsoring|patrocina\w*|organi[sz]es|organiza)\s+[^.;,]{0,60}""", re.VERBOSE)
_WORK_ROLE = re.compile(r"""\b(?:as|como)\s+(?:the\s+|an?\s+|la\s+|el\s+)?(?:\w+\s+)?(?:manager|coordinator|organi[sz]er|planner|producer|lead
  |responsable|coordinador\w*|productor\w*|organizador\w*)\b|\bhandl\w*\s+(?:the\s+)?logistics|\blleva\s+la\s+logistica""", re.VERBOSE)
#: Strikes at bowling, a time of the week held "sacred": idioms.
_IDIOM = re.compile(r"""
\b(?:bowling|bolos|bolera)\b[^.;]{0,60}?\bstrikes?\b | \bstrikes?\s+in\s+a\s+row\b
| \b(?:domingos|sabados|fines\s+de\s+semana|findes|mananas|tardes|siestas?|vacaciones|weekends?|sundays|saturdays|mornings|evenings|holidays)\s+
  ['"‘“]?\s*(?:son|es|are|is)\s+['"‘“]?\s*(?:sagrad[oa]s?|sacred|sacrosanct)\b['"’”]?
""", re.VERBOSE)
#: A nationality or a passport named for papers (a visa, a consulate): a citizenship, not an origin.
_NATIONALITY_FOR_PAPERS = re.compile(r"""
\b(?:su\s+|his\s+|her\s+|their\s+)?(?:nacionalidad|nationality|ciudadania|citizenship)\s+(?:es\s+|is\s+)?[a-z]+\b
  (?=[^.;]{0,60}\b(?:visa|visado|pasaporte|passport|consulado|consulate|embajada|embassy|permiso\s+de\s+residencia|residence\s+permit|aduana|customs|border|frontera|schengen)\b)
""", re.VERBOSE)
#: Property stolen from the person and its police report: the sentences say the person was robbed.
_THEFT = re.compile(r"""\b(?:(?:le|les|me|nos)\s+(?:han\s+)?(?:robaron|robado|hurtaron|hurtado)\s+(?:el|la|los|las|su|sus)\s+
  (?:bici\w*|movil|telefono|cartera|bolso|mochila|coche|moto|portatil|maleta|bicicleta|llaves|reloj)
  |(?:phone|bike|bicycle|wallet|purse|bag|backpack|car|laptop|suitcase|keys|watch|handbag)\s+(?:was|were|got)\s+(?:stolen|nicked|snatched|taken))\b""", re.VERBOSE)
_REPORT = re.compile(r"\b(?:denuncia|police\s+report|crime\s+(?:reference|number)|report\s+(?:it\s+)?to\s+the\s+police)\b")
_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;\n]*")


#: The near misses of sp31's classes (can only clear): a footprint that is not a fingerprint (carbon,
#: ecological, water; a hand or a paw printed in cement, clay or sand), biometric unlocking switched
#: off, never set up or distrusted, the Mediterranean diet, "queer" as a word or a field of literary
#: theory, labour law as a subject studied or examined, a partner at a dance, a game or a study, and
#: tinder as fire-lighting material.
_NEAR_MISSES = re.compile(r"""
\bhuellas?\s+(?:de\s+carbono|ecologica|hidrica|ambiental) | \b(?:carbon|ecological|environmental|water|climate)\s+footprints?
| \b(?:hand|foot|paw)[\s-]?prints?\s+(?:\w+\s+){0,3}?(?:in|on|into)\s+(?:the\s+|some\s+)?(?:wet\s+|fresh\s+)?(?:cement|concrete|clay|plaster|sand|mud|snow|paint|dough)
| \bhuellas?\s+(?:de\s+)?(?:(?:la|las|su|sus)\s+)?(?:manos?|pies?|patas?|manitas?)\s+(?:\w+\s+){0,2}?en\s+(?:el\s+|la\s+)?(?:cemento|hormigon|arcilla|yeso|arena|barro|nieve|pintura|masa)
| \b(?:disabled|disables|turned\s+off|turns\s+off|switched\s+off|switches\s+off|deactivated|never\s+(?:set\s+up|enabled|activated|used)|(?:doesn'?t|won'?t|refuses\s+to)\s+use
  |desactiv\w*|apag\w*|nunca\s+(?:ha\s+)?(?:activad|configurad|usad)\w*|no\s+usa)\s+(?:\w+\s+){0,2}?(?:face\s?id|touch\s?id|fingerprint\s+unlock|facial\s+recognition|reconocimiento\s+facial|desbloqueo\s+(?:facial|por\s+huella))
| \b(?:face\s?id|touch\s?id)\s+(?:\w+\s+){0,2}?(?:disabled|switched\s+off|turned\s+off|off\b|desactivad\w*|apagad\w*)
| \b(?:no\s+se\s+fia\s+de\w*|doesn'?t\s+trust|distrusts?|desconfia\s+de\w*)\s+(?:\w+\s+){0,2}?(?:reconocimiento\s+facial|facial\s+recognition|face\s?id|touch\s?id)
| \bdieta\s+mediterranea | \bmediterranean\s+diet
| \b(?:la\s+palabra|the\s+word|the\s+term|el\s+termino)\s+['"‘“]?queer\b['"’”]? | \bqueer\s+(?:theory|studies|reading|criticism|poetics)\b | \b(?:teoria|estudios|lectura)\s+queer\b
| \b(?:estudi\w*|studying|studies|studied|exam\w*|examen\w*|oposicion\w*|temario|asignatura|module|course|curso|seminar\w*|lecture|grado|degree)\s+(?:\w+\s+){0,4}?
  (?P<subject>derecho\s+(?:laboral|del\s+trabajo|sindical)|labou?r\s+law|employment\s+law|trade\s+union\s+law|collective\s+bargaining(?:\s+law)?|negociacion\s+colectiva)
| \b(?:pareja|companer[oa])\s+de\s+(?:baile|salsa|bachata|tango|padel|tenis|mus|cartas|juego|estudio|laboratorio)\b
| \b(?:dance|dancing|salsa|tango|bachata|tennis|padel|squash|bridge|card|chess|climbing|running|study|lab|sparring|doubles)\s+partners?\b
| \btinder[\s-]?(?:dry|box)\b | \b(?:kindling|firelighters?|matches|cerillas|flint|fire\s+steel)\s+(?:\w+\s+){0,4}?tinder\b | \btinder\s+(?:and|y)\s+(?:kindling|matches|cerillas)
""", re.VERBOSE)
_NEAR_MISS_GATE = re.compile(r"huella|footprint|print|face\s?id|touch\s?id|facial|mediterr|queer|laboral|labou?r\s+law|employment\s+law|bargaining|colectiva"
                             r"|sindical|pareja\s+de|companer|partner|tinder")


def idiom_spans(text: str) -> list[tuple[int, int]]:
    """Ordinary-sense spans (read with ``special_forms.ordinary_spans``: they can only clear): a trait
    that runs in the family, an employer's sponsored event the person works on in a named role, and
    the near misses of sp31's classes (``_NEAR_MISSES``)."""
    spans = [m.span() for m in _TRAIT_RUNS.finditer(text)]
    if _NEAR_MISS_GATE.search(text):
        # a subject studied: the subject alone, so the vector stage still reads the sentence around it
        spans += [m.span("subject") if m.group("subject") else m.span() for m in _NEAR_MISSES.finditer(text)]
    if _WORK_ROLE.search(text):
        spans += [m.span() for m in _SPONSOR.finditer(text)]
    return spans


def vector_name_spans(text: str) -> list[tuple[int, int]]:
    """Spans the vector stage alone does not read (the lexicon has no word there, the vector stage
    read them as special): bowling strikes, a "sacred" time of the week, a nationality
    named for papers, and the sentences of a note reporting
    property stolen from the person with its police report (the person is the victim)."""
    spans = [m.span() for m in _NATIONALITY_FOR_PAPERS.finditer(text)] + [m.span() for m in _IDIOM.finditer(text)]
    if _THEFT.search(text) and _REPORT.search(text):
        spans += [m.span() for m in _SENTENCE.finditer(text) if _THEFT.search(m.group(0)) or _REPORT.search(m.group(0))]
    return spans
