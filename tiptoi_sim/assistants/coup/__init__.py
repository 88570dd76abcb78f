"""Coup: a referee and banker for the card game (rules in game.py, data in board_assets/coup/)."""
