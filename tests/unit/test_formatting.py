"""The server writes money and changes as the browser does: the shared table of cases."""

import json
from decimal import Decimal
from typing import Any

import pytest

from scrapindex.formatting import format_money, format_percent, format_price
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
