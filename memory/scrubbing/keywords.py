"""Keyword + value: "my password is X", "api_key=X", "la clave es X" (English and Spanish), and the value
of a secret-named command-line option ("--passphrase '…'", "--password=X"; fifteenth round)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.codes import postal_pin
from memory.scrubbing.public_values import across_a_boundary
from memory.scrubbing.kinds import PLACEHOLDER_RE, _Span
from memory.scrubbing.measures import (
    COMPARISON_WORDS,
    DESCRIBING_WORDS,
    _entropy,
    _has_alpha,
    _has_digit,
    closes_a_quote,
    described_before,
    is_question,
    labels_a_public_key,
    names_a_key_entry,
    opens_a_log_field,
    opens_a_mapping,
)
from memory.scrubbing.phrases import points_elsewhere
from memory.scrubbing.places import after_a_place_word, inside_manager_name, labels_a_container
from memory.scrubbing.stand_ins import names_a_stored_secret, required_variable_spans
from memory.scrubbing.value_shape import TRAILING_PUNCT, VALUE_TOKEN
from memory.scrubbing.value_shape import shape_score as _shape_score
from memory.scrubbing.vocabulary import PHRASE_LABEL as _PHRASE_KW
from memory.scrubbing.vocabulary import STRONG_LABEL as _STRONG_PW
from memory.scrubbing.vocabulary import TOKEN_LABEL as _TOKEN_KW
from memory.scrubbing.vocabulary import WEAK_LABEL as _WEAK_PW


# The keyword of the alternative above, as matched.
_ENV_AUTH: Final = "AUTH"
# Longer alternatives first: the regex commits to the first one that lets
# the whole pattern match ("was" would shadow "was changed to").
_VERBAL = (
    r"(?:are|is|son|es)\s+(?:\w+\s+)?(?:words|palabras)|"
    r"(?:has\s+been\s+|was\s+|got\s+)?(?:changed|set|reset|updated)\s+to"
    r"|(?:is|was|es|era)\s+(?:still|literally|actually|todav[ií]a|literalmente)(?:\s+(?:just|only|simply|solo|sólo|simplemente))?"
    # Thirty-seventh round: a hedge between the copula and the value ("is probably X", "es seguramente X").
    r"|(?:is|was|es|era)\s+(?:probably|likely|maybe|perhaps|possibly|probablemente|seguramente|posiblemente|quiz[aá]s?)"
    r"|(?:is|was|es|era)\s+(?:just|only|simply|solo|sólo|simplemente)"
    # Thirteenth round: a change of state states the value too ("became", "pasó a ser").
    r"|(?:has\s+|have\s+)?bec[oa]me|becomes|turned\s+into|pas[oó]\s+a\s+ser|se\s+convirti[oó]\s+en"
    r"|is\s+now|now\s+is|will\s+be|should\s+be|is|was|are|equals"
    r"|(?:se\s+)?cambi[oó]\s+a|(?:la\s+|lo\s+)?cambi[eé]\s+a|(?:la\s+|lo\s+)?puse\s+(?:como|en)"
    r"|es\s+ahora|ahora\s+es|sigue\s+siendo|qued[oó]\s+(?:en|como)|es|era|ser[aá]|son"
)
# Twenty-eighth round: the abbreviations of street and address words and of titles that end in a full
# stop inside a noun phrase (EN "St.", "Ave.", "Rd.", "Apt.", "No.", "Dr.", "Mr."; ES "Avda.", "Av.",
# "Ctra.", "Pza.", "Pl.", "núm.", "Sr.", "Sra.", "Dña."), so that their stop does not end the
# keyword's aside the way a sentence's full stop does. A closed list: a word before a full stop
# otherwise ends the sentence.
_ABBREVIATION = (
    r"(?<![A-Za-z])(?:St|Ste|Ave?|Avda|Rd|Blvd|Ln|Apt|Bldg|Fl|No|Nos|Dr|Mr|Mrs|Ms|Mt|Ft|Jr|Sr|Sra|Srta|Dña|Dª"
    r"|Ctra|Pza|Pl|Pso|Edif|Urb|Avd|Bº|(?i:n[uú]m|n[ºo]))\.(?=[ \t])"
)
# The left keyword boundary is checked in Python (see _keyword_matches): a
# leading look-behind would disable the regex engine's first-character scan.
_KEYWORD_RE: Final = re.compile(
    r"(?:(?P<phrase>(?i:" + _PHRASE_KW + r"))|(?P<strong>(?i:" + _STRONG_PW + r"))"
    r"|(?P<weak>(?i:" + _WEAK_PW + r"))"
    r"|(?P<tok>(?i:" + _TOKEN_KW + r")))"
    # Not followed by a lower-case letter ("passwordless", "tokenizer"); an
    # upper-case one may start a camelCase suffix ("apiKeyValue").
    r"(?![a-z])"
    # Identifier suffixes such as DB_PASSWORD_PROD / apiKeyValue.
    r"(?P<suffix>(?:[_\-.][A-Za-z0-9]+|[A-Z][a-z0-9]+){0,2})"
    # A short aside in brackets or between dashes: "(hex)", "(written backwards)", "(la del banco)",
    # "— the one I always forget —".
    # Seventeenth round: a bracketed aside may be a whole clause ("password (he keeps it on a card in
    # his wallet, next to the receipts) is X"); a dash that opens "it's"/"es" states the value, it sets off no aside.
    r"(?:\s*\((?i:hex|base64|b64|plain|texto|raw)\)|[ \t]+\([^():=\n]{1,80}\)"
    r"|[ \t]+[—–](?![ \t]*(?i:it['’]?s|it[ \t]+is|es|era)\b)[^—–():=\n]{1,50}[—–])?"
    r"(?:\s+(?i:nueva|nuevo|new|actual|current|temporal|temporary|provisional|antigua|old|default|inicial"
    r"|initial|maestra|master)"
    # Stop 48 (sec48, k99-278): a Spanish adjective after the noun names which one it is as these do
    # ("el token interno X", "la clave personal: …", "la API key exclusiva es …"): one word, on the
    # label's line, with a relational or classifying adjective's ending (-al, -erno, -ivo, -ble). Not a
    # participle ("token expirado para la sesión …", "token registrado para device_id …": the token's
    # state in a log line, and what follows is another thing's id), not -ario ("usuario", a noun) and
    # no finite verb ("la clave funciona en …"). A record's code by its adjective ("clave catastral",
    # "electoral", "registral") is the record sense the weak label already leaves out.
    r"|[ \t]+(?i:(?!catastr|electoral|registral)[a-záéíóúñ]{2,12}(?:al|ales|ern[oa]s?|iv[oa]s?|bles?)(?![\w\-])))?"
    r"(?:\s+(?i:for|of|to|on|at|d[e3]|d[e3]l|para|en|al|que|which|that|she|he|we|they|you|i)\b"
    # Nineteenth round: the aside names what the password is for; a ";" closes that clause
    # ("la contraseña del portal; el número de cliente es X" gives another field's value).
    # Twenty-eighth round: an address's or a title's abbreviation keeps its full stop inside the aside
    # (_ABBREVIATION: "keypad code for the Oak St. storage unit: …", "la clave del portal de la Avda. …").
    r"(?:[^\n.:=;]|\.(?=\S)|" + _ABBREVIATION + r"){1,40}?"
    # A comma aside before a colon: "the admin password, underlined so it stands out: X".
    r"|,[ \t]+[^,:;=\n.]{1,40}?(?=:)"
    # Fourteenth round: a non-restrictive relative clause between commas, "is" after it ("the
    # password, which she asked me to keep, is X"; "la clave, que cambió ayer, es X").
    # Twenty-fifth round: likewise an adverbial clause opened by a subordinating conjunction ("the
    # login, in case she forgets it, is X"; "la clave, por si la pierdes, es X").
    r"|,[ \t]+(?i:which|that|who|que|quien|la[ \t]+cual|el[ \t]+cual|(?:just[ \t]+)?in[ \t]+case|if|when|since|because"
    r"|por[ \t]+si|si|cuando|porque|ya[ \t]+que)\b[^,:;=\n.]{1,50}?,(?=[ \t]+(?i:is|es|was|era)\b)"
    # Twenty-ninth round: likewise a parenthetical reporting clause, who says the value ("the laptop
    # login, she says, is X"; "according to Tom"; "la clave, dice ella, es X"; "según él").
    r"|,[ \t]+(?i:(?:she|he|they|we|i|you)[ \t]+(?:says|said|tells[ \t]+me|told[ \t]+(?:me|us)|claims|swears|insists|reckons)"
    r"|according[ \t]+to|(?:me[ \t]+)?(?:dice|dijo|asegura|jura)|seg[uú]n)\b[^,:;=\n.]{0,40}?,(?=[ \t]+(?i:is|es|was|era)\b))?"
    # Seventeenth round: the bracketed aside may also follow what the password is for ("la contraseña
    # del NAS (la apuntó en un pósit) es X").
    r"(?:[ \t]+\([^():=\n]{1,80}\))?"
    r"[\"'\]]{0,2}"
    r"(?:(?:\s*(?P<assign>={1,3}|:=|=>|->|→|⇒|➜)|\s*(?P<colon>:|—|–)(?:[ \t]*(?i:it['’]?s|it[ \t]+is|es|era)(?=[ \t]))?"
    r"|\s+(?P<verbal>(?i:" + _VERBAL + r"))\b(?:\s*:)?"
    # "Password's X": the contracted "is", before a value with a digit or a symbol only ("the
    # password's length is…" is prose).
    r"|['’]s(?=[ \t]+[^\s\"'`<>]*[\d!@#$%^&*+?]))"
    r"[ \t]*(?:\r?\n[ \t]*)?"
    # No connector at all ("router password to Gato-8526", "user ana and
    # password X"): only a value with both letters and digits qualifies.  The
    # shape is enforced inside the regex so a plain word does not end the
    # match early and hide a later "is <secret>".
    r"|(?P<bare>\s+(?:(?i:to|a)\s+)?)(?=[^\s\"'`<>]*\d)(?=[^\s\"'`<>]*[A-Za-z])(?=[^\s\"'`<>]{6}))"
    r"(?:\"(?P<dq>[^\"\n]{1,256})\"|'(?P<sq>[^'\n]{1,256})'|`(?P<bq>[^`\n]{1,256})`"
    r"|“(?P<cq>[^”\n]{1,256})”|«(?P<gq>[^»\n]{1,256})»"
    r"|(?P<uq>" + VALUE_TOKEN + r"))"
)
_QUOTED_GROUPS: Final = ("dq", "sq", "bq", "cq", "gq")
_PASSPHRASE_LABEL_RE: Final = re.compile(r"frase\s+de\s+(?:paso|acceso)")
_TRAILING_PUNCT: Final = TRAILING_PUNCT  # one value shape for every frame (value_shape)
_CLAUSE_END_RE: Final = re.compile(
    r"[.,;!?)\]}\"']*[ \t]*(?:\r?\n|$)|[.,;!?)\"']+(?:\s|$)|[ \t]+(?:\(|—|–|-\s)"
)

_STOPWORDS: Final[frozenset[str]] = frozenset(
    """
    a an the not no too very so quite really still now also just only being been going gonna
    about that this these those my your his her their our its it same different wrong incorrect
    correct right expired weak strong short long secure insecure safe unsafe invalid valid required
    optional missing empty blank new old changed reset set stored saved hashed encrypted hidden
    private secret confidential case sensitive case-sensitive easy hard simple complex complicated
    obvious good bad great fine ok okay ready needed necessary mandatory forgotten lost locked
    blocked compromised leaked stolen unknown unchanged updated pending in on at for with of to from
    by and or but if when what which where who how here there below above attached included enabled
    disabled none null nil undefined n/a na tbd todo etc same-as shared rotated revoked enough
    protected managed generated random unique personal temporary important something anything
    nothing everything key keys password passwords token tokens true false yes
    el la lo los las un una unos unas muy demasiado bastante aún aun todavía todavia ya sí si que
    de del en con para por y o pero mi mis tu tus su sus nuestra nuestro misma mismo igual
    distinta distinto diferente incorrecta incorrecto correcta correcto errónea erronea segura
    seguro insegura inseguro débil debil fuerte corta corto larga largo nueva nuevo vieja viejo
    antigua antiguo válida valida inválida invalida obligatoria obligatorio necesaria necesario
    opcional secreta secreto privada privado confidencial fácil facil difícil dificil sencilla
    sencillo simple compleja complejo complicada complicado obvia obvio buena bueno mala malo
    caducada caducado expirada expirado vencida vencido bloqueada bloqueado olvidada olvidado
    perdida perdido robada robado comprometida comprometido filtrada filtrado desconocida
    desconocido cambiada cambiado guardada guardado almacenada almacenado cifrada cifrado
    encriptada encriptado oculta oculto vacía vacia vacío vacio requerida requerido pendiente
    esta este ésta éste esa ese aquí aqui abajo arriba adjunta adjunto ninguna ninguno nada
    importante personal temporal clave contraseña contraseñas sensible única unica aleatoria
    compartida rotada revocada protegida suficiente
    """.split()
)
# Values that point at a secret instead of being one (config templating,
# environment look-ups, code, masks).  Matched against the whole value.
_REFERENCE_RE: Final = re.compile(
    r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%\(?[A-Za-z_]*\)?[sdr]|%[A-Za-z_][A-Za-z0-9_]*%"
    r"|\{\{?\s*[\w.\-]+\s*\}?\}|\*{3,}|[xX]{4,}|\.{3,}|…|"
    r"(?:os\.|process\.env|env\.|ENV\[|getenv|settings\.|config\.)\S*"
    r"|[A-Za-z_][\w.]*\(.*|[A-Za-z][\w+.\-]*://\S*"
    # Seventeenth round: a YAML tag that stands for a value kept elsewhere — Ansible's "!vault" (the
    # ciphertext follows), Home Assistant's "!secret"/"!env_var"/"!include", CloudFormation's "!Ref",
    # "!Sub", "!GetAtt", "!ImportValue".
    r"|!(?i:vault|secret|env_var|include|ref|sub|getatt|importvalue)"
)
# Stop 48 (sec48, k99-174): any YAML local tag (one "!", a name of letters: "!ENV" of pyaml-env and
# envyaml, a loader's own "!Env", "!Var") whose node on the same line is a reference — a variable
# ("${SMTP_PASSWORD}", "$SMTP_PASSWORD", an upper-case NAME_WITH_PARTS) or a template — resolves
# that reference when the file is loaded: the value is kept elsewhere, as with the tags listed above.
# A core tag ("!!str Kx82…") types the literal that follows, which stays a value.
_LOCAL_TAG_RE: Final = re.compile(r"!(?!!)[A-Za-z][A-Za-z_]{0,30}")
_TAGGED_NODE_RE: Final = re.compile(r"[ \t]+([^\s,;]+)")
_ENV_NAME_RE: Final = re.compile(r"\$?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def tags_a_reference(text: str, value: str, end: int) -> bool:
    """Is ``value`` (ending at ``end``) a YAML local tag whose node on its line is a reference (above)?"""
    if _LOCAL_TAG_RE.fullmatch(value) is None:
        return False
    node = _TAGGED_NODE_RE.match(text, end)
    return node is not None and (_REFERENCE_RE.fullmatch(node.group(1)) is not None
                                 or _ENV_NAME_RE.fullmatch(node.group(1)) is not None)


# An upper-case code in hyphenated segments ("ADE-2041", "MAD-RETIRO-03"): what "clave" names
# when it means a code or an identifier.
_CODE_SHAPE_RE: Final = re.compile(r"[A-Z]{2,}(?:-[A-Z0-9]{2,})+")
_STATUS_CODE_RE: Final = re.compile(r"[A-Z]{1,3}-?\d{1,3}|0x[0-9A-Fa-f]{1,4}")
_WORD_PATH_RE: Final = re.compile(r"(?:/[a-z][a-z\-]*){2,}/?")


def _token_value_ok(value: str) -> bool:
    """Values of api_key/token/secret keywords: long and random-looking (not a path of words)."""
    if len(value) < 8 or _WORD_PATH_RE.fullmatch(value):
        return False
    if _has_digit(value) and _has_alpha(value):
        return True
    if len(value) >= 12 and any(c.isupper() for c in value) and any(c.islower() for c in value):
        return True
    return len(value) >= 16 and _entropy(value) >= 3.5


_ASCII_LETTERS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


# Every keyword alternative starts with one of these stems.  Scanning the
# lower-cased text for them is several times faster than letting the
# case-insensitive keyword regex try every position.
_KEYWORD_STEMS_RE: Final = re.compile(
    r"p[a4@][s5$][s5$]|pwd|pw|psw|pword|wpa|wep|wi-?fi|network|c[o0]ntr[a4@][s5$]|contra\s|cl[a4@]v[e3]|senha|pin|puk|login|c[oó]digo|access|security|door|alarm|"
    r"gate|entry|unlock|disarm|arming|keypad|building|api|auth|refresh|bearer|session|secret|client|app|webhook|signing|"
    r"encryption|private|token|seed|semilla|(?:12|15|18|21|24)[\s\-](?:word|palabra)|wallet|monedero|cartera|crypto|bip39|recovery|backup|mnemonic|frase|palabras|nip|combina|safe|locker|"
    r"garage|keypad|padlock|lock|licen|product|master|consumer|shared|pre|psk|hmac|totp|t[o0]k|s[e3]c"
)


# "palabra clave" is a keyword (a search term), not a password; "en contra de" is not a password.
_NOT_A_KEYWORD_RE: Final = re.compile(r"\b(?:palabras?|en)\s$")


def _keyword_matches(text: str, lower: str) -> Iterator[re.Match[str]]:
    """``_KEYWORD_RE`` matches whose keyword starts a word or a camelCase hump.

    "bypass: x" must not count as "pass: x", but "dbPassword=x" and
    "myApiKey: x" must.  ``lower`` is the same-length lower-cased text.
    """
    covered = 0
    for stem in _KEYWORD_STEMS_RE.finditer(lower):
        start = stem.start()
        if start < covered:
            continue
        hump = False
        if start > 0:
            prev, first = text[start - 1], text[start]
            if prev in _ASCII_LETTERS and not (prev.islower() and first.isupper()):
                continue
            hump = prev in _ASCII_LETTERS
        if _NOT_A_KEYWORD_RE.search(lower, max(0, start - 10), start) and lower.startswith(("clav", "contra"), start):
            continue
        if inside_manager_name(lower, start):
            continue  # "1Password: Finance-2024" names the product, not a password
        m = _KEYWORD_RE.match(text, start)
        if m is not None and m.group("weak") is not None and m.group("weak").lower() == "contra" \
                and not lower.endswith("la ", 0, start):
            continue
        if m is not None and hump and m.group("assign") is None and m.group("colon") is None:
            continue  # a camelCase hump is an identifier only when assigned: "dbPassword=x", not "LastPass to X"
        if m is not None:
            # The next keyword may start inside this one's value ("Clave: pAsSwOrD = X", whose
            # first value is itself a keyword), not inside the keyword and its connector.
            value_group = next((g for g in (*_QUOTED_GROUPS, "uq") if m.group(g) is not None), "uq")
            covered = m.start(value_group) if m.start(value_group) >= 0 else m.end()
            yield m


# A passphrase stated in prose: plain words up to the end of the clause.
# Twenty-ninth round: the run may close with one number of up to four digits ("tres tristes tigres
# comen trigo 88", "correct horse battery 42"): sites that ask for a digit get one appended to a
# passphrase. The number does not count towards the words a passphrase needs (``_passphrase_end``).
_PHRASE_RUN_RE: Final = re.compile(r"[^\W\d_]{2,}(?:[ \t]+[^\W\d_]{2,}){2,23}(?:[ \t]+\d{1,4}(?![\w]))?")
# Quoted values that describe a password instead of being one ("'la de siempre'").
_FILLERS: Final[frozenset[str]] = frozenset(
    "siempre usual habitual one ones same mismo misma de la el usual old vieja viejo".split()
)
_FUNCTION_WORDS: Final[frozenset[str]] = frozenset(
    """a an the in on at for with of to from by and or but if when what which where who how that
    this it its not no so too very now also just only el la lo los las un una unos unas de del en
    con para por y o pero que se ya muy mi tu su""".split()
)


# Thirteenth round: a quoted recipe for a password — a personal fact joined to another by "plus",
# "+", "followed by", "seguido de", "más el/la/su…" ('"the name of her first cat plus the year"',
# '"el nombre del perro seguido de su año de nacimiento"'): how it is built, not what it is.
_RECIPE_JOIN_RE: Final = re.compile(
    r"(?i:\bplus\b|(?<!\S)\+(?!\S)|\bfollowed[ \t]+by\b|\bseguid[oa]s?[ \t]+de\b|\bm[aá]s[ \t]+(?:el|la|los|las|su|sus|mi|mis|tu|tus)\b"
    r"|\band[ \t]+then\b|\by[ \t]+(?:despu[eé]s|luego)\b)")
_RECIPE_FACT_RE: Final = re.compile(
    r"(?i:\b(?:names?|nombres?|birthdays?|cumplea[nñ]os|years?|a[nñ]os?|dates?|fechas?|initials|iniciales|surnames?"
    r"|apellidos?|birth|nacimiento|pets?|mascotas?)\b)")


def is_vague_description(value: str) -> bool:
    """A quoted value made only of common words and fillers ('"the usual one"', '"la de siempre"'),
    or a recipe joining personal facts ('"her cat's name plus the year"', ``_RECIPE_JOIN_RE``): how
    someone refers to a password, not the password. The keyword and the quoted-passphrase finders
    both keep it."""
    words = value.split()
    if len(words) >= 4 and _RECIPE_JOIN_RE.search(value) and _RECIPE_FACT_RE.search(value):
        return True
    return bool(words) and all(w.lower().strip(".,;:!") in _STOPWORDS or w.lower().strip(".,;:!") in _FILLERS
                               for w in words)


_INFINITIVE_RE: Final = re.compile(r"\w+(?:ar|er|ir)$")


_ARTICLE_WORDS: Final[frozenset[str]] = frozenset("a an the el la lo los las un una unos unas".split())
# A subject pronoun or a verb's infinitive (a clitic glued to it too: "decírmela", "to tell") makes
# the run a clause about what someone does with the secret ("ella prefiere decírmela en persona").
_PERSONAL_PRONOUNS: Final[frozenset[str]] = frozenset(
    "yo tú tu él ella ellos ellas usted ustedes nosotros nosotras vosotros i you he she it we they".split())
_VERB_NOT_FINITE_RE: Final = re.compile(r"\w+(?:ar|er|ir|ár|ér|ír)(?:me|te|se|le|la|lo|nos|les|las|los){0,2}")


# Stop 47 (sec47, k95-260): such a sentence may also hold an article and one adjective of the describing
# kind after the noun it qualifies ("doce cabras comen la hierba nueva", "six geese cross the old
# bridge"): six words or more; the article after the sentence's verb, not after a preposition or an
# adverb of place, and not opening the run ("printed under the router box", "pegada debajo del teclado",
# "the old one still works" stay out); the adjective neither first nor right after the label's colon, and
# last only after a noun (a word that is no stopword); no filler ("one", "same", "usual") and, as before,
# no describing word, pronoun, infinitive or pointer. Read in sample on one spent string; see
# docs/privacy.md (the forty-sixth round).
_PLACE_WORDS: Final[frozenset[str]] = frozenset(
    """under below behind beneath underneath inside outside near beside next over above after before into onto
    through across along around between within without against toward towards upon via per
    debajo detrás detras encima dentro fuera junto bajo sobre tras entre hacia hasta según segun durante desde
    contra cerca lejos delante al""".split())
_PARTICIPLE_RE: Final = re.compile(r"\w{3,}(?:ed|ad[oa]s?|id[oa]s?|ept|ten|wn)")
_REFERRING_FILLERS: Final[frozenset[str]] = frozenset("one ones same usual habitual siempre mismo misma".split())


def _article_of_a_sentence(lowered: list[str]) -> bool:
    """Is the run's one article inside a sentence, after a word that is no preposition (see above)?"""
    at = next(i for i, w in enumerate(lowered) if w in _ARTICLE_WORDS)
    return (0 < at < len(lowered) - 1 and lowered[at - 1] not in _PLACE_WORDS
            and _PARTICIPLE_RE.fullmatch(lowered[0]) is None and lowered[0] not in DESCRIBING_WORDS)


def _stated_sentence(m: re.Match[str], words: list[str], stops: list[str]) -> bool:
    """Twenty-seventh round: a passphrase that reads as a short sentence, stated after a strong
    password label and its colon ("Clave de la red VPN: cuatro patos nadan en Bilbao", "WPA2 key: seven
    owls sleep in Tromso"). Five words or more, exactly one stopword and that a function word inside
    the run (neither first nor last: a preposition or a conjunction of the sentence, not an article,
    which opens a noun phrase as descriptions do: "printed under the router box"), no describing
    word, no subject pronoun or infinitive ("ella prefiere decírmela en persona": what someone does
    with it) and none that points at where the secret is ("pídesela a Jorge", "in the vault"): a label
    that states its value with a colon is followed by the value, and a description would need more
    function words than one. Stop 47: an article inside the sentence and one adjective after its noun
    (see above)."""
    lowered = [w.lower() for w in words]
    function = [w for w in stops if w in _FUNCTION_WORDS]
    adjectives = [w for w in stops if w not in _FUNCTION_WORDS]
    if not (m.group("strong") is not None and m.group("colon") == ":" and len(words) >= 5 and len(function) == 1
            and lowered[0] not in _STOPWORDS
            and not any(w in DESCRIBING_WORDS or w in _PERSONAL_PRONOUNS or _VERB_NOT_FINITE_RE.fullmatch(w)
                        for w in lowered)
            and not points_elsewhere(lowered)):
        return False
    if not adjectives:
        return (function[0] not in _ARTICLE_WORDS or _article_of_a_sentence(lowered)) and lowered[-1] not in _STOPWORDS
    return (len(adjectives) == 1 and len(words) >= 6 and function[0] in _ARTICLE_WORDS and _article_of_a_sentence(lowered)
            and (lowered[-1] not in _STOPWORDS or (lowered[-1] == adjectives[0] and lowered[-2] not in _STOPWORDS))
            and not any(w in _REFERRING_FILLERS for w in lowered))


# Thirtieth round: a passphrase that opens with a possessive ("mi perro baila flamenco los martes",
# "my dog eats broccoli on tuesdays") — the commonest shape of a memorable sentence among the spent
# authors' passphrases (fifteen of them). After a strong password label the possessive no longer
# stops the run when it opens a short sentence: five words or more, the possessed noun neither a
# describing word nor a stopword, no personal fact in the run ("mi fecha de nacimiento al revés",
# "her cat's name": a recipe, not the phrase), and at most one more stopword, not last ("es mi única
# preocupación esta semana" has two: a description). A possessed datum of identity ("tu número de
# teléfono móvil", "her passport number", "su matrícula") is a recipe too.
_POSSESSIVES: Final = frozenset("mi mis my su sus his her their tu tus your our nuestra nuestro".split())
_IDENTITY_DATA: Final = frozenset(
    """número numero number teléfono telefono phone móvil movil mobile dni nif nie pasaporte passport
    matrícula matricula plate email correo mail dirección direccion address código codigo code cuenta
    account tarjeta card usuario user username login documento document id""".split())


def possessive_sentence(words: list[str]) -> bool:
    """Is a lower-cased run that opens with a possessive a passphrase sentence (see above)?"""
    if words[0] not in _POSSESSIVES or len(words) < 5 or words[1] in DESCRIBING_WORDS or words[1] in _STOPWORDS \
            or words[1] in _IDENTITY_DATA:
        return False
    stops = [w for w in words[1:] if w in _STOPWORDS]
    return len(stops) <= 1 and words[-1] not in _STOPWORDS and _RECIPE_FACT_RE.search(" ".join(words)) is None


def _passphrase_end(text: str, m: re.Match[str]) -> int | None:
    """End of a passphrase of plain words after the keyword match ``m``, or ``None``.

    Seed phrases need three words, a password four; no word may be a stopword (prose such as
    "is stored in the vault" has them), after a weak keyword no word may look like an infinitive
    ("la clave es trabajar duro cada día"), and the run must close its clause.
    """
    run = _PHRASE_RUN_RE.match(text, m.start("uq"))
    if run is None:
        return None
    words = [w for w in run.group().split() if not w.isdigit()]
    if m.group("phrase") is None and len(words) < 4:
        return None
    stops = [w.lower() for w in words if w.lower() in _STOPWORDS]
    # One descriptive stopword is allowed in a long passphrase ("correct horse battery staple"),
    # never a function word ("is stored in the vault").
    if m.group("phrase") is not None and words[0].lower() in COMPARISON_WORDS and m.group("colon") is None \
            and m.group("assign") is None:
        return None  # stop 48: "la frase de paso es más fácil de recordar que …", a comparison (measures)
    if m.group("phrase") is not None and words[0].lower() not in _STOPWORDS:
        pass  # a stated passphrase may read like prose ("sol de invierno en la playa")
    elif stops and (m.group("weak") is not None or len(stops) > 1 or len(words) < 4
                    or stops[0] in _FUNCTION_WORDS) and not _stated_sentence(m, words, stops) \
            and not (m.group("strong") is not None and possessive_sentence([w.lower() for w in words])):
        return None
    if m.group("weak") is not None and any(_INFINITIVE_RE.fullmatch(w.lower()) for w in words):
        return None
    if run.end() < len(text) and not _CLAUSE_END_RE.match(text, run.end()):
        return None
    return run.end()


_SUFFIX_SPLIT_RE: Final = re.compile(r"[_\-.]|(?=[A-Z])")


# Thirteenth round. With no connector (a bare space), the keyword labels nothing when the next token
# is another field of a log or config line ("reason=bad_password attempts=3") or when the keyword is
# part of a path ("/run/secrets/pg_pw postgres:16"). An identifier suffix naming a file or a path
# ("POSTGRES_PASSWORD_FILE", "token_path", Docker's and systemd's ``*_FILE`` convention) holds where
# the secret is, never the secret.
_FIELD_RE: Final = re.compile(r"[A-Za-z_][\w.\-]*=[^=]")
_FILE_SUFFIX_RE: Final = re.compile(r"(?i:[_\-.](?:file|path|dir|filename|location)$|(?:File|Path|Dir)$)")


def _inside_a_path(text: str, start: int) -> bool:
    """Is the keyword at ``start`` inside a path token ("/run/secrets/db_password") or a variable's name
    ("$POSTGRES_PASSWORD postgres:16", "${DB_PASSWORD}": forty-third round, a reference labels nothing)?"""
    head = text[max(text.rfind(" ", 0, start), text.rfind("\t", 0, start), text.rfind("\n", 0, start)) + 1:start]
    return "/" in head or "\\" in head or re.search(r"\$\{?\w*$", head) is not None


def _describing_suffix(suffix: str | None) -> bool:
    """Does an identifier suffix after the keyword end in a describing word (``_hash_algorithm``,
    ``Type``, ``_id``)?"""
    if not suffix:
        return False
    return _SUFFIX_SPLIT_RE.split(suffix)[-1].lower() in DESCRIBING_WORDS


# Twelfth round. A key that names a property of the secret (its change date, expiry, length, hint,
# policy) rather than the secret: a describing word anywhere in the identifier the keyword belongs
# to, before it too ("ultimo_cambio_clave", "lastPasswordChange", "password_expires"); only a value
# shaped like what such a property holds (a date, a boolean, a short number) is kept.
_PROPERTY_WORDS: Final = DESCRIBING_WORDS | frozenset(
    "change changes cambio cambios ultimo último last expira expiracion expiración vence vencimiento since hasta"
    .split())
_IDENT_BEFORE_RE: Final = re.compile(r"[A-Za-z0-9_]*$")
_PROPERTY_VALUE_RE: Final = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,3}"
    r"|(?i:true|false|yes|no|s[ií]|null|none)")
