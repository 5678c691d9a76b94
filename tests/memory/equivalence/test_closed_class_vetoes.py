"""Closed-class vetoes of the third free-text round (issue 16): single-slot swaps that embedding
similarity cannot see — the sex of a relative, the role a person plays on a team, the bound of a
span of time, a slashed date's order, where "only" points, converse verbs and general antonym
poles. Each is a veto (it stops a merge, never proves one); each class also has a paraphrase that
must still merge. Pure Python: the similarity is given, as consolidation gives it.

The sentences are written for these tests, not taken from any evaluation file."""

from __future__ import annotations

import pytest

from memory.equivalence import Label, Statement, default_chain
from memory.equivalence.signature import mismatch, signature
from memory.equivalence.slots import actor_order_swap
from memory.equivalence.values import counts_differ


def _merges(a: str, b: str, similarity: float = 0.96) -> bool:
    return default_chain().judge(Statement(a), Statement(b), similarity=similarity).label is Label.EQUIVALENT


@pytest.mark.parametrize(("a", "b"), [
    # the sex of a relative named in the singular
    ("Her sister manages the family shop.", "Her brother manages the family shop."),
    ("Su hija estudia en Valencia.", "His son studies in Valencia."),
    # what the person is on a team, though the team is shared
    ("Is the coach of his daughter's basketball team.", "Is a player on his daughter's basketball team."),
    ("Es árbitra en la liga municipal.", "Es jugadora en la liga municipal."),
    # being someone's boss / working under them
    ("Lucía es la jefa de Pablo.", "Lucía trabaja a las órdenes de Pablo."),
    # a business partner as subject on one side, as the one addressed on the other
    ("Le vendió el local a su socio.", "Su socio le vendió el local."),
    # the two bounds of a span of time
    ("Chairs the residents' association since 2019.", "Chairs the residents' association until 2019."),
    ("Vive en Bilbao desde marzo.", "Vive en Bilbao hasta marzo."),
    # a slashed date with day and month swapped
    ("Su aniversario es el 03/11.", "Su aniversario es el 11/03."),
    # "only" narrowing who, or what is done
    ("Only his unit reads the weekly report.", "His unit only reads the weekly report."),
    # converse verbs
    ("Beat Tomás in the club final.", "Lost to Tomás in the club final."),
    ("Es mayor que su prima Irene.", "Es menor que su prima Irene."),
    # general antonym poles, also across languages
    ("The supplier was satisfied with the audit.", "El proveedor quedó insatisfecho con la auditoría."),
    ("Prefers strong tea.", "Le gusta el té suave."),
    ("Goes to the gym on foot.", "Va al gimnasio en coche."),
    ("Works weekdays at the clinic reception.", "Trabaja los fines de semana en la recepción de la clínica."),
    ("Aprobó el examen de conducir en mayo.", "Suspendió el examen de conducir en mayo."),
    ("The course starts at nine.", "The course ends at nine."),
    ("Está casada con un arquitecto.", "Está divorciada de un arquitecto."),
    # second batch: who acts in which clause, a preference's order across languages, the part of a
    # period, open/closed, the role a verb opening the note says the person plays
    ("At the bakery, he bakes and she serves.", "At the bakery, she bakes and he serves."),
    ("Prefers Portuguese wine to Chilean.", "Prefiere el vino chileno al portugués."),
    ("Recibe el alquiler a mediados de mes.", "Gets the rent at the end of the month."),
    ("Keeps the office door open during calls.", "Deja la puerta del despacho cerrada durante las llamadas."),
    ("Coaches the junior chess club.", "Referees the junior chess club's matches."),
    # third batch: occupations, step relatives, an English irregular past, a passive whose agent
    # comes later, ISO dates, level and trust poles
    ("Works as the hotel's receptionist.", "Trabaja de camarera en el hotel."),
    ("Is the choir's manager.", "Es la cantante del coro."),
    ("Su madrastra vive en Lugo.", "Her stepsister lives in Lugo."),
    ("Had a season ticket for the theatre.", "Has a season ticket for the theatre."),
    ("Llamó a Jorge para felicitarle el lunes.", "Was called by Jorge on Monday to be congratulated."),
    ("Her visa expires on 2027-03-09.", "Her visa expires on 2027-09-03."),
    ("Tiene el colesterol alto.", "Has low cholesterol."),
    ("Trusts her accountant fully.", "Desconfía por completo de su contable."),
    # fourth batch: what a number counts, full/empty, saver/spender, co-driver
    ("Keeps three hens and one goat.", "Keeps one hen and three goats."),
    ("Swims 2 km four times a week.", "Swims 4 km two times a week."),
    ("Has lived in Porto for six months.", "Lleva seis años viviendo en Oporto."),
    ("Prefers gyms that are packed.", "Prefiere los gimnasios vacíos."),
    ("Es muy ahorradora con la ropa.", "Is a big spender on clothes."),
    ("Is the co-driver in the desert rally.", "Es la piloto del rally del desierto."),
    # fifth batch: seasons, a part against the whole, hating against loving, an examiner
    ("Se casó en primavera de 2018.", "Got married in the autumn of 2018."),
    ("Covers all of the team's travel costs.", "Paga parte de los gastos de viaje del equipo."),
    ("Le encanta cocinar para sus amigos.", "Odia tener que cocinar para sus amigos."),
    ("Es la directora de la tesis de Irene.", "Is an external examiner of Irene's thesis."),
    # sixth batch: an unfulfilled plan, optimism, one relative against several, protection "against"
    ("Was supposed to call the bank on Monday.", "Llamó al banco el lunes."),
    ("Is hopeful about the appeal.", "Es pesimista sobre el recurso."),
    ("Recoge a su sobrina del colegio.", "Recoge a sus sobrinas del colegio."),
    ("Is vaccinated against yellow fever.", "No está vacunada contra la fiebre amarilla."),
    # seventh batch: none / not all / every kind, "not only", how it went, shy or outgoing, paid or
    # volunteer, a year round, a second occupation, a thesis committee
    ("Ninguna de sus sobrinas sabe nadar.", "No todas sus sobrinas saben nadar."),
    ("None of her flatmates smoke.", "Not all of her flatmates smoke."),
    ("No bebe vino blanco.", "No bebe ningún tipo de vino."),
    ("Uses the tablet only for work.", "Usa la tableta para todo, no solo para trabajar."),
    ("The interview went well.", "La entrevista salió mal."),
    ("Su hija es muy extrovertida.", "Her daughter is very shy."),
    ("Is a volunteer lifeguard at the lake.", "Es socorrista profesional en el lago."),
    ("Rents the flat only during the summer.", "Alquila el piso todo el año."),
    ("Works as a translator and a driver.", "Trabaja de traductora y de coordinadora."),
    ("Forma parte del tribunal de la tesis de Hugo.", "Is Hugo's thesis director."),
    # eighth batch: weight gained or lost, "only" moved onto another word of the same sentence
    ("Ha engordado este invierno.", "Lost weight this winter."),
    ("Gained weight during the exams.", "Adelgazó durante los exámenes."),
    ("Drinks coffee only at breakfast.", "Drinks only coffee at breakfast."),
    ("Lee solo novelas en vacaciones.", "Lee novelas solo en vacaciones."),
    # ninth batch: most days against every day, noon against midnight, a player against the coach,
    # exports against imports
    ("Cycles to the office most days.", "Cycles to the office every day."),
    ("The pharmacy shift ends at noon.", "El turno de la farmacia acaba a medianoche."),
    ("Juega de lateral en el equipo del barrio.", "Es la entrenadora del equipo del barrio."),
    ("Exporta vino a Canadá.", "Imports wine from Canada."),
    # tenth batch: a Spanish "billón" is no English "billion", "a" as a count, used against new,
    # an exception affirmed, one of a group
    ("La cooperativa mueve un billón de euros.", "The cooperative handles a billion euros."),
    ("Keeps a parrot and two canaries.", "Keeps two parrots and a canary."),
    ("Drives a second-hand van.", "Conduce una furgoneta nueva."),
    ("No bebe vino ni cerveza.", "No bebe vino, pero sí cerveza."),
    ("Is one of three partners in the firm.", "Has three partners in the firm."),
    # eleventh batch: advice against doing or being required, firm against soft, another
    # instrument, who wrote and who reviewed, lessons given against lessons taken
    ("Should walk more after dinner.", "Walks more after dinner."),
    ("Is required to rest on Sundays.", "Le recomiendan descansar los domingos."),
    ("Likes firm pillows.", "Le gustan las almohadas blandas."),
    ("Plays the cello in a quartet.", "Toca la viola en un cuarteto."),
    ("Es el autor del estudio de mercado.", "Is the reviewer of the market study."),
    ("Le da clases de piano a su sobrino.", "Takes piano lessons from her nephew."),
    # twelfth batch: opened against closed as verbs, a role said by a verb against another said by a
    # noun, builder and first officer
    ("Opened a current account in March.", "Cerró una cuenta corriente en marzo."),
    ("Volunteers at the animal shelter.", "Coordina el refugio de animales."),
    ("Es la arquitecta de la casa de su tía.", "Is the builder of her aunt's house."),
    ("Es primera oficial en una aerolínea regional.", "Is a captain at a regional airline."),
])
def test_a_single_slot_swap_never_merges(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Her sister manages the family shop.", "Su hermana lleva la tienda familiar."),
    ("Is the coach of his daughter's basketball team.", "Entrena al equipo de baloncesto de su hija."),
    ("Chairs the residents' association since 2019.", "Preside la asociación de vecinos desde 2019."),
    ("Su aniversario es el 03/11.", "El 03/11 es su aniversario."),
    ("Only his unit reads the weekly report.", "Only his unit reads the report every week."),
    ("Goes to the gym on foot.", "Walks to the gym."),
    ("Coaches the junior chess club.", "Is the coach of the junior chess club."),
    ("Dirige un equipo de seis personas.", "Tiene a seis personas a su cargo."),
    ("Es arquitecta.", "She's an architect."),
    ("Trabaja por cuenta propia como traductora.", "Works as a freelance translator."),
    ("Civil engineer at a road-building firm.", "Es ingeniera civil en una empresa de carreteras."),
    ("Cobra unos 2.000 euros al mes.", "Gana aprox. 2000 €/mes."),
    ("Spends summers at her aunt's farm.", "Every summer she stays at her aunt's farm."),
    ("Not all of his cousins live in Lima.", "No todos sus primos viven en Lima."),
    ("Doesn't drink wine of any kind.", "No bebe ningún tipo de vino."),
    ("Speaks not only French but also German.", "No solo habla francés, también alemán."),
    ("Her son is very shy.", "Su hijo es muy tímido."),
    pytest.param("Has lost weight since the spring.", "Ha adelgazado desde la primavera.",
                 marks=pytest.mark.xfail(strict=True, reason="known cost of the Spanish translated reading alone (stop 48, docs/consolidation.md): a rough translation vetoes one fact")),
    ("Drinks coffee only at breakfast.", "Toma café solo en el desayuno."),
    ("Cycles to the office most days.", "Va en bici a la oficina casi todos los días."),
    ("Prefers trains to planes for short trips.", "For short trips she'd rather take the train than fly."),
    ("Va a la piscina municipal todos los martes.", "Goes to the municipal pool every Tuesday."),
    ("Detesta conducir de noche.", "Odia conducir de noche."),
    ("Factura mil millones de pesos al año.", "Bills a billion pesos a year."),
    ("Visits her grandmother once a month.", "Visita a su abuela una vez al mes."),
    ("Plays the cello in a quartet.", "Toca el violonchelo en un cuarteto."),
    ("Should walk more after dinner.", "Debería caminar más después de cenar."),
    ("Coordina el equipo de atención al cliente.", "Es la coordinadora del equipo de atención al cliente."),
])
def test_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


