"""Database availability: which errors mean "the database cannot be reached right now".

A request that cannot get a connection — PostgreSQL down, the pool exhausted past its timeout
(``psycopg_pool.PoolTimeout``), a connection dropped mid-request — is answered 503 ``unavailable``
with ``Retry-After`` (``config.errors``, ``config.middleware``), never 500. Within one request the
first such error is noted (thread-local, reset when the next request starts) so code that can
answer without the database — agent-key authentication from its short cache, recall's degraded
answer — does not wait for the pool a second time.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from operator import attrgetter
from typing import Any, TypeVar

import orjson
import psycopg
from django.db import InterfaceError, OperationalError, connection, models, transaction
from django.db.models.base import DEFERRED, ModelState
from django.db.models.query import ValuesListIterable
from django.db.models.signals import post_init, pre_init

logger = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])

# psycopg_pool.PoolTimeout subclasses psycopg.OperationalError; Django wraps both into its own.
UNAVAILABLE_ERRORS: tuple[type[BaseException], ...] = (OperationalError, InterfaceError, psycopg.OperationalError,
                                                        psycopg.InterfaceError)

_state = threading.local()
# Outside a request (a task, a command) nothing resets the note: it lapses after this long.
NOTE_SECONDS = 5.0


def is_unavailable(exc: BaseException | None) -> bool:
    return isinstance(exc, UNAVAILABLE_ERRORS)


def note_outage() -> None:
    _state.noted_at = time.monotonic()


def outage_noted() -> bool:
    noted_at = getattr(_state, "noted_at", None)
    return noted_at is not None and time.monotonic() - noted_at < NOTE_SECONDS


def reset_outage() -> None:
    _state.noted_at = None


def degrade_on_outage(fallback: Callable[..., Any]) -> Callable[[F], F]:
    """Answer ``fallback(*args, **kwargs)`` instead of failing when the database is unreachable.

    For read paths that have a safe degraded answer (recall: nothing served, ``degraded: true``).
    Only availability errors degrade; every other error propagates as before, and so does every
    error inside a caller's transaction (which the failure has broken anyway).
    """

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if outage_noted() and not connection.in_atomic_block:
                return fallback(*args, **kwargs)
            try:
                return func(*args, **kwargs)
            except UNAVAILABLE_ERRORS as exc:
                if connection.in_atomic_block:
                    raise
                note_outage()
                logger.warning("%s: database unavailable (%s); answering degraded", func.__name__,
                               type(exc.__cause__ or exc).__name__)
                return fallback(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    return decorate


def allow_explicit_prepare(raw: psycopg.Connection) -> None:
    """Let ``raw`` prepare the statements that ask for it (``execute(..., prepare=True)``) and only
    those. Django leaves ``prepare_threshold`` at None (nothing is ever prepared); a huge threshold
    keeps Django's own queries unprepared while recall's and the write's hot statements are
    prepared once per connection (docs/performance.md)."""
    if raw.prepare_threshold is None:
        raw.prepare_threshold = 2**31 - 1



_PLACEHOLDER = re.compile(r"%%|%\((\w+)\)s|%")


@functools.lru_cache(maxsize=64)
def raw_query(sql: str) -> tuple[str, tuple[str, ...]]:
    """``sql`` with psycopg's ``%(name)s`` placeholders turned into PostgreSQL's ``$n`` (``%%`` → ``%``),
    and the parameter names in ``$n`` order, for a :class:`psycopg.RawCursor`.

    psycopg converts a query on every execute and caches the conversion only for queries of at most
    4,096 characters; recall's statement is longer, so its conversion (~0.4 ms a call) is done once
    here. Any other ``%`` form is refused rather than guessed."""
    names: list[str] = []

    def replace(match: re.Match[str]) -> str:
        token, name = match.group(0), match.group(1)
        if token == "%%":
            return "%"
        if name is None:
            raise ValueError("raw_query: only %(name)s placeholders and %% are supported")
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    return _PLACEHOLDER.sub(replace, sql), tuple(names)


def copy_insert(model: type[Any], objs: Sequence[Any]) -> None:
    """Insert ``objs`` (unsaved instances of ``model``) with one ``COPY … FROM STDIN``, in the
    caller's transaction, and leave them marked saved as ``bulk_create`` does.

    For the rows a consolidation run writes by the hundred (decisions, evidence): ``bulk_create``
    spends longer building its statement than PostgreSQL spends inserting. Each value is what a
    save would send: the attribute itself for fields whose preparation leaves a value of the right
    type unchanged (:data:`_PLAIN_FIELDS`, read for a whole row with one ``attrgetter``), else the
    field's ``pre_save`` and ``get_db_prep_save``. Generated columns are left to the database, and
    so is an auto-incremented key (the instances get no pk back, so use this only where nothing
    reads it afterwards). Triggers fire as for an ``INSERT``.

    ``objs`` may also be plain objects (no model instance: a slotted row class) that carry every
    field's ``attname`` (``run_id``, not ``run``): a run's decisions and evidence are built that way,
    a model instance's ``__init__`` costing more than its row's share of the ``COPY``. Only model
    instances are marked saved.

    A ``JSONField`` without an encoder (a run's decision ``inputs``) whose value is plain JSON —
    dicts with string keys, lists, strings, integers, booleans, None; no float, tuple or subclass —
    is sent as ``orjson``'s text: the same JSON value ``json.dumps`` writes through Django's
    ``Jsonb`` (PostgreSQL parses either into the same ``jsonb``), at a tenth of the CPU (perf53a).
    Any other value, and any value ``orjson`` refuses, goes through the field's preparation."""
    if not objs:
        return
    fields = [f for f in model._meta.concrete_fields
              if not f.generated and not (f.primary_key and getattr(f, "db_returning", False))]
    plain = [f for f in fields if _plain(f)]
    prepared = [f for f in fields if not _plain(f)]
    json_plain = [type(f) is models.JSONField and f.encoder is None for f in prepared]
    read_plain = attrgetter(*(f.attname for f in plain)) if plain else (lambda obj: ())
    single = len(plain) == 1
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in plain + prepared)
    sql = f"COPY {quote(model._meta.db_table)} ({columns}) FROM STDIN"
    with connection.cursor() as cursor, cursor.copy(sql) as copy:
        for obj in objs:
            values = read_plain(obj)
            row = [values] if single else list(values)
            for value, field in zip(row, plain):
                if type(value) not in _SIMPLE_TYPES and hasattr(value, "resolve_expression"):
                    # e.g. a db_default: COPY cannot send it
                    raise ValueError(f"copy_insert: {field.name} holds an expression")
            for field, as_json in zip(prepared, json_plain):
                if as_json:
                    text = _json_text(getattr(obj, field.attname))
                    if text is not None:
                        row.append(text)
                        continue
                row.append(field.get_db_prep_save(field.pre_save(obj, True), connection))
            copy.write_row(row)
    for obj in objs:
        state = getattr(obj, "_state", None)
        if state is not None:
            state.adding, state.db = False, connection.alias


