"""Special categories told by the person's own act, device or tie, and special words in a civic role or
a cultural work (issue 15, stop 38, sp25): classes written after the misses and false positives of the
s33/s34 readings, measured over every spent special set (docs/privacy.md, "Twenty-fifth special
round"). ES+EN; every pattern reads the inspection form (ASCII, lower case, accents removed).

Rules (``ROLE_RULES``, tried after ``special_clauses.CLAUSE_RULES``; each goes through the n-gram veto
like any lexicon hit):

* ``religion.sacrament`` — confession as a sacrament: confession with a parish, a church, a priest or
  a Mass near it (``la confesión del primer sábado en la parroquia de San Ginés``), going to confession
  (``ir a confesarse``, ``goes to confession``); a police confession has none of these.
* ``health.own_device`` — a medical device for the person's own use, taken, packed, carried or
  forgotten, whatever the possessive (``pack el glucómetro y las tiras reactivas``, ``always carries
  an inhaler``, ``olvidó la pluma de insulina``): sp24's ``monitoring`` needed a possessive.
* ``politics.party_dues`` — dues, a fee or a subscription paid to a party or one of its branches
  (``la cuota trimestral de la junta local del PP``, ``her Labour membership dues``).
* ``biometric.enrolment`` — a trait enrolled or registered anywhere in a note (``dio de alta su
  huella``, ``enrolled her fingerprint on the time clock``); ``biometric.veins`` — the person
  getting in or identified through a vein reader (``gets in through the palm-vein reader``, ``entra
  por el lector de venas``): a hotel or a building that has one is a near miss.
* ``biometric.authenticates`` (sp33) — the person authenticating with a biometric feature: enabling,
  enrolling, approving, paying, passing a gate or a border with it (``usa Face ID para aprobar las
  transferencias``, ``passes the e-gate with a face scan``); a feature not chosen, disliked, switched
  off or negated, or named as a product, is a near miss (``_AuthRule``, ``_NOT_CHOSEN_SPAN``).
* ``health.sugar_thing`` — the English form of ``lo del azúcar``: ``her sugar thing``, ``his sugar
  issue``.

The same-sex couple by given names (``SAME_SEX_NAMES``, rule ``lexicon.sex_life_orientation.partner``):
a woman's given name dating, living with or moving in with a woman's given name (``Lucía sale con
Laura``), a man's with a man's.

Ordinary-sense spans (``role_spans``, read with ``special_forms.ordinary_spans``: they can only
clear): a witness or a juror (``citado como testigo en el juicio``, ``called as a witness``, ``jury
duty``, ``en el jurado de un festival``), and an ethnicity word that qualifies a cultural work or a
festival (``festival de documentales indígenas``, ``an African film festival``).
"""

from __future__ import annotations

import re

from memory.inspection.special_clauses import _PARTY_NAME, _OwnRule, _unless
from memory.inspection.special_forms import in_frame
from memory.inspection.special_lexicon import _FEMALE_NAMES, _MALE_NAMES, Rule, _about_work, _re

# --- religion ----------------------------------------------------------------------------------
_SACRAMENT = r"""
(?:confesion|confession)\b(?=[^.;]{0,60}\b(?:parroquia|iglesia|capilla|catedral|parish|church|chapel|cathedral|cura|sacerdote|priest|misa|mass)\b)
| (?:ir|va|iba|fue|vamos|voy|irse)\s+a\s+confesar(?:se|me|te)?\b | confesarse\b
| (?:go|goes|going|went)\s+to\s+confession\b
"""

# --- health ------------------------------------------------------------------------------------
_MED_DEVICE = (r"(?:glucometr[oa]s?|glucometers?|tiras\s+reactivas|test\s+strips|(?:pluma|boligrafo|plumas)\s+de\s+insulina|insulin\s+pens?"
               r"|inhalador(?:es)?|inhalers?|puffers?|nebuli[sz]ador(?:es)?|nebuli[sz]ers?|epi-?pens?|autoinyector(?:es)?|auto-?injectors?"
               r"|lancetas|lancets|bomba\s+de\s+insulina|insulin\s+pump|cpap|audifonos?|hearing\s+aids?)")