# A file path (a drive or home prefix, or two separators) ending in a file name with an extension:
# where a secret is kept ("D:\\Copias\\claves\\personal.kdbx", "~/.ssh/id_ed25519.pub"), not one.
_FILE_PATH_RE: Final = re.compile(
    r"(?:[A-Za-z]:[\\/]|\\\\|~/|\.{0,2}/|[\\/])?(?:[^\\/\s]+[\\/]){1,12}[^\\/\s]*\.[A-Za-z][A-Za-z0-9]{1,5}")


def _names_a_property(text: str, m: re.Match[str], value: str) -> bool:
    """Does the identifier around the keyword name a property of the secret, with a value shaped
    like one (see ``_PROPERTY_WORDS``)?"""
    if _PROPERTY_VALUE_RE.fullmatch(value.strip()) is None:
        return False
    before = _IDENT_BEFORE_RE.search(text, max(0, m.start() - 40), m.start()).group()  # type: ignore[union-attr]
    words = _SUFFIX_SPLIT_RE.split(before + "_" + (m.group("suffix") or ""))
    return any(w.lower() in _PROPERTY_WORDS for w in words if w)


# Fifteenth round. A key that only identifies a row, a request or an entry — an idempotency, cache,
# partition, sort, primary, foreign, routing, object or dedup key ("clave_idempotencia",
# "Idempotency-Key", "cache_key"), as ``shapes`` already reads for hex blobs — holds an identifier.
_IDENTIFYING: Final = frozenset(
    "cache caché partition partición particion sort primary primaria foreign foránea foranea routing object dedup".split())
