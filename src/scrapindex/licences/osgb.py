"""British National Grid (OSGB36 easting/northing) to latitude and longitude.

The inverse transverse Mercator projection on the Airy 1830 ellipsoid (Ordnance Survey's "A
guide to coordinate systems in Great Britain", annex C). The datum shift to WGS84 is left out:
it moves a point by up to about 120 m, small beside the kilometres a match reason speaks of.
"""

import math

A, B = 6377563.396, 6356256.909  # Airy 1830
F0 = 0.9996012717
LAT0, LON0 = math.radians(49), math.radians(-2)
N0, E0 = -100000.0, 400000.0
E2 = 1 - (B * B) / (A * A)
N = (A - B) / (A + B)


def _meridian_arc(lat: float) -> float:
    d, s = lat - LAT0, lat + LAT0
    return (
        B
        * F0
        * (
            (1 + N + 5 / 4 * N**2 + 5 / 4 * N**3) * d
            - (3 * N + 3 * N**2 + 21 / 8 * N**3) * math.sin(d) * math.cos(s)
            + (15 / 8 * N**2 + 15 / 8 * N**3) * math.sin(2 * d) * math.cos(2 * s)
            - 35 / 24 * N**3 * math.sin(3 * d) * math.cos(3 * s)
        )
    )


def grid_to_lat_lng(easting: float, northing: float) -> tuple[float, float]:
    lat = LAT0
    arc = 0.0
    while True:
        lat += (northing - N0 - arc) / (A * F0)
        arc = _meridian_arc(lat)
        if abs(northing - N0 - arc) < 0.00001:
            break
    sin_lat, cos_lat, tan_lat = math.sin(lat), math.cos(lat), math.tan(lat)
    nu = A * F0 / math.sqrt(1 - E2 * sin_lat**2)
    rho = A * F0 * (1 - E2) / (1 - E2 * sin_lat**2) ** 1.5
    eta2 = nu / rho - 1
    de = easting - E0
    vii = tan_lat / (2 * rho * nu)
    viii = tan_lat / (24 * rho * nu**3) * (5 + 3 * tan_lat**2 + eta2 - 9 * tan_lat**2 * eta2)
    ix = tan_lat / (720 * rho * nu**5) * (61 + 90 * tan_lat**2 + 45 * tan_lat**4)
    x = 1 / (cos_lat * nu)
    xi = 1 / (cos_lat * 6 * nu**3) * (nu / rho + 2 * tan_lat**2)
    xii = 1 / (cos_lat * 120 * nu**5) * (5 + 28 * tan_lat**2 + 24 * tan_lat**4)
    xiia = (
        1
        / (cos_lat * 5040 * nu**7)
        * (61 + 662 * tan_lat**2 + 1320 * tan_lat**4 + 720 * tan_lat**6)
    )
    latitude = lat - vii * de**2 + viii * de**4 - ix * de**6
    longitude = LON0 + x * de - xi * de**3 + xii * de**5 - xiia * de**7
    return math.degrees(latitude), math.degrees(longitude)
