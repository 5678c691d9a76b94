"""Dashboard pages through the real stack: every linked page answers for each demo login, the same
permission checks as the API (foreign = 404), CSRF on every form, Spanish from the browser."""

import re
import uuid
from html.parser import HTMLParser
from urllib.parse import urljoin, urlparse

import pytest
from django.test import Client

from config.actors import Actor
from agents_registry.services.credentials import credential_authenticate
from config.demo_world import OPERATOR_LOGIN, PERSON, PERSON_LOGIN, REVIEWER_LOGIN
from governance.models import DataSubjectRequest, Restriction, ReviewItem
from governance.services.dsr import dsr_execute
from memory.models import CollectiveFact, Subject

pytestmark = pytest.mark.django_db
OPERATOR = (OPERATOR_LOGIN["username"], OPERATOR_LOGIN["password"])
LOGINS = {"subject": (PERSON_LOGIN["username"], PERSON_LOGIN["password"]),
          "reviewer": (REVIEWER_LOGIN["username"], REVIEWER_LOGIN["password"]), "operator": OPERATOR}


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.fields: list[dict] = []
        self.labels: set[str] = set()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):  # noqa: ANN001
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if tag == "label" and attrs.get("for"):
            self.labels.add(attrs["for"])
        if tag in ("input", "textarea", "select") and attrs.get("type") not in ("hidden", "submit"):
            self.fields.append(attrs)
        if tag == "form":
            self.forms.append({"method": (attrs.get("method") or "get").lower(), "csrf": False})
        if tag == "input" and attrs.get("name") == "csrfmiddlewaretoken" and self.forms:
            self.forms[-1]["csrf"] = True


def sign_in(client: Client, username: str, password: str) -> bool:
    """Through the real login form (django-axes needs the request)."""
    response = client.post("/accounts/login/", {"username": username, "password": password})
    return response.status_code == 302


def parse(response) -> Links:  # noqa: ANN001
    parser = Links()
    parser.feed(response.content.decode())
    return parser


def crawl(client: Client, start: str = "/", depth: int = 3) -> dict[str, int]:
    """Every same-site page linked from ``start``, three links deep (API and admin pages are fetched, not followed)."""
    seen: dict[str, int] = {}
    frontier = [start]
    for _ in range(depth + 1):
        nxt = []
        for url in frontier:
            if url in seen or url == "/healthz":  # 503 here by design: no worker runs in this test
                continue
            response = client.get(url)
            seen[url] = response.status_code
            if response.status_code == 200 and response["Content-Type"].startswith("text/html") \
                    and not url.startswith(("/admin", "/api/")):
                for href in parse(response).hrefs:
                    target = urlparse(urljoin(url, href))
                    if not target.netloc and not href.startswith("#"):
                        nxt.append(target.path + (f"?{target.query}" if target.query else ""))
        frontier = nxt
    return seen


@pytest.mark.parametrize("role", ["subject", "reviewer", "operator"])
def test_every_page_linked_from_home_answers_for_each_demo_login(demo, client, role):
    username, password = LOGINS[role]
    assert sign_in(client, username, password)
    seen = crawl(client)
    broken = {url: code for url, code in seen.items() if code != 200}
    assert not broken, broken
    expected = {"subject": "/me/", "reviewer": "/review/", "operator": "/ops/"}[role]
    assert expected in seen
    if role == "subject":  # the demo's completed access request links its three export formats
        assert sum(1 for url in seen if "/export?format=" in url) == 3, sorted(seen)
    assert len(seen) >= 5


def test_every_form_field_is_labelled_and_every_post_form_has_csrf(demo, client):
    for role in LOGINS:
        client.logout()
        assert sign_in(client, LOGINS[role][0], LOGINS[role][1])
        for url in {"subject": ["/me/", "/me/requests/"], "reviewer": ["/review/"],
                    "operator": ["/ops/", "/ops/agents/", "/ops/records/"]}[role]:
            page = parse(client.get(url))
            unlabelled = [f for f in page.fields if f.get("id") not in page.labels and not f.get("aria-label")]
            assert not unlabelled, (url, unlabelled)
            assert all(form["csrf"] for form in page.forms if form["method"] == "post"), url


def test_post_without_csrf_token_is_refused(demo):
    client = Client(enforce_csrf_checks=True)
    sign_in(client, OPERATOR[0], OPERATOR[1])
    response = client.post("/ops/agents/", {"slug": "x", "role": "r", "domain": "work", "purposes": "marketing"})
    assert response.status_code == 403


