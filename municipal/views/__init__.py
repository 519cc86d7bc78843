"""Pages of the municipal registers. Thin: selectors to read, services to write."""
