"""Thirty-third secrets round (issue 15): the classes of the seventy-fifth and seventy-sixth
readings' open cases — credentials disguised or handed over in a chat turn, and values the text says
are not credentials (see docs/privacy.md "Thirty-third secrets round"; no database). Made-up
sentences, none from a corpus."""

from __future__ import annotations

import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import kept as _kept

_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_WORD = st.text(alphabet=string.ascii_lowercase, min_size=3, max_size=8)


def _redacted(text: str, secret: str) -> bool:
    """Every piece of the secret is gone: the scrubbed text holds it no more often than the text
    around the secret does (a drawn piece such as "The" may also be a word of the frame)."""
    out = scrub(text).text
    around = text.replace(secret, "")
    return all(out.count(part) <= around.count(part) for part in secret.split("\n") if len(part) > 2)


_PASSWORDS = st.builds(lambda a, b, n: a.capitalize() + b + str(n), _WORD, _WORD, st.integers(10, 99))


# --- an announced disguise: the span right after the frame is the credential -------------------------------

@_SETTINGS
@given(_PASSWORDS, st.sampled_from([
    "Te la escribo con guiones para que no la pille el filtro: {v}, ok?",
    "I'll write it with hyphens so autocomplete leaves it alone: {v}",
    "La contraseña te la paso con guiones: {v}",
    "Password, written with dashes: {v}"]))
def test_a_hyphenated_password_after_its_announcement(password: str, frame: str) -> None:
    value = "-".join(password)
    assert _redacted(frame.format(v=value), value)


@_SETTINGS
@given(_PASSWORDS, st.sampled_from([
    "Te la pongo al revés por si alguien mira: {v}",
    "Here it is spelled backwards, just in case: {v}",
    "La clave, del revés: {v}",
    "I'll type it in reverse:\n{v}"]))
def test_a_reversed_password_after_its_announcement(password: str, frame: str) -> None:
    value = password[::-1]
    assert _redacted(frame.format(v=value), value)


@_SETTINGS
@given(_PASSWORDS, st.integers(3, 6), st.sampled_from([
    "La contraseña es muy larga, te la parto en dos líneas:\n{v}",
    "The password is long, so I'll split it over two lines:\n{v}",
    "La clave la parto en dos líneas por si acaso:\n{v}\n(júntalo todo)."]))
def test_a_password_split_over_two_lines(password: str, cut: int, frame: str) -> None:
    value = password[:cut] + "\n" + password[cut:]
    assert _redacted(frame.format(v=value), value)


@pytest.mark.parametrize("text", [
    "Te la escribo con guiones: sí, así es más fácil.",
    "I'll write it backwards: no.",
    "El informe te lo parto en dos líneas:\nresumen\nanexo",
    "Write it with hyphens: the date, 2024-11-05.",
    "Reversed: the list is sorted from newest to oldest.",
])
def test_an_announcement_without_a_credential_is_kept(text: str) -> None:
    assert _kept(text)


# --- a chat answer to a question about a password ------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("—¿Y la del NAS de casa?\n—Es XJJTM&WGu* con mayúsculas, tal cual.", "XJJTM&WGu*"),
    ("—¿Cuál es la clave del router?\n—Es Pq7#vLmw2, sin espacios.", "Pq7#vLmw2"),
    ("- and the wifi password?\n- It's Kx9#mLp2Qr", "Kx9#mLp2Qr"),
    ("what's the one for the printer?\nit's Tn8$ww-Lop", "Tn8$ww-Lop"),
])
def test_a_chat_answer_to_a_password_question(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", [
    "—¿Y la del NAS de casa?\n—Es la de siempre, pregúntale a Marta.",
    "—¿Qué modelo es?\n—Es RT-AX58U, el de la oficina.",
    "Is the meeting today?\nIt's tomorrow at 10:30.",
])
def test_a_chat_answer_that_is_no_credential_is_kept(text: str) -> None:
    assert _kept(text)


