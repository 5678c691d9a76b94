"""The four journeys of issue 7 in a real browser, plus layout checks at 1280 px and 390 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from config.demo_world import OPERATOR_LOGIN, PERSON, PERSON_LOGIN, REVIEWER_LOGIN
from memory.models import CollectiveFact
from tests.e2e.conftest import DESKTOP, PHONE, sign_in

pytestmark = [pytest.mark.worker, pytest.mark.usefixtures("celery_worker_process")]
OPERATOR = (OPERATOR_LOGIN["username"], OPERATOR_LOGIN["password"])


def fact_card(page, statement_start: str):  # noqa: ANN001, ANN201
    return page.locator("article").filter(has=page.get_by_role("heading", name=re.compile(statement_start)))


def test_subject_corrects_a_fact_and_sees_the_new_value(page, live_server, demo_world, shot):  # noqa: ANN001
    sign_in(page, live_server.url, PERSON_LOGIN["username"], PERSON_LOGIN["password"])
    page.get_by_role("link", name="What Quorum knows about me").click()
    shot(page, "portal-knows-about-me")
    card = fact_card(page, "Preferred meeting time")
    card.get_by_text("Correct this fact").click()
    card.get_by_label("What is right").fill("Prefiere reuniones a mediodía")
    card.get_by_label("Structured value (optional)").fill("noon")
    card.get_by_role("button", name="Send correction").click()
    expect(page.locator("[data-status=completed]")).to_be_visible(timeout=30_000)  # htmx polls the worker
    page.get_by_role("link", name="See the fact").click()
    expect(page.get_by_role("heading", name="Prefiere reuniones a mediodía")).to_be_visible()
    expect(fact_card(page, "Preferred meeting time")).to_have_count(0)
    shot(page, "portal-after-correction")
    assert CollectiveFact.objects.get(subject__external_ref=PERSON, status="current",
                                      key="preference.meeting_time").subject_asserted


def test_subject_erases_a_fact_and_sees_the_receipt(page, live_server, demo_world, shot):  # noqa: ANN001
    sign_in(page, live_server.url, PERSON_LOGIN["username"], PERSON_LOGIN["password"])
    page.goto(f"{live_server.url}/me/")
    card = fact_card(page, "Preferred report length")
    card.locator("summary", has_text="Erase this fact").click()
    card.get_by_label("I understand this cannot be undone").check()
    card.get_by_role("button", name="Erase this fact").click()
    receipt = page.locator("#receipt")
    expect(receipt).to_be_visible(timeout=30_000)
    expect(receipt).to_contain_text("Residue scan: 0 matches")
    shot(page, "portal-erasure-receipt")
    page.goto(f"{live_server.url}/me/")
    expect(fact_card(page, "Preferred report length")).to_have_count(0)
    assert not CollectiveFact.objects.filter(subject__external_ref=PERSON, key="preference.report_length").exists()


def test_reviewer_approves_an_item(page, live_server, demo_world, shot):  # noqa: ANN001
    sign_in(page, live_server.url, REVIEWER_LOGIN["username"], REVIEWER_LOGIN["password"])
    page.get_by_role("link", name="Review queue").click()
    shot(page, "review-queue")
    item = page.locator("article.review-item").filter(has_text="high_impact_change")
    expect(item).to_contain_text("Proposed change")
    item.get_by_label("Approve").check()
    item.get_by_label("Reason").fill("Confirmed with Ana by phone")
    item.get_by_role("button", name="Record decision").click()
    expect(page.locator("article.review-item").filter(has_text="high_impact_change")).to_contain_text(
        "Confirmed with Ana by phone")
    assert CollectiveFact.objects.get(subject__external_ref=PERSON, key="identity.preferred_name",
                                      status="current").value == "Anita"


def test_operator_creates_an_agent_and_sees_its_key_once(page, live_server, demo_world, shot):  # noqa: ANN001
    sign_in(page, live_server.url, *OPERATOR)
    page.get_by_role("link", name="Operator overview").click()
    expect(page.get_by_role("heading", name="Recent consolidation runs")).to_be_visible()
    shot(page, "operator-overview")
    page.get_by_role("link", name="Agents and keys").first.click()
    page.get_by_label("Slug").fill("scheduler")
    page.get_by_label("Role").fill("scheduler")
    page.get_by_label("Domain").fill("work")
    page.get_by_label("Purposes").fill("essential.service")
    page.get_by_role("button", name="Create agent and key").click()
    key = page.get_by_test_id("new-key").inner_text().strip()
    assert re.fullmatch(r"qk_[A-Za-z0-9]+_[A-Za-z0-9_-]+", key)
    shot(page, "operator-new-agent-key")
    me = page.request.get(f"{live_server.url}/api/v1/me", headers={"Authorization": f"Bearer {key}"})
    assert me.status == 200 and me.json()["agent"]["slug"] == "scheduler"
    page.goto(f"{live_server.url}/ops/agents/")
    assert key not in page.content()
    expect(page.locator("#agent-scheduler")).to_contain_text("1 active of 1")


PAGES = {
    "subject": (PERSON_LOGIN["username"], PERSON_LOGIN["password"], ["/", "/me/", "/me/requests/"]),
    "reviewer": (REVIEWER_LOGIN["username"], REVIEWER_LOGIN["password"], ["/review/"]),
    "operator": (*OPERATOR, ["/ops/", "/ops/agents/", "/ops/records/"]),
}
LAYOUT_PROBE = """() => {
  const unlabelled = [...document.querySelectorAll('input, select, textarea')]
    .filter(el => el.type !== 'hidden' && !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
    .map(el => el.name || el.id);
  return {scroll: document.documentElement.scrollWidth, width: window.innerWidth, unlabelled};
}"""


@pytest.mark.parametrize("role", list(PAGES))
def test_pages_fit_1280_and_390_px_with_labels_and_visible_focus(browser, live_server, demo_world, shot, role):  # noqa: ANN001
    username, password, paths = PAGES[role]
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport, locale="en-US")
        page = context.new_page()
        sign_in(page, live_server.url, username, password)
        for path in paths:
            page.goto(f"{live_server.url}{path}")
            probe = page.evaluate(LAYOUT_PROBE)
            assert probe["scroll"] <= probe["width"], (path, name, probe)
            assert not probe["unlabelled"], (path, probe["unlabelled"])
            page.keyboard.press("Tab")
            page.keyboard.press("Tab")
            outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
            assert outline not in ("none", ""), (path, name, outline)
        if name == "phone":
            page.goto(f"{live_server.url}{paths[-1] if role != 'subject' else '/me/'}")
            shot(page, f"{role}-phone")
        context.close()
