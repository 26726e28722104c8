"""The JSON API: one router module per resource."""
