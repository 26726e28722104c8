"""Price alerts as the API takes them."""

from decimal import Decimal
from typing import Annotated, Literal, Self

from pydantic import Field, WithJsonSchema, model_validator

from scrapindex.formatting import Unit
from scrapindex.schemas.common import CamelModel
from scrapindex.schemas.forms import FormEmail, Honeypot

SlugText = Annotated[str, Field(min_length=1, max_length=120)]


class AlertCreate(CamelModel):
    """Above/below need a material and a threshold (in the city's currency per ``unit``);
    the digests cover the whole city and take neither."""

    email: FormEmail
    city_slug: SlugText
    material_slug: SlugText | None = None
    kind: Literal["above", "below", "digest-daily", "digest-weekly"]
    threshold: (
        Annotated[
            Decimal,
            WithJsonSchema({"type": "number", "exclusiveMinimum": 0, "maximum": 1_000_000}),
        ]
        | None
    ) = Field(default=None, gt=0, le=1_000_000, decimal_places=4)
    unit: Unit | None = Field(
        default=None,
        description="The threshold's unit; by default kg, or piece for a material sold by piece",
    )
    website: Honeypot = None

    @model_validator(mode="after")
    def kind_fits(self) -> Self:
        if self.kind in ("above", "below"):
            if self.material_slug is None:
                raise ValueError(f"an '{self.kind}' alert needs materialSlug")
            if self.threshold is None:
                raise ValueError(f"an '{self.kind}' alert needs a threshold")
        elif self.material_slug is not None or self.threshold is not None:
            raise ValueError("a digest covers every material: give no materialSlug or threshold")
        return self


class AlertAccepted(CamelModel):
    status: Literal["pending"] = "pending"
    message: str