_LABEL_WORD_RE: Final = re.compile(r"[A-Z]?[a-záéíóúñ]+|[A-Z]+(?![a-z])")


def _identifies_a_row(text: str, m: re.Match[str], start: int) -> bool:
    """Does the identifier the keyword belongs to, or the label up to the value, name an identifying
    key (see above)? Read word by word, camelCase humps and snake_case parts too."""
    before = _IDENT_BEFORE_RE.search(text, max(0, m.start() - 40), m.start()).group()  # type: ignore[union-attr]
    words = [w.lower() for w in _LABEL_WORD_RE.findall(before + " " + text[m.start():start])]
    return any(w in _IDENTIFYING or w.startswith(("idempot", "dedup")) for w in words)


# An absolute or home path of three or more lower-case word segments, with or without an extension.
_WORD_FILE_PATH_RE: Final = re.compile(r"(?:~|\.{1,2})?(?:/[a-z0-9_.\-]*[a-z][a-z0-9_.\-]*){3,}/?")

# Twenty-fourth round: a path in the home directory by the shell's tilde expansion (POSIX "Tilde
# Expansion"), "~/" and at least one more separator or a dot-directory ("~/.ssh/id_rsa_work",
# "~/keys/deploy", "~/.pgpass"), with or without an extension: where a key is kept, not a key.
_HOME_PATH_RE: Final = re.compile(r"~[\\/](?:\.[^\s\\/]+|[^\s\\/]+[\\/][^\s]*)")


