"""Chicago-Chicago! (James F. Dunnigan, S&T 21, 1970): its conflict so far, pure, and the `chicago` calculator;
`plugin.py` declares it."""
