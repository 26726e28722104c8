"""Pure functions and rules: no database, server or browser."""
