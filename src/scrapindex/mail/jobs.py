"""The mail work `scrapindex schedule` repeats, each also a command of its own: sending what is
due, evaluating the price alerts and queueing the digests, purging unconfirmed sign-ups."""

import datetime as dt
import os
import socket
from dataclasses import dataclass

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from scrapindex.alerts import subscriptions
from scrapindex.alerts.digests import send_due_digests
from scrapindex.alerts.evaluate import evaluate_alerts
from scrapindex.mail import newsletter
from scrapindex.mail.sender import SendReport, send_due
from scrapindex.mail.sign_ups import purge_attempts
from scrapindex.settings import Settings


def send_due_mail(engine: Engine, settings: Settings, now: dt.datetime) -> SendReport:
    """Deliver every message due at ``now``, claimed under this host and process."""
    return send_due(engine, settings, now=now, sender_id=f"{socket.gethostname()}:{os.getpid()}")


def queue_alert_mail(engine: Engine, settings: Settings, now: dt.datetime) -> None:
    """Evaluate the alerts (catching up with any price change made elsewhere) and queue the
    digests that are due."""
    evaluate_alerts(engine, settings, now)
    send_due_digests(engine, settings, now)


@dataclass(frozen=True)
class PurgeReport:
    newsletter: int  # sign-ups nobody confirmed within newsletter.UNCONFIRMED_LIFETIME
    alerts: int  # alerts nobody confirmed within subscriptions.UNCONFIRMED_LIFETIME
    attempts: int  # sign-up attempts no limit counts any more


def purge_sign_ups(engine: Engine, now: dt.datetime) -> PurgeReport:
    """Delete the newsletter sign-ups and alerts nobody confirmed in time (an unconfirmed alert
    would hold a place in its address's cap), and the old sign-up attempts."""
    with Session(engine) as session:
        report = PurgeReport(
            newsletter=newsletter.purge_unconfirmed(session, now),
            alerts=subscriptions.purge_unconfirmed(session, now),
            attempts=purge_attempts(session, now),
        )
        session.commit()
        return report
