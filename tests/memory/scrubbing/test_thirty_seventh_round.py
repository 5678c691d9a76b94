"""Thirty-seventh secrets round (issue 15): a hedged answer, a passphrase label with a clause before a
quoted value, a password word glued to what it opens, a reversal heading its sentence; a publishable
key, a label calling its key public and a password word that is a log field's value kept
(docs/privacy.md, "The thirty-seventh secrets round"; no database). Made-up sentences, none from a
corpus, Spanish and English for each class where the class has both. Each class also has a mutant
check: with its rule switched off the case fails. The second group ("in sample") was written after
k62/k63 were read, from their open cases."""

from __future__ import annotations

import re

import pytest

from memory.scrubbing import answers, described, disguises, driver, glued, keywords, prose, public_values, shapes
from memory.scrubbing.measures import HEDGE
from tests.memory.scrubbing.fakes import without_fortieth_round
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted


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


# In sample (written after reading k62/k63): the classes of their open cases.
HEX_ARROW_SEED = [
    ("Clave de firma del webhook → 9b1f3c7e2a4d6b8c0e1f2a3b4c5d6e7f (el hash del fichero es otro).",
     "9b1f3c7e2a4d6b8c0e1f2a3b4c5d6e7f"),
    ("Backup cipher seed -> 4e7a9c1b3d5f7a9c1e3b5d7f9a1c3e5b", "4e7a9c1b3d5f7a9c1e3b5d7f9a1c3e5b"),
    ("Semilla de cifrado del NAS:\n0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
     "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"),
    ("Encryption seed for the backups: 7c2e9a4f1b6d3e8a5c0f7b2d9e4a1c6f", "7c2e9a4f1b6d3e8a5c0f7b2d9e4a1c6f"),
]
HEX_KEPT = [
    "Random seed for the experiment: 42, and the commit hash is 9b1f3c7e2a4d6b8c0e1f2a3b4c5d6e7f",
]
LOGGED_WITH = [
    ("Note to self: logged into the pension portal with Br1ck&Fern#77 after the reset.", "Br1ck&Fern#77"),
    ("Ayer entré en la web del banco con Sardina!42 y funcionó.", "Sardina!42"),
]
LOGGED_KEPT = [
    "She signed in with Google-SSO2 yesterday and it worked.",
    "Me logueé con mi usuario de siempre, jlopez, sin problema.",
    "Logged in with the new laptop at 09:30.",
]
PURPOSE_PHRASES = [
    ("Ojo, para abrir el disco cifrado la frase es cuchara de palo y limón verde, todo junto no.",
     "cuchara de palo y limón verde"),
    ("To unlock the travel drive the phrase is copper tulip and sleepy fox.", "copper tulip and sleepy fox"),
]
PURPOSE_KEPT = [
    "Para abrir la reunión la frase es la de siempre.",
]
MANAGER_MASTER = [
    ("Bitwarden de casa → master: nube pepino cometa jardín", "nube pepino cometa jardín"),
    ("Bitwarden at home, master: orbit cactus lemon drizzle", "orbit cactus lemon drizzle"),
]
MANAGER_KEPT = [
    "KeePass: master branch of the plugin is broken.",
]
VENDOR_PLACEHOLDERS = [
    "Copia el .env.example: STRIPE_SECRET_KEY=sk_live_YOUR_KEY_HERE y rellénalo.",
    "In the README: GITHUB_TOKEN=ghp_YOUR_TOKEN_HERE until CI sets the real one.",
]
PUBLIC_BY_FORMAT = [
    "Token del contrato en la factura: 0x8Fa2c3D4e5F60718293A4b5C6d7E8f90123456aB (dirección pública).",
    "Contract token address: 0x1b2C3d4E5f60718293a4B5c6D7e8F9012345678C",
    "Mi clave pública PGP para el servidor de claves:\n-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n"
    "mDMEZkZ3bRYJKwYBBAHaRw8BAQdADyKHJlyXc2US4ISo5E2Q50XAeeH/e1d0ZU8R\n=kP3w\n-----END PGP PUBLIC KEY BLOCK-----",
]


@pytest.mark.parametrize("text", HEX_KEPT + LOGGED_KEPT + PURPOSE_KEPT + MANAGER_KEPT + VENDOR_PLACEHOLDERS
                         + PUBLIC_BY_FORMAT)
def test_in_sample_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), HEX_ARROW_SEED + LOGGED_WITH + PURPOSE_PHRASES + MANAGER_MASTER + [
    # a private key in hex (64 digits) is no address, and a real-looking key after a vendor prefix stays
    ("Ethereum private key: 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318",
     "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"),
    ("STRIPE_SECRET_KEY=sk_live_51HqX8vKz2LmP4rT7wY9bC3dF6gH", "sk_live_51HqX8vKz2LmP4rT7wY9bC3dF6gH"),
])
def test_in_sample_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


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
    without_fortieth_round(monkeypatch)
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
    elif rule == "hex_arrow_seed":
        pattern = shapes._HEX_AFTER_LABEL_RE.pattern
        old = pattern.replace("|semilla|seed", "").replace(r"(?:[:=]|->|→|=>)", "[:=]")
        assert old != pattern
        monkeypatch.setattr(shapes, "_HEX_AFTER_LABEL_RE", re.compile(old))
    elif rule in ("logged_with", "purpose_before", "manager_master", "vendor_prefix", "eth_address", "armor"):
        module, name = {"logged_with": (disguises, "_LOGGED_WITH_RE"), "purpose_before": (shapes, "_PURPOSE_BEFORE_RE"),
                        "manager_master": (glued, "_MANAGER_MASTER_RE"), "vendor_prefix": (described, "_VENDOR_PREFIX_RE"),
                        "eth_address": (public_values, "_ETH_ADDRESS_RE"), "armor": (public_values, "_ARMOR_RE")}[rule]
        monkeypatch.setattr(module, name, re.compile(r"(?!)"))
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
    ("hex_arrow_seed", *HEX_ARROW_SEED[0]),
    ("hex_arrow_seed", *HEX_ARROW_SEED[1]),
    ("hex_arrow_seed", *HEX_ARROW_SEED[2]),
    ("hex_arrow_seed", *HEX_ARROW_SEED[3]),
    ("logged_with", *LOGGED_WITH[0]),
    ("logged_with", *LOGGED_WITH[1]),
    ("purpose_before", *PURPOSE_PHRASES[0]),
    ("manager_master", *MANAGER_MASTER[0]),
    ("manager_master", *MANAGER_MASTER[1]),
    ("vendor_prefix", VENDOR_PLACEHOLDERS[0], None),
    ("vendor_prefix", VENDOR_PLACEHOLDERS[1], None),
    ("eth_address", PUBLIC_BY_FORMAT[0], None),
    ("eth_address", PUBLIC_BY_FORMAT[1], None),
    ("armor", PUBLIC_BY_FORMAT[2], None),
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
