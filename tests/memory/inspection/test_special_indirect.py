"""Indirect and euphemistic ways of revealing a political opinion, an ethnic origin, an
orientation or a biometric enrolment (issue 15, thirteenth round), and the near misses beside
them. Sentences written for these tests, not taken from a corpus."""

from __future__ import annotations

import pytest

from memory.inspection.special import special_category_in

POLITICS = "user.demographic.political_opinion"


def _lexical(text: str) -> str | None:
    """The category the write path finds in ``text`` (content field), or None."""
    finding = special_category_in([("content", text)])
    return finding.category if finding else None


@pytest.mark.parametrize("text", [
    # support given to a party named by an ambiguous name
    "Dona veinte euros al mes a Sumar desde hace años",
    "Gives money every month to the Greens, without telling anyone",
    # a party organ of the party
    "Se ha apuntado a la agrupación del PP de su barrio",
    "Va en la lista del partido para las autonómicas",
    "Nunca falta a la marcha del partido del primero de mayo",
    "Knocks on doors for Labour's local slate every spring",
    # a political symbol worn
    "Lleva una chapa de Podemos en la mochila",
    "Es muy indepe y no lo esconde en las comidas",
    "Lleva el lazo amarillo en la solapa desde 2017",
])
def test_support_for_a_party_an_organ_of_it_or_its_symbol_is_politics(text: str) -> None:
    assert _lexical(text) == POLITICS


@pytest.mark.parametrize("text", [
    "Compró la lista del partido de fútbol del domingo",
    "Le ha comprado un lazo amarillo para el pelo a la niña",
    "Dona libros cada mes a la biblioteca del barrio",
    "Podemos hablar del partido mañana a las diez",
])
def test_a_match_a_hair_ribbon_or_the_verb_podemos_is_no_politics(text: str) -> None:
    assert special_category_in([("content", text)]) is None


RACE = "user.demographic.race_ethnicity"


@pytest.mark.parametrize("text", [
    "Works remotely; as a Latina engineer she chairs the staff network",
    "Nos contó que es afroecuatoriano y que su familia es de Esmeraldas",
    "Client is a f r o - b r a z i l i a n, from Salvador",
    "Proudly Desi, she says, and hosts the team's Holi lunch",
    "Es boricua y vive en Madrid desde 2019",
    "Client is one of the traveller families near the ring road",
])
def test_a_heritage_label_an_afro_demonym_or_a_diaspora_self_label_is_ethnicity(text: str) -> None:
    assert _lexical(text) == RACE


@pytest.mark.parametrize("text", [
    "Le encanta el afrobeat y bailar los viernes",
    "Desi prefers Tuesday calls before ten",
    "Usa un peine afro para el pelo rizado",
])
def test_a_music_a_hairstyle_or_the_first_name_desi_is_no_ethnicity(text: str) -> None:
    assert special_category_in([("content", text)]) is None


ORIENTATION = "user.demographic.sexual_orientation"


@pytest.mark.parametrize("text", [
    "'Juega en el otro equipo', cuenta ella misma entre bromas.",
    "'Plays for the other team', in her own words, laughing.",
    "'Juega para el otro equipo', según ella misma, sin darle importancia.",
])
def test_the_n_gram_veto_keeps_a_hit_in_the_persons_own_words(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The person's own words keep a lexicon hit whatever the n-gram stage scores: here it vetoes
    every string (the committed models of the six sources vetoed these notes; a retrained model
    need not, so the case is pinned by the rule, not by a model's score)."""
    from memory.inspection import special_ngrams

    monkeypatch.setattr(special_ngrams.NgramModel, "vetoes", lambda self, text: True)
    assert _lexical(text) == ORIENTATION
    # the same figure of speech, not reported as the person's own words, is dropped by such a veto
    assert _lexical("'Juega en el otro equipo', entre bromas, en el torneo del barrio.") is None


def test_both_teams_is_orientation_but_a_school_team_is_not() -> None:
    assert _lexical("Lorenzo juega en los dos equipos, ya me entiendes") == ORIENTATION
    assert special_category_in([("content", "Juega en los dos equipos del colegio los sábados")]) is None


BIOMETRIC = "user.biometric"


@pytest.mark.parametrize("text", [
    "El móvil de empresa ya la reconoce por la cara, así que no usa contraseña.",
    "The new laptop recognises him by his face, no password needed.",
])
def test_a_device_that_recognises_the_person_by_a_trait_is_biometric(text: str) -> None:
    assert _lexical(text) == BIOMETRIC


@pytest.mark.parametrize("text", [
    "El portero la reconoce por la cara y la deja pasar.",
    "La reconocí por la cara en la foto del equipo.",
])
def test_a_person_who_knows_someone_by_sight_is_no_biometric(text: str) -> None:
    assert special_category_in([("content", text)]) is None
