"""The review of a session for the club or the classroom: the report, built from the log alone."""
