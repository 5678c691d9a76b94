"""OpenAPI: document the agent API key as an HTTP bearer scheme."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension

from config.schema import AGENT, _audience


class AgentKeyScheme(OpenApiAuthenticationExtension):
    target_class = "agents_registry.authentication.AgentKeyAuthentication"
    name = "agentKey"

    def get_security_requirement(self, auto_schema):  # noqa: ANN001, ANN201 - drf-spectacular hook
        # Listed only where a key is accepted (portal operations answer 403 to an agent).
        return {self.name: []} if _audience(auto_schema) == AGENT else None

    def get_security_definition(self, auto_schema):  # noqa: ANN001, ANN201 - drf-spectacular hook
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "qk_<prefix>_<secret>",
            "description": "Agent API key from `manage.py agent_create`.",
        }