_OWN_DEVICE = rf"""
(?:pack\w*|carr(?:y|ies|ied|ying)|bring\w*|brought|forg[eo]t\w*|left|take|takes|taking|took|keeps?|uses?|using|needs?
  |meter|mete|metio|llevar|lleva|llevo|llevan|olvid\w*|coger|coge|cogio|necesita|usa|usar|guarda|guardar)
  \s+(?:\w+\s+){{0,3}}?(?:el|la|los|las|su|sus|un|una|the|a|an|his|her|their|spare|extra)?\s*(?:\w+\s+)?{_MED_DEVICE}\b
"""
_SUGAR_THING = r"""(?:her|his|their|the)\s+['"‘“]?\s*sugar\s+(?:thing|issue|problem|situation|stuff|condition)\b"""

# --- politics ----------------------------------------------------------------------------------
_PARTY_DUES = rf"""
(?:cuota|cuotas|dues|subs|subscription|membership\s+fee|afiliacion)\b[^.;]{{0,50}}?\b(?:de|del|a|al|to|for|of)\s+(?:la\s+|el\s+|the\s+)?(?:\w+\s+){{0,3}}?{_PARTY_NAME}\b
| {_PARTY_NAME}\s+(?:party\s+)?(?:membership\s+)?(?:dues|subs|subscription|membership\s+fee)\b
"""

# --- biometric ---------------------------------------------------------------------------------
_TRAIT = r"(?:huella\w*|fingerprints?|face\s*id|cara|rostro|iris|retina|palma|palm|voz|voice\s*print|voiceprint)"
_ENROLMENT = rf"""
(?:d(?:io|ar|a|an|ado)\s+de\s+alta|registr\w*|enrol\w*|set\s+up|grab\w*)\s+(?:\w+\s+)?(?:su|sus|her|his|their)\s+{_TRAIT}\b
"""
#: The person getting in or identified through a vein reader (a building's or a hotel's reader alone
#: is a near miss); no work frame clears it (``_Plain``).
_VEINS = r"""
(?:gets?\s+in|gets?\s+into|got\s+in|enters?|entra|accede|uses?|usa|through|por\s+el|via|con\s+el|scan\w*|escane\w*|enrol\w*|registr\w*)\b[^.;,]{0,40}?
  \b(?:palm[\s-]?veins?\b|vein[\s-]?(?:reader|scanner|scan|recognition)|(?:lector|escaner|reconocimiento)\s+(?:\w+\s+)?de\s+(?:las\s+)?venas)
"""

#: sp33: the person authenticating with their own face, finger, eye or voice — enabling, using or
#: enrolling a biometric unlock, approving a payment, passing a gate or a border by a face scan
#: (``usa Face ID para aprobar los pagos``, ``activó el reconocimiento facial en la app del banco``,
#: ``passes the automatic border gate with a face scan``). The feature is named by its function (an
#: unlock, a recognition, a scan, a sign-in by a trait) or by its product name, with the person's act
#: before it (enabling, enrolling, approving, paying, passing, unlocking: not a bare "uses", which a
#: client's app or a question does as well: A1, N14, P16), or after it an approval, a payment or an
#: entry it is used for, or its being switched on. ``_AuthRule`` clears the near misses: a feature named as what the person did not choose
#: (``instead of``, ``en vez de``, ``over``), an act negated (``no activó``, ``never uses``), and,
#: like any rule, a work frame (a login screen designed for a client). Switching it off is
#: ``_OPT_OUT``'s (an ordinary-sense span).
_AUTH_FEATURE = r"""(?:face\s*id|touch\s*id|windows\s+hello|voice\s*id|reconocimiento\s+(?:facial|de\s+(?:cara|huella|voz|iris))
  |facial\s+(?:recognition|scan\w*|verification|unlock|login|id)|face\s+(?:unlock\w*|recognition|scan\w*|verification|login|match\w*|check)
  |desbloqueo\s+(?:facial|dactilar|biometrico|(?:con|por)\s+(?:la\s+)?(?:huella|cara|rostro))|escaneo\s+(?:facial|de\s+(?:la\s+)?(?:cara|huella|iris|retina))
  |verificacion\s+(?:facial|biometrica|por\s+huella)|(?:fingerprint|thumbprint|iris|biometric)\s+(?:unlock\w*|login|sign[\s-]?in|approval|authentication|verification|scan\w*|check)
  |huella(?:\s+dactilar)?|fingerprints?|biometri(?:a|cs))\b"""
