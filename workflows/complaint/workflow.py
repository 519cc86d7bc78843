"""To be written: this kind's workflow table, services and deadline handlers."""
