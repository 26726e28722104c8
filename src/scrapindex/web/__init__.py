"""The HTML side: serving the built single-page app."""
