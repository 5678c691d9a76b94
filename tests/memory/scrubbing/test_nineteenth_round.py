"""Nineteenth secrets round (issue 15): precision first (see docs/privacy.md "Nineteenth secrets round
(stop 33)"; no database). Made-up sentences, none from a corpus or a probe file."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import scrub_growth
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- the password sentence's token must be the value given ------------------------------------

@pytest.mark.parametrize("text", [
    "The password sits in Bitwarden under the item 'Garage-Tablet-9'.",
    "Password expired for svc_print07; follow runbook RB-Net-12 to renew it.",
    "Tras cambiar la contraseña, el aviso WARN_LOGIN_7c dejó de aparecer en nodo-web11.",
    "Password checks are done by the class authV3Checker in the old repo.",
])
def test_a_token_named_by_its_own_noun_or_preposition_in_a_password_sentence_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("The password for the van, the one nobody remembers, ended up being Gorse%Kite5.", "Gorse%Kite5"),
    ("La clave del trastero, \"Roble-Azul-731\", la sabe también su hermano.", "Roble-Azul-731"),
    ("She messaged me her password, which turned out to be Pebble_Jam48.", "Pebble_Jam48"),
    ("La contraseña del club, que nadie recuerda nunca, al final quedó como Pino_Niebla26.", "Pino_Niebla26"),
    ("Admin password for the router, as agreed last week, stays Slate7_Heron.", "Slate7_Heron"),
    ("They changed the kiosk password to Quartz9!Lamp yesterday.", "Quartz9!Lamp"),
])
def test_a_value_linked_to_the_password_word_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- curl's -u with the words for a user and a password: a template ---------------------------

@pytest.mark.parametrize("text", [
    "Runbook step: curl -u USER:PASSWORD https://status.internal.test/health (fill in yours).",
    "Guía: curl --user 'usuario:contraseña' https://api.ejemplo.test/v1/estado",
])
def test_curl_user_template_is_kept(text: str) -> None:
    assert scrub(text).count == 0


def test_curl_user_with_a_real_password_is_redacted() -> None:
    assert _redacted("curl -u deploy:Marsh7!Otter https://ci.internal.test/api", "Marsh7!Otter")
    assert _redacted("curl -u USER:password1 https://ci.internal.test/api", "password1")


# --- published examples: the Kubernetes docs' Secret --------------------------------------------

def test_the_kubernetes_documentation_secret_example_is_kept() -> None:
    assert scrub("Copied from the k8s docs into my notes: data.password: MWYyZDFlMmU2N2Rm").count == 0
    assert scrub("The tutorial's password 1f2d1e2e67df goes through base64 first.").count == 0


def test_a_value_one_character_off_the_kubernetes_example_is_redacted() -> None:
    assert _redacted("data.password: MWYyZDFlMmU2N2Rn", "MWYyZDFlMmU2N2Rn")


# --- a reference to another secret instead of a value ---------------------------------------------

@pytest.mark.parametrize("text", [
    "Her laptop password is \"the same as the office one\", she says.",
    "La contraseña del banco es \"igual que la del correo\", según Pepe.",
    "My PIN: 'the usual one', nothing new.",
    "The router password is whatever Luis picked last summer.",
])
def test_a_reference_to_another_secret_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("Her laptop password is \"same4ever!\", she says.", "same4ever!"),
    ("La contraseña del banco es \"Igual77_Que\", según Pepe.", "Igual77_Que"),
])
def test_a_stated_value_opening_like_a_reference_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- a passphrase after its label: quoted, or plain words after a copula ----------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Bitwarden unlock phrase for Iker: \"windy harbour under amber lamps\".", "windy harbour under amber lamps"),
    ("Frase maestra del disco de Nuria: «tres cabras cruzan el puente viejo».", "tres cabras cruzan el puente viejo"),
    ("The recovery phrase Omar keeps for his laptop is copper lantern violet fjord banjo.",
     "copper lantern violet fjord banjo"),
    ("La frase secreta que usa Elena para el portátil es nube tortuga girasol pimienta.",
     "nube tortuga girasol pimienta"),
])
def test_a_phrase_after_its_label_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The master passphrase for the vault is stored in Bitwarden these days.",
    "The recovery phrase Ana wrote down is twelve random words from a list.",
    "Her seed phrase is very long and hard to remember.",
    "La frase maestra del gestor es muy larga y difícil de recordar.",
    "The seed phrase is hidden somewhere in the attic.",
    "The unlock phrase for the office tablet is somewhere in the shared drive.",
    "Recovery phrase hint: \"ask the people at home\".",
])
def test_talk_about_a_phrase_without_one_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a password label's aside stays in its clause ---------------------------------------------------

def test_a_semicolon_ends_the_password_words_clause() -> None:
    assert scrub("Perdió la contraseña del banco; el código de socio es SOC-7731-B.").count == 0
    assert _redacted("La contraseña del banco es Trigo#Luna58; el código de socio lo tiene ella.", "Trigo#Luna58")


def test_a_negation_before_an_unlinked_value_makes_it_something_elses_name() -> None:
    assert scrub("La contraseña del wifi no funciona en el portátil lap-ana22b, sí en el móvil.").count == 0
    assert scrub("The VPN password doesn't work from host build-07x anymore.").count == 0
    assert _redacted("The VPN password I never change is Fjord%Mint26.", "Fjord%Mint26")


# --- a hyphenated compound is no password noun -------------------------------------------------------

def test_a_value_before_a_password_compound_adjective_is_kept() -> None:
    assert scrub("Model KX-2291b is the password-protected drive IT bought.").count == 0
    assert _redacted("Heron#Vale48 is the password for the drive IT bought.", "Heron#Vale48")


def test_a_password_word_before_many_tokens_scrubs_in_linear_time() -> None:
    """The link before each token is read in a bounded window, not across the whole gap (a first
    version took ~50 s on this)."""
    # Four times the tokens: about four times the time when linear, sixteen when quadratic.
    small, large = scrub_growth(lambda n: "password " + "Ab1xyz9q " * n, scrub, small=1000)
    assert large < 9 * small, (small, large)
