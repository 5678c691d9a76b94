"""Tests for memory.equivalence.llm against a throw-away local HTTP server (no database, no network).

Works both with ``-p no:django`` and under pytest-django: settings are faked by
monkeypatching ``django.conf.settings``, never configured globally.
"""

from __future__ import annotations

import json
import logging
import re
import socket
import threading
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from memory.equivalence import Judgment, Label, Statement, default_chain
from memory.equivalence.llm import LLM_REASONS, SYSTEM_PROMPT, LLMJudge, llm_judge_from_settings

# Texts and key that must never reach a log line or an error.
SECRET_A = "Su hija tiene diabetes y prefiere informes breves"
SECRET_B = "Pide resúmenes cortos sobre la salud de su hija"
API_KEY = "sk-live-do-not-log-4242"
A, B = Statement(SECRET_A), Statement(SECRET_B)


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class FakeServer:
    """Answers chat completions with whatever ``reply`` returns: (status, body bytes, delay seconds)."""

    base_url: str = ""
    requests: list[Recorded] = field(default_factory=list)
    reply: Callable[[dict[str, Any]], tuple[int, bytes, float]] = lambda body: (200, b"{}", 0.0)

    def answer(self, content: object, status: int = 200, delay: float = 0.0) -> None:
        """Reply with a completion whose assistant message content is ``content``."""
        payload = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]})
        self.reply = lambda body: (status, payload.encode(), delay)

    def answer_json(self, obj: object) -> None:
        self.answer(json.dumps(obj))


def completion(label: str, reason: str = "paraphrase") -> str:
    return json.dumps({"label": label, "reason": reason})


@pytest.fixture
def server() -> Iterator[FakeServer]:
    state = FakeServer()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            state.requests.append(Recorded(self.path, dict(self.headers.items()), body))
            status, payload, delay = state.reply(body)
            if delay:
                time.sleep(delay)
            try:
                self.send_response(status)
                if status in (301, 302, 307):
                    self.send_header("Location", "http://127.0.0.1:9/elsewhere")
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout tests)

        def log_message(self, *args: object) -> None:  # keep test output quiet
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    state.base_url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield state
    httpd.shutdown()
    httpd.server_close()


def make_judge(server: FakeServer, **kwargs: Any) -> LLMJudge:
    kwargs.setdefault("timeout", 2.0)
    return LLMJudge(server.base_url, "judge-model", API_KEY, **kwargs)


def assert_quiet(caplog: pytest.LogCaptureFixture) -> None:
    """No log record mentions the statements or the API key."""
    for record in caplog.records:
        message = record.getMessage()
        for secret in (SECRET_A, SECRET_B, API_KEY, "diabetes"):
            assert secret not in message


# ==========================================================================
# request and answer
# ==========================================================================


class TestRequest:
    def test_request_shape_and_valid_answer(self, server: FakeServer) -> None:
        server.answer(completion("EQUIVALENT", "paraphrase"))
        judge = make_judge(server)
        verdict = judge.judge(A, B, similarity=0.93)
        assert verdict == Judgment(Label.EQUIVALENT, "llm", "llm-1", "paraphrase", 0.7)
        (req,) = server.requests
        assert req.path == "/v1/chat/completions"
        assert req.headers["Authorization"] == f"Bearer {API_KEY}"
        assert req.headers["Content-Type"] == "application/json"
        body = req.body
        assert body["model"] == "judge-model"
        assert body["response_format"] == {"type": "json_object"}
        assert body["temperature"] == 0
        system, user = body["messages"]
        assert system == {"role": "system", "content": SYSTEM_PROMPT}
        assert user["role"] == "user"
        statements = json.loads(user["content"])
        assert {statements["statement_a"]["text"], statements["statement_b"]["text"]} == {SECRET_A, SECRET_B}
        for label in Label:
            assert label.value in SYSTEM_PROMPT
        assert '"label"' in SYSTEM_PROMPT and '"reason"' in SYSTEM_PROMPT

    @pytest.mark.parametrize("suffix", ["", "/", "/v1", "/v1/", "/v1/chat/completions"])
    def test_endpoint_forms(self, server: FakeServer, suffix: str) -> None:
        server.answer(completion("UNRELATED", "different_topic"))
        judge = LLMJudge(server.base_url + suffix, "m", timeout=2)
        assert judge.judge(A, B, similarity=None) is not None
        assert server.requests[0].path == "/v1/chat/completions"
        assert "Authorization" not in server.requests[0].headers  # no key configured, none sent

    @pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://host/x", "not a url", ""])
    def test_rejects_non_http_urls(self, url: str) -> None:
        with pytest.raises(ValueError):
            LLMJudge(url, "m")

    def test_statements_are_sent_in_canonical_order(self, server: FakeServer) -> None:
        server.answer(completion("ENTAILS", "entails"))
        make_judge(server).judge(A, B, similarity=None)
        make_judge(server).judge(B, A, similarity=None)
        first, second = (r.body["messages"][1]["content"] for r in server.requests)
        assert first == second  # judge(a, b) and judge(b, a) ask the same question

    def test_every_label_is_accepted(self, server: FakeServer) -> None:
        for label in Label:
            server.answer(completion(label.value, "ambiguous"))
            verdict = make_judge(server).judge(A, B, similarity=None)
            assert verdict is not None and verdict.label is label


