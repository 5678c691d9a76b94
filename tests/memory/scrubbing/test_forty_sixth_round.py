"""The forty-sixth secrets round (stop 47, sec47; docs/privacy.md): made-up sentences only, one class each.

Every positive and every kept sentence fails on main (6ae5a52) unless marked "main already"; hard negatives
beside each class; mutant checks (the new reading or filter switched off); linear time at 4,800 repeats.
"""

from __future__ import annotations

import pytest

from memory.scrubbing import driver, keywords, not_values, phrases, scrub, urls, used_phrases
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted
from tests.memory.scrubbing.fakes import scrub_growth

# (a) a quoted run of plain words, the object of a verb of using, getting in or unlocking, beside a holder.
USED = [
    ("Para el Bitwarden de la oficina usamos la frase «tres lobos cenan en Soria», ojo con la tilde.",
     "tres lobos cenan en Soria"),
    ("For our shared Dashlane we use the phrase \u201cseven quiet foxes paint tables\u201d, no caps.",
     "seven quiet foxes paint tables"),
    ("El 1Password de casa se abre con «el loro de Juan silba boleros» y nada más.", "el loro de Juan silba boleros"),
    ("A la cuenta del banco entramos con 'nueve patos cruzan Teruel' desde el portátil.", "nueve patos cruzan Teruel"),
    ("The wifi at the cabin: we use \"otters juggle green lemons\" for it.", "otters juggle green lemons"),
    ("Al llavero del Mac le ponemos «cinco higos maduros bailan» siempre.", "cinco higos maduros bailan"),
]
USED_KEPT = [
    "En la cuenta de la tienda usamos la frase «hecho a mano con cariño» en cada publicación.",  # an account, using: a slogan (main already)
    "Para la bóveda del museo usamos «arte para todos siempre» como lema.",  # called a motto (main already)
    "Para el wifi de casa usamos «la de siempre».",  # a vague description (main already)
    "En el folleto usamos la frase «tu salud es lo primero» en grande.",  # no holder of credentials (main already)
    "We use \"see the vault entry\" as the note on the KeePass record.",  # points elsewhere (main already)
]


@pytest.mark.parametrize(("text", "secret"), USED)
def test_a_quoted_phrase_used_for_a_holder_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", USED_KEPT)
def test_a_quote_with_no_holder_or_called_something_else_is_kept(text: str) -> None:
    assert _kept(text)


def test_the_used_phrase_reading_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f is not used_phrases._find_used_phrases))
    assert not _redacted(*USED[0])


def test_a_holder_name_opening_with_a_digit_is_read_whole() -> None:
    assert phrases._holds_secrets("el 1password de la familia")
    assert not phrases._holds_secrets("la password de la familia")


# (b) a strong label's colon, an aside or not, then a sentence with an article after its verb and an adjective.
SENTENCES = [
    ("Contraseña del disco externo (LUKS, no la del portátil): cinco gatos saltan el muro alto", "cinco gatos saltan el muro alto"),
    ("Contraseña del NAS: doce cabras comen la hierba seca", "doce cabras comen la hierba seca"),
    ("Password (VeraCrypt, not BitLocker): nine owls watch the dark lake", "nine owls watch the dark lake"),
    ("Contraseña del trastero: doce cabras comen la hierba nueva", "doce cabras comen la hierba nueva"),  # an adjective last
]
SENTENCES_KEPT = [
    "Password: printed under the router box",  # the article after a preposition (main already)
    "Contraseña: escrita detrás del calendario viejo",  # a participle opens it (main already)
    "Password: Anna knows the new one",  # a filler: it refers to a password (main already)
    "Contraseña: Marta tiene la nueva guardada",  # two describing words (main already)
    "Password: the old one still works fine",  # the article opens the run (main already)
]


@pytest.mark.parametrize(("text", "secret"), SENTENCES)
def test_a_sentence_with_an_article_after_a_label_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", SENTENCES_KEPT)
def test_a_description_after_a_label_is_kept(text: str) -> None:
    assert _kept(text)


def test_the_article_allowance_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keywords, "_article_of_a_sentence", lambda lowered: False)
    assert not _redacted(*SENTENCES[1])


