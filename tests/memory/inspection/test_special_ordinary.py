"""Ordinary senses of special-looking words (issue 15, twelfth round): an idiom, a figurative use,
a food avoided for its taste, a pet's illness and its treatment, a job or a civic duty on the side
of the law and a quoted title are read as ordinary by both write-path stages, while a special
clause beside them is still found. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.special import special_category_in
from memory.inspection.special_forms import ordinary_spans
from tests.memory.inspection.special_helpers import finding_label

HEALTH = "user.health_and_medical"
RELIGION = "user.demographic.religious_belief"
CRIMINAL = "user.criminal_history"



@pytest.mark.parametrize("text", [
    # idioms and figurative uses
    "Said thank God it's Friday and left at four",
    "Says she's married to her job these days, so no weekend calls",
    "His conviction that tabs beat spaces is firm and loud",
    "El abogado del cliente tiene antecedentes de retrasar las firmas",
    # a food or drink avoided for its taste
    "Won't eat beef, she just doesn't like the taste of it",
    "No come cerdo porque no le gusta el sabor, nada más",
    # a pet's illness and its treatment
    "Su gato Miso tiene diabetes y hay que darle la insulina a las ocho",
    "Her dog has epilepsy, so she goes home at lunch to give him his pills",
    # a job or a civic duty on the side of the law
    "Su hermano es policía local y vendrá a buscarla a la estación",
    "Was a juror on a murder trial last month and is still tired",
    "Le tocó ser vocal de mesa electoral en las generales",
    # a quoted title after a verb of reading or watching
    "Está leyendo 'El gen egoísta', dice que engancha",
])
def test_a_word_in_its_ordinary_sense_is_no_finding(text: str) -> None:
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "category"), [
    ("Thank God it's Friday: she has chemo on Monday morning", HEALTH),
    ("Her dog has diabetes and so does she; she injects insulin before lunch", HEALTH),
    ("Doesn't eat pork because she is Muslim, and she doesn't like the taste either", RELIGION),
    ("Did time for burglary and doesn't like talking about it", CRIMINAL),
    ("Her dog sitter has epilepsy, so someone else walks the dog now", HEALTH),
    ("Es policía local y está de baja por depresión desde marzo", HEALTH),
])
def test_a_special_clause_beside_an_ordinary_sense_is_still_found(text: str, category: str) -> None:
    assert finding_label(text) == category


@pytest.mark.parametrize("text", [
    "The black dog is back, he says, go gentle with him",  # a name for depression, not an animal
    "He doesn't like talking about his time inside",  # a dislike without an avoided food
    "Is religiously observant and keeps every fast",  # belief, not the adverb of habit
])
def test_no_ordinary_span_where_the_sense_is_not_ordinary(text: str) -> None:
    from memory.inspection.normalise import fold_text  # local import: only this test needs the fold

    assert ordinary_spans(fold_text(text)) == []


@pytest.mark.parametrize("text", [
    "Teaches comparative religion at the adult school",
    "Da clases de historia del pueblo gitano en un instituto",
    "Does the bookkeeping for a Catholic school in Leeds",
    "Su empresa organiza bodas musulmanas en Madrid",
    "Is outside counsel for a nurses' union in a pay dispute",
    "Hace la web de una federación sindical como proveedora externa",
    "Negocia el convenio en representación de la patronal",
])
def test_teaching_a_subject_a_service_for_a_client_or_the_employers_side_is_no_finding(text: str) -> None:
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "category"), [
    ("Teaches Sunday school at St Mary's every week", RELIGION),
    ("Da clases de catequesis en la parroquia los sábados", RELIGION),
    ("Le enseñó a su jefe su perfil de Grindr", "user.demographic.sexual_orientation"),
])
def test_teaching_a_faith_or_showing_something_is_not_a_teaching_frame(text: str, category: str) -> None:
    assert finding_label(text) == category


POLITICS = "user.demographic.political_opinion"


@pytest.mark.parametrize("text", [
    "Book the room for 5pm, after her phone-banking shift for the Progressive Alliance",
    "Runs phone banks for the Greens every Thursday evening",
    "Los domingos de elecciones está repartiendo papeletas de Sumar en el colegio",
    "Va de voluntario en la campaña desde abril, por eso no contesta por las tardes",
    "Handed out ballots for the Liberal slate outside the school",
])
def test_an_act_of_campaigning_reveals_a_political_opinion(text: str) -> None:
    assert finding_label(text) == POLITICS


@pytest.mark.parametrize("text", [
    "Reparte papeletas de la rifa de Navidad en la oficina",
    "Volunteers for the campaign of the food bank every December",
])
def test_a_raffle_or_a_charity_campaign_is_not_campaigning(text: str) -> None:
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "category"), [
    # a holiday observed, after a negated work verb (not a work frame)
    ("Mover la reunión, que Rut no trabaja en Yom Kipur", RELIGION),
    # the Sabbath kept, said indirectly
    ("On Fridays he logs off before sunset and is offline until Saturday night", RELIGION),
    # the Spanish joined form of a heritage, parents of two origins, an ethnic group
    ("Añadir a Min-jun al hilo, que es coreanoamericano", "user.demographic.race_ethnicity"),
    ("Es de padre marroquí y madre gallega, lo contó en la comida", "user.demographic.race_ethnicity"),
    ("Akosua, whose family is Asante, is presenting on Tuesday", "user.demographic.race_ethnicity"),
    # a carrier test, the current Spanish term for a suspect
    ("Aplazar la demo, que el jueves recoge su test de portadora", "user.health_and_medical.genetic"),
    ("Está investigada en el caso de los contratos", CRIMINAL),
])
def test_a_hidden_or_indirect_form_of_an_existing_class_is_found(text: str, category: str) -> None:
    assert finding_label(text) == category


@pytest.mark.parametrize("text", [
    "Trabaja en la sede de Bilbao y viaja a Vitoria los lunes",
    "Es europea y habla tres idiomas",  # a continent, not a heritage
    # "Es latinoamericana" was here until stop 35: the n-gram stage trained on all 24 spent authors
    # flags it as ethnic origin. "Latino/a" is an ethnic category in common use, so the note is a
    # doubtful case, and doubtful cases stay private (the seed); it is no longer pinned as ordinary.
])
def test_a_region_or_a_workplace_stays_ordinary(text: str) -> None:
    assert finding_label(text) is None


def test_the_vector_stage_reads_only_what_lies_outside_an_ordinary_sense(monkeypatch: pytest.MonkeyPatch) -> None:
    """The backfill's vector stage never reads the whole-note embedding of a note that uses a special
    word in an ordinary sense: it reads the embedding of what lies outside the span, so an idiom
    appended to a note hides nothing from it; with nothing left to read, it reads nothing."""
    import numpy as np

    from memory.inspection import special
    from memory.inspection.special import SpecialFinding, ordinary_sense, outside_ordinary
    from memory.services import special_category

    finding = SpecialFinding(HEALTH, "content", "vector.model.health")
    vector = np.zeros(384, dtype=np.float32)
    read: list[np.ndarray] = []

    def stage(given: np.ndarray) -> SpecialFinding | None:  # flags the note's own (whole) embedding only
        read.append(given)
        return finding if np.array_equal(given, vector) else None

    monkeypatch.setattr(special, "special_category_by_vector", stage)
    # the stub's zero vector scores the real model's bias, at its margin, where the n-gram stage may
    # outvote it (sp23, ``special._vector_outvoted``; tested in test_special_scenes): not this test's subject
    monkeypatch.setattr(special, "_vector_outvoted", lambda read, text, **_: False)
    assert ordinary_sense("Her cat was diagnosed with asthma, so she gives it the pills at noon")
    assert special_category.special_vector_finding(vector, "Her cat was diagnosed with asthma, so she gives it the pills at noon") is None
    assert special_category.special_vector_finding(vector, "Says he's married to his job, no weekend calls") is None
    assert special_category.special_vector_finding(vector, "Prefers calls after lunch") == (HEALTH, "vector.model.health")
    assert special_category.special_vector_finding(vector) == (HEALTH, "vector.model.health")
    # what it read for the cat note is the embedding of the rest of it, not the note's own
    from memory.embedding import get_embedder

    rest = outside_ordinary("Her cat was diagnosed with asthma, so she gives it the pills at noon")
    assert np.allclose(read[0], get_embedder().embed_passages([rest])[0])
    read.clear()
    assert special_category.special_vector_finding(vector, "Thank God it's Friday.") is None
    assert read == []  # nothing outside the idiom to read

@pytest.mark.parametrize("text", [
    "Se pincha cada mañana antes de desayunar y lleva caramelos en el bolso. Gracias a Dios que es viernes.",
    "Gracias a Dios que es viernes. Se pincha cada mañana antes de desayunar y lleva caramelos en el bolso.",
    "Sleeps most afternoons since the spring, asks to keep it quiet. Thank God it's Friday!",
    "Says he's married to his job. Sleeps most afternoons since the spring.",
])
def test_an_idiom_in_a_sentence_of_its_own_hides_nothing_from_the_ngram_stage(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the n-gram stage catches these notes (no lexicon word; the sentences were written for
    this test); an idiom written as a sentence of its own before or after them used to make the
    stage step aside for the whole string (stop 31's review). It now reads the sentences without
    an ordinary-sense span. The stage is stubbed to flag exactly what it is given of the note's
    other sentence (a model's score is not the behaviour under test: the six-source models flagged
    these notes, the retrained ones need not)."""
    from memory.inspection import special_ngrams
    from memory.inspection.special import lexical_rule

    def flags(self: special_ngrams.NgramModel, given: str) -> bool:
        return "pincha cada" in given or "sleeps most afternoons" in given  # it reads folded text

    monkeypatch.setattr(special_ngrams.NgramModel, "special", flags)
    monkeypatch.setattr(special_ngrams.NgramModel, "category", lambda self, given: "health")
    assert lexical_rule(text) is None
    assert finding_label(text) == "user.health_and_medical"