def test_a_count_is_what_it_counts_not_where_it_stands() -> None:
    assert not counts_differ("Tiene dos gatos y un perro.", "Tiene un perro y dos gatos.")
    assert not counts_differ("Walks 5 km a day.", "Walks five kilometres daily.")
    assert counts_differ("Tiene dos gatos y un perro.", "Tiene un gato y dos perros.")


def test_people_coordinated_as_one_subject_have_no_order() -> None:
    names = frozenset({"tom"})
    assert not actor_order_swap("She and Tom run the bakery.", "Tom and she run the bakery.", names)
    assert actor_order_swap("She bakes and Tom serves.", "Tom bakes and she serves.", names)


@pytest.mark.parametrize(("a", "b"), [
    ("Has worked in logistics for ten years.", "Lleva diez años trabajando en logística."),
    ("Su plan es estudiar italiano el año que viene.", "Quiere estudiar italiano el próximo año."),
    ("Her shift runs overnight, starting at 23:00.", "Works nights from 23:00."),
    ("Veranea en un pueblo de Cuenca.", "Pasa los veranos en un pueblo de Cuenca."),
    ("Applies to PhD programmes in the fall.", "Applies to PhD programmes in autumn."),
])
def test_tense_and_intention_read_as_grammar_not_as_words(a: str, b: str) -> None:
    """A perfect that runs up to now is the present; an intention said with a noun is a wish;
    "starting at" a time is no future; a season is a season however it is said."""
    assert mismatch(signature(a), signature(b), a, b) not in {"tense_mismatch", "modality_mismatch",
                                                               "date_mismatch"}


