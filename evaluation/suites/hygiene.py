"""Suite 8 — hygiene: no secret written through any field is stored (issue 15).

Two work agents write a set of freshly generated (fake) credentials through every field an agent
controls, over the real HTTP API: ``content`` (plain, fullwidth, zero-width, combining-accent and
prose forms), ``reasoning``, strings of ``value`` at every depth, values under secret-named keys,
and the identifiers ``key``, ``origin_ref``, ``session_id`` and ``derived_from`` (refused with 400
``secret_in_identifier``), plus the session id of a session end and of a recall. Embedding and
consolidation then run through the real task bodies. Hard invariant: ``secrets_stored`` — how many
of the secrets are found verbatim in any text or JSON column of the database afterwards (≤ 0).

Also reported (information, no target: they never change the exit code): redaction recall and false redaction of the
scrubber on the held-out secrets corpus — the untouched third split
(``evaluation/heldout/issue15_third/secrets_heldout3.jsonl``, a fourth author who never saw the
rules, never read while developing) — and the same on the development files (``issue15/secrets_dev.jsonl``,
``issue15_dev2/secrets_dev2.jsonl``), with a per-kind table. The earlier held-out files
(``issue15/secrets_heldout.jsonl``, ``issue15_fresh``) are spent and are development data now
(docs/privacy.md).
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path
from typing import Any

from django.db import connection

from evaluation.metrics import SuiteResult
from evaluation.runtime import Run
from memory.scrubbing import scrub

HELDOUT_DIR = Path(__file__).resolve().parents[1] / "heldout" / "issue15"
#: (label, file) of the corpus figures: the untouched third split first, then the development files.
CORPUS_SPLITS = (("heldout", HELDOUT_DIR.with_name("issue15_third") / "secrets_heldout3.jsonl"),
                 ("dev", HELDOUT_DIR / "secrets_dev.jsonl"),
                 ("dev2", HELDOUT_DIR.with_name("issue15_dev2") / "secrets_dev2.jsonl"))
PURPOSE = "essential.service"


def secret_figures(path: Path) -> dict[str, Any]:
    """Recall (the labelled secret no longer occurs in the scrubbed text) and false redaction (any
    redaction on a line without a secret) of :func:`scrub` over a secrets JSONL file, per kind."""
    kinds: dict[str, list[int]] = {}
    positives = found = negatives = false = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        out = scrub(row["text"])
        if row["has_secret"]:
            hit = row["secret"] not in out.text
            positives += 1
            found += hit
            tally = kinds.setdefault(row["kind"], [0, 0])
            tally[0] += hit
            tally[1] += 1
        else:
            negatives += 1
            false += out.count > 0
    return {"positives": positives, "found": found, "negatives": negatives, "false": false,
            "recall": found / positives if positives else 1.0,
            "false_redaction": false / negatives if negatives else 0.0,
            "per_kind": {k: {"found": v[0], "of": v[1]} for k, v in sorted(kinds.items())}}


def _alnum(rng: random.Random, n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _secrets(rng: random.Random) -> dict[str, str]:
    """Fresh fake credentials, one per form (prefixes built by concatenation on purpose)."""
    upper = string.ascii_uppercase + string.digits
    return {
        "github": "gh" + "p_" + _alnum(rng, 36),
        "aws": "AK" + "IA" + _alnum(rng, 16, upper),
        "slack": "xo" + "xb-" + _alnum(rng, 12, string.digits) + "-" + _alnum(rng, 24),
        "stripe": "sk" + "_live_" + _alnum(rng, 24),
        "mailgun": "key-" + _alnum(rng, 32, "0123456789abcdef"),
        "prose": "Girasol#" + _alnum(rng, 4, string.digits),
        "accented": "Membrillo_" + _alnum(rng, 4, string.digits),
        "fullwidth": "gh" + "p_" + _alnum(rng, 36),
        "zero_width": "AK" + "IA" + _alnum(rng, 16, upper),
        "value_plain": "tortuga" + _alnum(rng, 6, string.ascii_lowercase),
        "value_nested": "Pelusa-" + _alnum(rng, 6, string.digits),
        "reasoning": "Quokka!" + _alnum(rng, 5, string.digits),
        "key": "gh" + "p_" + _alnum(rng, 36),
        "origin_ref": "xo" + "xp-" + _alnum(rng, 12, string.digits) + "-" + _alnum(rng, 24),
        "session_id": "sk" + "_test_" + _alnum(rng, 24),
        "derived_from": "AK" + "IA" + _alnum(rng, 16, upper),
        "session_end": "gh" + "p_" + _alnum(rng, 36),
        "recall_session": "gh" + "p_" + _alnum(rng, 36),
    }


def _stored(secret: str) -> bool:
    """Is ``secret`` found verbatim in any text or JSON column of the database?"""
    with connection.cursor() as cursor:
        cursor.execute("""SELECT table_name, column_name FROM information_schema.columns
                          WHERE table_schema = 'public'
                            AND data_type IN ('text', 'character varying', 'json', 'jsonb')""")
        for table, column in cursor.fetchall():
            cursor.execute(f'SELECT 1 FROM "{table}" WHERE "{column}"::text LIKE %s LIMIT 1', [f"%{secret}%"])
            if cursor.fetchone():
                return True
    return False


def _writes(s: dict[str, str], ref: str) -> list[tuple[str, dict[str, Any]]]:
    """(field, body) of every write; the identifier ones must be refused."""
    base = {"subject": ref, "kind": "fact", "asserted_by": "user", "category": "user.behavior"}
    content = (f"Setup: repo token {s['github']}, aws {s['aws']}, slack {s['slack']}, stripe {s['stripe']}, "
               f"mailgun {s['mailgun']}; mi contraseña es {s['prose']}. "
               f"La contrasen\u0303a del portal es {s['accented']}. Token {_fullwidth(s['fullwidth'])}, "
               f"AWS key {s['zero_width'][:1]}\u200b{s['zero_width'][1:]}.")
    value = {"wifi": {"password": s["value_plain"], "notes": [{"api_key": s["value_nested"]}]}, "ssid": "Oficina"}
    return [
        ("content", {**base, "key": "setup_notes", "content": content, "session_id": "hy-s1", "origin_ref": "hy-1"}),
        ("value", {**base, "key": "wifi_access", "content": "Datos de acceso a la wifi de la oficina",
                   "value": value, "session_id": "hy-s2", "origin_ref": "hy-2"}),
        ("reasoning", {**base, "kind": "decision", "content": "Reset the staging admin account",
                       "reasoning": f"Uses {s['reasoning']} as the password, which leaked",
                       "session_id": "hy-s3", "origin_ref": "hy-3"}),
        ("key", {**base, "key": f"repo-{s['key']}", "content": "Acceso al repositorio", "session_id": "hy-s4"}),
        ("origin_ref", {**base, "key": "chat_origin", "content": "Nota del chat de soporte",
                        "session_id": "hy-s5", "origin_ref": f"slack:{s['origin_ref']}"}),
        ("session_id", {**base, "key": "billing_note", "content": "Nota de facturación",
                        "session_id": f"sess-{s['session_id']}"}),
        ("derived_from", {**base, "key": "derived_note", "content": "Nota derivada", "session_id": "hy-s6",
                          "derived_from": s["derived_from"]}),
    ]


def run(run: Run) -> SuiteResult:
    result = SuiteResult("hygiene", "Hygiene: no secret stored through any field")
    rng = random.Random(run.seed)
    secrets = _secrets(rng)
    ref = f"{run.synth.prefix}-hygiene-person"
    agents = [run.synth.agent(f"hygiene-{i}") for i in range(2)]
    clients = [run.client(agent) for agent in agents]
    run.progress.start("hygiene", 3)
    refused = identifier_writes = accepted = described_writes = 0
    for client in clients:
        for field, body in _writes(secrets, ref):
            response = client.post("/api/v1/memories", body, format="json")
            if field in ("key", "origin_ref", "session_id", "derived_from"):
                identifier_writes += 1
                refused += (response.status_code == 400
                            and response.json().get("code") == "secret_in_identifier"
                            and response.json().get("extra", {}).get("field") == field)
            else:
                described_writes += 1
                accepted += response.status_code in (200, 201)
    end = clients[0].post(f"/api/v1/sessions/sess-{secrets['session_end']}/end", {
        "subject": ref, "done": "Revisé los accesos del equipo", "went_well": "Todo quedó documentado",
        "went_wrong": "Pedí dos veces la misma clave porque no miré las notas anteriores",
        "improve": "Buscar en la memoria antes de preguntar por accesos", "relevant_for_others": []},
        format="json")
    identifier_writes += 1
    refused += end.status_code == 400 and end.json().get("code") == "secret_in_identifier"
    run.progress.step()
    run.embed()
    run.consolidate(ref)
    recall = clients[1].post("/api/v1/recall", {"subject": ref, "query": "acceso wifi", "purpose": PURPOSE,
                                                "session_id": f"r-{secrets['recall_session']}"}, format="json")
    run.progress.step()
    stored = [name for name, secret in secrets.items() if _stored(secret)]
    # The fullwidth form is what the writer sent: search for it too.
    stored += ["fullwidth_as_written"] if _stored(_fullwidth(secrets["fullwidth"])) else []
    result.add("secrets_stored", len(stored), 0, "<=", hard=True,
               description="secrets written through content, reasoning, value (keys, values, secret-named keys), "
                           "key, origin_ref, session_id, derived_from, session end and recall found verbatim in "
                           "the database afterwards")
    result.add("secrets_written", len(secrets) + 1, description="distinct secrets written (incl. the fullwidth form)")
    result.add("identifier_writes_refused", refused, identifier_writes, "==",
               description="writes with a secret in an identifier answered 400 secret_in_identifier")
    result.add("described_writes_accepted", accepted, described_writes, "==",
               description="writes with secrets only in describing fields stored (redacted)")
    result.add("recall_answered", int(recall.status_code in (200, 400)),
               description="the recall with a secret in its session id answered (200 when it served and logged "
                           "nothing, 400 secret_in_identifier when it would have logged the session id)")
    run.progress.step()
    for label, path in CORPUS_SPLITS:
        figures = secret_figures(path)
        name = f"{path.parent.name}/{path.name}"
        # No target on any file: the figures are information (the third split's is the held-out one).
        result.add(f"secret_recall_{label}", figures["recall"], None,
                   description=f"secrets no longer present after scrubbing ({figures['found']}/"
                               f"{figures['positives']}, {name})"
                               + ("; the untouched third split" if label == "heldout" else "; development data"))
        result.add(f"false_redaction_{label}", figures["false_redaction"], None, "<=",
                   description=f"secret-free lines with any redaction ({figures['false']}/{figures['negatives']})")
        result.tables[f"secret_recall_by_kind_{label}"] = [
            {"kind": kind, "found": v["found"], "of": v["of"]} for kind, v in figures["per_kind"].items()]
    result.tables["secrets_stored"] = [{"secret": name} for name in stored]
    return result
