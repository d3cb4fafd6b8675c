"""Modal dialogs of the main screen."""