#: Fields whose ``get_db_prep_save`` returns a value of the right type unchanged.
_PLAIN_FIELDS = (models.CharField, models.TextField, models.IntegerField, models.BigIntegerField,
                 models.PositiveIntegerField, models.FloatField, models.BooleanField, models.UUIDField)
#: Value types that are never an expression (the check in :func:`copy_insert` skips them).
_SIMPLE_TYPES = frozenset({str, int, float, bool, type(None), uuid.UUID, datetime})


#: The JSON leaves :func:`_json_text` sends through ``orjson`` (exact types: no subclass, no float).
_JSON_LEAVES = frozenset({str, int, bool, type(None)})
#: Deeper values (or a value that contains itself) take the field's own route.
_JSON_DEPTH = 32


def _json_text(value: Any) -> str | None:
    """``value`` (a dict or list) as JSON text when it is plain JSON that ``orjson`` writes, else None.

    Only where ``orjson.dumps`` and ``json.dumps`` mean the same JSON value: exact ``dict`` with
    ``str`` keys, exact ``list``, ``str``, ``int``, ``bool``, None. Left to ``json.dumps`` (None
    here): floats (``NaN`` and the two writers' digits), tuples, subclasses and every other type
    (``orjson`` writes a ``UUID``, a ``datetime`` or an ``Enum`` that ``json.dumps`` refuses), integers
    beyond 64 bits and strings with lone surrogates (``orjson`` raises), nesting beyond
    :data:`_JSON_DEPTH`. A top-level None is SQL NULL, not JSON ``null``: also None here."""
    if type(value) is not dict and type(value) is not list:
        return None
    if not _plain_json(value, 0):
        return None
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return None