# ==========================================================================
# strict parsing
# ==========================================================================


@pytest.mark.parametrize("content", [
    "not json at all",
    'Sure! {"label": "EQUIVALENT", "reason": "paraphrase"}',
    '{"label": "EQUIVALENT", "reason": "paraphrase"} Hope this helps.',
    '```json\n{"label": "EQUIVALENT", "reason": "paraphrase"}\n```',
    '{"label": "MAYBE", "reason": "paraphrase"}',
    '{"label": "equivalent", "reason": "paraphrase"}',
    '{"label": "EQUIVALENT", "reason": "paraphrase", "explanation": "both about reports"}',
    '{"reason": "paraphrase"}',
    '{"label": ["EQUIVALENT"], "reason": "paraphrase"}',
    '{"label": "EQUIVALENT", "reason": "Prefiere informes breves y pide resúmenes"}',
    '{"label": "EQUIVALENT", "reason": 7}',
    '["EQUIVALENT", "paraphrase"]',
    '"EQUIVALENT"',
    "",
    "[" * 5000 + "]" * 5000,
])
def test_invalid_answers_are_no_opinion(server: FakeServer, caplog: pytest.LogCaptureFixture, content: str) -> None:
    server.answer(content)
    with caplog.at_level(logging.DEBUG, logger="memory.equivalence.llm"):
        assert make_judge(server).judge(A, B, similarity=0.9) is None
    assert_quiet(caplog)


@pytest.mark.parametrize("payload", [
    b"<html>oops</html>", b'{"choices": []}', b'{"choices": [{"message": {}}]}',
    b'{"choices": [{"message": {"content": null}}]}', b'{"choices": [{"message": {"content": {"label": "x"}}}]}',
])
def test_malformed_completions_are_no_opinion(server: FakeServer, payload: bytes) -> None:
    server.reply = lambda body: (200, payload, 0.0)
    assert make_judge(server).judge(A, B, similarity=None) is None


def test_unlisted_reason_keeps_label_but_drops_words(server: FakeServer) -> None:
    server.answer(completion("CONTRADICTS", "prefers_short_reports_for_daughter"))
    verdict = make_judge(server).judge(A, B, similarity=None)
    assert verdict is not None and verdict.label is Label.CONTRADICTS
    assert verdict.reason == "llm_unlisted_reason"
    assert "llm_unlisted_reason" not in LLM_REASONS


# ==========================================================================
# budget and cache
# ==========================================================================


