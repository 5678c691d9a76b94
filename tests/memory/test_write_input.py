"""``POST memories``' input serializer keeps one bound copy of its fields per thread (issue 17):
every instance still validates on its own, in any order and on any thread."""

from __future__ import annotations

import threading

import pytest

from config.api import UnknownFieldError
from memory.apis import MemoryListCreateApi

Input = MemoryListCreateApi.InputSerializer
GOOD = {"subject": "ana", "kind": "event", "session_id": "s1", "content": "Pidió el informe"}


def test_instances_reuse_the_fields_and_validate_independently():
    bad = Input(data={**GOOD, "kind": "rumour", "importance": 2})
    assert not bad.is_valid()
    assert set(bad.errors) == {"kind", "importance"}
    good = Input(data={**GOOD, "valid_from": "2026-05-01T00:00:00Z", "valid_to": "2026-06-01T00:00:00Z"})
    assert good.is_valid(), good.errors
    assert good.validated_data["content"] == "Pidió el informe" and good.validated_data["key"] == ""
    assert good.fields["content"] is bad.fields["content"]  # not copied again
    assert all(field.parent is good for field in good.fields.values())
    other = Input(data={**GOOD, "content": "   "})
    assert not other.is_valid() and other.errors["content"][0].code == "blank"
    assert other.errors.keys() == {"content"} and good.errors == {}
    with pytest.raises(UnknownFieldError):  # StrictSerializer still sees the declared fields only
        Input(data={**GOOD, "colour": "blue"}).is_valid()


def test_each_thread_has_its_own_fields_and_results_do_not_mix():
    failures: list[str] = []
    seen: dict[int, object] = {}

    def run(n: int) -> None:
        for i in range(200):
            content = f"nota {n}-{i}"
            serializer = Input(data={**GOOD, "content": content} if i % 3 else {**GOOD, "kind": "nope"})
            ok = serializer.is_valid()
            if i % 3 and (not ok or serializer.validated_data["content"] != content):
                failures.append(f"{n}-{i}: {serializer.errors}")
            if not i % 3 and (ok or set(serializer.errors) != {"kind"}):
                failures.append(f"{n}-{i}: accepted")
        seen[n] = serializer.fields["content"]

    threads = [threading.Thread(target=run, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures[:5]
    assert len({id(field) for field in seen.values()}) == 3
