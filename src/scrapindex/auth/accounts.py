"""Changes to operator accounts with their audit entries, the same from the command line
(``by`` None) and the console. The caller commits: the entry lands with the change or not at all."""

import datetime as dt

from sqlalchemy.orm import Session

from scrapindex.audit import record_audit
from scrapindex.auth.users import account_state, create_user, disable_user
from scrapindex.models import User


def create_operator(
    session: Session, email: str, password: str, role: str, *, by: User | None
) -> User:
    """Make an operator account, audited; raises AccountError when it cannot be made."""
    user = create_user(session, email, password, role)
    record_audit(session, by, "user.create", "user", user.id, None, account_state(user))
    return user


def disable_operator(session: Session, user: User, *, by: User | None, now: dt.datetime) -> None:
    """Disable an account (no more logins, its sessions end), audited."""
    before = account_state(user)
    disable_user(session, user, now)
    record_audit(session, by, "user.disable", "user", user.id, before, account_state(user))