_AUTH_ACT = r"""(?:activ[oóa]\w*|activa(?:do|da|r)?|enabled|enables|turned\s+on|switch(?:ed|es)?\s+on|set\s+up|sets\s+up
  |configur\w*|habilit\w*|enrol\w*|se\s+registr\w*|aprueba\w*|aprob\w*|approv\w*|autoriza\w*|authori[sz]\w*|confirma\w*|confirms?|firma\w*|signs?
  |paga\w*|pago|pays?|paid|pasa\w*|paso|passes|passed|cruza\w*|cruzo|cross(?:es|ed)|(?:goes|went|gets|got)\s+through|entra\w*|entro|enters?|entered|logs?\s+in|logged\s+in|desbloquea\w*|unlocks?|unlocked)\b"""
_AUTH_USE = r"""(?:para|to|for|al|when|cuando|y|and)\s+(?:\w+\s+)?(?:aprobar|approv\w*|pagar|pagos?|pay\w*|firmar|sign\w*|confirmar|confirm\w*|autorizar|authori[sz]\w*
  |entrar|acceder|log\s*in|login|desbloquear|unlock\w*|pasar|cruzar|validar|verificar|verify|transfer\w*|bizum|compras?|purchases?|the\s+border|la\s+frontera)\b
  |(?:activad[oa]|enabled|activated|switched\s+on|turned\s+on|configurad[oa])\b"""
_AUTHENTICATES = rf"""
{_AUTH_ACT}\s+(?:[^.;:]{{0,60}}?\s)?(?P<feature>{_AUTH_FEATURE})
| (?P<used>{_AUTH_FEATURE})\s+(?:[^.;:]{{0,30}}?\s)?(?:{_AUTH_USE})
"""
#: Before the feature: what the person chose instead of it, or an act negated.
_NOT_CHOSEN = re.compile(r"(?:instead\s+of|rather\s+than|en\s+vez\s+de|en\s+lugar\s+de|antes\s+que|over|sin|without|no|not|never|nunca|n't|ni"
                         r"|no\s+le\s+gustan?|(?:doesn'?t|does\s+not)\s+like|dislikes|hates|odia|(?:no\s+se\s+fia|desconfia)\s+de\w*|distrusts?)\s+(?:(?:el|la|los|las|su|the|a|an|her|his|their|any|ningun\w*)\s+)?$")
#: After the feature: switched off (``has fingerprint unlock switched off``).
_SWITCHED_OFF = re.compile(r"\s+(?:\w+\s+)?(?:switched\s+off|turned\s+off|disabled|off\b|desactivad\w*|apagad\w*)")
_NEGATED_ACT = re.compile(r"\b(?:no|not|never|nunca|n't|ni|dejo\s+de|stopped|ya\s+no)\s+(?:(?:ha|han|habia|has|have|had|lo|la|le|se|to|been|quiere|wants?|piensa)\s+){0,2}$")


class _AuthRule(Rule):
    """``_AUTHENTICATES`` unless every match names the feature as not chosen, disliked or switched off,
    or its act negated (``_NOT_CHOSEN``, ``_SWITCHED_OFF``, ``_NEGATED_ACT``), or is about work
    (``Rule.fires``'s frames)."""

    def fires(self, text: str) -> bool:
        for match in self.pattern.finditer(text):
            feature = match.start("feature") if match.group("feature") else match.start("used")
            feature_end = match.end("feature") if match.group("feature") else match.end("used")
            if (_NOT_CHOSEN.search(text, max(0, feature - 40), feature) or _NEGATED_ACT.search(text, max(0, match.start() - 30), match.start())
                    or _SWITCHED_OFF.match(text, feature_end)):
                continue
            if not _about_work(text, match.start(), match.end()) and not in_frame(text, match.start()):
                return self.unless is None or not self.unless.search(text)
        return False


