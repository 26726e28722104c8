"""The real app on real databases (SQLite, PostgreSQL) and real servers (nginx, faults)."""
