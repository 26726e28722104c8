"""ScrapIndex: public scrap metal prices and scrap yard directory."""
