"""(b2) Who does what to whom, across Spanish and English: people aligned slot by slot (issue 16).

Embedding similarity cannot tell "Raúl es su mentor" from "Es la mentora de Raúl", "Dan is her
manager" from "Is Dan's manager" or "Borrowed the neighbour's van" from "Lent his van to the
neighbour": the same words, the same topic, the roles reversed. This module reads, for each
statement, the *people* it mentions — names, and role or kinship nouns from a closed bilingual
lexicon (manager/jefe, mentor/tutor, neighbour/vecino…) — and the slot each one fills:

* ``subj`` — it opens its clause (before the verb): "**Raúl** es su mentor";
* ``gen`` — it owns or qualifies something: "de Raúl", "of Dan", "Dan's", "del colegio";
* ``obj`` — it is acted on or addressed: after a verb, "a"/"al"/"to";
* ``with`` / ``by`` / ``for`` / ``from`` / ``in`` — after that preposition (ES or EN).

Two statements are aligned on a person both mention (a name, with cognates, or the same role
concept); when that person fills different slots the roles differ (:func:`role_mismatch`). Both
sides naming role nouns of different concepts ("headmaster" / "subdirector") is a different role;
a converse verb on each side (lends/borrows, teaches/learns, sells/buys, sends/receives) is a
swapped direction (:func:`converse_swap`). Each is a *veto*: it can only stop a merge, never prove
one. The lexicon holds function words, person nouns and converse verbs — no topic words — and is
hand-written from general Spanish/English grammar (articles, prepositions, possessives).

Pure Python, no Django; nothing here keeps, logs or raises with statement text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from memory.equivalence import converse_verbs
from memory.equivalence.memo import per_text
from memory.equivalence.normalise import fold
from memory.text_caches import text_cache

# Role and kinship nouns: a concept per role, every ES/EN form (gender, number). A deputy or an
# assistant of a role is its own concept ("subdirector" is not "director").
_ROLE_FORMS: dict[str, tuple[str, ...]] = {
    # a manager and a head are one concept: "Heads the team" / "Es la jefa del equipo"
    "boss": ("jefe", "jefa", "jefes", "jefas", "manager", "managers", "boss", "bosses", "supervisor", "supervisora",
             "supervisores", "encargado", "encargada", "line manager", "director", "directora", "directores",
             "headmaster", "headmistress", "head teacher", "headteacher", "head", "directivo", "directiva", "chief",
             "lider", "lideres", "team lead", "tech lead", "lead", "leader", "coordinador", "coordinadora",
             "coordinator"),
    "deputy": ("subdirector", "subdirectora", "subdirectores", "deputy", "vicedirector", "vicedirectora", "subjefe",
               "subjefa", "second in command", "adjunto", "adjunta"),
    "report": ("subordinado", "subordinada", "subordinados", "direct report", "direct reports",
               "subordinate", "subordinates", "a su cargo", "a las ordenes de", "bajo las ordenes de",
               "under the orders of"),
    "mentor": ("mentor", "mentora", "mentores", "tutor", "tutora", "tutores", "padrino", "madrina"),
    "mentee": ("mentee", "mentees", "pupilo", "pupila", "protegido", "protegida", "apadrinado", "apadrinada",
               "tutorado", "tutorada"),
    "intern": ("becario", "becaria", "becarios", "becarias", "intern", "interns", "trainee", "trainees",
               "aprendiz", "apprentice", "practicante"),
    "teacher": ("profesor", "profesora", "profesores", "profesoras", "maestro", "maestra", "teacher", "teachers",
                "instructor", "instructora", "lecturer", "professor", "docente"),
    "student": ("alumno", "alumna", "alumnos", "alumnas", "estudiante", "estudiantes", "student", "students",
                "pupil", "pupils"),
    "coach": ("entrenador", "entrenadora", "coach", "trainer", "preparador", "preparadora"),
    # the other roles of a team, a game or a league: who plays, who judges, who leads on the field
    "player": ("jugador", "jugadora", "jugadores", "jugadoras", "player", "players"),
    "referee": ("arbitro", "arbitra", "arbitros", "referee", "referees", "umpire", "umpires"),
    "captain": ("capitan", "capitana", "captain", "skipper"),
    # a member of a club or association, or a partner in a business (not a couple's partner)
    "member": ("socio", "socia", "socios", "socias", "miembro", "miembros", "member", "members",
               "business partner", "business partners"),
    "neighbour": ("vecino", "vecina", "vecinos", "vecinas", "neighbour", "neighbours", "neighbor", "neighbors"),
    "client": ("cliente", "clienta", "clientes", "client", "clients", "customer", "customers"),
    "supplier": ("proveedor", "proveedora", "proveedores", "supplier", "suppliers", "vendor", "vendors"),
    "colleague": ("colega", "colegas", "companero", "companera", "companeros", "colleague", "colleagues",
                  "coworker", "co-worker", "teammate", "peer"),
    "landlord": ("casero", "casera", "landlord", "landlady", "arrendador", "arrendadora"),
    "tenant": ("inquilino", "inquilina", "inquilinos", "tenant", "tenants", "lodger", "arrendatario"),
    "owner": ("dueno", "duena", "propietario", "propietaria", "owner", "owners"),
    "employee": ("empleado", "empleada", "empleados", "employee", "employees", "staff member", "trabajador",
                 "trabajadora"),
    "founder": ("fundador", "fundadora", "founder", "founders"),
    "cofounder": ("cofundador", "cofundadora", "co-founder", "cofounder"),
    "assistant": ("asistente", "ayudante", "assistant", "auxiliar", "secretario", "secretaria", "secretary"),
    "president": ("presidente", "presidenta", "president", "chairman", "chairwoman", "chairperson"),
    "vicepresident": ("vicepresidente", "vicepresidenta", "vice president", "vice-president", "vp"),
    "doctor": ("medico", "medica", "doctor", "doctora", "physician", "gp"),
    "lawyer": ("abogado", "abogada", "lawyer", "attorney", "solicitor"),
    "nurse": ("enfermero", "enfermera", "nurse"),
    "carer": ("cuidador", "cuidadora", "carer", "caregiver", "nanny", "canguro", "ninera"),
    "friend": ("amigo", "amiga", "amigos", "amigas", "friend", "friends"),
    "partner": ("pareja", "partner", "novio", "novia", "boyfriend", "girlfriend", "marido", "mujer", "esposo",
                "esposa", "husband", "wife", "spouse"),
    "parent": ("padre", "madre", "padres", "father", "mother", "parent", "parents", "dad", "mum", "mom"),
    "child": ("hijo", "hija", "hijos", "hijas", "son", "daughter", "sons", "daughters", "child", "children", "kid",
              "kids"),
    "sibling": ("hermano", "hermana", "hermanos", "hermanas", "brother", "sister", "brothers", "sisters", "sibling",
                "siblings"),
    "grandparent": ("abuelo", "abuela", "abuelos", "grandfather", "grandmother", "grandparents", "grandpa",
                    "grandma"),
    "grandchild": ("nieto", "nieta", "nietos", "nietas", "grandson", "granddaughter", "grandchildren", "grandsons",
                   "granddaughters"),
    "uncle": ("tio", "tia", "tios", "tias", "uncle", "aunt", "uncles", "aunts"),
    "nephew": ("sobrino", "sobrina", "sobrinos", "sobrinas", "nephew", "niece", "nephews", "nieces"),
    "cousin": ("primo", "prima", "primos", "primas", "cousin", "cousins"),
    # in-laws by their relation: a father-in-law is not a brother-in-law
    "parent_inlaw": ("suegro", "suegra", "suegros", "father-in-law", "mother-in-law", "parents-in-law",
                     "in-laws"),
    "sibling_inlaw": ("cunado", "cunada", "cunados", "cunadas", "brother-in-law", "sister-in-law",
                      "brothers-in-law", "sisters-in-law"),
    "child_inlaw": ("yerno", "nuera", "yernos", "nueras", "son-in-law", "daughter-in-law", "sons-in-law",
                    "daughters-in-law"),
    "substitute": ("sustituto", "sustituta", "reemplazo", "suplente", "replacement", "substitute", "stand-in",
                   "successor", "sucesor", "sucesora"),
    "predecessor": ("predecesor", "predecesora", "antecesor", "antecesora", "predecessor"),
    "host": ("presentador", "presentadora", "host", "presenter", "anfitrion", "anfitriona"),
    "producer": ("productor", "productora", "producer"),
    # step and half relatives are relatives of their own kind
    "stepparent": ("padrastro", "madrastra", "stepfather", "stepmother", "stepparent", "stepdad", "stepmum",
                   "stepmom"),
    "stepsibling": ("hermanastro", "hermanastra", "hermanastros", "stepbrother", "stepsister", "stepsiblings",
                    "medio hermano", "media hermana", "half-brother", "half-sister", "half brother", "half sister"),
    "stepchild": ("hijastro", "hijastra", "hijastros", "stepson", "stepdaughter", "stepchildren"),
}
# Occupations: what a person works as. Read wherever they stand (a terse "Civil engineer at…", "Es
# ingeniera", "as a freelance translator"), never as a slot: they say what the person is, not who
# else is involved, and two different ones are two facts. Nouns only, each in its ES/EN forms;
# ambiguous words (cook, server, editor, comercial) are left out.
_OCCUPATION_FORMS: dict[str, tuple[str, ...]] = {
    "chef": ("cocinero", "cocinera", "cocineros", "chef", "chefs", "head chef", "jefe de cocina",
             "jefa de cocina"),
    "waiter": ("camarero", "camarera", "camareros", "camareras", "waiter", "waitress", "waiters"),
    "singer": ("cantante", "cantantes", "singer", "singers", "vocalist", "vocalista"),
    "musician": ("musico", "musica profesional", "musician", "musicians"),
    "guitarist": ("guitarrista", "guitarist"),
    "drummer": ("baterista", "drummer"),
    "bassist": ("bajista", "bassist", "bass player"),
    "pianist": ("pianista", "pianist"),
    "dentist": ("dentista", "dentist"),
    "pharmacist": ("farmaceutico", "farmaceutica", "pharmacist", "chemist"),
    "vet": ("veterinario", "veterinaria", "vet", "veterinarian"),
    "physio": ("fisioterapeuta", "fisio", "physio", "physiotherapist", "physical therapist"),
    "psychologist": ("psicologo", "psicologa", "psychologist", "therapist", "terapeuta"),
    "surgeon": ("cirujano", "cirujana", "surgeon"),
    "engineer": ("ingeniero", "ingeniera", "engineer"),
    "developer": ("programador", "programadora", "desarrollador", "desarrolladora", "developer", "programmer",
                  "software engineer", "software developer", "ingeniero de software", "ingeniera de software"),
    "designer": ("disenador", "disenadora", "designer"),
    "architect": ("arquitecto", "arquitecta", "architect"),
    "accountant": ("contable", "contador", "contadora", "accountant", "bookkeeper"),
    "judge": ("juez", "jueza", "judge", "magistrado", "magistrada"),
    "police": ("policia", "police officer", "policeman", "policewoman", "agente de policia"),
    "firefighter": ("bombero", "bombera", "firefighter", "fireman"),
    "driver": ("conductor", "conductora", "chofer", "driver", "taxista", "taxi driver"),
    "pilot": ("piloto", "pilot"),
    "examiner": ("examiner", "external examiner", "examinador", "examinadora", "miembro del tribunal",
                 "vocal del tribunal", "evaluador externo", "evaluadora externa", "parte del tribunal",
                 "examining committee", "examination committee", "examining board", "examination board",
                 "thesis committee", "defense committee", "defence committee"),
    "copilot": ("copiloto", "copilot", "co-pilot", "co-driver", "navigator", "primer oficial", "primera oficial",
                "first officer"),
    "builder": ("constructor", "constructora", "builder", "albanil", "bricklayer"),
    "cashier": ("cajero", "cajera", "cashier"),
    "receptionist": ("recepcionista", "receptionist"),
    "cleaner": ("limpiador", "limpiadora", "cleaner", "limpieza"),
    "electrician": ("electricista", "electrician"),
    "plumber": ("fontanero", "fontanera", "plumber"),
    "mechanic": ("mecanico", "mecanica", "mechanic"),
    "carpenter": ("carpintero", "carpintera", "carpenter"),
    "baker": ("panadero", "panadera", "baker"),
    "farmer": ("agricultor", "agricultora", "granjero", "granjera", "farmer"),
    "journalist": ("periodista", "journalist", "reporter", "reportero", "reportera"),
    "writer": ("escritor", "escritora", "writer", "novelist", "novelista"),
    "translator": ("traductor", "traductora", "translator", "interprete", "interpreter"),
    "photographer": ("fotografo", "fotografa", "photographer"),
    "actor": ("actor", "actriz", "actress", "actors"),
    "dancer": ("bailarin", "bailarina", "dancer"),
    "salesperson": ("vendedor", "vendedora", "salesperson", "salesman", "saleswoman", "sales rep", "dependiente",
                    "dependienta", "shop assistant"),
    "analyst": ("analista", "analyst"),
    "consultant": ("consultor", "consultora", "consultant"),
    "researcher": ("investigador", "investigadora", "researcher"),
    "scientist": ("cientifico", "cientifica", "scientist"),
    "librarian": ("bibliotecario", "bibliotecaria", "librarian"),
    "treasurer": ("tesorero", "tesorera", "treasurer"),
    "coordinator": ("coordinador", "coordinadora", "coordinator"),
    # who wrote a piece of work and who checks it
    "author": ("autor", "autora", "author", "co-author", "coautor", "coautora"),
    "reviewer": ("revisor", "revisora", "reviewer", "auditor", "auditora"),
    "volunteer": ("voluntario", "voluntaria", "volunteer", "volunteers"),
    # where a person plays in a team: two positions are two facts ("Juega de portero" / "plays as a defender")
    "goalkeeper": ("portero", "portera", "guardameta", "arquero", "arquera", "goalkeeper", "goalie", "keeper"),
    "defender": ("defensa central", "juega de defensa", "defender", "centre back", "center back", "full back",
                 "fullback"),
    "midfielder": ("centrocampista", "mediocentro", "midfielder", "medio centro"),
    "forward": ("delantero", "delantera", "forward", "striker", "ariete", "winger"),
    # who governs an organisation and who helps in it
    "board_member": ("sits on the board", "board member", "on the board of", "miembro de la junta",
                     "miembro del consejo", "forma parte de la junta", "consejero", "consejera", "trustee"),
    # who a person is at a wedding: who marries the couple, who stands beside them
    "officiant": ("officiant", "officiated", "officiates", "celebrant", "oficio la boda", "oficiara la boda",
                  "oficia la boda"),
    "best_man": ("best man", "padrino de boda", "padrino del novio"),
    "bridesmaid": ("bridesmaid", "maid of honour", "maid of honor", "dama de honor"),
    # the roles of a product team: who owns the product, who runs the process, who manages the project,
    # who only has a stake in it
    "product_owner": ("product owner", "propietario del producto", "propietaria del producto"),
    "scrum_master": ("scrum master",),
    "project_manager": ("project manager", "jefe de proyecto", "jefa de proyecto", "gestor de proyectos",
                        "gestora de proyectos", "director de proyecto", "directora de proyecto"),
    "stakeholder": ("stakeholder", "stakeholders", "parte interesada"),
    "legal_counsel": ("legal counsel", "general counsel", "in-house counsel", "legal adviser", "legal advisor",
                      "asesor juridico", "asesora juridica", "abogado de la empresa", "abogada de la empresa"),
    # who applies for a post or sits an exam, and who chooses or examines ("Se examina en…" is
    # examined, against the "examiner" there)
    "candidate": ("candidate", "candidato", "candidata", "applicant", "aspirante", "examinee", "examinees",
                  "interviewee", "interviewees",
                  "se examina", "se examinan", "se examino", "se examinara", "se va a examinar",
                  "sits the exam", "sat the exam", "sitting the exam", "takes the exam", "took the exam",
                  "taking the exam", "se presenta al examen"),
    "interviewer": ("interviewer", "entrevistador", "entrevistadora", "hiring panel", "selection panel",
                    "comite de seleccion", "tribunal de seleccion"),
    # who edits a journal and who reviews for it ("editor" alone is left out: a text editor is a tool)
    "editor": ("associate editor", "editor in chief", "editor-in-chief", "managing editor", "section editor",
               "handling editor", "editor asociado", "editora asociada", "editor jefe", "editora jefe"),
    # who is treated at a clinic and who treats
    "patient": ("paciente", "pacientes", "patient", "patients"),
    # who an organisation serves, against who serves in it (a volunteer, an employee, its board)
    "beneficiary": ("beneficiario", "beneficiaria", "beneficiarios", "beneficiarias", "beneficiary",
                    "beneficiaries", "recipient", "recipients", "service user", "service users", "usuario de",
                    "usuaria de", "usuarios de", "usuarias de"),
    # who a person is at a care home or residence: lives there, works or helps there
    "resident": ("residente", "residentes", "resident", "residents"),
    "hygienist": ("higienista", "higienista dental", "dental hygienist", "hygienist"),
    # what a person is at an event: who runs it, who speaks, who only attends
    "organiser": ("organizador", "organizadora", "organizer", "organiser", "co-organizer", "co-organiser",
                  "coorganizador", "coorganizadora"),
    # not a bare "speaker": "a native speaker of Portuguese" speaks a language
    "speaker": ("ponente", "conferenciante", "orador", "oradora", "guest speaker", "keynote speaker",
                "invited speaker", "presenter"),
    "panelist": ("panelista", "panelist", "panellist"),
    "moderator": ("moderador", "moderadora", "moderator"),
    "attendee": ("attendee", "attendees", "participante", "participant", "delegate"),
    "exhibitor": ("expositor", "expositora", "exhibitor"),
    "sponsor": ("patrocinador", "patrocinadora", "sponsor"),
}
_OCCUPATION: dict[tuple[str, ...], str] = {tuple(form.split()): concept for concept, forms in _OCCUPATION_FORMS.items()
                                           for form in forms}
_OCCUPATION_LONGEST = max(len(key) for key in _OCCUPATION)
# Relatives, whose number (one or several) is part of the fact; the plural forms of their nouns.
_KIN = frozenset({"parent", "child", "sibling", "grandparent", "grandchild", "uncle", "nephew", "cousin",
                  "parent_inlaw", "sibling_inlaw", "child_inlaw", "stepparent", "stepsibling", "stepchild"})
_KIN_PLURALS = frozenset("padres hijos hijas hermanos hermanas abuelos nietos nietas tios tias sobrinos sobrinas primos "
                         "primas suegros cunados cunadas yernos nueras hermanastros hijastros parents children kids sons daughters brothers "
                         "sisters siblings grandparents grandchildren grandsons granddaughters uncles aunts nephews "
                         "nieces cousins stepchildren stepsiblings parents-in-law in-laws brothers-in-law sisters-in-law sons-in-law "
                         "daughters-in-law".split())
# A verb that opens the statement and says which of these roles the person plays ("Coaches the
# under-12 team" is "Is the coach of…", "Referees the games" is not)
_ROLE_VERBS: dict[str, str] = {
    "coaches": "coach", "entrena": "coach", "referees": "referee", "arbitra": "referee", "teaches": "teacher",
    "ensena": "teacher", "manages": "boss", "dirige": "boss", "leads": "boss", "lidera": "boss", "heads": "boss",
    "supervises": "boss", "supervisa": "boss", "mentors": "mentor", "mentoriza": "mentor", "tutoriza": "mentor",
    "captains": "captain", "capitanea": "captain", "hosts": "host", "juega": "player",
    "coordina": "coordinator", "coordinates": "coordinator", "volunteers": "volunteer",
    "presenta": "host", "produces": "producer", "produce": "producer", "sings": "singer", "canta": "singer",
    "directs": "boss", "interpreta": "actor",
}
_ROLE: dict[tuple[str, ...], str] = {tuple(form.split()): concept for concept, forms in _ROLE_FORMS.items()
                                     for form in forms}
_LONGEST = max(len(key) for key in _ROLE)
# Words that open a person noun phrase without being it: articles, possessives, determiners.
_DETERMINERS = frozenset("el la los las un una unos unas lo the a an his her their its my our your su sus mi mis "
                         "tu tus nuestro nuestra this that these those este esta ese esa aquel aquella".split())
_PREPOSITION = {"de": "gen", "del": "gen", "of": "gen", "a": "obj", "al": "obj", "to": "obj", "con": "with",
                "with": "with", "por": "by", "by": "by", "para": "for", "for": "for", "desde": "from", "from": "from",
                "en": "in", "in": "in", "at": "in", "on": "in"}
# A clause opens at the start, after a stop, or at a relative/subordinating word.
_CORE = frozenset({"subj", "gen", "obj", "pred"})
_COPULAS = frozenset("is es are son was were era eran fue fueron as como become becomes became sera will be "
                     "now ahora".split())
_WORKS = frozenset("trabaja trabajaba trabajo works worked ejerce".split())
_CLAUSE_OPENERS = frozenset("que who whom which that donde where cuando when and y pero but".split())
_TOKEN = re.compile(r"[^\W_][\w'’-]*|[.,;:!?()]")

@dataclass(frozen=True)
class People:
    """The people a statement mentions and the slot each fills."""

    slots: dict[str, frozenset[str]]  # key (a folded name, or "role:<concept>") -> slots
    roles: frozenset[str]  # role concepts named
    acts_as: frozenset[str] = frozenset()  # "role:<concept>" of a role verb opening the statement
    occupations: frozenset[str] = frozenset()  # "occupation:<concept>" named anywhere
    kin_number: frozenset[tuple[str, bool]] = frozenset()  # (kin concept, plural?) as named ("su nieto", "sus nietos")
    assists: bool = False  # the person assists someone in a role ("assistant to the head of HR", ``_ASSISTING``)

    @property
    def predicates(self) -> frozenset[str]:
        """The roles the person is said to be or to play ("Es la jefa", "works as", "Coaches the team")."""
        said = self.acts_as | self.occupations | frozenset(key for key, slots in self.slots.items()
                                                           if key.startswith("role:") and "pred" in slots)
        # one concept however it is said: "Coordina…" (a role verb) is "Es la coordinadora" (a noun)
        return frozenset(key.split(":", 1)[1] for key in said)


@per_text  # read by most of this module's checks, several per pair: once per note (memo.py)
def _tokens(text: str) -> tuple[tuple[str, str], ...]:
    """(raw, folded) tokens, a possessive "'s" split off as its own token (a tuple: it is shared)."""
    out: list[tuple[str, str]] = []
    for raw in _TOKEN.findall(text.replace("’", "'")):
        if raw.lower().endswith("'s") and len(raw) > 2:
            out.append((raw[:-2], fold(raw[:-2])))
            out.append(("'s", "'s"))
        else:
            out.append((raw.strip("'-"), fold(raw.strip("'-"))))
    return tuple((raw, norm) for raw, norm in out if norm)


def people(text: str, names: frozenset[str]) -> People:
    """The people of ``text`` — names (folded, from ``names``) and role nouns — with their slots."""
    tokens = _tokens(text)
    norms = [norm for _, norm in tokens]
    slots: dict[str, set[str]] = {}
    roles: set[str] = set()
    kin: set[tuple[str, bool]] = set()
    last_kin: dict[str, int] = {}  # where each kin concept's last mention ended
    i = 0
    while i < len(tokens):
        key, width = None, 1
        if norms[i] in names and tokens[i][0][:1].isupper():
            key = norms[i]  # a capitalised word of a name is the name ("Customer Success"), not a role
        if key is None and (match := _longest(norms, i, _ROLE, _LONGEST)) is not None:
            concept, width = match
            key = f"role:{concept}"
            roles.add(concept)
            if concept in _KIN:
                plural = norms[i + width - 1] in _KIN_PLURALS
                if not plural and _coordinated(norms, last_kin.get(concept), i):
                    kin.discard((concept, False))  # "mum and dad", "su padre y su madre": two of a kind
                    plural = True
                kin.add((concept, plural))
                last_kin[concept] = i + width
        if key is not None:
            slots.setdefault(key, set()).add(_slot(norms, i, i + width, names))
        i += width
    acts_as = frozenset({f"role:{_ROLE_VERBS[norms[0]]}"}) if norms and norms[0] in _ROLE_VERBS else frozenset()
    return People(slots={k: frozenset(v) for k, v in slots.items()}, roles=frozenset(roles), acts_as=acts_as,
                  occupations=_occupations(norms), kin_number=frozenset(kin),
                  assists=bool(_ASSISTING.search(f" {' '.join(norms)} ")))


# Assisting or standing in for someone in a role, not holding it: "Assistant to the head of HR" is not
# "Head of HR"; "la ayudante del director", "the director's PA", "assists the dean", "el suplente del
# delegado", "substitute for the goalkeeper".
_ASSISTING = re.compile(r" (?:(?:personal )?assistant|pa|aide|secretary|deputy|substitute|stand-in|replacement)"
                        r" (?:to|of|for) | assists | assisted |"
                        r" (?:asistente|ayudante|secretari[oa]|adjunt[oa]|auxiliar|suplente|sustitut[oa])(?: personal)?"
                        r" (?:de|del|a|al|para) |"
                        r" 's (?:personal )?(?:assistant|pa|aide|secretary|deputy) | mano derecha de ")


def _longest(norms: list[str], i: int, table: dict[tuple[str, ...], str], longest: int) -> tuple[str, int] | None:
    """The concept of the longest form of ``table`` starting at ``norms[i]``, and its width."""
    for n in range(min(longest, len(norms) - i), 0, -1):
        concept = table.get(tuple(norms[i:i + n]))
        if concept is not None:
            return concept, n
    return None


def _occupations(norms: list[str]) -> frozenset[str]:
    found: set[str] = set()
    i = 0
    while i < len(norms):
        match = _longest(norms, i, _OCCUPATION, _OCCUPATION_LONGEST)
        if match is not None:
            found.add(f"occupation:{match[0]}")
        i += match[1] if match else 1
    return frozenset(found)


def _slot(norms: list[str], start: int, end: int, names: frozenset[str]) -> str:
    if end < len(norms) and norms[end] == "'s":
        return "gen"
    k = start - 1
    # articles, possessives and the names qualifying a role ("the Customer Success lead") open it
    while k >= 0 and (norms[k] in _DETERMINERS or norms[k] in names or norms[k] == "'s"):
        k -= 2 if norms[k] == "'s" else 1  # "the band's manager": the owner qualifies the role too
    if k < 0 and (end >= len(norms) or norms[end] in _PREPOSITION or norms[end] in ".;:!?(,"):
        return "pred"  # a terse note opening with a role and no verb: what the person is ("Assistant to the dean")
    if k < 0 or norms[k] in _CLAUSE_OPENERS or norms[k] in ".;:!?(,":
        return "subj"
    if norms[k] in _COPULAS or (norms[k] == "de" and k > 0 and norms[k - 1] in _WORKS):
        return "pred"  # what the person is: "Es la jefa", "works as a nurse", "trabaja de enfermera"
    return _PREPOSITION.get(norms[k], "obj")


def _same_person(x: str, y: str) -> bool:
    if x.startswith("role:") or y.startswith("role:"):
        return x == y
    return x == y or (len(x) >= 4 and len(y) >= 4 and (x[:4] == y[:4] or x in y or y in x))


def role_mismatch(a: People, b: People) -> str | None:
    """``role_mismatch`` when a person both mention is the actor on one side only (opens its clause
    there, is owned, addressed or acted on in the other), or both name roles of different concepts;
    None otherwise."""
    for key_a, slots_a in a.slots.items():
        for key_b, slots_b in b.slots.items():
            if not _same_person(key_a, key_b) or not slots_a.isdisjoint(slots_b):
                continue
            # only the core arguments swap who does what ("Raúl es su mentor" / "mentora de Raúl");
            # "usa Notion" / "en Notion", "from Lima" / "de Lima" are ways of writing
            # and only when one side has it open its clause (the actor) and the other not: a name after
            # a noun with or without "de" ("calle Alcalá" / "calle de Alcalá") is the same name
            core_a, core_b = slots_a & _CORE, slots_b & _CORE
            if core_a and core_b and ("subj" in core_a) != ("subj" in core_b):
                return "role_mismatch"
            # a role the person *is* on one side, one the person reports to, works with or owns on the
            # other ("Is the CFO" / "Reports to the CFO")
            if key_a.startswith("role:") and core_a and core_b and ("pred" in core_a) != ("pred" in core_b) \
                    and not ({"subj"} & (core_a | core_b)):
                return "role_mismatch"
    if a.roles and b.roles and a.roles.isdisjoint(b.roles):
        return "role_mismatch"
    if a.assists != b.assists and (a.roles or b.roles):
        return "role_mismatch"  # "Interim head of HR" / "Assistant to the head of HR"
    # what the person *is* differs though other people of the note are shared ("Is the coach of her
    # son's team" / "Is a player on her son's team")
    if a.predicates and b.predicates and a.predicates.isdisjoint(b.predicates):
        return "role_mismatch"
    # each side names an occupation the other does not ("volunteers as a driver" / "es voluntaria
    # como coordinadora"): the shared one does not make the other two the same
    if a.occupations - b.occupations and b.occupations - a.occupations:
        return "role_mismatch"
    # one relative on one side, several of the same kind on the other ("su nieto" / "sus nietos")
    plural_a, plural_b = _plurality(a.kin_number), _plurality(b.kin_number)
    if any(len(plural_a[c]) == len(plural_b[c]) == 1 and plural_a[c] != plural_b[c]
           for c in plural_a.keys() & plural_b.keys()):
        return "number_mismatch"
    return None


def _padded(text: str) -> str:
    return f" {' '.join(norm for _, norm in _tokens(text) if norm.isalnum() or '-' in norm)} "


_ACTOR_PRONOUNS = {"he": "he", "el": "he", "she": "she", "ella": "she"}
_LINKS = frozenset("and y e or o , ;".split())


_KIN_AND = frozenset({"and", "y", "e", "&"})


def _coordinated(norms: list[str], end: int | None, start: int) -> bool:
    """The words between a mention ending at ``end`` and one starting at ``start`` are only a
    conjunction and a determiner: the two are coordinated ("mum and dad", "su padre y su madre")."""
    if end is None or start <= end:
        return False
    between = norms[end:start]
    return bool(between) and between[0] in _KIN_AND and all(w in _DETERMINERS for w in between[1:])


def _plurality(kin: frozenset[tuple[str, bool]]) -> dict[str, set[bool]]:
    out: dict[str, set[bool]] = {}
    for concept, plural in kin:
        out.setdefault(concept, set()).add(plural)
    return out


def _actors(text: str, names: frozenset[str]) -> list[frozenset[str]]:
    """The people who act, clause by clause, in order ("she hosts and he produces": she, then he);
    people with only links between them are one group ("She and Tom run it", "with Dev, she…")."""
    groups: list[set[str]] = []
    gap = True
    for raw, norm in _tokens(text):
        person = _ACTOR_PRONOUNS.get(norm) or (norm if norm in names and raw[:1].isupper() else None)
        if person is not None:
            if gap or not groups:
                groups.append(set())
            groups[-1].add(person)
            gap = False
        elif norm not in _LINKS and norm not in _DETERMINERS:
            gap = True
    return [frozenset(g) for g in groups]


def actor_order_swap(text_a: str, text_b: str, names: frozenset[str]) -> bool:
    """The same people act on both sides, clause by clause in another order: one language keeps "she
    hosts and he produces" / "he hosts and she produces" apart only by who comes first (call for two
    statements of one language)."""
    xa, xb = _actors(text_a, names), _actors(text_b, names)
    if len(xa) < 2 or len(xb) < 2:
        return False
    if sorted(p for g in xa for p in g) != sorted(p for g in xb for p in g):
        return False
    return xa != xb


def converse_swap(text_a: str, text_b: str) -> bool:
    """One side says one end of a converse relation only, the other the other end only."""
    (first_a, second_a), (first_b, second_b) = _converse_ends(text_a), _converse_ends(text_b)
    return not first_a.isdisjoint(second_b) or not second_a.isdisjoint(first_b)


@per_text  # once per note, not once per pair (perf53b)
def _converse_ends(text: str) -> tuple[frozenset[int], frozenset[int]]:
    return converse_verbs.ends(_padded(text))


# A comparison of two things: which one is "more" is read from the word order, which only the same
# language keeps aligned ("Gasta más en viajes que en ropa" / "Spends more on clothes than on travel").
_COMPARISON = re.compile(r"\b(?:mas|menos|more|less|fewer|mejor|peor|better|worse|\w+er)\b.*\b(?:que|than)\b|"
                         r"\b(?:en vez de|en lugar de|instead of|rather than|antes que|over|"
                         r"pref(?:er|ier)\w* (?!to\b|ir\b)(?:\w+ ){1,4}(?:to|a|al))\b")


def compares(text: str) -> bool:
    """The statement compares two things ("más X que Y", "X rather than Y", "prefers X to Y"): which
    one is "more" is read from the word order, which only the same language keeps aligned, so two
    comparisons in different languages are never proven equal by similarity."""
    return bool(_COMPARISON.search(fold(text)))


_ALSO = re.compile(r"\b(?:tambien|ademas|as well as|and also|as well|too|asi como)\b")


def also(text: str) -> bool:
    """The statement adds a second thing ("y también marketing", "as well as")."""
    return bool(_ALSO.search(fold(text)))


# A noun phrase marked as the one acted on: Spanish "a"/"al" before a determiner or possessive (the
# personal "a" and the indirect object), English "to" before one. The same noun said with the marker
# on one side and bare on the other has changed slot: "Su gestor le recomendó…" (the manager
# recommends) / "Le recomendó a su gestor…" (the manager is recommended to).
_MARKED = re.compile(r" (?:(?:a|para) (?:su|sus|el|la|los|las|mi|mis|tu|tus)|al|(?:to|for) (?:his|her|their|the|my|your))"
                     r" ([a-z][a-z-]{2,}|ex)(?= )")  # the noun as _DETERMINED reads it: "to his ex" is marked
_SUBJECT_PRONOUNS = frozenset({"she", "he", "they", "ella", "ellos", "ellas"})  # not "el": folded, the article
_CASE_MARKERS = frozenset({"a", "al", "to", "el", "for", "para"})
_SAME_WORDS = 0.6
_DETERMINED = re.compile(r" (?:su|sus|el|la|los|las|mi|mis|tu|tus|his|her|their|the|my|your) ([a-z][a-z-]{2,}|ex)(?= )")


# Round 49: what may stand before the main clause's subject. A clause that opens with a subordinator
# and ends at the first comma ("Cuando ella viaja, el vecino le riega…"), and a time said first ("Los
# miércoles su suegra la lleva…", "On Sundays, …"): the subject is the noun phrase after them.
_SUBORDINATORS = frozenset("cuando when whenever si if mientras while after before since once desde antes despues "
                           "although aunque because porque".split())
_WEEKDAY = (r"(?:lunes|martes|miercoles|jueves|viernes|sabados?|domingos?|mondays?|tuesdays?|wednesdays?|"
            r"thursdays?|fridays?|saturdays?|sundays?)")
_FRONTED_TIME = re.compile(r" (?:(?:on|every|each|cada|todos los|todas las|los|las|el|by|in the|por las?) )?"
                           r"(?:" + _WEEKDAY + r"|mornings|evenings|afternoons|weekends|fines de semana|mananas|"
                           r"tardes|noches|weeknights|weekdays|entre semana)(?= )")
_CLITICS = frozenset("le les la lo las los me te nos se".split())


def main_clause(text: str) -> str:
    """The padded main clause: ``text`` without a fronted subordinate clause or a time said first."""
    words = _padded(text).split()
    if words and words[0] in _SUBORDINATORS and "," in text:
        text = text.split(",", 1)[1]
    padded = _padded(text)
    fronted = _FRONTED_TIME.match(padded)
    return padded[fronted.end():] if fronted else padded


def fronted_clause(text: str) -> str | None:
    """The padded subordinate clause said before the main one ("Cuando ella viaja, …"), if any."""
    words = _padded(text).split()
    if words and words[0] in _SUBORDINATORS and "," in text:
        return _padded(text.split(",", 1)[0])
    return None


def opening_subject(text: str) -> str | None:
    """The noun of a determined noun phrase that opens the statement's main clause unmarked ("Su
    gestor le recomendó…", "The agency pays her…", "Los miércoles su suegra la lleva…"): its
    subject; None when it opens otherwise."""
    padded = main_clause(text)
    opening = _DETERMINED.match(padded)
    if opening is None or opening.group(1) in _MARKED.findall(padded):
        return None
    return opening.group(1)


def marked_nouns(text: str) -> frozenset[str]:
    """The nouns the statement marks as the ones acted on ("a su gestor", "al médico", "to her manager")."""
    return frozenset(_MARKED.findall(_padded(text)))


def case_marked_swap(text_a: str, text_b: str) -> bool:
    """A noun phrase that opens one statement as its subject ("Su gestor le recomendó…", "Her
    manager…") is marked as the one acted on in the other ("a su gestor", "al médico", "to her
    manager"): who does what to whom differs (call for two statements of one language; across
    languages the similarity judge compares the nouns through the dictionary). Only for two
    statements of mostly the same words: a paraphrase that rebuilds the sentence moves its nouns
    freely ("Es alérgica a los frutos secos" / "Los frutos secos le provocan alergia")."""
    pa, pb = _padded(text_a), _padded(text_b)
    wa, wb = set(pa.split()) - _CASE_MARKERS, set(pb.split()) - _CASE_MARKERS
    if len(wa & wb) < _SAME_WORDS * len(wa | wb):
        return False
    for one, other in ((text_a, text_b), (text_b, text_a)):
        subject = opening_subject(one)
        if subject is None:
            continue
        if subject in marked_nouns(other):
            return True
        # the other opens with the person as subject and names the same noun after its verb: "Her
        # ex pays her child support" / "She pays her ex child support"
        other_words = main_clause(other).split()
        if other_words and other_words[0] in _SUBJECT_PRONOUNS and subject in other_words[2:]:
            return True
        # round 49: the person and the noun exchange the subjects of a fronted and a main clause
        if clause_subjects_exchanged(one, other, str.__eq__):
            return True
        # round 49: or drops the subject, opening with the very verb this one says after its subject
        # ("The agency invoices him monthly" / "Invoices the agency monthly")
        verb = _verb_after_subject(main_clause(one))
        named = {norm for raw, norm in _tokens(one)[1:] if raw[:1].isupper()}  # "Her brother Tom is…": no verb
        if other_words and verb is not None and verb not in named and other_words[0] == verb \
                and subject in other_words[1:]:
            return True
    return False


def clause_subjects(text: str) -> tuple[str, str] | None:
    """The subjects of a fronted subordinate clause and of the main clause, each a determined
    noun or ``"person"`` (a subject pronoun): "Cuando ella viaja, el vecino le riega…" gives
    ("person", "vecino"); None without a fronted clause or when a subject is neither."""
    fronted = fronted_clause(text)
    if fronted is None:
        return None
    subjects = []
    for clause in (" " + " ".join(fronted.split()[1:]) + " ", main_clause(text)):
        words = clause.split()
        opening = _DETERMINED.match(clause)
        if opening is not None:
            subjects.append(opening.group(1))
        elif words and words[0] in _SUBJECT_PRONOUNS:
            subjects.append("person")
        else:
            return None
    return subjects[0], subjects[1]


def clause_subjects_exchanged(text_a: str, text_b: str, same: Callable[[str, str], bool]) -> bool:
    """Round 49: the person is the subject of the fronted clause on one side and of the main clause
    on the other, the same noun (``same``: by spelling, or through the dictionary across languages)
    in the other clause: "Cuando ella viaja, el vecino le riega las plantas" / "When the neighbor
    travels, she waters his plants" — who travels and who waters are exchanged."""
    sa, sb = clause_subjects(text_a), clause_subjects(text_b)
    if sa is None or sb is None:
        return False
    (fa, ma), (fb, mb) = sa, sb
    if fa == "person" and mb == "person" and ma != "person" and fb != "person" and same(ma, fb):
        return True  # a: the person, then the noun; b: the noun, then the person
    return fb == "person" and ma == "person" and mb != "person" and fa != "person" and same(fa, mb)


