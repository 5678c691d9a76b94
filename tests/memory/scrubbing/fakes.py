"""Fake credentials shared by the scrubbing tests.

Fake secrets are assembled from pieces (``"AK" + "IA"...``) so the source itself does not trip
secret scanners or push protection.
"""

from __future__ import annotations

import base64

from memory.scrubbing import scrub

# Fake credentials, built so the source holds no literal secret.
AWS_KEY = "AK" + "IA" + "Q7RZ4KX2M9TVB3LP"
JWT = ".".join(
    base64.urlsafe_b64encode(part).rstrip(b"=").decode()
    for part in (
        b'{"alg":"HS256","typ":"JWT"}',
        b'{"sub":"4821","name":"Ana Ruiz","iat":1718000000}',
        bytes(range(7, 39)),
    )
)
PEM_BODY = [
    "MIIEpAIBAAKCAQEA3Tz2mr7SuFASy3Ok0b1ZrBm5mPDe4Qx0p1hK5a7sYwZp9LqA",
    "qD2nXbVt8WcYkGhJf3sR6uPzL0mNaQeB4iTvKoHd1E7yUgCjxl5SrZ9wMbtFnOc2",
    "Yk3vQp8RsT1uW4xZa7bC0dE5fG9hJ2kL6mN==",
]
PEM = "\n".join(
    ["-----BEGIN RSA " + "PRIVATE KEY-----", *PEM_BODY, "-----END RSA " + "PRIVATE KEY-----"]
)


def without_fortieth_round(monkeypatch) -> None:
    """Switch off the fortieth round's finders and filter (the token scorer, answering turns, values
    in pieces, ``not_credentials``). The scorer reads many of the earlier rounds' cases too; their
    mutant checks ask whether each *rule* is needed among the rules, so they run without it."""
    from memory.scrubbing import answers, driver, pieces, token_scorer  # local import: keeps this module data-only

    gone = {*token_scorer.FINDERS, *pieces.FINDERS}
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f not in gone))
    # The fortieth round's reading of a chat turn lives in the one chat-answer finder since round 41.
    monkeypatch.setattr(answers, "_turn_opening", lambda *args: iter(()))
    monkeypatch.setattr(driver, "not_a_credential", lambda *args: False)


def scrub_growth(make_text, scrub, *, small: int, factor: int = 4) -> tuple[float, float]:
    """The fastest scrub of ``make_text(small)`` and of ``make_text(factor * small)``: a linear-time
    scrubber takes about ``factor`` times as long on the larger text, a quadratic one ``factor**2``
    times. The linear-time tests compare the two, never a wall-clock bound (one failed under the
    shared machine's load)."""
    import time  # local import: only the timing tests need it

    def fastest(tokens: int, runs: int) -> float:
        text = make_text(tokens)
        times = []
        for _ in range(runs):
            began = time.perf_counter()
            scrub(text)
            times.append(time.perf_counter() - began)
        return min(times)

    return fastest(small, 3), fastest(factor * small, 2)


def redacted(text: str, secret: str) -> bool:
    """The scrubber redacts something in ``text`` and ``secret`` is gone from its output."""
    out = scrub(text)
    return secret not in out.text and out.count > 0


def kept(text: str) -> bool:
    """The scrubber leaves ``text`` exactly as written and counts no redaction."""
    out = scrub(text)
    return out.text == text and not out.count
