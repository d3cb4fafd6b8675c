"""What each player knows: observations accumulated from the event log, the only way out to players."""
