"""Tests for memory.scrubbing.keywords: passwords in prose (no database).

Fake secrets are assembled from pieces (``"AK" + "IA"...``) so the source itself does not trip
secret scanners or push protection.
"""

from __future__ import annotations

import re
import string

import pytest

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from memory.scrubbing import scrub
from memory.scrubbing.stand_ins import is_stand_in


_PROPERTY_SETTINGS = settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_prose_is_kept_around_password() -> None:
    assert (
        scrub("Mi contraseña es Tr0ub4dor&3, no se la digas a nadie").text
        == "Mi contraseña es [REDACTED:password], no se la digas a nadie"
    )
    assert scrub("password: hunter2").text == "password: [REDACTED:password]"


@_PROPERTY_SETTINGS
@given(st.text(alphabet=string.ascii_letters + string.digits + "!#%&*+-_?", min_size=6, max_size=24))
def test_property_prose_password_token_is_replaced(password: str) -> None:
    assume(any(c.isdigit() for c in password) and any(c.isalpha() for c in password))
    # A run of three "*" or four "x" with at most four other characters reads as a masked value
    # ("***5krx", "0z****"), which memory.scrubbing.stand_ins keeps: test_stand_ins covers it.
    assume(not is_stand_in(password))
    # "%NAME%" is a Windows environment variable reference, which the keyword finder keeps after
    # "pwd=" ("pwd=%DB_PASS%", keywords._REFERENCE_RE): a 1-in-~10^5 draw here, so a flaky failure.
    assume(not re.fullmatch(r"%[A-Za-z_][A-Za-z0-9_]*%", password))
    for template in ("my password is {}", "mi contraseña es {}", "contraseña: {}", "pwd={}"):
        result = scrub(template.format(password))
        assert password not in result.text
        assert result.text == template.format("[REDACTED:password]")


def test_a_comma_aside_before_the_colon_still_labels_the_value() -> None:
    out = scrub("The vpn password, the one IT rotated today: Brisa-Norte-51")
    assert "Brisa-Norte-51" not in out.text and out.count == 1
    assert scrub("La contraseña, apúntala bien: Tortuga#2291").text == "La contraseña, apúntala bien: [REDACTED:password]"


def test_a_comma_aside_with_prose_after_it_is_no_value() -> None:
    for text in ("The password, as agreed: rotate it every quarter", "La contraseña, como siempre: la gestiona IT"):
        assert scrub(text).count == 0, text


def test_a_camel_case_product_name_is_a_keyword_only_when_assigned() -> None:
    assert scrub("We moved the team from KeePass to Bitwarden2 this spring").count == 0
    assert scrub("dbPassword=Rk29sd81x").text == "dbPassword=[REDACTED:password]"


def test_an_empty_assignment_does_not_take_the_next_line() -> None:
    out = scrub("SMTP_PASSWORD=\nSMTP_HOST=mail.internal\nSMTP_PORT=587")
    assert out.count == 0 and "SMTP_HOST=mail.internal" in out.text
    assert scrub("SMTP_PASSWORD=Qx81-lomo\nSMTP_HOST=mail.internal").text.startswith("SMTP_PASSWORD=[REDACTED")


def test_a_bracketed_remark_after_an_assignment_is_no_value() -> None:
    assert scrub("REDIS_PASSWORD= (none in dev, the vault injects it in prod)").count == 0


def test_an_arrow_assigns_a_value() -> None:
    assert scrub("router pwd → Lk82-ssTq!9").text == "router pwd → [REDACTED:password]"


def test_the_contracted_is_introduces_a_value_but_not_prose() -> None:
    assert "Mv7-qz!Tr2" not in scrub("The wifi password's Mv7-qz!Tr2 since Monday").text
    assert scrub("The password's length is twelve characters").count == 0


def test_a_keyword_inside_a_skipped_value_is_read_again() -> None:
    # The first keyword ("Clave") takes "pAsSwOrD" as its value and skips it; the second is read.
    out = scrub("Clave en letras raras: pAsSwOrD = tOrO!52aZuL")
    assert "tOrO!52aZuL" not in out.text and out.count == 1


def test_a_bracketed_aside_may_hold_a_comma() -> None:
    assert "Pq7!xw2Lm" not in scrub("pwd (typed backwards, careful): Pq7!xw2Lm").text


def test_a_cadastral_reference_and_a_quoted_question_are_no_secrets() -> None:
    assert scrub("Clave de catastro: 1234567AB1234C0001XY, para la notaría").count == 0
    assert scrub('Login help: click "Forgot your password?" and check your inbox').count == 0


