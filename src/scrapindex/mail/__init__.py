"""Outgoing mail: a durable outbox (outbox.py) and the sender that delivers it (sender.py)."""
