"""Writes to the registers, one module per register: drivers, vehicles, authorizations
(suspend, reactivate, end, auxiliary bindings) and the IMs.

Each write locks the rows it changes and runs in the caller's transaction. The registers
know no case: the caller (a kind's service) writes the audit event on its case, issues
the documents and sets the deadlines that follow, so the arrows point one way
(workflows -> cases -> registers -> core).
"""