def _is_file_path(text: str, start: int, value: str) -> bool:
    """Is the value a file path — or the rest of one whose drive letter the label's colon cut
    ("KeePass en D:\\Copias\\…")?"""
    if start >= 2 and text[start - 1] == ":" and text[start - 2].isalpha() and (start < 3 or not text[start - 3].isalnum()) \
            and value[:1] in "\\/":
        value = text[start - 2:start] + value
    if _WORD_FILE_PATH_RE.fullmatch(value):
        return True  # "/var/run/secrets/kubernetes.io/serviceaccount/token": lower-case words, no extension
    if _HOME_PATH_RE.fullmatch(value):
        return True  # "~/.ssh/id_ed25519_work", "~/keys/deploy": a file in the home directory
    if _FILE_PATH_RE.fullmatch(value) is None:
        return False
    return value[:3].endswith((":\\", ":/")) or value.startswith(("\\", "/", "~/", "./", "../")) \
        or value.count("\\") + value.count("/") >= 2


# Nineteenth round: a negation between a password word and a value with no connector makes the
# sentence say what the password does not do; the value that follows is something else's name.
_NEGATION_RE: Final = re.compile(r"\b(?:no|not|never|nunca|jam[aá]s|don['’]t|doesn['’]t|didn['’]t|won['’]t|isn['’]t)\b")


