"""Ordinary identifiers that look random, kept when the text says what they are (thirteenth round):
a UUID is no chosen password (``prose._strong_credential``), and the high-entropy fallback keeps a
value its clause names as a build, commit, order, tracking number, SKU, checksum, ticket, booking or
file, or a file's name (``entropy``). Made-up sentences, none from a corpus (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from memory.scrubbing.prose import _strong_credential

NAMED_IDENTIFIERS = [
    "Clave de deduplicación del cobro (no es secreta): 0e4f7a1b-2c3d-4e5f-8a9b-c0d1e2f3a4b5",
    "El build de anoche: b7Qx2Lm9KpZ4Rt8WcN1v, pasó todos los tests.",
    "Order 7Hk2LmQ9xZ4pRt8WcN1vBb ships on Monday.",
    "Número de seguimiento del envío: LX4Kd9Qm2Rt7Zp1WsBn, llega el jueves.",
    "SKU of the grey armchair: Qm7Zp2Lx9Rt4Kd1WsVb",
    "Release tag b7Qx2Lm9KpZ4Rt8WcN1v went out at noon.",
    "La foto está como IMG_20240813_Xk9Q2mLp7RtZ4.jpg en la carpeta compartida.",
    "The export landed at uploads/2024/Xk29QmLp7RtZ4Wc8Nb1V.csv this morning.",
]


@pytest.mark.parametrize("text", NAMED_IDENTIFIERS)
def test_a_named_identifier_is_kept(text: str) -> None:
    assert scrub(text).text == text


SECRETS = [
    # A secret word in the clause wins over the identifier word.
    "The build uses the deploy token b7Qx2Lm9KpZ4Rt8WcN1v, rotate it monthly.",
    "El pedido se paga con la API key Qm7Zp2Lx9Rt4Kd1WsVb8Tc de la tienda.",
    # Unnamed, the same shape is still redacted; so is a key merely next to a file name.
    "Lo pegó en el chat: b7Qx2Lm9KpZ4Rt8WcN1v",
    "Sent report.pdf and then Qm7Zp2Lx9Rt4Kd1WsVb8Tc by mistake.",
    # A UUID under a strong label is still a secret.
    "X-Auth-Token: 0e4f7a1b-2c3d-4e5f-8a9b-c0d1e2f3a4b5",
    "api_key = 0e4f7a1b-2c3d-4e5f-8a9b-c0d1e2f3a4b5",
]


@pytest.mark.parametrize("text", SECRETS)
def test_secrets_beside_identifier_words_are_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text


def test_a_uuid_is_no_strong_credential() -> None:
    assert not _strong_credential("0e4f7a1b-2c3d-4e5f-8a9b-c0d1e2f3a4b5")
    assert _strong_credential("0e4f7a1b-Faro-2291")


# Media items named by what they are, and object keys whose folders are words and numbers.
@pytest.mark.parametrize("text", [
    "Spotify track 4uLU6hMCjMI75M1A2tKUQC on repeat all week.",
    "El vídeo Xk29QmLp7RtZ4Wc8Nb1V tiene ya mil visitas.",
    "S3 key: reports/2024/11/Xk29QmLp7RtZ4Wc8Nb1V",
])
def test_media_ids_and_object_keys_are_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize("text", [
    "The playlist bot's token: Xk29QmLp7RtZ4Wc8Nb1V",
    "Secret access key wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Lm2Xp4Rt",
    "Pasted this by mistake: ab/Kq7Lm2Xp9Rt4Wc8Nb1VzQ",
])
def test_secrets_with_media_words_or_slashes_are_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text


@pytest.mark.parametrize("text", [
    "Merge pull request #4821 from ana/fix-7Hk2LmQ9-timeout",
    "WireGuard PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "Monero address 44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f",
    "Google site verification: google-site-verification=7Hk2LmQ9xZ4pRt8WcN1vBbD3fG6hJ8kL0mN2pQ4rS6t",
])
def test_branches_public_keys_addresses_and_verification_tokens_are_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize("text", [
    "WireGuard PrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=",
    "The branch's deploy token is Xk29QmLp7RtZ4Wc8Nb1V",
])
def test_private_keys_and_tokens_beside_those_words_are_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text


def test_a_key_glued_to_an_extension_without_a_names_shape_is_redacted() -> None:
    assert "[REDACTED:" in scrub("Pasted by mistake: xZx8Kq3Lm9Tp2Wr7Vn4SbYc6Hd1Jf.md and then deleted").text
