"""The steps several request kinds share, each written once: intake, per-item document
review and inspection.

Each step is a class factory of django-fsm transitions (the kind's states are its
parameters; django-fsm collects the transitions of a base class) plus the functions that
give the kind's table its edges. What differs between kinds (the article, the checklist,
a guard, the notice a step sends) is a parameter, never a copy of the step.
"""
