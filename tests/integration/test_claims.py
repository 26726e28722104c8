"""Issue 37, "say only what is true": the site's claims are computed from its data. /api/stats
says which kinds of price are shown and on how many recent days prices came; every public page
embeds it, and its server-made HTML carries the demo notice only while demo prices are shown;
blog posts carry no invented view counts; the newsletter promises no roundup nobody sends."""

import datetime as dt
import re

from fastapi.testclient import TestClient
from sqlalchemy import Engine, delete, func, select, update
from sqlalchemy.orm import Session

from scrapindex import revision
from scrapindex.models import CurrentPrice, OutboxMessage, Price, Source
from scrapindex.price_kinds import DEMO_KIND
from scrapindex.settings import PROJECT_ROOT
from scrapindex.web.fallback import demo_notice
from tests.clock import ManualClock
from tests.integration.test_web_pages import read_page

NOTICE = demo_notice()
UNTRUE = re.compile(r"real[- ]?time|verified|licensed", re.IGNORECASE)


def shown_kinds(engine: Engine) -> list[dict[str, object]]:
    """Each shown (current) price's source kind, counted the long way round."""
    with Session(engine) as session:
        kinds: dict[str, int] = {}
        for current in session.scalars(select(CurrentPrice)):
            price = session.get_one(Price, current.price_id)
            kind = session.get_one(Source, price.source_id).kind
            kinds[kind] = kinds.get(kind, 0) + 1
    return [{"kind": k, "prices": n} for k, n in kinds.items()]


def embedded_stats(client: TestClient, path: str) -> dict[str, object]:
    data = read_page(client.get(path).text).initial_data()["data"]
    found: dict[str, object] = next(value for key, value in data if key == ["/api/stats"])
    return found


def test_the_stats_say_which_kinds_of_price_are_shown_and_how_often_they_came(
    small_db: tuple[Engine, TestClient, ManualClock],
) -> None:
    engine, client, _ = small_db
    stats = client.get("/api/stats").json()
    assert stats["demoData"] is True
    assert stats["priceKinds"] == shown_kinds(engine)
    assert stats["priceKinds"][0]["kind"] == DEMO_KIND
    # Two days of demo prices (Mar 30 and 31): two of the 30 days up to the latest have prices.
    assert stats["latestPriceDate"] == "2026-03-31"
    assert (stats["priceDays"], stats["priceDaysWindow"]) == (2, 30)


def test_every_public_page_embeds_the_stats_and_shows_the_demo_notice_while_prices_are_demo(
    small_db: tuple[Engine, TestClient, ManualClock],
) -> None:
    _, client, _ = small_db
    for path in ("/", "/za/johannesburg", "/scrap-yard/1", "/blog/rhodium-price-per-ounce"):
        page = client.get(path).text
        assert embedded_stats(client, path)["demoData"] is True, path
        assert page.count(NOTICE["text"]) == 1, path
        # Between the header's box and <main>, where the app's layout puts it.
        assert page.index(NOTICE["text"]) < page.index('<main id="main-content"'), path
    assert NOTICE["text"] not in client.get("/admin").text


def test_the_fallback_notice_is_laid_out_as_the_apps(
    small_db: tuple[Engine, TestClient, ManualClock],
) -> None:
    """Same elements and classes as the layout's DemoNotice, so React's render moves nothing."""
    _, client, _ = small_db
    app = (PROJECT_ROOT / "frontend/src/components/layout/demo-notice.tsx").read_text()
    html = client.get("/").text.split('<div id="root">', 1)[1].split('<main id="main-content"')[0]
    for tag in ("section", "p", "strong"):
        jsx = re.findall(rf'<{tag}\b[^>]*?\bclassName="([^"]+)"', app)
        served = re.findall(rf'<{tag}\b[^>]*?\bclass="([^"]+)"', html)
        assert jsx, tag
        assert jsx == served, tag


def test_the_notice_goes_when_no_shown_price_is_demo_data(
    small_db: tuple[Engine, TestClient, ManualClock],
) -> None:
    engine, client, clock = small_db
    assert NOTICE["text"] in client.get("/").text
    # Every shown price now comes from a feed: the same rows, their source no longer demo.
    with engine.begin() as connection:
        connection.execute(update(Source).where(Source.kind == DEMO_KIND).values(kind="feed"))
        revision.bump(connection)
    clock.past_revision_check()
    stats = client.get("/api/stats").json()
    assert stats["demoData"] is False
    assert [k["kind"] for k in stats["priceKinds"]] == ["feed"]
    for path in ("/", "/za/johannesburg", "/scrap-yard/1"):
        assert NOTICE["text"] not in client.get(path).text, path
        assert embedded_stats(client, path)["demoData"] is False, path


def test_price_days_count_the_days_with_prices_not_the_rows(
    small_db: tuple[Engine, TestClient, ManualClock],
) -> None:
    engine, client, clock = small_db
    with engine.begin() as connection:  # Mar 30's prices gone: one day of the 30 has prices
        day = dt.date(2026, 3, 30)
        connection.execute(
            update(CurrentPrice)
            .where(CurrentPrice.previous_price_id.is_not(None))
            .values(previous_price_id=None)
        )
        connection.execute(delete(Price).where(Price.price_date == day))
        assert connection.scalar(select(func.count()).where(Price.price_date == day)) == 0
        revision.bump(connection)
    clock.past_revision_check()
    assert client.get("/api/stats").json()["priceDays"] == 1


def test_the_home_page_html_makes_no_untrue_claim(
    small_db: tuple[Engine, TestClient, ManualClock],
) -> None:
    _, client, _ = small_db
    page = read_page(client.get("/").text)
    assert not UNTRUE.search(page.title)
    assert not UNTRUE.search(" ".join(page.h1))
    html = client.get("/").text
    description = re.search(r'<meta name="description" content="([^"]*)"', html)
    assert description is not None
    assert not UNTRUE.search(description.group(1))


def test_blog_posts_carry_no_view_counts(client: TestClient) -> None:
    posts = client.get("/api/blog").json()
    assert posts
    assert all(post["views"] is None for post in posts)
    assert client.get("/api/blog/honda-catalytic-converter-scrap-prices").json()["views"] is None
    for path in (PROJECT_ROOT / "content" / "blog").glob("*.md"):
        front_matter = path.read_text("utf-8").split("\n---\n", 1)[0]
        assert not re.search(r"^views:", front_matter, re.MULTILINE), path.name


def test_the_newsletter_promises_no_roundup(
    small_db: tuple[Engine, TestClient, ManualClock],
) -> None:
    engine, client, _ = small_db
    answer = client.post("/api/newsletter", json={"email": "reader@example.com", "website": ""})
    assert answer.status_code == 200
    with Session(engine) as session:
        mail = session.scalars(select(OutboxMessage)).one()
    for part in (mail.subject, mail.text_body, mail.html_body or ""):
        assert not re.search(r"weekly|roundup", part, re.IGNORECASE)
    assert "No newsletter is being sent yet" in re.sub(r"\s+", " ", mail.text_body)
    link = re.search(r"http\S+/newsletter/confirm\?token=(\S+)", mail.text_body)
    assert link is not None
    confirmed = client.get(f"/newsletter/confirm?token={link.group(1)}")
    assert confirmed.status_code == 200
    assert "newsletter will come" not in confirmed.text
    assert "No newsletter is being sent yet" in confirmed.text
