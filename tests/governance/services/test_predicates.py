"""``governance.services.predicates``: the registry grows (operators) and agents propose keys."""

from __future__ import annotations

import pytest

from config.actors import Actor
from config.errors import NotFoundError
from governance.errors import InvalidPredicate, InvalidPredicateKey, PredicateExists, ProposalDecided
from governance.models import AuditEvent, Predicate, PredicateProposal
from governance.selectors.predicates import (
    predicate_list,
    proposal_list,
    proposals_to_apply,
    registry_stamp,
)
from governance.services.predicates import (
    predicate_create,
    predicate_proposal_decide,
    predicate_proposal_note,
    predicate_update,
)

pytestmark = pytest.mark.django_db
OPERATOR = Actor(kind="user", id="7")
DIET = {"key": "preference.diet", "label": "Diet", "category": "user.behavior", "cardinality": "single",
        "values": ["vegetarian", "vegan"],
        "exemplars": {"vegetarian": {"es": ["Es vegetariana"], "en": ["She is vegetarian"]},
                      "vegan": {"es": ["Es vegana"], "en": ["She is vegan"]}}, "ttl_days": 365}


def test_create_is_audited_with_settings_and_counts_never_the_phrasings():
    before = registry_stamp()
    predicate = predicate_create(actor=OPERATOR, **DIET)
    assert (predicate.key, predicate.values, predicate.active) == ("preference.diet", ["vegetarian", "vegan"], True)
    event = AuditEvent.objects.get(action="predicate.created", object_id=str(predicate.pk))
    assert (event.actor_kind, event.actor_id) == ("user", "7")
    assert event.data["values"] == 2 and event.data["exemplars"] == 4 and event.data["category"] == "user.behavior"
    assert "vegetariana" not in str(event.data).lower()
    assert registry_stamp() != before
    assert "preference.diet" in set(predicate_list().values_list("key", flat=True))


@pytest.mark.parametrize(("changes", "field"), [
    ({"category": "user.nonsense"}, "category"),
    ({"values": ["a", "a"]}, "values"),
    ({"values": [""]}, "values"),
    ({"values": [], "exemplars": {"x": {"es": ["Es x"]}}}, "exemplars"),
    ({"exemplars": {"omnivore": {"es": ["Come de todo"]}}}, "exemplars"),
    ({"exemplars": {"vegan": {"fr": ["Elle est végane"]}}}, "exemplars"),
    ({"exemplars": {"vegan": {"es": ["x" * 301]}}}, "exemplars"),
])
def test_invalid_settings_are_refused_with_the_field_named_and_nothing_written(changes, field):
    with pytest.raises(InvalidPredicate) as caught:
        predicate_create(actor=OPERATOR, **{**DIET, **changes})
    assert caught.value.code == "invalid_predicate" and field in caught.value.extra["fields"]
    assert not Predicate.objects.filter(key="preference.diet").exists()
    assert not AuditEvent.objects.filter(action="predicate.created").exists()


@pytest.mark.parametrize("key", ["diet", "Preference.Diet", "preference..diet", "a.b.c.d.e", "pref.diet-x", ""])
def test_a_malformed_key_is_refused(key):
    with pytest.raises(InvalidPredicateKey):
        predicate_create(actor=OPERATOR, **{**DIET, "key": key})


def test_a_taken_key_is_a_conflict():
    with pytest.raises(PredicateExists):
        predicate_create(actor=OPERATOR, **{**DIET, "key": "preference.report_length"})


def test_update_changes_settings_bumps_the_stamp_and_audits_what_changed():
    predicate = predicate_create(actor=OPERATOR, **DIET)
    stamp = registry_stamp()
    updated = predicate_update(actor=OPERATOR, predicate=predicate, active=False, ttl_days=30, label="Diet")
    assert (updated.active, updated.ttl_days) == (False, 30)
    assert registry_stamp() != stamp
    event = AuditEvent.objects.get(action="predicate.updated")
    assert event.data["changed"] == ["active", "ttl_days"]  # the unchanged label is not listed
    assert "preference.diet" not in set(predicate_list().values_list("key", flat=True))  # agents see active only
    assert predicate_update(actor=OPERATOR, predicate=updated, active=False) == updated  # no change, no row
    assert AuditEvent.objects.filter(action="predicate.updated").count() == 1


