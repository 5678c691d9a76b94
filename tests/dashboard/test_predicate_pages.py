"""The operator's predicate registry pages: add, edit, decide proposals (htmx), 404 for others."""

from __future__ import annotations

import pytest

from config.actors import Actor
from governance.models import AuditEvent, Predicate, PredicateProposal
from governance.services.predicates import predicate_proposal_note
from memory.models import Memory
from tests.memory.consolidation.support import remember

pytestmark = pytest.mark.django_db
PAGE = "/ops/predicates/"


@pytest.fixture
def operator(client, django_user_model):  # noqa: ANN001
    user = django_user_model.objects.create_superuser("op", "op@example.org", "pw-op-123456")
    client.force_login(user)
    return user


def test_pages_are_404_for_users_who_are_not_operators(client, django_user_model):
    user = django_user_model.objects.create_user("someone", password="pw-someone-123")
    client.force_login(user)
    assert client.get(PAGE).status_code == 404
    assert client.get("/ops/predicates/preference.report_length/edit/").status_code == 404
    assert client.post("/ops/proposals/1/decide/", {"decision": "reject"}).status_code == 404
    assert client.post(PAGE, {"key": "travel.seat"}).status_code == 404
    assert not Predicate.objects.filter(key="travel.seat").exists()


def test_anonymous_is_sent_to_login(client):
    assert client.get(PAGE).status_code == 302


def test_operator_adds_a_predicate_with_exemplars(client, operator):
    response = client.post(PAGE, {
        "key": "travel.seat", "label": "Seat", "category": "user.behavior", "cardinality": "single",
        "values": "window, aisle", "exemplars_es": "window | Prefiere ventanilla\naisle | Prefiere pasillo",
        "exemplars_en": "window | Prefers a window seat", "ttl_days": "365", "shareable": "on", "active": "on"})
    assert response.status_code == 302, response.content.decode()[:2000]
    predicate = Predicate.objects.get(key="travel.seat")
    assert predicate.values == ["window", "aisle"]
    assert predicate.exemplars == {"window": {"es": ["Prefiere ventanilla"], "en": ["Prefers a window seat"]},
                                   "aisle": {"es": ["Prefiere pasillo"]}}
    event = AuditEvent.objects.get(action="predicate.created")
    assert (event.actor_kind, event.actor_id) == ("user", str(operator.pk))
    page = client.get(PAGE).content.decode()
    assert "travel.seat" in page and "window, aisle" in page


@pytest.mark.parametrize(("field", "value"), [("category", "user.nonsense"), ("key", "Travel Seat"),
                                              ("exemplars_es", "no separator here"),
                                              ("exemplars_en", "omnivore | Eats anything")])
def test_invalid_predicates_are_a_400_with_the_form(client, operator, field, value):
    data = {"key": "travel.seat", "label": "Seat", "category": "user.behavior", "cardinality": "single",
            "values": "window, aisle", field: value}
    response = client.post(PAGE, data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Predicate.objects.filter(key="travel.seat").exists()


def test_operator_edits_and_deactivates_a_predicate(client, operator):
    url = "/ops/predicates/preference.meeting_time/edit/"
    page = client.get(url)
    assert page.status_code == 200 and "morning, afternoon" in page.content.decode()
    response = client.post(url, {"label": "Meeting time", "category": "user.behavior", "cardinality": "single",
                                 "values": "morning, afternoon", "ttl_days": "90", "shareable": "on"})
    assert response.status_code == 302
    predicate = Predicate.objects.get(key="preference.meeting_time")
    assert (predicate.active, predicate.ttl_days, predicate.label) == (False, 90, "Meeting time")
    assert AuditEvent.objects.filter(action="predicate.updated", object_id=str(predicate.pk)).exists()
    assert client.get("/ops/predicates/no.such/edit/").status_code == 404


def test_proposals_show_agents_and_counts_never_the_note_and_are_approved_with_htmx(client, operator, make_agent):
    a, _ = make_agent("writer-a")
    b, _ = make_agent("writer-b")
    remember(a, "Prefiere ventanilla, dato confidencial", session="s1", predicate="travel.seat", value="window")
    remember(b, "Quiere ventanilla", session="s2", predicate="travel.seat", value="window")
    predicate_proposal_note(actor=Actor.for_agent(b), key="travel.seat", agent=b)
    page = client.get(PAGE).content.decode()
    assert "travel.seat" in page and "writer-a, writer-b" in page and "3 uses · 2 memories · 1 persons" in page
    assert "confidencial" not in page and "ventanilla" not in page
    proposal = PredicateProposal.objects.get(key="travel.seat")
    response = client.post(f"/ops/proposals/{proposal.pk}/decide/",
                           {"decision": "approve", "label": "Seat", "category": "user.behavior",
                            "cardinality": "single", "values": "window, aisle"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and f'id="proposal-{proposal.pk}"' in response.content.decode()
    assert "Approved" in response.content.decode()
    proposal.refresh_from_db()
    assert proposal.status == "approved" and proposal.predicate.values == ["window", "aisle"]
    # The apply task ran eagerly or is queued; the memories are re-read by it either way (tested in claims).
    assert Memory.objects.filter(key="travel.seat").count() == 2


def test_approving_without_a_category_is_a_400_and_stays_pending(client, operator, make_agent):
    a, _ = make_agent("writer-a")
    predicate_proposal_note(actor=Actor.for_agent(a), key="travel.seat", agent=a)
    proposal = PredicateProposal.objects.get()
    response = client.post(f"/ops/proposals/{proposal.pk}/decide/", {"decision": "approve", "cardinality": "single"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and 'role="alert"' in response.content.decode()
    proposal.refresh_from_db()
    assert proposal.status == "pending"
