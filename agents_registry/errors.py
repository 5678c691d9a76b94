"""Stable error codes of the agents registry."""

from config.errors import QuorumError


class AgentAlreadyExists(QuorumError):
    status_code = 409
    code = "agent_exists"
    default_message = "An agent with this slug already exists."


class InvalidAgentData(QuorumError):
    code = "invalid_agent"
    default_message = "The agent's data is invalid."


class LockedOut(QuorumError):
    status_code = 429
    code = "locked_out"
    default_message = "Too many failed authentication attempts; try again later."