def test_the_key_is_not_editable():
    predicate = predicate_create(actor=OPERATOR, **DIET)
    with pytest.raises(InvalidPredicate):
        predicate_update(actor=OPERATOR, predicate=predicate, key="preference.food")


def test_proposals_count_sightings_per_key_and_agent(make_agent):
    a, _ = make_agent("writer-a")
    b, _ = make_agent("writer-b")
    first = predicate_proposal_note(actor=Actor.for_agent(a), key="preference.diet", agent=a, category="user.behavior")
    again = predicate_proposal_note(actor=Actor.for_agent(b), key="preference.diet", agent=b)
    assert first.pk == again.pk and again.sightings == 2 and again.status == "pending"
    assert again.category == "user.behavior"  # the first proposer's suggestion stays
    (row,) = proposal_list()
    assert row["agents"] == ["writer-a", "writer-b"] and row["agents_count"] == 2
    actions = list(AuditEvent.objects.filter(object_type="predicate_proposal").values_list("action", flat=True))
    assert actions == ["predicate.proposed", "predicate.proposal_seen"]
    with pytest.raises(PredicateExists):
        predicate_proposal_note(actor=Actor.for_agent(a), key="preference.report_length", agent=a)
    with pytest.raises(InvalidPredicateKey):
        predicate_proposal_note(actor=Actor.for_agent(a), key="Diet!", agent=a)


def test_approve_creates_the_predicate_with_the_operators_settings_and_queues_the_apply(make_agent):
    agent, _ = make_agent("writer")
    proposal = predicate_proposal_note(actor=Actor.for_agent(agent), key="preference.diet", agent=agent)
    decided = predicate_proposal_decide(actor=OPERATOR, proposal_id=proposal.pk, decision="approve",
                                        label="Diet", category="user.behavior", values=["vegetarian", "vegan"])
    assert decided.status == "approved" and decided.predicate.key == "preference.diet"
    assert decided.predicate.values == ["vegetarian", "vegan"] and decided.decided_by == "user:7"
    assert proposals_to_apply() == [proposal.pk]
    assert AuditEvent.objects.filter(action="predicate.proposal_approved").exists()
    with pytest.raises(ProposalDecided):
        predicate_proposal_decide(actor=OPERATOR, proposal_id=proposal.pk, decision="reject")


def test_approve_without_a_category_is_refused_and_the_proposal_stays_pending(make_agent):
    agent, _ = make_agent("writer")
    proposal = predicate_proposal_note(actor=Actor.for_agent(agent), key="preference.diet", agent=agent)
    with pytest.raises(InvalidPredicate):
        predicate_proposal_decide(actor=OPERATOR, proposal_id=proposal.pk, decision="approve")
    proposal.refresh_from_db()
    assert proposal.status == "pending" and not Predicate.objects.filter(key="preference.diet").exists()


def test_reject_and_a_missing_proposal(make_agent):
    agent, _ = make_agent("writer")
    proposal = predicate_proposal_note(actor=Actor.for_agent(agent), key="preference.diet", agent=agent)
    assert predicate_proposal_decide(actor=OPERATOR, proposal_id=proposal.pk, decision="reject",
                                     reason="typo").status == "rejected"
    assert not Predicate.objects.filter(key="preference.diet").exists() and proposals_to_apply() == []
    assert PredicateProposal.objects.get().decision_reason == "typo"
    with pytest.raises(NotFoundError):
        predicate_proposal_decide(actor=OPERATOR, proposal_id=999999, decision="reject")
