"""``memory.claims.llm``: the optional LLM claim extractor against a real local HTTP server
(http.server in a thread), and wired into the backfill after the local default finds nothing."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from memory.claims.infer import sentences
from memory.claims.llm import LLMClaimExtractor, llm_extractor_from_settings

REGISTRY = [{"key": "preference.report_length", "label": "Report length", "values": ["short", "long"]},
            {"key": "identity.preferred_name", "label": "Preferred name", "values": []}]


class Server:
    """A chat-completions endpoint whose next answers the test sets; it records the requests."""

    def __init__(self) -> None:
        self.answer: Any = {"claims": []}
        self.status = 200
        self.delay = 0.0
        self.raw: bytes | None = None
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                time.sleep(outer.delay)
                content = outer.answer if isinstance(outer.answer, str) else json.dumps(outer.answer)
                payload = outer.raw if outer.raw is not None else json.dumps(
                    {"choices": [{"message": {"content": content}}]}).encode()
                try:
                    self.send_response(outer.status)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.close()


def extract(server: Server, text: str, **kwargs: Any):
    return LLMClaimExtractor(server.url, "test-model", timeout=kwargs.pop("timeout", 2.0), **kwargs).extract(
        sentences(text), REGISTRY)


def claim(sentence: int, predicate: str, value: str, confidence: float = 0.9) -> dict[str, Any]:
    return {"sentence": sentence, "predicate": predicate, "value": value, "confidence": confidence}


def test_valid_claims_come_back_with_spans_and_the_request_names_sentences_and_registry(server):
    note = "Hace deporte. Le gustan los resúmenes de una página; llámala Pili."
    server.answer = {"claims": [claim(1, "preference.report_length", "Short"), claim(2, "identity.preferred_name", "Pili")]}
    found = {c.predicate: c for c in extract(server, note)}
    assert set(found) == {"preference.report_length", "identity.preferred_name"}
    short = found["preference.report_length"]
    assert (short.value, short.source, short.sentence) == ("short", "llm", 1)  # the registry's own value
    assert note[short.span_start:short.span_end] == "Le gustan los resúmenes de una página"
    assert found["identity.preferred_name"].value == "Pili"
    (request,) = server.requests
    user = json.loads(request["messages"][1]["content"])
    assert [s["sentence"] for s in user["sentences"]] == [0, 1, 2]
    assert {p["key"]: p["values"] for p in user["predicates"]} == {"preference.report_length": ["short", "long"],
                                                                  "identity.preferred_name": "open"}


@pytest.mark.parametrize("item", [
    claim(0, "preference.diet", "vegan"),            # a predicate the registry lacks
    claim(0, "preference.report_length", "medium"),  # a value outside the set
    claim(5, "preference.report_length", "short"),   # a sentence that was not asked about
    claim(0, "identity.preferred_name", "Carmen"),   # an open value not in the sentence: made up
    claim(0, "preference.report_length", "short", 0.5),  # low confidence: no claim
    claim(0, "preference.report_length", "short", 1.5),
    {"sentence": True, "predicate": "preference.report_length", "value": "short", "confidence": 0.9},
])
def test_claims_the_registry_does_not_allow_are_dropped(server, item):
    server.answer = {"claims": [item]}
    assert extract(server, "Prefiere informes breves") == []


def test_two_values_for_one_predicate_in_one_sentence_give_none(server):
    server.answer = {"claims": [claim(0, "preference.report_length", "short"),
                                claim(0, "preference.report_length", "long")]}
    assert extract(server, "Informes breves o largos") == []


@pytest.mark.parametrize("answer", ["not json", '{"claims": [], "extra": 1}', "[]", '{"claims": {}}',
                                    json.dumps({"claims": [{"sentence": 0, "predicate": "x"}]}),
                                    '{"claims": [' + ",".join(['{"sentence":0,"predicate":"a","value":"b","confidence":1}'] * 40) + "]}"])
def test_garbage_answers_give_no_claims(server, answer):
    server.answer = answer
    assert extract(server, "Prefiere informes breves") == []


@pytest.mark.parametrize("status", [500, 429, 404])
def test_http_errors_give_no_claims(server, status):
    server.status = status
    assert extract(server, "Prefiere informes breves") == []


def test_a_malformed_completion_and_an_unreachable_endpoint_give_no_claims(server):
    server.raw = b'{"choices": []}'
    assert extract(server, "Prefiere informes breves") == []
    assert LLMClaimExtractor("http://127.0.0.1:9", "m", timeout=1).extract(sentences("Prefiere informes breves"),
                                                                             REGISTRY) == []


def test_a_timeout_gives_no_claims_quickly(server):
    server.delay = 3.0
    started = time.monotonic()
    assert extract(server, "Prefiere informes breves", timeout=0.5) == []
    assert time.monotonic() - started < 2.5


def test_the_budget_caps_requests(server):
    server.answer = {"claims": [claim(0, "preference.report_length", "short")]}
    extractor = LLMClaimExtractor(server.url, "m", timeout=2, max_calls=2)
    results = [extractor.extract(sentences("Prefiere informes breves"), REGISTRY) for _ in range(4)]
    assert [len(r) for r in results] == [1, 1, 0, 0] and len(server.requests) == 2


def test_logs_never_carry_the_note(server, caplog):
    server.answer = "no json here: Prefiere informes breves"
    with caplog.at_level("INFO"):
        extract(server, "Prefiere informes breves secretos")
        server.status = 500
        extract(server, "Prefiere informes breves secretos")
    assert caplog.records and "secretos" not in caplog.text and "informes" not in caplog.text


def test_off_without_a_url_and_a_url_needs_a_model(settings):
    from django.core.exceptions import ImproperlyConfigured

    settings.QUORUM_LLM_CLAIMS_URL = ""
    assert llm_extractor_from_settings() is None
    settings.QUORUM_LLM_CLAIMS_URL = "http://127.0.0.1:1"
    settings.QUORUM_LLM_CLAIMS_MODEL = ""
    with pytest.raises(ImproperlyConfigured):
        llm_extractor_from_settings()


@pytest.mark.django_db
def test_the_backfill_asks_the_extractor_only_when_the_local_default_found_nothing(server, settings, agents):
    from memory.models import MemoryClaim
    from memory.services.embedding_backfill import memory_embed_pending
    from tests.memory.consolidation.support import remember

    settings.QUORUM_LLM_CLAIMS_URL = server.url
    settings.QUORUM_LLM_CLAIMS_MODEL = "test-model"
    server.answer = {"claims": [claim(0, "preference.meeting_time", "morning", 0.95)]}
    local = remember(agents[0], "Prefiere informes breves", session="s1", origin="u1")
    other = remember(agents[1], "Las reuniones, a poder ser antes del almuerzo", session="s2", origin="u2")
    memory_embed_pending()
    assert list(MemoryClaim.objects.filter(memory=local).values_list("source", flat=True)) == ["inferred"]
    (llm,) = MemoryClaim.objects.filter(memory=other)
    assert (llm.predicate.key, llm.value, llm.source, llm.confidence) == ("preference.meeting_time", "morning",
                                                                         "llm", 0.95)
    assert len(server.requests) == 1  # the locally resolved note was never sent


@pytest.mark.django_db
def test_a_broken_endpoint_leaves_the_note_without_claims_and_the_backfill_finishes(server, settings, agents):
    from memory.models import Memory, MemoryClaim
    from memory.services.embedding_backfill import memory_embed_pending
    from tests.memory.consolidation.support import remember

    settings.QUORUM_LLM_CLAIMS_URL = server.url
    settings.QUORUM_LLM_CLAIMS_MODEL = "test-model"
    server.status = 500
    memory = remember(agents[0], "Las reuniones, a poder ser antes del almuerzo", session="s1", origin="u1")
    report = memory_embed_pending()
    assert report.embedded == 1 and report.failed_batches == 0
    assert not MemoryClaim.objects.filter(memory=memory).exists()
    assert Memory.objects.get(pk=memory.pk).embedding_pending is False
