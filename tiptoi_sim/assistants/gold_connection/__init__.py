"""Gold Connection (Sid Sackson): the rules engine, its data and its table screen."""
