"""Thirty-seventh secrets round (issue 15): a hedged answer, a passphrase label with a clause before a
quoted value, a password word glued to what it opens, a reversal heading its sentence; a publishable
key, a label calling its key public and a password word that is a log field's value kept
(docs/privacy.md, "The thirty-seventh secrets round"; no database). Made-up sentences, none from a
corpus, Spanish and English for each class where the class has both. Each class also has a mutant
check: with its rule switched off the case fails."""

from __future__ import annotations

import re

import pytest

from memory.scrubbing import answers, disguises, driver, keywords, prose, public_values, scrub, shapes
from memory.scrubbing.measures import HEDGE


def _redacted(text: str, secret: str) -> bool:
    return secret not in scrub(text).text


def _kept(text: str) -> bool:
    return scrub(text).text == text


HEDGED = [
    ("—¿Cuál era la clave del portátil de Marga?\n—Creo que Pimiento.Rojo.73, pero igual la cambió.",
     "Pimiento.Rojo.73"),
    ("- what was the router password again?\n- I think it's Pine.Cone.481, not sure", "Pine.Cone.481"),
    ("[10:01] Ana: what is the staging db password?\n[10:02] Ben: pretty sure it's Kettle.Blue.52, ask Ops",
     "Kettle.Blue.52"),
    ("¿Cuál es la clave del router de la oficina?\nSi mal no recuerdo, Faro#2291", "Faro#2291"),
    ("- ¿y la contraseña del NAS?\n- No sé, pero creo que era Nube7!azul", "Nube7!azul"),
    ("The vpn password is probably Otter-Lake.66 but check with Sam", "Otter-Lake.66"),
]
HEDGED_KEPT = [
    "—¿Cuál era la contraseña del wifi?\n—Creo que la tiene Marta, pregúntale.",
    "- what was the router password?\n- I think it's on the sticker under the router",
    "The password is probably in the drawer, next to the keys.",
    "La contraseña es seguramente la de siempre.",
]
QUOTED_PHRASES = [
    ("La frase maestra que elegí para el gestor es «tortuga lenta come fresas rojas», no la pierdas.",
     "tortuga lenta come fresas rojas"),
    ("The unlock phrase Dana uses for the laptop is \"lantern copper river dusk\", keep it offline.",
     "lantern copper river dusk"),
    ("La frase de desbloqueo que usa Irene para el disco es “siete patos cruzan el río”.",
     "siete patos cruzan el río"),
]
UNQUOTED_PHRASES = [
    ("La frase maestra que elegí para el gestor de claves es cebra nube tostada faro, apúntala.",
     "cebra nube tostada faro"),
    ("La frase de desbloqueo que le puse al portátil es ocho gatos grises saltan, sin mayúsculas.",
     "ocho gatos grises saltan"),
]
PHRASES_KEPT = [
    "La frase maestra que elegí es demasiado corta, la cambiaré mañana.",
    "The master phrase she picked for the vault is written on a card in the safe.",
    "La frase del día que eligió el profe es «quien madruga, Dios le ayuda».",
]
GLUED = [
    ("diskpass for the backup drive: copper violin tunnel brisk", "copper violin tunnel brisk"),
    ("rootpw del servidor viejo: Tq8!marble22", "Tq8!marble22"),
    ("El adminpwd del router es Cabra.Loca.99 desde ayer", "Cabra.Loca.99"),
    ("WIFIPASS=Naranjo-Azul-88", "Naranjo-Azul-88"),
]
GLUED_KEPT = [
    "He used a bypass: the old ring road north of Leeds",
    "Compass: north-east 45 degrees from the cabin",
    "KeePass: la base está en el NAS, carpeta Familia",
    "Copia la clave con ssh-keygen -f ~/.ssh/rootpw.key -p",
    "El trespass: la valla norte estaba rota",
]
REVERSED = [
    ("Al revés para que no lo vean en la pantalla compartida: 4202_atolepip — ya sabes.", "4202_atolepip"),
    ("Backwards, so nobody reads it off the screen: 77!nodnol_kraD", "77!nodnol_kraD"),
]
REVERSED_KEPT = [
    "Backwards compatible: 2024_release_notes covers it",
    "Al revés: el plan B del equipo 2024",
    "Al revés de lo que pensábamos: 3 de 5 servidores fallan",
]
PUBLISHABLE = [
    "Mi clave de Stripe para el checkout, pk_live_51HqX8vKz2LmP4rT7wY9bC3d, va en el JS.",
    "Stripe API key for the donation form: pk_test_51Mz8Qp2Lx7Tv4Nw9Rk3Yc1B",
]
PUBLIC_LABEL = [
    "La clave pública del widget, wdg_Pub4f9aQ2x7, va en el HTML.",
    "La clave publicable de la tienda, shop_Pub9xQ2!k, se puede exponer.",
]
LOG_FIELDS = [
    "Login succeeded for user 'jnavarro' (method=password, mfa=totp, ip=10.8.0.14)",
    "Acceso correcto de 'mruiz' (método=password, mfa=sms, ip=192.168.4.20)",
    "auth failed (method=password, user=jdoe, Err-Auth_401)",
]


@pytest.mark.parametrize("text", HEDGED_KEPT + PHRASES_KEPT + GLUED_KEPT + REVERSED_KEPT + PUBLISHABLE
                         + PUBLIC_LABEL + LOG_FIELDS)
