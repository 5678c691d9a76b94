"""Twenty-fourth secrets round (issue 15): credential forms the last authors' strings missed and
ordinary strings of the classes their false redactions belong to (see docs/privacy.md
"Twenty-fourth secrets round"; no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- an interjection or a short aside between commas, after the copula and before the value -------

@pytest.mark.parametrize(("text", "secret"), [
    ("Dice que la clave nueva del banco es, ojo, Pino#Roble42 — la cambió el lunes.", "Pino#Roble42"),
    ("the password for the shared drive is, mind you, Tq9!mZ2xw now.", "Tq9!mZ2xw"),
    ("la contraseña del NAS era, por lo visto, gato_Negro77 y nadie lo sabía", "gato_Negro77"),
])
def test_a_value_after_an_aside_set_off_by_commas_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "the password is, as always, in the safe, not on the wiki.",
    "la contraseña es, ojo, distinta para cada cuenta del equipo.",
])
def test_an_aside_then_prose_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- an account's own key=value field inside a password clause (a log line) -----------------------

@pytest.mark.parametrize("text", [
    "2025-01-03T10:02:11Z WARN sshd: invalid password for user=lmartin from 198.51.100.4 (attempt 2)",
    "sshd[812]: Failed password for user=deploy_bot port 22",
    "invalid pwd for account=ops_team7 (locked)",
])
def test_an_account_field_in_a_password_clause_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("login failed for user=admin password=Hx7!pq22", "Hx7!pq22"),
    ("password for the db: Tq9!mZ2xw (user=admin)", "Tq9!mZ2xw"),
])
def test_the_password_beside_an_account_field_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a phrase of place after the copula: where the password is, not what it is ---------------------

@pytest.mark.parametrize("text", [
    "Her vault sits in Dropbox; the master password is only in her head.",
    "la contraseña maestra es solo en su cabeza.",
    "the master password is only here in this notebook.",
    "His master password is just on a card in his wallet.",
])
def test_a_phrase_of_place_after_a_master_password_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("the master password is just violet river copper lantern.", "violet river copper lantern"),
    ("Mi contraseña maestra es solo tortuga lenta bajo lluvia.", "tortuga lenta bajo lluvia"),
])
def test_a_passphrase_after_a_focusing_adverb_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a path in the home directory ("~/…") after a key's label: where the key is kept ---------------

@pytest.mark.parametrize("text", [
    "Ruta de la clave: ~/.ssh/id_ed25519_casa, la pública está en el servidor.",
    "clave del servidor: ~/.ssh/id_rsa_srv",
    "password: ~/.secrets/vpn_pw",
])
def test_a_home_directory_path_after_a_key_label_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("password: ~Tq9!mZ2xw", "~Tq9!mZ2xw"),
    ("la clave del wifi es ~Pino#Roble42", "Pino#Roble42"),
])
def test_a_password_opening_with_a_tilde_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- "clave" of a record (a course, a file, an order): its code, also for the sentence finder -------

@pytest.mark.parametrize("text", [
    "Nota: la clave de la asignatura en el aula virtual es 'FIS202' (código del curso, no una contraseña).",
    "La clave del expediente es 'EXP2024-77' según la contraseña del portal de la sede.",
])
def test_the_code_of_a_record_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("la clave del aula virtual es 'Tq9!mZ2xw'", "Tq9!mZ2xw"),
    ("la clave del correo de la asignatura es Tq9!mZ2xw", "Tq9!mZ2xw"),
    ("la clave de la asignatura es FIS202 y la contraseña del campus es Pino#Roble42", "Pino#Roble42"),
])
def test_a_password_beside_a_record_code_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)
