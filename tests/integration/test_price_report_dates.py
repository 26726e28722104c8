"""The day a report price is published for: the city's calendar day, as its reports are dated.

Approving at 23:00 UTC is noon of the next day in Auckland (UTC+12 or +13): reports paid on
that Auckland day must publish the price of that day, not of UTC's day before it."""

import datetime as dt
from zoneinfo import ZoneInfo

from fastapi.testclient import TestClient
from sqlalchemy import Engine, select

from scrapindex.api.admin.price_reports import decision_time
from scrapindex.models import City, Material, Price, Source
from tests.moderation import decide, report_ids, seller, send_report, series_row

CITY, MATERIAL = "auckland", "copper-1"
AUCKLAND = ZoneInfo("Pacific/Auckland")


def report_price_days(engine: Engine) -> list[dt.date]:
    with engine.connect() as connection:
        return list(
            connection.scalars(
                select(Price.price_date)
                .join(Source, Source.id == Price.source_id)
                .join(City, City.id == Price.city_id)
                .join(Material, Material.id == Price.material_id)
                .where(Source.kind == "report", City.slug == CITY, Material.slug == MATERIAL)
            )
        )


def test_reports_paid_on_an_auckland_day_publish_that_days_price(
    db: Engine, site: TestClient, moderator: dict[str, str]
) -> None:
    # Yesterday 23:00 UTC: already today in Auckland, still yesterday in UTC.
    utc_midnight = dt.datetime.now(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    decided_at = utc_midnight - dt.timedelta(hours=1)
    paid_on = decided_at.astimezone(AUCKLAND).date()
    assert paid_on == utc_midnight.date() != decided_at.date()

    current = series_row(site, CITY, MATERIAL)["price"]
    for number in range(3):
        body = {"citySlug": CITY, "price": current, "date": paid_on.isoformat()}
        assert send_report(seller(site, number), **body).status_code == 202
    site.app.dependency_overrides[decision_time] = lambda: decided_at  # type: ignore[attr-defined]
    for report_id in report_ids(db):
        assert decide(site, moderator, report_id).status_code == 200

    assert report_price_days(db) == [paid_on]
    row = series_row(site, CITY, MATERIAL)
    assert (row["source"]["kind"], row["date"]) == ("report", paid_on.isoformat())
