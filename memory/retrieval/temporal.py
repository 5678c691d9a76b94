"""Time references in a query, Spanish and English, resolved against a reference time ``now``.

``parse_time_reference("¿qué hizo el martes pasado?", now)`` → a :class:`TimeWindow` (UTC,
half-open) or ``None``. Handled: explicit dates ("2026-05-14", "14 de mayo", "May 14",
"3 March 2026"), months with or without a year ("en mayo", "in May 2026"), seasons ("last
summer", "el verano pasado", "este invierno"), "today/hoy", "yesterday/ayer", "anteayer",
"last/this week|month|year" ("la semana pasada", "este mes", "el año pasado"), "N days/weeks/months
ago" / "hace N días/semanas/meses" (digits or number words), weekdays ("el martes pasado", "last
Tuesday", "on Friday"). A month or weekday without a year means its latest occurrence not after
``now``. Deliberately small and dependency-free (see the decision record for why not
``dateparser``); unknown phrasings simply give ``None`` and ranking ignores time.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

MONTHS = {
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
    "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
    "nov": 11, "dec": 12,
}
WEEKDAYS = {"lunes": 0, "martes": 1, "miercoles": 2, "jueves": 3, "viernes": 4, "sabado": 5, "domingo": 6,
            "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
# Northern-hemisphere meteorological seasons: (first month, number of months).
SEASONS = {"primavera": 3, "spring": 3, "verano": 6, "summer": 6, "otono": 9, "autumn": 9, "fall": 9,
           "invierno": 12, "winter": 12}
NUMBERS = {"un": 1, "una": 1, "uno": 1, "a": 1, "an": 1, "one": 1, "dos": 2, "two": 2, "tres": 3, "three": 3,
           "cuatro": 4, "four": 4, "cinco": 5, "five": 5, "seis": 6, "six": 6, "siete": 7, "seven": 7,
           "ocho": 8, "eight": 8, "nueve": 9, "nine": 9, "diez": 10, "ten": 10, "couple": 2, "par": 2}
UNITS = {"dia": 1, "dias": 1, "day": 1, "days": 1, "semana": 7, "semanas": 7, "week": 7, "weeks": 7,
         "mes": 30, "meses": 30, "month": 30, "months": 30, "ano": 365, "anos": 365, "year": 365, "years": 365}

_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_WEEKDAY = "|".join(WEEKDAYS)
_SEASON = "|".join(SEASONS)
_NUMBER = r"\d{1,3}|" + "|".join(sorted(NUMBERS, key=len, reverse=True))
_UNIT = "|".join(sorted(UNITS, key=len, reverse=True))
_PAST = r"(?:pasad[oa]|anterior|last|previous)"
_THIS = r"(?:este|esta|this)"


@dataclass(frozen=True)
class TimeWindow:
    """A half-open UTC interval ``[start, end)`` the query refers to."""

    start: datetime
    end: datetime

    @property
    def days(self) -> float:
        return (self.end - self.start).total_seconds() / 86400


def fold(text: str) -> str:
    """Lower-case, accents removed (``miércoles`` → ``miercoles``, ``año`` → ``ano``)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _day(year: int, month: int, day: int) -> datetime | None:
    try:
        return datetime(year, month, day, tzinfo=UTC)
    except ValueError:
        return None


