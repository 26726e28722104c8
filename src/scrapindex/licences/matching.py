"""How sure we are that a register's site licence is one of our yards, and why.

The score (0..1) adds three pieces of evidence: the names' likeness (up to 0.55), the postcode
(0.45 the same full postcode, 0.2 the same district), and the distance when the entry has grid
coordinates (0.3 within 250 m, 0.2 within 1 km, 0.1 within 5 km); capped at 1. Words every
dealer's name shares ("Ltd", "Metals", "Recycling") weigh little in the likeness, so "Smith
Metals Ltd" and "Jones Metals Ltd" are not alike. A match is only ever proposed: an operator
confirms it (a wrong badge on a yard is worse than a missing one, and names repeat across towns).
"""

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scrapindex.data.feeds.ea_register import RegisterEntry
from scrapindex.licences.osgb import grid_to_lat_lng

MIN_SCORE = 0.5  # below it no match is proposed
NAME_WEIGHT = 0.55
FULL_POSTCODE, POSTCODE_DISTRICT = 0.45, 0.2
DISTANCE_STEPS = ((0.25, 0.3), (1.0, 0.2), (5.0, 0.1))  # (km within, points)
COMMON_WEIGHT = 0.2
COMMON_WORDS = frozenset(
    (
        *("ltd", "limited", "plc", "llp", "co", "company", "and", "the", "of", "uk", "gb"),
        *("group", "services", "service", "metal", "metals", "scrap", "recycling", "recyclers"),
        *("recycler", "recycle", "salvage", "waste", "dealers", "dealer", "merchants"),
        *("merchant", "yard", "trading", "ta", "t", "a", "sons", "son", "bros", "brothers"),
    )
)
POSTCODE = re.compile(r"\b([A-Z]{1,2}[0-9][A-Z0-9]?)\s*([0-9][A-Z]{2})\b")
WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class YardFacts:
    """What matching needs of one of our yards."""

    id: int
    name: str
    address: str
    latitude: float
    longitude: float


@dataclass(frozen=True)
class Match:
    yard_id: int
    score: float
    reasons: list[str]


def postcode_of(text: str | None) -> tuple[str, str] | None:
    """The last UK postcode in ``text`` as (district, full), e.g. ("SW8", "SW8 4AB")."""
    found = POSTCODE.findall((text or "").upper())
    if not found:
        return None
    outward, inward = found[-1]
    return outward, f"{outward} {inward}"


def words(name: str) -> set[str]:
    return set(WORD.findall(name.casefold().replace("&", " and ")))


def name_likeness(a: str, b: str) -> float:
    """Weighted Jaccard of the names' words: common trade words weigh COMMON_WEIGHT."""
    left, right = words(a), words(b)
    union = left | right
    if not union:
        return 0.0

    def weight(found: Iterable[str]) -> float:
        return sum(COMMON_WEIGHT if w in COMMON_WORDS else 1.0 for w in found)

    return weight(left & right) / weight(union)


def km_between(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def entry_point(entry: RegisterEntry) -> tuple[float, float] | None:
    if entry.easting is None or entry.northing is None:
        return None
    if not (0 <= entry.easting <= 700_000 and 0 <= entry.northing <= 1_300_000):
        return None  # not a National Grid reference
    return grid_to_lat_lng(entry.easting, entry.northing)


def score(entry: RegisterEntry, yard: YardFacts) -> Match:
    likeness = max(name_likeness(name, yard.name) for name in entry.names)
    points = NAME_WEIGHT * likeness
    reasons = [f"name {likeness:.2f} alike"]
    theirs, ours = postcode_of(entry.postcode or entry.site_address), postcode_of(yard.address)
    if theirs and ours and theirs[1] == ours[1]:
        points += FULL_POSTCODE
        reasons.append(f"same postcode {ours[1]}")
    elif theirs and ours and theirs[0] == ours[0]:
        points += POSTCODE_DISTRICT
        reasons.append(f"same postcode district {ours[0]} ({theirs[1]} / {ours[1]})")
    point = entry_point(entry)
    if point is not None:
        km = km_between(point[0], point[1], yard.latitude, yard.longitude)
        points += next((p for within, p in DISTANCE_STEPS if km <= within), 0.0)
        reasons.append(f"{km:.1f} km apart")
    return Match(yard.id, round(min(points, 1.0), 2), reasons)


class YardIndex:
    """Our GB yards by postcode district and by distinctive name word: an entry is scored
    against the yards it shares one of these with, not against every yard."""

    def __init__(self, yards: Sequence[YardFacts]) -> None:
        self.by_district: dict[str, list[YardFacts]] = {}
        self.by_word: dict[str, list[YardFacts]] = {}
        for yard in yards:
            postcode = postcode_of(yard.address)
            if postcode:
                self.by_district.setdefault(postcode[0], []).append(yard)
            for word in words(yard.name) - COMMON_WORDS:
                self.by_word.setdefault(word, []).append(yard)

    def candidates(self, entry: RegisterEntry) -> list[YardFacts]:
        found: dict[int, YardFacts] = {}
        postcode = postcode_of(entry.postcode or entry.site_address)
        if postcode:
            found.update((y.id, y) for y in self.by_district.get(postcode[0], []))
        for name in entry.names:
            for word in words(name) - COMMON_WORDS:
                found.update((y.id, y) for y in self.by_word.get(word, []))
        return list(found.values())


def best_match(entry: RegisterEntry, index: YardIndex) -> Match | None:
    """The best-scoring yard for a site licence, when it reaches MIN_SCORE; never a collector's."""
    if entry.licence_type != "site":
        return None
    matches = [score(entry, yard) for yard in index.candidates(entry)]
    best = max(matches, key=lambda m: (m.score, -m.yard_id), default=None)
    return best if best is not None and best.score >= MIN_SCORE else None