# --- a device's login said as its use, or as what it takes ---------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Para entrar en el portátil de la oficina usa tr0mpeta_Lunar#9 hasta que te den la tuya.", "tr0mpeta_Lunar#9"),
    ("Para desbloquear la tablet pon cArro_99x y listo.", "cArro_99x"),
    ("To log into the shared laptop, use gr4nite-Owl_7 for now.", "gr4nite-Owl_7"),
    ("The NAS in the garage takes 'Hollowbrook_93!' for the admin user.", "Hollowbrook_93!"),
    ("El router acepta 'Pinar_del_7x' para el usuario admin.", "Pinar_del_7x"),
])
def test_a_device_login_said_as_its_use(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", [
    "Para entrar en el portátil usa el lector de huellas.",
    "To log into the VPN, use the company SSO.",
    "The backup takes 45 minutes for the admin user.",
])
def test_a_device_use_without_a_credential_is_kept(text: str) -> None:
    assert _kept(text)


# --- a one-time-password seed in hex or base32 ---------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Te dejo la seed TOTP en hex del usuario de servicio: 69c2a5887801cd9f6d927c09, por si falla el QR.",
     "69c2a5887801cd9f6d927c09"),
    ("The TOTP secret (base32) is JBSWY3DPEHPK3PXP4Q, keep it offline.", "JBSWY3DPEHPK3PXP4Q"),
])
def test_an_otp_seed_after_its_label(text: str, value: str) -> None:
    assert _redacted(text, value)


# --- a password label with a parenthetical aside before its colon ----------------------------------------

@pytest.mark.parametrize("text, value", [
    ("Contraseña del disco cifrado (BitLocker no, VeraCrypt): el gato de Lola duerme en la escalera 7",
     "el gato de Lola duerme en la escalera 7"),
    ("Passphrase for the backup drive (the USB one): purple Otters sing at 9 dawn",
     "purple Otters sing at 9 dawn"),
])
def test_a_passphrase_after_a_parenthesised_label(text: str, value: str) -> None:
    assert _redacted(text, value)


def test_a_parenthesised_label_before_plain_prose_is_kept() -> None:
    assert _kept("Contraseña del disco (la del trabajo): la tiene guardada el equipo de sistemas")


# --- values the text says are not credentials -----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Pásame el tenant ID, no el secret: es 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d, right?",
    "Token aquí es la unidad que cobra el proveedor, no es ninguna clave: 1.2M tokens este mes.",
    "Send me the client ID, not the secret: 3f2504e0-4f89-41d3-9a0c-0305e82c3301",
])
def test_a_value_after_a_negated_label_is_kept(text: str) -> None:
    assert _kept(text)


def test_a_strong_value_after_a_negated_label_stays_redacted() -> None:
    assert _redacted("No es la del admin, la clave: Kx9#mLp2Qr", "Kx9#mLp2Qr")


@_SETTINGS
@given(st.sampled_from(["sk_live_", "ghp_", "rk_live_", ""]), st.sampled_from(["…", "...", "****", "••••"]),
       st.text(alphabet=string.ascii_letters + string.digits, min_size=2, max_size=4))
def test_a_masked_display_is_kept(prefix: str, mask: str, tail: str) -> None:
    assert _kept(f"token={prefix}{mask}{tail} (last 4 shown)")


@pytest.mark.parametrize("text", [
    "client_secret: changeme-in-prod  # valor de ejemplo, el real lo pone Ops",
    "api_key: demo-key-123  # example only, the real one is in the vault",
    "password: Verano2024!  // placeholder, no es la real",
])
def test_a_value_its_line_calls_an_example_is_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("text, value", [
    ("fetch(url, { headers: { Authorization: 'Bearer 2sdF9kLq0PwE7rYu' } }) // token de prueba de Inés",
     "2sdF9kLq0PwE7rYu"),
    ("curl -s --user 'api:key-9b3f7e1a5c2d8f4b6e0a3c7d1f9b5e2a' https://api.mailgun.net/v3/mg.example.org/messages",
     "key-9b3f7e1a5c2d8f4b6e0a3c7d1f9b5e2a"),
])
def test_a_test_token_or_an_example_domain_is_no_example_note(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", [
    "password = lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/ansible/nas:password')",
    "La lee de Vault: secret=secret/data/produccion/smtp:password",
])
def test_a_vault_path_is_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("text", [
    "The passphrase is five random words; Helga wrote it on the card.",
    "La frase de paso son cuatro palabras aleatorias, la tiene Marta.",
])
def test_a_described_passphrase_form_is_kept(text: str) -> None:
    assert _kept(text)
