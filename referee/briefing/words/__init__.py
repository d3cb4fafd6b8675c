"""The shared words of each part a player or the room receives beyond the sheet's own, one module a part, each
with its `EN` and `ES` tables; `referee.briefing.i18n` reads them under the sheet's words."""

from __future__ import annotations

from referee.briefing.words import card, feed, join, maps, messages, orders, preview, review

PARTS = (card, feed, join, maps, messages, orders, preview, review)
TABLES = {lang: {key: text for part in PARTS for key, text in getattr(part, lang.upper()).items()}
          for lang in ("en", "es")}
