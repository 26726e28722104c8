"""The mail work `scrapindex schedule` repeats, each also a command of its own: sending what is
due, evaluating the price alerts and queueing the digests, purging unconfirmed sign-ups."""

import datetime as dt
import os
import socket

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from scrapindex.alerts.digests import send_due_digests
from scrapindex.alerts.evaluate import evaluate_alerts
from scrapindex.mail.newsletter import purge_unconfirmed
from scrapindex.mail.sender import SendReport, send_due
from scrapindex.settings import Settings


def send_due_mail(engine: Engine, settings: Settings, now: dt.datetime) -> SendReport:
    """Deliver every message due at ``now``, claimed under this host and process."""
    return send_due(engine, settings, now=now, sender_id=f"{socket.gethostname()}:{os.getpid()}")


def queue_alert_mail(engine: Engine, settings: Settings, now: dt.datetime) -> None:
    """Evaluate the alerts (catching up with any price change made elsewhere) and queue the
    digests that are due."""
    evaluate_alerts(engine, settings, now)
    send_due_digests(engine, settings, now)


def purge_newsletter(engine: Engine, now: dt.datetime) -> int:
    """Delete the sign-ups nobody confirmed in time; how many."""
    with Session(engine) as session:
        deleted = purge_unconfirmed(session, now)
        session.commit()
        return deleted