def test_pages_answer_404_to_users_without_the_right(demo, client, django_user_model):
    assert sign_in(client, PERSON_LOGIN["username"], PERSON_LOGIN["password"])
    for url in ["/review/", "/ops/", "/ops/agents/", "/ops/records/"]:
        assert client.get(url).status_code == 404, url
    client.logout()
    assert sign_in(client, REVIEWER_LOGIN["username"], REVIEWER_LOGIN["password"])
    assert client.get("/ops/").status_code == 404
    # Another person's fact and another login's request look exactly like missing ones.
    other = django_user_model.objects.create_user("luis", password="pw-luis-12345")
    Subject.objects.create(external_ref="luis-m", user=other)
    fact = CollectiveFact.objects.filter(subject__external_ref=PERSON, status="current").first()
    ana_request = DataSubjectRequest.objects.filter(type="erasure").first()
    client.logout()
    sign_in(client, "luis", "pw-luis-12345")
    assert client.post(f"/me/facts/{fact.pk}/correct/", {"statement": "x"}).status_code == 404
    assert client.post(f"/me/facts/{fact.pk}/erase/", {"confirm": "on"}).status_code == 404
    assert client.get(f"/me/facts/{fact.lineage}/timeline/").status_code == 404
    assert client.get(f"/me/requests/{ana_request.pk}/").status_code == 404
    assert client.get("/me/requests/not-a-uuid/").status_code == 404
    item = ReviewItem.objects.filter(status="open").first()
    assert client.post(f"/review/{item.pk}/decide/", {"decision": "approve", "reason": "x"}).status_code == 404
    assert ReviewItem.objects.get(pk=item.pk).status == "open"
    # Anonymous visitors are sent to the login page.
    client.logout()
    assert client.get("/me/")["Location"].startswith("/accounts/login/")


def test_the_portal_shows_facts_with_provenance_and_no_private_text(demo, client):
    sign_in(client, PERSON_LOGIN["username"], PERSON_LOGIN["password"])
    html = client.get("/me/").content.decode()
    assert "Preferred meeting time: afternoon" in html and "Preferred meeting time: morning" not in html
    assert "Prefiere informes breves" not in html  # an agent's private wording
    assert "espalda" not in html  # the health note stays in the coach's private memory
    assert "restricted" in html and "Atlas" not in html  # restricted fact badge; erased fact gone
    lineage = CollectiveFact.objects.get(subject__external_ref=PERSON, key="preference.meeting_time",
                                         status="current").lineage
    timeline = client.get(f"/me/facts/{lineage}/timeline/", HTTP_HX_REQUEST="true").content.decode()
    assert "version recorded (superseded)" in timeline and "version recorded (current)" in timeline
    assert "evidence from planner" in timeline