# Twenty-fifth round: the label itself says that what follows is no secret — the keyword negated by a
# copula or "not" right before it ("Tenant ID (not a secret, …): …", "ID de cliente (no es secreto): …",
# "isn't a password"). The writer has classified the value; a keyword it negates introduces nothing.
_DECLARED_NOT_SECRET_RE: Final = re.compile(
    r"\b(?:not|isn['’]t|aren['’]t|no[ \t]+es|no[ \t]+son)[ \t]+(?:(?:an?|una?|el|la|los|las)[ \t]+)?$")


def _closes_a_url_scheme(text: str, m: re.Match[str]) -> bool:
    """Twenty-eighth round: is the match's colon a URL's scheme separator, not a label's?

    The class: a colon glued to a word after the keyword's aside and followed by ``//`` is the
    ``scheme://`` of a URL (RFC 3986 §3: "https://…", "ftp://…"), so what follows is a link's
    authority and path ("para resetear la clave, ve a https://…/password/reset"), not a value the
    keyword labels. A colon right after the keyword itself ("password://…") is not this case."""
    colon = m.start("colon")
    if colon < 0 or m.group("colon") != ":" or not text.startswith("//", colon + 1):
        return False
    return colon > m.end("suffix") and text[colon - 1].isalnum()


def _find_keyword_values(text: str, lower: str) -> Iterator[_Span]:
    """Secrets introduced by a keyword: ``password: X``, ``mi clave es X``..."""
    required = required_variable_spans(text)
    sibling: bool | None = None  # a quoted "valor"/"value" key in the text: searched once, not per keyword (quadratic)
    for m in _keyword_matches(text, lower):
        quoted = next((g for g in _QUOTED_GROUPS if m.group(g) is not None), None)
        group = quoted or "uq"
        start, end = m.span(group)
        value = m.group(group)
        if not quoted:
            stripped = value.rstrip(_TRAILING_PUNCT)
            end -= len(value) - len(stripped)
            value = stripped
        if not value.strip() or PLACEHOLDER_RE.search(value):
            continue
        if quoted in ("dq", "bq") and closes_a_quote(text, start - 1):
            continue  # 'read -p "Contraseña: " PW': the label is a prompt's text, no value follows
        if required and any(r_start <= start < r_end or r_start <= m.start() < r_end for r_start, r_end in required):
            continue  # "${DB_PASSWORD:?falta la variable}": a reference with an error message, no value
        keyword = next(m.group(g) for g in ("phrase", "strong", "weak", "tok") if m.group(g) is not None)
        if _DECLARED_NOT_SECRET_RE.search(lower, max(0, m.start() - 20), m.start()):
            continue  # "Tenant ID (not a secret, …): d4a3…": the writer says the value is none
        if described_before(lower, m.start()):
            continue  # "La pista de la contraseña: …", "Política de contraseñas: …": about it
        if labels_a_public_key(lower, m.end(keyword_group(m))):
            continue  # "la clave del sitio de reCAPTCHA (pública) es …": published by design
        if labels_a_container(lower, m.start(), keyword):
            continue  # "Carpeta de contraseñas: Trabajo2024": the folder's name, not a password
        if m.group("bare") is not None and "\n" in m.group("bare"):
            continue  # "…arregla el login\n4b7d0a3 añade tests": a keyword closing a line labels nothing below
        if m.group("bare") is not None and _NEGATION_RE.search(lower, m.end(keyword_group(m)), start):
            continue  # "la contraseña del portal no funciona desde el host X": says what it does not do
        if m.group("bare") is not None and after_a_place_word(lower, start):
            continue  # "las claves de la familia en KeePass2": where they are kept
        if m.group("bare") is not None and (_FIELD_RE.match(value) or _inside_a_path(text, m.start())):
            continue  # "reason=bad_password attempts=3", "/run/secrets/pg_pw postgres:16": no label
        if _FILE_SUFFIX_RE.search(m.group("suffix") or ""):
            continue  # "POSTGRES_PASSWORD_FILE=/run/secrets/pg": the variable names a file
        if not quoted and opens_a_mapping(text, m.end(keyword_group(m)), start, end):
            continue  # "politica_contrasenas:\n  longitud_minima: 14": the block's first key (measures)
        if names_a_key_entry(m.group("suffix"), value):
            continue  # "passwordKey: db-password": the Secret's entry that holds it (measures)
        if _describing_suffix(m.group("suffix")):
            continue  # "password_hash_algorithm = argon2id", "token_type: bearer": about the secret
        if _names_a_property(text, m, value):
            continue  # '"ultimo_cambio_clave": "2024-03-01"': when it changed, not what it is
        if _identifies_a_row(text, m, start):
            continue  # '"clave_idempotencia": "379d…"': a key that identifies a request, not a secret
        if _is_file_path(text, start, value):
            continue  # "passwords in D:\\Backup\\vault.kdbx": where they are kept
        if _closes_a_url_scheme(text, m):
            continue  # "la clave, tiene que ir a https://…/password/reset": a link, no label's colon
        if m.group("assign") is not None and "\n" in text[m.end("assign"):start]:
            continue  # "DB_PASSWORD=" then a new line: an empty assignment, not the next line's value
        if not quoted and value.startswith("(") and m.group("bare") is None:
            continue  # "DB_PASSWORD= (vacío en local…)": a remark in brackets, not a value
        if "=" in value and _REFERENCE_RE.fullmatch(value.rsplit("=", 1)[-1]):
            continue  # "token en ~/.npmrc: _authToken=${NPM_TOKEN}": the value assigns a reference
        if _IDENTIFIER_NOUN_RE.search(lower, m.end(keyword_group(m)), start):
            continue  # "el campo password del formulario tiene el id login-pw2": the field's id
        if across_a_boundary(text, m.start(), m.end(keyword_group(m)), start):
            continue  # "'… invalid password for user X' — ¿será …": the next sentence (public_values)
        if _ACCOUNT_FIELD_RE.search(lower, max(m.end(keyword_group(m)), start - 24), start):
            continue  # "invalid password for user=ana_r from 10.0.0.7": the account's field, not the password
        if _names_the_tool(lower, m, keyword):
            continue  # "el gestor de contraseñas …, la carpeta se llama X": the tool, not a password
        if not quoted and tags_a_reference(text, value, end):
            continue  # "password: !ENV ${SMTP_PASSWORD}": a loader's tag for a reference, no value
        if opens_a_log_field(value, lower_case_name=m.group("tok") is None):
            # "token refresh failed: status=401 request_id=…": a log record's field (measures). Stop 48
            # (k97-164): a password label's too ("clave rotada correctamente: id=key_0193, …").
            continue
        if m.group("tok") is not None:
            if _OPENPGP_KEY_ID_RE.fullmatch(value) and _names_an_openpgp_key(lower, m):
                continue  # "git config user.signingkey 3AA5C343…": a public key's ID, not a secret
            if names_a_stored_secret(text, m.start() - 2, value):
                continue  # "gcloud secrets … --secret=clave-api-mapas": the secret's name (stand_ins)
            kind = _token_kind(m.group("tok"))
            if _REFERENCE_RE.fullmatch(value) or value.lower() in _STOPWORDS:
                continue
            if m.group("tok") == _ENV_AUTH and not (_token_value_ok(value) and _shape_score(value)):
                continue  # "SMTP_AUTH=required", "PROXY_AUTH: basic": a mode, not a credential
            if not _token_value_ok(value):
                # A labelled plain value that closes its clause ("client secret: pelicanos").
                labelled = m.group("assign") is not None or m.group("colon") is not None
                if not (labelled and len(value) >= 8 and value.isalpha() and _CLAUSE_END_RE.match(text, end)):
                    continue
            yield start, end, kind
            continue
        if _is_public_digest(text, value):
            continue  # "el commit que arregla el login es e2f7a1c9…": a digest, not a password
        if quoted and is_vague_description(value):
            continue
        if quoted and is_question(value):
            continue
        # Password family.  Quotes make a strong keyword's value explicit, but
        # not a weak one's ("la palabra clave es 'gobernanza'").
        if quoted and m.group("weak") is not None and m.group("weak").lower() == "login" and _names_a_login(value):
            continue  # '{"password": null, "login": "sso"}': how she signs in, or who, not a password
        if quoted and (m.group("weak") is None or m.group("weak").lower() in ("pass", "login")):
            yield start, end, "password"
            continue
        if not quoted and m.group("bare") is None:
            phrase_end = _passphrase_end(text, m)
            if phrase_end is not None:
                yield start, phrase_end, "password"
                continue
        if len(value) < 4 or value.lower() in _STOPWORDS or _REFERENCE_RE.fullmatch(value):
            continue
        if m.group("phrase") is not None and not (_PASSPHRASE_LABEL_RE.fullmatch(m.group("phrase").lower())
                                                  and _shape_score(value)):
            continue  # a seed's label wants words; after "frase de paso/acceso" a credential's shape is one too
        if m.group("weak") is not None:
            kw = m.group("weak").lower()
            if kw.startswith(("pin", "puk")) and (sum(c.isdigit() for c in value) < 4 or postal_pin(lower, value)):
                continue
            if _STATUS_CODE_RE.fullmatch(value):
                continue  # "Código de la alarma: E-14": an error or status code
            if kw.startswith(("cl", "c0")) and quoted and (sibling := _KEY_VALUE_SIBLING_RE.search(text) is not None
                                                           if sibling is None else sibling):
                continue  # '{"clave": "modo_compacto", "valor": false}': an entry's name in a key-value record
            if kw.startswith(("cl", "c0")) and _CODE_SHAPE_RE.fullmatch(value):
                continue  # "la clave de la estación es MAD-RETIRO-03": a code, not a password
            if kw == "login" and _names_a_login(value):
                continue  # a user name or an e-mail address, not a password
            if _shape_score(value) and (_has_digit(value) or len(value) >= 6):
                yield start, end, "password"
            continue
        if _shape_score(value) or m.group("assign") is not None:
            yield start, end, "password"
            continue
        # A plain word after "password is/:" counts only if it closes the
        # clause ("my password is swordfish."), not when prose continues
        # ("my password is stored in the vault").
        # Fifteenth round: after a dash a plain word is a comment on the sentence ("Password for the
        # portal expires every 90 days — annoying, …"): a dash sets off a value only when it is shaped
        # like one (above).
        if m.group("colon") in ("—", "–"):
            continue
        if _PLURAL_LABEL_RE.fullmatch(keyword) and value.isalpha() and value.islower():
            continue  # forty-first round: "passphrases are encouraged" says what passwords in general are
        if _CLAUSE_END_RE.match(text, end):
            yield start, end, "password"


