"""Round 52: a rank within one trade said on one side only, across ES↔EN.

"Is editor-in-chief of a newspaper" / "Es redactora en un periódico": the English note ranks the
person at the head of the trade, the Spanish one names the plain trade. A rank word — English
"-in-chief", "chief", "senior", a noun "head" or "lead" after an article or "as"; Spanish "jefe" /
"jefa" ("redactor jefe", "jefa de cocina") — on one side, and on the other no word of leading,
ranking or being led at all (``_EN_LEADS`` / ``_ES_LEADS``: "director", "manages", "runs", "dirige",
"al frente de", "líder", "reports to"…), says a different role. A veto (reason ``role_mismatch``):
it stops a merge, never proves one. Same-language pairs are left to the "one says more" reading
(``detail_added``); a rank said in other words ("the top editor") is not read.

Pure Python over folded text; nothing here keeps, logs or raises with statement text.
"""

from __future__ import annotations

import re

from memory.equivalence.normalise import fold

_EN_RANK = re.compile(r"(?:-in-chief\b|\bin chief\b|\bchief\b|\bsenior\b|\b(?:the|a|an|as) (?:head|lead)\b)")
_ES_RANK = re.compile(r"\b(?:jefe|jefa|jefes|jefas)\b")
#: Any word of leading, ranking or being led: with one of these the other note may say the rank.
_EN_LEADS = re.compile(
    r"\b(?:in-chief|chief|head|heads|headed|heading|lead|leads|led|leader|senior|principal|director|directors|"
    r"direct|directs|directed|manager|managers|manage|manages|managed|managing|run|runs|ran|running|boss|"
    r"in charge|supervis\w*|oversee\w*|oversaw|top|first|report\w*|subordinate\w*)\b")
_ES_LEADS = re.compile(
    r"\b(?:jefe|jefa|jefes|jefas|jefatura|director\w*|dirig\w*|dirij\w*|encargad\w*|responsable\w*|principal|"
    r"senior|primer\w*|al frente|a cargo|a su cargo|lider\w*|gerente\w*|gestion\w*|coordin\w*|supervis\w*|mayor|"
    r"cabeza|depend\w*|subordinad\w*|superior)\b")


def rank_on_one_side(spanish: str, english: str) -> bool:
    """One note ranks the person within a trade and the other says no leading or rank at all."""
    es, en = fold(spanish), fold(english)
    if _EN_RANK.search(en) and not _ES_LEADS.search(es):
        return True
    return bool(_ES_RANK.search(es)) and not _EN_LEADS.search(en)
