"""Setting up, confirming and removing alerts, and the mail every alert sends.

An alert is stored unconfirmed with a confirmation mail queued in the same transaction; nothing
else is ever sent to it until the link in that mail is opened, and an alert nobody confirmed is
purged once that link has expired (UNCONFIRMED_LIFETIME), so it holds no place in the address's
MAX_ALERTS_PER_ADDRESS for longer. That cap counts the address however it is written
(mail/addresses.py). Unsubscribing deletes the row; removing an address's last alert suppresses
the address, and a suppressed address gets at most one confirmation mail per 30 days until it
confirms one (mail/sign_ups.py). Links name the alert's id and nonce (alerts/links.py).
"""

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from scrapindex.alerts import links
from scrapindex.alerts.evaluate import set_baseline
from scrapindex.alerts.wording import describe, threshold_text
from scrapindex.formatting import Unit, stored_unit, unit_refusal
from scrapindex.mail.addresses import address_key
from scrapindex.mail.outbox import enqueue
from scrapindex.mail.sign_ups import lift_suppression, lock_address, may_send_confirmation, suppress
from scrapindex.models import City, Material, PriceAlert
from scrapindex.queries.places import find_city
from scrapindex.queries.price_reports import per_kg
from scrapindex.queries.site import find_material
from scrapindex.settings import Settings

AlertKind = Literal["above", "below", "digest-daily", "digest-weekly"]
THRESHOLD_KINDS = ("above", "below")
DIGEST_KINDS = ("digest-daily", "digest-weekly")
MAX_ALERTS_PER_ADDRESS = 20
UNCONFIRMED_LIFETIME = links.CONFIRM_VALID  # past it, nothing can confirm the alert
CONFIRM_KIND = "alert-confirm"


