"""Tests for memory.scrubbing.kinds: each detector writes its kind's placeholder (no database).

Fake secrets are assembled from pieces (``"AK" + "IA"...``) so the source itself does not trip
secret scanners or push protection.
"""

from __future__ import annotations

import pytest

from memory.scrubbing import REDACTION_KINDS, scrub
from tests.memory.scrubbing.fakes import AWS_KEY, JWT, PEM, PEM_BODY


@pytest.mark.parametrize(
    ("text", "kind", "secret"),
    [
        (f"key {AWS_KEY}", "aws_access_key", AWS_KEY),
        (f"Bearer-less jwt {JWT}", "jwt", JWT),
        (PEM, "private_key", PEM_BODY[1]),
        ("my password is Tr0ub4dor&3", "password", "Tr0ub4dor&3"),
        ("PIN is 4821", "password", "4821"),
        ("passcode is 771204", "password", "771204"),
        ("pwd=Qx9!mTr2", "password", "Qx9!mTr2"),
        ("la clave es Sol-2024!", "password", "Sol-2024!"),
        ("mi clave: Faro#88", "password", "Faro#88"),
        ("La contraseña es girasol.", "password", "girasol"),
        ("sk-" + "proj-" + "Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7", "openai_key", "Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7"),
        ("sk-" + "ant-api03-" + "x" * 8 + "Y7" * 20, "anthropic_key", "Y7" * 20),
        ("AI" + "za" + "SyB3x-Qw7Erty_Uiop9Asdf2Ghjk4Lzxc5Vb", "google_api_key", "SyB3x-Qw7Erty"),
        ("gh" + "p_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "github_token", "A1b2C3d4E5f6G7h8"),
        (
            "xo" + "xb-" + "123456789012-1234567890123-abcdefghij0123456789abcd",
            "slack_token",
            "abcdefghij0123",
        ),
        ("sk" + "_live_" + "4eC39HqLyjWDarjtT1zdp7dc", "stripe_key", "4eC39HqLyjWDarjtT1zdp7dc"),
        ("postgres://app:S3cr3t-Pw@db.internal:5432/quorum", "connection_string", "S3cr3t-Pw"),
        ("mysql://root:hunter22@localhost/ventas", "connection_string", "hunter22"),
        ("mongodb+srv://ana:Qw3rty!@cluster0.ab1cd.mongodb.net/x", "connection_string", "Qw3rty!"),
        ("redis://:p4ssw0rd@cache:6379/0", "connection_string", "p4ssw0rd"),
        ("amqp://guest:Gu3st-Rabbit@rabbit:5672/", "connection_string", "Gu3st-Rabbit"),
        ("https://deploy:D3ploy!x@git.example.com/a.git", "basic_auth", "D3ploy!x"),
        ("Authorization: Basic YWRtaW46UzNjcjN0IQ==", "basic_auth", "YWRtaW46UzNjcjN0IQ=="),
        ("Authorization: Bearer 9xQm2ZtR7LwP4vKc8NbY1sHd", "bearer_token", "9xQm2ZtR7LwP4vKc8NbY1sHd"),
        ("api_key=9f8e7d6c5b4a3f2e1d0c", "api_key", "9f8e7d6c5b4a3f2e1d0c"),
        ("token: 0a1b2c3d4e5f60718293", "token", "0a1b2c3d4e5f60718293"),
        (
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQWRTYUI98",
            "aws_secret_key",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQWRTYUI98",
        ),
        ("seed Zx8Kq2LmN7pR4tV9wY3bC6dF1gH5jA0s here", "high_entropy", "Zx8Kq2LmN7pR4tV9"),
    ],
)
def test_kind_of_placeholder(text: str, kind: str, secret: str) -> None:
    result = scrub(text)
    assert f"[REDACTED:{kind}]" in result.text
    assert kind in result.redactions
    assert secret not in result.text
    assert kind in REDACTION_KINDS
