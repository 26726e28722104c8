"""The API's public shapes, one module per resource; routers import them, never each other."""
