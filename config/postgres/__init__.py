"""Django's PostgreSQL backend with the pool's health check made idle-aware (``config.db_pool``)."""
