"""Forty-third secrets round (docs/privacy.md): a value spaced or hyphened out with a cue that it is one
value, a lock's code after an arrow or a colon with no code word, a login given as quoted pieces with a
number in words, pieces over lines with the credential named after them, a token laced with zero-width
characters, a phrase an encrypted thing opens with; and four false-redaction classes (a passphrase's
form given as a range, a keyword inside a variable reference, a street's postcode read as a door code,
a payment's reference). Every sentence is made up
for this file (no corpus string), with hard negatives beside each class and a mutant check that the new
part decides."""

from __future__ import annotations

import pytest

from memory.scrubbing import driver, keywords, not_values, pieces, said, scrub, unworded
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted
from tests.memory.scrubbing.fakes import scrub_growth

ZW = "\u200b"


def _laced(value: str, mark: str = ZW) -> str:
    return mark.join(value)


# 1. Spaced or hyphened out, said to be one value. The first four fail before this round; the last four
#    were read before too, by other finders (a label or a password word beside them).
SPACED = [
    ("Para que el bot no lo marque te lo dejo separado: m 4 X q 7 2 p — todo junto.", "m 4 X q 7 2 p"),
    ("Lo de ayer, sin espacios: Z 9 k L 3 v Q", "Z 9 k L 3 v Q"),
    ("letter by letter so the chat does not flag it: p-8-Q-x-2-L-m", "p-8-Q-x-2-L-m"),
    ("Deletreada: f-4-R-o-s-T-9, todo junto.", "f-4-R-o-s-T-9"),
    ("Te la paso con espacios para que no la pille el bot: r 4 T 9 w Q 1 z — todo junto al escribirla.",
     "r 4 T 9 w Q 1 z"),
    ("Written apart so the scanner skips it: h 8 K p 2 m X q (without spaces when you type it)", "h 8 K p 2 m X q"),
    ("The wifi key letter by letter: B-L-U-E-F-O-X-7-7", "B-L-U-E-F-O-X-7-7"),
    ("Clave del NAS letra a letra: t-o-r-r-e-9-1, sin guiones.", "t-o-r-r-e-9-1"),
]
SPACED_NEAR_MISSES = [
    "Escribe tu nombre separado: J u a n, sin espacios no vale.",
    "Los números de la rifa, uno a uno: 1 2 3 4 5 6 7",
    "Letter by letter: H-E-L-L-O-W-O-R-L-D is what the kid wrote.",
    "Escribe las respuestas separadas: a b c d a b c",
    "Sin espacios: 2 0 2 4 0 5 1 2",
    "Separados por guiones: 2024-05-12 y 2024-06-01 son las fechas.",
    "The band spelled out S-T-A-R-G-A-Z-E on the stage.",
]


@pytest.mark.parametrize(("text", "secret"), SPACED)
def test_a_value_spaced_out_and_said_to_be_one_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", SPACED_NEAR_MISSES)
def test_spaced_words_digits_or_dates_stay(text: str) -> None:
    assert _kept(text)


# 2. A lock followed by its code, no code word.
LOCKS = [
    ("Padlock on the shed → 4471", "4471"),
    ("Candado de la bici: 2290", "2290"),
    ("Bike lock - 7731, the blue one.", "7731"),
    ("Caja fuerte del hotel → 190823", "190823"),
    ("Locker at the pool: 5512 (top row).", "5512"),
    ("Candado del trastero → 083 (el pequeño)", "083"),
]
LOCK_NEAR_MISSES = [
    "Taquilla número → 214",
    "Taquilla → 12",
    "Locker 12: 4 towels",
    "Lock timeout: 300 seconds",
    "La caja fuerte: 300 euros, modelo barato.",
    "La caja fuerte → 1500 kg de peso.",
    "La verja → 200 metros a la derecha.",
    "Gate: 12, boarding at 10:45.",
    "Candado: 30 €",
    "Padlock: 3 digits, ask Juan.",
    "Candado de la bici → 2023 lo compré",
    "Code of the gate is in the app; gate → 3 minutes walk.",
]


@pytest.mark.parametrize(("text", "secret"), LOCKS)
def test_a_lock_followed_by_its_code_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", LOCK_NEAR_MISSES)
def test_a_lock_with_a_number_that_is_no_code_stays(text: str) -> None:
    assert _kept(text)


# 3. A login as quoted pieces, a number in words among them.
PIECES = [
    ("Credenciales del panel: 'tortuga' + 'cuarenta y dos' + '!!'", "'tortuga' + 'cuarenta y dos' + '!!'"),
    ("Login for the printer: 'otter' + 'seventy' + 'moon' and you're in.", "'otter' + 'seventy' + 'moon'"),
]
PIECES_NEAR_MISSES = [
    '"Hello" + " " + "World" is a classic concatenation.',
    "El total es 'cien' + 'veinte' + 'euros' en letras.",
    "Login page title: 'Welcome' + 'back' + 'friend'",
]