# Seventeenth round. Three labels that hold no secret:
# * a plural password word naming the tool that keeps them — "gestor/administrador de contraseñas",
#   "password(s) manager" — labels the tool (its folders and entries), not a password;
# * git's ``user.signingkey`` (and a signing key named with GPG/PGP) holds an OpenPGP key ID — 8 or
#   16 hex, or a 40-hex v4 fingerprint, "0x" optional (git-config(1), gpg --keyid-format) — which
#   names a public key;
# * "clave" in a record that also has a "valor"/"value" field is the entry's key in a key-value
#   store, the Spanish of '{"key": …, "value": …}'.
_TOOL_BEFORE_RE: Final = re.compile(r"(?:gestor(?:es)?|administrador(?:es)?|manager)[ \t]+de[ \t]+(?:las[ \t]+|mis[ \t]+)?$")
_TOOL_AFTER_RE: Final = re.compile(r"[ \t]+(?:manager|managers|vault|keeper)\b")
_OPENPGP_KEY_ID_RE: Final = re.compile(r"(?:0x)?(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16}|[0-9A-Fa-f]{40})")
_OPENPGP_RE: Final = re.compile(r"\b(?:gpg|pgp|openpgp|gnupg)\b")
_KEY_VALUE_SIBLING_RE: Final = re.compile(r"[\"'](?i:valor|value)[\"'][ \t]*[:=]")


