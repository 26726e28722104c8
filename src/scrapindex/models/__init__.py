"""ORM tables (SQLAlchemy 2 typed style), one module per domain; every table is importable from
here, and importing this package registers all of them on ``Base.metadata``."""

from scrapindex.models.api_keys import ApiKey, ApiKeyUsage
from scrapindex.models.auth import AuditEntry, LoginAttempt, User, UserSession
from scrapindex.models.base import NAMING_CONVENTION, Base, money
from scrapindex.models.mail import (
    MailSuppression,
    NewsletterSubscription,
    OutboxMessage,
    PriceAlert,
    SignUpAttempt,
)
from scrapindex.models.moderation import ContactMessage, PriceReport, YardSuggestion
from scrapindex.models.operations import JobLease, SchemaCompatibility
from scrapindex.models.places import City, Country, LegalRule, Region
from scrapindex.models.prices import (
    CurrentPrice,
    FxRate,
    MarketPrice,
    Material,
    MaterialMarketFigures,
    Price,
    PriceEstimate,
)
from scrapindex.models.provenance import DataRevision, ImportRun, ImportRunFile, Source
from scrapindex.models.yards import (
    ScrapYard,
    YardClaim,
    YardLicence,
    YardOpenHours,
    YardOwner,
    YardPrice,
)

__all__ = [
    "NAMING_CONVENTION",
    "ApiKey",
    "ApiKeyUsage",
    "AuditEntry",
    "Base",
    "City",
    "ContactMessage",
    "Country",
    "CurrentPrice",
    "DataRevision",
    "FxRate",
    "ImportRun",
    "ImportRunFile",
    "JobLease",
    "LegalRule",
    "LoginAttempt",
    "MailSuppression",
    "MarketPrice",
    "Material",
    "MaterialMarketFigures",
    "NewsletterSubscription",
    "OutboxMessage",
    "Price",
    "PriceAlert",
    "PriceEstimate",
    "PriceReport",
    "Region",
    "SchemaCompatibility",
    "ScrapYard",
    "SignUpAttempt",
    "Source",
    "User",
    "UserSession",
    "YardClaim",
    "YardLicence",
    "YardOpenHours",
    "YardOwner",
    "YardPrice",
    "YardSuggestion",
    "money",
]
