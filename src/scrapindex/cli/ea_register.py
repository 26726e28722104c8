"""`scrapindex yards fetch --source ea-register`: England's register of scrap metal dealers,
matched to our yards (what it read, and the matches it proposes to the operators)."""

import datetime as dt
from pathlib import Path

from rich.markup import escape

from scrapindex.cli.common import console, feed_failed
from scrapindex.data.feeds import FeedError
from scrapindex.data.feeds.ea_register import REGISTER_NAME
from scrapindex.licences.register import fetch_ea_register
from scrapindex.licences.store import Proposal, RegisterSummary
from scrapindex.settings import get_settings


def ea_register_command(file: Path | None) -> None:
    try:
        summary = fetch_ea_register(get_settings(), file)
    except FeedError as error:
        feed_failed(str(error))
    print_summary(summary)


def _expired(proposal: Proposal) -> bool:
    today = dt.datetime.now(dt.UTC).date()
    return proposal.expires_on is not None and proposal.expires_on < today


def print_summary(summary: RegisterSummary) -> None:
    console.print(
        f"{REGISTER_NAME}: {summary.read} entries read: {summary.sites} site licences, "
        f"{summary.collectors} mobile collector(s) (never matched to a yard)"
        + (f", {summary.unknown_type} of no stated type" if summary.unknown_type else "")
        + ".",
        highlight=False,
        soft_wrap=True,
    )
    console.print(
        f"{summary.added} new, {summary.updated} changed, {summary.unchanged} unchanged, "
        f"{summary.removed} no longer listed; {summary.kept_decisions} operators' decisions "
        f"kept, {summary.reopened} reopened because the entry changed.",
        highlight=False,
        soft_wrap=True,
    )
    if not summary.proposals:
        console.print("No matches waiting for an operator.")
        return
    console.print(
        f"{len(summary.proposals)} matches proposed (confirm or reject them in the console, "
        "Licence matches):",
        highlight=False,
        soft_wrap=True,
    )
    for p in summary.proposals:
        console.print(
            f"  {escape(p.register_no)} {escape(p.holder_name)} -> yard {p.yard_id} "
            f"{escape(p.yard_name)}: score {p.score:.2f} ({escape('; '.join(p.reasons))})"
            + (f"; expired {p.expires_on}: no badge even if confirmed" if _expired(p) else ""),
            highlight=False,
            soft_wrap=True,
        )
