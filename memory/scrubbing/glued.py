"""Thirty-seventh secrets round: a password word glued to the name of what it opens (docs/privacy.md,
"The thirty-seventh secrets round", gives what it changes over every spent author).

Shorthand labels write the password word fused to the system, the device or the account it opens —
``diskpass``, ``rootpw``, ``wifipass``, ``adminpwd``, ``vpnpassword``, ``dbpass``, ``mailpw`` — as
config files and notes abbreviate them. The keyword finders read a password word only where it
starts a word or a camelCase hump (so that "bypass", "compass" or "KeePass" are no labels), and
miss these. The class: a lower- or upper-case word made of one of the nouns below and a password
word (``pass``, ``passwd``, ``password``, ``passphrase``, ``pwd``, ``pw``, ``pswd``), not inside a
path, a file name, a variable or an identifier (no ``.``, ``/``, ``$``, ``_``, ``-`` or letter
touching it), followed within its clause by a colon, ``=``, an arrow, "is"/"es" or a preposition.

The driver reads the text a second time with the compound replaced by a strong password word of the
same length or shorter, blanks before it (``glued_view``: "diskpass" -> "password", "rootpw" ->
"   pwd", "diskpassphrase" -> "    passphrase"; the same length, so every offset holds), and every
finder's span past the label is kept: whatever frame follows the label then decides, as it would
after "disk password" ("pass" alone is a weak word, which "diskpass" is not). The nouns are those that hold a password of
their own (a closed list, so an ordinary word ending in "pass" — bypass, compass, overpass,
trespass, surpass — is never one; nor are the managers KeePass or LastPass, which keep passwords).
"""

from __future__ import annotations

import re
from typing import Final

from memory.scrubbing.vocabulary import DISK_ENCRYPTION_NAMES, MANAGER_NAMES, names_re

#: What a password opens: storage, machines and accounts, services and network access.
_OPENS: Final = (
    r"disk|disco|drive|hdd|ssd|usb|crypt|" + names_re(DISK_ENCRYPTION_NAMES) + r"|bios|uefi|boot|grub|zip|rar|7z|backup|vault"
    r"|root|admin|sudo|user|guest|master|login|sys|sa|dba"
    r"|wifi|wlan|wpa|vpn|router|nas|server|srv|host|net|lan|ap"
    r"|db|sql|mysql|pg|postgres|mongo|redis|ldap|smb|ftp|sftp|ssh|smtp|imap|pop|mail|email|correo|web|wp|app|api"
    r"|portal|panel|cpanel|voip|sip|phone|pc|laptop|tablet|tv|cam|alarm|alarma|safe|door|bank|banco|dev|test|prod"
)
_GLUED_RE: Final = re.compile(
    r"(?<![\w.$/\\\-])(?P<noun>" + _OPENS + r")(?P<word>pass(?:word|wd|phrase)?|pwd|pw|pswd)(?![\w.$/\\\-])"
    r"(?=[^\n.;:=]{0,60}?(?:[:=]|->|→|=>|\b(?:is|es|was|era)\b))")


# Thirty-seventh round, in sample (k62-060): a password manager's name, then a bare "master"/"maestra"
# label closed by a colon or an arrow ("KeePass de la oficina → master: …"), labels the manager's master
# password: read as "passwd" ("1Password master:" was already read so by ``keywords``).
# Thirty-eighth round: the label may also be "principal" (ES), and a prepositional phrase saying whose or
# which vault it opens may stand between it and the colon or arrow ("Bitwarden master del equipo →",
# "KeePass master for the family vault →"); a noun right after the label ("master file", "master
# password rotation") makes it another thing's label and is not read.
_MANAGER_MASTER_RE: Final = re.compile(
    names_re(MANAGER_NAMES) + r"\b[^\n.;:=]{0,40}?"
    r"\b(?P<word>master|maestra|principal)"
    r"(?P<aside>[ \t]+(?:for|of|del|de|para)\b[^\n.;:=→>]{1,40}?)?[ \t]*(?P<conn>:|->|→|=>)")


def glued_view(text: str, lower: str) -> tuple[str, int] | None:
    """``text`` with the noun of every glued password label blanked out (same length), and where the
    first such label ends; ``None`` when ``text`` has none. ``lower`` is ``text`` lower-cased."""
    glued = "pass" in lower or "pw" in lower or "pswd" in lower
    master = "master" in lower or "maestra" in lower or "principal" in lower
    if not glued and not master:
        return None
    matches = list(_GLUED_RE.finditer(lower)) if glued else []
    masters = list(_MANAGER_MASTER_RE.finditer(lower)) if master else []
    if not matches and not masters:
        return None
    chars = list(text)
    for m in masters:
        start, end = m.span("word")
        if m.group("aside") is not None or m.group("word") == "principal":
            # The label with its aside reads as one password word, a passphrase where there is room.
            end = m.start("conn")
            word = next(w for w in ("passphrase", "passwd") if len(w) <= end - start)
            chars[start:end] = word.ljust(end - start)
        else:
            chars[start:end] = "passwd".rjust(end - start)
    if not matches:
        return "".join(chars), masters[0].end()
    for m in matches:
        start, end = m.span()
        if m.group("word") == "passphrase":
            stand_in = "passphrase"
        else:  # a strong password word, right-aligned in the compound's room ("dbpass" -> "   pwd")
            stand_in = "password" if end - start >= 8 else "pwd"
        if text[end - 1].isupper():
            stand_in = stand_in.upper()
        chars[start:end] = stand_in.rjust(end - start)
    return "".join(chars), min([m.end() for m in matches] + [m.end() for m in masters])