def test_the_spanish_synthetic_future_is_the_future() -> None:
    assert "future" in signature("En otoño solicitará un traslado.").tense
    assert "future" not in signature("En otoño solicita un traslado cada año.").tense


@pytest.mark.parametrize(("a", "b"), [
    # knowing how against being allowed to
    ("Sabe pilotar avionetas.", "Is permitted to fly light aircraft."),
    ("Is able to sign contracts for the firm.", "Is authorised to sign contracts for the firm."),
    # a lifted obligation against a prohibition
    ("No tiene que llevar uniforme.", "Must not wear a uniform."),
    ("Doesn't have to attend the Monday call.", "Is not allowed to attend the Monday call."),
    # "neither … nor" is one negation
    ("Speaks both Greek and Turkish.", "Speaks neither Greek nor Turkish."),
    # a part of the week on one side only narrows the other
    ("No toma café entre semana.", "No toma ni una taza de café."),
    ("Works from the office at weekends.", "Works from the office, taking calls too."),
])
def test_round_15_modality_negation_and_week_part_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Sabe pilotar avionetas.", "Can fly light aircraft."),  # a bare "can" reads as the ability said
    ("Puede trabajar desde casa los viernes.", "Is allowed to work from home on Fridays."),
    ("No lee alemán.", "No sabe leer alemán."),  # ability against the plain statement
    ("No tiene que llevar uniforme.", "Doesn't have to wear a uniform."),
    ("Tiene prohibido aparcar en el patio.", "Must not park in the courtyard."),
    ("Neither smokes nor drinks.", "Doesn't smoke or drink."),
    ("Commutes by bike on workdays.", "Va en bici al trabajo entre semana."),
])
def test_round_15_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Toma postre solo en las comidas del domingo, nunca en el desayuno.", "Toma postre en todas las comidas."),
    ("Skips bread at breakfast.", "Skips bread at dinner."),
    ("Estuvo prometida con un piloto.", "Is engaged to a pilot."),  # an irregular preterite is the past
    ("Plays bass in the church band.", "Plays violin in the church band."),
    ("Alquila su estudio a su sobrino.", "Vive de alquiler en el estudio de su sobrino."),
    ("Se apuntó al coro en marzo.", "Left the choir in March."),
    ("Accepted the offer from the Porto office.", "Rechazó la oferta de la oficina de Oporto."),
])
def test_round_16_meals_preterites_instruments_and_poles_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Skips bread at breakfast.", "No come pan en el desayuno."),
    ("Estuvo prometida con un piloto.", "Was engaged to a pilot."),
    ("Plays bass in the church band.", "Toca el bajo en la banda de la iglesia."),
    ("Se apuntó al coro en marzo.", "Joined the choir in March."),
    ("Es inquilina en el piso de su tía.", "Rents her aunt's flat as a tenant."),
])
def test_round_16_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    # "only" narrows another word across languages (read through Apertium's dictionary)
    ("En casa solo cocina pasta.", "Cooks pasta only at home."),
    ("Only drinks coffee at the office.", "Solo en la oficina bebe café."),
    # one done and one not, against both negated
    ("Ni cocina ni limpia.", "Cocina pero no limpia."),
    ("Neither cooks nor cleans.", "Cooks but does not clean."),
])
def test_round_17_only_across_languages_and_one_not_both_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b, similarity=0.93)
    assert not _merges(b, a, similarity=0.93)


