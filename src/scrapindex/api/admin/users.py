"""Operator accounts, for admins: who can log in, and disabling an account."""

import datetime as dt
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException

from scrapindex.api.deps import RowIdPath, SessionDep, row_or_404
from scrapindex.auth.accounts import disable_operator
from scrapindex.auth.deps import AdminDep, csrf_protected
from scrapindex.auth.users import list_users
from scrapindex.models import User
from scrapindex.schemas.auth import OperatorAccount
from scrapindex.schemas.common import NOT_FOUND, Message

router = APIRouter(
    prefix="/api/admin/users", tags=["admin"], dependencies=[Depends(csrf_protected)]
)


def get_user(session: SessionDep, user_id: RowIdPath) -> User:
    return row_or_404(session, User, user_id, "Account")


UserDep = Annotated[User, Depends(get_user)]


@router.get("", response_model=list[OperatorAccount], summary="Operator accounts (admin)")
def operator_accounts(admin: AdminDep, session: SessionDep) -> list[OperatorAccount]:
    return [OperatorAccount.of(user) for user in list_users(session)]


@router.post(
    "/{user_id}/disable",
    response_model=OperatorAccount,
    responses={**NOT_FOUND, 409: {"model": Message, "description": "Your own account"}},
    summary="Disable an account: no more logins, its sessions end (admin)",
)
def disable_account(admin: AdminDep, user: UserDep, session: SessionDep) -> OperatorAccount:
    # The role is checked before the account is looked up: a moderator learns no account ids.
    if user.id == admin.id:
        raise HTTPException(409, "You cannot disable your own account.")
    if user.disabled_at is None:  # disabling twice changes nothing, and is not logged twice
        disable_operator(session, user, by=admin, now=dt.datetime.now(dt.UTC))
        session.commit()
    return OperatorAccount.of(user)