@pytest.mark.parametrize(("text", "secret"), PIECES)
def test_a_login_in_quoted_pieces_with_a_number_in_words_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", PIECES_NEAR_MISSES)
def test_quoted_words_joined_without_a_login_or_a_number_stay(text: str) -> None:
    assert _kept(text)


# 3b. Pieces over lines, the credential named on the line after them (the line before says "split").
LINES = [
    ("Lo parto en líneas:\nnube\nGris\n4410\njúntalo, es la clave del wifi", "nube\nGris\n4410"),
    ("Split into lines for the preview:\nalpha\nbeta\nx7\nthat is one password, no line breaks", "alpha\nbeta\nx7"),
]
LINES_NEAR_MISSES = [
    "La lista en líneas:\nleche\npan\nhuevos\ny la password del wifi la tiene Ana, todo junto",
    "Split into lines:\nr2\nd2\nc3po\nthe droids' names, no password here",
]


@pytest.mark.parametrize(("text", "secret"), LINES)
def test_pieces_over_lines_named_after_them_are_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", LINES_NEAR_MISSES)
def test_lines_of_words_or_with_no_join_after_them_stay(text: str) -> None:
    assert _kept(text)


# 4. A token laced with zero-width characters.
LACED = [
    ("API token minus the prefix: " + _laced("qW8rT2zL"), _laced("qW8rT2zL")),
    ("El token sin el prefijo, para el escáner: " + _laced("brisaMar77", "\u2060"), _laced("brisaMar77", "\u2060")),
]
LACED_NEAR_MISSES = [
    "The word " + _laced("hidden") + " with zero-width chars breaks search.",
    "Token names are " + _laced("contraseña") + " in the old docs.",
    "El token caduca en 24 horas; la palabra " + _laced("ho") + " no cuenta.",
]


@pytest.mark.parametrize(("text", "secret"), LACED)
def test_a_token_laced_with_zero_width_characters_is_redacted(text: str, secret: str) -> None:
    out = scrub(text)
    assert out.count and secret not in out.text and secret.replace(ZW, "").replace("\u2060", "") not in out.text


@pytest.mark.parametrize("text", LACED_NEAR_MISSES)
def test_a_laced_plain_word_stays(text: str) -> None:
    assert _kept(text)


# 5. A phrase an encrypted thing opens with.
OPENED = [
    ("El disco externo cifrado se abre con lluvia verde sobre tejado — no lo apuntes.", "lluvia verde sobre tejado"),
    ("My encrypted backup drive opens with orange kettle sings loudly, don't share it.",
     "orange kettle sings loudly"),
    ("To unlock the encrypted laptop disk you have to type: the old fox sleeps under the bridge",
     "the old fox sleeps under the bridge"),
    ("Para abrir el volumen cifrado de la NAS tienes que teclear: mi perro ladra a la luna llena",
     "mi perro ladra a la luna llena"),
    ("Ojo, esta es la buena, para mi llavero cifrado: cobalto nieve trueno faro limón", "cobalto nieve trueno faro limón"),
]
OPENED_NEAR_MISSES = [
    "La caja fuerte se abre con dos llaves distintas a la vez.",
    "The vault opens with two keys turned together.",
    "El archivo comprimido se abre con cualquier programa gratuito moderno.",
    "The encrypted volume opens with any recent version of cryptsetup.",
    "My laptop opens with face unlock most days.",
    "Mi móvil se desbloquea con huella dactilar casi siempre.",
    "The safe opens with both managers present, never alone.",
    "El portátil se abre con la huella o con el PIN de siempre.",
    "El disco cifrado se abre con doble clic, luego pide la frase.",
    "El volumen cifrado: está en el NAS del despacho.",
    "Para desbloquear el disco cifrado hay que escribir: la frase que te mandé por Signal",
    "Para abrir el disco cifrado hay que escribir: cryptsetup luksOpen /dev/sdb1 datos",
    "Para desbloquear el portátil cifrado tienes que escribir: tu contraseña de siempre",
    "Para la copia cifrada: usa siempre el gestor y no la apuntes.",
    "Para el disco cifrado: mira la wiki del equipo interno.",
    "For the encrypted drive: ask the IT desk on monday morning",
    "Contenido del disco cifrado: fotos vídeos facturas contratos",
]


