"""Reads of the cancellation kind.

It has none of its own: the open requests that keep a holder from cancelling are the
transfer kind's (`workflows.transfer.selectors.authorization_pending_requests`), and the
Art. 23 bar is computed by `law`. The module is here so every kind has the same files
(docs/adding-a-case-kind.md); a read added to the kind goes here, not in services.
"""

from __future__ import annotations