@pytest.mark.parametrize("text", [
    "Takes a pill every morning so his mood stays level.",
    "Says he's married to his job. Takes a pill every morning so his mood stays level.",
    "Toma una pastilla cada noche para dormir del tirón",
    "Took one tablet of his new prescription at lunch",
])
def test_taking_a_single_pill_is_medication(text: str) -> None:
    """A pill, tablet or capsule taken ("takes a pill", "toma una pastilla") is medication, as the
    plural already was: the n-gram stage of the six-source models caught the first by chance."""
    assert finding_label(text) == "user.health_and_medical"


@pytest.mark.parametrize("text", [
    "Toma una pastilla de jabón del hotel para el viaje",
    "Compró pastillas de freno para la moto",
])
def test_a_pill_of_soap_or_brakes_is_no_medication(text: str) -> None:
    assert finding_label(text) is None


def test_the_ngram_stage_reads_whole_sentences_without_a_span(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the n-gram stage reads of a string with an ordinary-sense span: the sentences no span
    touches, never the remainder of a sentence the span was cut from."""
    from memory.inspection import special

    read: list[str] = []

    class Stage:  # records what it reads, flags nothing, vetoes nothing
        def special(self, text: str) -> bool:
            read.append(text)
            return False

        def vetoes(self, text: str) -> bool:
            return False

    monkeypatch.setattr(special, "load_ngrams", lambda: Stage())
    assert special_category_in([("content", "Says he's married to his job, so no plans this weekend.")]) is None
    assert read == []  # one sentence, and the span is in it: nothing to read
    special_category_in([("content", "Thank God it's Friday. Wants the report by noon on Monday!")])
    assert read == ["wants the report by noon on monday!"]


@pytest.mark.parametrize("text", ["Se presenta como Ana", "Introduces herself as Bea", "Goes by Kate",
                                  "Prefers to be called Bill", "Firma siempre como Maite"])
def test_the_name_a_person_goes_by_is_not_read_by_the_vector_stage(text: str) -> None:
    """The verb of a name a person goes by is an ordinary-sense span: the bare name left is too short
    to read (the vector stage retrained on 24 authors read "Se presenta como Ana" as ethnicity)."""
    import numpy as np

    from memory.inspection.special import vector_to_read

    assert vector_to_read(np.ones(384, dtype=np.float32), text) is None
    assert finding_label(text) is None


@pytest.mark.parametrize(("text", "category"), [
    ("Se presenta como gitano en su perfil del congreso", "user.demographic.race_ethnicity"),
    ("El sábado se presenta como candidato independentista en su pueblo", "user.demographic.political_opinion"),
])
def test_what_follows_the_verb_of_a_name_is_still_read(text: str, category: str) -> None:
    assert finding_label(text) == category


def test_the_ngram_stage_reads_the_sentence_of_a_name_a_person_goes_by(monkeypatch: pytest.MonkeyPatch) -> None:
    """The verb of a name a person goes by is kept from the vector stage alone: the n-gram stage
    still reads the whole sentence it stands in (as an ordinary-sense span it skipped it)."""
    from memory.inspection import special

    read: list[str] = []

    class Stage:  # records what it reads, flags nothing, vetoes nothing
        def special(self, text: str) -> bool:
            read.append(text)
            return False

        def vetoes(self, text: str) -> bool:
            return False

    monkeypatch.setattr(special, "load_ngrams", lambda: Stage())
    text = "Goes by Kate at work and wants the invoices on Fridays"
    assert special_category_in([("content", text)]) is None
    assert read == [text]
    assert ordinary_spans("se presenta como ana y quiere las facturas los viernes") == []