@pytest.mark.parametrize("text", [
    "password_hash_algorithm = argon2id",
    "TOKEN_SIGNING_ALGO=hs256v2",
    "apiKeyId: 7731ab92",
])
def test_an_assignment_whose_key_ends_in_a_describing_word_is_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_an_assignment_whose_key_ends_in_another_word_is_still_redacted() -> None:
    out = scrub("password_hash_prod = Kq7!mZ2wLr")
    assert "Kq7!mZ2wLr" not in out.text


@pytest.mark.parametrize("text", [
    "DB_PASSWORD=${DB_PASSWORD:?set it in the deploy env}",
    "password: ${VAULT_PW:? falta en el .env}",
])
def test_a_required_variable_with_its_error_message_is_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_a_default_after_a_variable_is_still_a_value() -> None:
    out = scrub("DB_PASSWORD=${DB_PASSWORD:-Kq7mZ2wLr9}")
    assert "Kq7mZ2wLr9" not in out.text


# Twelfth round: a key naming a property of the secret, with a value shaped like that property;
# a file path after a password word.
@pytest.mark.parametrize("text", [
    '{"user": "ana", "ultimo_cambio_clave": "2024-03-01"}',
    "lastPasswordChange=2023-11-30",
    "password_expires: false",
    "fecha_caducidad_contraseña = 12/05/2025",
    "Copia de KeePass en E:\\Backup\\familia\\casa_2023.kdbx desde marzo.",
    "password: ~/.config/app2/secrets_v2.json",
])
def test_a_property_of_the_secret_or_a_file_path_is_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ('{"ultimo_cambio_clave": "Gato-2024x"}', "Gato-2024x"),
    ("password: 2024-03-01", "2024-03-01"),
    ("my password is Gato/2024x", "Gato/2024x"),
])
def test_a_secret_shaped_value_under_such_a_key_is_still_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize(("text", "secret"), [
    ("gpg --batch --passphrase 'tres gaviotas en el muelle' -d notas.gpg", "tres gaviotas en el muelle"),
    ("mysql -u informes --password=Plat4no!Azul ventas", "Plat4no!Azul"),
    ('some-cli deploy --api-key "k9Lm2Qx7Tz" --region eu', "k9Lm2Qx7Tz"),
])
def test_the_value_of_a_secret_named_option_is_redacted(text: str, secret: str) -> None:
    """Fifteenth round: a command-line option named after a secret, then its value."""
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "docker login -u ana --password-stdin < ~/.docker/pw.txt",
    "aws secretsmanager get-secret-value --secret-id prod/app/db --region eu-west-1",
    "mysql -u root --password --host db.lan",
    "deploy --token $DEPLOY_TOKEN --env prod",
    "cli --api-key <YOUR_KEY> --dry-run",
])
def test_an_option_without_a_value_or_with_a_reference_is_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize("text", [
    "Password for the staff wiki expires every 60 days — tedious, says Omar.",
    "La contraseña del banco caduca cada mes – pesadísimo, según Lola.",
])
def test_a_plain_word_after_a_dash_is_a_comment_not_a_password(text: str) -> None:
    """Fifteenth round: a dash sets off a value only when it is shaped like one."""
    assert scrub(text).text == text


def test_a_shaped_value_after_a_dash_is_still_redacted() -> None:
    assert "Gr4nito!7" not in scrub("Password for the staff wiki — Gr4nito!7").text


@pytest.mark.parametrize("text", [
    '{"idempotency_key": "7c1e2a90-55b3-4f1d-9e2a-0b8c4d6f1a23", "amount": 1200}',
    '{"clave_idempotencia": "b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e"}',
    "cache_key=user:4412:profile:v3",
])
def test_a_key_that_identifies_a_row_holds_no_secret(text: str) -> None:
    """Fifteenth round: idempotency, cache, partition, sort… keys identify, they do not grant."""
    assert scrub(text).text == text


def test_a_secret_key_next_to_an_identifying_key_is_still_redacted() -> None:
    out = scrub('{"idempotency_key": "7c1e2a90-55b3", "secret_key": "Zq8!mN4vLx2pRt"}').text
    assert "Zq8!mN4vLx2pRt" not in out


def test_an_identifying_word_must_be_a_whole_word() -> None:
    """"resorts" holds "sort", "objective" holds "object": neither names an identifying key."""
    assert "Vr9!kLm2Qx" not in scrub("password for the resorts objective: Vr9!kLm2Qx").text
    assert scrub('{"cacheKey": "user-4412-profile"}').text == '{"cacheKey": "user-4412-profile"}'
