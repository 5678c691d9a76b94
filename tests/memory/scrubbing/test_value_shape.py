"""The shared value shape of the thirty-ninth secrets round (``memory.scrubbing.value_shape``); the
grid of frames × shapes that it serves is ``test_value_shape_grid``."""

from __future__ import annotations

import re

from memory.scrubbing.value_shape import VALUE_TOKEN, shape_score, stated_value_end


def test_one_value_shape() -> None:
    """The shared definition: trailing punctuation stays out, links and compounds are no values."""
    def end_of(text: str) -> str | None:
        m = re.compile(VALUE_TOKEN).match(text)
        assert m is not None
        end = stated_value_end(text, 0, m.group(), frozenset({"never"}))
        return None if end is None else text[:end]

    assert end_of("mFHRgd$CnkIOQS, ok") == "mFHRgd$CnkIOQS"
    assert end_of("hummingbird.") == "hummingbird"
    assert end_of("hummingbird and more") is None
    assert end_of("https://example.com/x") is None
    assert end_of("never-expire") is None
    assert end_of("read-only mode") is None
    assert end_of("blue-river-seven and that is all") == "blue-river-seven"
    assert shape_score("pa·raula7Qx") and not shape_score("hummingbird")
