"""Synthetic people, agents and statements (Spanish and English), deterministic by seed.

Nothing here comes from a real conversation: people are opaque references (``eval-p-0007``),
agents are slugs with roles and domains, and statements are generated from templates.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from agents_registry.models import Agent
from agents_registry.services.agents import agent_create
from config.actors import Actor
from memory.services.memories import memory_record

ACTOR = Actor.system("evaluation")


@dataclass(frozen=True)
class FactTemplate:
    """A continuity fact: predicate, value, two wordings per language, and recall questions."""

    predicate: str
    value: Any
    es: tuple[str, str]
    en: tuple[str, str]
    query_es: str
    query_en: str


# Values per predicate: the same predicate appears with different values across people.
FACTS: list[FactTemplate] = [
    FactTemplate("communication.language", "es", ("Prefiere que le escriban en español", "Pide comunicarse en castellano"),
                 ("Prefers to be written to in Spanish", "Asks to communicate in Spanish"),
                 "¿en qué idioma prefiere comunicarse?", "which language does the person prefer?"),
    FactTemplate("communication.language", "en", ("Prefiere que le escriban en inglés", "Pide comunicarse en inglés"),
                 ("Prefers to be written to in English", "Asks to communicate in English"),
                 "¿en qué idioma prefiere comunicarse?", "which language does the person prefer?"),
    FactTemplate("preference.report_length", "short", ("Prefiere informes breves", "Pide resúmenes cortos"),
                 ("Prefers short reports", "Asks for brief summaries"),
                 "¿cómo quiere los informes?", "how long should reports be?"),
    FactTemplate("preference.report_length", "long", ("Prefiere informes extensos y detallados",
                                                      "Pide informes largos con todo el detalle"),
                 ("Prefers long, detailed reports", "Asks for detailed reports"),
                 "¿cómo quiere los informes?", "how long should reports be?"),
    FactTemplate("preference.meeting_time", "morning", ("Prefiere reuniones por la mañana",
                                                        "Las reuniones mejor a primera hora"),
                 ("Prefers meetings in the morning", "Likes early meetings"),
                 "¿a qué hora prefiere las reuniones?", "when does the person like meetings?"),
    FactTemplate("preference.meeting_time", "afternoon", ("Prefiere reuniones por la tarde",
                                                          "Las reuniones mejor después de comer"),
                 ("Prefers meetings in the afternoon", "Likes afternoon meetings"),
                 "¿a qué hora prefiere las reuniones?", "when does the person like meetings?"),
    FactTemplate("communication.style", "formal", ("Prefiere un trato formal, de usted", "Pide que le hablen de usted"),
                 ("Prefers a formal tone", "Asks for formal communication"),
                 "¿qué tono prefiere?", "what tone does the person prefer?"),
    FactTemplate("communication.style", "informal", ("Prefiere un trato cercano, de tú", "Pide que le tuteen"),
                 ("Prefers an informal tone", "Asks for casual communication"),
                 "¿qué tono prefiere?", "what tone does the person prefer?"),
]
PROJECTS = ["Atlas", "Borealis", "Cobalto", "Duna", "Estela", "Faro", "Granito", "Helio"]
NAMES = ["Lola", "Quique", "Maite", "Rafa", "Nerea", "Iker", "Sol", "Teo"]


def project_fact(name: str) -> FactTemplate:
    return FactTemplate("project.current", name, (f"Trabaja en el proyecto {name}", f"Está con el proyecto {name}"),
                        (f"Works on project {name}", f"Is on the {name} project"),
                        "¿en qué proyecto trabaja?", "which project is the person on?")


def name_fact(name: str) -> FactTemplate:
    return FactTemplate("identity.preferred_name", name, (f"Prefiere que la llamen {name}", f"Le gusta que le digan {name}"),
                        (f"Prefers to be called {name}", f"Goes by {name}"),
                        "¿cómo prefiere que la llamen?", "what name does the person go by?")


class Synth:
    """Deterministic generator and writer of synthetic evaluation data."""

    def __init__(self, seed: int, prefix: str) -> None:
        self.rng = random.Random(seed)
        self.prefix = prefix
        self.counter = 0
        self.keys: dict[str, str] = {}

    def ref(self, label: str) -> str:
        """A fresh opaque person reference."""
        self.counter += 1
        return f"{self.prefix}-{label}-{self.counter:04d}"

    def code(self) -> str:
        """A unique synthetic marker (for leak and residue searches)."""
        # Pronounceable and low-entropy, so the credential scrubber leaves it alone.
        word = "".join(self.rng.choice("bcdfgklmnprstvz") + self.rng.choice("aeiou") for _ in range(5))
        return word.capitalize()

    def agent(self, label: str, *, role: str = "planner", domain: str = "work",
              purposes: list[str] | None = None, verified_channel: bool = False) -> Agent:
        slug = f"{self.prefix}-{label}"[:64]
        existing = Agent.objects.filter(slug=slug).first()
        if existing is not None:
            return existing
        created = agent_create(actor=ACTOR, slug=slug, role=role, domain=domain,
                               purposes=purposes if purposes is not None else ["essential.service"],
                               verified_channel=verified_channel)
        self.keys[slug] = created.key
        return created.agent

    def key_for(self, agent: Agent) -> str:
        return self.keys[agent.slug]

    def facts_for_person(self, n: int) -> list[FactTemplate]:
        """``n`` facts with distinct predicates, values drawn at random."""
        pool = [*FACTS, project_fact(self.rng.choice(PROJECTS)), name_fact(self.rng.choice(NAMES))]
        self.rng.shuffle(pool)
        chosen: list[FactTemplate] = []
        for fact in pool:
            if fact.predicate not in {c.predicate for c in chosen}:
                chosen.append(fact)
            if len(chosen) == n:
                break
        return chosen

    def wording(self, fact: FactTemplate, variant: int | None = None, lang: str | None = None) -> str:
        lang = lang or self.rng.choice(["es", "en"])
        texts = fact.es if lang == "es" else fact.en
        return texts[variant if variant is not None else self.rng.randrange(2)]


def remember(agent: Agent, subject: str, content: str, *, session: str, origin: str = "", predicate: str = "",
             value: Any = None, asserted_by: str = "user", trust: str | None = None, key: str = "",
             category: str = "", derived_from: str = "", **extra: Any):
    """Record a private fact through the real write service (as the agent)."""
    return memory_record(actor=Actor.for_agent(agent), agent=agent, subject_ref=subject, kind="fact",
                         content=content, session_id=session, origin_ref=origin, predicate=predicate, value=value,
                         asserted_by=asserted_by, trust=trust, key=key, category=category,
                         derived_from=derived_from, **extra).memory
