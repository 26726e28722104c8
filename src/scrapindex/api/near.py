"""A visitor's position in a query (``near=lat,lng``): its documented form and its parsing.

Shared by the directory (/api/scrap-yards) and the calculator (/api/calculator). The position is
never logged, cached or echoed in an error (see cache/api_responses.py's PRIVATE_PARAMETERS).
"""

from typing import Any

from fastapi import HTTPException, Query

from scrapindex.queries.yards import Near

# What parse_near accepts, said in the schema for clients and fuzzers (the check itself gives
# kinder words than a pattern mismatch would): latitude -90..90, longitude -180..180.
LATITUDE = r"-?(?:90(?:\.0{1,12})?|[1-8]?[0-9](?:\.[0-9]{1,12})?)"
LONGITUDE = r"-?(?:180(?:\.0{1,12})?|(?:1[0-7][0-9]|[1-9]?[0-9])(?:\.[0-9]{1,12})?)"
NEAR_PATTERN = rf"^{LATITUDE},{LONGITUDE}$"


def near_query(description: str) -> Any:
    """The ``near`` parameter's declaration, with what it does for the operation."""
    return Query(
        json_schema_extra={"pattern": NEAR_PATTERN},
        max_length=60,
        description=f"`latitude,longitude` in degrees: {description}. Neither logged nor cached.",
        examples=["-26.2041,28.0473"],
    )


def parse_near(near: str, radius_km: float) -> Near:
    """``lat,lng`` within range, or a 422 that says what is wrong (without echoing the value)."""
    parts = near.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        latitude, longitude = (float(part) for part in parts)
    except ValueError:
        raise HTTPException(
            422, "Invalid request: near: expected latitude,longitude in degrees"
        ) from None
    if not -90 <= latitude <= 90:
        raise HTTPException(422, "Invalid request: near: latitude must be between -90 and 90")
    if not -180 <= longitude <= 180:
        raise HTTPException(422, "Invalid request: near: longitude must be between -180 and 180")
    return Near(latitude, longitude, radius_km)
