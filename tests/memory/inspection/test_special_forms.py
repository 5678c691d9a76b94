"""The structural round of the special-category lexicon (memory/inspection/special_forms.py): the
shapes in which people reveal a category, and the frames in which a sensitive word is about a job,
an object, a name or a metaphor. Sentences written for these tests, not taken from the corpora."""

from __future__ import annotations

import pytest

from memory.inspection.special import CATEGORY_KEYS, special_category_in
from memory.inspection.special_forms import in_frame


def _category(text: str) -> str | None:
    finding = special_category_in([("content", text)])
    return finding.category if finding else None


@pytest.mark.parametrize(("text", "label"), [
    ("Le registraron el iris en la entrada del almacén y ya no usa tarjeta.", "biometric"),
    ("Put his left thumb on the reader twice until it took it; now he opens the server room with it.", "biometric"),
    ("Pasó cinco años en Herrera de la Mancha y ahora trabaja de mecánico.", "criminal"),
    ("She is out on bail until the hearing in May.", "criminal"),
    ("Lleva dos años pagando la cuota de Podemos en su barrio.", "politics"),
    ("He chairs the Labour branch in his ward and knocks on doors every weekend.", "politics"),
    ("Es la que convoca los paros en el almacén de Getafe.", "trade_union"),
    ("Sits on every branch meeting and carries the card.", "trade_union"),
    ("She grew up on a reservation in Montana and still dances at the powwow.", "race_ethnicity"),
    ("As a Vietnamese-American he prefers the Saturday slot.", "race_ethnicity"),
    ("Ya está de 24 semanas, la baja empieza en verano.", "health"),
    ("The saliva test came back and he is not really his dad's son.", "genetic"),
    ("Goes to the Kingdom Hall twice a week, so no evening calls.", "religion"),
    ("La Sra. Ortega vendrá con su esposa a la reunión.", "sex_life_orientation"),
    ("Tiene d1@b3t3s y pide menú sin azúcar.", "health"),
    ("Prueba de Hunt-ing-ton positiva, no quiere que se sepa.", "genetic"),
])
def test_a_structural_form_is_found(text: str, label: str) -> None:
    assert _category(text) == CATEGORY_KEYS[label]


@pytest.mark.parametrize("text", [
    "Trabaja de administrativo en el hospital de Móstoles, enviar facturas a contabilidad.",
    "Sells hearing aids to clinics in the north and wants a new price list.",
    "Is translating a brochure about diabetes for a pharma client.",
    "Her surname is White, Emma White; check the spelling on the badge.",
    "Llama al manual de marca 'la biblia' y no deja que nadie lo cambie.",
    "Says the old billing script is 'a cancer' and wants to rewrite it.",
    "Es fisioterapeuta del equipo juvenil y pide las facturas a nombre del club.",
    "Runs a kosher bakery's newsletter as a freelance copywriter.",
    "Trabaja como prison officer en el turno de noche.",
    "Está de baja de la liga de fútbol sala porque se ha mudado.",
    "Dice que la puntualidad la lleva en los genes.",
])
def test_a_framed_word_is_not_about_the_person(text: str) -> None:
    assert _category(text) is None


def test_a_frame_governs_its_own_clause_only() -> None:
    assert _category("Trabaja en el hospital, y tiene diabetes desde niña.") == CATEGORY_KEYS["health"]
    text = "trabaja de contable en el hospital"
    assert in_frame(text, text.index("hospital"))
    text = "va al hospital cada semana"
    assert not in_frame(text, text.index("hospital"))
