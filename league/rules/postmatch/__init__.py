"""The post-match sequence: the plan (plan.py), its steps (steps*.py) and the rules they apply
(finance, fans, injuries, improvements, SPP, trophies' gifts), public API re-exported here."""

from __future__ import annotations

from .plan import *  # noqa: F403
from .plan import __all__ as __all__
