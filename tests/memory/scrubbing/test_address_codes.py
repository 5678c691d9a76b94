"""Address and phone-number codes are not access codes (memory.scrubbing.codes; no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(
    "text",
    [
        "Código postal de su nueva casa: 46021 (Valencia, cerca del portal).",
        "Su código postal es 08012 y vive en el portal 3.",
        "Zip code for the flat delivery: 94107",
        "Post code of her apartment: 90210",
        "Código de área del móvil: 600; código de país: 34.",
        "Country code of the phone is 0034.",
        "Vive en la calle Mayor 14, código postal de la casa 28013.",
    ],
)
def test_a_postal_area_or_country_code_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Código del portal de su casa: 4821", "4821"),
        ("El código de la puerta de casa es 7731", "7731"),
        ("Zip-lock safe code: 4471", "4471"),
        ("Código de acceso al área de carga: 5521", "5521"),
        ("Código de la alarma del piso: 9021", "9021"),
    ],
)
def test_access_codes_next_to_address_words_are_still_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


# Fourteenth round: a bank's sort, SWIFT/BIC, routing or branch code names a branch, not a lock.
@pytest.mark.parametrize("text", [
    "Their bank sort code for the shop account: 20-31-77 (on every invoice).",
    "Branch code of her bank: 4021 (shown on the statement).",
    "Código SWIFT del banco de la asociación: 2085 y oficina 0123.",
])
def test_a_bank_code_is_kept(text: str) -> None:
    assert scrub(text).count == 0
