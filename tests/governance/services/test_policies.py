"""Publishing a policy version, and moving an install off the old candidate floor (migration 0014)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from config.actors import Actor
from governance.models import AuditEvent, Policy
from governance.policy import DEFAULT_RULES, DEFAULT_VERSION, policy_current
from governance.services.policies import policy_candidate_floor_update, policy_publish

ACTOR = Actor.system("test")
OLD_RULES = {**DEFAULT_RULES, "candidate_similarity": 0.80}


def _install_on(version: str, rules: dict) -> None:
    """The test database as an install whose only policy is ``version`` with ``rules``."""
    Policy.objects.all().delete()
    Policy.objects.create(version=version, rules=rules, active=True)


@pytest.mark.django_db
def test_publish_makes_the_new_version_active_keeps_the_old_and_audits():
    _install_on("v1", OLD_RULES)
    row = policy_publish(actor=ACTOR, version="ops-1", rules={**OLD_RULES, "k_agents": 3})
    assert list(Policy.objects.filter(active=True).values_list("version", flat=True)) == ["ops-1"]
    assert Policy.objects.filter(version="v1", active=False).exists()
    assert policy_current().version == "ops-1"  # this process's cached copy was dropped
    event = AuditEvent.objects.get(action="policy.published")
    assert (event.object_id, event.actor_id) == (str(row.pk), "test")
    assert event.data == {"version": "ops-1", "previous": "v1", "changed": ["k_agents"]}


@pytest.mark.django_db
def test_an_install_on_the_shipped_v1_moves_to_the_default_version():
    _install_on("v1", OLD_RULES)
    row = policy_candidate_floor_update(actor=ACTOR)
    assert (row.version, row.rules) == (DEFAULT_VERSION, DEFAULT_RULES)
    policy = policy_current(fresh=True)
    assert (policy.version, policy.candidate_similarity) == (DEFAULT_VERSION, 0.85)
    event = AuditEvent.objects.get(action="policy.published")
    assert event.data == {"version": DEFAULT_VERSION, "previous": "v1", "changed": ["candidate_similarity"],
                          "candidate_similarity": [0.80, 0.85]}
    assert policy_candidate_floor_update(actor=ACTOR) is None  # once only
    assert Policy.objects.count() == 2


@pytest.mark.django_db
def test_an_operators_policy_on_the_old_default_keeps_its_other_rules_under_its_own_name():
    _install_on("ops", {**OLD_RULES, "k_agents": 3})
    row = policy_candidate_floor_update(actor=ACTOR)
    assert row.version == "ops+floor" and row.rules == {**OLD_RULES, "k_agents": 3, "candidate_similarity": 0.85}


@pytest.mark.django_db
def test_a_policy_that_inherited_the_floor_moves_too():
    _install_on("ops", {k: v for k, v in OLD_RULES.items() if k != "candidate_similarity"})
    assert policy_candidate_floor_update(actor=ACTOR).rules["candidate_similarity"] == 0.85


@pytest.mark.django_db
@pytest.mark.parametrize("floor", [0.82, 0.75, 0.85])
def test_an_operators_own_floor_is_kept(floor):
    _install_on("ops", {**OLD_RULES, "candidate_similarity": floor})
    assert policy_candidate_floor_update(actor=ACTOR) is None
    assert list(Policy.objects.values_list("version", "active")) == [("ops", True)]
    assert not AuditEvent.objects.filter(action="policy.published").exists()


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_migration_0014_moves_an_install_still_on_v1():
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = _migrate([("governance", "0013_predicate_registry_growth")]).get_model("governance", "Policy")
        old.objects.all().delete()
        old.objects.create(version="v1", rules=OLD_RULES, active=True)
        _migrate([("governance", "0014_policy_candidate_floor")])
        assert list(Policy.objects.order_by("created_at").values_list("version", "active")) == [
            ("v1", False), (DEFAULT_VERSION, True)]
        assert policy_current(fresh=True).candidate_similarity == 0.85
        event = AuditEvent.objects.get(action="policy.published")
        assert (event.actor_kind, event.actor_id) == ("system", "migration")
    finally:
        _migrate(leaves)
