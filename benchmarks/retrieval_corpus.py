"""A generated, dated, multi-session conversation corpus (Spanish and English) with evidence-labelled
questions, for ``python -m benchmarks retrieval``.

Deterministic for a seed (``random.Random(seed)``): the seed picks the people (names, language,
city, family, pets, jobs), their session dates, what happens in each session and which questions
are asked. The building blocks below are hand-written; nothing is downloaded, nothing large is
committed. Each person talks to an assistant over ``SESSIONS`` dated sessions; every turn (the
person's and the assistant's) becomes one memory with the session's date as ``observed_at``.

Question categories (each question lists the ids of the turns that hold its answer):
- ``single-hop``: one turn answers it ("What is my dog called?");
- ``multi-hop``: two or more turns are needed (a relative's new city and their job; every trip);
- ``temporal``: the answer depends on when something was said — a time reference relative to the
  question's date ("¿con quién cené el martes pasado?", "what did I buy last month?", "¿adónde
  viajé en marzo?") among many similar turns from other dates, or "when did …" questions;
- ``open-domain``: a preference or habit the person never states in the question's words ("what
  should I cook for them?" ← "soy vegetariano").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

SESSIONS = 12
TURNS_PER_SESSION = 20

MONTHS_ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
             "noviembre", "diciembre"]
MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December"]
WEEKDAYS_ES = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]
WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

FIRST_ES = ["Lucía", "Marta", "Carmen", "Elena", "Paula", "Sara", "Irene", "Nuria", "Julia", "Alba", "Javier",
            "Pablo", "Diego", "Sergio", "Álvaro", "Raúl", "Andrés", "Íñigo", "Hugo", "Adrián"]
FIRST_EN = ["Emma", "Olivia", "Grace", "Chloe", "Hannah", "Megan", "Lucy", "Amelia", "Ruby", "Zoe", "James",
            "Oliver", "Harry", "Jack", "Noah", "Ethan", "Liam", "Owen", "Lucas", "Ryan"]
CITIES = ["Oporto", "Lisboa", "Berlín", "Roma", "Praga", "Viena", "Dublín", "Edimburgo", "Atenas", "Cracovia",
          "Budapest", "Copenhague", "Estocolmo", "Ámsterdam", "Bruselas", "Zúrich", "Marsella", "Nápoles",
          "Sevilla", "Bilbao", "Granada", "Valencia", "Toronto", "Boston", "Montreal", "Chicago"]
PETS = [("perro", "dog"), ("gato", "cat"), ("conejo", "rabbit"), ("loro", "parrot"), ("hámster", "hamster"),
        ("tortuga", "tortoise")]
PET_NAMES = ["Toby", "Luna", "Rocky", "Nala", "Coco", "Simba", "Kira", "Bruno", "Mango", "Pipa", "Zeus", "Olivia"]
JOBS = [("arquitecta", "architect"), ("enfermera", "nurse"), ("profesora de música", "music teacher"),
        ("ingeniera de datos", "data engineer"), ("abogada", "lawyer"), ("veterinaria", "vet"),
        ("periodista", "journalist"), ("chef", "chef"), ("traductora", "translator"), ("piloto", "pilot")]
RELATIVES = [("mi hermana", "my sister"), ("mi primo", "my cousin"), ("mi tía", "my aunt"),
             ("mi hermano", "my brother"), ("mi sobrina", "my niece"), ("mi cuñado", "my brother-in-law")]
RESTAURANTS = ["La Tagliatella", "El Rincón", "Sakura", "Casa Pepe", "Il Forno", "The Green Bowl", "Taquería Sol",
               "Bistró Luna", "Dragón Rojo", "La Brasa", "Mar Azul", "Curry House"]
PURCHASES = [("una bicicleta", "a bike"), ("un portátil", "a laptop"), ("unas zapatillas de correr", "running shoes"),
             ("una cafetera", "a coffee machine"), ("un sofá", "a sofa"), ("una cámara", "a camera"),
             ("un patinete", "a scooter"), ("una tienda de campaña", "a tent"), ("un reloj", "a watch"),
             ("una guitarra", "a guitar"), ("un colchón", "a mattress"), ("una impresora", "a printer")]
PROJECTS = ["Atlas", "Borealis", "Cobalto", "Delta", "Fénix", "Orión", "Quasar", "Titán"]
HOBBIES = [
    ("Los sábados hago escalada en el rocódromo", "On Saturdays I go climbing at the bouldering gym",
     "¿qué podría regalarme para practicar mi deporte?", "what gear would suit my weekend sport?"),
    ("Estoy aprendiendo a tocar el violín", "I'm learning to play the violin",
     "¿qué instrumento estoy estudiando?", "which instrument am I practising?"),
    ("Me encanta hacer pan de masa madre en casa", "I love baking sourdough bread at home",
     "¿qué suelo hornear?", "what do I usually bake?"),
    ("Corro diez kilómetros tres veces por semana", "I run ten kilometres three times a week",
     "¿cómo me mantengo en forma?", "how do I keep fit?"),
    ("Colecciono sellos antiguos desde pequeña", "I've collected old stamps since I was a kid",
     "¿qué colecciono?", "what do I collect?"),
    ("Hago fotos de aves en el parque los domingos", "I photograph birds in the park on Sundays",
     "¿qué hago los domingos por la mañana?", "what do I do on Sunday mornings?"),
]
DIETS = [
    ("Soy vegetariana desde hace años, no como carne ni pescado", "I've been vegetarian for years, no meat or fish",
     "¿qué debería cocinar si vienes a cenar?", "what should I cook if you come for dinner?"),
    ("Tengo intolerancia a la lactosa, nada de leche ni queso", "I'm lactose intolerant, no milk or cheese for me",
     "¿qué postre me puedes recomendar?", "which dessert would you recommend for me?"),
    ("No tomo café, solo infusiones", "I don't drink coffee, only herbal tea",
     "¿qué me ofreces para beber por la tarde?", "what should you offer me to drink in the afternoon?"),
]
MUSIC = [
    ("El viernes fui a un concierto de jazz y me encantó", "On Friday I went to a jazz gig and loved it",
     "¿qué plan de ocio me recomendarías?", "what kind of night out would I enjoy?"),
    ("Escucho flamenco mientras cocino", "I listen to flamenco while I cook",
     "¿qué lista de reproducción me pondrías?", "what playlist would you put on for me?"),
    ("Mi banda favorita es Coldplay, los he visto tres veces", "My favourite band is Coldplay, I've seen them three times",
     "¿a qué concierto querría ir?", "which concert would I want tickets for?"),
]
FILLER_USER_ES = ["Hola, ¿qué tal?", "Buenos días", "Jaja, sí", "Vale, gracias", "Qué calor hace hoy",
                  "Estoy un poco cansada esta semana", "Bueno, te cuento", "Perfecto", "Ya te contaré",
                  "No sé, ya veremos", "Qué día más largo", "Me tengo que ir en un rato", "¡Genial!",
                  "Hoy llueve otra vez", "Ahora mismo estoy en el tren", "Uf, qué semana"]
FILLER_USER_EN = ["Hi, how are you?", "Morning!", "Haha, yes", "OK, thanks", "It's so hot today",
                  "I'm a bit tired this week", "Well, let me tell you", "Perfect", "I'll let you know",
                  "Not sure, we'll see", "What a long day", "I have to leave soon", "Great!",
                  "It's raining again", "I'm on the train right now", "Phew, what a week"]
# Distractors: small talk and near-miss statements composed from parts (thousands of distinct
# turns, so repeated filler never collapses into one memory), many on the same topics as the facts.
DISTRACT_ES = [
    "Hoy he {chore} y luego {chore2}", "Mi vecina {neighbour}", "Estoy pensando en comprarme {thing}, pero no sé",
    "Algún día me gustaría ir a {city}", "{friend} me contó que estuvo en {city}", "En el trabajo {work}",
    "{friend} ha cenado en {place} con su pareja", "Esta mañana {chore} antes de las {hour}",
    "El {pet} de {friend} está enorme", "Ayer vi un documental sobre {topic}", "Tengo que {todo} esta semana",
    "{friend} quiere que vayamos a {place} algún día", "Me han recomendado un libro sobre {topic}",
]
DISTRACT_EN = [
    "Today I {chore} and then {chore2}", "My neighbour {neighbour}", "I'm thinking of buying {thing}, not sure yet",
    "Some day I'd like to go to {city}", "{friend} told me they were in {city}", "At work {work}",
    "{friend} had dinner at {place} with their partner", "This morning I {chore} before {hour}",
    "{friend}'s {pet} is huge now", "Yesterday I watched a documentary about {topic}", "I need to {todo} this week",
    "{friend} wants us to go to {place} some day", "Someone recommended me a book about {topic}",
]
PARTS_ES = {
    "chore": ["fregado los platos", "hecho la compra", "limpiado la cocina", "puesto una lavadora", "regado las plantas",
              "ido al banco", "paseado un rato", "planchado", "llamado a mi madre", "recogido un paquete"],
    "chore2": ["he descansado", "he visto una serie", "he leído un rato", "he salido a correr", "he cocinado lentejas",
               "he ordenado el armario", "he trabajado un poco más", "he dormido la siesta"],
    "neighbour": ["tiene obras en casa", "ha tenido un bebé", "toca el piano por las noches", "se ha jubilado",
                  "siempre me saluda en el ascensor", "ha pintado la puerta de verde"],
    "work": ["hay mucho lío con las vacaciones", "cambiaron la máquina de café", "tenemos auditoría", "llega gente nueva",
             "han movido las mesas otra vez", "hubo una reunión eterna", "se cayó el servidor un rato"],
    "topic": ["las abejas", "la Antártida", "la historia de Roma", "los volcanes", "la inteligencia artificial",
              "el café", "los pulpos", "la arquitectura japonesa"],
    "todo": ["renovar el DNI", "pedir cita con el dentista", "pagar la comunidad", "devolver un pedido",
             "llevar el coche al taller", "preparar una presentación"],
    "hour": ["las ocho", "las nueve", "las siete"],
}
PARTS_EN = {
    "chore": ["did the dishes", "did the shopping", "cleaned the kitchen", "did a load of laundry", "watered the plants",
              "went to the bank", "went for a walk", "did the ironing", "called my mum", "picked up a parcel"],
    "chore2": ["rested", "watched a series", "read for a while", "went for a run", "cooked some lentils",
               "tidied the wardrobe", "worked a bit more", "took a nap"],
    "neighbour": ["is renovating their flat", "just had a baby", "plays the piano at night", "has retired",
                  "always says hello in the lift", "painted the door green"],
    "work": ["holidays are a mess to plan", "they changed the coffee machine", "we have an audit", "new people are starting",
             "they moved the desks again", "there was an endless meeting", "the server went down for a while"],
    "topic": ["bees", "Antarctica", "the history of Rome", "volcanoes", "artificial intelligence", "coffee", "octopuses",
              "Japanese architecture"],
    "todo": ["renew my passport", "book the dentist", "pay the building fees", "return an order", "take the car in",
             "prepare a presentation"],
    "hour": ["eight", "nine", "seven"],
}
BOT_PARTS_ES = [["Vaya.", "Entiendo.", "¡Qué bien!", "Ya veo.", "Claro.", "Ajá.", "¡Genial!", "Uf."],
                ["Gracias por contármelo.", "Me parece normal.", "Suena a un buen plan.", "Tiene sentido.",
                 "Eso pasa a veces.", "Es una buena noticia.", "Lo tendré en cuenta.", "Qué curioso."],
                ["", "¿Y tú cómo estás?", "¿Algo más?", "Cuéntame más si quieres.", "¿Te ayudo con algo?",
                 "¡Ánimo!"]]
BOT_PARTS_EN = [["Oh.", "I see.", "Nice!", "Right.", "Sure.", "Aha.", "Great!", "Phew."],
                ["Thanks for telling me.", "That sounds normal.", "Sounds like a good plan.", "Makes sense.",
                 "That happens sometimes.", "That's good news.", "I'll keep it in mind.", "How curious."],
                ["", "And how are you?", "Anything else?", "Tell me more if you like.", "Can I help with anything?",
                 "Hang in there!"]]


@dataclass
class Turn:
    id: str
    person: str
    session: int
    speaker: str  # "user" | "assistant"
    text: str
    observed_at: datetime


@dataclass
class Question:
    id: str
    person: str
    category: str
    text: str
    evidence: list[str]
    asked_at: datetime


@dataclass
class Person:
    ref: str
    lang: str
    name: str
    sessions: list[datetime] = field(default_factory=list)


@dataclass
class Corpus:
    seed: int
    people: list[Person]
    turns: list[Turn]
    questions: list[Question]


class _Builder:
    def __init__(self, rng: random.Random, person: Person) -> None:
        self.rng, self.p = rng, person
        self.es = person.lang == "es"
        self.turns: list[Turn] = []
        self.questions: list[Question] = []
        # session → exchanges; an exchange is the person's turn and, maybe, the assistant's reply.
        self.planned: dict[int, list[list[tuple[str, str, str]]]] = {i: [] for i in range(SESSIONS)}
        self.keys: dict[str, list[tuple[int, int]]] = {}

    def distractor(self) -> str:
        rng = self.rng
        if rng.random() < 0.2:
            return rng.choice(FILLER_USER_ES if self.es else FILLER_USER_EN)
        parts = PARTS_ES if self.es else PARTS_EN
        values = {k: rng.choice(v) for k, v in parts.items()}
        values.update(city=rng.choice(CITIES), friend=rng.choice(FIRST_ES if self.es else FIRST_EN),
                      place=rng.choice(RESTAURANTS), thing=rng.choice(PURCHASES)[0 if self.es else 1],
                      pet=rng.choice(PETS)[0 if self.es else 1])
        return rng.choice(DISTRACT_ES if self.es else DISTRACT_EN).format(**values)

    def reply(self) -> str:
        rng = self.rng
        parts = BOT_PARTS_ES if self.es else BOT_PARTS_EN
        return " ".join(rng.choice(p) for p in parts).strip()

    def t(self, es: str, en: str) -> str:
        return es if self.es else en

    def say(self, session: int, text: str, key: str, reply: str | None = None) -> None:
        self.planned[session].append([("user", text, key)] + ([("assistant", reply, "")] if reply else []))

    def ask(self, category: str, text: str, keys: list[str], asked_at: datetime | None = None) -> None:
        self.questions.append(Question(id="", person=self.p.ref, category=category, text=text,
                                       evidence=keys, asked_at=asked_at or self.now))

    @property
    def now(self) -> datetime:
        return self.p.sessions[-1] + timedelta(days=1, hours=2)

    def materialise(self) -> None:
        counter = 0
        key_ids: dict[str, list[str]] = {}
        for session in range(SESSIONS):
            planned = list(self.planned[session])
            fillers_needed = max(0, TURNS_PER_SESSION - sum(len(x) for x in planned))
            body: list[list[tuple[str, str, str]]] = []
            for _ in range(fillers_needed // 2):
                body.append([("user", self.distractor(), ""), ("assistant", self.reply(), "")])
            # Planned exchanges keep their order; filler exchanges are spread around them.
            merged: list[tuple[str, str, str]] = []
            slots = sorted(self.rng.sample(range(len(body) + len(planned)), len(planned)))
            pi = bi = 0
            for position in range(len(body) + len(planned)):
                if pi < len(planned) and position == slots[pi]:
                    merged.extend(planned[pi])
                    pi += 1
                else:
                    merged.extend(body[bi])
                    bi += 1
            start = self.p.sessions[session]
            for i, (speaker, text, key) in enumerate(merged):
                counter += 1
                turn_id = f"{self.p.ref}-t{counter:04d}"
                self.turns.append(Turn(turn_id, self.p.ref, session, speaker, text, start + timedelta(minutes=2 * i)))
                if key:
                    key_ids.setdefault(key, []).append(turn_id)
        for q in self.questions:
            q.evidence = [tid for key in q.evidence for tid in key_ids.get(key, [])]


def _person_facts(b: _Builder) -> None:
    rng, t = b.rng, b.t
    n = SESSIONS
    # Pet (single-hop: its name; temporal: when adopted).
    pet = rng.choice(PETS)
    pet_name = rng.choice(PET_NAMES)
    s_pet = rng.randrange(0, n // 2)
    b.say(s_pet, t(f"Por fin adoptamos un {pet[0]}, se llama {pet_name}", f"We finally adopted a {pet[1]}, it's called {pet_name}"),
          "pet", t("¡Qué ilusión! ¿Cómo se adapta?", "How exciting! How is it settling in?"))
    b.ask("single-hop", t("¿Cómo se llama nuestra mascota?", "What is our pet called?"), ["pet"])
    b.ask("temporal", t(f"¿Cuándo adoptamos a {pet_name}?", f"When did we adopt {pet_name}?"), ["pet"])
    # Vet visit later (multi-hop with the pet: "what did the vet say about <pet name>?").
    s_vet = rng.randrange(s_pet + 1, n)
    b.say(s_vet, t("El veterinario dice que tiene que perder un poco de peso", "The vet says it needs to lose a bit of weight"),
          "vet", t("Vaya, habrá que controlar la comida", "Oh, we'll have to watch the food then"))
    b.ask("multi-hop", t(f"¿Qué le dijo el veterinario a mi {pet[0]} {pet_name} y cuándo lo adoptamos?",
                         f"What did the vet say about my {pet[1]} {pet_name}, and when did we get it?"), ["pet", "vet"])
    # A relative moves to a city, then gets a job (multi-hop).
    for r in rng.sample(range(len(RELATIVES)), 2):
        relative = RELATIVES[r]
        city = rng.choice(CITIES)
        job = rng.choice(JOBS)
        s_move = rng.randrange(0, n - 2)
        s_job = rng.randrange(s_move + 1, n)
        key = f"rel{r}"
        b.say(s_move, t(f"{relative[0].capitalize()} se ha mudado a {city}", f"{relative[1].capitalize()} has moved to {city}"),
              key + "move", t("¡Qué cambio! ¿Le gusta la ciudad?", "What a change! Do they like the city?"))
        b.say(s_job, t(f"{relative[0].capitalize()} ha empezado a trabajar de {job[0]}", f"{relative[1].capitalize()} started working as a {job[1]}"),
              key + "job", t("¡Enhorabuena para la familia!", "Congratulations to the family!"))
        b.ask("single-hop", t(f"¿A qué ciudad se mudó {relative[0]}?", f"Which city did {relative[1]} move to?"), [key + "move"])
        b.ask("multi-hop", t(f"¿En qué trabaja ahora {relative[0]} desde que vive en {city}?",
                             f"What does {relative[1]} do for work now that they live in {city}?"),
              [key + "move", key + "job"])
    # Trips: one per chosen session, to different cities (temporal by month; multi-hop: all trips).
    trip_sessions = sorted(rng.sample(range(n), 4))
    trip_keys = []
    for k, s in enumerate(trip_sessions):
        city = rng.choice(CITIES)
        key = f"trip{k}"
        trip_keys.append(key)
        b.say(s, t(f"Acabo de volver de un viaje a {city}, qué bonito", f"I just got back from a trip to {city}, so lovely"),
              key, t("¿Qué fue lo que más te gustó?", "What did you like most?"))
        when = b.p.sessions[s]
        month = (MONTHS_ES if b.es else MONTHS_EN)[when.month - 1]
        b.ask("temporal", t(f"¿A qué ciudad viajé en {month} de {when.year}?", f"Which city did I travel to in {month} {when.year}?"), [key])
    b.ask("multi-hop", t("¿Qué ciudades he visitado en mis viajes?", "Which cities have I visited on my trips?"), trip_keys)
    # Recurring dinners with friends at restaurants: many near-identical turns; temporal questions
    # ask about one of them by its date ("el martes pasado", "on 14 March", "hace dos semanas").
    friends = rng.sample(FIRST_ES if b.es else FIRST_EN, 6)
    dinners = []
    for s in range(n):
        for _ in range(rng.choice((1, 2))):
            friend, place = rng.choice(friends), rng.choice(RESTAURANTS)
            key = f"dinner{len(dinners)}"
            dinners.append((s, key, friend, place))
            b.say(s, t(f"Anoche cené con {friend} en {place}", f"Last night I had dinner with {friend} at {place}"), key)
    for s, key, friend, place in rng.sample(dinners, 4):
        when = b.p.sessions[s] - timedelta(days=1)  # "anoche": the evening before the session
        months = MONTHS_ES if b.es else MONTHS_EN
        style = rng.randrange(3)
        if style == 0:
            text = t(f"¿Con quién cené el {when.day} de {months[when.month - 1]} de {when.year}?",
                     f"Who did I have dinner with on {months[when.month - 1]} {when.day}, {when.year}?")
            b.ask("temporal", text, [key])
        elif style == 1:
            text = t(f"¿Dónde cené el {when.day} de {months[when.month - 1]} de {when.year}?",
                     f"Where did I have dinner on {when.day} {months[when.month - 1]} {when.year}?")
            b.ask("temporal", text, [key])
        else:
            # Asked a few days after that session: "last <weekday>".
            asked = when + timedelta(days=rng.randrange(2, 6))
            weekday = (WEEKDAYS_ES if b.es else WEEKDAYS_EN)[when.weekday()]
            text = t(f"¿Con quién cené el {weekday} pasado?", f"Who did I have dinner with last {weekday}?")
            b.ask("temporal", text, [key], asked_at=asked)
    # Purchases: one per several sessions; "what did I buy last month / N weeks ago".
    bought = rng.sample(PURCHASES, 5)
    for k, s in enumerate(sorted(rng.sample(range(n), 5))):
        item = bought[k]
        key = f"buy{k}"
        b.say(s, t(f"Por fin me he comprado {item[0]}", f"I finally bought myself {item[1]}"), key,
              t("¡A estrenarlo!", "Enjoy it!"))
        when = b.p.sessions[s]
        b.ask("single-hop", t(f"¿Me compré {item[0]}?", f"Did I buy {item[1]}?"), [key])
        asked = when + timedelta(days=rng.choice((14, 15, 21)))
        weeks = round((asked - when).days / 7)
        b.ask("temporal", t(f"¿Qué me compré hace {weeks} semanas?", f"What did I buy {weeks} weeks ago?"), [key], asked_at=asked)
    # Work project: status updates across sessions (single-hop by name; temporal: last month's).
    project = rng.choice(PROJECTS)
    manager = rng.choice(FIRST_ES if b.es else FIRST_EN)
    s_mgr = rng.randrange(n)
    b.say(s_mgr, t(f"Mi nueva jefa en el proyecto {project} es {manager}", f"My new manager on project {project} is {manager}"),
          "manager", t("Espero que os llevéis bien", "I hope you get on well"))
    b.ask("single-hop", t(f"¿Quién es mi jefa en el proyecto {project}?", f"Who is my manager on project {project}?"), ["manager"])
    updates = [t("hemos entregado la primera fase", "we shipped the first phase"),
               t("el cliente ha pedido cambios en el diseño", "the client asked for design changes"),
               t("se ha retrasado la fecha de entrega", "the deadline has slipped"),
               t("hemos pasado las pruebas de carga", "we passed the load tests"),
               t("han recortado el presupuesto", "the budget was cut")]
    for k, s in enumerate(sorted(rng.sample(range(n), len(updates)))):
        b.say(s, t(f"En el proyecto {project} {updates[k]}", f"On project {project} {updates[k]}"), f"proj{k}")
        if k % 2 == 0:
            when = b.p.sessions[s]
            month = (MONTHS_ES if b.es else MONTHS_EN)[when.month - 1]
            b.ask("temporal", t(f"¿Qué pasó con el proyecto {project} en {month}?", f"What happened with project {project} in {month}?"),
                  [f"proj{k}"], asked_at=when + timedelta(days=rng.randrange(3, 40)))
    b.ask("multi-hop", t(f"¿Quién es mi jefa en el proyecto {project} y qué pasó con la fecha de entrega?",
                         f"Who manages project {project}, and what happened to its deadline?"), ["manager", "proj2"])
    # Open-domain: hobbies, diet, music stated once; asked in other words.
    hobbies = rng.sample(HOBBIES, 3)
    for (es_s, en_s, es_q, en_q), tag in ((hobbies[0], "hobby"), (hobbies[1], "hobby1"), (rng.choice(DIETS), "diet"),
                                          (rng.choice(MUSIC), "music")):
        s = rng.randrange(n)
        b.say(s, t(es_s, en_s), tag, t("¡Me lo apunto!", "Noted!"))
        b.ask("open-domain", t(es_q, en_q), [tag])
    # A hobby stated, then repeated in a later session (open-domain, two evidence turns).
    es_s, en_s, es_q, en_q = hobbies[2]
    s1, s2 = sorted(rng.sample(range(n), 2))
    b.say(s1, t(es_s, en_s), "hobby2")
    b.say(s2, t("Sigo con lo mismo: " + es_s[0].lower() + es_s[1:], "Still at it: " + en_s[0].lower() + en_s[1:]), "hobby2")
    b.ask("open-domain", t(es_q, en_q), ["hobby2"])


def generate(seed: int, people: int = 9) -> Corpus:
    """The corpus for ``seed``: ``people`` people (alternately Spanish and English), 12 sessions each."""
    rng = random.Random(seed)
    persons: list[Person] = []
    turns: list[Turn] = []
    questions: list[Question] = []
    names_es, names_en = rng.sample(FIRST_ES, people), rng.sample(FIRST_EN, people)
    for i in range(people):
        lang = "es" if i % 2 == 0 else "en"
        person = Person(ref=f"rb{seed}-p{i}", lang=lang, name=(names_es if lang == "es" else names_en)[i])
        day = datetime(2025, 1, 1, tzinfo=UTC) + timedelta(days=rng.randrange(0, 200), hours=rng.randrange(8, 20))
        for _ in range(SESSIONS):
            person.sessions.append(day)
            day += timedelta(days=rng.randrange(6, 24), hours=rng.randrange(-3, 4))
        builder = _Builder(rng, person)
        _person_facts(builder)
        builder.materialise()
        persons.append(person)
        turns.extend(builder.turns)
        for q in builder.questions:
            if q.evidence:
                q.id = f"{person.ref}-q{len([x for x in questions if x.person == person.ref]) + 1:03d}"
                questions.append(q)
    return Corpus(seed=seed, people=persons, turns=turns, questions=questions)


if __name__ == "__main__":  # a quick look: python -m benchmarks.retrieval_corpus
    corpus = generate(1)
    from collections import Counter

    print(len(corpus.turns), "turns,", len(corpus.questions), "questions",
          dict(Counter(q.category for q in corpus.questions)))
    for q in corpus.questions[:12]:
        print(q.category, "|", q.text, "|", q.evidence)
