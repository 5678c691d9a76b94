"""Tests for memory.scrubbing.measures (no database).

Fake secrets are assembled from pieces (``"AK" + "IA"...``) so the source itself does not trip
secret scanners or push protection.
"""

from __future__ import annotations

import random
import string

import pytest
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString

from memory.scrubbing.measures import _entropy


def test_entropy_matches_detect_secrets() -> None:
    plugin = Base64HighEntropyString()
    rng = random.Random(7)
    alphabet = string.ascii_letters + string.digits + "+/-_="
    for _ in range(300):
        value = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 80)))
        assert _entropy(value) == pytest.approx(plugin.calculate_shannon_entropy(value))
