"""The evaluation programme of seed 000 ("Cómo debería evaluarse") as a product feature.

``manage.py evaluate`` generates synthetic people, agents and sessions in a throwaway database,
drives the real services and task functions, and prints a scorecard per suite. See
``docs/evaluation.md``.
"""
