"""The session store: SQLModel tables for writing, a plain DB-API reader for reading."""
