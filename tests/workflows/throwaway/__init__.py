"""A throw-away case kind, installed only by
tests/workflows/test_a_new_kind_registers_in_one_place.py: it declares in its `Workflow`
entry everything the shared machinery asks of a kind, and nothing outside this folder
names it."""
