"""The session tables; JSON is kept as compact TEXT so that any SQL database can hold it."""

from __future__ import annotations

from sqlalchemy import Text
from sqlmodel import Field, SQLModel

from referee.store.reading import FORMAT


class SessionRow(SQLModel, table=True):
    """The one row saying what the session was created with."""

    __tablename__ = "session"

    id: int | None = Field(default=None, primary_key=True)
    scenario: str
    options: str = Field(sa_type=Text)
    seed: str = Field(sa_type=Text)  # decimal digits: seeds are wider than any SQL integer
    created: str
    sources: str = Field(sa_type=Text)
    format: int = FORMAT
    nonce: str | None = Field(default=None, sa_type=Text)  # salts the seed's commitment
    reseeds: str = Field(default="[]", sa_type=Text)  # a branch's later seeds: [{"start", "seed", "nonce"}]
    head: str = Field(default="", sa_type=Text)  # the chain's hash after the latest command


class CommandRow(SQLModel, table=True):
    """An umpire command as given; its id is the command's number."""

    __tablename__ = "command"

    id: int | None = Field(default=None, primary_key=True)
    session_id: int = Field(foreign_key="session.id")
    body: str = Field(sa_type=Text)
    created: str
    dice_drawn: int
    kind: str
    hash: str = Field(sa_type=Text)  # the chain's hash after this command
    umpire: str | None = Field(default=None, sa_type=Text)  # who issued it (chained with it), if known
    seal: str | None = Field(default=None, sa_type=Text)  # the umpire's key's seal of `hash` (referee.store.seal)


class EventRow(SQLModel, table=True):
    """One event of the log; `seq` is its place in the whole log."""

    __tablename__ = "event"

    seq: int | None = Field(default=None, primary_key=True)
    command_id: int = Field(foreign_key="command.id", index=True)
    turn: int
    phase: str
    kind: str
    data: str = Field(sa_type=Text)
    dice: str = Field(sa_type=Text)
    hash: str = Field(sa_type=Text)  # the chain's hash after this event


class SnapshotRow(SQLModel, table=True):
    """The state after a command, so that replay need not start from the beginning."""

    __tablename__ = "snapshot"

    command_id: int = Field(foreign_key="command.id", primary_key=True)
    state: str = Field(sa_type=Text)
    created: str
    chain: str = Field(sa_type=Text)  # the chain's hash after the command
    digest: str = Field(sa_type=Text)  # the umpire's key's seal of that hash and the state


class BriefingRow(SQLModel, table=True):
    """A briefing handed to a player, identified by the hash of its text."""

    __tablename__ = "briefing"

    id: int | None = Field(default=None, primary_key=True)
    player: str
    turn: int
    sha256: str
    format: str
    lang: str
    created: str


class PlayerLinkRow(SQLModel, table=True):
    """A player's secret link to his own live page (`referee serve`): 128 random bits, until revoked."""

    __tablename__ = "player_link"

    id: int | None = Field(default=None, primary_key=True)
    player: str = Field(sa_type=Text)
    token: str = Field(sa_type=Text)  # 32 hex digits
    created: str
    revoked: str | None = None


class ServingRow(SQLModel, table=True):
    """Where `referee serve` said it serves the players' pages, each time it started (the latest counts)."""

    __tablename__ = "serving"

    id: int | None = Field(default=None, primary_key=True)
    base: str = Field(sa_type=Text)  # http://host:port
    started: str


class MessageRow(SQLModel, table=True):
    """A message between a player and the umpire: written on the player's live page, or answered from the
    dashboard or the command line. The messages are chained by hash of their own (`reading.message_link`)."""

    __tablename__ = "message"

    id: int | None = Field(default=None, primary_key=True)
    player: str = Field(sa_type=Text)  # whose thread it is: the player who wrote it, or the one written to
    from_player: bool  # the player wrote it (else the umpire did)
    umpire: str | None = Field(default=None, sa_type=Text)  # the umpire who wrote it, where known
    answers: int | None = None  # the message it answers, if any
    text: str = Field(sa_type=Text)
    created: str
    hash: str = Field(sa_type=Text)  # the messages' chain's hash after this one
    command: str | None = Field(default=None, sa_type=Text)  # a player's order: the command he asks for (JSON); in
    # the umpire's answer to one, the command as carried out, where amended
    done: int | None = None  # in the umpire's answer to an order: the command that carried it out
    standing: int | None = None  # the standing order it belongs to (reading.MessageRecord.standing)
