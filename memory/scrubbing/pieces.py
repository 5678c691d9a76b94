"""Fortieth secrets round: credentials given in pieces, in a credential context (docs/privacy.md).

The token scorer (``token_scorer``) reads one token at a time; a value written in several pieces
is several tokens, each of which may look ordinary. Three shapes of the same class, each bound to
a credential context (``token_scorer.CUE_RE``) as the scorer is:

* **over lines** — two to six consecutive lines that are each one short token, right after a line
  naming a credential (since the forty-first round also a key, a token or a secret), and either announced as split ("split", "across lines", "troceada", "en
  partes") or followed by an instruction to join them ("join", "junta", "únelas", "together");
  the lines are redacted as one value;
* (forty-third round) the credential may instead be named on the line right after the pieces, with a
  join ("all one password, sin saltos"), when the line before says they are split and a piece has a
  credential's shape;
* (forty-fourth round) **pieces joined and read**: two to six consecutive lines that are each one short
  token — also each a chat turn of one speaker ("Luis: Verde" / "Luis: Limón" / "Luis: 2023") — with a
  cue that the value is split ("en trozos", "in pieces", "on three lines", "partida") on the line
  right before or right after the run, in a text naming a credential (a cue of the scorer's not said
  about one, or a key's or token's word), saying it is split to get past a detector ("para que el bot
  no la pille", "so the filter won't flag it") within a few lines of them, or telling on the line after
  to join them ("all together, sin saltos"). The first piece may close the line before after its copula
  or colon ("La clave del panel es Mira" / "flores_" / "2021 (la escribí en tres líneas …)"), and then
  the last may open the line after when it has a digit or a symbol. The pieces are joined and the
  joined value must read as a credential (``prose._strong_credential``: letters, a digit, a symbol or
  an inner capital); a list of words or of numbers stays, however announced;
* **with a repeated separator** — three or more pieces joined by the same symbol that is neither a
  letter, a digit nor sentence punctuation ("Nube 🔒 Gris 🔒 4410"), in the sentence of a cue;
* **a phrase of plain words** — in a passphrase context ("passphrase", "frase de paso", "la frase
  para …") a run of two to six words right after a copula or a typing verb ("is", "es", "type",
  "teclea", "escribe", "enter"), closed by a clause boundary, with at most one short function word
  and none first.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Final

from memory.scrubbing.kinds import _Span
from memory.scrubbing.prose import _strong_credential
from memory.scrubbing.token_scorer import CUE_RE, credential_cues, described_cue
from memory.scrubbing.value_shape import shape_score

_KIND: Final = "password"
#: A piece's line: one token, after an optional enumerator (forty-first round: "1)", "-", "part 2:",
#: "trozo 3 -" number the pieces; the number is no part of the value).
_LINE_TOKEN_RE: Final = re.compile(
    r"[ \t]*(?:(?:[-•*]|\d[.)]|(?:part|parte|piece|pieza|trozo|chunk|line|l[ií]nea)[ \t]*\d[ \t]*[:.)\-–])[ \t]*)?"
    r"(\S{1,24})[ \t]*")
_SPLIT_SAID_RE: Final = re.compile(
    r"(?<![a-z])(?:split|splits|across|lines|line|pieces|parts|chunks|troce\w*|partid\w*|partes|trozos|l[ií]neas)(?![a-z])")
_JOIN_RE: Final = re.compile(
    r"(?<![a-z])(?:join\w*|together|concat\w*|junt\w*|[uú]n\w*|pega\w*|seguid\w*|sin[ \t]+espacios|no[ \t]+spaces"
    # Forty-third round: the line breaks named as what to drop, or the lines said to be one value.
    r"|sin[ \t]+saltos|no[ \t]+(?:line[ \t]+)?breaks|all[ \t]+one|one[ \t]+(?:single[ \t]+)?(?:password|value|word))(?![a-z])")
_SEPARATED_RE: Final = re.compile(
    r"(?<![^\s:])(?P<first>[^\s]+)(?P<sep>[ \t]*(?P<mark>[^\w\s.,;:!?¡¿'\"()\[\]{}\-_/@#&*+=%$€<>|\\~`^])[ \t]*)"
    r"[^\s]+(?:(?P=sep)[^\s]+){1,8}")
#: Forty-first round: over lines, a key or a token is named as a password is ("API key split up so the
#: bot doesn't catch it:", "el token en tres trozos:"): announced as split or followed by a join, the
#: lines are a value in pieces whatever the credential.
_PIECE_CUE_RE: Final = re.compile(
    r"(?<![a-z])(?:api[ \t_-]?key|keys?|tokens?|llaves?|secret\w*|secreto\w*|credential\w*|credencial\w*)(?![a-z])")
_PHRASE_CUE_RE: Final = re.compile(
    r"(?<![a-z])(?:pass[ \t-]?phrase|frase(?:[ \t]+(?:de[ \t]+(?:paso|acceso)|secreta))?|seed)(?![a-z])")
_INTRO_RE: Final = re.compile(
    r"(?<![a-z])(?:is|es|era|was|type|teclea|tecl[eé]e|escribe|escriba|enter|introduce|pon"
    # Forty-second round: the copula with its subject ("…asks for a passphrase, it's …").
    r"|it['’]s|that['’]s|it[ \t]+is|it[ \t]+was)[ \t]*:?[ \t]+")
#: Forty-second round: a heading closed by a colon ("frase de la clave SSH de la copia (…): …"), the
#: value right after it or after a copula ("La frase del disco: es …").
_HEADING_COLON_RE: Final = re.compile(
    r"[ \t]*:[ \t]*(?:(?:es|is|it['’]s|son|are|será|sería)[ \t]+)?")
#: A heading's colon counts only when the heading names what the phrase opens with a credential's
#: word, or the cue is a passphrase's own name ("passphrase", "frase de paso"): "la frase del día:",
#: "frase célebre:" are quotations.
_HEADING_CREDENTIAL_RE: Final = re.compile(
    r"(?<![a-z])(?:clave|contrase(?:ñ|n)a|password|ssh|gpg|pgp|disco|disk|drive|usb|vault|b[oó]veda|llavero"
    r"|keychain|keyring|cifrad\w*|encrypt\w*|bitlocker|veracrypt|luks|wallet|cartera|backup|copia|key)(?![a-z])")
_WORD_RE: Final = re.compile(r"[^\W_]+")
_POINTER_RE: Final = re.compile(
    r"(?:see|ask|check|look|find|get|use|mira|pide\w*|p[ií]de\w*|pregunt\w*|busca\w*|usa|est[aá]|en|in|on|at)$")
_PROMPT_RE: Final = re.compile(
    r"(?<![a-z])(?:pide|pid[eií][oó]?|pidiendo|solicita|asks?|asked|asking|prompts?|prompted)(?![a-z])")
_SENTENCE_CLOSE_RE: Final = re.compile(r"[ \t]*(?:$|[.!\n])")
_ANSWER_RE: Final = re.compile(r"[ \t]*(?:it['’]s|it[ \t]+is|es|that['’]s)[ \t]")
_SENTENCE_END_RE: Final = re.compile(r"[.!?](?:\s|$)|\n")
_CLOSE_RE: Final = re.compile(r"[ \t]*(?:$|[,.;!—–\n(]|(?:and|y|with|con|then|luego|pero|but)(?![^\W\d_]))")
_FUNCTION: Final = frozenset(
    "a an the of in on at to for from by with and or but is are was it its this that my your his her our their "
    "el la los las un una de del en con por para y o u que es su sus mi mis tu tus al lo se no not".split())
_SHORT_FUNCTION: Final = frozenset("of de del on sobre en in to a y and".split())
#: Words that say where or how a phrase is kept, not what it is ("the passphrase is stored in …").
_NOT_VALUE: Final = frozenset(
    "stored saved kept written set changed required needed missing wrong correct the same different long short "
    "guardada guardado escrita cambiada necesaria larga corta igual distinta misma mismo nueva nuevo "
    "required optional empty blank unknown secret private personal "
    # Forty-second round: "it's" before a participle is no copula of a value ("it's been ages").
    "been gone got sido estado".split())


def _line_offsets(lines: list[str]) -> list[int]:
    """Where each of ``lines`` (a text split on ``\\n``) starts in the text, plus the end."""
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    return offsets


def _find_split_lines(text: str, lower: str) -> Iterator[_Span]:
    if "\n" not in text:
        return
    lines = text.split("\n")
    offsets = _line_offsets(lines)
    i = 0
    while i < len(lines):
        head = lower[offsets[i]:offsets[i] + len(lines[i])]
        # Forty-third round: the credential may be named on the line after the pieces ("Te la parto en
        # líneas:" … "that's all one password, sin saltos") when the line before says they are split.
        named_before = CUE_RE.search(head) is not None or _PIECE_CUE_RE.search(head) is not None
        if not named_before and _SPLIT_SAID_RE.search(head) is None:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and j - i <= 6 and _LINE_TOKEN_RE.fullmatch(lines[j]):
            j += 1
        pieces = j - i - 1
        tail = lower[offsets[j]:offsets[j] + len(lines[j])] if j < len(lines) else ""
        if not named_before and (CUE_RE.search(tail) is None or _JOIN_RE.search(tail) is None
                                 or not any(shape_score(line.strip()) for line in lines[i + 1:j])):
            i = max(j, i + 1)
            continue
        if 2 <= pieces <= 6 and (_SPLIT_SAID_RE.search(head) or _JOIN_RE.search(tail)):
            first = _LINE_TOKEN_RE.fullmatch(lines[i + 1])
            last = _LINE_TOKEN_RE.fullmatch(lines[j - 1])
            # After a key or token word (not a password's), a piece must be shaped like part of a
            # value: "Keys to buy, split by floor:" then colour names is a list.
            shaped = CUE_RE.search(head) is not None or any(shape_score(line.strip()) for line in lines[i + 1:j])
            if first is not None and last is not None and shaped:
                yield offsets[i + 1] + first.start(1), offsets[j - 1] + last.end(1), _KIND
        i = max(j, i + 1)


#: Forty-fourth round: a piece's line, optionally a chat turn (a [time] and a speaker's name with a colon).
_TURN_PIECE_RE: Final = re.compile(
    r"(?:[ \t]*(?:\[[^\]\n]{1,20}\][ \t]*)?(?P<who>[^\W\d_][\w.\-]{0,20}):)?" + _LINE_TOKEN_RE.pattern)
#: Forty-fourth round: more ways to say a value is in pieces ("in pieces", "a cachos", "partida", "bits").
_IN_PIECES_RE: Final = re.compile(
    r"(?<![a-z])(?:pedazos|cachos|partid[ao]|dividid[ao]|separad[ao]|bits|halves|mitades|fragment\w*)(?![a-z])")


#: Forty-fourth round: split to get past a detector ("para que el bot no la pille", "so the filter won't
#: flag it"): what is hidden from a scanner is a secret, named or not.
_EVADES_RE: Final = re.compile(r"(?<![a-z])(?:bots?|filtros?|filters?|scanners?|esc[aá]ner(?:es)?|dlp)(?![a-z])")


def _split_said(low_line: str) -> bool:
    return _SPLIT_SAID_RE.search(low_line) is not None or _IN_PIECES_RE.search(low_line) is not None


def _credential_named(lower: str) -> bool:
    return _PIECE_CUE_RE.search(lower) is not None or bool(credential_cues(lower))


#: Forty-fourth round: the value may start at the end of a line after its copula or colon ("La clave del
#: panel es Mira" / "flores_" / "2021 (la escribí en tres líneas …)") and end at the start of the line
#: after the pieces, when that first token has a digit or a symbol (a word opening a remark stays out).
_TAIL_PIECE_RE: Final = re.compile(r"(?:[ \t](?:es|is|era|was|son|are)|[:=])[ \t]+(?P<p>[^\s\"'`“”«»]{2,24})[ \t]*$")
_HEAD_PIECE_RE: Final = re.compile(r"[ \t]*(?P<p>[^\s(\[\"'`“”«»]{1,24}?)[.,;:!?)]*(?:[ \t]|$)")


def _head_piece(line: str) -> re.Match[str] | None:
    m = _HEAD_PIECE_RE.match(line)
    if m is None or m.end() >= len(line.rstrip()) or not any(c.isdigit() or not c.isalnum() for c in m.group("p")):
        return None
    return m


def _find_joined_pieces(text: str, lower: str) -> Iterator[_Span]:
    """Lines of one token each, said to be split, whose joined value reads as a credential (the module docstring)."""
    if "\n" not in text or not _split_said(lower):
        return
    lines = text.split("\n")
    offsets = _line_offsets(lines)
    i = 0
    while i < len(lines):
        run: list[re.Match[str]] = []
        j = i
        while j < len(lines) and len(run) <= 6:
            m = _TURN_PIECE_RE.fullmatch(lines[j])
            if m is None or (run and m.group("who") != run[0].group("who")) or m.group(2).endswith(("?", ":")):
                break
            run.append(m)
            j += 1
        if not run or len(run) > 6:
            i = j + 1 if j > i else i + 1
            continue
        tail = _TAIL_PIECE_RE.search(lines[i - 1]) if i else None
        head = _head_piece(lines[j]) if j < len(lines) and tail is not None else None
        pieces = [m.group(2) for m in run]
        if tail is not None:
            pieces = [tail.group("p"), *pieces, *([head.group("p")] if head is not None else [])]
        if len(pieces) < 2 + (tail is not None):
            i = j
            continue
        before = lower[offsets[i - 1]:offsets[i] - 1] if i else ""
        after = lower[offsets[j]:offsets[j] + len(lines[j])] if j < len(lines) else ""
        joined = "".join(pieces)
        near = lower[offsets[max(0, i - 3)]:offsets[i]] + after
        # Said to be split, and why it is one value: a credential named, a detector dodged, or the
        # pieces to be joined ("all together, sin saltos de línea").
        if ((_split_said(before) or _split_said(after)) and 6 <= len(joined) <= 64 and _strong_credential(joined)
                and (_credential_named(near) or _EVADES_RE.search(near) is not None or _JOIN_RE.search(after) is not None)):
            start = offsets[i - 1] + tail.start("p") if tail is not None else offsets[i] + run[0].start(2)
            end = offsets[j] + head.end("p") if head is not None else offsets[j - 1] + run[-1].end(2)
            yield start, end, _KIND
        i = j


def _sentence_of(lower: str, start: int) -> str:
    floor = max(0, start - 200)
    lo = max(lower.rfind(". ", floor, start), lower.rfind("\n", floor, start), floor)
    return lower[lo:start]


def _find_separated(text: str, lower: str) -> Iterator[_Span]:
    for m in _SEPARATED_RE.finditer(text):
        mark = m.group("mark")
        # A symbol or pictograph (category So) that is no arrow; quotes and guillemets are punctuation.
        if unicodedata.category(mark) != "So" or "\u2190" <= mark <= "\u21ff" or "\u27f0" <= mark <= "\u297f":
            continue
        if CUE_RE.search(_sentence_of(lower, m.start())):
            value = m.group()
            yield m.start(), m.start() + len(value.rstrip(".,;:)")), _KIND


def _find_phrase(text: str, lower: str) -> Iterator[_Span]:
    for cue in _PHRASE_CUE_RE.finditer(lower):
        if described_cue(lower, cue.start(), cue.end()):
            continue  # "la frase del día", "passphrase policy"
        window = min(len(lower), cue.end() + 200)
        sentence_end = _SENTENCE_END_RE.search(lower, cue.end(), window)
        if sentence_end is not None and sentence_end.group()[0] == "?" and _ANSWER_RE.match(lower, sentence_end.end()):
            # Forty-second round: a question naming the phrase answered by a copula ("The vault
            # passphrase? it's …") is one sentence for the run.
            sentence_end = _SENTENCE_END_RE.search(lower, sentence_end.end(), window)
        stop = sentence_end.start() if sentence_end else window
        intro = _INTRO_RE.search(lower, cue.end(), stop)
        heading = False
        if intro is None or len(lower[cue.end():intro.start()].split()) > 6:
            intro = _heading_colon(lower, cue, stop)
            if intro is None:
                continue
            heading = True
        spans: list[tuple[int, int]] = []
        for word in _WORD_RE.finditer(text, intro.end(), stop):
            if spans and text[spans[-1][1]:word.start()].strip(" \t"):
                break
            if not spans and word.start() != intro.end():
                break
            spans.append(word.span())
            if len(spans) == 6:
                break
        # The longest run of two words or more that a clause boundary closes.
        while len(spans) >= 2 and not _CLOSE_RE.match(lower, spans[-1][1]):
            spans.pop()
        if len(spans) < 2:
            continue
        low = [lower[a:b] for a, b in spans]
        if heading and (any(not w.isalpha() or text[a:b] != w for w, (a, b) in zip(low, spans, strict=True))
                        or _POINTER_RE.match(low[0])):
            # After a heading's colon only a phrase of plain lower-case words is read: "Passphrase: see
            # 1Password", "Frase de paso: pídesela a Jorge" say where the phrase is.
            continue
        if low[0] in _FUNCTION or low[0][0].isdigit() or any(w in _NOT_VALUE for w in low):
            continue
        functions = [w for w in low if w in _FUNCTION]
        if low[-1] in _FUNCTION or (len(functions) > 1 or any(w not in _SHORT_FUNCTION for w in functions)) and not (
                # Forty-second round: a longer phrase may read as a sentence ("es lluvia sobre los
                # tejados de …"): five words or more, two function words at most, closing its sentence.
                not heading and len(spans) >= 5 and len(functions) <= 2 and _SENTENCE_CLOSE_RE.match(lower, spans[-1][1])
                and _credential_phrase(lower, cue, intro.start())):
            continue
        yield spans[0][0], spans[-1][1], _KIND


def _credential_phrase(lower: str, cue: re.Match[str], intro_start: int) -> bool:
    """Is the phrase at ``cue`` a credential's? A passphrase's own name is; a bare "frase" (a saying, an
    advert's line) is when its sentence names what it opens or a prompt asks for it ("ssh-add me pide
    la frase")."""
    if cue.group() != "frase":
        return True
    around = _sentence_of(lower, cue.start()) + lower[cue.start():intro_start]
    return _HEADING_CREDENTIAL_RE.search(around) is not None or _PROMPT_RE.search(around) is not None


def _heading_colon(lower: str, cue: re.Match[str], stop: int) -> re.Match[str] | None:
    """The colon closing a heading that starts at ``cue`` (at most fourteen words before it, the cue
    first on its line or after one word), when the heading names a credential (above)."""
    lo = max(0, cue.start() - 60)
    newline = lower.rfind("\n", lo, cue.start())
    if newline < 0 and lo > 0:
        return None  # sixty characters of its line before the cue: no heading's start
    if len(lower[newline + 1:cue.start()].split()) > 1:
        return None
    colon = lower.find(":", cue.end(), stop)
    if colon < 0 or len(lower[cue.end():colon].split()) > 14:
        return None
    strong = cue.group() != "frase" and not cue.group().startswith("seed")
    if not strong and _HEADING_CREDENTIAL_RE.search(lower, cue.end(), colon) is None:
        return None
    return _HEADING_COLON_RE.match(lower, colon)


FINDERS: Final = (_find_split_lines, _find_joined_pieces, _find_separated, _find_phrase)