def _verb_after_subject(main: str) -> str | None:
    """The word after the opening determined noun phrase and any Spanish clitics: its verb."""
    opening = _DETERMINED.match(main)
    if opening is None:
        return None
    rest = main[opening.end():].split()
    while rest and rest[0] in _CLITICS:
        rest.pop(0)
    if not rest or rest[0] in _AUXILIARIES:
        return None  # "Her thesis is being written…" / "Is writing her thesis…": a passive, no verb said first
    return rest[0]


_AUXILIARIES = _COPULAS | frozenset("is are was were be been being has have had will would can could may might "
                                    "must should does do did es son esta estan fue fueron ha han habia era "
                                    "sera va van puede pueden debe deben".split())


# Round 51: two noun phrases exchanged around the same predicate ("X is scared of Y" / "Y is scared of X").
#: Words that make a relation reciprocal (the swap keeps the meaning), folded, ES and EN: comitative
#: and coordinating words ("works with", "se casó con", "X and Y"), reciprocal relations (marriage,
#: meeting, knowing, friendship, kinship among equals, partners, neighbours, colleagues), likeness and
#: nearness ("as tall as", "similar to", "next to", "frente a"), opposition in a game ("against", "vs").
_RECIPROCAL = frozenset((
    "with con and y e or o ni nor plus & , ; vs versus against contra between entre together juntos juntas "
    "other otro otra mutually mutuamente each cada "
    "married marry marries marrying wed wedded casado casada casados casadas caso casaron casar casa casan "
    "meet meets met meeting conocio conocieron conoce conocen conocer know knows knew known "
    "friend friends amigo amiga amigos amigas neighbour neighbours neighbor neighbors vecino vecina vecinos vecinas "
    "colleague colleagues coworker coworkers co-worker companero companera companeros companeras colega colegas "
    "classmate classmates teammate teammates roommate roommates flatmate flatmates housemate housemates "
    "partner partners pareja socio socia socios spouse esposo esposa husband wife novio novia boyfriend girlfriend "
    "dating dates divorced divorcio divorciado divorciada divorcio separated separado separada "
    "sibling siblings brother brothers sister sisters hermano hermana hermanos hermanas twin twins gemelo gemela "
    "mellizo melliza cousin cousins primo prima primos primas related emparentado emparentada relacionado "
    "as tan tanto tanta como same mismo misma iguales igual equal equals similar similares parecido parecida "
    "resembles resemble like different diferente distinto distinta unlike "
    "near cerca next beside junto lado opposite enfrente frente close adjacent alongside "
    "shares share comparte comparten sibling".split()))


