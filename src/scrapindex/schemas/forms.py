"""What the contact and newsletter forms send, and the rules their text follows."""

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


ContactCategory = Literal[
    "general", "technical", "business", "api", "data", "feedback", "press", "other"
]


class ContactCreate(CamelModel):
    name: StoredText = Field(min_length=1, max_length=100)
    email: EmailStr = Field(max_length=254)
    subject: StoredText = Field(min_length=1, max_length=200)
    category: ContactCategory | None = None
    message: StoredText = Field(min_length=1, max_length=5000)
    website: Honeypot = None


class SubscriptionCreate(CamelModel):
    email: EmailStr = Field(max_length=254)
    website: Honeypot = None
