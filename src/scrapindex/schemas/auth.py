"""The operator console's login, and the operator accounts admins see."""

import datetime as dt
from typing import Annotated

from pydantic import Field

from scrapindex.auth.passwords import MAX_PASSWORD_LENGTH
from scrapindex.auth.users import Role
from scrapindex.models import User, UserSession
from scrapindex.schemas.common import CamelModel

# No format check on a login's address: a malformed one is just a wrong one (401). No NUL
# either, which PostgreSQL cannot compare (the pattern says so; the check gives the 422).
LoginEmail = Annotated[str, Field(min_length=1, max_length=254, pattern=r"^[^\x00]*$")]


class LoginRequest(CamelModel):
    email: LoginEmail
    password: str = Field(min_length=1, max_length=MAX_PASSWORD_LENGTH)


class OperatorPublic(CamelModel):
    id: int
    email: str
    role: Role


class LoginPublic(CamelModel):
    """Who is logged in, and the token every state-changing console call sends as X-CSRF-Token."""

    user: OperatorPublic
    csrf_token: str

    @classmethod
    def of(cls, login: UserSession) -> "LoginPublic":
        return cls(user=OperatorPublic.model_validate(login.user), csrf_token=login.csrf_token)


class OperatorAccount(OperatorPublic):
    created_at: dt.datetime
    last_login_at: dt.datetime | None
    disabled_at: dt.datetime | None

    @classmethod
    def of(cls, user: User) -> "OperatorAccount":
        return cls.model_validate(user)
