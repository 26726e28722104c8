"""Data in and out of the database: reference data, the demo generator, loaders."""
