"""The directory's SQL against the rules it stands for.

Open now is ``scrapindex.hours`` applied in each yard's zone; filters and orders are the
directory's as they read in Python (kept here as the reference). Each runs on SQLite and on
PostgreSQL, over the demo's yards and over yards with awkward hours written by the test.
"""

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from scrapindex.hours import is_open_now
from scrapindex.models import City, ScrapYard, Source, YardOpenHours
from scrapindex.queries.yards import (
    YardFilter,
    YardSort,
    YardStatus,
    YardView,
    filter_yards,
    load_yards,
    ranked_yards,
    with_open_state,
    yard_page,
)
from scrapindex.schemas.yards import YARD_LIST, yard_list_json, yard_public
from tests.conftest import TEST_DEMO, FreshDatabase

# A Monday afternoon in Europe, a Saturday night in America, a Sunday night across the date line,
# and the hour the US clocks went back in 2026.
MOMENTS = [
    dt.datetime(2026, 3, 30, 13, 5, tzinfo=dt.UTC),
    dt.datetime(2026, 3, 29, 3, 40, tzinfo=dt.UTC),
    dt.datetime(2026, 3, 29, 12, 0, tzinfo=dt.UTC),
    dt.datetime(2026, 11, 1, 6, 30, tzinfo=dt.UTC),
]

SORT_KEYS: dict[YardSort, Callable[[YardView], Any]] = {
    YardSort.rating: lambda v: (-(v.yard.rating or -1.0), -v.yard.review_count, v.yard.name),
    YardSort.name: lambda v: (v.yard.name.lower(), v.yard.id),
    YardSort.city: lambda v: (v.yard.city.name.lower(), v.yard.name.lower()),
    YardSort.country: lambda v: (v.yard.city.country.name.lower(), v.yard.city.name.lower()),
    YardSort.reviews: lambda v: (-v.yard.review_count, v.yard.name.lower()),
}


def reference(views: list[YardView], criteria: YardFilter, sort: YardSort) -> list[YardView]:
    """Filtered in Python, then sorted stably from id order (what the directory used to do)."""
    return sorted(filter_yards(views, criteria), key=SORT_KEYS[sort])


@pytest.mark.parametrize("moment", MOMENTS, ids=lambda m: m.isoformat())
def test_open_now_is_the_hours_rule_in_each_zone(engine: Engine, moment: dt.datetime) -> None:
    with Session(engine) as session:
        expected = {v.yard.id: v.is_open for v in with_open_state(load_yards(session), moment)}
        found = yard_page(session, YardFilter(), sort=YardSort.name, limit=10_000, now=moment)
    assert {v.yard.id: v.is_open for v in found.views} == expected
    assert found.stats.open_now == sum(1 for state in expected.values() if state)
    assert 0 < found.stats.open_now < len(expected)  # the moment tells something


CRITERIA = [
    YardFilter(),
    YardFilter(country_code="us"),
    YardFilter(country_code="ZA", status=YardStatus.open),
    YardFilter(city_slug="new-york", status=YardStatus.closed),
    YardFilter(text="  Metal "),
    YardFilter(text="australia"),  # a country's name matches through its yards
    YardFilter(text="50%_"),  # LIKE's wildcards are plain characters here
    YardFilter(text="street", text_in_place=False, status=YardStatus.open),
]


@pytest.mark.parametrize("criteria", CRITERIA, ids=repr)
@pytest.mark.parametrize("sort", list(YardSort))
def test_directory_pages_are_the_reference_order(
    engine: Engine, criteria: YardFilter, sort: YardSort
) -> None:
    moment = MOMENTS[0]
    with Session(engine) as session:
        expected = reference(with_open_state(load_yards(session), moment), criteria, sort)
        pages = [
            yard_page(session, criteria, sort=sort, page=page, limit=25, now=moment)
            for page in (1, 2, 5)
        ]
        unfiltered = session.scalar(select(func.count()).select_from(ScrapYard))
    for number, found in zip((1, 2, 5), pages, strict=True):
        window = expected[(number - 1) * 25 : number * 25]
        assert [(v.yard.id, v.is_open) for v in found.views] == [
            (v.yard.id, v.is_open) for v in window
        ]
        assert found.total == found.stats.total == len(expected)
        assert found.unfiltered_total == unfiltered
    stats = pages[0].stats
    assert stats.countries == len({v.yard.city.country_code for v in expected})
    assert stats.cities == len({v.yard.city_id for v in expected})
    assert stats.open_now == sum(1 for v in expected if v.is_open)
    if expected:
        mean = sum(v.yard.latitude for v in expected) / len(expected)
        assert stats.center_latitude == pytest.approx(mean, abs=1e-9)
    else:
        assert stats.center_latitude is None


