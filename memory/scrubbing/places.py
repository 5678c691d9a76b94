"""Where a secret is kept, not the secret (issue 15, tenth round): talk about password managers.

People say where their passwords live — a password manager, a vault, a folder, an entry — and
those names look like credentials ("1Password", "Trabajo2024", "Ops-Vault-7"). Three frames name
a place instead of a value:

* a password manager's product name ("en 1Password", "in Bitwarden") is never a secret, whichever
  finder took it — nor is the "Password" inside "1Password" a password label (but "1Password
  master: …" states its master password);
* a plural password word whose clause opens with a container — a vault, folder, entry, keychain,
  list, or its name ("Carpeta de contraseñas: Trabajo2024", "Vault name for the team passwords:
  Ops-7", "Nombre del llavero donde guarda las claves: …") — labels the container, not a password
  (a singular one is the container's own password: "Vault password: …" is kept a secret);
* a value glued to its password word with no connector right after a place preposition ("las
  claves de la familia en KeePass2", "passwords in Vault7") is where they are.
"""

from __future__ import annotations

import re
from typing import Final

from memory.scrubbing.vocabulary import MANAGER_NAMES, names_re

#: Password managers and secret stores, as their makers spell them (compared case-insensitively on
#: the whole value, with an optional "XC"/edition suffix).
_MANAGER_RE: Final = re.compile(
    r"(?i:" + names_re(MANAGER_NAMES) + r"|proton\s?pass"
    r"|keychain|icloud\s+keychain|google\s+password\s+manager|samsung\s+pass)")
#: What holds passwords: a clause that opens with one of these and ends in a plural password word
#: labels that holder.
CONTAINERS: Final[frozenset[str]] = frozenset(
    """vault vaults folder folders entry entries item items collection collections keychain keyring list
    category section name names label group
    bóveda bóvedas boveda bovedas carpeta carpetas entrada entradas elemento elementos colección coleccion
    llavero lista categoría categoria sección seccion nombre nombres etiqueta grupo""".split())
_CLAUSE_START_RE: Final = re.compile(r"[.;:!?\n]")
_WORD_RE: Final = re.compile(r"[^\W\d_]+")
# Sixteenth round: a container noun right before the value names it too ("está en Bitwarden, carpeta
# Trabajo/Servidores/vps-01", "folder Finance-2024"): the folder's or the entry's name, not a password.
_PLACE_BEFORE_RE: Final = re.compile(
    r"(?:^|\s)(?:en|in|on|at|inside|within|dentro\s+de|into|carpeta|folder|directorio|directory|ruta|path"
    r"|vault|b[oó]veda|entry|entrada|item|elemento|collection|colecci[oó]n)\s+$")


def is_manager_name(value: str) -> bool:
    """Is ``value`` a password manager's product name?"""
    return _MANAGER_RE.fullmatch(value.strip(" .,;:!?\"'«»“”()")) is not None


def mentions_a_manager(text: str) -> bool:
    """Does ``text`` (a label) name a password manager anywhere?"""
    return _MANAGER_RE.search(text) is not None


_MASTER_RE: Final = re.compile(r"password[ \t]+(?:master|maestra)\b")


def inside_manager_name(lower: str, start: int) -> bool:
    """Does the password word at ``start`` belong to "1Password" (and not to "1Password master",
    its master password)?"""
    return (start > 0 and lower[start - 1] == "1" and lower.startswith("password", start)
            and _MASTER_RE.match(lower, start) is None)


def labels_a_container(lower: str, keyword_start: int, keyword: str) -> bool:
    """Does a plural password word close a label whose clause opens with a container?"""
    if not keyword.lower().endswith("s"):
        return False
    window = lower[max(0, keyword_start - 60):keyword_start]
    cut = max((m.end() for m in _CLAUSE_START_RE.finditer(window)), default=0)
    return any(w in CONTAINERS for w in _WORD_RE.findall(window[cut:]))


def after_a_place_word(lower: str, value_start: int) -> bool:
    """Is the value right after "en"/"in"/"on"/"at"/"dentro de" or a container noun (where, not what)?"""
    return _PLACE_BEFORE_RE.search(lower, max(0, value_start - 16), value_start) is not None
