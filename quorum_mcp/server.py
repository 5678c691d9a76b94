"""The MCP server: :class:`QuorumTools` registered on an SDK ``MCPServer``.

Tools never reach the database: an agent can save, search and read briefings through MCP exactly
as through HTTP, and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import ValidationError
from quorum_client import InvalidInput, QuorumError
from quorum_client.errors import argument_errors

from quorum_mcp.tools import MAX_CONTENT_CHARS, QuorumTools, error_result

INSTRUCTIONS = """\
Quorum is the shared, governed memory of a team of agents about the people they serve (and about
the shared "@workspace"). Start every session with `briefing` (what other agents learned since your
last session), use `recall` before asking the person something you may already know, `remember`
what is new as it happens, and close with `end_session` (an honest reflection). Memories are
scrubbed of credentials before storage; you can never delete through this server."""


class QuorumMCPServer(MCPServer):
    """MCPServer whose argument errors look like the API's: stable codes, no echo of the input.

    The API rejects unknown fields (``unknown_field``) and invalid values (``invalid_input``,
    ``content_too_long``); a tool call gets the same codes before anything is sent, instead of the
    SDK's free-text validation report (which quotes the rejected input).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._arguments: dict[str, set[str]] = {}

    def add_tool(self, fn: Callable[..., Any], name: str | None = None, **kwargs: Any) -> None:
        super().add_tool(fn, name=name, **kwargs)
        tool = self._tool_manager.get_tool(name or fn.__name__)
        assert tool is not None
        # Enforce exactly the published schema's arguments (the SDK already left out the Context
        # parameter), and say so in the schema.
        self._arguments[tool.name] = set(tool.parameters["properties"])
        tool.parameters["additionalProperties"] = False

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None) -> Any:
        if name not in self._arguments:
            return error_result(QuorumError(f"There is no tool named {name[:60]!r}.", code="unknown_tool",
                                            extra={"tools": sorted(self._arguments)}))
        unknown = sorted(set(arguments) - self._arguments[name])
        if unknown:
            return error_result(InvalidInput(
                "The call contains arguments this tool does not accept.", code="unknown_field",
                extra={"fields": [field[:60] for field in unknown[:20]], "allowed": sorted(self._arguments[name])}))
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if not isinstance(exc.__cause__, ValidationError):
                raise
            return error_result(_validation_error(exc.__cause__))


def _validation_error(error: ValidationError) -> InvalidInput:
    fields, too_long = argument_errors(error.errors(include_url=False, include_input=False))
    if too_long:
        return InvalidInput(f"content is longer than {MAX_CONTENT_CHARS} characters; shorten it (it is never "
                            "truncated).", code="content_too_long",
                            extra={"fields": fields, "max_chars": MAX_CONTENT_CHARS})
    return InvalidInput("The tool arguments are invalid.", code="invalid_input", extra={"fields": fields})


def build_server(tools: QuorumTools) -> MCPServer:
    """An MCP server whose tools call Quorum through ``tools`` (a :class:`QuorumTools`)."""
    server = QuorumMCPServer("quorum", title="Quorum memory", instructions=INSTRUCTIONS, version="1.0.0")
    writes = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
    reads = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)
    server.add_tool(tools.remember, name="remember", title="Remember", annotations=writes)
    server.add_tool(tools.recall, name="recall", title="Recall", annotations=reads)
    server.add_tool(tools.briefing, name="briefing", title="Session briefing", annotations=reads)
    server.add_tool(tools.end_session, name="end_session", title="End session (/sessionend)", annotations=writes)
    server.add_tool(tools.list_predicates, name="list_predicates", title="Predicate registry", annotations=reads)
    server.add_tool(tools.check_action, name="check_action", title="Check an action", annotations=reads)
    return server
