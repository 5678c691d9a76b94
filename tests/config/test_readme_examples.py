"""The README's and docs' command examples name subjects that exist in the demo world (issue 13)."""

from __future__ import annotations

import os
import re
import shlex
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from config.demo_world import PERSON

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def command_lines(name: str) -> list[tuple[Path, list[str]]]:
    found = []
    for doc in DOCS:
        for line in doc.read_text().splitlines():
            match = re.search(rf"manage\.py {name} (.*?)(?:\s+#.*)?$", line.strip().strip("`"))
            if match:
                found.append((doc, shlex.split(match.group(1))))
    return found


def test_every_documented_consolidate_subject_is_the_demo_person():
    lines = command_lines("consolidate")
    assert lines, "README shows a consolidate example"
    for doc, args in lines:
        if "--subject" in args:
            ref = args[args.index("--subject") + 1]
            assert ref in {PERSON, "REF"}, f"{doc.name}: consolidate --subject {ref}"


@pytest.mark.django_db(transaction=True)
def test_the_readme_consolidate_example_runs_on_the_demo_world(tmp_path, monkeypatch):
    from config.management.commands import seed_demo

    monkeypatch.setattr(seed_demo.embedded, "var_dir", lambda: tmp_path)
    call_command("seed_demo", stdout=open(os.devnull, "w"))
    readme = [args for doc, args in command_lines("consolidate") if doc.name == "README.md"]
    assert readme
    out = StringIO()
    call_command("consolidate", *readme[0], stdout=out)
    assert out.getvalue().strip()
