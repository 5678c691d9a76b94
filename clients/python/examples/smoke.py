"""Smoke test of quorum-client against a running Quorum (issue 18's first "must show").

    pip install ./clients/python
    QUORUM_URL=http://127.0.0.1:8000 QUORUM_API_KEY=qk_... python clients/python/examples/smoke.py

Remembers, searches and recalls (sync, then 5 concurrent async recalls), gets NotFound for a
missing memory and unknown_field for a bad field, then locks its own address out with repeated bad
keys and shows LockedOut.retry_after. The lockout is real: for QUORUM_AUTH_LOCKOUT_SECONDS (60 s by
default) every request from this address is refused, even with a correct key. Exit status 0 when
every step behaved as expected.
"""

from __future__ import annotations

import asyncio
import os
import sys
import uuid

from quorum_client import AsyncQuorum, AuthenticationError, InvalidInput, LockedOut, NotFound, Quorum

SUBJECT = "smoke-" + uuid.uuid4().hex[:8]  # a fresh person each run
SESSION = "smoke-session-" + uuid.uuid4().hex[:8]


def step(text: str) -> None:
    print(f"-- {text}", flush=True)


def main() -> int:
    with Quorum() as quorum:  # QUORUM_URL, QUORUM_API_KEY; no network call until the first method
        step(f"client {quorum!r}, agent {quorum.me().agent.slug!r}, subject {SUBJECT!r}")

        written = quorum.remember(subject=SUBJECT, kind="fact", content="Prefers short reports in Spanish",
                                  key="report-style", asserted_by="user", session_id=SESSION)
        step(f"remember -> id={written.id} status={written.status} trust={written.trust} "
             f"deduplicated={written.deduplicated}")

        hits = quorum.search(subject=SUBJECT, query="reports", limit=5)
        step(f"search   -> {len(hits.results)} hit(s): {[(h.id, round(h.score, 3)) for h in hits.results]}")
        assert written.id in [h.id for h in hits.results]

        recalled = quorum.recall(subject=SUBJECT, query="how does this person want reports?",
                                 purpose="essential.service", session_id=SESSION)
        step(f"recall   -> {len(recalled.items)} item(s), degraded={recalled.degraded}: "
             f"{[(i.layer, i.text) for i in recalled.items]}")
        assert written.id in [i.id for i in recalled.items]

    async def five_recalls() -> list[int]:
        async with AsyncQuorum() as aquorum:
            answers = await asyncio.gather(*(
                aquorum.recall(subject=SUBJECT, query="how does this person want reports?",
                               purpose="essential.service", session_id=f"{SESSION}-{n}") for n in range(5)))
        return [len(answer.items) for answer in answers]

    counts = asyncio.run(five_recalls())
    step(f"5 concurrent async recalls -> items per answer {counts}")
    assert len(counts) == 5 and all(counts)

    with Quorum() as quorum:
        missing = str(uuid.uuid4())
        try:
            quorum.memory(id=missing)
        except NotFound as exc:
            step(f"memory(id={missing}) -> {type(exc).__name__} code={exc.code} status={exc.status}")
        else:
            raise AssertionError("a missing memory was found")

        try:  # the typed methods only accept the API's fields; request() sends anything
            quorum.request("POST", "memories", json={"subject": SUBJECT, "kind": "event", "content": "Called",
                                                     "session_id": SESSION, "origin": "utt-1"})
        except InvalidInput as exc:
            step(f"bad field 'origin' -> {type(exc).__name__} code={exc.code} status={exc.status} "
                 f"fields={exc.extra.get('fields')}")
            assert exc.code == "unknown_field"

    bad = Quorum(os.environ.get("QUORUM_URL"), "qk_nosuchprefix_" + uuid.uuid4().hex)
    for attempt in range(1, 12):
        try:
            bad.predicates()
        except AuthenticationError as exc:
            step(f"bad key, attempt {attempt:2d} -> {exc.code}")
        except LockedOut as exc:
            step(f"bad key, attempt {attempt:2d} -> {type(exc).__name__} code={exc.code} status={exc.status} "
                 f"retry_after={exc.retry_after:g} s")
            break
    else:
        raise AssertionError("no lockout after 11 bad keys")
    bad.close()
    step("all steps behaved as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
