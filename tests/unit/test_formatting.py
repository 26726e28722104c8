"""The server writes money and changes as the browser does: the shared table of cases."""

import json
from decimal import Decimal
from typing import Any

import pytest

from scrapindex.alerts.digests import city_board_change
from scrapindex.formatting import format_money, format_percent, format_price, percent_change
from tests.fixtures import FIXTURES

CASES: dict[str, list[dict[str, Any]]] = json.loads(
    (FIXTURES / "format-cases.json").read_text("utf-8")
)


@pytest.mark.parametrize("case", CASES["money"], ids=lambda c: f"{c['amount']} {c['currency']}")
def test_money(case: dict[str, Any]) -> None:
    assert format_money(case["amount"], case["currency"]) == case["text"]
    assert format_money(Decimal(case["amount"]), case["currency"]) == case["text"]


@pytest.mark.parametrize("case", CASES["price"], ids=lambda c: f"{c['pricePerKg']}/{c['unit']}")
def test_price_in_each_unit(case: dict[str, Any]) -> None:
    assert format_price(case["pricePerKg"], case["currency"], case["unit"]) == case["text"]


@pytest.mark.parametrize("case", CASES["percent"], ids=lambda c: str(c["change"]))
def test_percent(case: dict[str, Any]) -> None:
    assert format_percent(case["change"]) == case["text"]


def test_one_percent_change_rule_for_the_api_and_the_digests() -> None:
    assert percent_change(Decimal("100"), Decimal("80")) == 25.0
    assert percent_change(Decimal("1.2345"), Decimal("1.2")) == 2.9  # 2.875, to one place
    # A digest row says the change the API sends, as the pages write it: no "+0.0%".
    assert city_board_change(Decimal("5"), Decimal("5")) == "0.0%"
    assert city_board_change(Decimal("100.26"), Decimal("100")) == "+0.3%"
    assert city_board_change(Decimal("99.5"), Decimal("100")) == "-0.5%"
    assert city_board_change(Decimal("5"), None) == ""
