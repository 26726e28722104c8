"""Column types of our own. Migrations import these, so keep them stable."""

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, DateTime, Dialect, Numeric, TypeDecorator
from sqlalchemy.types import TypeEngine


class ExactDecimal(TypeDecorator[Decimal]):
    """An exact decimal with a fixed number of places.

    PostgreSQL stores it as NUMERIC. SQLite has no exact decimal type (it would keep a float),
    so there it is stored as an integer count of the smallest unit: exact, and still ordered
    and comparable in SQL.
    """

    impl = Numeric
    cache_ok = True

    def __init__(self, precision: int, scale: int) -> None:
        super().__init__()
        self.precision = precision
        self.scale = scale
        self._unit = Decimal(1).scaleb(-scale)

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        if dialect.name == "sqlite":
            return dialect.type_descriptor(BigInteger())
        return dialect.type_descriptor(Numeric(self.precision, self.scale, asdecimal=True))

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        quantized = Decimal(value).quantize(self._unit)
        if dialect.name == "sqlite":
            return int(quantized.scaleb(self.scale))
        return quantized

    def process_result_value(self, value: Any, dialect: Dialect) -> Decimal | None:
        if value is None:
            return None
        if dialect.name == "sqlite":
            return Decimal(int(value)).scaleb(-self.scale)
        return Decimal(value).quantize(self._unit)


class UtcDateTime(TypeDecorator[dt.datetime]):
    """A moment in time, always handed back as an aware UTC datetime.

    SQLite keeps no zone and returns naive values; PostgreSQL's timestamptz returns the
    session's zone. Both come back here as UTC.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: give a time zone")
        return value.astimezone(dt.UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            naive: dt.datetime = value
            return naive.replace(tzinfo=dt.UTC)
        result: dt.datetime = value.astimezone(dt.UTC)
        return result
