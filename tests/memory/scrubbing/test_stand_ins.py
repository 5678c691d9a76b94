"""Tests for memory.scrubbing.stand_ins: values that stand for a secret without being one (no
database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from memory.scrubbing.fields import scrub_value
from memory.scrubbing.stand_ins import is_stand_in

MASKED_AFTER_A_LABEL = [
    "The log shows `password=[FILTERED]`, so the filter works.",
    "contraseña: [FILTRADO] en el volcado",
    "token=%5BFILTERED%5D in the access log",
    "password=[PROTECTED]",
    "api_key=[SANITIZED]",
    "Password: ********",
    "contraseña: ***",
    "La clave es ●●●●●●●● (la app la oculta)",
    "client_secret=****abcd",
    "token: sk_live_****************1234",
    "Password: ▒▒▒▒▒▒",
    "TWILIO_ACCOUNT_SID=AC" + "x" * 32,
]


@pytest.mark.parametrize("text", MASKED_AFTER_A_LABEL)
def test_a_masked_value_after_a_label_is_kept(text: str) -> None:
    assert scrub(text).text == text


def test_a_masked_value_under_a_secret_key_is_kept_and_a_real_one_is_not() -> None:
    clean, count = scrub_value({"password": "[FILTERED]", "token": "****", "api_key": "Zx8Kq3Lm9Tp2Wr7Vn4Sb"})
    assert (clean["password"], clean["token"], count) == ("[FILTERED]", "****", 1)
    assert clean["api_key"].startswith("[REDACTED:")


@pytest.mark.parametrize("value", [
    "Gato***2024",            # more than four characters left visible
    "***secretito2024***",
    "filtrada2024",
    "Filtered#2024",
    "xX_Dragon_Xx99",
])
def test_a_value_that_shows_more_than_a_mask_is_no_stand_in(value: str) -> None:
    assert not is_stand_in(value)
    assert value not in scrub(f"password: {value}").text


@pytest.mark.parametrize("value", ["k*P3*x", "2S***v", "Ed***9S", "ON***x_5"])
def test_single_mask_symbols_or_characters_on_both_sides_are_no_mask(value: str) -> None:
    assert not is_stand_in(value)


# Published documentation examples, assembled from pieces like the module's list.
STRIPE_DOCS = "sk_test_" + "4eC39HqLyjWDarjtT1zdp7dc"
JWT_IO = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0"
          "IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
RFC7617 = "QWxhZGRpbj" + "pvcGVuIHNlc2FtZQ=="


@pytest.mark.parametrize("text", [
    f"Ejemplo de la documentación de Stripe: {STRIPE_DOCS} (clave de ejemplo, no es de nadie).",
    f'stripe.api_key = "{STRIPE_DOCS}"  # straight from the tutorial',
    f"The jwt.io sample token is {JWT_IO}, paste it in the debugger.",
    f"Authorization: Basic {RFC7617}",
    "Authorization: Bearer mF_9.B5f-4.1JqM (RFC 6750's example)",
    "MAILGUN_API_KEY=key-" + "3ax6xnjp29jd6fds4gc373sgvjxteol0 from the Mailgun quickstart",
])
def test_a_published_example_credential_is_kept(text: str) -> None:
    assert scrub(text).text == text


def test_a_key_that_differs_from_a_published_example_is_redacted() -> None:
    changed = STRIPE_DOCS[:-1] + "Q"
    longer = STRIPE_DOCS + "Xk92"
    for key in (changed, longer):
        assert key not in scrub(f"Stripe docs example: {key}").text
    out = scrub(f"Docs use {STRIPE_DOCS}; ours is sk_live_" + "51Hq8KzLmN0pQrStUvWx2Yz4", )
    assert STRIPE_DOCS in out.text and out.redactions == ("stripe_key",)
    clean, count = scrub_value({"api_key": STRIPE_DOCS})
    assert (clean["api_key"], count) == (STRIPE_DOCS, 0)


# Twelfth round: filler ids in URLs, key fingerprints, placeholders spelled in any letters.
SLACK_FILLER = "https://hooks.slack.com/services/T" + "0" * 8 + "/B" + "0" * 8 + "/" + "X" * 24


@pytest.mark.parametrize("text", [
    f"WEBHOOK={SLACK_FILLER}",
    f"Pega aquí tu webhook, p. ej. {SLACK_FILLER}",
    "Fingerprint of the build box: SHA256:" + "Tq8" * 14 + "a",
    "host key MD5:" + ":".join(["3f"] * 16),
    "postgres://<usuario>:<contraseña>@db.example.com/app — la plantilla del README",
])
def test_filler_urls_fingerprints_and_placeholders_are_kept(text: str) -> None:
    assert scrub(text).text == text


def test_a_webhook_with_one_real_id_is_still_redacted() -> None:
    real = "https://hooks.slack.com/services/T" + "0" * 8 + "/B" + "0" * 8 + "/" + "Kq3Lm9Tp2Wr7Vn4Sb1YhQ6Zx"
    assert "Kq3Lm9" not in scrub(f"WEBHOOK={real}").text
    assert "s3cr3tPw" not in scrub("postgres://<usuario>:s3cr3tPw@db.example.com/app").text


# Thirteenth round: documentation placeholder names, an assignment of a stand-in, a URL's template
# credentials.
TEMPLATES_KEPT = [
    "Authorization: Bearer YOUR_SERVICE_TOKEN   (paste the one from settings)",
    "En el README pone: Authorization: Bearer TU_TOKEN_AQUI",
    "export STRIPE_KEY=INSERT_KEY_HERE before the demo",
    "El volcado enmascara el valor: la clave: client_secret=************9f3e, como debe.",
    "The wiki's example: mysql://user:password@db.internal:3306/shop",
    "Ejemplo de la guía: amqp://usuario:clave@broker:5672/",
]


@pytest.mark.parametrize("text", TEMPLATES_KEPT)
def test_template_values_are_kept(text: str) -> None:
    assert scrub(text).text == text


REAL_VALUES_REDACTED = [
    "Authorization: Bearer Zx8Kq3Lm9Tp2Wr7Vn4SbYc6Hd1Jf",
    "la clave: client_secret=Zx8Kq3Lm9Tp2Wr7Vn4Sb",
    "Router de la tienda: http://admin:password@192.168.1.1/",  # a real user with a weak password
    "Cadena de producción: postgres://usuario:Pr4d3ra!2024@db:5432/shop",
    "Password: YOUR_dog_Rex_2019",  # mixed case: a value, not a placeholder name
]


@pytest.mark.parametrize("text", REAL_VALUES_REDACTED)
def test_real_values_beside_the_templates_are_redacted(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text


def test_a_placeholder_name_under_a_secret_key_is_kept() -> None:
    clean, count = scrub_value({"api_key": "YOUR_API_KEY", "token": "tu_token_aqui"})
    assert (clean, count) == ({"api_key": "YOUR_API_KEY", "token": "tu_token_aqui"}, 0)


@pytest.mark.parametrize("text", [
    "La documentación de Twilio usa AC00000000000000000000000000000000 como SID de ejemplo.",
    "GitHub's docs show ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 as a fake token shape.",
])
def test_filler_vendor_tokens_are_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize("text", [
    "Her SIM PIN is 0428, PUK 12345678.",
    "El wifi del bar tiene la contraseña abcdefgh1234, qué original.",
    "token: ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3gH5",
])
def test_weak_or_real_values_are_not_filler(text: str) -> None:
    assert "[REDACTED:" in scrub(text).text


# Fourteenth round: a regular expression for a token (a class with a range, or an escape class,
# then a quantifier) is a scanner's rule, not a token.
@pytest.mark.parametrize("text", [
    "secret_pattern = AKIA[0-9A-Z]{16}",
    "API_KEY_REGEX=sk-[a-zA-Z0-9]{48}",
    "Validation for tokens: ^ghp_[A-Za-z0-9]{36}$ in the pre-commit hook.",
])
def test_a_token_regex_is_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("token: ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3gH5", "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3gH5"),
    ("Su contraseña es [Gato]{2024}+ desde marzo.", "[Gato]{2024}+"),
])
def test_a_value_with_brackets_but_no_class_is_still_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "En el .env.example: SECRET_KEY=replace-me-before-deploying (plantilla).",
    "client_secret: change_me_in_production",
    "API_TOKEN=CAMBIAR-ESTO-EN-PRODUCCION",
])
def test_an_instruction_to_replace_the_value_is_no_secret(text: str) -> None:
    """Fifteenth round: a verb of replacing and its object, joined by hyphens or underscores."""
    assert scrub(text).text == text


def test_a_real_value_with_those_words_and_a_digit_is_still_redacted() -> None:
    assert "replace-me-9Kq2xL7" not in scrub("SECRET_KEY=replace-me-9Kq2xL7").text


@pytest.mark.parametrize("text", [
    "arn:aws:secretsmanager:us-east-1:210987654321:secret:staging/api-key-Qw3Er9",
    "La app lee arn:aws:secretsmanager:eu-west-3:210987654321:secret:pagos/stripe-Lm7Tz2 al arrancar.",
])
def test_an_amazon_resource_name_is_no_secret(text: str) -> None:
    """Fifteenth round: an ARN names where a secret is kept, not the secret."""
    assert scrub(text).text == text


def test_a_secret_next_to_an_arn_is_still_redacted() -> None:
    out = scrub("arn:aws:iam::210987654321:role/ci and password=Hx7!qLm2vZ").text
    assert "Hx7!qLm2vZ" not in out and "arn:aws:iam::210987654321:role/ci" in out


@pytest.mark.parametrize("text", [
    "En la plantilla del correo pon «Tu clave temporal es: {{clave_temporal}}» y el sistema la sustituye.",
    "The mail template says: your password is {{ temp_password }}.",
])
def test_a_template_placeholder_cut_by_a_finder_is_still_a_stand_in(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("la contraseña es {Gato-8526}", "Gato-8526"),
    ("password: {{pw}}x9Kq2!Lm", "x9Kq2!Lm"),
])
def test_a_value_beside_braces_that_make_no_template_is_still_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text
