"""Secret weapons sent off on a penalty roll (3rd edition, seed 004 L303-315), where a ruleset
declares [parameters.secret_weapons]: "un coach lance 2D6. Si le résultat est supérieur ou égal au
chiffre de pénalité de l'arme secrète ..., l'arbitre expulse le joueur pour le reste du match". The
numbers are the league's (the seed's table is cut off, A29); one not entered gives no verdict."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .parameter_groups import SecretWeaponParameters


@dataclass(frozen=True, slots=True)
class PenaltyReading:
    weapon: str | None  # the skill key naming the player's weapon; None: he carries none
    number: int | None  # its penalty number, None where the league has not entered it
    total: int  # the 2D6

    @property
    def sent_off(self) -> bool | None:
        """True: sent off for the rest of the match; False: stays; None: no number to read against."""
        return None if self.number is None else self.total >= self.number


def weapon_of(group: SecretWeaponParameters, skills: Iterable[str]) -> str | None:
    """The player's secret weapon: the first of the group's weapons among his skills."""
    own = set(skills)
    return next((key for key in group.weapons if key in own), None)


def penalty_reading(group: SecretWeaponParameters, skills: Iterable[str], dice: Sequence[int]) -> PenaltyReading:
    weapon = weapon_of(group, skills)
    number = group.penalty_numbers.get(weapon) if weapon else None
    return PenaltyReading(weapon, number, sum(dice))