def _plain_json(value: Any, depth: int) -> bool:
    if depth > _JSON_DEPTH:
        return False
    leaves = _JSON_LEAVES
    if type(value) is dict:
        for key, item in value.items():
            if type(key) is not str or (type(item) not in leaves and not _plain_json(item, depth + 1)):
                return False
        return True
    if type(value) is list:
        for item in value:
            if type(item) not in leaves and not _plain_json(item, depth + 1):
                return False
        return True
    return False


def _plain(field: Any) -> bool:
    """Whether :func:`copy_insert` sends the attribute itself for this field."""
    return type(field) in _PLAIN_FIELDS or isinstance(field, models.ForeignKey) or (
        type(field) is models.DateTimeField and not (field.auto_now or field.auto_now_add))


def instances_from_rows(model: type[Any], attnames: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[Any]:
    """Model instances, marked loaded, from rows of ``values_list(*attnames)`` (attribute names:
    ``agent_id``, not ``agent``; an annotation's name sets that attribute, as a queryset does).

    What ``Model.from_db`` builds — the same attributes, the fields not read left deferred (a later
    access loads them as usual), ``_state`` saying loaded from this database — without
    ``Model.__init__``, which sets each field one by one and sends two signals: for the rows a
    consolidation run reads by the hundred (a subject's memories and claims) that was most of the
    read's time. When a receiver listens to ``pre_init``/``post_init`` for ``model`` the instances
    are built by ``from_db`` instead, so receivers still see them."""
    alias = connection.alias
    if pre_init.has_listeners(model) or post_init.has_listeners(model):
        concrete = [f.attname for f in model._meta.concrete_fields]
        extra = [name for name in attnames if name not in concrete]
        loaded = []
        for row in rows:
            values = dict(zip(attnames, row))
            obj = model.from_db(alias, concrete, [values.get(name, DEFERRED) for name in concrete])
            for name in extra:
                setattr(obj, name, values[name])
            loaded.append(obj)
        return loaded
    new = model.__new__
    loaded = []
    for row in rows:
        obj = new(model)
        state = ModelState()
        state.adding, state.db = False, alias
        attributes = obj.__dict__
        attributes["_state"] = state
        attributes.update(zip(attnames, row))
        loaded.append(obj)
    return loaded


def insert_without_flush_wait(obj: Any) -> None:
    """Insert ``obj`` (an unsaved model instance with its primary key set, no auto-increment) as
    ``save(force_insert=True)`` would, and when no transaction is open let that one statement's
    commit return without waiting for the disk (``set_config('synchronous_commit', 'off', true)``
    inside the statement: its own implicit transaction only; the session's setting is untouched).

    For a row whose loss in a database crash is harmless and that a later durable commit of the
    same session flushes anyway, being earlier in the log (a consolidation run's ``running`` row).
    Inside a caller's transaction it is a plain insert: that transaction keeps its durability.
    On a busy disk a durable commit waits several milliseconds; this one about a tenth of one."""
    if connection.in_atomic_block:
        obj.save(force_insert=True)
        return
    model = type(obj)
    fields = [f for f in model._meta.concrete_fields if not f.generated]
    values = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {quote(model._meta.db_table)} ({columns}) SELECT {placeholders} "
                       f"FROM (SELECT set_config('synchronous_commit', 'off', true)) AS without_flush_wait", values)
    obj._state.adding, obj._state.db = False, connection.alias


