"""QuorumTools without a server: whose key each call uses, one pool for all, and error results."""

from __future__ import annotations

import pytest
from quorum_client import AuthenticationError, LockedOut, NotFound

from quorum_mcp.tools import QuorumTools, error_result

URL = "http://quorum.test"


def test_every_call_shares_one_pool_and_uses_the_configured_key_without_a_caller():
    tools = QuorumTools(base_url=URL, api_key="qk_configured_key", timeout=7)
    first, second = tools.client_for(None), tools.client_for(None)
    assert first._http is second._http is tools._pool  # the CA store and connections are loaded once
    assert first._settings.api_key == "qk_configured_key" and first.timeout == 7
    assert "qk_configured_key" not in repr(tools) + repr(first)


def test_without_any_key_a_call_is_not_authenticated_before_anything_is_sent():
    with pytest.raises(AuthenticationError) as caught:
        QuorumTools(base_url=URL, api_key=None, timeout=5).client_for(None)
    assert caught.value.code == "not_authenticated"


def test_an_error_result_keeps_code_message_extra_and_status_and_fills_retry_after():
    locked = error_result(LockedOut("Too many failed attempts.", status=429, retry_after=42.0))
    assert locked.is_error is True
    assert locked.structured_content == {"code": "locked_out", "message": "Too many failed attempts.",
                                         "extra": {"retry_after": 42}, "status": 429}
    assert locked.content[0].text.startswith("locked_out: Too many failed attempts.")
    missing = error_result(NotFound("Not found.", status=404))
    assert missing.structured_content == {"code": "not_found", "message": "Not found.", "extra": {}, "status": 404}
    assert missing.content[0].text == "not_found: Not found."
