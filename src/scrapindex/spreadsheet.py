"""Text for CSV files people open in a spreadsheet."""

# A cell starting with one of these is a formula to a spreadsheet (CSV injection): such a cell
# gets a leading apostrophe, so it stays text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(cell: str) -> str:
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell
