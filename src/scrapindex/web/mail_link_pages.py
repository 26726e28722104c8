"""What the pages reached from links in mail share (web/newsletter_pages.py,
web/alert_pages.py): the token in the query string, and a server-rendered page that is never
cached and not indexed.
"""

from typing import Annotated, Any

from fastapi import Query
from fastapi.responses import HTMLResponse

from scrapindex.settings import Settings
from scrapindex.templating import render
from scrapindex.web.vite_manifest import entry_files

HEADERS = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}

# Any length: read_token refuses what is too long with the page for a bad link, not a 422.
TokenQuery = Annotated[str, Query()]


def mail_link_page(
    settings: Settings,
    template: str,
    status: int,
    heading: str,
    paragraphs: tuple[str, ...],
    **context: Any,
) -> HTMLResponse:
    """``template`` rendered with the heading, paragraphs and the site's stylesheets."""
    html = render(
        template,
        heading=heading,
        paragraphs=paragraphs,
        stylesheets=[f for f in entry_files(settings.frontend_dist) if f.endswith(".css")],
        **context,
    )
    return HTMLResponse(html, status_code=status, headers=HEADERS)
