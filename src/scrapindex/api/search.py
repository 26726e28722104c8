"""Header search."""

from typing import Annotated

from fastapi import APIRouter, Query

from scrapindex.api.deps import SessionDep
from scrapindex.queries.search import search_cities, search_materials, search_pairs
from scrapindex.schemas.places import city_ref
from scrapindex.schemas.search import CityMaterialHit, MaterialHit, SearchResults

router = APIRouter(prefix="/api/search", tags=["search"])

MIN_QUERY_LENGTH = 3
RESULTS_PER_KIND = 8


@router.get(
    "",
    response_model=SearchResults,
    response_model_exclude_none=True,
    summary="Cities and materials matching the text, and a city and a material it names together",
)
def search(
    session: SessionDep,
    q: Annotated[str, Query(max_length=100, description="At least 3 characters to match")] = "",
) -> SearchResults:
    text = q.strip()
    if len(text) < MIN_QUERY_LENGTH:
        return SearchResults(cities=[], materials=[])
    pairs = [
        CityMaterialHit(city=city_ref(city), material=MaterialHit.model_validate(material))
        for city, material in search_pairs(session, text, RESULTS_PER_KIND)
    ]
    return SearchResults(
        cities=[city_ref(c) for c in search_cities(session, text, RESULTS_PER_KIND)],
        materials=[
            MaterialHit.model_validate(m) for m in search_materials(session, text, RESULTS_PER_KIND)
        ],
        pairs=pairs or None,
    )
