"""The bottom layer every app may import: domain errors and gap-free counters.

It imports nothing of the project, so the registers, the case engine and the kinds can
all use it without an arrow pointing back up.
"""
