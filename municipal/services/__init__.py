"""Writes to the municipal registers: one service per change, in one transaction."""
