"""What a yard's owner does: read their yards, post today's prices and the yard's profile.

Every operation needs an owner's login (OwnerDep); those of one yard take it from the path
through OwnedYardDep, which answers 403 for a yard that is not the owner's (or whose owner
account is suspended). Posts go through the yard-price service (scrapindex.prices.yard_board),
profiles through scrapindex.yard_profile; both audit and move the data revision.
"""

import datetime as dt
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse
from sqlalchemy import select
from sqlalchemy.orm import Session

from scrapindex.api.deps import SessionDep, SettingsDep
from scrapindex.auth.deps import OwnedYardDep, OwnerDep, csrf_protected
from scrapindex.formatting import GIVEN_UNITS
from scrapindex.models import Material, ScrapYard, YardOwner
from scrapindex.prices.yard_board import BoardLine, BoardRefused, post_board, yard_today
from scrapindex.queries.prices import Quote, latest_quotes
from scrapindex.queries.yard_prices import PostedPrice, newest_posted
from scrapindex.schemas.common import NOT_FOUND, WITH_A_BODY, Message
from scrapindex.schemas.owner import (
    CityPriceNow,
    InvalidRequest,
    LastPosted,
    MyYard,
    MyYardItem,
    MyYardRef,
    OwnerCity,
    OwnerMaterial,
    OwnerRefusal,
    PostPrices,
    ProfileUpdate,
    YardProfile,
)
from scrapindex.schemas.yards import HoursInterval
from scrapindex.settings import Settings
from scrapindex.yard_profile import Profile, ProfileRefused, profile_of, update_profile

router = APIRouter(
    prefix="/api/owner", tags=["yard owners"], dependencies=[Depends(csrf_protected)]
)

YARD_ERRORS: dict[int | str, dict[str, Any]] = {
    **NOT_FOUND,
    403: {
        "model": Message,
        "description": "Not an owner's login, not their yard (or suspended from it), or a "
        "wrong CSRF token",
    },
}
REFUSED: dict[int | str, dict[str, Any]] = {
    **YARD_ERRORS,
    422: {
        "model": OwnerRefusal | InvalidRequest,
        "description": "Refused by the rules (`problems`) or out of the schema (`errors`); "
        "nothing stored",
    },
    **WITH_A_BODY,
}
YARD_ROW = {"of": ScrapYard}  # the yard's own row, locked while its profile changes


@router.get(
    "/yards",
    response_model=list[MyYardItem],
    summary="The yards the logged-in owner may post for",
)
def list_my_yards(session: SessionDep, owner: OwnerDep) -> list[MyYardItem]:
    yards = session.scalars(
        select(ScrapYard)
        .join(YardOwner, YardOwner.yard_id == ScrapYard.id)
        .where(YardOwner.user_id == owner.id, YardOwner.suspended_at.is_(None))
        .order_by(ScrapYard.name, ScrapYard.id)
    )
    return [_yard_item(yard) for yard in yards]


@router.get(
    "/yards/{yard_id}",
    response_model=MyYard,
    responses=YARD_ERRORS,
    summary="One of the owner's yards: the posting screen's materials, prices and profile",
)
def get_my_yard(session: SessionDep, settings: SettingsDep, yard: OwnedYardDep) -> MyYard:
    return _my_yard(session, settings, yard)


@router.put(
    "/yards/{yard_id}/prices",
    response_model=MyYard,
    responses=REFUSED,
    summary="Post the yard's buying prices of today (in the yard's zone)",
    description="Each price in the yard's currency, per `unit`. Held to the publish checks: "
    "a family's dearer grade may not be below a cheaper one on the yard's board, nor a price "
    "over 3x or under a third of the city's baseline. Posting again the same day replaces "
    "that day's price. Refused whole (422, each problem said) or stored whole.",
)
def post_my_prices(
    session: SessionDep,
    settings: SettingsDep,
    owner: OwnerDep,
    yard: OwnedYardDep,
    body: PostPrices,
) -> MyYard | JSONResponse:
    lines = [BoardLine(line.material_slug, line.price, line.unit) for line in body.prices]
    try:
        post_board(session, yard, lines, owner, settings, dt.datetime.now(dt.UTC))
    except BoardRefused as refused:
        return _refusal("The prices were not posted", refused.problems)
    session.commit()
    return _my_yard(session, settings, yard)


