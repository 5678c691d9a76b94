"""The mechanics behind the fourth round's finders: the postal PIN exception, the one-pass vendor
hint test (same spans as every rule's own), separated-character tokens, and the ablation measure."""

from __future__ import annotations

import pytest

from memory.scrubbing import driver, scrub
from memory.scrubbing.codes import postal_pin
from memory.scrubbing.vendor_tokens import _ALL_RULES, find_vendor_tokens
from tests.memory.scrubbing.fakes import AWS_KEY


@pytest.mark.parametrize(("text", "value", "postal"), [
    ("address: 12 mg road, bengaluru, pin 560001", "560001", True),
    ("the pin code of the bangalore office is 560034", "560034", True),
    ("card pin 560034 for the bengaluru office", "560034", False),  # an access object: a card
    ("pin 482915", "482915", False),  # no address word
    ("address: calle mayor 1, pin 4821", "4821", False),  # not six digits
])
def test_postal_pin(text: str, value: str, postal: bool) -> None:
    assert postal_pin(text, value) is postal


@pytest.mark.parametrize("text", [
    f"key {AWS_KEY} and ghp_4Fq9Zr2Lx8Wm3Tb7Vn1Kd6Pq2Rs9Yu5Hj0 in one line",
    "sk_live_51Hv8Zq2Lm4Xt7Kp9Wr3Vn6Sb1Yh then xoxb-2841930575-5917264038-aK7pQz2Lm9Xw4Rt8Vb3Nc6Y",
    "nothing here but prose: la regla de la glucosa, 10.5 mg/dl at 08:30",
    "PM" + "AK-65f1c2a9b7e3d4f08a6c1b2e-9d3f7a1c5e8b2d4f6a0c3e9b7d1f5a2c8e y aws_secret_access_key = "
    + "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ7Lm2Zx9Rt4K",
    "https://deploy:D3ploy!x@git.example.com/a.git, AccountKey=" + "Q7Lm2Zx9Rt4Kp8Wn3Bc6Yd" * 4,
])
def test_the_grouped_hint_test_finds_what_each_rule_finds(text: str) -> None:
    lower = text.lower()
    each = sorted(s for rule in _ALL_RULES for s in rule.find(text, lower))
    assert sorted(find_vendor_tokens(text, lower)) == each


def test_a_token_spelled_with_separators_is_redacted_whole() -> None:
    dotted = ".".join(AWS_KEY)
    out = scrub(f"AWS key (remove the dots): {dotted}")
    assert dotted not in out.text and out.redactions == ("aws_access_key",)
    assert scrub("m e z q u i t a y V.I.H son palabras").count == 0


def test_the_new_finders_are_in_the_driver() -> None:
    names = {f.__name__ for f in driver._FINDERS}
    assert {"_find_access_codes", "_find_action_codes", "_find_unlocking_phrases", "_find_declared_phrases",
            "_find_chained_phrases", "_find_separated_tokens", "_find_after_aside", "find_vendor_tokens"} <= names


def test_the_ablation_counts_a_finders_own_finds(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from evaluation import detector_cv

    path = tmp_path / "mini.jsonl"
    path.write_text(
        '{"id": "m1", "text": "el código del portal es 4471", "has_secret": true, "secret": "4471", "kind": "pin"}\n'
        '{"id": "m2", "text": "Order 4471 shipped", "has_secret": false, "secret": null, "kind": "none"}\n',
        encoding="utf-8")
    monkeypatch.setattr(detector_cv, "SECRET_SOURCES", {"X": path})
    shipped = driver._FINDERS
    figures = detector_cv.secrets_ablation()
    assert driver._FINDERS == shipped  # restored
    assert figures["_find_access_codes"]["X"][2] == 1  # alone it finds the door code
    assert all(effect.get("X", [0, 0, 0, 0])[3] == 0 for effect in figures.values())  # nothing redacts the order


@pytest.mark.parametrize(("text", "secret"), [
    ("El candado de la bici de Marcos se quedó con el código 4817, desde la mudanza.", "4817"),
    ("Trastero del sótano: hay que teclear el código 60392 y empujar la puerta.", "60392"),
    ("Ruth's garden gate stayed on code 7731 since the storm.", "7731"),
])
def test_a_lock_named_earlier_in_the_sentence_binds_a_code_right_after_its_word(text: str, secret: str) -> None:
    """Fifteenth round: "<lock> … el código NNNN", the lock as the subject or in a heading."""
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "El portal de empleados muestra el código 404 cuando se cae.",
    "La puerta del almacén: el código 2024 de la normativa exige dos salidas.",
    "The gate of the stadium opened; code 3 alerts need 2 stewards.",
])
def test_a_code_word_near_a_lock_that_describes_a_number_is_kept(text: str) -> None:
    assert scrub(text).text == text