def test_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), HEDGED + QUOTED_PHRASES + UNQUOTED_PHRASES + GLUED + REVERSED)
def test_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize(("text", "secret"), [
    # a restricted or secret Stripe key stays a secret
    ("Mi clave de Stripe para el backend, rk_live_51HqX8vKz2LmP4rT7wY9bC3d, no se comparte.",
     "rk_live_51HqX8vKz2LmP4rT7wY9bC3d"),
    ("Stripe key for the server, sk_live_51Mz8Qp2Lx7Tv4Nw9Rk3Yc1B, keep it out of git.",
     "sk_live_51Mz8Qp2Lx7Tv4Nw9Rk3Yc1B"),
    # a password field's own value is still a password, and a remark's colon is no field
    ("Login failed (user=jdoe, password=Tq8!marble22, ip=10.8.0.14)", "Tq8!marble22"),
    ("Ojo: password, ahora es Kx9!lemon.22", "Kx9!lemon.22"),
    # "public" elsewhere in the clause does not make the password public
    ("La contraseña del wifi público del bar, ahora es Cafe#Libre2024", "Cafe#Libre2024"),
    # a reversal announced by a verb was read before this round and still is
    ("Te la escribo al revés: 1202_odnagel", "1202_odnagel"),
])
def test_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


def _without(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    if rule == "hedge":
        for module, name in ((disguises, "_QUESTION_RE"), (prose, "_QUESTION_ANSWER_RE"), (answers, "_LEAD_IN_RE")):
            pattern = getattr(module, name).pattern
            assert HEDGE in pattern
            monkeypatch.setattr(module, name, re.compile(pattern.replace(HEDGE, "(?!)")))
        verbal = keywords._KEYWORD_RE.pattern
        hedged = r"|(?:is|was|es|era)\s+(?:probably|likely|maybe|perhaps|possibly|probablemente|seguramente|posiblemente|quiz[aá]s?)"
        assert hedged in verbal
        monkeypatch.setattr(keywords, "_KEYWORD_RE", re.compile(verbal.replace(hedged, "")))
    elif rule == "phrase_clause":
        pattern = shapes._QUOTED_RE.pattern
        assert shapes.PHRASE_LABELS in pattern
        monkeypatch.setattr(shapes, "_QUOTED_RE", re.compile(pattern.replace(shapes.PHRASE_LABELS, "")))
        pattern = shapes._PHRASE_VALUE_RE.pattern
        assert shapes.RELATIVE_CLAUSE in pattern
        monkeypatch.setattr(shapes, "_PHRASE_VALUE_RE", re.compile(pattern.replace(shapes.RELATIVE_CLAUSE, "")))
        monkeypatch.setattr(shapes, "_SHAPED", tuple(
            (h, shapes._PHRASE_VALUE_RE if r.pattern == pattern else r, k) for h, r, k in shapes._SHAPED))
    elif rule == "glued":
        monkeypatch.setattr(driver, "glued_view", lambda *args: None)
    elif rule == "reversal_heading":
        monkeypatch.setattr(disguises, "_HEADING_RE", re.compile(r"(?!)"))
    elif rule == "publishable":
        monkeypatch.setattr(public_values, "publishable_key", lambda value: False)
    elif rule == "public_label":
        monkeypatch.setattr(prose, "labels_a_public_key", lambda *args: False)
    elif rule == "log_fields":
        monkeypatch.setattr(prose, "a_field_value", lambda *args: False)
        monkeypatch.setattr(prose, "opens_a_log_field", lambda value: False)
    else:
        raise AssertionError(rule)


@pytest.mark.parametrize(("rule", "text", "secret"), [
    ("hedge", *HEDGED[0]),
    ("hedge", *HEDGED[1]),
    ("hedge", *HEDGED[2]),
    ("hedge", *HEDGED[3]),
    ("hedge", *HEDGED[5]),
    ("phrase_clause", *QUOTED_PHRASES[0]),
    ("phrase_clause", *QUOTED_PHRASES[1]),
    ("phrase_clause", *QUOTED_PHRASES[2]),
    ("phrase_clause", *UNQUOTED_PHRASES[0]),
    ("phrase_clause", *UNQUOTED_PHRASES[1]),
    ("glued", *GLUED[0]),
    ("glued", *GLUED[1]),
    ("glued", *GLUED[2]),
    ("reversal_heading", *REVERSED[0]),
    ("reversal_heading", *REVERSED[1]),
    ("publishable", PUBLISHABLE[0], None),
    ("publishable", PUBLISHABLE[1], None),
    ("public_label", PUBLIC_LABEL[0], None),
    ("public_label", PUBLIC_LABEL[1], None),
    ("log_fields", LOG_FIELDS[0], None),
    ("log_fields", LOG_FIELDS[1], None),
    ("log_fields", LOG_FIELDS[2], None),
])
def test_fails_without_its_rule(monkeypatch: pytest.MonkeyPatch, rule: str, text: str, secret: str | None) -> None:
    _without(monkeypatch, rule)
    if secret is None:
        assert not _kept(text)
    else:
        assert not _redacted(text, secret)


def test_glued_label_needs_a_noun_that_holds_a_password() -> None:
    # the closed list of nouns: an ordinary word ending in "pass" is never blanked
    for word in ("bypass", "compass", "overpass", "trespass", "surpass", "keepass", "lastpass", "getpass"):
        assert driver.glued_view(f"{word}: Tq8!marble22", f"{word}: tq8!marble22") is None
    assert driver.glued_view("diskpass: x", "diskpass: x") == ("password: x", 8)
    assert driver.glued_view("ROOTPW=x", "rootpw=x") == ("   PWD=x", 6)
    assert driver.glued_view("vaultpassphrase: x", "vaultpassphrase: x") == ("     passphrase: x", 15)
