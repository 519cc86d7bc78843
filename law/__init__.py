"""Statute package for Lei nº 1.764/2023 of Mantenópolis-ES (taxi service).

Pure Python (standard library plus the ``holidays`` package); no Django here.
Each module encodes one part of the law, with the article cited in the
docstring of every rule:

- :mod:`law.statute` - identification of the law and its amending laws;
- :mod:`law.calendar` - business days and day counting (CPC arts. 219, 224);
- :mod:`law.deadlines` - the procedural deadlines (Arts. 46, 53, 55, 59, 63);
- :mod:`law.infractions` - the infractions of Art. 58 and their penalties;
- :mod:`law.points` - point windows leading to revocation (Art. 59, V, d-e);
- :mod:`law.fleet` - the fleet cap (Arts. 22 §2, 69);
- :mod:`law.vehicles` - vehicle and driver requirements (Arts. 10-12, 70);
- :mod:`law.suspension` - suspension on request (Art. 24);
- :mod:`law.bars` - waiting periods before a new application
  (Arts. 23, 27 §2, 59 §5);
- :mod:`law.errors` - exceptions, each carrying the article it enforces;
- :mod:`law.i18n` - :func:`N_`, the marker of the texts to translate.

Texts people read are Portuguese templates marked with :func:`N_`; the
Django side translates them (see :mod:`law.i18n`).
"""

from law.i18n import N_

__all__ = ["N_"]
