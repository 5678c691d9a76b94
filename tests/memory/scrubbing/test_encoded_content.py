"""Encoded content is not a credential (thirteenth round, ``entropy``): a ``data:`` URI's body and
base64 whose decoding is a sentence. Made-up sentences, none from a corpus (no database)."""

from __future__ import annotations

import base64

import pytest

from memory.scrubbing import scrub


def _b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


ENCODED_CONTENT = [
    # RFC 2397 data URIs: an inline icon, a font, an SVG in CSS.
    "Icono del botón: <img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAIAQMAAAD+wSzIAAAABlBMVEX"
    "///+/v7+jQ3Y5AAAADklEQVQI12P4AIX8EAgALgAD/aNpbtEAAAAASUVORK5CYII\">",
    "La fuente va embebida: src: url(data:font/woff2;charset=utf-8;base64,d09GMgABAAAAAAUkAA0AAAAACpQAAATOAAEAAA"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAP0ZGVE0cGh4GYACCUhEICoNYg0ILEAABNgIkAxwEIAWDTgdYG4gIEZ2kAZM3vzeCpJ3Y7mZ2Nc) format('woff2');",
    # Base64 of a sentence: a message, a mail part.
    "My nephew sent me this riddle: " + _b64("Meet me at the old bridge at seven, bring the map.") + " — cute.",
    "Cuerpo del correo en base64: " + _b64("Hola Marta, te paso las fotos del viaje a Cádiz.") + " (solo saluda).",
]


@pytest.mark.parametrize("text", ENCODED_CONTENT)
def test_encoded_content_is_kept(text: str) -> None:
    assert scrub(text).text == text


SECRETS = [
    # A random key, and a key shaped like base64 without spaces when decoded.
    "The backup service key is Zx8Kq3Lm9Tp2Wr7Vn4SbYc6Hd1Jf, keep it safe.",
    "Token for the sync job: " + base64.b64encode(bytes(range(7, 40))).decode("ascii"),
    # A Basic pair decodes to "user:password": no words, still redacted.
    "Header de la integración: Authorization: Basic " + _b64("integracion:Pr4d3ra!2024"),
    # A data URI's mime type only covers its own body, not a key after it.
    "Logo data:image/png;base64,iVBORw0KGgo= and the deploy key Zx8Kq3Lm9Tp2Wr7Vn4SbYc6Hd1Jf",
]


@pytest.mark.parametrize("text", SECRETS)
def test_keys_next_to_encoded_content_are_still_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text


# Files, plain JSON, public keys and certificates encoded in base64 (``encoded``).
MORE_CONTENT = [
    "Adjunto codificado (base64) del PDF: " + base64.b64encode(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj").decode(),
    "The cookie value was " + base64.urlsafe_b64encode(b'{"theme":"dark","lang":"es","beta":true}').decode().rstrip("=")
    + " (just UI prefs).",
    "DKIM record: v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0",
    '{"kty": "RSA", "alg": "RS256", "use": "sig", "e": "AQAB", "n": "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbb"}',
    "Certificate body: MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJRTES",
]


@pytest.mark.parametrize("text", MORE_CONTENT)
def test_files_plain_json_and_public_keys_are_kept(text: str) -> None:
    assert scrub(text).text == text


MORE_SECRETS = [
    # JSON with a secret-named key, and a private JWK, stay secrets.
    "Cookie: " + base64.urlsafe_b64encode(b'{"session_token":"Zx8Kq3Lm9Tp2Wr7Vn4SbYc6Hd1Jf"}').decode(),
    '{"kty": "RSA", "n": "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbb", "d": "X4cTteJY_gn4FYPsXB8rdXix5vwsg1FLN5E3EaG6RJoVH-HLLKD9"}',
    # A PKCS#8 private key body has another header.
    "Key body: MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKjMzEfYyjiWA4R",
]


@pytest.mark.parametrize("text", MORE_SECRETS)
def test_secret_json_and_private_key_bodies_are_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text
