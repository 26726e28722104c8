"""Yards' owners: claims of a listing (``claims``), the links that confirm them (``links``),
owner accounts operators add and suspend (``owners``), and the mail all of these send
(``mail``)."""
