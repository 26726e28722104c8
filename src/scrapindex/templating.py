"""The one template engine for everything the server writes as HTML (pages' heads, the no-JS
fallback, and mail in templates/mail). Autoescaping is on for every template but the
plain-text parts of mail (``*.txt``, which are not HTML): escaping is the default, never a
choice made per call."""

import json
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from scrapindex.formatting import format_money, format_percent, format_price


def compact_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def script_json(value: Any) -> Markup:
    """JSON that cannot end the <script> element it sits in, nor open a comment or CDATA."""
    return script_safe_json(compact_json(value))


def script_safe_json(text: str) -> Markup:
    """JSON text made safe inside a <script> element.

    Marked safe because HTML escaping would corrupt the JSON; the replacements below are what
    makes it safe there (outside strings, JSON has none of these characters)."""
    return Markup(
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def quoted(text: str) -> str:
    """``text`` as quoted lines of a plain-text mail: "> " before each line (">" alone before
    a blank one). What someone else wrote then cannot pass for the mail's own lines (a heading,
    a link, the signature). Lines end wherever a reader may end them (str.splitlines: CR alone
    and U+2028 too); each is written on a line of its own."""
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines()) or ">"


def _autoescape(name: str | None) -> bool:
    return name is None or not name.endswith(".txt")


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("scrapindex", "templates"),
        autoescape=_autoescape,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    env.filters.update(
        money=format_money,
        price=format_price,
        percent=format_percent,
        quoted=quoted,
        script_json=script_json,
        script_safe_json=script_safe_json,
    )
    return env


def render(name: str, **context: Any) -> str:
    return environment().get_template(name).render(**context)
