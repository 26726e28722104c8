"""What visitors send about prices and yards, what the public sees of it, and the console's view."""

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any, Literal, Self, cast

from pydantic import (
    AfterValidator,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
    model_validator,
)

from scrapindex.formatting import SaleUnit, Unit
from scrapindex.queries.price_reports import QueuedReport
from scrapindex.queries.yard_suggestions import QueuedSuggestion, yard_values
from scrapindex.schemas.common import CamelModel, MoneyText, Page
from scrapindex.schemas.forms import FormEmail, Honeypot, StoredText
from scrapindex.schemas.prices import SALE_UNIT
from scrapindex.schemas.websites import WEBSITE_PATTERN, nothing_hidden

ReportStatus = Literal["pending", "approved", "rejected"]
# A yard correction may also be reverted: applied, then put back by an operator.
SuggestionStatus = Literal["pending", "approved", "rejected", "reverted"]


def whole_characters(value: str) -> str:
    """No lone surrogates (JSON escapes like \\ud800 that are no character): the database
    cannot store them. Pydantic refuses them in a plain string field but not inside an optional
    one or a list, so the optional text here says it itself."""
    try:
        value.encode()
    except UnicodeEncodeError:
        raise ValueError("must be text, without lone surrogate escapes") from None
    return value


Text = Annotated[StoredText, AfterValidator(whole_characters)]
SlugText = Annotated[str, Field(min_length=1, max_length=120)]
CurrencyCode = Annotated[
    str,
    Field(pattern=r"^[A-Za-z]{3}$", description="The city's currency (the default) or USD"),
    AfterValidator(str.upper),
]


class PriceReportCreate(CamelModel):
    material_slug: SlugText
    city_slug: SlugText
    yard_id: int | None = Field(default=None, ge=1, le=2**31 - 1)
    # A JSON number (the schema does not offer the string form Decimal would also take).
    price: Annotated[
        Decimal,
        WithJsonSchema({"type": "number", "exclusiveMinimum": 0, "maximum": 1_000_000}),
    ] = Field(gt=0, le=1_000_000, decimal_places=4, description="In `unit`")
    unit: Unit
    currency: CurrencyCode | None = None
    date: dt.date | None = Field(
        default=None, description="Default: today in the city; at most 14 days back"
    )
    note: Text | None = Field(default=None, max_length=500)
    website: Honeypot = None


class Accepted(CamelModel):
    status: Literal["pending"] = "pending"
    message: str


class PriceReportSummary(CamelModel):
    """Approved reports of a series in the window; never who sent them or their notes."""

    city_slug: str
    material_slug: str
    window_days: int
    count: int = Field(description="Sellers: each sender counted once, by their latest report")
    unit: Literal["kg", "piece"] = Field(
        description="What the figures are for: one kg, or one piece for a material sold by piece"
    )
    median_per_kg: MoneyText | None
    min_per_kg: MoneyText | None
    max_per_kg: MoneyText | None
    latest_date: dt.date | None
    currency: str
    publishes_price: bool = Field(
        description="The median is the series' price (enough sellers: REPORT_MIN_SENDERS, 3)"
    )


PhoneText = Annotated[
    str, Field(min_length=3, max_length=40, pattern=r"^\+?[0-9 ()./-]*[0-9][0-9 ()./-]*$")
]
UrlText = Annotated[
    str,
    BeforeValidator(nothing_hidden),  # first, to say why a login or a backslash is refused
    Field(max_length=300, pattern=WEBSITE_PATTERN),
    AfterValidator(whole_characters),
]
ServiceText = Annotated[Text, Field(max_length=60)]


def without_nulls(schema: dict[str, Any]) -> None:
    """Each change is optional but, when given, not null: the schema shows its one real type."""
    schema["minProperties"] = 1  # and at least one change
    for name, field in schema["properties"].items():
        branches = [b for b in field.pop("anyOf", []) if b.get("type") != "null"]
        if branches:
            schema["properties"][name] = {**field, **branches[0]}


