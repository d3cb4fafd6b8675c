"""The review's words in one language: the shared words (`referee.briefing.i18n.Strings`, with the review's own
from `referee/briefing/words/review.py`), and over them the game's (its `review_words`: its score's name, its
tallies' labels, what moved its score)."""

from __future__ import annotations

from referee import rulesets
from referee.briefing.i18n import Strings


class ReviewWords(Strings):
    """`Strings` of a language and game, with the game's review words first."""

    def __init__(self, lang: str, ruleset: str):
        super().__init__(lang, ruleset)
        self.plugin = rulesets.get(ruleset)
        self.game = self.plugin.review_words_for(lang)

    def __call__(self, key: str, **values: object) -> str:
        if key in self.game:
            return self.game[key].format(**values) if values else self.game[key]
        return super().__call__(key, **values)

    def side(self, side: str) -> str:
        return self.optional(f"side.{side}") or side

    def score_name(self) -> str:
        return self.game.get("score_name", self.plugin.score_name)

    def tally(self, label: str) -> str:
        return self.game.get(f"tally.{label}", label)

    def reason(self, source: str, otherwise: str) -> str:
        """What moved the score, by the section of a `success` event's "source" or an event's kind, with
        {names}; `otherwise` (the log's line) where the game has no words for it."""
        escaped = otherwise.replace("{", "{{").replace("}", "}}")
        return self.game.get(f"reason.{source}", self.plugin.reasons.get(source, escaped))

    def turn(self, label: str) -> str:
        """A turn's name (the scenario clock's label), in this language where the game translates it."""
        return self.data(label)
