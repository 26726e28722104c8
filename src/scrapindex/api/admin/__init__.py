"""The operator console's API, under /api/admin/: one module per resource.

Every operation needs a login (``OperatorDep``: moderators and admins, or ``AdminDep``), and
every router depends on ``csrf_protected``, so that each state-changing call carries the
session's CSRF token. Each change is written to the audit log (scrapindex.audit) in the same
transaction. Answers are private and never cached (cache/api_responses.py).
"""
