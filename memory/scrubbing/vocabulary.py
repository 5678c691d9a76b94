"""The scrubber's one credential vocabulary (stop 46): every word that names a password, a key, a PIN, a
phrase, a secret or a token, in one table, and the readings built from it.

Until stop 46 three readers each kept a list of their own (``answers``' chat question, ``not_values``'
"no credential near", ``unworded``'s laced token) and ``keywords`` held its labels inline. The table
below is those lists merged: one row per word, and a column for each way a reader matches it —

* ``named``: a whole word, with an optional plural (``answers``: does a chat question name one?);
* ``mentioned``: a stem anywhere (``not_values``: is a credential mentioned near a reference or base64
  of words? a stem so that "passwords", "contraseñas", "secretos" count);
* ``in_lower``: a token of lower-cased text, bounded by non-letters (``unworded``: "api_key", "pwd");
* ``noun``: the plain nouns a value may follow with no copula ("keeps the password X", "la
  contraseña X"; ``bare_values``) — the nouns that name one credential, not a family of them.

A reader that needs a word adds it to its column here, not to a list of its own. The keyword finder's
labels (``STRONG_LABEL``, ``WEAK_LABEL``, ``PHRASE_LABEL``, ``TOKEN_LABEL``: leet spellings, the
complements that make "clave" a password, the record codes that keep it a record's) live here too.
Merging changed no reading (every spent string's scrub output compared by hash; docs/privacy.md).
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple


class Word(NamedTuple):
    """One credential word and how each reader matches it (``None``: that reader does not read it)."""

    lemma: str
    named: str | None
    mentioned: str | None
    in_lower: str | None
    noun: str | None = None


WORDS: Final = (
    Word("contraseña", r"contrase[ñn]a", r"contrase", r"contrase(?:ñ|n)as?", r"contrase(?:ñ|n)a"),
    Word("clave", r"clave", r"\bclave", r"claves?", r"clave"),
    Word("password", r"pass(?:word|phrase|code|wd)?", r"passw|passphrase", r"pass\w*", r"pass(?:word|phrase|code|wd)"),
    Word("pwd", r"pwd|pw", None, r"pwd"),
    Word("pin", r"pin", r"\bpin\b", r"pins?"),
    Word("código", r"c[oó]digo|code", None, None),
    Word("frase", r"frase|phrase", r"frase[ \t]+de[ \t]+paso", None),
    Word("key", r"key|llave", None, r"keys?|api"),
    Word("secret", r"secret|secreto", r"secret|secreto", r"secret\w*|secreto\w*"),
    Word("token", r"token", r"token", r"tokens?"),
    Word("credential", None, r"credencial|credential", r"credential\w*|credencial\w*"),
    Word("login", None, None, r"login"),
)


#: Password managers by their makers' one-word names (lower case, "1password" whole).
MANAGER_NAMES: Final[frozenset[str]] = frozenset(
    """keepass keepassxc keepassx keepass2 bitwarden vaultwarden 1password lastpass dashlane keeper enpass nordpass
    roboform passbolt psono""".split())
#: Disk and volume encryption tools, whose passphrase opens a disk or a volume.
DISK_ENCRYPTION_NAMES: Final[frozenset[str]] = frozenset(
    "luks veracrypt truecrypt bitlocker filevault cryptsetup".split())
#: The password managers that keep their vault as a local encrypted file, and that file (KeePass's ``.kdbx``).
LOCAL_VAULT_NAMES: Final[frozenset[str]] = frozenset("keepass keepassxc keepassx keepass2 kdbx".split())
#: The tools whose passphrase decrypts a local disk, volume or file: ``said``'s "encryption tool's label".
ENCRYPTION_TOOL_NAMES: Final[frozenset[str]] = DISK_ENCRYPTION_NAMES | LOCAL_VAULT_NAMES
#: Names of the things that hold nothing but credentials: password managers, their files (a KeePass
#: ``.kdbx``), and disk encryption tools. Readers that ask "is this sentence about a secret's holder?"
#: build their word sets from it (``phrases.HOLDERS``, ``used_phrases``), and the readers that match
#: the names inside a regex take them through ``names_re`` (stop 48: ``announced``, ``glued``,
#: ``not_values``, ``places`` and ``said`` each spelled their own list until then).
STORE_NAMES: Final[frozenset[str]] = MANAGER_NAMES | DISK_ENCRYPTION_NAMES | frozenset(("kdbx",))


def names_re(names: frozenset[str]) -> str:
    """``names`` as one regex alternation (a non-capturing group, longest first so "keepassxc" is
    tried before "keepass"), for a reader to put its own boundaries around."""
    return "(?:" + "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n))) + ")"


def _column(name: str) -> str:
    return "|".join(form for word in WORDS if (form := getattr(word, name)) is not None)


#: A whole credential word (a group, no boundary: the reader adds ``\b`` and a plural).
NAMED: Final = r"(?:" + _column("named") + r")"
#: A credential mentioned anywhere, case-insensitive (a stem: "passwords", "secretos").
MENTIONED_RE: Final = re.compile(r"(?i:" + _column("mentioned") + r")")
#: A credential word in lower-cased text, bounded by non-letters ("api_key", "db_pass", "pins").
IN_LOWER_RE: Final = re.compile(r"(?<![a-z])(?:" + _column("in_lower") + r")(?![a-z])")
#: A noun naming one password (no family word: "key", "code" and "token" name many things).
NOUN: Final = r"(?:" + _column("noun") + r")"


# Strong keywords name a password unambiguously; weak ones ("clave", "PIN",
# "door code") also appear in ordinary prose ("la clave es la constancia"),
# so their value must look like a credential.
# Leet spellings of the keywords ("p4ssw0rd") are part of the patterns: the inspection fold reads
# only characters (``words=False``), since a credential's own digits must stay as written.
STRONG_LABEL: Final = (
    r"p[a4@][s5$][s5$](?:w[o0]rd|wd|phr[a4]se|code|key)s?|pwd|pw|c[o0]ntr[a4@][s5$][e3](?:ñ|n)[a4@][s5$]?"
    # Twentieth round: the other abbreviations people type for "password" in notes and chats
    # ("psw del router: …", "pswd=…", "pword", "passw").
    r"|pswd?|pwrd|pword|passw"
    r"|clave\s+de\s+acceso|senha"
    # Thirteenth round: a Wi-Fi network's key by its standard's names (Windows: "network security key").
    r"|(?:wpa[23]?(?:[\s\-]?psk)?|wep|wi-?fi|network(?:\s+security)?)[\s_\-]key|clave\s+(?:wpa[23]?|wep|de\s+(?:la\s+)?red)"
    # Twenty-seventh round: the network may be named by its kind after "red" ("clave de la red VPN",
    # "de la red wifi de invitados", "red inalámbrica"), which keeps the label a network's key.
    r"(?:(?<=red)\s+(?:vpn|wi-?fi|wlan|inal[aá]mbrica|local|dom[eé]stica|de\s+invitados))?"
    # Twentieth round: "clave" whose complement is a device or an account it opens is a password
    # like "contraseña" ("la clave de la wifi del bar es 'cafeconleche'"), not a key point; the
    # complements that also name a key point or a record ("banco", "cuenta", "éxito") stay weak.
    r"|clave\s+del?\s+(?:la\s+|el\s+|mi\s+|tu\s+|su\s+)?(?:wi-?fi|wlan|router|correo|e-?mail|gmail|hotmail|outlook"
    r"|m[oó]vil|port[aá]til|ordenador|tablet|ipad|iphone|netflix|vpn|nas|servidor)\b"
)
# Passphrases and wallet seeds: their value is several plain words (see _passphrase_end).
PHRASE_LABEL: Final = (
    r"(?:seed|recovery|backup|mnemonic)\s+(?:phrase|words)|mnemonic"
    r"|(?:wallet|monedero|cartera|crypto|bip39)\s+(?:seed|semilla)"
    r"|(?:seed|semilla)\s+(?:de\s+(?:la\s+|el\s+)?|of\s+(?:the\s+|my\s+)?|for\s+(?:the\s+)?)?"
    r"(?:wallet|monedero|cartera|bip39|metamask|ledger|trezor)"
    r"|frase\s+(?:de\s+recuperaci[oó]n|semilla|de\s+paso|de\s+acceso)|palabras\s+(?:semilla|de\s+recuperaci[oó]n)"
    # Twenty-third round: a mnemonic named by its length — BIP-39 seeds are 12, 15, 18, 21 or 24
    # words ("12-word backup: …", "24 words: …", "las 12 palabras: …").
    r"|(?:12|15|18|21|24)[\s\-](?:words?|palabras)(?:[\s\-](?:seed|backup|recovery|phrase|mnemonic|semilla))?"
)
WEAK_LABEL: Final = (
    r"cl[a4@]v[e3]s?(?!\s+del?\s+(?:la\s+|el\s+)?(?:usuario|cliente|elector|producto|registro|referencia|empleado|socio"
    r"|asignatura|materia|curso|expediente|pedido|factura|art[ií]culo|catastro|seguimiento|rastreo|env[ií]o))"
    # Twenty-third round: the same record codes as one identifier ("clave_seguimiento", "claveRastreo":
    # a shipment's tracking code; "clave_pedido", "CLAVE_CATASTRAL"), without the person nouns
    # ("clave_usuario" holds a user's password).
    r"(?![_\-]?(?:seguimiento|rastreo|env[ií]o|pedido|factura|referencia|expediente|asignatura|elector|catastr[a-z]*)(?![a-z]))"
    r"|pin(?:\s+(?:code|number))?|puk|nip|pass|login|combinaci[oó]n|combination"
    # "la contra del correo", and (thirty-fifth round) "la contra es …" (slang; "la" checked in Python)
    r"|contra(?=\s+del?\s|\s+(?:es|era|sigue\s+siendo|nueva\s+es)\s)"
    r"|(?:safe|locker|garage|keypad|padlock|lock)\s+(?:code|combination)"
    r"|c[oó]digo\s+de\s+(?:la\s+|el\s+)?(?:caja(?:\s+fuerte)?|taquilla|garaje|candado|desbloqueo)"
    r"|c[oó]digo\s+(?:de\s+acceso|pin|de\s+seguridad|secreto|de\s+(?:la\s+)?(?:puerta|alarma|entrada))"
    # Twentieth round: the other doors of a building a keypad opens ("código del portal 4590B"):
    # the street door, the lift, the storage room, the gate, the mailbox.
    r"|c[oó]digo\s+del?\s+(?:la\s+|el\s+)?(?:portal|porter[ií]a|trastero|ascensor|buz[oó]n|verja|port[oó]n)\b"
    r"|(?:access|security|door|alarm|gate|entry|unlock|disarm|arming|keypad|building)\s+code"
    r"|c[oó]digo\s+de\s+(?:desarme|desactivaci[oó]n|armado)"
)
TOKEN_LABEL: Final = (
    r"api[\s_\-]?keys?|apikey|api[\s_\-]?token|access[\s_\-]?token|auth(?:entication)?[\s_\-]?token"
    r"|refresh[\s_\-]?token|bearer[\s_\-]?token|session[\s_\-]?token|secret[\s_\-]?key"
    r"|client[\s_\-]?secret|app[\s_\-]?secret|webhook[\s_\-]?secret|signing[\s_\-]?(?:key|secret)"
    r"|encryption[\s_\-]?key|private[\s_\-]?key|secret[\s_\-]?access[\s_\-]?key"
    r"|access[\s_\-]?key(?:[\s_\-]?id)?|tokens?|secret"
    r"|clave\s+(?:secreta|privada|api|de\s+(?:la\s+)?api)|secreto\s+compartido(?:\s+[a-z]{2,10})?|secreto"
    r"|licen[cs]e[\s_\-]?key|product[\s_\-]?key|master[\s_\-]?key|consumer[\s_\-]?(?:key|secret)"
    r"|shared[\s_\-]?secret|pre[\s_\-]?shared[\s_\-]?key|psk|hmac[\s_\-]?(?:key|secret)"
    r"|recovery[\s_\-]?codes?|backup[\s_\-]?codes?|totp[\s_\-]?(?:seed|secret)|t[o0]k[e3]n|s[e3]cr[e3]t"
    # Twenty-eighth round: an environment variable whose name ends in ``_AUTH`` (the convention of
    # Redis images and compose files, ``REDIS_AUTH``, ``PROXY_AUTH``, ``SMTP_AUTH``): upper-case
    # snake case only, assigned or given a colon, and its value must be shaped like a credential
    # (see _ENV_AUTH), since the same names also hold a mode ("SMTP_AUTH=login") or a flag.
    r"|(?-i:(?<=[A-Z0-9]_)AUTH)(?![_A-Za-z0-9])(?=[\"']?[ \t]*[:=])"
)