class YardChanges(CamelModel):
    """Only the fields that change; the schema says at least one, and none of them null."""

    model_config = ConfigDict(json_schema_extra=without_nulls)

    hours: Text | None = Field(
        default=None, max_length=300, description="e.g. Mo-Fr 08:00-17:00; Sa 08:00-12:00"
    )
    phone: PhoneText | None = None
    website: UrlText | None = None
    address: Text | None = Field(default=None, max_length=300)
    services: list[ServiceText] | None = Field(default=None, min_length=1, max_length=12)
    permanently_closed: bool | None = None

    @model_validator(mode="after")
    def some_change(self) -> Self:
        if all(value is None for value in self.model_dump().values()):
            raise ValueError("give at least one change")
        return self

    def as_sent(self) -> dict[str, Any]:
        """The changes as stored and shown: camelCase keys, only those given."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class YardSuggestionCreate(CamelModel):
    changes: YardChanges
    email: FormEmail
    note: Text | None = Field(default=None, max_length=1000)
    website: Honeypot = None


# The console's side.


class ApproveBody(CamelModel):
    reason: Text | None = Field(default=None, max_length=500)


class RejectBody(CamelModel):
    reason: StoredText = Field(min_length=1, max_length=500)


class RevertBody(CamelModel):
    reason: Text | None = Field(default=None, max_length=500)


class MaterialName(CamelModel):
    slug: str
    name: str
    sale_unit: SaleUnit = Field(description=SALE_UNIT)


class CityName(CamelModel):
    slug: str
    name: str
    country_code: str
    time_zone: str = Field(description="IANA time zone: a report's date is a day of its calendar")


class YardName(CamelModel):
    id: int
    name: str


class AdminPriceReport(CamelModel):
    id: int
    material: MaterialName
    city: CityName
    yard: YardName | None
    price: MoneyText
    unit: Unit
    currency: str
    price_per_kg: MoneyText = Field(
        description="Per kg, or per piece for a material sold by the piece (material.saleUnit)"
    )
    current_price_per_kg: MoneyText | None = Field(
        description="The series' current price per kg (or piece), in this report's currency"
    )
    baseline_per_kg: MoneyText | None = Field(
        description="The series' trusted baseline (never a report), in this report's currency"
    )
    baseline_ratio: str | None = Field(
        description="This report's price over the baseline, two decimals: '2.90' is 2.9 times"
    )
    sender: str = Field(description="A short form of the sender's key (their address, hashed)")
    sender_pending: int = Field(description="The sender's reports waiting, this one included")
    sender_approved: int = Field(description="The sender's approved reports")
    report_date: dt.date
    note: str | None
    status: ReportStatus
    flagged: bool
    flag_reason: str | None
    review_reason: str | None
    reviewed_by: str | None = Field(description="The moderator's e-mail")
    reviewed_at: dt.datetime | None
    created_at: dt.datetime


class AdminPriceReportPage(Page[AdminPriceReport]):
    pass


class SenderApprovalPublic(CamelModel):
    """One sender's pending reports, approved together: in each series they count as one."""

    approved: list[AdminPriceReport]
    held: list[AdminPriceReport] = Field(
        description="Back in the queue, flagged: the price they would publish was refused"
    )


class SuggestionYard(CamelModel):
    id: int
    name: str
    city_slug: str
    city_name: str


class AdminYardSuggestion(CamelModel):
    id: int
    yard: SuggestionYard
    changes: dict[str, Any] = Field(description="The changes as sent (camelCase keys)")
    current: dict[str, Any] = Field(description="The yard's present values of the same keys")
    before: dict[str, Any] | None = Field(
        description="Once applied: the yard's values it replaced, which a revert puts back"
    )
    email: str
    note: str | None
    status: SuggestionStatus
    review_reason: str | None
    reviewed_by: str | None = Field(description="Who approved or rejected it")
    reviewed_at: dt.datetime | None
    reverted_by: str | None
    reverted_at: dt.datetime | None
    revert_reason: str | None
    created_at: dt.datetime


class AdminYardSuggestionPage(Page[AdminYardSuggestion]):
    pass


class YardHistoryEntry(CamelModel):
    suggestion_id: int
    applied_at: dt.datetime
    applied_by: str | None
    before: dict[str, Any]
    after: dict[str, Any]
    reverted_at: dt.datetime | None = Field(description="When it was reverted; null if it stands")
    reverted_by: str | None


SENDER_KEY_LENGTH = 8  # enough to tell senders apart in a queue, too short to mean anything else


def _ratio(price: Decimal, baseline: Decimal | None) -> str | None:
    return None if not baseline else f"{price / baseline:.2f}"


def admin_price_report(queued: QueuedReport) -> AdminPriceReport:
    report = queued.report
    yard = (
        None
        if queued.yard_name is None or report.yard_id is None
        else YardName(id=report.yard_id, name=queued.yard_name)
    )
    return AdminPriceReport(
        id=report.id,
        material=MaterialName(
            slug=queued.material_slug,
            name=queued.material_name,
            sale_unit=queued.material_sale_unit,
        ),
        city=CityName(
            slug=queued.city_slug,
            name=queued.city_name,
            country_code=queued.country_code,
            time_zone=queued.city_time_zone,
        ),
        yard=yard,
        price=report.price,
        unit=cast(Unit, report.unit),
        currency=report.currency,
        price_per_kg=report.price_per_kg,
        current_price_per_kg=queued.current_per_kg,
        baseline_per_kg=queued.baseline_per_kg,
        baseline_ratio=_ratio(report.price_per_kg, queued.baseline_per_kg),
        sender=report.client_hash[:SENDER_KEY_LENGTH],
        sender_pending=queued.sender.pending if queued.sender else 0,
        sender_approved=queued.sender.approved if queued.sender else 0,
        report_date=report.report_date,
        note=report.note,
        status=cast(ReportStatus, report.status),
        flagged=report.flagged,
        flag_reason=report.flag_reason,
        review_reason=report.review_reason,
        reviewed_by=queued.reviewer_email,
        reviewed_at=report.reviewed_at,
        created_at=report.created_at,
    )


def admin_yard_suggestion(queued: QueuedSuggestion) -> AdminYardSuggestion:
    suggestion, yard, reversion = queued.suggestion, queued.yard, queued.reversion
    return AdminYardSuggestion(
        id=suggestion.id,
        yard=SuggestionYard(
            id=yard.id, name=yard.name, city_slug=yard.city.slug, city_name=yard.city.name
        ),
        changes=suggestion.changes,
        current=yard_values(yard, list(suggestion.changes)),
        before=suggestion.before,
        email=suggestion.email,
        note=suggestion.note,
        status=cast(SuggestionStatus, suggestion.status),
        review_reason=suggestion.review_reason,
        reviewed_by=queued.reviewer_email,
        reviewed_at=suggestion.reviewed_at,
        reverted_by=reversion.reverted_by if reversion else None,
        reverted_at=reversion.reverted_at if reversion else None,
        revert_reason=reversion.reason if reversion else None,
        created_at=suggestion.created_at,
    )