class _Plain(Rule):
    """A rule with no ordinary sense to clear but the category's near misses."""

    def fires(self, text: str) -> bool:
        return bool(self.pattern.search(text)) and (self.unless is None or not self.unless.search(text))


#: ``(label, class, pattern, rule type)``: the person's own tie (an enrolled trait, a vein reader,
#: the sugar euphemism) is not cleared by a frame of work before it (``_OwnRule``), only after it.
_CLASSES: list[tuple[str, str, str, type[Rule]]] = [
    ("religion", "sacrament", _SACRAMENT, Rule),
    ("health", "own_device", _OWN_DEVICE, Rule),
    ("health", "sugar_thing", _SUGAR_THING, _OwnRule),
    ("politics", "party_dues", _PARTY_DUES, Rule),
    ("biometric", "enrolment", _ENROLMENT, _OwnRule),
    ("biometric", "veins", _VEINS, _Plain),
    ("biometric", "authenticates", _AUTHENTICATES, _AuthRule),
]

#: The rules of this module, tried after ``special_clauses.CLAUSE_RULES``.
ROLE_RULES: tuple[Rule, ...] = tuple(
    kind(label, f"lexicon.{label}.role.{name}", _re(pattern), None, _unless(label)) for label, name, pattern, kind in _CLASSES)


class _NamedCouple:
    """A given name dating, living with or moving in with a given name of the same sex (``Lucía sale
    con Laura``, ``Tom is dating Luis``): two different names."""

    _ACT = (r"(?:(?:sale|salia|esta\s+saliendo|anda|vive|se\s+va\s+a\s+vivir|se\s+muda|going\s+out|lives|living|moving\s+in|moved\s+in)"
            r"\s+(?:\w+\s+)?(?:con|with)|is\s+dating|is\s+seeing)")

    def __init__(self, names: list[str]) -> None:
        alternation = "|".join(names)
        self._pattern = re.compile(rf"\b({alternation})\s+(?:\w+\s+)?{self._ACT}\s+({alternation})\b")

    def search(self, text: str) -> re.Match[str] | None:
        for match in self._pattern.finditer(text):
            if match.group(1) != match.group(2):
                return match
        return None


SAME_SEX_NAMES = (_NamedCouple(_FEMALE_NAMES), _NamedCouple(_MALE_NAMES))

# --- ordinary-sense spans ----------------------------------------------------------------------
_CIVIC_ROLE = re.compile(r"""
(?:citad[oa]|llamad[oa]|convocad[oa]|declara|declarar|declaro|va|ir)\s+(?:a\s+declarar\s+)?como\s+testigo\b[^.;]*
| testigo\s+(?:en|de|del)\s+(?:el\s+|un\s+|una\s+|la\s+)?(?:juicio|caso|accidente|proceso|boda)\b[^.;]*
| (?:called|summoned|cited|subpoenaed|appearing|appear|testify\w*)\s+as\s+a\s+witness\b[^.;]*
| witness\s+(?:in|at|for)\s+(?:a|the)\s+(?:trial|case|hearing|inquest)\b[^.;]*
| jury\s+(?:duty|service)\b | (?:on|in|del|en\s+el)\s+(?:the\s+|a\s+)?(?:jury|jurado)\b[^.;]*
""", re.VERBOSE)
_CULTURE = r"(?:documentales|documental|peliculas|pelicula|cine|arte|musica|literatura|artesania|festival|muestra|films?|documentar(?:y|ies)|cinema|art|music|literature|crafts?|festival)"
_ETHNIC_ADJ = r"(?:indigenas?|africanos?|africanas?|afroamerican[oa]s?|latin[oa]s?|asiatic[oa]s?|arabes?|gitan[oa]s?|indigenous|african|afro-?american|latin[oa]|asian|arab|native\s+american|aboriginal|first\s+nations)"
_CULTURAL_WORK = re.compile(rf"\b{_CULTURE}\s+(?:de\s+|del\s+|of\s+)?(?:\w+\s+)?{_ETHNIC_ADJ}\b|\b{_ETHNIC_ADJ}\s+{_CULTURE}\b")
#: The person's own tie to the ethnicity beside it keeps the word special (``her people``, ``su comunidad``).
_OWN_ETHNIC = re.compile(r"\b(?:su\s+(?:pueblo|comunidad|familia|origen|abuel\w*)|her\s+(?:people|community|heritage|roots)|his\s+(?:people|community|heritage|roots)|es\s+(?:indigena|mapuche|quechua)|is\s+(?:indigenous|native))\b")


