"""``/metrics``: who may read it, what is read from the database at scrape time, the view."""