@pytest.mark.parametrize(("text", "secret"), OPENED)
def test_a_phrase_an_encrypted_thing_opens_with_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", OPENED_NEAR_MISSES)
def test_what_an_encrypted_thing_opens_with_that_is_no_phrase_stays(text: str) -> None:
    assert _kept(text)


# 6. False redactions: no value.
NO_VALUE = [
    "A good passphrase is four or five random words; length matters far more than symbols.",
    "Una buena frase de paso son entre cuatro y seis palabras al azar.",
    "docker run -e POSTGRES_PASSWORD=$POSTGRES_PASSWORD postgres:16 --name db",
    "env: API_TOKEN=${API_TOKEN} myimage:latest",
    "Estamos en la calle del Pinar 7, 2º A, código de portal 28014. Llama al timbre.",
    "Office: Avenida de la Paz 120, door code 46020 — that's the postcode, the door is open.",
    "Referencia de la transferencia: 9XkQ2mTfA7bLpW3zR8cN. Si no llega, avísanos.",
    "Order ID: Zq8LmT3xK9pW2rB7vN4c — it ships on Monday.",
    "Localizador de la reserva: HQ4K7Ztm9Pxa2LwB8rNc, hotel en Cádiz.",
]
STILL_SECRETS = [
    ("Use four or five random words. My passphrase is: tulip basalt ember quarry", "tulip basalt ember quarry"),
    ("docker run -e POSTGRES_PASSWORD=Xk8#pLq2z postgres:16", "Xk8#pLq2z"),
    ("Calle del Pinar 7. El código de portal es 28014, tecléalo y sube.", "28014"),
    ("Referencia de la transferencia: 9XkQ2mTfA7bLpW3zR8cN; api key: Zq8LmT3xK9pW2rB7vN4cA1", "Zq8LmT3xK9pW2rB7vN4cA1"),
]


@pytest.mark.parametrize("text", NO_VALUE)
def test_no_value_is_redacted(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), STILL_SECRETS)
def test_beside_each_filter_a_secret_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# 7. Mutant checks: the new part is what decides.
def test_the_unworded_finders_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    gone = set(unworded.FINDERS)
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f not in gone))
    for text, secret in (*SPACED[:4], LOCKS[0], LOCKS[2], OPENED[0], OPENED[3], OPENED[4]):
        assert not _redacted(text, secret), text
    text, secret = LACED[0]
    assert secret.replace(ZW, "") not in scrub(text).text.replace(ZW, "") or not scrub(text).count


def test_the_number_in_words_piece_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(said, "_NUMBER_PIECE_RE", said.re.compile(r"(?!)"))
    assert not _redacted(*PIECES[0])


def test_the_cue_after_the_lines_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pieces, "_SPLIT_SAID_RE", pieces.re.compile(r"(?!)"))
    assert not any(_redacted(text, secret) for text, secret in LINES)


def test_the_filters_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(not_values, "street_postcode", lambda *args: False)
    monkeypatch.setattr(not_values, "payment_reference", lambda *args: False)
    assert not _kept(NO_VALUE[4]) and not _kept(NO_VALUE[6])


def test_the_variable_reference_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    real = keywords._inside_a_path
    monkeypatch.setattr(keywords, "_inside_a_path", lambda text, start: "/" in text[max(0, start - 30):start]
                        and real(text, start))
    assert not _kept(NO_VALUE[2])


def test_each_filter_reads_its_own_class() -> None:
    text = NO_VALUE[4]
    start = text.index("28014")
    assert not_values.street_postcode(text, start, start + 5)
    assert not not_values.street_postcode("código de portal 28014", 17, 22)  # no street named
    text = NO_VALUE[6]
    start = text.index("9Xk")
    assert not_values.payment_reference(text, start, start + 20)
    assert not not_values.payment_reference("token: " + text[start:start + 20], 7, 27)


# 8. Linear time: the new readings on long texts.
@pytest.mark.parametrize("unit", [
    "sin espacios: a 1 b 2 c 3 ",
    "letter by letter: A-1-B-2-C-3 ",
    "candado de la bici → 2290, ",
    "token " + _laced("aB3dE5") + " ",
    "el disco cifrado se abre con sol luna mar — ",
    "para el disco cifrado hay que escribir: el sol ",
    "Login: 'a' + 'two' + 'b' ",
    "calle Mayor 3, código de portal 28014. ",
    "Referencia de la transferencia: 9XkQ2mTfA7bLpW3zR8cN. ",
    "PASSWORD=$PASSWORD x ",
])
def test_the_new_readings_stay_linear(unit: str) -> None:
    small, large = scrub_growth(lambda n: unit * n, scrub, small=200)
    assert large < small * 10, (small, large)
