"""The consolidator (DESIGN §5): one module per step, orchestrated by ``run.run``.

``run`` (entry, lock, run row, budget, the context) → ``gather`` (1) → ``group`` (2, clusters in
``clusters``) → ``echo`` (6, needed by 3) → ``corroborate`` (3) → ``gate`` (4) → ``validity`` (5)
→ ``dependence`` (7) → ``digest``. ``schedule`` picks the subjects and runs the deep pass. Calls into governance go
through its selectors and services only (checked by ``make lint``).
"""
