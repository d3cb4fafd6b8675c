"""The umpire's key: a secret kept outside every session database, so that a copy of the database alone can
neither rewrite a sealed log nor forge a snapshot.

The key is 32 random bytes in the user's config folder (`referee key` says where; `REFEREE_KEY_FILE` names
another file, for an umpire team that shares one, and an empty `REFEREE_KEY_FILE` means none). It is made on
first use. Each command is sealed with an HMAC of the chain's hash after it, and each snapshot with an HMAC of its
state; both are stored as "<key id>:<hex>", the key id being the first 16 hex digits of the key's SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

ENV = "REFEREE_KEY_FILE"


@dataclass(frozen=True, slots=True)
class Key:
    """A secret key and the id it is known by."""

    secret: bytes

    @property
    def id(self) -> str:
        """The key's public id: the first 16 hex digits of its SHA-256."""
        return hashlib.sha256(self.secret).hexdigest()[:16]

    def seal(self, *fields: object) -> str:
        """"<key id>:<HMAC-SHA256 of the fields>"."""
        text = "\x1f".join(map(str, fields)).encode()
        return f"{self.id}:{hmac.new(self.secret, text, hashlib.sha256).hexdigest()}"

    def holds(self, seal: str | None, *fields: object) -> bool | None:
        """Whether a seal is this key's seal of the fields; None where it is no seal of this key (none, or
        another key's), which this key cannot check."""
        if not seal or not seal.startswith(self.id + ":"):
            return None
        return hmac.compare_digest(seal, self.seal(*fields))


def key_path() -> Path | None:
    """Where the key is kept: `$REFEREE_KEY_FILE`, else `key` in the user's config folder; None if switched off."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return Path(chosen).expanduser() if chosen.strip() else None
    from platformdirs import user_config_path

    return user_config_path("referee") / "key"


_KEYS: dict[Path, Key] = {}
"""The keys read so far, by file."""


def load_key(create: bool = True) -> Key | None:
    """The umpire's key, made (readable by its owner alone) if there is none yet and `create`; None where there
    is none and none can be made (a read-only home: sessions are then neither sealed nor snapshotted)."""
    path = key_path()
    if path is None:
        return None
    if path not in _KEYS:
        if create:
            _make(path)
        try:
            secret = bytes.fromhex(path.read_text().strip())
        except (OSError, ValueError):
            return None
        if len(secret) < 16:
            return None
        _KEYS[path] = Key(secret)
    return _KEYS[path]


def _make(path: Path) -> None:
    """Put a new random key at `path` unless one is there, whole or not at all (another process may be making
    one at once: the first to arrive is kept)."""
    part = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_hex(32) + "\n")
        os.link(part, path)
    except OSError:  # there already, or not to be made here
        pass
    finally:
        part.unlink(missing_ok=True)
