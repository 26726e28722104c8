"""A yard's profile as its owner says it: hours, the materials it buys, services, how it pays
and how a visit works. Checked, applied to the yard and audited (``yard.profile``) in the
caller's transaction; the data revision moves so that the yard's page is made again."""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.audit import record_audit
from scrapindex.models import Material, ScrapYard, User
from scrapindex.settings import PROJECT_ROOT

AUDIT_ACTION = "yard.profile"
AUDITED_AS = "scrap-yard"


@cache
def payment_methods() -> dict[str, str]:
    """The ways a yard may say it pays (content/payment-methods.json): key -> label."""
    path = PROJECT_ROOT / "content" / "payment-methods.json"
    table = json.loads(path.read_text(encoding="utf-8"))
    return {method["key"]: method["label"] for method in table["methods"]}


class ProfileRefused(ValueError):
    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class Profile:
    weekly_hours: list[dict[str, Any]]  # ScrapYard.weekly_hours' intervals
    accepted_materials: list[str] | None
    services: list[str] | None
    payment_methods: list[str] | None
    visit_notes: str | None


def profile_of(yard: ScrapYard) -> Profile:
    return Profile(
        weekly_hours=list(yard.weekly_hours),
        accepted_materials=yard.accepted_materials,
        services=yard.services,
        payment_methods=yard.payment_methods,
        visit_notes=yard.visit_notes,
    )


def update_profile(session: Session, yard: ScrapYard, given: Profile, actor: User) -> Profile:
    """Check ``given`` (ProfileRefused naming each problem, nothing changed), apply what
    differs from the yard's profile, audit it and move the revision; returns the new profile.
    Lists keep their first order, each item once; blank notes are not said."""
    wanted = _normalised(given)
    _check(session, wanted)
    before, after = _differences(yard, wanted)
    if not after:
        return profile_of(yard)
    _apply(yard, wanted, after)
    session.flush()
    record_audit(session, actor, AUDIT_ACTION, AUDITED_AS, yard.id, before, after)
    revision.bump(session.connection())
    return profile_of(yard)


def _once(items: list[str] | None) -> list[str] | None:
    """Each item once, in its first place, trimmed; blank ones dropped."""
    if items is None:
        return None
    return [item for item in dict.fromkeys(item.strip() for item in items) if item]


def _normalised(given: Profile) -> Profile:
    notes = given.visit_notes.strip() if given.visit_notes is not None else None
    hours = sorted(
        ({"day": i["day"], "opens": i["opens"], "closes": i["closes"]} for i in given.weekly_hours),
        key=lambda i: (i["day"], i["opens"], i["closes"]),
    )
    return Profile(
        weekly_hours=[dict(t) for t in dict.fromkeys(tuple(i.items()) for i in hours)],
        accepted_materials=_once(given.accepted_materials),
        services=_once(given.services),
        payment_methods=_once(given.payment_methods),
        visit_notes=notes or None,
    )


def _check(session: Session, given: Profile) -> None:
    problems = []
    if given.accepted_materials:
        known = set(
            session.scalars(
                select(Material.slug).where(Material.slug.in_(given.accepted_materials))
            )
        )
        problems += [
            f"acceptedMaterials: no material '{slug}'"
            for slug in given.accepted_materials
            if slug not in known
        ]
    methods = payment_methods()
    problems += [
        f"paymentMethods: '{key}' is not one of {', '.join(methods)}"
        for key in given.payment_methods or []
        if key not in methods
    ]
    if problems:
        raise ProfileRefused(problems)


FIELDS = {  # the audit's camelCase name of each field
    "weekly_hours": "weeklyHours",
    "accepted_materials": "acceptedMaterials",
    "services": "services",
    "payment_methods": "paymentMethods",
    "visit_notes": "visitNotes",
}


def _differences(yard: ScrapYard, wanted: Profile) -> tuple[dict[str, Any], dict[str, Any]]:
    """The changed fields' values before and after, by their camelCase names."""
    now = profile_of(yard)
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for name, key in FIELDS.items():
        old, new = getattr(now, name), getattr(wanted, name)
        if old != new:
            before[key], after[key] = old, new
    if "weeklyHours" in after and yard.opening_hours_text is not None:
        before["openingHoursText"], after["openingHoursText"] = yard.opening_hours_text, None
    return before, after


def _apply(yard: ScrapYard, wanted: Profile, changed: dict[str, Any]) -> None:
    if "weeklyHours" in changed:
        # The owner's hours replace what an import gave, its text that did not parse too.
        yard.weekly_hours = wanted.weekly_hours
        yard.opening_hours_text = None
    if "acceptedMaterials" in changed:
        yard.accepted_materials = wanted.accepted_materials
    if "services" in changed:
        yard.services = wanted.services
    if "paymentMethods" in changed:
        yard.payment_methods = wanted.payment_methods
    if "visitNotes" in changed:
        yard.visit_notes = wanted.visit_notes
