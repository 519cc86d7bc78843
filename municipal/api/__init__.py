"""REST endpoints of the municipal registers: one view per operation."""
