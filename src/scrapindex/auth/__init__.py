"""Operator accounts: Argon2id passwords, server-side sessions, CSRF tokens, login throttling."""