def _month_window(year: int, month: int, months: int = 1) -> TimeWindow:
    start = datetime(year, month, 1, tzinfo=UTC)
    end_month = month - 1 + months
    return TimeWindow(start, datetime(year + end_month // 12, end_month % 12 + 1, 1, tzinfo=UTC))


def _latest_month(month: int, now: datetime) -> int:
    """The year of ``month``'s latest occurrence that has begun by ``now``."""
    return now.year if month <= now.month else now.year - 1


def _number(token: str) -> int:
    return int(token) if token.isdigit() else NUMBERS[token]


def _midnight(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _one_day(day: datetime) -> TimeWindow:
    return TimeWindow(day, day + timedelta(days=1))


def parse_time_reference(query: str, now: datetime) -> TimeWindow | None:
    """The time window ``query`` refers to, relative to ``now``; ``None`` when it names none."""
    text = fold(query)
    now = now.astimezone(UTC)
    today = _midnight(now)
    # ISO date.
    if m := re.search(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", text):
        day = _day(int(m[1]), int(m[2]), int(m[3]))
        if day:
            return _one_day(day)
    # "14 de mayo (de 2026)", "14 May 2026", "May 14(, 2026)".
    if m := re.search(rf"\b(\d{{1,2}})\s+(?:de\s+)?({_MONTH})\b(?:\s+(?:de\s+|del\s+)?(\d{{4}}))?", text):
        month = MONTHS[m[2]]
        year = int(m[3]) if m[3] else _latest_month(month, now)
        if (day := _day(year, month, int(m[1]))) is not None:
            if not m[3] and day > now:
                day = _day(year - 1, month, int(m[1])) or day
            return _one_day(day)
    if m := re.search(rf"\b({_MONTH})\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(\d{{4}}))?", text):
        month = MONTHS[m[1]]
        year = int(m[3]) if m[3] else _latest_month(month, now)
        if (day := _day(year, month, int(m[2]))) is not None and (m[1] != "may" or m[3] or "in may" not in text):
            if not m[3] and day > now:
                day = _day(year - 1, month, int(m[2])) or day
            return _one_day(day)
    # "hace dos semanas", "3 days ago", "a couple of weeks ago".
    if m := (re.search(rf"\bhace\s+(?:unos\s+|unas\s+)?({_NUMBER})\s+({_UNIT})\b", text)
             or re.search(rf"\b({_NUMBER})\s+(?:of\s+)?({_UNIT})\s+ago\b", text)
             or re.search(rf"\ba\s+couple\s+of\s+()({_UNIT})\s+ago\b", text)):
        count = _number(m[1]) if m[1] else 2
        unit = UNITS[m[2]]
        centre = today - timedelta(days=count * unit)
        half = {1: 0.5, 7: 3.5, 30: 15, 365: 182}[unit]
        if unit == 1:
            return _one_day(centre)
        return TimeWindow(centre - timedelta(days=half), centre + timedelta(days=half + 1))
    if re.search(r"\b(anteayer|antier|day before yesterday)\b", text):
        return _one_day(today - timedelta(days=2))
    if re.search(r"\b(ayer|yesterday)\b", text):
        return _one_day(today - timedelta(days=1))
    if re.search(r"\b(hoy|today|esta manana|this morning|tonight|esta noche)\b", text):
        return _one_day(today)
    # Weeks, months, years relative to now.
    week_start = today - timedelta(days=today.weekday())
    if re.search(rf"\b(semana\s+{_PAST}|{_PAST}\s+week)\b", text):
        return TimeWindow(week_start - timedelta(days=7), week_start)
    if re.search(rf"\b({_THIS}\s+semana|{_THIS}\s+week)\b", text):
        return TimeWindow(week_start, week_start + timedelta(days=7))
    if re.search(rf"\b(mes\s+{_PAST}|{_PAST}\s+month)\b", text):
        year, month = (now.year, now.month - 1) if now.month > 1 else (now.year - 1, 12)
        return _month_window(year, month)
    if re.search(rf"\b({_THIS}\s+mes|{_THIS}\s+month)\b", text):
        return _month_window(now.year, now.month)
    if re.search(rf"\b(ano\s+{_PAST}|{_PAST}\s+year)\b", text):
        return TimeWindow(datetime(now.year - 1, 1, 1, tzinfo=UTC), datetime(now.year, 1, 1, tzinfo=UTC))
    if re.search(rf"\b({_THIS}\s+ano|{_THIS}\s+year)\b", text):
        return TimeWindow(datetime(now.year, 1, 1, tzinfo=UTC), datetime(now.year + 1, 1, 1, tzinfo=UTC))
    # Seasons: "last summer" / "el verano pasado" = the latest one that has ended; "this summer" /
    # "este verano" / "en verano" = the latest one that has begun.
    if m := re.search(rf"\b(?:({_PAST}|{_THIS})\s+)?({_SEASON})(?:\s+({_PAST}))?\b", text):
        first = SEASONS[m[2]]
        past = bool(m[3]) or bool(m[1] and re.fullmatch(_PAST, m[1]))
        for year in range(now.year, now.year - 3, -1):
            window = _month_window(year if first != 12 else year - 1, first, 3)
            if (window.end <= now) if past else (window.start <= now):
                return window
    # Weekdays: the latest such day before today ("el martes pasado", "last Tuesday", "el martes").
    if m := re.search(rf"\b({_WEEKDAY})\b", text):
        back = (today.weekday() - WEEKDAYS[m[1]]) % 7 or 7
        return _one_day(today - timedelta(days=back))
    # Month names (with an optional year): "en mayo", "in May 2026", "mayo de 2025".
    for m in re.finditer(rf"\b({_MONTH})\b(?:\s+(?:de\s+|del\s+)?(\d{{4}}))?", text):
        name = m[1]
        if name in ("may", "mar") and not m[2] and not re.search(rf"\b(?:in|en|during|of)\s+{name}\b", text):
            continue  # "may" the verb, "mar" the sea
        if len(name) <= 3 and name not in ("may",) and not m[2]:
            continue  # bare abbreviations are too ambiguous without a year
        month = MONTHS[name]
        return _month_window(int(m[2]) if m[2] else _latest_month(month, now), month)
    if m := re.search(r"\b(?:en|in|during|durante)\s+(?:el\s+)?((?:19|20)\d{2})\b", text):
        return TimeWindow(datetime(int(m[1]), 1, 1, tzinfo=UTC), datetime(int(m[1]) + 1, 1, 1, tzinfo=UTC))
    return None


def asks_when(query: str) -> bool:
    """The query asks for a time ("when did…", "¿cuándo…?", "what date…", "¿qué día…?")."""
    return bool(re.search(r"\b(when|cuando|what date|which day|what day|que dia|que fecha|en que fecha)\b",
                          fold(query)))