# Seventeenth round: a value right after an identifier's noun, between the keyword and it, is that
# identifier ("the password field's id is pw-2", "el campo contraseña tiene el nombre pass_1"): it
# names a form field, a ticket or a record, not the password.
_IDENTIFIER_NOUN_RE: Final = re.compile(
    r"\b(?:id|ids|identificador|identifier|name|nombre|ticket|ref|referencia)(?:[ \t]+(?:is|es|was|era))?[ \t]*[:=]?[ \t]*[\"'`]?$")

# Twenty-fourth round: an account's own ``key=value`` field inside a password clause — a log line's
# "invalid password for user=ana_r", "password reset for account=ops-7", "contraseña incorrecta para
# usuario=jlopez" — the account noun glued to "=" with no space (the logfmt/syslog field form) owns
# the value: it names who, not the password. Only after prose between (the keyword's own
# ``password=`` has no account noun before its "=").
_ACCOUNT_FIELD_RE: Final = re.compile(
    r"[ \t(\[,;](?:user(?:name)?|usr|uid|login|account|acct|e-?mail|usuari[oa]|cuenta|correo)=[\"'`]?$")


# Forty-first round: a plural password word ("passwords", "passphrases", "contraseñas", "claves") with
# a plain lower-case word after its copula states a rule for every password ("passphrases are
# encouraged", "las contraseñas son obligatorias"), not one password's value.
_PLURAL_LABEL_RE: Final = re.compile(
    r"(?i:(?:pass(?:word|phrase|code)|contrase[ñn]a|clave|frases[ \t]+de[ \t]+paso|pin|secret(?:o)?)s)")


