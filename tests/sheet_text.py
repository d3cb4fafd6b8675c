"""The words a reader sees on a sheet, for tests that look for names in them."""

from __future__ import annotations

import html
import re


def visible(text: str, fmt: str, *, feed: bool = True, hidden: bool = True) -> str:
    """The words a reader sees: in HTML no style sheet, script, tag or attribute, and without `feed` the feed of what
    happened to him (a history, held to its own checks in tests/test_feed.py), without `hidden` the words written
    for screen readers alone; in Markdown no escape, and without `hidden` no emphasis marks."""
    if fmt == "md":
        text = re.sub(r"\\(.)", r"\1", text)
        return text if hidden else text.replace("**", "")
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    if not feed:
        text = re.sub(r"<section class=\"feed\".*?</section>", " ", text, flags=re.S)
    if not hidden:
        text = re.sub(r"<span class=\"sr\">[^<]*</span>", "", text)
    return html.unescape(re.sub(r"<[^>]+>", " " if hidden else "", text))


def view_page(view) -> str:
    """`referee view`'s page of a view, in the words of its sheet (English)."""
    from referee.briefing.i18n import Strings
    from referee.knowledge.export import view_text

    return view_text(view, Strings("en", view.scenario.partition("/")[0]))
