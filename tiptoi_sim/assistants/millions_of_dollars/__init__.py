"""Millions of Dollars: the banker and caller (table assistant). See game.py."""
