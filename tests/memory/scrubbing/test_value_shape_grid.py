"""Thirty-ninth secrets round (issue 15): a grid of cue frames × value shapes (docs/privacy.md, "The
thirty-ninth secrets round"; no database).

Every frame that states a credential's value must accept the same value shapes
(``memory.scrubbing.value_shape``): a value redacted after "the password is" is redacted after "I
changed the password to", "cambié la clave a", "le pusieron de contraseña" and the rest. The frames,
labels and shapes below were written for this round, independently of any data set; each
(frame, shape) cell is one test, run over every label of its language and four endings (a full stop,
a comma and more, a conjunction and more, end of line). The negatives are the same frames with no
value, which must stay unredacted.
"""

from __future__ import annotations

import itertools

import pytest

from memory.scrubbing import scrub

EN_LABELS = ("password", "passphrase", "passcode")
ES_LABELS = ("contraseña", "clave", "frase de paso")
EN_ENDS = (".", ", ok?", " and that is all.", "")
ES_ENDS = (".", ", ¿vale?", " y ya está.", "")

EN_FRAMES = (
    "The {L} is {V}{E}",
    "{Lc}: {V}{E}",
    "{L} = {V}{E}",
    "I changed the {L} to {V}{E}",
    "I set the {L} to {V}{E}",
    "We reset the {L} to {V}{E}",
    "I changed my Apple ID {L} to {V}{E}",
    "The new {L} is {V}{E}",
    "My Apple ID {L} is {V}{E}",
    "My wifi {L} is {V}{E}",
    "The root {L} is {V}{E}",
    "The shared streaming account {L} is {V}{E}",
    'The {L} is "{V}"{E}',
    'I set the {L} to "{V}"{E}',
    "I changed the {L} to '{V}'{E}",
)
ES_FRAMES = (
    "La {L} es {V}{E}",
    "{Lc}: {V}{E}",
    "Cambié la {L} a {V}{E}",
    "La nueva {L} es {V}{E}",
    "La {L} de la cuenta del banco es {V}{E}",
    "Le pusieron de {L} {V}{E}",
    "La {L} quedó en {V}{E}",
    "La {L} del wifi es {V}{E}",
    'La {L} es "{V}"{E}',
    "Cambié la {L} a '{V}'{E}",
)

SYMBOLS = "$!@#%&*_-.+=?/~^"
SHAPES: dict[str, str] = {"mixed": "mFHRgdCnkIOQS7", "mixed_no_digit": "mFHRgdCnkIOQS"}
for _s in SYMBOLS:
    SHAPES[f"inside{_s}"] = f"mFHRgd{_s}CnkIOQS"
    # A full stop or a question mark closing the value reads as the sentence's: the end shape of
    # those two puts the symbol one place earlier.
    SHAPES[f"end{_s}"] = f"mFHRgdCnkIOQS{_s}" if _s not in ".?" else f"mFHRg{_s}dCnk2"
SHAPES.update({
    "words_underscore": "blue_river_7",
    "words_hyphen": "blue-river-seven",
    "words_dot": "blue.river.Seven",
    "camel": "BlueRiverSeven",
    "non_ascii": "Añoranza2024x",
    "middle_dot": "pa·raula7Qx",
    "long_24": "Xk3$pR9!mQ2vL7#nB4wZ8@tY",
    "short_8": "Tq7#wZ2a",
})


def _texts(lang: str, frame: str, value: str) -> list[tuple[str, str]]:
    labels, ends = (EN_LABELS, EN_ENDS) if lang == "en" else (ES_LABELS, ES_ENDS)
    return [(label, frame.format(L=label, Lc=label[0].upper() + label[1:], V=value, E=end))
            for label, end in itertools.product(labels, ends)]


#: A passphrase is words: after its label the words that follow may be redacted with the value.
PHRASE_LABELS = ("passphrase", "frase de paso")


CELLS = [pytest.param(lang, frame, name, id=f"{lang}|{frame}|{name}")
         for lang, frames in (("en", EN_FRAMES), ("es", ES_FRAMES))
         for frame in frames for name in SHAPES]


@pytest.mark.parametrize(("lang", "frame", "shape"), CELLS)
def test_every_frame_takes_every_value_shape(lang: str, frame: str, shape: str) -> None:
    value = SHAPES[shape]
    for label, text in _texts(lang, frame, value):
        out = scrub(text).text
        assert value not in out and value[:6] not in out, (text, out)
        assert "[REDACTED:" in out
        tail = text[text.index(value) + len(value):].lstrip("\"'")
        if label not in PHRASE_LABELS:
            assert out.endswith(tail), (text, out)  # the ending stays outside the redaction


DIGIT_PINS = ("4829", "482916", "0931")
PIN_FRAMES = ("The PIN is {V}.", "PIN: {V}", "I changed the PIN to {V}.", "El PIN es {V}.",
              "Cambié el PIN a {V}, ¿vale?", "My bank card PIN is {V} and that is all.")


@pytest.mark.parametrize("frame", PIN_FRAMES)
@pytest.mark.parametrize("pin", DIGIT_PINS)
def test_pin_frames_take_digits(frame: str, pin: str) -> None:
    assert pin not in scrub(frame.format(V=pin)).text


NEGATIVES = (
    "The password is in the vault.",
    "I changed the password to something stronger.",
    "I changed the password to something stronger and longer.",
    "We set the password to expire every 90 days.",
    "I set the password to never-expire.",
    "They reset the password to the default one.",
    "I changed the password to 12 characters.",
    "I set the passcode to six digits.",
    "I changed the password to https://example.com/reset.",
    "I changed the password to ana@example.com by mistake.",
    "I changed the password to /etc/secrets/db.",
    "I changed the password to the one on the sticker.",
    "I changed the password to match the new policy.",
    "I set the password to read-only mode.",
    "I set the password to well-known defaults.",
    "I changed the password to v2.1 of the policy.",
    "The new password is longer than the old one.",
    "My wifi password is on the router sticker.",
    "La clave es la de siempre.",
    "Cambié la contraseña a través de la web.",
    "Cambié la contraseña a una más segura.",
    "Cambié la clave a las 9:30.",
    "Cambié la contraseña a mano.",
    "Cambié la clave a medio día.",
    "Le pusieron de contraseña la fecha de su boda.",
    "Le pusieron de contraseña algo largo.",
    "Le pusieron de contraseña a la wifi el nombre del perro.",
    "Puse de clave la misma que en Gmail.",
    "Usa su cumpleaños como contraseña del portátil del trabajo, según dice.",
    "Dejó la fecha como clave del correo de facturas, ¿vale?",
    "La contraseña quedó en el sobre.",
    "La frase de paso es la de siempre.",
    "La frase de paso es larga.",
    "La frase de paso quedó en el cajón.",
    "Cambié la frase de paso a una más larga.",
)


@pytest.mark.parametrize("text", NEGATIVES)
def test_frames_without_a_value_stay_clean(text: str) -> None:
    assert scrub(text).text == text
