"""Tests for memory.scrubbing.long_labels: a password after a long label with asides, spaced,
fullwidth, zero-width-split or spelled out (no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from memory.scrubbing.long_labels import spelled_run

ZW = "\u200b"


@pytest.mark.parametrize(("text", "secret"), [
    ("Marta wrote her password on the back of the old calendar by the fridge: Lentil42soup", "Lentil42soup"),
    ("Contraseña del portal de la comunidad de vecinos (me la dictó el presidente): bicho7Verde", "bicho7Verde"),
    ("Ravi's work laptop password — he swears it changes every single month anyway — is Kettle&9drum.", "Kettle&9drum"),
    ("Clave del correo del cole de los niños, apuntada deprisa en una servilleta: m i e l 4 4 R o s a", "m i e l 4 4 R o s a"),
    ("Combinación de la taquilla — the blue one next to the showers: 4-8-2-6.", "4-8-2-6"),
    ("Contraseña maestra de la bóveda de Iker (una frase entera): el gato come queso los viernes 88",
     "el gato come queso los viernes 88"),
    ("Jan typed his password with the fullwidth keyboard on his tablet: Ｍａｒｂｌｅ７７", "Ｍａｒｂｌｅ７７"),
    (f"Contraseña de la cuenta del gimnasio de Rosa (la copió de un PDF): Pi{ZW}no{ZW}2019", f"Pi{ZW}no{ZW}2019"),
])
def test_a_password_after_a_long_label_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize(("text", "secret"), [
    ("Aunt May read her email password over the phone: capital B, a, n, j, o, four, two, exclamation mark.",
     "capital B, a, n, j, o, four, two, exclamation mark"),
    ("La clave del router del pueblo, dictada letra a letra: eme, a, erre, uno, cuatro, arroba, siete.",
     "eme, a, erre, uno, cuatro, arroba, siete"),
    ("Contraseña: pe mayúscula, e, ere, o, dos, cero, dos, cinco", "pe mayúscula, e, ere, o, dos, cero, dos, cinco"),
])
def test_a_spelled_out_password_is_redacted_whole(text: str, secret: str) -> None:
    out = scrub(text).text
    assert secret not in out
    assert not any(piece in out for piece in secret.split(", ")[1:3] if len(piece) > 3)


@pytest.mark.parametrize("text", [
    "Combinación de colores de la portada: azul 300 C y blanco 100%.",
    "Contraseña olvidada: se envió un enlace a soporte@example.com para restablecerla.",
    "Password policy for new hires (see the HR wiki): minimum 12 characters, renewed every 90 days.",
    "Contraseña del wifi de invitados (la del cartel de recepción): pregunta en el mostrador",
    "The password manager migration, phase two — finally scheduled: release v2.3.1",
    "Usuario del portal de proveedores de la empresa (el de siempre): jgarcia2020",
    "Password reset meeting for the whole team: 10:30 in room 4B",
    "Instructions to count the votes aloud: one, two, three, four, five, six.",
    "La contraseña del wifi la tiene Pedro — pregúntale a él: está en la oficina 3B.",
    "Contraseñas de la familia (todas en la libreta): ver la página 12.",
])
def test_ordinary_text_with_a_long_label_is_kept(text: str) -> None:
    assert scrub(text).text == text


def test_a_count_is_not_a_spelled_password() -> None:
    assert spelled_run("one, two, three, four, five") is None
    assert spelled_run("capital T, i, g, e, r, seven") is not None


def test_a_lock_is_a_word_not_a_substring() -> None:
    """Digit groups after a combination label are a lock's code only when a lock is named as a
    word: "clock" holds "lock", "unsafe" holds "safe"."""
    text = "Combinación del juego del reloj (clock puzzle) de la escape room: 3-9-1-5"
    assert scrub(text).text == text
    assert "4-8-2-6" not in scrub("Combinación del candado de la bici: 4-8-2-6").text


@pytest.mark.parametrize(("text", "secret"), [
    ("PIN del móvil de la tía Rosa, que siempre lo olvida: 5830", "5830"),
    ("Gate code for the allotment (the one behind the church, not the main entrance): 6194, then push.", "6194"),
    ("Código de la alarma del trastero — el del sótano, al fondo: 27155", "27155"),
    ("PUK de la SIM del router 4G, apuntado en la caja original (por si se bloquea): 73820154", "73820154"),
    ("token del webhook del grupo de padres (el que avisa de las excursiones): pad_7Qm2xL9wKr4T", "pad_7Qm2xL9wKr4T"),
    ("API key for the weather widget on Nadia's blog, she pasted it twice: wx93Lq7TzpA1mK", "wx93Lq7TzpA1mK"),
    ("PIN de la alarma de Iker (lo tecleó con el teclado ancho): ５５１９", "５５１９"),
])
def test_a_code_or_token_after_a_long_label_is_redacted(text: str, secret: str) -> None:
    """Fifteenth round: the long-label frame read for access codes and tokens too."""
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "Código postal de la casa nueva de Aitor, la del barrio viejo: 31001 (Pamplona).",
    "Alarm code reference for the installer (see the manual, page 4): 2024 edition.",
    "PIN de la tarjeta: lo tiene Marta, pregúntale a ella: 3 intentos como mucho.",
    "Colour tokens in the new theme (dark mode): --surface-900: #1E293B.",
    "Access keys for the meeting rooms (the physical ones): 12 in the drawer.",
    "Error code shown by the printer in room 4 (after the update): 5012 again.",
    "Token del ticket de soporte (el de la impresora): versión 2.4.1",
])
def test_a_long_code_or_token_label_without_a_code_is_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("A Julián siempre se le olvida: su contraseña del campus virtual —la eligió su nieta— es lobo7Marino_x.",
     "lobo7Marino_x"),
    ("Note for later: Dev's router password (printed under the box, faded) — the one we use — is tea4Kettle!9.",
     "tea4Kettle!9"),
])
def test_a_label_may_start_after_a_prose_colon(text: str, secret: str) -> None:
    """Fifteenth round: a colon followed by a space starts the label's clause."""
    assert secret not in scrub(text).text


def test_a_colon_inside_a_url_starts_no_label() -> None:
    text = "Formato de ejemplo en la guía: postgres://usuario:contraseña@host:5432/basedatos"
    assert scrub(text).text == text


def test_a_password_read_out_in_the_icao_alphabet_is_redacted() -> None:
    """Fifteenth round: the ICAO/NATO spelling alphabet names letters as the Spanish names do."""
    out = scrub("Gate password read over the phone: kilo lima seven sierra two zulu papa.").text
    assert "kilo lima seven sierra two zulu papa" not in out and "sierra" not in out


def test_icao_words_in_prose_after_a_label_are_kept() -> None:
    text = "Password reset venues for the offsite: hotel Lima, golf club Delta and the Oscar lounge."
    assert scrub(text).text == text
