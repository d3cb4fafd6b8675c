"""Printed fog-of-war briefing sheets: a PlayerView and the public map rendered as HTML for print or Markdown."""
