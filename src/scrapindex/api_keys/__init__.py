"""API keys for business clients: made, rotated and revoked by operators (keys.py); each keyed
request counted against the key's quotas (usage.py, middleware/api_keys.py)."""
