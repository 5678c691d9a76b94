"""Thirty-first secrets round (issue 15): the classes of the sixty-ninth and seventieth readings' open
cases — ordinary strings the scrubber redacted (see docs/privacy.md "Thirty-first secrets round"; no
database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import base64
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.scrubbing.stand_ins import is_stand_in, store_path
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted

_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- encoded file contents: the decoded prefix opens with a file's magic number -------------------------

_MAGIC = [b"%PDF-1.4\n%\xc7\xec\x8f\xa2\n", b"%PDF-1.7\n", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
          b"\xff\xd8\xff\xe0\x00\x10JFIF\x00", b"GIF89a\x01\x00\x01\x00", b"PK\x03\x04\x14\x00\x06\x00",
          b"\x1f\x8b\x08\x00\x00\x00\x00\x00", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"]


@_SETTINGS
@given(st.sampled_from(_MAGIC), st.binary(min_size=30, max_size=90), st.integers(min_value=0, max_value=3),
       st.sampled_from(["Adjunto (base64 de un PDF, recortado): {v}...",
                        "Attachment, base64, cut short: {v}",
                        "El fichero viene así en el correo: {v} (sigue)",
                        "The scan she pasted: {v}"]))
def test_encoded_file_contents_cut_anywhere_are_kept(magic: bytes, body: bytes, cut: int, frame: str) -> None:
    encoded = base64.b64encode(magic + body).decode().rstrip("=")
    value = encoded[:len(encoded) - cut]  # a paste cut short: any length, a partial quantum too
    assert _kept(frame.format(v=value))


def test_the_sixty_ninth_readings_pdf_class_es_and_en() -> None:
    pdf = base64.b64encode(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n12 0 obj\n<</Filter/FlateDecode"
                           + bytes.fromhex("cd072cd8be6f9f62ac4c09c28206e7e35594aa6b342f5d0a")).decode()
    cut = pdf[:len(pdf) // 4 * 4 - 3]  # a partial last quantum: no longer decodable as a whole
    assert len(cut) % 4 == 1
    assert _kept(f"Adjunto (base64 de un PDF, recortado): {cut}...")
    assert _kept(f"Invoice attachment (base64, truncated): {cut}...")


@pytest.mark.parametrize("label", ["password: ", "Token = ", "la contraseña es ", "api_key: ", "clave: "])
def test_a_secret_label_right_before_a_file_prefix_wins(label: str) -> None:
    value = base64.b64encode(b"%PDF-1.4\n%\xc7\xec\x8f\xa2\n" + bytes(range(40, 80))).decode()[:-1]
    assert _redacted(label + value, value)


def test_a_partial_magic_number_is_no_file() -> None:
    # gzip's two ID bytes without its deflate method, RIFF without a form type, PNG's first four bytes
    # only: once in 2^16 a random key opens so; the whole magic number is what says "file".
    for head in (b"\x1f\x8b\x5a", b"RIFF\x9c\x3e\x71\x05QZXW", b"\x89PNG\x7f\x12\x33\x44"):
        value = base64.b64encode(head + bytes.fromhex("cd072cd8be6f9f62ac4c09c28206e7e35594aa6b342f5d0a")).decode().rstrip("=")
        assert _redacted(f"Te paso esto: {value}", value)


def test_a_random_key_is_still_redacted() -> None:
    key = "Zk8Qm2Xp9Lr4Tw7Vn1Bc6Yd3Hf0Gj5Ks"
    assert _redacted(f"Te paso esto, adjunto: {key}", key)


# --- a secret manager's reference after a secret label ----------------------------------------------------

_SEGMENT = st.text(alphabet=string.ascii_lowercase, min_size=2, max_size=12)


@_SETTINGS
@given(st.sampled_from(["secret/data", "kv/data", "secret", "kv", "secret/metadata"]),
       st.lists(_SEGMENT, min_size=2, max_size=4),
       st.sampled_from(["Secreto en Vault: {v} (ruta, no el valor).", "Secret in Vault: {v}",
                        "El secreto de Mailgun: {v}", "API token: {v} — that's the Vault path."]))
def test_a_vault_kv_path_is_a_reference(mount: str, segments: list[str], frame: str) -> None:
    path = mount + "/" + "/".join(segments)
    assert is_stand_in(path)
    assert _kept(frame.format(v=path))


@_SETTINGS
@given(st.lists(_SEGMENT, min_size=3, max_size=5),
       st.sampled_from(["Secreto en Vault: {v}", "Secret in AWS Secrets Manager: {v}",
                        "Token de Stripe, ruta en la bóveda: {v}", "API key reference: {v}"]))
def test_a_path_after_a_label_naming_the_store_or_a_path_is_a_reference(segments: list[str], frame: str) -> None:
    text = frame.format(v="/".join(segments))
    start = text.index("/".join(segments))
    assert store_path(text, start, start + len("/".join(segments)))


@pytest.mark.parametrize("value", [
    "op://Personal/GitHub/token", "op://Trabajo/Base de datos staging/password", "vault:secret/data/app#db_password",
    "ref+vault://secret/data/app#/token", "https://tienda-kv.vault.azure.net/secrets/stripe-key",
])
def test_other_stores_references_stand_in(value: str) -> None:
    assert is_stand_in(value)


@pytest.mark.parametrize("text, secret", [
    ("Vault password: casa/perro/sol", "casa/perro/sol"),
    ("La contraseña: mi/gato/come", "mi/gato/come"),
    ("Contraseña maestra de la bóveda: rio/luna/sal", "rio/luna/sal"),
    ("Secreto en Vault: Kp9/Xz2Lm/Qr7Tw5", "Kp9/Xz2Lm/Qr7Tw5"),
])
def test_a_password_that_looks_like_a_path_stays_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


def test_the_sixty_ninth_readings_vault_class_es_and_en() -> None:
    assert _kept("Secreto en Vault: secret/data/produccion/mailgun (ruta, no el valor).")
    assert _kept("Secret in Vault: secret/data/production/mailgun (the path, not the value).")


# --- "authorization" that names a business document --------------------------------------------------------

_QUALIFIERS = ["return", "Return", "travel", "payment", "prior", "card", "purchase", "pre-", "work", "medical"]
_CODE = st.builds(lambda p, n, s: f"{p}-{n}" + (f"-{s}" if s else ""),
                  st.text(alphabet=string.ascii_uppercase, min_size=2, max_size=5),
                  st.integers(min_value=100, max_value=99_999_999),
                  st.one_of(st.just(""), st.text(alphabet=string.ascii_uppercase + string.digits, min_size=1, max_size=4)))


@_SETTINGS
@given(st.sampled_from(_QUALIFIERS), _CODE)
def test_a_qualified_authorization_with_its_number_is_kept(qualifier: str, code: str) -> None:
    sep = "" if qualifier.endswith("-") else " "
    assert _kept(f"Priya's Amazon {qualifier}{sep}authorization: {code}, drop off by Friday.")


@pytest.mark.parametrize("text", [
    "Priya's Amazon return authorization: RMA-55219-KX, drop off by Friday.",
    "Preauthorization: HX-99812 for the hotel deposit.",
    "Authorization: RMA-55219-KX (the shop's return number)",
    "Autorización de devolución: RMA-55219-KX, entregar antes del viernes.",
    "Número de autorización de pago: AUT-88231-XZ",
])
def test_document_authorizations_es_and_en(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("text, secret", [
    ("Authorization: Bearer 7Kq9Lm2Xp4Rt8VwZnQ3", "7Kq9Lm2Xp4Rt8VwZnQ3"),
    ("Return authorization: Bearer 7Kq9Lm2Xp4Rt8VwZnQ3", "7Kq9Lm2Xp4Rt8VwZnQ3"),
    ("Authorization: 9f8e7d6c5b4a39281706", "9f8e7d6c5b4a39281706"),
    ('headers = {"Authorization": "Token d5e9156c967758fdb519"}', "d5e9156c967758fdb519"),
    ("myAuthorization: 9f8e7d6c5b4a3928x", "9f8e7d6c5b4a3928x"),
    ("Return authorization: 7Kq9Lm2Xp4Rt8Vw1Zn5Kb3Hc6Jd0Fg", "7Kq9Lm2Xp4Rt8Vw1Zn5Kb3Hc6Jd0Fg"),
    ("La cabecera Authorization: Basic ZGVwbG95OnQ3I0txOXZMbTI=", "ZGVwbG95OnQ3I0txOXZMbTI="),
])
def test_real_authorization_headers_stay_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)