class TestBudgetAndCache:
    def test_budget_exhaustion_returns_none_without_a_request(self, server: FakeServer) -> None:
        server.answer(completion("UNRELATED", "different_topic"))
        judge = make_judge(server, max_calls=2)
        pairs = [(Statement(f"Dato {i}"), Statement(f"Otro dato {i}")) for i in range(3)]
        results = [judge.judge(a, b, similarity=None) for a, b in pairs]
        assert [r is not None for r in results] == [True, True, False]
        assert len(server.requests) == 2
        assert judge.calls_made == 2 and judge.calls_left == 0
        # cached answers are still served after the budget is spent
        assert judge.judge(*pairs[0], similarity=None) == results[0]
        assert len(server.requests) == 2

    def test_zero_budget_never_calls(self, server: FakeServer) -> None:
        assert make_judge(server, max_calls=0).judge(A, B, similarity=0.99) is None
        assert server.requests == []

    def test_cache_hit_makes_no_second_request(self, server: FakeServer) -> None:
        server.answer(completion("EQUIVALENT", "paraphrase"))
        judge = make_judge(server)
        first = judge.judge(A, B, similarity=0.9)
        assert judge.judge(A, B, similarity=0.5) == first
        assert judge.judge(B, A, similarity=0.9) == first  # symmetric key
        assert len(server.requests) == 1 and judge.calls_made == 1
        # a different predicate is a different question
        judge.judge(Statement(SECRET_A, "preference.report_length"), B, similarity=0.9)
        assert len(server.requests) == 2

    def test_cache_keys_are_hashes_not_text(self, server: FakeServer) -> None:
        server.answer(completion("EQUIVALENT", "paraphrase"))
        judge = make_judge(server)
        judge.judge(A, B, similarity=0.9)
        keys = list(judge._cache)  # noqa: SLF001 - the cache's own privacy property
        assert len(keys) == 1 and re.fullmatch(r"[0-9a-f]{64}", keys[0])
        assert SECRET_A not in repr(judge._cache) and SECRET_B not in repr(judge._cache)  # noqa: SLF001

    def test_invalid_answer_is_cached_transport_error_is_not(self, server: FakeServer) -> None:
        server.answer("nonsense")
        judge = make_judge(server)
        assert judge.judge(A, B, similarity=None) is None
        assert judge.judge(A, B, similarity=None) is None
        assert len(server.requests) == 1  # the model's answer was useless: don't pay for it again
        server.reply = lambda body: (503, b"busy", 0.0)
        other = (Statement("Habla alemán"), Statement("Speaks German"))
        assert judge.judge(*other, similarity=None) is None
        server.answer(completion("EQUIVALENT", "cross_language_equivalent"))
        assert judge.judge(*other, similarity=None) is not None  # retried: a 503 may pass
        assert len(server.requests) == 3

    def test_cache_is_bounded(self, server: FakeServer) -> None:
        server.answer(completion("UNRELATED", "different_topic"))
        judge = make_judge(server, cache_size=2, max_calls=10)
        for i in range(4):
            judge.judge(Statement(f"x{i}"), Statement("y"), similarity=None)
        assert len(judge._cache) == 2  # noqa: SLF001

    def test_concurrent_use_respects_the_budget(self, server: FakeServer) -> None:
        server.answer(completion("UNRELATED", "different_topic"))
        judge = make_judge(server, max_calls=5)
        threads = [threading.Thread(target=judge.judge, args=(Statement(f"t{i}"), Statement("u")),
                                    kwargs={"similarity": None}) for i in range(20)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(server.requests) == 5


# ==========================================================================
# failures: never raise, never leak
# ==========================================================================


class TestFailures:
    def test_timeout_is_no_opinion(self, server: FakeServer, caplog: pytest.LogCaptureFixture) -> None:
        server.answer(completion("EQUIVALENT"), delay=1.5)
        judge = make_judge(server, timeout=0.2)
        start = time.perf_counter()
        with caplog.at_level(logging.DEBUG, logger="memory.equivalence.llm"):
            assert judge.judge(A, B, similarity=0.95) is None
        assert time.perf_counter() - start < 1.2
        assert "timed out" in caplog.text or "timeout" in caplog.text
        assert_quiet(caplog)

    @pytest.mark.parametrize("status", [400, 401, 404, 429, 500, 503])
    def test_http_errors_do_not_leak_the_echoed_body(
        self, server: FakeServer, caplog: pytest.LogCaptureFixture, status: int
    ) -> None:
        echo = json.dumps({"error": {"message": f"bad input: {SECRET_A} / {API_KEY}"}}).encode()
        server.reply = lambda body: (status, echo, 0.0)
        with caplog.at_level(logging.DEBUG, logger="memory.equivalence.llm"):
            assert make_judge(server).judge(A, B, similarity=None) is None
        assert str(status) in caplog.text
        assert_quiet(caplog)

    def test_connection_refused(self, caplog: pytest.LogCaptureFixture) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]  # closed again before use: nothing listens there
        judge = LLMJudge(f"http://127.0.0.1:{port}", "m", API_KEY, timeout=1)
        with caplog.at_level(logging.DEBUG, logger="memory.equivalence.llm"):
            assert judge.judge(A, B, similarity=None) is None
        assert_quiet(caplog)

    def test_redirects_are_not_followed(self, server: FakeServer) -> None:
        server.reply = lambda body: (307, b"", 0.0)
        assert make_judge(server).judge(A, B, similarity=None) is None
        assert len(server.requests) == 1

    def test_unencodable_text_does_not_raise(self, server: FakeServer) -> None:
        server.answer(completion("UNSURE", "ambiguous"))
        verdict = make_judge(server).judge(Statement(SECRET_A + "\ud800"), Statement("\x00"), similarity=None)
        assert verdict is not None and verdict.label is Label.UNSURE

    def test_repr_hides_the_key_and_url_credentials(self) -> None:
        judge = LLMJudge("https://user:pw@llm.example/v1?api-key=abc", "m", API_KEY)
        text = repr(judge)
        assert API_KEY not in text and "pw" not in text and "api-key" not in text
        assert "llm.example" in text

    def test_long_statements_are_clipped(self, server: FakeServer) -> None:
        server.answer(completion("UNRELATED", "different_topic"))
        make_judge(server, max_text_chars=50).judge(Statement("x" * 10_000), B, similarity=None)
        content = json.loads(server.requests[0].body["messages"][1]["content"])
        assert max(len(s["text"]) for s in content.values()) == 50