@router.put(
    "/yards/{yard_id}/profile",
    response_model=MyYard,
    responses=REFUSED,
    summary="Say the yard's hours, materials, services, payment methods and how a visit works",
)
def update_my_yard_profile(
    session: SessionDep,
    settings: SettingsDep,
    owner: OwnerDep,
    yard: OwnedYardDep,
    body: ProfileUpdate,
) -> MyYard | JSONResponse:
    locked = session.get_one(ScrapYard, yard.id, with_for_update=YARD_ROW, populate_existing=True)
    given = Profile(
        weekly_hours=[interval.model_dump() for interval in body.weekly_hours],
        accepted_materials=body.accepted_materials,
        services=body.services,
        payment_methods=body.payment_methods,
        visit_notes=body.visit_notes,
    )
    try:
        update_profile(session, locked, given, owner)
    except ProfileRefused as refused:
        return _refusal("The profile was not saved", refused.problems)
    session.commit()
    return _my_yard(session, settings, locked)


def _refusal(what: str, problems: list[str]) -> JSONResponse:
    detail = f"{what}: {'; '.join(problems)}"
    body = OwnerRefusal(message=detail, detail=detail, problems=problems)
    return JSONResponse(body.model_dump(mode="json"), status_code=422)


def _yard_item(yard: ScrapYard) -> MyYardItem:
    return MyYardItem(
        id=yard.id,
        name=yard.name,
        city=OwnerCity(slug=yard.city.slug, name=yard.city.name),
        currency=yard.city.country.currency,
    )


def _my_yard(session: Session, settings: Settings, yard: ScrapYard) -> MyYard:
    item = _yard_item(yard)
    posted = {
        price.material_id: price for price in newest_posted(session, [yard.id]).get(yard.id, [])
    }
    quotes = {
        quote.material.id: quote
        for quote in latest_quotes(
            session, city_id=yard.city_id, stale_days=settings.price_stale_days
        )
    }
    materials = session.scalars(select(Material).order_by(Material.category, Material.name))
    return MyYard(
        yard=MyYardRef(**item.model_dump(), time_zone=yard.city.time_zone),
        today=yard_today(yard, dt.datetime.now(dt.UTC)),
        max_age_days=settings.yard_price_max_age_days,
        materials=[_owner_material(m, posted.get(m.id), quotes.get(m.id)) for m in materials],
        profile=_profile(yard),
    )


def _owner_material(
    material: Material, posted: PostedPrice | None, quote: Quote | None
) -> OwnerMaterial:
    return OwnerMaterial(
        slug=material.slug,
        name=material.name,
        category=material.category,
        sale_unit=material.sale_unit,
        units=list(GIVEN_UNITS[material.sale_unit]),
        last_posted=None
        if posted is None
        else LastPosted(
            price=posted.price_per_kg, price_exact=posted.price_per_kg, date=posted.price_date
        ),
        city_price=None
        if quote is None
        else CityPriceNow(
            price=quote.price_per_kg,
            price_exact=quote.price_per_kg,
            kind=quote.source_kind,
            date=quote.price_date,
        ),
    )


def _profile(yard: ScrapYard) -> YardProfile:
    profile = profile_of(yard)
    return YardProfile(
        weekly_hours=[HoursInterval.model_validate(i) for i in profile.weekly_hours],
        accepted_materials=profile.accepted_materials,
        services=profile.services,
        payment_methods=profile.payment_methods,
        visit_notes=profile.visit_notes,
    )