@pytest.mark.parametrize(("a", "b"), [
    ("Solo cocina pasta en casa.", "Only cooks pasta at home."),
    ("Cocina pero no limpia.", "Cooks but doesn't clean."),
    ("Ni cocina ni limpia.", "Neither cooks nor cleans."),
    ("Reads Italian but can't write it.", "Able to read Italian, unable to write it."),
])
def test_round_17_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b, similarity=0.93)


def test_lowering_is_the_other_pole_of_raising() -> None:
    a, b = "Subió la cuota del gimnasio.", "Lowered the gym fee."
    assert mismatch(signature(a), signature(b), a, b) == "antonym"


@pytest.mark.parametrize(("a", "b"), [
    ("No come marisco por la noche.", "No come marisco en ningún momento."),  # "at no time" is never
    ("Es la diseñadora externa del estudio.", "Is the studio's in-house designer."),
    ("Ha leído casi todos los libros de la saga.", "Has read every book in the saga."),
    ("Visiting researcher at the institute.", "Tenured researcher at the institute."),
])
def test_round_19_never_almost_all_affiliation_and_tenure_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Conoce casi todas las provincias de Chile.", "Knows almost all the provinces of Chile."),
    ("Es la diseñadora externa del estudio.", "Works for the studio as a freelance designer."),
])
def test_round_19_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Her studio is 40 square feet.", "Su estudio tiene 40 metros cuadrados."),
    ("Intenta caminar diez mil pasos al día.", "Walks ten thousand steps a day."),
    ("Trata de leer un libro al mes.", "Reads a book a month."),
])
def test_round_20_area_units_and_trying_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Su estudio tiene 40 metros cuadrados.", "Her studio is 40 square metres."),
    ("Intenta caminar diez mil pasos al día.", "Tries to walk ten thousand steps a day."),
    ("Su libro trata de la historia de Cádiz.", "Her book is about the history of Cádiz."),  # "trata de" + noun: about
])
def test_round_20_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("La cuota le ha subido este trimestre.", "Their fee has gone down this quarter."),
    ("Digiere el gluten sin problema.", "No digiere bien el gluten."),  # "sin problema" is no negative
    ("Organiza la feria del libro del barrio.", "Asiste a la feria del libro del barrio."),
    ("Es avalista de la hipoteca de su primo.", "Is a co-borrower on his cousin's mortgage."),
    ("Declara como testigo en el juicio.", "Es la acusada en el juicio."),
])
def test_round_21_changes_event_and_loan_roles_and_court_roles_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Declara como testigo en el juicio.", "Is a witness in the trial."),
    ("El alquiler le ha subido este año.", "Their rent has gone up this year."),
])
def test_round_21_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    # a noun the role lists do not know: only the "a" says who recommends to whom
    ("Su gestora le recomendó cambiar de seguro.", "Le recomendó a su gestora cambiar de seguro."),
    ("Su asesor le recomendó invertir en bonos.", "Le recomendó a su asesor invertir en bonos."),
    ("Es probable que se mude a Bilbao en verano.", "Will definitely move to Bilbao this summer."),
    ("Is likely to retire next year.", "Se jubila seguro el año que viene."),
])
def test_round_22_who_is_acted_on_and_a_possibility_against_a_certainty_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Es posible que cambie de trabajo este año.", "Might change jobs this year."),
    ("Es alérgico a los frutos secos.", "Los frutos secos le dan alergia."),
])
def test_round_22_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Takes her vitamins at 7 pm.", "Toma las vitaminas a las 7 de la mañana."),  # a morning hour stays am
    ("Keynote speaker at the Lisbon design week.", "Organiser of the Lisbon design week."),
    ("Es panelista en el foro de empleo.", "Is the moderator of the jobs forum."),
    ("Works as a dental hygienist at a health centre.", "Trabaja como dentista en un centro de salud."),
])
def test_round_24_a_morning_hour_and_what_a_person_is_at_an_event_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Se levanta a las 7 de la mañana.", "Gets up at 7 am."),
    ("Es ponente en el congreso de pediatría.", "Is a guest speaker at the paediatrics congress."),
    ("Is a native speaker of Greek.", "Greek is her mother tongue."),  # a speaker of a language
])
def test_round_24_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Acting head of IT.", "Assistant to the head of IT."),
    ("Es voluntario en la residencia de ancianos.", "Is a resident of the old people's home."),
])
def test_round_25_assisting_a_role_and_living_where_another_helps_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    # a terse note opening with a role is what the person is, not who acts
    ("Assistant to the dean.", "Es la ayudante del decano."),
])
def test_round_25_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Plays goalkeeper in the village team.", "Juega de defensa en el equipo del pueblo."),
    ("Prefiere la salsa picante.", "Prefers a mild sauce."),
    ("Is a trustee of the local library.", "Volunteers at the local library."),
])
def test_round_26_positions_in_a_team_spicy_and_mild_and_the_board_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Le encanta la comida picante.", "Loves spicy food."),
    ("Juega de portero en el equipo del barrio.", "Is the goalkeeper of the neighbourhood team."),
])
def test_round_26_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