def upsert_one(obj: Any, *, unique_fields: Sequence[str], update_fields: Sequence[str]) -> None:
    """``type(obj).objects.bulk_create([obj], update_conflicts=True, unique_fields=…, update_fields=…)``
    for one instance whose every column is sent (its primary key set, nothing generated or returned):
    the same ``INSERT … ON CONFLICT (…) DO UPDATE SET … = EXCLUDED.…`` with the same values (each
    field's ``pre_save`` and ``get_db_prep_save``), in a transaction as ``bulk_create`` opens one, and
    the instance marked saved — the statement built once a process instead of compiled every call
    (a consolidation run rebuilds its subject's digest so, perf53a). Anything else (an auto or
    generated column, a primary key not set, related objects not saved) goes to ``bulk_create``."""
    model = type(obj)
    sql, fields = _upsert_sql(model, tuple(unique_fields), tuple(update_fields))
    if not fields or obj.pk is None:
        model._default_manager.bulk_create([obj], update_conflicts=True, unique_fields=unique_fields,
                                           update_fields=update_fields)
        return
    obj._prepare_related_fields_for_save(operation_name="bulk_create")
    values = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        cursor.execute(sql, values)
    obj._state.adding, obj._state.db = False, connection.alias


@functools.cache
def _upsert_sql(model: type[Any], unique_fields: tuple[str, ...], update_fields: tuple[str, ...]) -> tuple[str, list[Any]]:
    """:func:`upsert_one`'s statement and fields, or no fields where it must leave it to ``bulk_create``."""
    fields = list(model._meta.concrete_fields)
    if any(f.generated or getattr(f, "db_returning", False) for f in fields):
        return "", []
    quote = connection.ops.quote_name
    unique = [model._meta.get_field(name).column for name in unique_fields]
    update = [model._meta.get_field(name).column for name in update_fields]
    sql = (f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
           f"VALUES ({', '.join(['%s'] * len(fields))}) ON CONFLICT({', '.join(quote(c) for c in unique)}) "
           f"DO UPDATE SET {', '.join(f'{quote(c)} = EXCLUDED.{quote(c)}' for c in update)}")
    return sql, fields


_TEXT_TYPES = frozenset({"CharField", "TextField", "SlugField", "EmailField", "URLField"})


@functools.cache
def where_any_sql(model: type[Any], field_name: str, columns: tuple[str, ...] | None = None) -> str:
    """``SELECT <columns> FROM <model's table> WHERE <field> = ANY(%s::<type>[])``: the rows of
    ``model.objects.filter(<field>__in=values)`` as one fixed statement whatever the count of values,
    the values passed as one array parameter — for the reads :class:`CompiledOnce` refuses because
    an ``IN`` list's statement depends on how many values it has. ``columns`` are column names
    (default: every concrete field's). Text fields are compared as ``text`` (a cast to the column's
    ``varchar(n)`` would cut a longer value and could match another row); other fields as their
    column type. The rows come back as PostgreSQL sends them: a caller that needs Django's converters
    reads them through ``Model.objects.raw`` (perf52b)."""
    quote = connection.ops.quote_name
    field = model._meta.get_field(field_name)
    cast = "text" if field.get_internal_type() in _TEXT_TYPES else field.db_type(connection)
    selected = columns if columns is not None else tuple(f.column for f in model._meta.concrete_fields)
    return (f"SELECT {', '.join(quote(c) for c in selected)} FROM {quote(model._meta.db_table)} "
            f"WHERE {quote(field.column)} = ANY(%s::{cast}[])")


def in_bulk_by_pk(model: type[Any], ids: Iterable[Any]) -> dict[Any, Any]:
    """``model.objects.in_bulk(ids)`` from one fixed statement (:func:`where_any_sql`, the ids as one
    array parameter) instead of an ``IN`` list built and compiled for each call: each id converted
    by the key's ``get_prep_value`` as the ``IN`` lookup converts it (a bad one raises as it did),
    the instances built by ``Model.objects.raw`` (``from_db``, the fields' converters), every
    column loaded, none asked for no ids. For the reads a consolidation run repeats per subject
    with a few ids (perf52b's ``predicates_by_id``; the agents behind a subject's memories, perf53a).
    Only for a model whose default manager is Django's plain one (``raw`` skips a manager's filter)."""
    ids = set(ids)
    if not ids:
        return {}
    if type(model._default_manager) is not models.Manager:
        return model._default_manager.in_bulk(ids)
    pk = model._meta.pk
    prepared = list({pk.get_prep_value(value) for value in ids})
    return {obj.pk: obj for obj in model._default_manager.raw(where_any_sql(model, pk.name), [prepared])}


