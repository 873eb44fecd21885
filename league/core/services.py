"""Write-side operations on leagues."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.formats import number_format
from django.utils.text import slugify
from django.utils.translation import gettext as _

from league.core.models import HouseRule, League, Membership
from league.rules import LeagueSetting, RulesetParameterError, load_ruleset, ruleset_keys

# Slugs taken by the league pages' own URLs (/leagues/new/).
RESERVED_SLUGS = frozenset({"new"})


def league_create(
    *,
    name: str,
    ruleset: str,
    commissioner: User,
    description: str = "",
    language: str = League.Language.ENGLISH,
    membership_mode: str = League.MembershipMode.OPEN,
) -> League:
    """A new league; its creator is its commissioner (and its first member). Audited."""
    from league.core.audit import log_action

    if ruleset not in ruleset_keys():
        raise ValidationError(_("Unknown ruleset “%(ruleset)s”.") % {"ruleset": ruleset})
    name = name.strip()
    if not name:
        raise ValidationError(_("The league needs a name."))
    if membership_mode not in League.MembershipMode.values:
        raise ValidationError(_("Unknown membership mode."))
    if language not in League.Language.values:
        raise ValidationError(_("Unknown language “%(language)s”.") % {"language": language})
    slug = slugify(name)
    if not slug or slug in RESERVED_SLUGS:
        raise ValidationError(_("Choose another name: this one cannot be used in the league's address."))
    if League.objects.filter(slug=slug).exists() or League.objects.filter(name__iexact=name).exists():
        raise ValidationError(_("A league called “%(name)s” already exists.") % {"name": name})
    with transaction.atomic():
        league = League.objects.create(
            name=name,
            slug=slug,
            ruleset=ruleset,
            commissioner=commissioner,
            description=description.strip(),
            language=language,
            open_to_join=membership_mode != League.MembershipMode.INVITATION,
            join_needs_approval=membership_mode == League.MembershipMode.APPROVAL,
        )
        Membership.objects.create(league=league, user=commissioner, role=Membership.Role.COMMISSIONER)
        log_action(
            action="league.league.created",
            actor=commissioner,
            league=league,
            name=name,
            ruleset=ruleset,
            version=load_ruleset(ruleset).version,
            language=language,
            membership_mode=membership_mode,
        )
    return league


def membership_add(*, league: League, user: User, role: str = Membership.Role.COACH) -> Membership:
    membership, _created = Membership.objects.get_or_create(league=league, user=user, defaults={"role": role})
    return membership


def league_join(*, league: League, user: User) -> Membership:
    """A registered user joins an open league as a coach (idempotent)."""
    from league.core.audit import log_action

    existing = Membership.objects.filter(league=league, user=user).first()
    if existing:
        return existing
    if not league.open_to_join:
        raise ValidationError(_("This league is not open to new coaches; ask its commissioner."))
    if league.join_needs_approval:
        raise ValidationError(_("The commissioner approves each new coach of this league: ask to join."))
    with transaction.atomic():
        membership = Membership.objects.create(league=league, user=user, role=Membership.Role.COACH)
        log_action(action="league.member.joined", actor=user, league=league, user=user.get_username())
    return membership


def _amount(setting: LeagueSetting, number: int) -> str:
    """A bound as the reader reads it: gold grouped and in gp, a count as it is."""
    if not setting.gp:
        return str(number)
    return _("%(amount)s gp") % {"amount": number_format(number, force_grouping=True)}


def _setting_refusal(setting: LeagueSetting, value: object, granularity: int) -> str:
    """Why the engine refused `value`, in the reader's language, from the setting's own data."""
    if setting.kind == "bool" and type(value) is not bool:
        return _("answer yes or no")
    if setting.kind == "int":
        if type(value) is not int:
            return _("enter a whole number")
        if value < setting.minimum:
            return _("the least allowed is %(minimum)s") % {"minimum": _amount(setting, setting.minimum)}
        if setting.maximum is not None and value > setting.maximum:
            return _("the most allowed is %(maximum)s") % {"maximum": _amount(setting, setting.maximum)}
        if setting.gp and granularity and value % granularity:
            return _("it must be a multiple of %(gp)s gp") % {"gp": f"{granularity:,}"}
    if setting.kind == "choice":
        return _("choose one of the listed options")
    if setting.kind == "multi":
        return _("tick only the listed options")
    if setting.kind == "numbers":
        return _("one of the numbers is not allowed (at least %(minimum)s, gold in multiples of %(gp)s gp)") % {
            "minimum": setting.minimum,
            "gp": f"{granularity:,}",
        }
    return _("the ruleset does not allow it")


def _multi_value(setting: LeagueSetting, value: object) -> object:
    """A list of keys as the engine keeps it: a tuple in the order the setting lists them (so the
    same choice compares equal however it was ticked); keys it does not list go last, to be refused.
    A map of numbers likewise, without the keys set to their default (a champion at his list price)."""
    order = {choice.value: n for n, choice in enumerate(setting.choices)}
    if setting.kind == "numbers" and isinstance(value, dict):
        defaults = {choice.value: choice.default for choice in setting.choices}
        kept = {k: v for k, v in value.items() if v is not None and not (k in defaults and v == defaults[k])}
        return {k: kept[k] for k in sorted(kept, key=lambda key: order.get(key, len(order)))}
    if setting.kind != "multi" or not isinstance(value, list | tuple):
        return value
    return tuple(sorted(value, key=lambda key: order.get(key, len(order))))


def league_settings_update(*, league: League, by: User, values: Mapping[str, object]) -> list[dict]:
    """Change some of the league's settings; returns [{setting, old, new}] for what changed.

    Each value is checked by the rules engine (Ruleset.with_overrides) before anything is written:
    one refusal writes nothing. A value equal to the ruleset's default removes the house rule, so
    the league follows the data if the default is ever corrected. Each change is audited.
    """
    from league.core.audit import log_action
    from league.core.permissions import is_commissioner
    from league.core.selectors import league_setting_values

    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only the league's commissioner may change its settings."))
    base = load_ruleset(league.ruleset)
    settings = {s.key: s for s in base.league_settings}
    unknown = sorted(set(values) - set(settings))
    if unknown:
        raise ValidationError(_("Unknown setting: %(keys)s.") % {"keys": ", ".join(unknown)})
    current = league_setting_values(league)
    values = {key: _multi_value(settings[key], value) for key, value in values.items()}
    changed = {
        key: value for key, value in values.items() if value != current[key] or type(value) is not type(current[key])
    }
    refusals: dict[str, list[ValidationError]] = {}
    for key, value in changed.items():
        setting = settings[key]
        if setting.league_field:
            ok = type(value) is type(setting.default)
            if ok and setting.kind == "int":
                assert isinstance(value, int)
                ok = setting.minimum <= value <= (setting.maximum or value)
        else:
            try:
                base.with_overrides({key: value})
                ok = True
            except RulesetParameterError:
                ok = False
        if not ok:
            reason = _setting_refusal(setting, value, base.params.gp_granularity)
            refusals[key] = [ValidationError(_("Refused: %(reason)s.") % {"reason": reason}, code="setting_refused")]
    if refusals:
        raise ValidationError(refusals)
    from league.core.selectors import parameter_rules

    rules = parameter_rules(league)
    rules.update({key: value for key, value in changed.items() if not settings[key].league_field})
    try:  # all together too: a combination the engine refuses writes nothing either
        base.with_overrides(rules)
    except RulesetParameterError as refusal:
        raise ValidationError(_("The ruleset refuses these settings together.")) from refusal
    changes = []
    with transaction.atomic():
        for key, value in changed.items():
            setting = settings[key]
            if setting.league_field:
                setattr(league, key, value)
                league.save(update_fields=[key])
            elif value == setting.default and type(value) is type(setting.default):
                HouseRule.objects.filter(league=league, key=key).delete()
            else:
                HouseRule.objects.update_or_create(league=league, key=key, defaults={"value": value})
            log_action(
                action="league.setting.changed", actor=by, league=league, setting=key, old=current[key], new=value
            )
            changes.append({"setting": key, "old": current[key], "new": value})
    return changes


def league_ruleset_change(*, league: League, by: User, ruleset: str) -> bool:
    """Play another shipped ruleset; False when it is the one already played.

    Only until the league's first team is created: a team is built, valued and played under its
    league's ruleset, and its stored matches replay against it. The league's house rules and roster
    corrections parametrise the old ruleset, so they go (each listed in the audit entry)."""
    from league.core.audit import log_action
    from league.core.permissions import is_commissioner

    if not is_commissioner(by, league):
        raise PermissionDenied(_("Only the league's commissioner may change its settings."))
    if ruleset not in ruleset_keys():
        raise ValidationError(_("Unknown ruleset “%(ruleset)s”.") % {"ruleset": ruleset})
    if ruleset == league.ruleset:
        return False
    if league.teams.exists():
        raise ValidationError(
            _(
                "The ruleset can be changed only until the league's first team is created: its teams were built under it."
            )
        )
    with transaction.atomic():
        dropped = dict(HouseRule.objects.filter(league=league).values_list("key", "value"))
        HouseRule.objects.filter(league=league).delete()
        old = league.ruleset
        league.ruleset = ruleset
        league.save(update_fields=["ruleset"])
        log_action(
            action="league.ruleset.changed",
            actor=by,
            league=league,
            old=old,
            new=ruleset,
            version=load_ruleset(ruleset).version,
            house_rules_dropped=dropped,
        )
    return True