class AlertRefused(ValueError):
    """An alert that cannot be set up: ``field`` names what is wrong."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


@dataclass(frozen=True)
class AlertRequest:
    email: str
    city_slug: str
    kind: AlertKind
    material_slug: str | None = None
    threshold: Decimal | None = None
    unit: Unit | None = None  # by default the material's stored unit (kg, or piece)


def create_alert(
    session: Session,
    settings: Settings,
    request: AlertRequest,
    client: str,
    now: dt.datetime,
) -> PriceAlert:
    """Store the alert unconfirmed and queue its confirmation mail, in the session's transaction
    (the caller commits); or AlertRefused."""
    city = find_city(session, request.city_slug)
    if city is None:
        raise AlertRefused("citySlug", f"no city '{request.city_slug}'")
    material = None
    unit: Unit = "kg"
    if request.kind in THRESHOLD_KINDS:
        if request.material_slug is None:
            raise AlertRefused("materialSlug", f"an '{request.kind}' alert needs a material")
        material = find_material(session, request.material_slug)
        if material is None:
            raise AlertRefused("materialSlug", f"no material '{request.material_slug}'")
        if request.threshold is None:
            raise AlertRefused("threshold", f"an '{request.kind}' alert needs a threshold")
        unit = request.unit or stored_unit(material.sale_unit)
        unit_problem = unit_refusal(unit, material.sale_unit, material.name)
        if unit_problem is not None:
            raise AlertRefused("unit", unit_problem)
    elif request.material_slug is not None or request.threshold is not None:
        raise AlertRefused("kind", "a digest covers every material: give no material or threshold")
    key = address_key(request.email)
    lock_address(session, request.email)  # concurrent posts for one address count in turn
    held = session.execute(
        select(func.count()).select_from(PriceAlert).where(PriceAlert.address_key == key)
    ).scalar_one()
    if held >= MAX_ALERTS_PER_ADDRESS:
        raise AlertRefused(
            "email", f"an address can hold at most {MAX_ALERTS_PER_ADDRESS} alerts: remove some"
        )
    threshold = request.threshold if material is not None else None
    alert = PriceAlert(
        email=request.email,
        address_key=key,
        kind=request.kind,
        city_id=city.id,
        material_id=material.id if material is not None else None,
        threshold=threshold,
        unit=unit if threshold is not None else None,
        threshold_per_kg=per_kg(threshold, unit) if threshold is not None else None,
        currency=city.country.currency,
        client_hash=client,
        created_at=now,
    )
    session.add(alert)
    session.flush()
    if not may_send_confirmation(session, settings, alert.email, now):
        return alert  # suppressed, and mailed lately: it waits for a confirmation already sent
    what = alert_description(alert, city, material)
    enqueue(
        session,
        CONFIRM_KIND,
        alert.email,
        "Confirm your ScrapIndex price alert",
        CONFIRM_KIND,
        {
            "site_root": settings.link_root(),
            "what": what,
            "confirm_url": links.confirm_url(settings, alert.id, alert.nonce, now),
            "valid_days": links.CONFIRM_VALID.days,
        },
        now=now,
    )
    return alert


def alert_description(alert: PriceAlert, city: City, material: Material | None) -> str:
    shown = None
    if alert.threshold is not None and alert.unit is not None:
        shown = threshold_text(alert.threshold, alert.unit, alert.currency)
    return describe(alert.kind, material.name if material else None, city.name, shown)


def linked_alert(session: Session, link: links.LinkedAlert) -> PriceAlert | None:
    """The alert a link was made for, if it still exists: the id alone may name a later one."""
    return session.scalars(
        select(PriceAlert).where(PriceAlert.id == link.id, PriceAlert.nonce == link.nonce)
    ).first()


def confirm_alert(
    session: Session, settings: Settings, link: links.LinkedAlert, now: dt.datetime
) -> PriceAlert | None:
    """Confirm (idempotent) and take the price's side of the threshold as the starting point,
    so the alert fires at the next crossing; the address asks for mail again (no longer
    suppressed). None when the alert was removed since."""
    alert = linked_alert(session, link)
    if alert is None:
        return None
    if alert.confirmed_at is None:
        alert.confirmed_at = now
        lift_suppression(session, settings, alert.email)
        if alert.kind in THRESHOLD_KINDS:
            set_baseline(session, alert)
    return alert


def remove_alert(
    session: Session, settings: Settings, link: links.LinkedAlert, now: dt.datetime
) -> bool:
    """Delete the linked alert; when it was the address's last, suppress the address. False
    when the alert was gone already."""
    alert = linked_alert(session, link)
    if alert is None:
        return False
    session.delete(alert)
    session.flush()
    left = session.execute(
        select(func.count())
        .select_from(PriceAlert)
        .where(PriceAlert.address_key == address_key(alert.email))
    ).scalar_one()
    if not left:
        suppress(session, settings, alert.email, now)
    return True


def purge_unconfirmed(session: Session, now: dt.datetime) -> int:
    """Delete the alerts nobody confirmed within UNCONFIRMED_LIFETIME; how many."""
    result = session.execute(
        delete(PriceAlert).where(
            PriceAlert.confirmed_at.is_(None),
            PriceAlert.created_at < now - UNCONFIRMED_LIFETIME,
        )
    )
    return int(result.rowcount)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class ListedAlert:
    id: int
    what: str
    confirmed: bool
    unsubscribe_token: str


def alerts_of(
    session: Session, settings: Settings, email: str, now: dt.datetime
) -> list[ListedAlert]:
    """Every alert of ``email``, each with the token that removes it."""
    rows = session.execute(
        select(PriceAlert, City, Material)
        .join(City, City.id == PriceAlert.city_id)
        .outerjoin(Material, Material.id == PriceAlert.material_id)
        .where(PriceAlert.email == email)
        .order_by(PriceAlert.id)
    ).all()
    return [
        ListedAlert(
            alert.id,
            alert_description(alert, city, material),
            alert.confirmed_at is not None,
            links.unsubscribe_token(settings, alert.id, alert.nonce, now),
        )
        for alert, city, material in rows
    ]
