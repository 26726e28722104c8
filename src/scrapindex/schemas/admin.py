"""What the operator console's operations send and answer: inbox, subscribers, import runs,
the data check and the summary of what waits for an operator."""

import datetime as dt
from typing import Literal

from scrapindex.schemas.common import CamelModel, Page

ImportKind = Literal["prices", "fx", "yards", "market"]
ImportTrigger = Literal["cli", "inbox", "console"]
ImportStatus = Literal["imported", "rejected", "outliers", "overridden"]


class AdminSummary(CamelModel):
    pending_reports: int
    flagged_reports: int  # pending and flagged: the first of the queue
    pending_suggestions: int
    unhandled_messages: int
    subscribers: int
    runs_awaiting_override: int


class AdminContactMessage(CamelModel):
    id: int
    name: str
    email: str
    category: str | None
    subject: str
    message: str
    created_at: dt.datetime
    handled_at: dt.datetime | None
    handled_by: str | None  # the operator's e-mail


class AdminContactMessagePage(Page[AdminContactMessage]):
    pass


class ContactMessageHandledUpdate(CamelModel):
    handled: bool


class AdminSubscriber(CamelModel):
    id: int
    email: str
    created_at: dt.datetime


class AdminSubscriberPage(Page[AdminSubscriber]):
    pass


class AdminImportRun(CamelModel):
    id: int
    kind: ImportKind
    file_name: str
    trigger: ImportTrigger
    status: ImportStatus
    rows: int
    inserted: int
    updated: int
    outliers: int
    problem_count: int
    started_at: dt.datetime
    finished_at: dt.datetime | None
    can_override: bool


class AdminImportRunDetail(AdminImportRun):
    problems: list[str]  # the first hundred, as "line 3: unknown city 'atlantis'"


class AdminImportRunPage(Page[AdminImportRun]):
    pass


class AdminDataFinding(CamelModel):
    level: Literal["error", "warning"]
    code: str
    message: str
    count: int
    examples: list[str]


class AdminDataCheck(CamelModel):
    today: dt.date
    ok: bool
    errors: int
    warnings: int
    seconds: float
    findings: list[AdminDataFinding]