def test_round_27_a_noun_ending_in_ria_is_no_past_tense() -> None:
    """"enfermería" is a noun (Apertium's analyser says so), not an imperfect like "comería": the
    present "Estudia" stays present against the past "Estudió"."""
    assert not _merges("Estudia enfermería en Sevilla.", "Estudió enfermería en Sevilla.")
    assert _merges("Trabaja en la enfermería del colegio.", "Works in the school infirmary.")


@pytest.mark.parametrize(("a", "b"), [
    ("Officiated at her cousin's wedding.", "Was a bridesmaid at her cousin's wedding."),
    ("Lee cada informe antes de firmarlo.", "Reads a sample of the reports before signing them."),
    ("Su vecina le hace la compra los lunes.", "She does the shopping for her neighbour on Mondays."),
])
def test_round_28_wedding_roles_a_sample_and_who_is_done_for_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Hace la compra para su vecina los lunes.", "She does the shopping for her neighbour on Mondays."),
])
def test_round_28_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Her landlady is very strict.", "Su casera es muy permisiva."),
    ("Her coach is strict about diet.", "Su entrenadora es flexible con la dieta."),
    ("Le corta el pelo a su compañero de piso.", "Her flatmate cuts her hair."),  # "flatmate": Spanish side only
])
def test_round_29_strict_and_lenient_and_who_acts_across_languages_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Su jefa es muy flexible con los horarios.", "Her boss is relaxed about schedules."),
])
def test_round_29_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