# ==========================================================================
# in the chain
# ==========================================================================


class TestInChain:
    def test_local_rules_answer_first(self, server: FakeServer) -> None:
        server.answer(completion("EQUIVALENT", "paraphrase"))
        chain = default_chain(llm=make_judge(server))
        verdict = chain.judge(Statement("Puede reunirse los lunes"), Statement("No puede reunirse los lunes"),
                              similarity=0.95)
        assert verdict.label is Label.CONTRADICTS and server.requests == []

    def test_llm_decides_what_rules_cannot(self, server: FakeServer) -> None:
        server.answer(completion("EQUIVALENT", "cross_language_equivalent"))
        chain = default_chain(llm=make_judge(server))
        # below the similarity judge's ES↔EN floor (0.86): only the LLM can say EQUIVALENT here
        verdict = chain.judge(Statement("Le encanta el senderismo"), Statement("Loves hiking"), similarity=0.85)
        assert (verdict.label, verdict.judge) == (Label.EQUIVALENT, "llm")

    def test_llm_equivalent_is_vetoed_on_a_hard_mismatch(self, server: FakeServer) -> None:
        server.answer(completion("EQUIVALENT", "paraphrase"))
        chain = default_chain(llm=make_judge(server))
        # a flipped negation or weekday is CONTRADICTS before the LLM is asked (test above); a
        # modality the rules do not read ("always") is left to the LLM, and its EQUIVALENT is vetoed
        verdict = chain.judge(Statement("Le encanta el senderismo"), Statement("Always loves hiking"),
                              similarity=0.93)
        assert len(server.requests) == 1
        assert (verdict.label, verdict.reason) == (Label.UNSURE, "vetoed_modality_mismatch")

    def test_llm_failure_falls_back_to_conservative_exit(self, server: FakeServer) -> None:
        server.reply = lambda body: (500, b"", 0.0)
        chain = default_chain(llm=make_judge(server))
        verdict = chain.judge(Statement("Le encanta el senderismo"), Statement("Loves hiking"), similarity=0.85)
        assert (verdict.label, verdict.judge) == (Label.UNSURE, "conservative_exit")


# ==========================================================================
# settings wiring
# ==========================================================================


@pytest.fixture
def fake_settings(monkeypatch: pytest.MonkeyPatch) -> types.SimpleNamespace:
    """A stand-in for django.conf.settings, valid with or without pytest-django."""
    import django.conf

    ns = types.SimpleNamespace()
    monkeypatch.setattr(django.conf, "settings", ns)
    return ns


class TestSettings:
    def test_off_without_url(self, fake_settings: types.SimpleNamespace) -> None:
        assert llm_judge_from_settings() is None
        fake_settings.QUORUM_LLM_JUDGE_URL = "  "
        fake_settings.QUORUM_LLM_JUDGE_MODEL = "m"
        assert llm_judge_from_settings() is None

    def test_reads_settings_at_call_time(self, fake_settings: types.SimpleNamespace, server: FakeServer) -> None:
        fake_settings.QUORUM_LLM_JUDGE_URL = server.base_url + "/v1"
        fake_settings.QUORUM_LLM_JUDGE_MODEL = "gpt-judge"
        fake_settings.QUORUM_LLM_JUDGE_API_KEY = API_KEY
        fake_settings.QUORUM_LLM_JUDGE_MAX_CALLS = "3"
        judge = llm_judge_from_settings()
        assert isinstance(judge, LLMJudge)
        assert (judge.model, judge.max_calls, judge.url) == ("gpt-judge", 3, server.base_url + "/v1/chat/completions")
        server.answer(completion("UNRELATED", "different_topic"))
        judge.judge(A, B, similarity=None)
        assert server.requests[0].headers["Authorization"] == f"Bearer {API_KEY}"
        assert llm_judge_from_settings() is not judge  # the budget is per instance: one per run

    def test_missing_model_is_a_configuration_error(self, fake_settings: types.SimpleNamespace) -> None:
        from django.core.exceptions import ImproperlyConfigured

        fake_settings.QUORUM_LLM_JUDGE_URL = "http://127.0.0.1:1"
        with pytest.raises(ImproperlyConfigured):
            llm_judge_from_settings()
        fake_settings.QUORUM_LLM_JUDGE_MODEL = "m"
        fake_settings.QUORUM_LLM_JUDGE_MAX_CALLS = "lots"
        with pytest.raises(ImproperlyConfigured) as info:
            llm_judge_from_settings()
        assert API_KEY not in str(info.value)
