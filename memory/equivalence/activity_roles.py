"""Round 66: the person runs an activity in one note and has its other part in the other (issue 16).

"Drives on the trip to the coast" / "En el viaje a la costa va de copiloto", "Hosts the book club
dinner" / "Es una invitada en la cena del club", "Es jurado en el concurso" / "Is a contestant in the
contest": one setting, one person, and the embedder places the two notes as
close as a translation. The role-noun checks (:mod:`.role_nouns`, :mod:`.siblings`) compare two nouns
the person *is*; here one side says the role with a verb or a phrase ("does the driving", "conduce",
"al volante", "hosts") and the other with a noun of the other party ("copiloto", "guest"), and
Apertium does not know several of those nouns ("copiloto", "co-pilot"), so no dictionary reading can
compare them.

An activity is a pair of closed classes, each in both languages: its **agent** (who drives, hosts,
judges, chairs, interviews) and its **counterpart** (who rides, is invited, competes, is an ordinary
member, is interviewed) — the classes the history of misleading merges shows (``role`` rows). It
fires when one note says an agent form of an activity and none of its counterpart forms, and the
other note a counterpart form and no agent form: the person is on opposite sides of one
activity. A note that says both ("hosts her guests", "es la anfitriona de sus invitados") proves nothing about which
one the person is. Raw note text in, each note read once within a scope (:mod:`.memo`); pure Python,
no Django; nothing is logged.
"""

from __future__ import annotations

import re

from memory.equivalence.memo import per_text
from memory.equivalence.normalise import fold

#: activity → (agent forms, counterpart forms), folded; each a whole phrase of the note. Spanish
#: "conductor" (an orchestra's in English), "conducir" and bare "driving" ("carnet de conducir",
#: "driving licence") and Spanish "paciente" (also "patient" the adjective) are left out.
_ACTIVITIES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "driving": (("drives", "drove", "does the driving", "do the driving", "did the driving", "driver", "drivers",
                 "at the wheel", "behind the wheel", "conduce", "conducia", "condujo", "conduciendo", "maneja",
                 "manejaba", "manejando", "al volante", "lleva el coche", "llevaba el coche", "coge el coche",
                 "chofer", "conductora", "designated driver"),
                ("passenger", "passengers", "co pilot", "copilot", "co driver", "navigator", "rides shotgun",
                 "in the passenger seat", "copiloto", "copilota", "pasajero", "pasajera", "acompanante",
                 "de paquete", "en el asiento del copiloto")),
    "hosting": (("hosts", "hosted", "is the host", "the host of", "anfitrion", "anfitriona", "host of", "organiser",
                 "organizer", "organizadora", "organizador"),
                ("guest", "guests", "invitado", "invitada", "invitados", "invitadas")),
    "judging": (("judge", "judges", "judged", "jury", "juror", "jurado", "juez", "jueza", "examiner", "examinador",
                 "examinadora", "examina a"),
                ("contestant", "contestants", "competitor", "competes", "competing", "concursante", "concursa",
                 "compite", "participante", "se examina", "examinee", "takes the exam", "sits the exam")),
    # who runs a body against an ordinary member of it ("Chairs the association" / "Is an ordinary member")
    "chairing": (("chairs", "chaired", "chairman", "chairwoman", "chairperson", "presides", "presided", "preside",
                  "presidio", "presidente", "presidenta"),
                 ("member", "members", "miembro", "miembros", "socio", "socia", "socios")),
    # who interviews against who is interviewed ("interviewing candidates" / "interviewing as a candidate")
    "interviewing": (("interviews", "interviewed candidates", "interviewing candidates", "interviewing applicants",
                      "interviews applicants", "interviewer",
                      "interviewers", "entrevista a", "entrevistaba a", "entrevistador", "entrevistadora"),
                     ("candidate", "as a candidate", "interviewee", "entrevistado", "entrevistada", "candidato",
                      "candidata", "is being interviewed", "was interviewed")),
}


#: The first words of every form: a note with none of them says no side of any activity.
_FIRST_WORDS = frozenset(p.split()[0] for doers, parts in _ACTIVITIES.values() for p in (*doers, *parts))


_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


@per_text
def _sides(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The activities ``text`` says the agent of, and those it says the counterpart of (read once per
    note within a scope, :mod:`.memo`)."""
    padded = f" {_NOT_ALNUM.sub(' ', fold(text))} "
    if _FIRST_WORDS.isdisjoint(padded.split()):
        return frozenset(), frozenset()
    agent = frozenset(a for a, (doers, _) in _ACTIVITIES.items() if any(f" {p} " in padded for p in doers))
    other = frozenset(a for a, (_, parts) in _ACTIVITIES.items() if any(f" {p} " in padded for p in parts))
    return agent, other


def opposite_sides(text_a: str, text_b: str) -> bool:
    """One note says only the agent of an activity, the other only its counterpart (module docstring)."""
    agent_a, other_a = _sides(text_a)
    agent_b, other_b = _sides(text_b)
    return bool(((agent_a - other_a) & (other_b - agent_b)) or ((agent_b - other_b) & (other_a - agent_a)))
