"""Price alerts: an address asks to hear when a material's price in a city goes above or below
a threshold (once per crossing), or for a daily or weekly digest of a city's prices."""
