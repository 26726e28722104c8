"""Changes to operator accounts with their audit entries, the same from the command line
(``by`` None) and the console. The caller commits: the entry lands with the change or not at all."""

import datetime as dt

from sqlalchemy.orm import Session

from scrapindex.audit import record_audit
from scrapindex.auth.users import AccountError, account_state, create_user, disable_user
from scrapindex.models import User

OWNER_NEEDS_A_YARD = (
    "An owner account is made only for a yard: by a confirmed claim, or with "
    "`scrapindex yards add-owner --yard ID --email E` (or the console's yard owners screen)."
)


def create_operator(
    session: Session, email: str, password: str, role: str, *, by: User | None
) -> User:
    """Make an operator account, audited; raises AccountError when it cannot be made (and for
    role owner: an owner account is made only for a yard, by a claim or an operator)."""
    if role == "owner":
        raise AccountError(OWNER_NEEDS_A_YARD)
    user = create_user(session, email, password, role)
    record_audit(session, by, "user.create", "user", user.id, None, account_state(user))
    return user


def disable_operator(session: Session, user: User, *, by: User | None, now: dt.datetime) -> None:
    """Disable an account (no more logins, its sessions end), audited."""
    before = account_state(user)
    disable_user(session, user, now)
    record_audit(session, by, "user.disable", "user", user.id, before, account_state(user))