def test_no_pole_axis_is_written_twice() -> None:
    """A dict literal keeps the last of two equal keys silently: an axis written a second time (as
    "weight" was in round 30's first draft) drops one of the two's phrases. Every axis of ``_POLES``
    is written once."""
    import ast
    from pathlib import Path

    from memory.equivalence import poles

    tree = ast.parse(Path(poles.__file__).read_text(encoding="utf-8"))
    table = next(node.value for node in ast.walk(tree) if isinstance(node, ast.AnnAssign)
                 and getattr(node.target, "id", "") == "_POLES")
    keys = [key.value for key in table.keys]
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)


@pytest.mark.parametrize(("a", "b"), [
    ("Is the assistant coach of the hockey club.", "Es la primera entrenadora del club de hockey."),
    ("Está engordando desde la mudanza.", "Has been losing weight since the move."),
    ("Is a peer reviewer for the medical journal.", "Is an associate editor at the medical journal."),
    ("Trabaja como fisioterapeuta en la mutua.", "Es paciente de fisioterapia en la mutua."),
])
def test_round_30_rank_weight_editor_and_patient_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    pytest.param("Is the head coach of the hockey club.", "Es la primera entrenadora del club de hockey.",
                 marks=pytest.mark.xfail(strict=True, reason="known cost of the Spanish translated reading alone (stop 48, docs/consolidation.md): a rough translation vetoes one fact")),
    ("Está adelgazando desde la mudanza.", "Has been losing weight since the move."),
])
def test_round_30_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Would sell the flat if prices went up.", "Is selling the flat because prices went up."),
    ("Tiene el pelo muy graso.", "Has very dry hair."),
])
def test_round_31_a_condition_and_oily_against_dry_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Wants to run her first marathon in Seville next year.",
     "Aims to finish the Seville marathon next year, which would be her first."),
    ("Would like to move to Oporto.", "Wants to move to Oporto."),
])
def test_round_31_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Made money on the stock market last year.", "Perdió dinero en bolsa el año pasado."),
])
def test_round_32_making_money_against_losing_it_never_merges(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


def test_round_32_the_same_fact_written_another_way_still_merges() -> None:
    assert _merges("Made money on the stock market last year.", "Ganó dinero en bolsa el año pasado.")


@pytest.mark.parametrize(("a", "b"), [
    ("Is the scrum master of the payments team.", "Es la product owner del equipo de pagos."),
    ("Prefers cold baths after a long run.", "Prefiere baños calientes después de correr mucho."),
])
def test_round_33_product_team_roles_and_hot_against_cold_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


def test_round_33_the_same_fact_written_another_way_still_merges() -> None:
    assert _merges("Is the scrum master of the payments team.", "Hace de scrum master en el equipo de pagos.")


@pytest.mark.parametrize(("a", "b"), [
    ("Quedó tercera en la carrera popular del barrio.", "Finished eleventh in the neighbourhood fun run."),
    ("Her dentist is Dr. Molina.", "Su dentista es la Dra. Navarro."),  # a title's full stop ends no sentence
])
def test_round_34_ordinals_and_a_name_after_a_title_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Su despacho está en la tercera planta.", "Trabaja en la planta tres."),
    ("Is saving to buy a second-hand van.", "Ahorra para comprarse una furgoneta usada."),
])
def test_round_34_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Her ex pays her maintenance.", "She pays her ex maintenance."),
    ("Su piso está cerca de la oficina.", "Her flat is far from the office."),
    ("Sits on the hiring panel for the finance post.", "Is a candidate for the finance post."),
])
def test_round_35_who_pays_whom_near_and_far_and_panel_against_candidate_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    pytest.param("Su piso está cerca de la oficina.", "Her flat is close to the office.",
                 marks=pytest.mark.xfail(strict=True, reason="known cost of the Spanish translated reading alone (stop 48, docs/consolidation.md): a rough translation vetoes one fact")),
])
def test_round_35_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Está escribiendo su primera novela.", "Has written her first novel."),
    ("Está comprando un piso en Gijón.", "Has bought a flat in Gijón."),
])
def test_round_36_an_irregular_perfect_is_done_never_ongoing(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


def test_round_36_the_same_fact_written_another_way_still_merges() -> None:
    assert _merges("Ha escrito su primera novela.", "Has written her first novel.")


@pytest.mark.parametrize(("a", "b"), [
    ("Sings in the parish choir.", "Dirige el coro de la parroquia."),
    ("Was working in Quito when they met.", "Trabaja en Quito desde que se conocieron."),  # the main clause's tense
    ("No come fuera todos los días.", "No come fuera ningún día."),  # not every day is not no day
    ("Se siente más tranquila desde que se jubiló.", "Has felt more anxious since retiring."),
])
def test_round_37_singing_and_directing_main_clause_tense_not_every_and_calm_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Vive en Quito desde que se casó.", "Has lived in Quito since she got married."),
    ("Canta en el coro de la parroquia.", "Sings in the parish choir."),
])
def test_round_37_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


