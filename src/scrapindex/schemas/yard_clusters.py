"""The directory map's marker clusters: a grid over the visible box, counted by the database."""

from pydantic import Field

from scrapindex.schemas.common import CamelModel


class ClusterYard(CamelModel):
    """The yard of a cluster of one: what its marker and popup show."""

    id: int
    name: str
    rating: float | None
    is_open: bool | None


class YardCluster(CamelModel):
    latitude: float = Field(description="The mean position of the cluster's yards")
    longitude: float
    count: int = Field(ge=1)
    yard: ClusterYard | None = Field(description="The yard, when the cluster holds only one")


class YardBounds(CamelModel):
    """A box in degrees; west == east and south == north for a single yard."""

    west: float
    south: float
    east: float
    north: float


class YardClusterMap(CamelModel):
    clusters: list[YardCluster]
    total: int = Field(description="The matching yards inside the box: the clusters' counts added")
    cell_degrees: float = Field(description="The grid's cell size, in degrees of both axes")
    bounds: YardBounds | None = Field(
        description="The box around every matching yard, inside the requested box or not (where "
        "a map fits new filters); null when no yard matches"
    )