def _names_a_login(value: str) -> bool:
    """Does the value after "login" name the account or the way in rather than a password? "login"
    labels a user name, an e-mail address or a sign-in method ("sso", "google", "ldap") as often as
    a password, so its value — quoted or not (twenty-third round: '"login": "sso"') — is a password
    only when shaped like one: letters and digits, no "@"."""
    return "@" in value or not (_has_digit(value) and _has_alpha(value))


def keyword_group(m: re.Match[str]) -> str:
    """The name of the keyword group that matched (phrase, strong, weak or tok)."""
    return next(g for g in ("phrase", "strong", "weak", "tok") if m.group(g) is not None)


def _names_the_tool(lower: str, m: re.Match[str], keyword: str) -> bool:
    """Is the plural password word at ``m`` part of a password manager's generic name?"""
    if not keyword.lower().endswith("s"):
        return False
    return (_TOOL_BEFORE_RE.search(lower, max(0, m.start() - 30), m.start()) is not None
            or _TOOL_AFTER_RE.match(lower, m.start() + len(keyword)) is not None)


def _names_an_openpgp_key(lower: str, m: re.Match[str]) -> bool:
    """Is the token keyword git's ``signingkey`` or a signing key in a text about GPG/PGP?"""
    tok = m.group("tok").lower()
    return tok == "signingkey" or ("signing" in tok and _OPENPGP_RE.search(lower) is not None)


_HEX_VALUE_RE: Final = re.compile(r"[0-9a-f]{7,64}|[0-9A-F]{7,64}")
_DIGEST_WORDS_RE: Final = re.compile(
    r"(?i:\b(?:commit|sha(?:-?(?:1|256|512))?|hash|checksum|digest|md5|fingerprint|huella)\b)")


def _is_public_digest(text: str, value: str) -> bool:
    """A bare hex value in a text that names a commit, hash or checksum."""
    return (_HEX_VALUE_RE.fullmatch(value) is not None and any(c.isalpha() for c in value)
            and any(c.isdigit() for c in value) and _DIGEST_WORDS_RE.search(text) is not None)


def _token_kind(keyword: str) -> str:
    """Placeholder kind for a token-family keyword or query parameter."""
    kw = keyword.lower().replace("0", "o").replace("3", "e")
    if keyword == _ENV_AUTH:
        return "password"
    if "token" in kw:
        return "token"
    if "secret" in kw and "key" not in kw:
        return "secret"
    if "private" in kw or "signing" in kw or "encryption" in kw:
        return "secret"
    return "api_key"


# Fifteenth round: a command-line option named after a secret, then its value (the GNU long-option
# convention, "--name=value" or "--name value": ``gpg --passphrase '…'``, ``mysql --password=…``,
# ``huggingface-cli login --token …``). Quoted, the value is whatever the quotes hold (a passphrase
# of words too); unquoted, one token that is not another option, a reference or a placeholder.
# An option whose name goes on ("--password-stdin", "--secret-id", "--token-file") takes no value.
_OPTION_RE: Final = re.compile(
    r"(?<![\w\-])--(?i:pass(?:word|wd|phrase)?|token|secret|api[\-_]?key|client[\-_]secret|auth[\-_]token"
    r"|access[\-_]token)(?![\w\-])(?:=|[ \t]+)"
    r"(?:'(?P<sq>[^'\n]{1,256})'|\"(?P<dq>[^\"\n]{1,256})\"|(?P<uq>[^\s'\"\-<$%{][^\s'\"]*))")


def _find_option_values(text: str, lower: str) -> Iterator[_Span]:
    """The value of a secret-named command-line option (see above)."""
    if "--" not in text:
        return
    for m in _OPTION_RE.finditer(text):
        group = next(g for g in ("sq", "dq", "uq") if m.group(g) is not None)
        value = m.group(group)
        if len(value.strip()) < 4 or _REFERENCE_RE.fullmatch(value) or value.lower() in _STOPWORDS:
            continue
        if names_a_stored_secret(text, m.start(), value):
            continue  # "gcloud secrets versions access latest --secret=clave-api-mapas": the secret's name
        yield m.start(group), m.end(group), "password"