def test_round_38_a_cut_against_a_rise_said_in_the_plural_never_merges() -> None:
    assert not _merges("Got a pay cut in March.", "Le subieron el sueldo en marzo.")
    assert not _merges("Le bajaron el alquiler este año.", "Their rent went up this year.")
    assert _merges("Le subieron el sueldo en marzo.", "Got a pay rise in March.")


@pytest.mark.parametrize(("a", "b"), [
    ("Came second in the village 10k.", "Came twentieth in the village 10k."),  # "second in": no "command"
    ("Se niega a conducir de noche.", "Is unable to drive at night."),
    ("Llama a su abuela todos los sábados.", "Calls his grandmother every other Saturday."),
])
def test_round_39_ordinals_refusal_and_every_other_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("Llama a su abuela un sábado sí y otro no.", "Calls his grandmother every other Saturday."),
    ("Se niega a conducir de noche.", "Refuses to drive at night."),
])
def test_round_39_the_same_fact_written_another_way_still_merges(a: str, b: str) -> None:
    assert _merges(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Interpreta a Lady Macbeth en el grupo de teatro.", "Directs the drama group's Macbeth."),
    ("Is able to work from home on Fridays.", "Está obligada a teletrabajar los viernes."),
])
def test_round_40_acting_against_directing_and_able_against_obliged_never_merge(a: str, b: str) -> None:
    assert not _merges(a, b)
    assert not _merges(b, a)


