"""Twenty-ninth secrets round (issue 15): the credentials of the classes the last authors missed, and
the ordinary strings beside them that must stay as they are (see docs/privacy.md "Twenty-ninth
secrets round"; no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- the opening verb in any person, with the object's clitic ---------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("La caja fuerte del apartamento la abrimos con 530718, la eligió Pablo.", "530718"),
    ("El candado del trastero lo abro con 2291 desde que lo cambié.", "2291"),
    ("The safe in the office: we open it with 7730.", "7730"),
])
def test_a_lock_opened_with_digits_in_any_person(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "El libro lo abrimos con 2024 ejemplos nuevos.",
    "La puerta la abrimos con 3 personas empujando.",
])
def test_an_opening_verb_before_a_count_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a lock's code named by a configuration key ------------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("alarm_code=5093  # la del chalet, se desarma en 20 segundos", "5093"),
    ('GATE_CODE: "7716"', "7716"),
    ("codigo_portal=3306", "3306"),
    ("safe-combo = 2718", "2718"),
])
def test_a_lock_code_under_a_configuration_key(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "zip_code=28014",
    "status_code=404  # not found",
    "country_code: 34",
    "bank_code=0049",
    "door_code=30s",
])
def test_a_configuration_key_for_an_ordinary_code_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a passphrase of plain words that closes with a number -------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("La contraseña del portátil es cuatro gatos pardos bailan 77, me la dictó ayer.", "cuatro gatos pardos bailan 77"),
    ("Jo's vault master password es plum kettle orbit lantern 9, she told us.", "plum kettle orbit lantern 9"),
    ("the recovery phrase is amber otter canyon 12", "amber otter canyon 12"),
])
def test_a_passphrase_closing_with_a_number(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "La contraseña es la misma desde 2019.",
    "The password is stored in vault 3.",
    "The password is open sesame red door 30 minutes after midnight.",
])
def test_a_description_closing_with_a_number_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- what a store of secrets "opens with:" -----------------------------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("The Bitwarden vault for the office opens with: copper lantern meadow fifty", "copper lantern meadow fifty"),
    ("El disco cifrado de papá se abre con: gaviota naranja tranvía 31.", "gaviota naranja tranvía 31"),
])
def test_a_passphrase_after_what_a_store_opens_with(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The file opens with: LibreOffice Calc or Excel",
    "The archive opens with: an introduction by the editor.",
    "The meeting opens with: welcome words from the chair",
    "My laptop unlocks with: Face ID and fingerprint",
    "El móvil se desbloquea con: huella o patrón facial",
])
def test_what_a_document_or_a_method_opens_with_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a reporting clause between a password label and its copula --------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Omar's work login, he says, is still Wombat_Tuesday_8 after all these months.", "Wombat_Tuesday_8"),
    ("El login del portátil, dice Marta, es Lince-Azul-47.", "Lince-Azul-47"),
    ("The tablet login, according to Jo, is Heron7Gate.", "Heron7Gate"),
])
def test_a_login_value_after_a_reporting_clause(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "The login, she says, is broken again since the update.",
    "The login, he said, is the same as his email address.",
    "La clave, según él, es importante para aprobar.",
])
def test_a_reporting_clause_before_a_description_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a typing note after a value that follows its password word with no connector --------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Lake house wifi: network Loon-Bay, passphrase otter beside the quiet dock (spaces included).",
     "otter beside the quiet dock"),
    ("Router del pueblo: clave ocho lunas sobre Cádiz, sin espacios.", "ocho lunas sobre Cádiz"),
])
def test_a_bare_value_closed_by_a_typing_note(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Use the clave única de acceso (case sensitive).",
    "La contraseña nueva del correo, sin tildes.",
    "The passphrase must be all lowercase.",
    "The passphrase in the vault (spaces included).",
])
def test_a_label_continued_before_a_typing_note_is_kept(text: str) -> None:
    assert scrub(text).count == 0


# --- a spelled-out value with one whole word for a letter, after a spelling label -------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Clave del router de la tía deletreada: ele, u, eme, barco, a, guion, uno, nueve, ocho",
     "ele, u, eme, barco, a, guion, uno, nueve, ocho"),
    ("Locker password spelled out: kay, oh, apple, seven, dash, two, papa",
     "kay, oh, apple, seven, dash, two, papa"),
])
def test_a_spelled_value_with_one_whole_word(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Lista deletreada: Madrid, Sevilla, Bilbao, Cádiz, Soria, Teruel",
    "Spelled out: Anna, Bob, Cara, Dan, Eve, Fay, Gil",
    "Read aloud: one, two, three, four, five, six, pizza",
    "Ingredientes: sal, a, pimienta, ajo, uno, dos, tres",
])
def test_a_list_after_a_spelling_label_is_kept(text: str) -> None:
    assert scrub(text).count == 0
