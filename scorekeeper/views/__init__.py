"""One blueprint per area; thin: they read the request, call a service, and answer."""
