"""OpenAPI schema and interactive docs are served offline, with the bearer scheme."""

import pytest
import yaml

pytestmark = pytest.mark.django_db


def test_schema_documents_bearer_auth_and_me(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["components"]["securitySchemes"]["agentKey"]["scheme"] == "bearer"
    assert "/api/v1/me" in schema["paths"]


def test_swagger_ui_is_served_from_local_assets(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html
    assert "cdn.jsdelivr" not in html and "unpkg" not in html


def _schema(client) -> dict:  # noqa: ANN001
    return yaml.safe_load(client.get("/api/schema/").content)


def _operations(schema: dict):  # noqa: ANN202
    for path, methods in schema["paths"].items():
        for method, spec in methods.items():
            yield path, method, spec


# A field each body's own component must have (and which the actions/check body does not).
OWN_FIELDS = {
    "memories_create": {"kind", "content", "session_id", "observed_at"},
    "memories_search": {"query", "limit"},
    "recall": {"purpose", "max_items", "min_trust"},
    "session_end": {"done", "went_wrong", "improve"},
    "actions_check": {"action", "fact_ids"},
    "dsr_create": {"type", "scope", "payload"},
    "reviews_decide": {"decision", "reason"},
    "predicate_proposals_create": {"key", "label", "category", "cardinality"},
}


def test_every_post_body_is_its_own_component_with_its_own_fields(client):
    schema = _schema(client)
    components = schema["components"]["schemas"]
    refs = {}
    for _, method, spec in _operations(schema):
        if method != "post":
            continue
        ref = spec["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
        refs[spec["operationId"]] = ref
        component = components[ref]
        assert OWN_FIELDS[spec["operationId"]] <= set(component["properties"]), (spec["operationId"], ref)
        assert component["additionalProperties"] is False  # unknown fields → 400 unknown_field
    assert set(refs) == set(OWN_FIELDS)
    assert len(set(refs.values())) == len(refs), refs


def test_every_operation_declares_its_errors_with_the_envelope(client):
    schema = _schema(client)
    error = schema["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"code", "message", "extra"}
    for path, method, spec in _operations(schema):
        responses = spec["responses"]
        public = spec["tags"] == ["public"]  # the receipt link: a token in the query, no login
        for status in ("503",) if public else ("401", "403", "429", "503"):
            assert responses[status]["content"]["application/json"]["schema"]["$ref"] == \
                "#/components/schemas/Error", (method, path, status)
        for status in ("503",) if public else ("429", "503"):
            assert responses[status]["headers"]["Retry-After"]["required"] is True, (method, path, status)
        if method == "post":
            for status in ("400", "413", "415"):
                assert status in responses, (method, path, status)
            assert "nesting_too_deep" in responses["400"]["description"]
        if "{" in path and not path.startswith("/api/v1/sessions/"):  # any session id may be ended
            assert "404" in responses, (method, path)
    post_memories = schema["paths"]["/api/v1/memories"]["post"]["responses"]
    assert "`erased`" in post_memories["409"]["description"]
    assert "422" in schema["paths"]["/api/v1/sessions/{session_id}/end"]["post"]["responses"]


def test_security_is_the_one_each_operation_accepts(client):
    schema = _schema(client)
    for path, method, spec in _operations(schema):
        if spec["tags"] == ["public"]:
            assert spec.get("security", []) == [], (method, path)
            continue
        expected = [{"cookieAuth": []}] if spec["tags"] == ["session"] else [{"agentKey": []}]
        assert spec["security"] == expected, (method, path)
    assert [p for p, m, s in _operations(schema) if s["tags"] == ["public"]] == ["/api/v1/dsr/{request_id}/receipt"]
    assert schema["paths"]["/api/v1/me/facts"]["get"]["tags"] == ["session"]
    assert schema["paths"]["/api/v1/recall"]["post"]["tags"] == ["agent"]


def test_shapes_and_nullability_match_what_is_served(client):
    schema = _schema(client)
    components = schema["components"]["schemas"]
    listing = schema["paths"]["/api/v1/memories"]["get"]
    page = components[listing["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]]
    assert {"count", "next", "previous", "results"} <= set(page["properties"])
    limit = next(p for p in listing["parameters"] if p["name"] == "limit")
    assert limit["schema"]["minimum"] == 1 and limit["schema"]["maximum"] == 200
    predicates = components["PredicateList"]["properties"]["predicates"]["items"]["$ref"].rsplit("/", 1)[-1]
    assert "cardinality" in components[predicates]["properties"]
    assert components["ReviewItem"]["properties"]["decided_at"]["nullable"] is True
    assert components["Memory"]["properties"]["valid_to"]["nullable"] is True
    since = next(p for p in schema["paths"]["/api/v1/briefing"]["get"]["parameters"] if p["name"] == "since")
    assert since["schema"]["format"] == "date-time" and "naive_datetime" in since["description"]
    export = schema["paths"]["/api/v1/dsr/{request_id}/export"]["get"]["responses"]["200"]["content"]
    assert set(export) == {"application/json", "text/turtle"}


def test_schema_generation_reports_no_component_name_collisions():
    """Two serializers sharing a component name is how every body became ``InputRequest``."""
    from drf_spectacular.drainage import GENERATOR_STATS
    from drf_spectacular.generators import SchemaGenerator

    GENERATOR_STATS.reset()
    SchemaGenerator().get_schema(request=None, public=True)
    messages = list(GENERATOR_STATS._warn_cache) + list(GENERATOR_STATS._error_cache)
    assert not [m for m in messages if "identical names" in m or "could not" in m.lower()], messages
    assert not GENERATOR_STATS._error_cache, list(GENERATOR_STATS._error_cache)
