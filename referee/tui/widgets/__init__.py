"""Widgets that render the state they are given and post messages upward."""
