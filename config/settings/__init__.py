"""Settings split: ``base`` (shared), ``dev`` (make run), ``test`` (pytest), ``prod``."""
