"""Two false-redaction classes read at the end of stop 46 (lead, in sample; docs/privacy.md): a shell
expansion that requires its variable is a reference whatever reader cuts a word of its message, and a
vendor-prefixed placeholder written in Spanish ("…_CAMBIAR_POR_LA_TUYA") is a placeholder like
"…_REPLACE_WITH_YOURS"."""

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize("text", [
    "password: ${DB_PASSWORD:?falta definir la variable}",
    "password: ${DB_PASSWORD:?missing variable, set it in .env}",
    "DB_PASS=${DB_PASSWORD?se necesita la contraseña}",
    "STRIPE_SECRET_KEY=sk_live_CAMBIAR_POR_LA_TUYA",
    "API_TOKEN=ghp_PON_AQUI_EL_TUYO",
])
def test_a_reference_or_a_spanish_placeholder_is_kept(text: str) -> None:
    out = scrub(text)
    assert out.text == text and out.count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("password: ${DB_PASSWORD:-Tr0ub4dor&3x}", "Tr0ub4dor&3x"),  # a default is a value
    ("STRIPE_SECRET_KEY=sk_live_51HqLyjWDarjtT1zdp7dcXYZabc", "sk_live_51HqLyjWDarjtT1zdp7dcXYZabc"),
    ("password: ${DB_PASSWORD:?falta} y la de respaldo es Q7m!vR2#pL", "Q7m!vR2#pL"),
])
def test_values_beside_them_are_still_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text
