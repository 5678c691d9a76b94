"""Quorum's MCP server: a pure client of the REST API, acting with one agent's own key.

It never touches the database, so every rule of the API (scrubbing, scoping, lockout, audit,
no deletes) holds for MCP callers exactly as for HTTP callers.
"""
