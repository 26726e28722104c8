"""What the contact and newsletter forms send, and the rules their text follows."""

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, EmailStr, Field

from scrapindex.schemas.common import CamelModel

# The hidden "website" field: people leave it empty, bots fill it in. The schema says it must be
# empty; a filled one gets reject_honeypot's bland 400 rather than a 422 naming the trap.
Honeypot = Annotated[
    str | None,
    Field(max_length=200, json_schema_extra={"maxLength": 0}, description="Leave empty"),
]


# The space trimmed from a form's text: the whitespace that str.strip() and every regex dialect
# agree on, spelled out, so that the schema's pattern below means the same in all of them.
SPACES = (
    "\t\n\v\f\r \xa0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + "\u2028\u2029\u202f\u205f\u3000"
)
# Text that is not all space, without NUL, which PostgreSQL text cannot hold (the insert fails).
STORED_TEXT_PATTERN = f"^[{SPACES}]*[^{SPACES}\\x00][^\\x00]*$"


def stored_text(value: str) -> str:
    """A form's text as it is stored: trimmed, so that blank text counts as missing; no NUL."""
    value = value.strip(SPACES)
    if not value:
        raise ValueError("must not be blank")
    if "\x00" in value:
        raise ValueError("must not contain a NUL character")
    return value


# The pattern only tells API clients (and fuzzers) what stored_text enforces, with kinder words.
StoredText = Annotated[
    str, AfterValidator(stored_text), Field(json_schema_extra={"pattern": STORED_TEXT_PATTERN})
]

# Text that will go into an e-mail header (a contact's name and subject) may hold no control
# character at all: a CR or LF there could add headers of the sender's choosing. C0, DEL, C1 and
# the Unicode line and paragraph separators.
CONTROLS = "\\x00-\\x1f\\x7f-\\x9f\u2028\u2029"
CONTROL = re.compile(f"[{CONTROLS}]")
# Characters that show nothing: a name made only of these (and spaces) is no name.
INVISIBLE = (
    "\xad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064\u3164\ufeff\uffa0"
)
BLANK = "".join(c for c in SPACES if not CONTROL.match(c)) + INVISIBLE
HEADER_TEXT_PATTERN = f"^[{BLANK}]*[^{BLANK}{CONTROLS}][^{CONTROLS}]*$"


def header_text(value: str) -> str:
    """Text for an e-mail header: no control characters, something visible, trimmed."""
    if CONTROL.search(value):
        raise ValueError("must be one line, without tabs or other control characters")
    value = value.strip(BLANK)
    if not value:
        raise ValueError("must not be blank or made only of invisible characters")
    return value


HeaderText = Annotated[
    str, AfterValidator(header_text), Field(json_schema_extra={"pattern": HEADER_TEXT_PATTERN})
]


def deliverable_length(address: str) -> str:
    """RFC 5321 §4.5.3.1: at most 64 characters before the @ (and 254 in all, below)."""
    if len(address.rsplit("@", 1)[0]) > MAX_LOCAL_PART:
        raise ValueError(f"the part before the @ must be at most {MAX_LOCAL_PART} characters")
    return address


MAX_LOCAL_PART = 64
FormEmail = Annotated[
    EmailStr,
    AfterValidator(deliverable_length),
    Field(max_length=254, json_schema_extra={"pattern": f"^[^@]{{1,{MAX_LOCAL_PART}}}@"}),
]


ContactCategory = Literal[
    "general", "technical", "business", "api", "data", "feedback", "press", "other"
]


class ContactCreate(CamelModel):
    name: HeaderText = Field(min_length=1, max_length=100)
    email: FormEmail
    subject: HeaderText = Field(min_length=1, max_length=200)
    category: ContactCategory | None = None
    message: StoredText = Field(min_length=1, max_length=5000)
    website: Honeypot = None


class SubscriptionCreate(CamelModel):
    email: FormEmail
    website: Honeypot = None


class ApiAccessRequest(CamelModel):
    """The developers' request for an API key (stored as a contact message, category "api")."""

    name: HeaderText = Field(min_length=1, max_length=100)
    email: FormEmail
    company: HeaderText = Field(min_length=1, max_length=150)
    intended_use: StoredText = Field(min_length=1, max_length=3000)
    requests_per_day: int = Field(ge=1, le=100_000_000, description="Expected requests per day")
    website: Honeypot = None