def test_round_40_the_same_fact_written_another_way_still_merges() -> None:
    assert _merges("Está obligada a teletrabajar los viernes.", "Has to work from home on Fridays.")


def test_round_41_legal_counsel_is_an_occupation_of_its_own() -> None:
    assert not _merges("Legal counsel on the takeover.", "Project manager on the takeover.")
    assert not _merges("Project manager on the takeover.", "Legal counsel on the takeover.")
    assert _merges("Legal counsel on the takeover.", "Asesora jurídica en la adquisición.")


def test_a_continuing_perfect_hides_no_pole() -> None:
    """The perfect of a continuing state ("Ha ganado peso desde enero") is cut only for the tense;
    the other axes read the whole text, so gaining against losing is an antonym, not a near copy."""
    a, b = "Ha ganado peso desde enero.", "Ha perdido peso desde enero."
    assert mismatch(signature(a), signature(b), a, b) == "antonym"


def test_twelve_am_is_midnight_and_twelve_pm_noon() -> None:
    """The twelve-hour clock: 12 a.m. is 00:00 and 12 p.m. is 12:00, so the two never merge, and
    12 a.m. says what 00:00 says."""
    assert not _merges("The night bus leaves at 12 am on Saturdays.", "The night bus leaves at 12 pm on Saturdays.",
                       similarity=0.99)
    assert not _merges("Her shift ends at 12:30 a.m.", "Her shift ends at 12:30 p.m.", similarity=0.99)
    assert _merges("Her shift ends at 12:30 a.m.", "Her shift ends at 00:30.", similarity=0.97)
