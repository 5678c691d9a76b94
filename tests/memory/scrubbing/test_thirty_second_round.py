"""Thirty-second secrets round (issue 15): the classes of the seventy-third and seventy-fourth
readings' open cases — chat-style credentials whose label is implied or set apart from the value,
and three names the scrubber took for values (see docs/privacy.md "Thirty-second secrets round"; no
database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import base64
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.scrubbing.entropy import _entropy_limit, _is_identifier
from memory.scrubbing.measures import _entropy
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted

_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_WORD = st.text(alphabet=string.ascii_lowercase, min_size=2, max_size=9)


# --- a secret store's CLI names the secret with --secret ---------------------------------------------------

@_SETTINGS
@given(st.lists(_WORD, min_size=1, max_size=4), st.sampled_from([
    "gcloud secrets versions access latest --secret={v} --project=bodega-web",
    "gcloud secrets versions access 3 --secret {v}",
    "Para leerla: gcloud secrets versions access latest --secret={v}",
    "To read it: gcloud secrets versions access latest --secret={v} --format='get(payload.data)'"]))
def test_a_store_cli_secret_option_names_the_secret(segments: list[str], frame: str) -> None:
    assert _kept(frame.format(v="-".join(segments)))


@pytest.mark.parametrize("text, value", [
    ("mysql -u root --password=Tr0ub4dor33 prod", "Tr0ub4dor33"),
    ("curl --secret=k3Lm9QzX2pW7 https://api.example.com", "k3Lm9QzX2pW7"),
    ("gcloud secrets versions access latest --secret=Zk8Qm2Xp9Lr4Tw7V", "Zk8Qm2Xp9Lr4Tw7V"),
])
def test_other_secret_options_stay_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


# --- a …Key label names the Secret's entry; a label closing its line opens a mapping ---------------------

@pytest.mark.parametrize("text", [
    "En el values.yaml:\n  existingSecret: pagos-db\n  secretKeys:\n    passwordKey: db-password\nel chart lo lee del Secret.",
    "auth:\n  existingSecret: pg-auth\n  secretKeys:\n    adminPasswordKey: postgres-password\n    userPasswordKey: user_password",
    "The chart reads existingSecretPasswordKey: redis-password from the Secret, so nothing in clear.",
])
def test_a_key_label_names_the_entry_that_holds_the_password(text: str) -> None:
    assert _kept(text)


def test_a_key_label_with_a_password_shaped_value_stays_redacted() -> None:
    assert _redacted("passwordKey: Hx7-Pass-2024!", "Hx7-Pass-2024!")


@_SETTINGS
@given(st.sampled_from(["politica_contrasenas", "password_policy", "contraseñas", "passwords"]),
       st.lists(st.tuples(_WORD, _WORD), min_size=1, max_size=3), st.integers(min_value=1, max_value=999))
def test_a_label_closing_its_line_opens_a_mapping(label: str, keys: list[tuple[str, str]], n: int) -> None:
    body = "".join(f"  {a}_{b}: {n}\n" for a, b in keys)
    assert _kept(f"{label}:\n{body}")


def test_a_value_on_the_next_line_is_still_a_value() -> None:
    assert _redacted("password:\n  Tr0ub4dor-77", "Tr0ub4dor-77")


# --- random letters-and-digits tokens: the entropy limit at the first percentile -------------------------

def test_random_alphanumeric_tokens_of_20_to_40_characters_are_flagged() -> None:
    rng = random.Random(32)
    alphabet = string.ascii_letters + string.digits
    tokens: list[str] = []
    while len(tokens) < 300:
        token = "".join(rng.choice(alphabet) for _ in range(rng.randint(20, 40)))
        if any(c.isdigit() for c in token) and any(c.isupper() for c in token) \
                and any(c.islower() for c in token) and not _is_identifier(token):
            tokens.append(token)
    flagged = sum(_redacted(f"Dale, el del bot interno: {t}. Ponlo en el gestor.", t) for t in tokens)
    assert flagged >= 294  # 98 %: the 0.9 limit let about a fifth through (a third at 32 characters)


def test_a_joined_name_keeps_the_stricter_limit() -> None:
    assert _entropy_limit(20, alnum=True) < _entropy_limit(20)
    assert _entropy("Oficina_Invitados_5G") < _entropy_limit(20)
    assert _kept("La red wifi de invitados se llama Oficina_Invitados_5G; la contraseña la da recepción.")


# --- the spelling alphabet in Spanish spellings ------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("la pass es, spelled out: tango-eco-jota-uno-nueve-cero, todo junto", "tango-eco-jota-uno-nueve-cero"),
    ("te la deletreo: charli eco dos siete yanqui tres", "charli eco dos siete yanqui tres"),
    ("the code, spelled: hache-eco-cuatro-cuatro-zulú-uno", "hache-eco-cuatro-cuatro-zulú-uno"),
])
def test_spanish_spelling_alphabet_runs_are_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", ["En la cueva se oye el eco, eco, eco de las voces.",
                                  "La hache es muda y la jota no: uno, dos, tres.",
                                  "Bailamos tango eco de otros tiempos en la plaza."])
def test_spanish_spelling_words_in_prose_stay(text: str) -> None:
    assert _kept(text)


# --- a password typed with spaces between its characters -------------------------------------------------

@_SETTINGS
@given(st.sampled_from(["Limonero", "pantera", "Girasol", "cometa", "Trueno", "mango", "Harbor"]),
       st.sampled_from(["_", "!", "#", ""]),
       st.integers(min_value=100, max_value=9999),
       st.sampled_from(["Te la escribo con espacios para que no la pille el filtro: {v}",
                        "Spaced so the bot won't catch it: {v}", "{v} (con espacios, júntalo)"]))
def test_spaced_out_passwords_are_redacted_whole(word: str, symbol: str, number: int, frame: str) -> None:
    value = " ".join(word + symbol + str(number))
    assert _redacted(frame.format(v=value), value)


@pytest.mark.parametrize("text", ["La palabra era m e z q u i t a, letra a letra.",
                                  "Notas del trimestre: A B B C A B B A.",
                                  "Cuenta atrás: 1 2 3 4 5 6 7 8 9",
                                  "Siglas: I V A 2 1 por ciento"])
def test_spaced_words_and_lists_stay(text: str) -> None:
    assert _kept(text)


# --- codes: a reported change then the new value; a state word after the access object --------------------

@pytest.mark.parametrize("text, value", [
    ("Oye, el code del portal changed, ahora es 48260, don't forget.", "48260"),
    ("El código del garaje cambió, ahora es 7391.", "7391"),
    ("The gate code changed, now it's 5529 — tell the cleaner.", "5529"),
    ("pin sim nuevo 0637 (el puk está en la caja)", "0637"),
    ("PIN tarjeta nueva 4821, apúntalo", "4821"),
])
def test_changed_codes_and_state_words_are_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", ["El horario del portal cambió, ahora es 2024 el año de la obra.",
                                  "The gate code changed, now it's 4 digits long.",
                                  "el código del portal changed, ahora es más largo"])
def test_a_change_without_a_code_value_stays(text: str) -> None:
    assert _kept(text)


# --- the wifi labels its password before a typing note; "is the phrase" ----------------------------------

@pytest.mark.parametrize("text, value", [
    ('Mamá, la wifi de casa ahora es "Quetzal-Orilla-19", con guiones y la Q en mayúscula.', "Quetzal-Orilla-19"),
    ("wifi for the offsite is the phrase quiet walrus plums arcade (spaces included)", "quiet walrus plums arcade"),
    ("La wifi del local es la frase gato azul come pan, todo en minúsculas.", "gato azul come pan"),
    ("The cabin wifi is Pine-Ridge-42, with the hyphens.", "Pine-Ridge-42"),
])
def test_a_wifi_value_closed_by_a_typing_note_is_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", ['La wifi de casa se llama "MiFibra-3A2F" y va fatal.',
                                  "The wifi is down again, the router needs a reboot.",
                                  "La wifi del hotel es gratis, todo en orden."])
def test_a_wifi_without_a_value_and_note_stays(text: str) -> None:
    assert _kept(text)


# --- the value the writer chose after a password was asked for --------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("ssh-keygen asked for a passphrase so I used gravel heron velvet nineteen — writing it here.",
     "gravel heron velvet nineteen"),
    ("El portal me pidió una contraseña nueva y puse Cometa-Azul-77, ya la cambiaré.", "Cometa-Azul-77"),
    ("The installer wanted a password, so we went with Harbor!Lamp42.", "Harbor!Lamp42"),
])
def test_a_chosen_value_after_a_password_request_is_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", ["It asked for a password so I used the same one as always.",
                                  "Dana's password (she typed it into the chat by accident) was rotated.",
                                  "La contraseña que puso Fede en la web ya no vale.",
                                  "Me pidió contraseña y puse la de siempre."])
def test_a_chosen_value_with_its_object_said_stays(text: str) -> None:
    assert _kept(text)



@_SETTINGS
@given(st.lists(_WORD, min_size=2, max_size=4), st.sampled_from(["svg", "png", "pdf", "json"]))
def test_base64_of_a_file_name_keeps_the_stricter_limit(words: list[str], ext: str) -> None:
    # Encoded text, not a key (encoded.decodes_to_text): the lower limit does not apply to it.
    value = base64.b64encode(f"{'_'.join(words)}.{ext}".encode()).decode().rstrip("=")
    text = f"Base64 of the logo filename ({value}) shows up in the asset URL."
    assert _kept(text) or not value.isalnum() or _entropy(value) > _entropy_limit(len(value))


def test_the_logo_file_name_in_base64_is_kept() -> None:
    assert _kept("Base64 of the logo filename (bG9nb19hY21lX2Rhcmsuc3Zn) shows up in the asset URL.")
