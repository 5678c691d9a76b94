"""The client against the server's live OpenAPI schema (drf-spectacular, ``/api/schema/`` as JSON).

For every operation of the client's table (quorum_client._operations.OPERATIONS): the path and
method exist; every field the client can send is a request property or parameter, and every field
the schema requires is one the client's method requires; and every field of the answer model (and
of the models nested in it) exists in the response schema with a compatible type and nullability,
and is sent always when the model requires it. A server change that would break the client fails
here with the operation, the field and the reason.
"""

from __future__ import annotations

import inspect
import types
import typing
from datetime import datetime
from typing import Any

import httpx
import pytest
from pydantic import BaseModel
from quorum_client import AsyncQuorum, Quorum, models
from quorum_client._operations import CLIENT_ALIASES, OPERATIONS, Operation

pytestmark = pytest.mark.django_db(transaction=True)

INTERNAL = {"memories": {"offset"}}  # set by the client itself (pagination), not by the caller


@pytest.fixture
def schema(live_server) -> dict[str, Any]:  # noqa: ANN001
    # JSON by content negotiation (``?format=`` is the API's own parameter, not the renderer's).
    response = httpx.get(f"{live_server.url}/api/schema/", headers={"Accept": "application/vnd.oai.openapi+json"},
                         timeout=60)
    assert response.status_code == 200, response.status_code
    return response.json()


def resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """Follow ``$ref`` and single-member ``allOf``/``oneOf`` wrappers, keeping ``nullable``."""
    nullable = bool(node.get("nullable"))
    while True:
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            node = schema["components"]["schemas"][name]
        elif len(node.get("allOf", ())) == 1:
            node = node["allOf"][0]
        elif "oneOf" in node:
            members = [m for m in node["oneOf"] if m.get("type") != "null" and m.get("enum") != [None]]
            nullable = nullable or len(members) < len(node["oneOf"])
            if len(members) != 1:
                return {"nullable": nullable}  # a real union: not checked further
            node = members[0]
        else:
            break
        nullable = nullable or bool(node.get("nullable"))
    return {**node, "nullable": nullable or bool(node.get("nullable"))}


def json_type(node: dict[str, Any]) -> str | None:
    if "type" in node:
        return node["type"]
    if node.get("enum"):
        return "string" if all(isinstance(v, str) for v in node["enum"] if v is not None) else None
    return None


def type_problems(schema: dict[str, Any], annotation: Any, node: dict[str, Any], where: str) -> list[str]:
    """Why a value the schema allows at ``node`` may not validate as ``annotation``."""
    node = resolve(schema, node)
    optional = False
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(members) < len(typing.get_args(annotation))
        if len(members) != 1:
            return [f"{where}: unions of several types are not checked; simplify the model"]
        annotation = members[0]
    if annotation is Any:
        return []
    problems = [f"{where}: the server may send null, the client's type does not allow it"] \
        if node["nullable"] and not optional else []
    kind = json_type(node)
    origin = typing.get_origin(annotation)
    if inspect.isclass(annotation) and issubclass(annotation, BaseModel):
        if kind not in ("object", None):
            return [*problems, f"{where}: the server sends {kind}, the client expects an object"]
        if "properties" not in node:
            return problems  # a free-form object (DictField): no field to check
        return [*problems, *model_problems(schema, annotation, node, where)]
    if origin is list:
        if kind != "array":
            return [*problems, f"{where}: the server sends {kind}, the client expects an array"]
        return [*problems, *type_problems(schema, typing.get_args(annotation)[0], node.get("items", {}), f"{where}[]")]
    if origin is dict:
        if kind != "object":
            return [*problems, f"{where}: the server sends {kind}, the client expects an object"]
        values = node.get("additionalProperties")
        if isinstance(values, dict) and values:
            return [*problems, *type_problems(schema, typing.get_args(annotation)[1], values, f"{where}{{}}")]
        return problems
    accepted = {str: {"string"}, int: {"integer"}, float: {"number", "integer"}, bool: {"boolean"},
                datetime: {"string"}}[annotation]
    if kind not in accepted:
        return [*problems, f"{where}: the server sends {kind}, the client expects {annotation.__name__}"]
    if annotation is datetime and node.get("format") != "date-time":
        problems.append(f"{where}: the server's string is not a date-time")
    return problems


