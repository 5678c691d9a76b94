"""The consolidation tests' fixtures (agents, contexts) for the claims tests."""

from tests.memory.consolidation.conftest import agents, grouped, run_context  # noqa: F401 - pytest fixtures