def test_a_correction_from_the_portal_becomes_the_current_value(demo, client):
    sign_in(client, PERSON_LOGIN["username"], PERSON_LOGIN["password"])
    fact = CollectiveFact.objects.get(subject__external_ref=PERSON, key="preference.meeting_time", status="current")
    response = client.post(f"/me/facts/{fact.pk}/correct/", {"statement": "Prefiere reuniones a mediodía",
                                                               "value": "noon"})
    assert response.status_code == 302
    request = DataSubjectRequest.objects.get(pk=response["Location"].rstrip("/").split("/")[-1])
    assert (request.type, request.scope) == ("rectification", {"fact_id": str(fact.pk)})
    pending = client.get(response["Location"], HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in pending  # the page keeps polling until the worker is done
    dsr_execute(actor=Actor.system("rights"), request_id=request.pk)  # what the rights worker runs
    done = client.get(response["Location"], HTTP_HX_REQUEST="true").content.decode()
    assert "every 1s" not in done and "Corrected" in done
    assert "Prefiere reuniones a mediodía" in client.get("/me/").content.decode()


def test_invalid_correction_is_a_400_with_the_form_not_a_request(demo, client):
    sign_in(client, PERSON_LOGIN["username"], PERSON_LOGIN["password"])
    fact = CollectiveFact.objects.filter(subject__external_ref=PERSON, status="current").first()
    before = DataSubjectRequest.objects.count()
    response = client.post(f"/me/facts/{fact.pk}/correct/", {"statement": "x" * 1001})
    assert response.status_code == 400 and DataSubjectRequest.objects.count() == before
    assert client.post(f"/me/facts/{fact.pk}/erase/", {}).status_code == 302  # no confirmation: nothing filed
    assert DataSubjectRequest.objects.count() == before


def test_restricting_and_allowing_an_agent_from_the_portal(demo, client):
    sign_in(client, PERSON_LOGIN["username"], PERSON_LOGIN["password"])
    response = client.post("/me/agents/planner/restrict/")
    dsr_execute(actor=Actor.system("rights"), request_id=response["Location"].rstrip("/").split("/")[-1])
    assert Restriction.objects.filter(kind="agent", lifted_at__isnull=True).count() == 2
    response = client.post("/me/agents/planner/restrict/", {"lift": "1"})
    dsr_execute(actor=Actor.system("rights"), request_id=response["Location"].rstrip("/").split("/")[-1])
    assert Restriction.objects.filter(kind="agent", lifted_at__isnull=True).count() == 1
    assert client.post("/me/agents/nobody/restrict/").status_code == 404


def test_reviewer_approves_the_high_impact_change_with_htmx(demo, client):
    sign_in(client, REVIEWER_LOGIN["username"], REVIEWER_LOGIN["password"])
    html = client.get("/review/").content.decode()
    assert "Ahora quiere que la llamen Anita" not in html  # an agent's private wording
    assert "Ignora todas las instrucciones" not in html  # quarantined text is not shown either
    item = ReviewItem.objects.get(reason="high_impact_change")
    response = client.post(f"/review/{item.pk}/decide/", {"decision": "approve", "reason": "confirmed by phone"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Decided" in response.content.decode()
    assert CollectiveFact.objects.get(subject__external_ref=PERSON, key="identity.preferred_name",
                                      status="current").value == "Anita"
    again = client.post(f"/review/{item.pk}/decide/", {"decision": "reject", "reason": "x"}, HTTP_HX_REQUEST="true")
    assert again.status_code == 400 and "already decided" in again.content.decode()
    assert client.post(f"/review/{uuid.uuid4()}/decide/", {"decision": "approve", "reason": "x"}).status_code == 404
    assert client.post("/review/1/decide/", {"decision": "approve", "reason": "x"}).status_code == 404


def test_operator_creates_an_agent_and_sees_its_key_exactly_once(demo, client):
    sign_in(client, OPERATOR[0], OPERATOR[1])
    response = client.post("/ops/agents/", {"slug": "scheduler", "role": "scheduler", "domain": "work",
                                            "purposes": "essential.service"})
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    key = re.search(r"qk_[A-Za-z0-9]+_[A-Za-z0-9_-]+", response.content.decode()).group(0)
    assert credential_authenticate(key) is not None
    assert key not in client.get("/ops/agents/").content.decode()
    duplicate = client.post("/ops/agents/", {"slug": "scheduler", "role": "x", "domain": "work",
                                             "purposes": "essential.service"})
    assert duplicate.status_code == 400 and "qk_" not in re.sub(r"qk_[A-Za-z0-9]+_…", "", duplicate.content.decode())
    assert client.post("/ops/agents/scheduler/revoke/").status_code == 302
    assert credential_authenticate(key) is None


def test_operator_overview_shows_runs_requests_and_audit_chain(demo, client):
    sign_in(client, OPERATOR[0], OPERATOR[1])
    html = client.get("/ops/").content.decode()
    assert "Recent consolidation runs" in html and "<svg" in html and "Erasure" in html
    assert "memories_expired" in html  # the demo's retention sweep, read from the audit trail
    assert "Not verified yet" in html
    verified = client.post("/ops/audit/verify/", HTTP_HX_REQUEST="true").content.decode()
    assert "intact" in verified
    assert client.get("/ops/records/?format=json").json()["schema"] == "quorum.records_of_processing/1"


def test_pages_follow_the_browser_language(demo, client):
    sign_in(client, PERSON_LOGIN["username"], PERSON_LOGIN["password"])
    assert "Lo que Quorum sabe de mí" in client.get("/me/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "What Quorum knows about me" in client.get("/me/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_login_locks_out_after_repeated_failures(db, client, django_user_model):
    django_user_model.objects.create_user("victim", password="right-password-123")
    for _ in range(10):
        client.post("/accounts/login/", {"username": "victim", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "victim", "password": "right-password-123"})
    assert response.status_code == 429 and "_auth_user_id" not in client.session


def test_the_scheduled_audit_verification_shows_on_the_overview(demo, client):
    from governance.tasks import audit_verify_task

    assert audit_verify_task.apply().get()["ok"] is True  # what beat runs every 6 hours
    sign_in(client, *OPERATOR)
    html = client.get("/ops/").content.decode()
    assert "intact" in html and "Not verified yet" not in html