def model_problems(schema: dict[str, Any], model: type[BaseModel], node: dict[str, Any], where: str) -> list[str]:
    node = resolve(schema, node)
    properties, required = node.get("properties", {}), set(node.get("required", ()))
    problems = []
    for name, field in model.model_fields.items():
        if name not in properties:
            problems.append(f"{where}.{name}: not in the response schema")
            continue
        if field.is_required() and name not in required:
            problems.append(f"{where}.{name}: required by the client, optional in the response schema")
        problems.extend(type_problems(schema, field.annotation, properties[name], f"{where}.{name}"))
    return problems


def operation_schema(schema: dict[str, Any], op: Operation) -> dict[str, Any]:
    path = f"/api/v1/{op.path}"
    assert path in schema["paths"], f"{op.name}: {path} is not in the API schema"
    assert op.method.lower() in schema["paths"][path], f"{op.name}: {op.method} {path} is not in the API schema"
    return schema["paths"][path][op.method.lower()]


def client_parameters(op: Operation) -> dict[str, inspect.Parameter]:
    """The caller-facing keywords of ``Quorum.<op>``, renamed to the API's fields."""
    aliases = CLIENT_ALIASES.get(op.name, {})
    sync = inspect.signature(getattr(Quorum, op.name)).parameters
    async_ = inspect.signature(getattr(AsyncQuorum, op.name)).parameters
    assert [(p.name, p.default, p.kind) for p in sync.values()] == \
        [(p.name, p.default, p.kind) for p in async_.values()], f"{op.name}: sync and async signatures differ"
    return {aliases.get(name, name): p for name, p in sync.items() if name != "self"}


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_the_request_fields_the_client_sends_exist_in_the_schema(schema, name):
    op = OPERATIONS[name]
    operation = operation_schema(schema, op)
    params = client_parameters(op)
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params.values()), f"{name}: keyword-only"
    assert set(params) | INTERNAL.get(name, set()) == set(op.fields), \
        f"{name}: the method's keywords and the operation table disagree"

    declared = {(p["in"], p["name"]): p for p in operation.get("parameters", ())}
    problems = []
    for field in op.query:
        if ("query", field) not in declared:
            problems.append(f"{name}: query parameter {field!r} is not in the schema")
    for field in op.path_params:
        if ("path", field) not in declared:
            problems.append(f"{name}: path parameter {field!r} is not in the schema")
    required = {n for (where, n), p in declared.items() if where in ("query", "path") and p.get("required")}
    if op.body:
        body = resolve(schema, operation["requestBody"]["content"]["application/json"]["schema"])
        problems += [f"{name}: body field {field!r} is not in the request schema"
                     for field in op.body if field not in body.get("properties", {})]
        required |= set(body.get("required", ()))
    else:
        assert "requestBody" not in operation or not operation["requestBody"].get("required"), \
            f"{name}: the server now wants a body"
    for field in sorted(required):
        if field not in params:
            problems.append(f"{name}: the schema requires {field!r}, which the client cannot send")
        elif params[field].default is not inspect.Parameter.empty:
            problems.append(f"{name}: the schema requires {field!r}, the client lets it be left out")
    assert problems == []


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_every_field_of_the_answer_model_is_in_the_response_schema_with_a_compatible_type(schema, name):
    op = OPERATIONS[name]
    responses = operation_schema(schema, op)["responses"]
    assert str(op.status) in responses, f"{name}: the schema has no {op.status} answer"
    body = responses[str(op.status)]["content"]["application/json"]["schema"]
    assert model_problems(schema, op.response, body, op.response.__name__) == []


def test_the_check_fails_on_a_renamed_or_retyped_field(schema):
    """The checker itself: a field the server does not send, or sends as another type, is reported."""

    class Renamed(models.Predicate):
        time_to_live: int

    class WrongPredicate(models.QuorumModel):
        key: str
        shareable: str

    class Retyped(models.QuorumModel):
        predicates: list[WrongPredicate]

    class NotNullable(models.QuorumModel):
        since: datetime
        items: list[models.BriefingItem]

    predicates = operation_schema(schema, OPERATIONS["predicates"])["responses"]["200"]["content"][
        "application/json"]["schema"]
    predicate = resolve(schema, predicates)["properties"]["predicates"]["items"]
    assert model_problems(schema, Renamed, predicate, "P") == ["P.time_to_live: not in the response schema"]
    assert model_problems(schema, Retyped, predicates, "R") == [
        "R.predicates[].shareable: the server sends boolean, the client expects str"]
    briefing = operation_schema(schema, OPERATIONS["briefing"])["responses"]["200"]["content"]["application/json"][
        "schema"]
    assert model_problems(schema, NotNullable, briefing, "B") == [
        "B.since: the server may send null, the client's type does not allow it"]
