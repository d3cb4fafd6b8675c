"""Pages as PDF, for umpires who print: WeasyPrint lays out the HTML; it is the optional extra `pdf`."""

from __future__ import annotations

from referee.errors import RefereeError

MISSING = "PDF output needs the pdf extra: pip install 'referee[pdf]' (WeasyPrint)"


def to_pdf(html: str) -> bytes:
    """The PDF of a self-contained HTML page (its styles inline, no external files)."""
    try:
        from weasyprint import HTML  # type: ignore[import-untyped]  # WeasyPrint ships no type hints
    except ImportError:
        raise RefereeError(MISSING) from None
    except OSError as error:  # the extra is installed but its system libraries (Pango) are not
        raise RefereeError(f"{MISSING}; it cannot load its libraries ({error})") from None
    return HTML(string=html).write_pdf()
