"""Hostile shapes get a fast JSON 4xx; API paths never answer HTML or a traceback (issue 13)."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from config.parsers import json_depth_exceeds
from tests.conftest import auth

pytestmark = pytest.mark.django_db

LIMIT = 32
AGENT_ENDPOINTS = ["/api/v1/memories", "/api/v1/recall", "/api/v1/memories/search", "/api/v1/actions/check"]


def nested(depth: int, *, leaf: str = "1") -> str:
    """A JSON body whose ``value`` field is ``depth - 1`` lists deep (the body itself is ``depth`` deep)."""
    return '{"value": ' + "[" * (depth - 1) + leaf + "]" * (depth - 1) + "}"


def assert_nesting_refused(response, elapsed: float) -> None:  # noqa: ANN001
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {"code": "nesting_too_deep", "message": "The JSON body is nested too deeply.",
                               "extra": {"max_depth": LIMIT}}
    assert elapsed < 1.0, f"took {elapsed:.2f} s"


@pytest.mark.parametrize("depth", [600, 5000])
@pytest.mark.parametrize("path", AGENT_ENDPOINTS)
def test_deep_bodies_on_agent_endpoints_are_a_fast_400(api_client, make_agent, path, depth):
    _, key = make_agent()
    auth(api_client, key).post(path, "{}", content_type="application/json")  # warm: URL map, views, imports
    started = time.perf_counter()
    response = auth(api_client, key).post(path, nested(depth), content_type="application/json")
    assert_nesting_refused(response, time.perf_counter() - started)


@pytest.mark.parametrize("depth", [600, 5000])
def test_deep_body_on_dsr_is_a_fast_400(depth):
    user = get_user_model().objects.create_user("hostile-person", password="pw-hostile-12345")
    browser = Client()
    browser.force_login(user)
    browser.post("/api/v1/dsr", "{}", content_type="application/json")  # warm
    started = time.perf_counter()
    response = browser.post("/api/v1/dsr", nested(depth), content_type="application/json")
    assert_nesting_refused(response, time.perf_counter() - started)


def test_deep_object_nesting_and_mixed_containers_are_counted_too(api_client, make_agent):
    _, key = make_agent()
    body = '{"value": ' + '{"a": [' * 300 + "1" + "]}" * 300 + "}"
    response = auth(api_client, key).post("/api/v1/memories", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "nesting_too_deep"


def test_a_31_deep_value_is_still_accepted(api_client, make_agent):
    _, key = make_agent()
    value = '"deep"'
    for _ in range(LIMIT - 1):
        value = "[" + value + "]"
    body = ('{"subject": "hostile-ok", "kind": "fact", "key": "nesting.probe", "content": "A nested value",'
            f' "session_id": "s1", "value": {value}}}')
    assert not json_depth_exceeds(body, LIMIT)
    assert json_depth_exceeds(body, LIMIT - 1)
    response = auth(api_client, key).post("/api/v1/memories", body, content_type="application/json")
    assert response.status_code == 201, response.content[:300]
    from memory.models import Memory

    stored = Memory.objects.get(pk=response.json()["id"]).value
    depth = 0
    while isinstance(stored, list):
        stored, depth = stored[0], depth + 1
    assert (depth, stored) == (LIMIT - 1, "deep")


def test_brackets_inside_strings_do_not_count():
    body = '{"content": "' + "[{" * 5000 + '", "quote": "a \\" [[[[ b", "x": [1]}'
    assert not json_depth_exceeds(body, 2)
    assert json_depth_exceeds('{"a": [[1]]}', 2)
    assert not json_depth_exceeds('{"a": [[1]]}', 3)


def test_a_hostile_string_body_is_scanned_quickly():
    body = ('{"content": "' + "\\\\\\\"" * 200_000 + '"}').encode()
    started = time.perf_counter()
    assert not json_depth_exceeds(body, LIMIT)
    assert time.perf_counter() - started < 1.0


def test_the_value_walker_is_bounded_whatever_calls_it():
    from config.parsers import NestingTooDeep
    from memory.scrubbing.fields import scrub_value as _scrub_value

    ok: object = "x"
    for _ in range(LIMIT):
        ok = [ok]
    assert _scrub_value(ok)[1] == 0
    deep: object = "x"
    for _ in range(5000):
        deep = {"k": deep}
    with pytest.raises(NestingTooDeep):
        _scrub_value(deep)


# ----------------------------------------------------------------------------- JSON errors under /api/


@pytest.fixture(params=[False, True], ids=["debug-off", "debug-on"])
def debug(request, settings):  # noqa: ANN001
    """Both ways: API errors are JSON even when a developer turns DEBUG on."""
    settings.DEBUG = request.param
    return request.param


def assert_json_error(response, status: int, code: str) -> None:  # noqa: ANN001
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert set(body) == {"code", "message", "extra"}
    assert body["code"] == code
    text = response.content.decode()
    assert "Traceback" not in text and "<html" not in text.lower() and "settings" not in text.lower()


def test_unknown_api_path_is_json_404(client, debug):
    assert_json_error(client.get("/api/v1/no-such"), 404, "not_found")
    assert_json_error(client.post("/api/v9/anything", "{}", content_type="application/json"), 404, "not_found")


def test_wrong_method_is_json_405(api_client, make_agent, debug):
    _, key = make_agent()
    response = auth(api_client, key).delete("/api/v1/recall")
    assert_json_error(response, 405, "method_not_allowed")
    assert "POST" in response["Allow"]


def test_an_unhandled_error_in_an_api_view_is_json_500_without_traceback(api_client, make_agent, debug,
                                                                         monkeypatch, caplog):
    from memory import read_apis

    detail = "-".join(["secret", "personal", "detail"])  # not in any source line the traceback shows

    def explode(**kwargs):  # noqa: ANN003, ANN202
        raise RuntimeError(detail)

    monkeypatch.setattr(read_apis, "recall", explode)
    _, key = make_agent()
    api_client.raise_request_exception = False
    response = auth(api_client, key).post("/api/v1/recall", {"subject": "s", "query": "q",
                                                             "purpose": "essential.service"}, format="json")
    assert_json_error(response, 500, "server_error")
    assert detail not in response.content.decode()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "unhandled RuntimeError on POST api/v1/recall" in logged
    assert detail not in logged


def test_a_page_outside_the_api_keeps_html(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_dev_settings_run_with_debug_off_unless_asked(monkeypatch):
    import importlib

    import config.settings.dev as dev

    monkeypatch.delenv("DJANGO_DEBUG", raising=False)
    assert importlib.reload(dev).DEBUG is False
    monkeypatch.setenv("DJANGO_DEBUG", "1")
    assert importlib.reload(dev).DEBUG is True
    monkeypatch.delenv("DJANGO_DEBUG")
    importlib.reload(dev)


def test_the_dashboard_correction_form_has_the_same_nesting_limit():
    from dashboard.forms import CorrectFactForm

    deep = CorrectFactForm({"statement": "Prefiere informes breves", "value": "[" * 200 + "]" * 200})
    assert not deep.is_valid() and "value" in deep.errors
    fine = CorrectFactForm({"statement": "Prefiere informes breves", "value": '["short", {"a": [1]}]'})
    assert fine.is_valid() and fine.cleaned_data["value"] == ["short", {"a": [1]}]
