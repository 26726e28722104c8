"""`scrapindex users`: operator accounts of the console (/admin)."""

import datetime as dt
from typing import Annotated, NoReturn

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from sqlalchemy.orm import Session

from scrapindex.auth.accounts import OWNER_NEEDS_A_YARD, create_operator, disable_operator
from scrapindex.auth.users import AccountError, find_user, list_users
from scrapindex.cli.common import console
from scrapindex.db import engine_scope
from scrapindex.settings import get_settings

app = typer.Typer(help="Operator accounts of the console (/admin).", no_args_is_help=True)

EmailOption = Annotated[str, typer.Option(help="The operator's e-mail address")]


@app.command("create")
def users_create(
    email: EmailOption,
    role: Annotated[str, typer.Option(help="admin (also manages accounts and data) or moderator")],
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the password from one line of stdin")
    ] = False,
) -> None:
    """Make an operator account; the password is asked for (twice), or read from stdin."""
    if role == "owner":  # before asking for a password that would not be used
        _refuse(AccountError(OWNER_NEEDS_A_YARD))
    password = _read_password(password_stdin)
    settings = get_settings()
    with engine_scope(settings) as engine, Session(engine) as session:
        try:
            user = create_operator(session, email, password, role, by=None)
        except AccountError as error:
            _refuse(error)
        session.commit()
        where = (
            "/admin" if settings.site_root_origin == "assumed" else f"{settings.site_root}/admin"
        )
        console.print(f"{escape(user.email)} ({user.role}) can log in at {where}")


@app.command("list")
def users_list() -> None:
    """List the operator accounts."""
    with engine_scope(get_settings()) as engine, Session(engine) as session:
        users = list_users(session)
    if not users:
        console.print(
            "No operator accounts. Make one: scrapindex users create --email E --role admin"
        )
        return
    table = Table("id", "e-mail", "role", "created", "last login", "disabled")
    for user in users:
        table.add_row(
            str(user.id),
            Text(user.email),
            user.role,
            f"{user.created_at:%Y-%m-%d %H:%M}",
            f"{user.last_login_at:%Y-%m-%d %H:%M}" if user.last_login_at else "never",
            f"{user.disabled_at:%Y-%m-%d %H:%M}" if user.disabled_at else "",
        )
    console.print(table)


@app.command("disable")
def users_disable(email: EmailOption) -> None:
    """Disable an account: it can no longer log in, and its open sessions end now."""
    with engine_scope(get_settings()) as engine, Session(engine) as session:
        user = find_user(session, email)
        if user is None:
            _refuse(AccountError(f"No account for {email.strip().lower()}."))
        if user.disabled_at is not None:
            console.print(f"{escape(user.email)} was already disabled.")
            return
        disable_operator(session, user, by=None, now=dt.datetime.now(dt.UTC))
        session.commit()
        console.print(f"{escape(user.email)} is disabled; its sessions have ended.")


def _read_password(from_stdin: bool) -> str:
    if from_stdin:
        return typer.get_text_stream("stdin").readline().rstrip("\r\n")
    password: str = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    return password


def _refuse(error: AccountError) -> NoReturn:
    console.print(f"[red]{escape(str(error))}[/red]")
    raise typer.Exit(1)
