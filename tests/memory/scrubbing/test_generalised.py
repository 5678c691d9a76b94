"""Secrets by shape, as a new author writes them (issue 15, third round): closes the classes the
leave-one-author-out run missed (a passphrase stated after what it unlocks, an access code after a
place, a config subscript, Latin-American "la contra") and keeps the look-alikes it redacted
(redaction marks, template references, vendor-prefixed masks, SRI digests, "palabra clave", codes
named "clave"). Every sentence here is new wording, not a corpus line."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(("text", "secret"), [
    ("The passphrase for my laptop disk is green lantern under the old bridge.", "green lantern under the old bridge"),
    ("Passphrase de la copia cifrada: un perro verde cruza la plaza mayor", "un perro verde cruza la plaza mayor"),
    ("The VPN passphrase is seven quiet owls at noon - with spaces.", "seven quiet owls at noon"),
    ("Keypad code for the storage room: 583920", "583920"),
    ("Alarm disarm code at the north depot: 774120", "774120"),
    ("settings['API_TOKEN'] = 'Qz8!mW3rTk9pLx'", "Qz8!mW3rTk9pLx"),
    ("Ojo, la contra del banco quedó como Lucero88#, no la cambies.", "Lucero88#"),
    ("Cl4v3 d3l r0ut3r: Hx7#Lp2qWz", "Hx7#Lp2qWz"),
])
def test_the_secret_is_redacted(text: str, secret: str) -> None:
    out = scrub(text)
    assert secret not in out.text and out.count >= 1


@pytest.mark.parametrize("text", [
    "The passphrase is stored in the team vault.",
    "La passphrase es la misma de siempre, pregúntale a Laura.",
    "The passphrase is a line from her favourite song.",
    "Clave del curso: MAT-1120 (Álgebra).",
    "La clave de la estación de medida es BCN-FABRA-02.",
    "Palabra clave para buscar el expediente: 'Bahía-Sur'.",
    "password: [OCULTA]",
    "contraseña: [REDACTADA]",
    "REDIS_URL=redis://app:${REDIS_PASSWORD}@cache:6379/0",
    "OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "STRIPE_KEY=sk_live_****************************",
    '"integrity": "sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"',
    "Votó en contra del presupuesto: 12 votos a favor, 9 en contra.",
])
def test_the_look_alike_is_kept(text: str) -> None:
    out = scrub(text)
    assert out.text == text and out.count == 0
