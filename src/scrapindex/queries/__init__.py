"""The SQL behind the API, as plain functions that tests can call without HTTP."""