# (c) a reference under a field named as one; a plain word as a signature or token parameter.
REFERENCES = [
    "db:\n  usuario: informes\n  contraseña_desde: VAULT_INFORMES_RO",
    "smtp:\n  password_from: SMTP_PASS",  # main already
    "api:\n  token_ref: ${API_TOKEN_PROD}",  # main already
    "Enlace público: https://files.example.org/manual.pdf?sig=gratis&v=2",
    "Demo: https://api.example.net/v1/items?token=demo",
]
STILL_SECRETS = [
    ("db:\n  contraseña_desde: Xk9$mq2Lpa", "Xk9$mq2Lpa"),  # a value, not a name
    ("https://files.example.org/a.pdf?sig=deadbeef", "deadbeef"),  # hex letters (main already)
    ("https://files.example.org/a.pdf?sig=Xk2pQ9mZr7", "Xk2pQ9mZr7"),  # main already
    ("https://login.example.org/cb?password=sunshine", "sunshine"),  # a password parameter (main already)
]


@pytest.mark.parametrize("text", REFERENCES)
def test_a_reference_or_a_plain_word_parameter_is_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), STILL_SECRETS)
def test_values_beside_them_are_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


def test_the_reference_filter_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(not_values, "named_by_reference", lambda text, start, end: False)
    assert not _kept(REFERENCES[0])


def test_the_plain_query_word_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(urls, "_plain_word", lambda value: False)
    assert not _kept(REFERENCES[3])


# (d) examples said not to be used by anyone, a template's Basic pair, the example of a published work.
EXAMPLES = [
    "En la wiki dejé password: cambiame-ya de muestra, but nobody should actually use it.",
    "En el curso pusimos clave: Temporal-2024 como ejemplo; nadie debería usarla de verdad.",
    "Sample config: password: Qw3rty-demo, the tutorial example — nobody should use it.",
    "El tutorial enseña `Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=`, o sea username:password.",
    "El ejemplo del libro pone 'purple monkey dishwasher rocks' as the passphrase, el de siempre.",
]
EXAMPLES_STILL_SECRETS = [
    ("La clave del NAS es Xk9-pqLm2, nadie debería usarla fuera de casa.", "Xk9-pqLm2"),  # a restriction (main already)
    ("README: password: Xk9-pqLm2 — nobody should use it.", "Xk9-pqLm2"),  # no example word (main already)
    ("Authorization: Basic YWRtaW46UGFzc3dvcmQxMjMh", "YWRtaW46UGFzc3dvcmQxMjMh"),  # a real pair (main already)
    ("Por ejemplo, en el tutorial mi contraseña es Xk9-pqLm2.", "Xk9-pqLm2"),  # "por ejemplo" (main already)
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_an_example_no_one_holds_is_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), EXAMPLES_STILL_SECRETS)
def test_a_real_value_beside_such_words_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize(("name", "index"), [("template_pair", 3), ("example_of_a_published_work", 4)])
def test_each_example_filter_decides(monkeypatch: pytest.MonkeyPatch, name: str, index: int) -> None:
    monkeypatch.setattr(not_values, name, lambda text, start, end: False)
    assert not _kept(EXAMPLES[index])


# Linear time at 4,800 repeats for every reading this round wrote or touched.
@pytest.mark.parametrize("unit", [
    "para el keepass usamos la frase «gato azul come pan». ",  # used_phrases
    "el 1password se abre con «gato azul come pan». ",  # phrases holder words
    "Contraseña: ocho gatos cruzan el río viejo\n",  # keywords article and adjective
    "contraseña_desde: VAULT_X_Y\n",  # not_values.named_by_reference
    "https://x.example.org/a?sig=gratis&b=1 ",  # urls plain word
    "password: ab-cd como ejemplo, nobody should actually use it. ",  # said_not_real / example_not_to_use
    "Basic dXNlcjpwYXNzd29yZA== ",  # not_values.template_pair
    "el ejemplo del libro 'gato azul come pan' as the passphrase. ",  # not_values.example_of_a_published_work
])
def test_the_touched_readings_stay_linear_at_4800_repeats(unit: str) -> None:
    small, large = scrub_growth(lambda n: unit * n, scrub, small=1200)
    assert large < small * 10, (small, large)
