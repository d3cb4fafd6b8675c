"""The dashboard's screens: the start screen and the main screen."""
