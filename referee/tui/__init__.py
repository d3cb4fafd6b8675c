"""The umpire's dashboard (Textual): the only package that imports Textual."""
