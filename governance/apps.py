from django.apps import AppConfig


class GovernanceConfig(AppConfig):
    """Policy, rights, review, retention and the append-only audit chain."""

    name = "governance"
    verbose_name = "Governance"

    def ready(self) -> None:
        # local import: app-registry timing (services import models, loadable only once apps are ready)
        from config.audit import register_recorder
        from governance.services.audit import audit_event_prepare, audit_event_record  # local import: as above

        register_recorder(audit_event_record, audit_event_prepare)
