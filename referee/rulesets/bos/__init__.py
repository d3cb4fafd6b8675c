"""Battle of Seattle (Brian Train, v1.2): its combat so far, pure, and the `bos` calculator; `plugin.py` declares it."""
