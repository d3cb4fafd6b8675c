"""The session store: SQLModel tables and the repository over them."""

from referee.store.repository import BriefingRecord, CommandRecord, EventRecord, SessionInfo, SessionStore

__all__ = ["BriefingRecord", "CommandRecord", "EventRecord", "SessionInfo", "SessionStore"]