class CompiledOnce:
    """A ``values_list`` queryset's SQL built and compiled once a process, then sent again with each
    call's values: the rows are the ones the queryset would return (same statement text, same
    parameters, the same field converters applied), without building the queryset and compiling it
    each time — for the statements a consolidation run sends once per subject, where Django's
    ``filter``/``as_sql`` cost more CPU than PostgreSQL spends answering.

    ``build(**values)`` returns the queryset (``values_list``, not flat, not named). On the first call
    it is built twice: with stand-in values of the same types (random UUIDs, a datetime no caller
    passes, random strings and integers) to find where each value lands among the parameters, and
    with the call's own values, whose compiled SQL and parameters must then be exactly the template's
    with the values put in (otherwise ``ValueError``: a builder whose SQL depends on the values, e.g.
    an ``IN`` list, cannot be compiled once). Each value must reach the parameters unchanged (a
    UUID, a datetime, a string, an integer compared by equality), as Django's PostgreSQL backend
    sends them. The template holds no connection: each call uses the current one."""

    def __init__(self, build: Callable[..., Any]) -> None:
        self.build = build
        self._compiled: tuple[str, list[Any], dict[int, str], list[tuple[int, list[Any], Any]]] | None = None

    def rows(self, **values: Any) -> list[tuple[Any, ...]]:
        """The queryset's rows for these values, as tuples (``list(build(**values))``)."""
        if self._compiled is None:
            self._compiled = self._compile(values)
        sql, fixed, slots, converters = self._compiled
        params = list(fixed)
        for position, name in slots.items():
            params[position] = values[name]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        if not converters:
            return [tuple(row) for row in rows]
        converted = []
        for row in rows:
            row = list(row)
            for position, functions, expression in converters:
                value = row[position]
                for function in functions:
                    value = function(value, expression, connection)
                row[position] = value
            converted.append(tuple(row))
        return converted

    def _compile(self, values: dict[str, Any]) -> tuple[str, list[Any], dict[int, str], list[tuple[int, list[Any], Any]]]:
        stand_ins = {name: _stand_in(value) for name, value in values.items()}
        template = self.build(**stand_ins)
        if template._iterable_class is not ValuesListIterable:
            raise ValueError("CompiledOnce: the builder must return a values_list queryset (not flat, not named)")
        compiler = template.query.get_compiler(template.db)
        sql, params = compiler.as_sql()
        fixed = list(params)
        slots: dict[int, str] = {}
        for position, param in enumerate(params):
            for name, stand_in in stand_ins.items():
                if type(param) is type(stand_in) and param == stand_in:
                    slots[position] = name
                    fixed[position] = None
        missing = set(values) - set(slots.values())
        if missing:
            raise ValueError(f"CompiledOnce: values not found among the parameters: {sorted(missing)}")
        fields = [s[0] for s in compiler.select[0:compiler.col_count]]
        converters = [(position, functions, expression)
                      for position, (functions, expression) in compiler.get_converters(fields).items()]
        # The call's own values must compile to the same statement with them in those places.
        real = self.build(**values)
        real_sql, real_params = real.query.get_compiler(real.db).as_sql()
        expected = list(fixed)
        for position, name in slots.items():
            expected[position] = values[name]
        if real_sql != sql or list(real_params) != expected:
            raise ValueError("CompiledOnce: the statement depends on the values; it cannot be compiled once")
        return sql, fixed, slots, converters


def _stand_in(value: Any) -> Any:
    """A value of ``value``'s type that no caller passes (for :class:`CompiledOnce`'s template)."""
    if isinstance(value, uuid.UUID):
        return uuid.uuid4()
    if isinstance(value, datetime):
        return datetime(1901, 2, 3, 4, 5, 6, uuid.uuid4().int % 1_000_000, tzinfo=value.tzinfo)
    if isinstance(value, bool):
        raise ValueError("CompiledOnce: a boolean value cannot be told apart from the statement's own")
    if isinstance(value, int):
        return -(uuid.uuid4().int % 2**62) - 1
    if isinstance(value, str):
        return f"compiled-once-{uuid.uuid4().hex}"
    raise ValueError(f"CompiledOnce: no stand-in for a {type(value).__name__}")
