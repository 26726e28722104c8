"""Public registers of scrap metal dealers matched to our yards: a proposed match says how sure
it is and why; an operator confirms or rejects it; a confirmed, unexpired entry is the yard
page's "Licensed" badge."""