@text_cache(maxsize=16384)
def _exchange_tokens(text: str) -> tuple[str, ...]:
    """The note's folded words, determiners left out ("the dog" is "her dog" for this frame) and the
    Spanish contractions opened ("al" = "a el", "del" = "de el"), a final stop dropped."""
    out: list[str] = []
    for _, norm in _tokens(text):
        for word in {"al": ("a",), "del": ("de",)}.get(norm, (norm,)):
            if word not in _DETERMINERS and word not in {".", "!"}:
                out.append(word)
    return tuple(out)


@text_cache(maxsize=8192)
def exchanged_around(text_a: str, text_b: str) -> bool:
    """Two notes that say the same predicate with two noun phrases in exchanged places: one note is
    ``P X M Y S`` and the other ``P Y M X S`` (``P``, ``S``, a prefix and a suffix both share, may be
    empty), ``X`` ≠ ``Y``, ``M`` the same words on both sides ("Her dog is scared of the neighbour's
    cat" / "The neighbour's cat is scared of her dog"; "El perro le tiene miedo al gato" / "El gato le
    tiene miedo al perro"; "Prefers tea to coffee" / "Prefers coffee to tea"). Same language only (by
    spelling). Determiners are not compared ("the dog" / "her dog"): the slot, not the article, is
    what moved.

    It does not fire when the swap keeps the meaning: ``M`` (or ``X``/``Y``'s joint) says a
    reciprocal relation, a coordination, a likeness or a nearness (:data:`_RECIPROCAL`: "X works with
    Y", "X se casó con Y", "X met Y", "X is married to Y", "X and Y", "X is as tall as Y", "X sits next
    to Y"); nor on a passive against an active ("X scares Y" / "Y is scared by X"), since ``M`` then
    differs. A veto only: it can never prove a merge."""
    ta, tb = _exchange_tokens(text_a), _exchange_tokens(text_b)
    n = len(ta)
    if n != len(tb) or ta == tb or n < 3 or sorted(ta) != sorted(tb):
        return False  # an exchange moves words, it never changes them
    prefix = 0
    while prefix < n and ta[prefix] == tb[prefix]:
        prefix += 1
    suffix = 0
    while suffix < n - prefix and ta[n - 1 - suffix] == tb[n - 1 - suffix]:
        suffix += 1
    for p in range(prefix + 1):
        for s in range(suffix + 1):
            ma, mb = ta[p:n - s], tb[p:n - s]
            m = len(ma)
            for lx in range(1, m - 1):
                for lm in range(1, m - lx):
                    x, mid, y = ma[:lx], ma[lx:lx + lm], ma[lx + lm:]
                    if x == y or mb != y + mid + x:
                        continue
                    if any(w in _RECIPROCAL for w in mid) or not any(w.isalpha() for w in x) \
                            or not any(w.isalpha() for w in y):
                        continue
                    return True
    return False
