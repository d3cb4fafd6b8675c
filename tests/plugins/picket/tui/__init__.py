"""The picket line on the dashboard: Textual is imported here only, when the dashboard opens a picket session."""
