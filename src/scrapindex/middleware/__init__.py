"""The layers around every request: limits, guards, request context, security headers, outage."""