@pytest.mark.parametrize("moment", MOMENTS[:2], ids=lambda m: m.isoformat())
def test_every_yard_list_is_the_json_of_the_models(engine: Engine, moment: dt.datetime) -> None:
    """/all's rows make, byte for byte, the JSON FastAPI writes for YardPublic models."""
    with Session(engine) as session:
        # A city without a region (never committed: the session rolls back).
        session.execute(update(City).where(City.slug == "auckland").values(region_id=None))
        views = with_open_state(load_yards(session), moment)
        views = reference(views, YardFilter(), YardSort.rating)
        rows, total = ranked_yards(session, page=1, limit=10_000, now=moment)
        pages = [ranked_yards(session, page=n, limit=50, now=moment)[0] for n in (1, 2, 3)]
        expected = [yard_public(v) for v in views]
    assert total == len(rows) == len(views)
    assert {y.is_open for y in expected} == {True, False, None}
    assert any(y.city.region is None for y in expected)
    assert yard_list_json(rows) == YARD_LIST.dump_json(expected, by_alias=True)
    assert [r.id for page in pages for r in page] == [y.id for y in expected[:150]]


def test_a_city_list_counts_only_its_city(engine: Engine) -> None:
    with Session(engine) as session:
        city_id = session.scalars(select(City.id).where(City.slug == "johannesburg")).one()
        found = yard_page(session, YardFilter(city_id=city_id), limit=100)
        count = session.execute(
            select(func.count()).where(ScrapYard.city_id == city_id)
        ).scalar_one()
    assert found.unfiltered_total == found.total == count > 0
    assert {v.yard.city_id for v in found.views} == {city_id}


AWKWARD_HOURS: list[list[dict[str, Any]]] = [
    [{"day": 6, "opens": "22:00", "closes": "02:00"}],  # Sunday night into Monday
    [{"day": d, "opens": "00:00", "closes": "00:00"} for d in range(7)],  # always open
    [{"day": 2, "opens": "08:00", "closes": "08:00"}],  # 24 hours from Wednesday 08:00
    [
        {"day": 4, "opens": "17:30", "closes": "23:59"},
        {"day": 4, "opens": "17:30", "closes": "23:59"},
    ],
    [
        {"day": 0, "opens": "06:45", "closes": "11:15"},
        {"day": 0, "opens": "13:00", "closes": "01:30"},
    ],
    [],  # unknown
]


def test_spans_follow_every_write_of_the_hours(fresh_database: FreshDatabase) -> None:
    engine = fresh_database(TEST_DEMO)
    with Session(engine) as session:
        city = session.scalars(select(City).where(City.slug == "auckland")).one()
        source_id = session.scalars(select(Source.id)).first()
        assert source_id is not None
        yards = [
            ScrapYard(
                city_id=city.id,
                name=f"Awkward {n}",
                address="1 Test Road",
                latitude=0.0,
                longitude=0.0,
                source_id=source_id,
                weekly_hours=hours,
            )
            for n, hours in enumerate(AWKWARD_HOURS)
        ]
        session.add_all(yards)
        session.flush()
        yards[0].weekly_hours = AWKWARD_HOURS[4]  # rewritten: the old spans go
        yards[5].weekly_hours = AWKWARD_HOURS[0]
        yards[1].permanently_closed = True
        session.delete(yards[3])
        session.commit()
        kept = [yards[n] for n in (0, 1, 2, 4, 5)]
        ids = [y.id for y in kept]
        assert session.scalar(select(func.count()).where(YardOpenHours.yard_id == yards[3].id)) == 0
        start = dt.datetime(2026, 3, 29, 0, 0, tzinfo=dt.UTC)
        for step in range(0, 8 * 24 * 60, 37):  # every 37 minutes for eight days
            moment = start + dt.timedelta(minutes=step)
            found = yard_page(
                session, YardFilter(city_id=city.id), sort=YardSort.name, limit=1000, now=moment
            )
            states = {v.yard.id: v.is_open for v in found.views if v.yard.id in ids}
            expected = {
                y.id: False
                if y.permanently_closed
                else is_open_now(y.weekly_hours, city.time_zone, moment)
                for y in kept
            }
            assert states == expected, moment
            # The figures and the Open filter ask "open now?" in their own, shorter way.
            assert found.stats.open_now == sum(1 for v in found.views if v.is_open), moment
            listed_open = yard_page(
                session, YardFilter(city_id=city.id, status=YardStatus.open), limit=1000, now=moment
            )
            assert {v.yard.id for v in listed_open.views} & set(ids) == {
                id_ for id_, state in expected.items() if state
            }, moment