#: Opting out of a biometric feature: the person's own choice not to use it (``turned off Face ID``,
#: ``desactivó el desbloqueo con huella``, ``doesn't use facial recognition``) tells no trait.
_OPT_OUT = re.compile(r"""
(?:turned\s+off|turns\s+off|switched\s+off|disabled|disables|removed|deleted|opted\s+out\s+of|refuses\s+to\s+use|doesn'?t\s+use|does\s+not\s+use|won'?t\s+use
  |desactiv\w*|quit[oó]|borr[oó]|no\s+usa|no\s+quiere\s+usar|se\s+niega\s+a\s+usar)
  \s+(?:the\s+|el\s+|la\s+|su\s+|her\s+|his\s+)?(?:desbloqueo\s+(?:con|por)\s+(?:la\s+)?)?
  (?:face\s*id|touch\s*id|faceid|touchid|huella|fingerprint(?:\s+unlock)?|reconocimiento\s+facial|facial\s+recognition|face\s+unlock)\b
""", re.VERBOSE)
#: A biometric feature named as what the person did not choose (sp33: ``uses a QR code instead of the
#: face scan``, ``prefiere el PIN en vez de la huella``, ``a passcode over Face ID``), or the trait said
#: not to be what is scanned (``the QR code, not his face``): no trait of theirs.
_NOT_CHOSEN_SPAN = re.compile(r"\b(?:instead\s+of|rather\s+than|en\s+vez\s+de|en\s+lugar\s+de|antes\s+que|over)\s+(?:(?:el|la|los|las|su|the|a|an|her|his|their)\s+)?"
                              + "".join(_AUTH_FEATURE.split())
                              # the trait itself said not to be what is scanned ("scans the QR code, not his face")
                              + r"|\bnot\s+(?:his|her|their|your)\s+(?:face|fingerprints?|fingers?|thumbs?|eyes?|iris|voice)\b"
                              + r"|\bno\s+(?:con\s+)?(?:su|la)\s+(?:cara|huella|rostro|voz)\b(?!\s+(?:de|del)\b)")
#: A sacred word in quotes as a name given to a thing (``calls the Monday stand-up 'the sacred
#: ritual'``, ``llama a la siesta 'sagrada'``): a figure of speech, not a belief.
_SACRED_FIGURE = re.compile(r"""
\b(?:calls?|called|llama|llaman)\s+(?:a\s+)?(?:the|el|la|los|las|su|sus|his|her|their)\s+(?:[\w-]+\s+){1,3}?(?P<figure>['"‘“]\s*(?:the\s+|el\s+|la\s+|a\s+|una?\s+)?
  (?:sacred|holy|sagrad[oa]|ritual|religious|religios[oa]|gospel|evangelio|mantra|bible|biblia)\b[^'"’”]{0,30}['"’”])
""", re.VERBOSE)


def figure_spans(text: str) -> list[tuple[int, int]]:
    """Spans of a biometric feature opted out of or not chosen and of a quoted sacred figure (the quoted name alone):
    the vector stage reads outside these too. Not the civic roles and cultural works: blanked, what
    was left of a short note ("Hoy tiene jury duty, so …") read as special to the vector stage."""
    return ([m.span() for m in _OPT_OUT.finditer(text)] + [m.span() for m in _NOT_CHOSEN_SPAN.finditer(text)]
            + [m.span("figure") for m in _SACRED_FIGURE.finditer(text)])


def role_spans(text: str) -> list[tuple[int, int]]:
    """Spans of ``text`` (an inspection form) of a civic role, a cultural work, a biometric feature
    opted out of or a sacred word as a figure (module docstring)."""
    spans = [m.span() for m in _CIVIC_ROLE.finditer(text)] + figure_spans(text)
    if not _OWN_ETHNIC.search(text):
        spans += [m.span() for m in _CULTURAL_WORK.finditer(text)]
    return spans
